//! The dashboard's pure half: its state ([`Model`]), its inputs ([`Message`]), how inputs change
//! the state ([`update`], which returns [`Effect`]s instead of doing I/O) and how the state is
//! drawn ([`view`]). The binary owns the terminal and performs the effects.
//!
//! Only built with the `tui` feature; the rest of `mazegen` never depends on ratatui.

pub mod theme;
