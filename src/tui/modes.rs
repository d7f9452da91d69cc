//! The dashboard's modes, one folder each: the carving studio, the inspector, play, race,
//! replay, the export list, the message log and the pickers (algorithm, solver). Each holds its state in its own file, its answers to messages in `update`, its
//! drawing in `view`, and its tests. A mode never imports another mode: what one needs of
//! another goes through the root (see ARCHITECTURE.md).

pub mod export;
pub mod inspector;
pub mod log;
pub mod picker;
pub mod play;
pub mod race;
pub mod replay;
pub mod studio;
