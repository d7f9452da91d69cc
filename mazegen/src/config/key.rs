//! The keys a config file may hold.

/// The known keys. An enum rather than strings so parsing matches every key exhaustively.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Width,
    Height,
    Entry,
    Exit,
    OutputFile,
    Perfect,
    Seed,
    Algorithm,
    Theme,
    Braid,
    Courtyard,
}

impl Key {
    /// Mandatory keys first, in [`super::MANDATORY_KEYS`] order, then [`super::OPTIONAL_KEYS`].
    pub const ALL: [Key; 11] = [
        Key::Width,
        Key::Height,
        Key::Entry,
        Key::Exit,
        Key::OutputFile,
        Key::Perfect,
        Key::Seed,
        Key::Algorithm,
        Key::Theme,
        Key::Braid,
        Key::Courtyard,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Key::Width => "WIDTH",
            Key::Height => "HEIGHT",
            Key::Entry => "ENTRY",
            Key::Exit => "EXIT",
            Key::OutputFile => "OUTPUT_FILE",
            Key::Perfect => "PERFECT",
            Key::Seed => "SEED",
            Key::Algorithm => "ALGORITHM",
            Key::Theme => "THEME",
            Key::Braid => "BRAID",
            Key::Courtyard => "COURTYARD",
        }
    }

    /// The key named `upper` (already uppercased).
    pub fn from_name(upper: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|key| key.name() == upper)
    }
}

/// All keys, comma separated, so an unknown-key message shows what was probably meant.
pub fn known_keys() -> String {
    Key::ALL.map(Key::name).join(", ")
}
