//! User text inside messages: escaped, so it cannot break a one-line message or drive the
//! terminal, and cut, so a huge bad value does not flood it.
//!
//! Every message that echoes something a user wrote (a config value, a file name, a line of a
//! maze file) goes through `quoted` or [`escaped`]: a control character (a newline, an escape
//! sequence's ESC, a NUL) is written the way Rust's `{:?}` writes it (`\n`, `\u{1b}`, `\0`),
//! and so is a character that reorders or splits what the terminal shows without being a
//! control character: the bidirectional overrides and isolates (U+202E shows the rest of a
//! line backwards) and the line and paragraph separators.
//!
//! [`escaped`] is public (as `mazegen::escaped`) so that an application's own messages echo
//! what a user wrote the way this crate's errors do.

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
/// value in quotes, such as a file name at the start of a message or a whole message. A control
/// character, or one that reorders or splits the line a terminal shows, is written the way
/// Rust's `{:?}` writes it. This crate's errors echo what a user wrote (a file name, a value)
/// this way; an application's own messages may do the same:
///
/// ```
/// let name = "maze\n\u{1b}[2J.txt";
/// assert_eq!(mazegen::escaped(name).to_string(), r"maze\n\u{1b}[2J.txt");
/// assert_eq!(format!("error: {}", mazegen::escaped("bad\tvalue")), r"error: bad\tvalue");
/// ```
pub fn escaped(text: &str) -> impl fmt::Display + '_ {
    TerminalEscaped(text)
}

/// A path as [`escaped`] text (not valid UTF-8: replaced, as `Path::display` does).
pub(crate) fn path(path: &Path) -> String {
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
            if c == '"' || c == '\\' || must_escape(c) {
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

/// Whether `c` is written escaped: a control character, or one that reorders or breaks the
/// line a terminal shows (bidirectional formatting, line and paragraph separators).
fn must_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}'
        )
        || matches!(c, '\u{2066}'..='\u{2069}')
}

/// Text shown with the characters that would break its line or drive the terminal escaped:
/// what [`escaped`] gives.
#[derive(Clone, Copy, Debug)]
struct TerminalEscaped<'a>(&'a str);

impl fmt::Display for TerminalEscaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Runs of plain text are written whole: most messages have no control character.
        let mut rest = self.0;
        while let Some(at) = rest.find(must_escape) {
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
    fn bidirectional_overrides_and_separators_are_escaped_too() {
        // U+202E would show the rest of the line backwards: "txt.exe" as "exe.txt".
        assert_eq!(
            escaped("maze\u{202e}txt.exe").to_string(),
            r"maze\u{202e}txt.exe"
        );
        assert_eq!(
            quoted("a\u{2066}b\u{2069}\u{200f}\u{2028}").to_string(),
            r#""a\u{2066}b\u{2069}\u{200f}\u{2028}""#
        );
        assert_eq!(path(Path::new("\u{61c}m.txt")), r"\u{61c}m.txt");
        assert_eq!(
            escaped("עברית é ✓").to_string(),
            "עברית é ✓",
            "text stays text"
        );
    }

    #[test]
    fn escaped_text_is_one_line() {
        let shown = escaped("line one\nline two\r\n").to_string();
        assert_eq!(shown.lines().count(), 1);
        assert_eq!(path(Path::new("dir\n/m.txt")), r"dir\n/m.txt");
    }
}
