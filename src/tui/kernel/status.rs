//! The status line's message: what the dashboard last has to say, and how it says it.

/// How the status line colours its message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusKind {
    Info,
    Success,
    Warning,
    Error,
}

/// The status line's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub kind: StatusKind,
    pub text: String,
}

impl Status {
    /// A message of `kind` saying `text`. Control characters in it (from a file name, a config
    /// value) are escaped: written raw they would move the cursor or change colours in the
    /// middle of the frame.
    pub fn new(kind: StatusKind, text: impl Into<String>) -> Status {
        let text = text.into();
        let text = match text.contains(char::is_control) {
            true => mazegen::escaped(&text).to_string(),
            false => text,
        };
        Status { kind, text }
    }
}
