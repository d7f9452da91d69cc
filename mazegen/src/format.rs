//! Reading and writing mazes: the 42 hex file format, SVG drawings, safe file replacement and
//! bounded reads of the files a user names.

mod atomic;
pub mod hex;
mod read;
pub mod svg;

pub use atomic::{
    Outputs, WriteError, remove_temporaries, same_file, same_target, write_atomically,
};
pub use hex::{HexError, LoadError, MazeFile};
pub use read::{MIB, human_bytes, open_regular, read_limited};
