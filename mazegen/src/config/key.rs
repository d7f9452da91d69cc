//! The keys a config file may hold.

use strum::VariantArray;

/// The keys the library reads, mandatory ones first ([`super::MANDATORY_KEYS`], then
/// [`super::OPTIONAL_KEYS`]). An enum rather than strings so parsing matches every key
/// exhaustively. Each is named in SCREAMING_SNAKE_CASE (`OUTPUT_FILE`), and parses from any
/// case (`output_file`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    strum::Display,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE", ascii_case_insensitive)]
pub enum Key {
    Width,
    Height,
    Entry,
    Exit,
    OutputFile,
    Perfect,
    Seed,
    Algorithm,
    Braid,
    Courtyard,
    Stamp,
}

impl Key {
    /// Every key, in [`super::MANDATORY_KEYS`] then [`super::OPTIONAL_KEYS`] order.
    pub const ALL: &[Key] = Key::VARIANTS;

    /// The key as a config writes it, e.g. `OUTPUT_FILE`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The keys a config may hold, the library's then the application's, for an unknown-key
/// message to show what was probably meant.
pub(crate) fn known_keys(app_keys: &[&'static str]) -> Vec<&'static str> {
    Key::ALL
        .iter()
        .map(|key| key.name())
        .chain(app_keys.iter().copied())
        .collect()
}
