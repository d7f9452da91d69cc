//! The carving studio: the generated maze's life (carving, solving, measuring, the first save,
//! regenerating). This file holds its state ([`Studio`]: the maze, its jobs, the first-save
//! promise, what became of the writes) and how a maze is made; `update` holds its answers to
//! messages, `view` its panes.

pub(crate) mod first_run;
#[cfg(test)]
mod tests;
pub mod update;
pub mod view;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use crate::tui::kernel::action::Action;
use crate::tui::kernel::export::Export;
use crate::tui::kernel::job::Garbage;
use crate::tui::kernel::job::JobId;
use mazegen::Solver;
use mazegen::config::Config;
use mazegen::session::Job;
use mazegen::session::{Phase, Session};
use mazegen::{Algorithm, Maze};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The studio's own state: the generated maze and what its life needs (its jobs, the finish
/// under way, the actions waiting for it, the first save, the writes). The `Model` holds it
/// as one field; the studio's update takes it beside a [`Ctx`](crate::tui::context::Ctx).
#[derive(Debug)]
pub struct Studio {
    /// The maze shown (or a stand-in, see [`Studio::showing_stand_in`]).
    pub(crate) session: Session,
    /// Draws the seeds of regenerated mazes: a config with SEED gives the same sequence of
    /// mazes every time.
    pub(crate) seeds: Xoshiro256PlusPlus,
    /// Whether the path is drawn (and exported): `p`.
    pub(crate) show_path: bool,
    pub(crate) first_save: FirstSave,
    /// The jobs started and not ended yet, oldest first.
    pub(crate) jobs: Vec<StudioJob>,
    /// Carving and solving the rest in slices, as fast as frames allow (a big maze's finish).
    pub(crate) finishing: bool,
    /// Actions that need the maze finished and measured, asked for before it was: they run
    /// once it is.
    pub(crate) waiting: Vec<Action>,
    /// The user has asked to leave: the dashboard quits once nothing is left to write.
    pub(crate) quitting: bool,
    pub(crate) saves: Saves,
    /// See [`INLINE_CELLS`]; lower in tests, to try the slow path on small mazes.
    pub(crate) inline_cells: u64,
    /// What the studio is done with, to be freed on a worker (see
    /// [`Work::Discard`](crate::tui::effect::Work::Discard)).
    pub(crate) garbage: Vec<Garbage>,
    /// What the studio's next export writes: the export list's last pick.
    pub(crate) export_format: Export,
    /// The config file the dashboard was started from, which no export may replace.
    pub(crate) config_file: Option<PathBuf>,
    /// `session` is a small stand-in, never carved, drawn, measured nor written: the maze that
    /// was shown has been freed while a big new one is made, so the dashboard never holds two
    /// mazes' memory (see `update::put_away`). It stays if the new maze could not be made.
    pub(crate) showing_stand_in: bool,
    /// The run loop's clock, which bounds each frame's steps by time (see
    /// [`Model::set_clock`](crate::tui::Model::set_clock)); `None` in tests, whose frames then
    /// take their whole slice.
    pub(crate) clock: Option<fn() -> Instant>,
    /// The config is the built-in default, not yet written out (see `first_run.rs`).
    pub(crate) built_in_config: bool,
}

impl Studio {
    /// The studio on `session`, the first maze (of `seed`), which it handles as a big one if
    /// it has more than `inline_cells` cells.
    pub(crate) fn new(
        session: Session,
        seed: u64,
        inline_cells: u64,
        built_in_config: bool,
    ) -> Studio {
        Studio {
            session,
            seeds: Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5EED_5EED_5EED_5EED),
            show_path: true,
            first_save: FirstSave::Owed,
            jobs: Vec::new(),
            finishing: false,
            waiting: Vec::new(),
            quitting: false,
            saves: Saves::default(),
            inline_cells,
            garbage: Vec::new(),
            export_format: Export::Svg,
            config_file: None,
            showing_stand_in: false,
            clock: None,
            built_in_config,
        }
    }

    /// The live maze's phase.
    pub fn phase(&self) -> Phase {
        self.session.phase()
    }

    /// The live maze's seed.
    pub fn seed(&self) -> u64 {
        self.session.options().seed
    }

    /// Whether the maze is too big to finish or measure at once (see [`INLINE_CELLS`]).
    pub(crate) fn is_big(&self) -> bool {
        self.session.grid().cell_count() as u64 > self.inline_cells
    }

    /// Whether a new maze is being made on a worker.
    pub fn is_making(&self) -> bool {
        self.jobs
            .iter()
            .any(|j| matches!(j.kind, JobKind::Make { .. }))
    }
}

