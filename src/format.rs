//! Reading and writing mazes: the 42 hex file format, and safe file replacement.

mod atomic;
pub mod hex;

pub use atomic::{WriteError, write_atomically};
pub use hex::{HexError, LoadError, MazeFile};
