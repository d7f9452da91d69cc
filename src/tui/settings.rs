//! What the user's own settings files share: where they live
//! (`$XDG_CONFIG_HOME/a-maze-ing/`, see [`user_config_dir`]) and how their problems are
//! reported ([`SettingsError`], one `FILE:LINE: key "…": message` line each).
//!
//! The files themselves are read by [`crate::tui::theme`] (`themes/*.toml`) and
//! [`crate::tui::keymap`] (`keys.toml`).

mod error;
mod locate;
mod user_dir;

pub use error::SettingsError;
pub(crate) use locate::line_at;
pub use user_dir::user_config_dir;
