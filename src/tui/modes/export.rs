//! The export list's state: which exports `e` offers (every [`Export`] of the library, in its
//! order), where the cursor is, and which of their files are already on disk, so that a row
//! says when writing it replaces a file. The list is a layer (see [`crate::tui::layer`]): while
//! it is open its keys move the cursor, Enter writes the export under it, Esc closes it.
//! `update` touches no file: the list asks a job ([`LookJob`]) which of its files exist.

pub mod update;
pub mod view;

#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use crate::tui::kernel::export::Export;

use crate::tui::kernel::job::JobId;

/// The export list: closed, or open with its cursor on one export.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportList {
    /// The cursor's place in [`Export::ALL`], while the list is open.
    open: Option<usize>,
    /// The job asked, as the list opened, which of its files exist: only its answer counts.
    asked: Option<JobId>,
    /// The files the last answer found on disk, and the files it was asked about.
    looked: Vec<PathBuf>,
    found: Vec<PathBuf>,
}

/// What the list knows of an export's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Not heard yet.
    Unknown,
    /// No such file: writing it makes a new one.
    New,
    /// A file of that name is there: writing replaces it.
    Replaces,
}

impl ExportList {
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Opens the list with its cursor on `at`. What it knew of its files is forgotten: they
    /// may have changed since (see [`ExportList::asking`]).
    pub fn open_at(&mut self, at: Export) {
        self.open = Export::ALL.iter().position(|&e| e == at);
        self.asked = None;
        self.looked.clear();
        self.found.clear();
    }

    pub fn close(&mut self) {
        self.open = None;
    }

    /// The export under the cursor, while the list is open.
    pub fn cursor(&self) -> Option<Export> {
        self.open.map(|at| Export::ALL[at])
    }

    /// Moves the cursor one place up (`-1`) or down (`1`), staying in the list.
    pub fn move_cursor(&mut self, by: isize) {
        if let Some(at) = &mut self.open {
            *at = at.saturating_add_signed(by).min(Export::ALL.len() - 1);
        }
    }

    /// Records that `job` asks which of `files` exist.
    pub fn asking(&mut self, job: JobId, files: &[PathBuf]) {
        self.asked = Some(job);
        self.looked = files.to_vec();
        self.found.clear();
    }

    /// Takes `job`'s answer, the files among those asked about that exist; `false` (and
    /// nothing kept) for an answer to another question than the last one asked.
    pub fn found(&mut self, job: JobId, existing: Vec<PathBuf>) -> bool {
        if self.asked != Some(job) {
            return false;
        }
        self.asked = None;
        self.found = existing;
        true
    }

    /// What the list knows of `file`: unknown until the answer about it came.
    pub fn target(&self, file: &Path) -> Target {
        if self.asked.is_some() || !self.looked.iter().any(|f| f == file) {
            Target::Unknown
        } else if self.found.iter().any(|f| f == file) {
            Target::Replaces
        } else {
            Target::New
        }
    }
}

/// How the list names an export.
pub fn label(export: Export) -> &'static str {
    match export {
        Export::Svg => "SVG picture",
        Export::Png => "PNG picture",
        Export::PdfSheet => "PDF + answer",
        Export::AnimatedSvg => "animated SVG",
    }
}

/// Asks which of the export list's files exist (on a worker: `update` touches no file);
/// answered by [`Answer::Existing`](crate::tui::message::Answer::Existing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LookJob {
    pub job: JobId,
    pub files: Vec<PathBuf>,
}

impl LookJob {
    /// The files among those asked about that are there now (a link counts, even one to
    /// nothing: the write would replace it).
    pub fn run(self) -> Vec<PathBuf> {
        self.files
            .into_iter()
            .filter(|file| file.symlink_metadata().is_ok())
            .collect()
    }
}
