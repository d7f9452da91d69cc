//! What `update` asks the run loop to do, since it does no I/O itself.

use std::path::PathBuf;

use mazegen::format::svg::{self, SvgOptions};
use mazegen::format::{WriteError, hex, write_atomically};
use mazegen::{Grid, Pos, Solution};

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Write a maze file; the loop answers with [`super::Message::Saved`].
    Save(SaveRequest),
    /// Write an SVG picture; the loop answers with [`super::Message::Exported`].
    Export(ExportRequest),
    /// Leave the dashboard (after the effects before it).
    Quit,
}

/// A finished maze to write to `path`, exactly as `--headless` writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveRequest {
    pub path: PathBuf,
    pub seed: u64,
    pub grid: Grid,
    pub entry: Pos,
    pub exit: Pos,
    pub solution: Solution,
}

impl SaveRequest {
    /// Writes the file atomically: the old one stays intact if anything fails.
    pub fn write(&self) -> Result<(), WriteError> {
        write_atomically(&self.path, |out| {
            hex::write_maze(out, &self.grid, self.entry, self.exit, &self.solution)
        })
    }
}

/// A maze to draw as SVG at `path`, with the layers and colours the dashboard shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportRequest {
    pub path: PathBuf,
    pub grid: Grid,
    pub entry: Pos,
    pub exit: Pos,
    /// The solution layer, when the path is shown.
    pub solution: Option<Solution>,
    pub options: SvgOptions,
}

impl ExportRequest {
    /// Writes the picture atomically: an old file stays intact if anything fails.
    pub fn write(&self) -> Result<(), WriteError> {
        write_atomically(&self.path, |out| {
            svg::write_svg(
                out,
                &self.grid,
                self.entry,
                self.exit,
                self.solution.as_ref(),
                &self.options,
            )
        })
    }
}
