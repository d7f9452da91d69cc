//! The configs the application makes or reads beyond the library's: its own config keys, the
//! config of an opened file, and the placeholder maze held while a file given with `--open` is
//! shown.

use mazegen::config::Config;
use mazegen::validate::Inspection;
use mazegen::{Pos, Stamp};

/// The config key that names the dashboard's start theme: the application's, not the library's.
pub const THEME_KEY: &str = "THEME";

/// The config keys the application reads itself, beyond the library's (see
/// [`Config::parse_with_app_keys`]).
pub const APP_CONFIG_KEYS: &[&str] = &[THEME_KEY];

/// A config describing an opened file, for `r` and `a` without a CONFIG: its size, entry and
/// exit (the corners when those are unusable), a perfect maze written to `maze.txt`.
pub fn config_for(inspection: &Inspection) -> Config {
    let (width, height) = (inspection.width().max(2), inspection.height().max(2));
    let inside = |p: Option<Pos>| p.filter(|&p| p.x < width && p.y < height);
    let (entry, exit) = match (inside(inspection.entry()), inside(inspection.exit())) {
        (Some(entry), Some(exit)) if entry != exit => (entry, exit),
        _ => (Pos::new(0, 0), Pos::new(width - 1, height - 1)),
    };
    let text = |w: u32, h: u32, entry: Pos, exit: Pos| {
        format!(
            "WIDTH={w}\nHEIGHT={h}\nENTRY={},{}\nEXIT={},{}\nOUTPUT_FILE=maze.txt\nPERFECT=True\n",
            entry.x, entry.y, exit.x, exit.y
        )
    };
    Config::parse_with_app_keys(
        &text(width, height, entry, exit),
        "(opened file)",
        APP_CONFIG_KEYS,
    )
    .or_else(|_| {
        let (w, h) = (20, 15);
        Config::parse_with_app_keys(
            &text(w, h, Pos::new(0, 0), Pos::new(w - 1, h - 1)),
            "(opened file)",
            APP_CONFIG_KEYS,
        )
    })
    .expect("a 20x15 config is valid")
}

/// A small maze for the model to hold while it shows a file given with `--open`, or while a
/// big maze is made, made from `config` (for its theme) but of the least size that needs no
/// landmark warning: room for the 42 and for `config`'s own stamp, with its margin.
pub fn placeholder_config(config: &Config) -> Config {
    let pattern = config.stamp.pattern();
    let (width, height) = pattern.map_or((Stamp::MIN_WIDTH, Stamp::MIN_HEIGHT), |p| {
        (
            Stamp::MIN_WIDTH.max(p.width() + 2),
            Stamp::MIN_HEIGHT.max(p.height() + 2),
        )
    });
    Config {
        width,
        height,
        entry: Pos::new(0, 0),
        exit: Pos::new(width - 1, height - 1),
        perfect: true,
        courtyard: false,
        ..config.clone()
    }
}
