//! The studio on a first run: started on the built-in default config (no config named, no
//! `config.txt` in the folder), it says so on the status line and offers a key
//! ([`Action::WriteConfig`]) that writes that config out as `config.txt` for the user to edit.
//! The writing is the run loop's (`Effect::WriteConfig`); the studio's `update` asks for it and
//! takes the answer. This file holds what the status line says, from the keymap alone, so
//! that the model can say it at start.

#[cfg(test)]
mod tests;

use std::path::Path;

use crate::tui::kernel::action::Action;
use crate::tui::keymap::Keymap;

/// How the status line names the key that writes the config: the user's binding if they
/// changed it, none if they unbound it.
fn key(keymap: &Keymap) -> Option<String> {
    keymap.first_key_label(Action::WriteConfig)
}

/// The status line at start on the built-in default config.
pub(crate) fn start_text(keymap: &Keymap) -> String {
    match key(keymap) {
        Some(key) => format!(
            "No config.txt here: running the built-in default ({key} writes it as config.txt)"
        ),
        None => "No config.txt here: running the built-in default".to_owned(),
    }
}

/// What the first save's message adds while the config is still the built-in one
/// (`built_in_config`), so the offer is not lost when the save's message replaces the start's.
pub(crate) fn saved_hint(built_in_config: bool, keymap: &Keymap) -> String {
    match (built_in_config, key(keymap)) {
        (true, Some(key)) => format!(" · {key} writes config.txt"),
        _ => String::new(),
    }
}

/// The status line when the key is pressed on a session whose config is a file.
pub(crate) const NOTHING_TO_WRITE: &str =
    "Nothing to write: this session's config is a file already";

/// The status line once the run loop wrote the config to `path`.
pub(crate) fn written_text(path: &Path) -> String {
    format!(
        "Wrote {}: edit it, then run a-maze-ing again",
        path.display()
    )
}

/// The status line when the run loop could not write the config.
pub(crate) fn not_written_text(reason: &str) -> String {
    format!("Config not written: {reason}")
}
