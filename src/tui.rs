//! The dashboard's pure half: its state ([`Model`]), its inputs ([`Message`]), how inputs change
//! the state ([`update`], which returns [`Effect`]s instead of doing I/O) and how the state is
//! drawn ([`view`]). The binary owns the terminal and performs the effects.
//!
//! Only built with the `tui` feature; the rest of `mazegen` never depends on ratatui.

pub mod effect;
pub mod keymap;
pub mod layout;
pub mod maze_run;
pub mod message;
pub mod model;
pub mod pace;
#[cfg(test)]
mod testing;
pub mod theme;
pub mod update;
pub mod view;
pub mod viewport;

pub use effect::{Effect, SaveRequest};
pub use message::{Action, Message, SaveReport};
pub use model::{Model, Start};
pub use update::update;
pub use view::view;
