//! The dashboard's exports (the `e` list): a picture, a puzzle sheet or a film of the maze
//! shown, written next to its maze file.
//!
//! [`Export::output`] names the file (same folder and stem as the maze file, see
//! [`Export::path_next_to`]), refuses one that would replace the maze file or the config, or
//! that is too large to make, and returns the mazegen [`Output`] to hand to
//! `mazegen::write_outputs`: the file is staged and put in place atomically, with
//! progress reported as it is written. [`picture_refusal`] words a picture too large for the user, with
//! what to ask for instead (the library's message says only what is too large), for the
//! dashboard and the command line alike.

use std::path::{Path, PathBuf};

use mazegen::Maze;
use mazegen::format::{
    AnimatedSvg, CellSize, Output, Paper, PdfSheet, Png, Svg, SvgOptions, SvgStyle,
};

/// The message for a picture the library refuses as too large: its own message, then the
/// app's hint at what to ask for instead (the flag that chooses a cell's pixels, fewer mazes).
pub fn picture_refusal(error: &mazegen::Error) -> String {
    match error {
        mazegen::Error::PngTooLarge { .. } => {
            format!("{error}: use a smaller --svg-cell, or none to fit 1600 pixels")
        }
        mazegen::Error::SheetTooLarge { .. } => format!("{error}: ask for fewer or smaller mazes"),
        other => other.to_string(),
    }
}

/// What can be exported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// The SVG drawing.
    Svg,
    /// The SVG drawing as a PNG.
    Png,
    /// A PDF page of the maze, then one with its answer.
    PdfSheet,
    /// An SVG that replays the carving.
    AnimatedSvg,
}

/// How the exports look.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportOptions {
    /// The pictures' and the film's colours (a UI's theme).
    pub style: SvgStyle,
    /// The paper's colours: [`SvgStyle::print`] unless asked otherwise.
    pub print_style: SvgStyle,
    /// Draw the solution in the pictures and the film (the sheet always has its answer page).
    pub show_path: bool,
    /// The pictures' and the film's size: pixels a cell, or fitted.
    pub cell_size: CellSize,
    /// The sheet's paper size.
    pub paper: Paper,
    /// The film's length in seconds.
    pub duration: f64,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            style: SvgStyle::default(),
            print_style: SvgStyle::print(),
            show_path: true,
            cell_size: CellSize::Fit,
            paper: Paper::A4,
            duration: AnimatedSvg::DEFAULT_DURATION,
        }
    }
}

impl Export {
    /// Every export, in the order a UI lists them.
    pub const ALL: [Export; 4] = [
        Export::Svg,
        Export::Png,
        Export::PdfSheet,
        Export::AnimatedSvg,
    ];

