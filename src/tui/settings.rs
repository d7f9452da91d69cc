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

/// The README's examples of user settings files: each ```` ```toml ```` block whose first line
/// is a comment naming a file of the settings folder, as (that file's path in the folder, the
/// block).
#[cfg(test)]
pub(crate) fn readme_examples() -> Vec<(String, String)> {
    const README: &str = include_str!("../../README.md");
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
