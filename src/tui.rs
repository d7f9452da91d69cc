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

pub mod configs;
pub mod context;
pub mod effect;
pub mod heat;
pub mod input;
pub mod kernel;
pub mod keymap;
pub mod layer;
pub mod layout;
pub mod message;
pub mod model;
pub mod modes;
pub mod pace;
pub mod reply;
pub mod settings;
#[cfg(test)]
pub(crate) mod testing;
pub mod text;
pub mod theme;
pub mod update;
pub mod view;
pub mod viewport;

pub use configs::{APP_CONFIG_KEYS, THEME_KEY, config_for, placeholder_config};
pub use effect::{Effect, MazeOrder, Work, WriteJob};
pub use input::message_for;
pub use kernel::lap::Lap;
pub use kernel::memory::{Holder, estimated_bytes};
pub use kernel::walk_time::too_long as walk_takes_too_long;
pub use keymap::{Keymap, user_keys_file};
pub use message::{Action, Answer, JobId, Message, Mouse, MouseKind, Parcel};
pub use model::{Model, Start};
pub use modes::play::{Recorded, Score, ScoreBook, ScoreRecord};
pub use modes::race::{MAX_LANES, MIN_LANES};
pub use settings::read_settings_file;
pub use theme::{ColorDepth, ThemeSet, user_theme_dir};
pub use update::{open_at_start, start_race, update};
pub use view::view;