    /// What the file name ends with: `.svg`, `.png`, `.pdf`, `.animated.svg`.
    pub fn suffix(self) -> &'static str {
        match self {
            Export::Svg => ".svg",
            Export::Png => ".png",
            Export::PdfSheet => ".pdf",
            Export::AnimatedSvg => ".animated.svg",
        }
    }

    /// The export's file beside `maze_file`: the same folder and stem with [`Export::suffix`]
    /// (`maze.txt` → `maze.png`). A maze file that already ends so keeps its whole name and
    /// gets the suffix added (`maze.png` → `maze.png.png`), so the two never coincide.
    pub fn path_next_to(self, maze_file: &Path) -> PathBuf {
        let suffix = self.suffix();
        let name = maze_file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned());
        let keep_whole = name
            .as_deref()
            .is_none_or(|n| n.to_ascii_lowercase().ends_with(suffix));
        let mut file = if keep_whole {
            maze_file.as_os_str().to_owned()
        } else {
            maze_file.with_extension("").into_os_string()
        };
        file.push(suffix);
        PathBuf::from(file)
    }

    /// The output that writes this export of `maze` next to `maze_file`; refused, with a
    /// one-line reason, when its file is the maze file or `config` (which it would replace),
    /// or when the maze is too large for it.
    pub fn output(
        self,
        maze: &Maze,
        maze_file: &Path,
        config: Option<&Path>,
        options: &ExportOptions,
    ) -> Result<Output, String> {
        let path = self.path_next_to(maze_file);
        for (what, other) in [("the maze file", Some(maze_file)), ("the config", config)] {
            if let Some(other) = other.filter(|o| Output::same_target(&path, o)) {
                return Err(format!(
                    "{} is {what} {}: the export would replace it",
                    mazegen::escaped(&path.to_string_lossy()),
                    mazegen::escaped(&other.to_string_lossy())
                ));
            }
        }
        let (width, height) = (maze.width(), maze.height());
        let picture = SvgOptions::default()
            .cell_size(options.cell_size)
            .show_path(options.show_path)
            .style(options.style.clone());
        Ok(match self {
            Export::Svg => Output::file(Svg::new(picture), path),
            Export::Png => {
                Png::check_size(options.cell_size, width, height)
                    .map_err(|e| picture_refusal(&e))?;
                Output::file(Png::new(picture), path)
            }
            Export::PdfSheet => {
                PdfSheet::check_size(1, width, height).map_err(|e| picture_refusal(&e))?;
                let sheet = PdfSheet {
                    paper: options.paper,
                    style: options.print_style.clone(),
                    ..PdfSheet::default()
                };
                Output::file(sheet, path)
            }
            Export::AnimatedSvg => {
                AnimatedSvg::check_size(width, height).map_err(|e| picture_refusal(&e))?;
                let film = AnimatedSvg {
                    options: picture,
                    duration: options.duration,
                };
                Output::file(film, path)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mazegen::{MazeOptions, Pos};

    #[test]
    fn each_export_goes_beside_the_maze_file_and_never_onto_it() {
        let maze_file = Path::new("out/maze.txt");
        let names: Vec<PathBuf> = Export::ALL
            .iter()
            .map(|e| e.path_next_to(maze_file))
            .collect();
        assert_eq!(
            names,
            [
                "out/maze.svg",
                "out/maze.png",
                "out/maze.pdf",
                "out/maze.animated.svg"
            ]
            .map(PathBuf::from)
        );
        for export in Export::ALL {
            let file = PathBuf::from(format!("m{}", export.suffix()));
            let next = export.path_next_to(&file);
            assert_ne!(next, file);
            assert!(next.to_string_lossy().ends_with(export.suffix()));
        }
        assert_eq!(
            Export::Svg.path_next_to(Path::new("m.animated.svg")),
            Path::new("m.animated.svg.svg")
        );
    }

    #[test]
    fn an_export_too_large_is_refused_in_the_apps_words() {
        let maze = Maze::generate(
            MazeOptions::new(1300, 1300).seed(3),
            Pos::new(0, 0),
            Pos::new(1299, 1299),
        )
        .unwrap();
        let options = ExportOptions {
            cell_size: CellSize::Pixels(50),
            ..ExportOptions::default()
        };
        let refused = |export: Export| {
            export
                .output(&maze, Path::new("maze.txt"), None, &options)
                .unwrap_err()
        };
        assert_eq!(
            refused(Export::Png),
            "a 1300x1300 maze at this cell size is a 65100x65100 pixel PNG, more than the 64 \
             million pixels a PNG may have: use a smaller --svg-cell, or none to fit 1600 pixels"
        );
        assert_eq!(
            refused(Export::AnimatedSvg),
            "a 1300x1300 maze has 1690000 cells: an animated SVG of more than 1.5 million cells \
             (1224x1224) could pass 20 MB"
        );
        let sheet = mazegen::Error::SheetTooLarge {
            count: 1,
            width: 5000,
            height: 5000,
            cells: 25_000_000,
            limit: PdfSheet::MAX_CELLS,
        };
        assert_eq!(
            picture_refusal(&sheet),
            "a sheet of 1 mazes of 5000x5000 has 25000000 cells, more than the 20 million a \
             sheet may have: ask for fewer or smaller mazes"
        );
    }

    #[test]
    fn writes_each_export_atomically_and_refuses_to_replace_the_config() {
        let dir = tempfile::tempdir().unwrap();
        let maze_file = dir.path().join("maze.txt");
        let maze = Maze::generate(
            MazeOptions::new(12, 9).seed(3),
            Pos::new(0, 0),
            Pos::new(11, 8),
        )
        .unwrap();
        let options = ExportOptions::default();
        for export in Export::ALL {
            let output = export.output(&maze, &maze_file, None, &options).unwrap();
            mazegen::write_outputs(&maze, &[output], &mut |_, _, _| {}).unwrap();
            assert!(export.path_next_to(&maze_file).is_file(), "{export:?}");
        }
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            4,
            "no temporaries"
        );
        let config = dir.path().join("maze.pdf");
        let error = Export::PdfSheet
            .output(&maze, &maze_file, Some(&config), &options)
            .unwrap_err();
        assert!(error.contains("is the config"), "{error}");
    }
}
