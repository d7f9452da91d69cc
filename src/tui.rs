//! The dashboard's pure half: its state ([`Model`]), its inputs ([`Message`]), how inputs change
//! the state ([`update()`], which returns [`Effect`]s instead of doing I/O) and how the state is
//! drawn ([`view()`]). The binary owns the terminal, turns its events into messages
//! ([`input::message_for`]) and performs the effects.
//!
//! The maze domain (generation, solving, formats) is the `mazegen` library; this module only
//! shows it.

pub mod effect;
mod first_run;
pub mod input;
pub mod inspector;
pub mod keymap;
pub mod layout;
pub mod message;
pub mod model;
pub mod pace;
pub mod play;
pub mod race;
pub mod settings;
#[cfg(test)]
pub(crate) mod testing;
pub mod theme;
pub mod timeline;
pub mod update;
pub mod view;
pub mod viewport;

pub use effect::{Effect, MazeOrder, WriteJob};
pub use message::{Action, JobId, Message, Mouse, MouseKind, Parcel};
pub use model::{Model, Start};
pub use update::update;
pub use view::view;
