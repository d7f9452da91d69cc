//! The dashboard's pure half: its state ([`Model`]), its inputs ([`Message`]), how inputs change
//! the state ([`update()`], which returns [`Effect`]s instead of doing I/O) and how the state is
//! drawn ([`view()`]). The binary owns the terminal, turns its events into messages
//! ([`message_for`]) and performs the effects.
//!
//! The parts: a shared vocabulary ([`kernel`]) and leaf services at the bottom, one folder per
//! mode ([`modes`]: the studio, the inspector, play, race, replay), and a root that routes every
//! message through one ordered list of layers ([`layer`]) and composes the screen. The import
//! rule and the flow of a message, an effect and a job are in ARCHITECTURE.md at the
//! repository's root. The application (`crate::app`) uses only what this file re-exports.
//!
//! The maze domain (generation, solving, formats) is the `mazegen` library; this module only
//! shows it.

pub(crate) mod configs;
pub(crate) mod context;
pub(crate) mod effect;
pub(crate) mod heat;
pub(crate) mod help;
pub(crate) mod input;
pub(crate) mod kernel;
pub(crate) mod keymap;
pub(crate) mod layer;
pub(crate) mod layout;
pub(crate) mod message;
pub(crate) mod model;
pub(crate) mod modes;
pub(crate) mod pace;
pub(crate) mod reply;
pub(crate) mod settings;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod text;
pub(crate) mod theme;
pub(crate) mod update;
pub(crate) mod view;
pub(crate) mod viewport;

// The one list of what the application (`crate::app`) and the tests, benches and examples
// outside the crate may use: every module above is the crate's own.
pub use configs::{APP_CONFIG_KEYS, THEME_KEY, config_for, placeholder_config};
pub use effect::{Effect, MazeOrder, Work, WriteJob};
pub use input::message_for;
pub use kernel::action::Scrub;
pub use kernel::export::picture_refusal;
pub use kernel::guard::{Protected, check as check_protected, protect};
pub use kernel::lap::Lap;
pub use kernel::memory::{Holder, estimated_bytes};
pub use kernel::walk_time::too_long as walk_takes_too_long;
pub use keymap::{Keymap, user_keys_file};
pub use layout::{FOOTER_HEIGHT, SIDEBAR_WIDTH};
pub use message::{Action, Answer, JobId, Message, Mouse, MouseKind, Parcel};
pub use model::{Model, Start};
pub use modes::picker::about;
pub use modes::play::{Recorded, Score, ScoreBook, ScoreRecord};
pub use modes::race::{MAX_LANES, MIN_LANES};
pub use settings::read_settings_file;
pub use text::{human_bytes, shown_path};
pub use theme::{ColorDepth, ThemeSet, convert_frame, css_color, user_theme_dir};
pub use update::{launch, open_at_start, start_race, update};
pub use view::view;
