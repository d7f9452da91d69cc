//! Models for the dashboard's tests.

use crate::tui::model::{APP_CONFIG_KEYS, Model, Start};
use crate::tui::theme::ThemeSet;
use mazegen::config::Config;

/// A config for a `width` x `height` perfect maze with SEED=42, entry at the top-left and
/// exit at the bottom-right, writing `out/maze.txt`; `extra` adds lines.
pub fn config(width: u32, height: u32, extra: &str) -> Config {
    let text = format!(
        "WIDTH={width}\nHEIGHT={height}\nENTRY=0,0\nEXIT={},{}\nOUTPUT_FILE=out/maze.txt\n\
         PERFECT=True\nSEED=42\n{extra}",
        width - 1,
        height - 1
    );
    Config::parse_with_app_keys(&text, "config.txt", APP_CONFIG_KEYS)
        .expect("the test config is valid")
}

/// How the dashboard starts on `config` in a 120x40 terminal, with the bundled themes.
pub fn start(config: Config) -> Start {
    Start {
        seed: config.seed.unwrap_or(42),
        config,
        themes: ThemeSet::bundled(),
        theme_problems: Vec::new(),
        no_color: false,
        size: (120, 40),
    }
}

/// A dashboard on a fresh `width` x `height` maze.
pub fn model(width: u32, height: u32) -> Model {
    Model::new(start(config(width, height, ""))).expect("the test maze can be made")
}
