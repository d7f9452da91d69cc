//! What the user's own settings files share: where they live
//! (`$XDG_CONFIG_HOME/a-maze-ing/`, see [`user_config_dir`]) and how their problems are
//! reported ([`SettingsError`], one `FILE:LINE: key "…": message` line each).
//!
//! The files themselves are read by [`crate::tui::theme`] (`themes/*.toml`) and
//! [`crate::tui::keymap`] (`keys.toml`).

mod error;
mod locate;
mod read;
mod user_dir;

use std::io;
use std::path::Path;

pub use error::SettingsError;
pub(crate) use locate::line_at;
pub use read::read_text;
pub use user_dir::user_config_dir;

/// The largest settings file read: a theme or a keys file is a few hundred bytes, so anything
/// near this is a mistake (a FIFO, `/dev/zero`, a huge file), refused before it is read.
pub const MAX_SETTINGS_BYTES: u64 = 1 << 20; // 1 MiB

/// Reads a settings file as text: only a regular file of at most [`MAX_SETTINGS_BYTES`]
/// (see [`read_text`]), and only UTF-8.
pub fn read_settings_file(path: &Path) -> io::Result<String> {
    read_text(path, MAX_SETTINGS_BYTES)
}

/// The user's guide's examples of user settings files (in `docs/dashboard.md`, where the
/// README sends its readers): each ```` ```toml ```` block whose first line is a comment naming
/// a file of the settings folder, as (that file's path in the folder, the block).
#[cfg(test)]
pub(crate) fn readme_examples() -> Vec<(String, String)> {
    const README: &str = include_str!("../../docs/dashboard.md");
    README
        .split("```toml\n")
        .skip(1)
        .filter_map(|block| {
            let block = &block[..block.find("```")?];
            let first = block.lines().next()?;
            let path = first.strip_prefix("# ~/.config/a-maze-ing/")?;
            let path = path.split(':').next()?.trim().to_owned();
            Some((path, block.to_owned()))
        })
        .collect()
}
