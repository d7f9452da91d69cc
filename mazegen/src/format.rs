//! Reading and writing mazes: the 42 hex file format, SVG drawings, and safe file replacement.

mod atomic;
pub mod hex;
pub mod svg;

pub use atomic::{WriteError, write_atomically};
pub use hex::{HexError, LoadError, MazeFile};
