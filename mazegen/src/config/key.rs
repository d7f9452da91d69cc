//! The keys a config file may hold.

use strum::VariantArray;

/// The keys the library reads, the mandatory ones (`WIDTH` to `PERFECT`) first, then
/// the optional ones. An enum rather than strings so parsing matches every key
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
pub(crate) enum Key {
    /// `WIDTH`: columns of cells (mandatory).
    Width,
    /// `HEIGHT`: rows of cells (mandatory).
    Height,
    /// `ENTRY`: the cell the path starts at, `x,y` (mandatory).
    Entry,
    /// `EXIT`: the cell the path ends at, `x,y` (mandatory).
    Exit,
    /// `OUTPUT_FILE`: where the hex maze is written (mandatory).
    OutputFile,
    /// `PERFECT`: `True` for a perfect maze, `False` for a playable board (mandatory).
    Perfect,
    /// `SEED`: the seed, a whole number; random when absent.
    Seed,
    /// `ALGORITHM`: the generation algorithm by name.
    Algorithm,
    /// `BRAID`: a board's share of dead ends removed, 0.0 to 1.0.
    Braid,
    /// `COURTYARD`: `True` for an open 3x3 courtyard at the centre.
    Courtyard,
    /// `STAMP`: `42` (the default), `none`, or a pattern of closed cells like `XXX/X../XXX`.
    Stamp,
}

impl Key {
    /// Every key, the mandatory ones first, in the order a missing one is reported.
    pub(crate) const ALL: &[Key] = Key::VARIANTS;

    /// The key as a config writes it, e.g. `OUTPUT_FILE`.
    pub(crate) fn name(self) -> &'static str {
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
