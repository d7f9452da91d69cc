//! The dashboard as an inspector: any maze file, valid or not, drawn in the same views, themes
//! and panes as a generated maze, with every broken rule where it is (see
//! [`mazegen::validate`], which reads and checks the file and keeps where each problem is).
//!
//! A file is opened by `--open FILE [CONFIG]` or by `o` and a path typed on the status line
//! (Tab completes it). Reading is a job, and so is checking, so that a 10000x10000 file is
//! drawn as soon as it is read and its problems appear when the check ends. `]` and `[` go
//! from one problem to the next in reading order, moving the view there. On an opened file,
//! `v` solves it with the next solver, `s` writes it back with its path line corrected (to
//! OUTPUT_FILE, only when its walls hold), and `r` and `a` leave it for a generated maze.
//!
//! While a file is open, the model's [`Session`](mazegen::session::Session) is hidden: a
//! maze being generated goes on (and is still written to OUTPUT_FILE as promised), and comes
//! back when a new maze is asked for.
//!
//! This file holds the inspector's state; `update` answers its keys and jobs, `view` draws the
//! problems pane and the path prompt.

mod job;
mod prompt;
pub(crate) mod roles;
#[cfg(test)]
pub(crate) mod tests;
pub mod update;
pub mod view;

use std::path::PathBuf;

use mazegen::MazeStats;
use mazegen::Pos;
use mazegen::Solver;
use mazegen::validate::{Expected, Inspection};

use crate::tui::kernel::job::JobId;

pub use job::{InspectorAnswer, InspectorJob, InspectorWork, walls_invalid};
pub use prompt::{Completion, PathPrompt, PromptKey};
pub use roles::{FileRoles, role_of};

/// The inspector's messages (see [`Message::Inspector`](crate::tui::Message::Inspector)).
#[derive(Clone, Debug, PartialEq)]
pub enum InspectorMessage {
    /// A key typed while the path prompt is open. (Its jobs' answers come as
    /// [`Answer::Inspector`](crate::tui::message::Answer::Inspector), like every job's.)
    Key(PromptKey),
}

/// The inspector's part of the model.
#[derive(Debug, Default)]
pub struct Inspect {
    file: Option<OpenFile>,
    prompt: Option<PathPrompt>,
    /// What opened files are checked against: the CONFIG given with `--open`, else nothing.
    expected: Expected,
    /// Where `s` writes an opened file: the config's OUTPUT_FILE, when there is a config.
    output_file: Option<PathBuf>,
    /// The file being opened.
    opening: Option<JobId>,
    /// The folder listing the prompt waits for.
    listing: Option<JobId>,
}

/// An opened file and what has been found about it.
#[derive(Debug)]
pub struct OpenFile {
    pub path: PathBuf,
    pub inspection: Inspection,
    /// The problem `]`/`[` went to.
    pub selected: Option<Pos>,
    pub stats: Option<MazeStats>,
    pub illegal_step: Option<Pos>,
    /// See `roles::steps_inside` (private).
    pub path_inside: usize,
    /// Each solver `v` ran on the file: visited cells and the path's steps.
    pub runs: Vec<(Solver, u64, Option<usize>)>,
    /// The last solver `v` ran.
    pub solver: Option<Solver>,
    checking: Option<JobId>,
    solving: Option<JobId>,
    saving: Option<JobId>,
}

impl OpenFile {
    /// The file as a maze to play, or why it cannot be played (its walls must hold and its entry reach its exit).
    pub fn playable(&self) -> Result<mazegen::Maze, String> {
        job::maze_of(&self.inspection)
    }

    /// Whether the check is still running.
    pub fn is_checking(&self) -> bool {
        self.checking.is_some()
    }
}

impl Inspect {
    /// The opened file, if one is shown.
    pub fn file(&self) -> Option<&OpenFile> {
        self.file.as_ref()
    }

    pub fn prompt(&self) -> Option<&PathPrompt> {
        self.prompt.as_ref()
    }

    pub fn is_prompting(&self) -> bool {
        self.prompt.is_some()
    }

    /// Whether `]` and `[` have somewhere to go: an opened file, checked, with a problem
    /// that has a place on the map.
    pub fn has_problems_to_visit(&self) -> bool {
        self.file.as_ref().is_some_and(|file| {
            !file.is_checking() && file.inspection.next_location(None).is_some()
        })
    }

    /// Whether `s` can write the opened file back: a config named an OUTPUT_FILE (with
    /// `--open FILE CONFIG`, or the generated maze's when opened with `o`), and the file's
    /// walls hold (see [`walls_invalid`]).
    pub fn can_save(&self) -> bool {
        self.output_file.is_some() && self.walls_hold()
    }

    /// Whether an opened file's walls hold, once checked: it can be written back and played.
    pub fn walls_hold(&self) -> bool {
        self.file
            .as_ref()
            .is_some_and(|file| walls_invalid(&file.inspection).is_none())
    }
}

impl InspectorJob {
    /// Runs the job (on a worker): its id and its answer.
    pub fn run(self) -> (JobId, InspectorAnswer) {
        (self.request, self.work.run())
    }
}
