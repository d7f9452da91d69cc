//! The carving studio: the generated maze's life (carving, solving, measuring, the first save,
//! regenerating). This file holds the parts of its state that stand alone: the first-save
//! promise, what became of the writes, and how a maze is made; `update` holds its answers to
//! messages.

use mazegen::Algorithm;
pub(crate) mod first_run;
#[cfg(test)]
mod tests;
pub mod update;
pub mod view;

use mazegen::config::Config;
use mazegen::grid::LandmarkNote;
use mazegen::session::{Session, SessionError};
use mazegen::solve::Solver;

/// Whether the first maze has been written to OUTPUT_FILE: the promise is that running the
/// dashboard leaves the same file as `--headless`, however the user leaves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstSave {
    /// The first maze is still to be written: leaving finishes and writes it first.
    Owed,
    /// Nothing is owed: the first maze's write has been asked for, or the user chose another
    /// file to be the output (a race lane saved, an opened file shown).
    NotOwed,
}

/// Mazes of more cells than this are finished in slices, and everything done to them that takes
/// a pass over every cell (making one, starting a search, tracing its path, measuring, freeing
/// it) is done on a worker thread, so that no message takes long to handle; smaller ones are
/// finished and measured at once (a few milliseconds).
pub const INLINE_CELLS: u64 = 250_000;

/// What became of the writes of OUTPUT_FILE: leaving without it ever written makes the last
/// failure the dashboard's error, as it would be for `--headless`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Saves {
    /// A write has succeeded.
    pub written: bool,
    /// Why the last failed write failed.
    pub last_failure: Option<String>,
}

/// The maze `config` describes from `seed`; if it is big, whatever takes a pass over the whole
/// maze is left to jobs (see [`Session::hand_out_work`]).
pub(crate) fn new_session(
    config: &Config,
    seed: u64,
    solver: Solver,
    inline_cells: u64,
) -> Result<Session, SessionError> {
    let session = Session::new(config.maze_options(seed), config.entry, config.exit, solver)?;
    let cells = u64::from(config.width) * u64::from(config.height);
    Ok(if cells > inline_cells {
        session.hand_out_work()
    } else {
        session
    })
}

/// A small session of `algorithm` and `seed` holding the place of a big maze being made, which
/// it stands in for in the sidebar's facts (see [`Model::has_no_maze`](crate::tui::Model::has_no_maze)); nothing draws, carves,
/// solves or writes it. It hands out its work as a big maze's session does: what it refuses
/// (an old maze's search answering late, gigabytes) is freed on a worker.
pub(crate) fn stand_in_session(
    config: &Config,
    algorithm: Algorithm,
    seed: u64,
    solver: Solver,
) -> Result<Session, SessionError> {
    let config = Config {
        algorithm,
        ..crate::tui::configs::placeholder_config(config)
    };
    let session = Session::new(config.maze_options(seed), config.entry, config.exit, solver)?;
    Ok(session.hand_out_work())
}

/// The status line's warning for a landmark the maze has no room for: the library's own
/// sentence (its `Display`), begun with a capital as the status line's sentences are.
pub(crate) fn landmark_warning(note: LandmarkNote) -> String {
    let sentence = note.to_string();
    let mut letters = sentence.chars();
    match letters.next() {
        Some(first) => first.to_uppercase().chain(letters).collect(),
        None => sentence,
    }
}