/// A job the run loop is running for the dashboard (see [`Effect`](crate::tui::effect::Effect)).
#[derive(Clone, Debug)]
pub struct StudioJob {
    pub id: JobId,
    pub kind: JobKind,
    /// How far it has got, as its last progress message said.
    pub done: u64,
    pub total: u64,
}

#[derive(Clone, Debug)]
pub enum JobKind {
    /// Writing `maze` (of `algorithm` and `seed`) to OUTPUT_FILE.
    Save {
        path: PathBuf,
        seed: u64,
        algorithm: Algorithm,
        maze: Held,
    },
    /// Writing an export (a picture, a sheet or a film) next to OUTPUT_FILE.
    Export { path: PathBuf },
    /// Finding the shortest path of `maze` and measuring it.
    Measure { maze: Arc<Maze> },
    /// Starting the watched search of a big maze, or tracing its path.
    Search { work: Job },
    /// Making a new big maze of `algorithm` from `seed`; `text` goes on the status line once
    /// it is shown.
    Make {
        algorithm: Algorithm,
        seed: u64,
        text: String,
    },
}

impl JobKind {
    /// Whether the job writes a file: quitting waits for those, not for the others, whose
    /// results would be of no use any more.
    pub fn is_write(&self) -> bool {
        matches!(self, JobKind::Save { .. } | JobKind::Export { .. })
    }
}

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
/// failure the dashboard's error, as it would be for `--headless`. It also knows which maze
/// the file holds, for the canvas title's `maze.txt ✓` / `maze.txt ● unsaved`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Saves {
    /// A write has succeeded.
    pub written: bool,
    /// Why the last failed write failed.
    pub last_failure: Option<String>,
    /// The maze OUTPUT_FILE holds, as the last write that succeeded left it; `None` before
    /// the first (whatever the file held before the dashboard started is no maze shown).
    pub holds: Option<Held>,
    /// The studio's maze, counted: one more each time it is replaced (see
    /// [`Model::maze_replaced`](crate::tui::Model)), so a write of an older one is told apart.
    pub maze: u64,
    /// The races, counted the same way: one more each time one starts.
    pub race: u64,
}

/// One of the mazes the dashboard has shown, as far as telling whether OUTPUT_FILE holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// The studio's maze of that count (see [`Saves::maze`]).
    Studio(u64),
    /// A lane (0 is the first) of the race of that count (see [`Saves::race`]).
    Lane { race: u64, lane: usize },
}

impl Saves {
    /// The studio's maze shown now.
    pub fn studio_maze(&self) -> Held {
        Held::Studio(self.maze)
    }

    /// Lane `lane` of the race on now.
    pub fn lane(&self, lane: usize) -> Held {
        Held::Lane {
            race: self.race,
            lane,
        }
    }

    /// Whether OUTPUT_FILE holds `maze`.
    pub fn holds(&self, maze: Held) -> bool {
        self.holds == Some(maze)
    }
}

/// The maze `config` describes from `seed`; if it is big, whatever takes a pass over the whole
/// maze is left to jobs (see [`Session::hand_out_work`]).
pub(crate) fn new_session(
    config: &Config,
    seed: u64,
    solver: Solver,
    inline_cells: u64,
) -> Result<Session, mazegen::Error> {
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
) -> Result<Session, mazegen::Error> {
    let config = Config {
        algorithm,
        ..crate::tui::configs::placeholder_config(config)
    };
    let session = Session::new(config.maze_options(seed), config.entry, config.exit, solver)?;
    Ok(session.hand_out_work())
}

/// The status line's warning for a landmark the maze has no room for: the library's own
/// sentence (its `Display`), begun with a capital as the status line's sentences are.
pub(crate) fn landmark_warning(note: impl std::fmt::Display) -> String {
    let sentence = note.to_string();
    let mut letters = sentence.chars();
    match letters.next() {
        Some(first) => first.to_uppercase().chain(letters).collect(),
        None => sentence,
    }
}
