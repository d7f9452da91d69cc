//! The message log: every status-line message with the time it was said, and the warning
//! about the user's own files (the config, a theme, `keys.toml`) that stays on the status line
//! until dismissed (their record is the shared [`Log`], in the kernel). `m` opens the log as a layer over the screen (see
//! [`crate::tui::layer`]): the help's scroll keys scroll it, Esc, `q` and `m` close it, `x`
//! dismisses the warning, there or anywhere.
//!
//! Time comes from the run loop ([`Message::Clock`](crate::tui::message::Message::Clock)),
//! as the time since the dashboard started: `update` reads no clock.

pub mod update;
pub mod view;

#[cfg(test)]
mod tests;

pub use crate::tui::kernel::log::{Entry, Log, WARNING_RETURNS};
