//! User text inside messages: escaped, so it cannot break a one-line message or drive the
//! terminal, and cut, so a huge bad value does not flood it.
//!
//! Every message that echoes something a user wrote (a config value, a file name, a line of a
//! maze file) goes through `quoted` or [`escaped`]: a control character (a newline, an escape
//! sequence's ESC, a NUL) is written the way Rust's `{:?}` writes it (`\n`, `\u{1b}`, `\0`).

use std::fmt;
use std::path::Path;

/// How many characters of a quoted value are shown; the rest is cut, marked by `…`.
pub(crate) const QUOTED_CHARS: usize = 80;

/// `value` in double quotes, control characters, quotes and backslashes escaped, cut after
/// [`QUOTED_CHARS`] characters with `…`: `"back\u{1b}[31mtracker"`.
pub(crate) fn quoted(value: &str) -> Quoted<'_> {
    Quoted(value)
}

/// `text` with its control characters escaped, nothing else changed: for text that is not a
/// value in quotes, such as a file name at the start of a message or a whole message.
pub fn escaped(text: &str) -> Escaped<'_> {
    Escaped(text)
}

/// A path as [`escaped`] text (not valid UTF-8: replaced, as `Path::display` does).
pub fn path(path: &Path) -> String {
    escaped(&path.to_string_lossy()).to_string()
}

/// See [`quoted`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        let mut chars = self.0.chars();
        for c in chars.by_ref().take(QUOTED_CHARS) {
            if c == '"' || c == '\\' || c.is_control() {
                write!(f, "{}", c.escape_debug())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        if chars.next().is_some() {
            f.write_str("…")?;
        }
        f.write_str("\"")
    }
}

/// See [`escaped`].
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Runs of plain text are written whole: most messages have no control character.
        let mut rest = self.0;
        while let Some(at) = rest.find(char::is_control) {
            f.write_str(&rest[..at])?;
            let c = rest[at..].chars().next().expect("found at `at`");
            write!(f, "{}", c.escape_debug())?;
            rest = &rest[at + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_as_rust_writes_them() {
        assert_eq!(
            quoted("back\x1b[31mtracker").to_string(),
            r#""back\u{1b}[31mtracker""#
        );
        assert_eq!(quoted("a\nb\0c\u{7f}").to_string(), r#""a\nb\0c\u{7f}""#);
        assert_eq!(
            quoted(r#"say "hi" \o/"#).to_string(),
            r#""say \"hi\" \\o/""#
        );
        assert_eq!(
            escaped("a\nb\x1b]0;x\x07").to_string(),
            r"a\nb\u{1b}]0;x\u{7}"
        );
        assert_eq!(escaped("plain é 42").to_string(), "plain é 42");
    }

    #[test]
    fn long_values_are_cut_at_80_characters() {
        let long = "9".repeat(10_000);
        let shown = quoted(&long).to_string();
        assert_eq!(shown, format!("\"{}…\"", "9".repeat(QUOTED_CHARS)));
        let exact = "é".repeat(QUOTED_CHARS);
        assert_eq!(quoted(&exact).to_string(), format!("\"{exact}\""));
    }

    #[test]
    fn escaped_text_is_one_line() {
        let shown = escaped("line one\nline two\r\n").to_string();
        assert_eq!(shown.lines().count(), 1);
        assert_eq!(path(Path::new("dir\n/m.txt")), r"dir\n/m.txt");
    }
}
