use std::fmt;
use std::path::{Path, PathBuf};

use super::locate::{key_at, line_at};

/// Why a user settings file (a theme, the keys file) could not be used.
///
/// Displayed as a single `FILE:LINE: key "KEY": message` line (the parts that are unknown left
/// out), the shape compilers use, so terminals and editors can jump to the spot and a list of
/// errors stays one error per line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SettingsError {
    pub file: PathBuf,
    /// 1-based.
    pub line: Option<usize>,
    /// The dotted key the error is about, like `colors.walls`.
    pub key: Option<String>,
    pub message: String,
}

impl SettingsError {
    pub(crate) fn new(file: &Path, message: impl AsRef<str>) -> SettingsError {
        SettingsError {
            file: file.to_owned(),
            line: None,
            key: None,
            message: one_line(message.as_ref()),
        }
    }

    /// Points the error at a byte offset of the file's text.
    pub(crate) fn at(mut self, text: &str, offset: usize) -> SettingsError {
        self.line = Some(line_at(text, offset));
        self
    }

    /// Points the error at a 1-based line.
    pub(crate) fn on_line(mut self, line: usize) -> SettingsError {
        self.line = Some(line);
        self
    }

    pub(crate) fn key(mut self, key: impl Into<String>) -> SettingsError {
        self.key = Some(key.into());
        self
    }

    /// toml's own `Display` draws the offending line with a caret under it, over several lines;
    /// only its message and position are kept.
    pub(crate) fn from_toml(file: &Path, text: &str, error: &toml::de::Error) -> SettingsError {
        let mut settings_error = SettingsError::new(file, reword(error.message()));
        if let Some(span) = error.span() {
            settings_error = settings_error.at(text, span.start);
            settings_error.key = key_at(text, span.start);
        }
        settings_error
    }
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": key {key:?}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// serde's "unknown field `x`, expected ..." repeats the key the error already names, and users
/// write keys, not fields.
fn reword(message: &str) -> String {
    match message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split_once("`, "))
    {
        Some((_, expected)) => format!("unknown key, {expected}"),
        None => message.to_owned(),
    }
}

fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_has_every_known_part() {
        let error = SettingsError {
            file: "/home/u/.config/a-maze-ing/themes/neon.toml".into(),
            line: Some(7),
            key: Some("colors.walls".into()),
            message: "unknown colour \"blu\"".into(),
        };
        assert_eq!(
            error.to_string(),
            r#"/home/u/.config/a-maze-ing/themes/neon.toml:7: key "colors.walls": unknown colour "blu""#
        );
    }

    #[test]
    fn display_leaves_out_unknown_parts() {
        let error = SettingsError::new(Path::new("t.toml"), "oops");
        assert_eq!(error.to_string(), "t.toml: oops");
        assert_eq!(
            error.clone().key("colors").to_string(),
            r#"t.toml: key "colors": oops"#
        );
        assert_eq!(error.at("a\nb\nc", 4).to_string(), "t.toml:3: oops");
    }

    #[test]
    fn messages_are_joined_into_one_line() {
        let error = SettingsError::new(Path::new("t.toml"), "first\n  second\r\n\nthird\n");
        assert_eq!(error.message, "first second third");
        assert_eq!(error.to_string(), "t.toml: first second third");
    }

    #[test]
    fn unknown_field_is_reworded_as_a_key() {
        assert_eq!(
            reword("unknown field `walsl`, expected `walls` or `entry`"),
            "unknown key, expected `walls` or `entry`"
        );
        assert_eq!(reword("duplicate key"), "duplicate key");
    }
}
