//! The maze's statistics as JSON (needs the `serde` feature): which maze it is, then what it
//! is made of ([`MazeStats`], with the [`Difficulty`] among them). Pretty-printed, one value a
//! line, ending in a newline:
//!
//! ```json
//! {
//!   "output_file": "maze.txt",
//!   "width": 25,
//!   "height": 20,
//!   "seed": 42,
//!   "algorithm": "backtracker",
//!   "perfect": true,
//!   "courtyard": false,
//!   "entry": [0, 0],
//!   "exit": [24, 19],
//!   "stats": { "cells": 482, "dead_ends": 56, ...,
//!              "difficulty": { "score": 81.6, "level": "hard", ... } }
//! }
//! ```

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use super::Format;
use crate::maze::Maze;
use crate::stats::{Difficulty, MazeStats};

/// The statistics as a [`Format`]. `output_file`, when set, names the file the maze itself was
/// written to, first in the report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsJson {
    /// The file the maze itself was written to, if any.
    pub output_file: Option<String>,
}

impl StatsJson {
    /// The report for a maze written to `path`.
    pub fn for_file(path: &Path) -> StatsJson {
        StatsJson {
            output_file: Some(path.display().to_string()),
        }
    }
}

/// What the JSON holds, in this order.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    output_file: Option<&'a str>,
    width: u32,
    height: u32,
    seed: u64,
    algorithm: &'static str,
    perfect: bool,
    courtyard: bool,
    entry: [u32; 2],
    exit: [u32; 2],
    stats: Stats<'a>,
}

/// The statistics with the difficulty among them.
#[derive(Serialize)]
struct Stats<'a> {
    #[serde(flatten)]
    stats: &'a MazeStats,
    difficulty: Option<&'a Difficulty>,
}

impl Format for StatsJson {
    fn name(&self) -> &'static str {
        "stats"
    }

    fn extension(&self) -> &'static str {
        "json"
    }

    fn estimated_size(&self, _: &Maze) -> u64 {
        512
    }

    fn write(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let (entry, exit) = (maze.entry(), maze.exit());
        let report = Report {
            output_file: self.output_file.as_deref(),
            width: maze.width(),
            height: maze.height(),
            seed: maze.seed(),
            algorithm: maze.algorithm().name(),
            perfect: maze.options().perfect,
            courtyard: maze.grid().courtyard().is_some(),
            entry: [entry.x, entry.y],
            exit: [exit.x, exit.y],
            stats: Stats {
                stats: maze.measure_stats().map_err(super::refused)?,
                difficulty: maze.measure_difficulty().map_err(super::refused)?,
            },
        };
        serde_json::to_writer_pretty(&mut *out, &report)?;
        out.write_all(b"\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MazeOptions, Pos};

    #[test]
    fn the_report_parses_and_holds_the_maze_and_its_stats() {
        let options = MazeOptions::new(25, 20).seed(3).perfect(false);
        let maze = Maze::generate(options, Pos::new(0, 0), Pos::new(24, 19)).unwrap();
        let mut bytes = Vec::new();
        StatsJson::for_file(Path::new("out/maze.txt"))
            .write(&maze, &mut bytes)
            .unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.ends_with("}\n"), "{text}");
        let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert!(
            text.starts_with("{\n  \"output_file\": "),
            "first, then one a line: {text}"
        );
        assert_eq!(json["output_file"], "out/maze.txt");
        assert_eq!(
            (json["width"].as_u64(), json["height"].as_u64()),
            (Some(25), Some(20))
        );
        assert_eq!(json["seed"], 3);
        assert_eq!(json["algorithm"], "backtracker");
        assert_eq!(json["perfect"], false);
        assert_eq!(json["exit"], serde_json::json!([24, 19]));
        let stats = &json["stats"];
        assert_eq!(stats["cells"], maze.stats().cells);
        assert_eq!(
            stats["path_length"].as_u64(),
            maze.solution().map(|p| p.len() as u64)
        );
        let difficulty = maze.difficulty().unwrap();
        assert_eq!(stats["difficulty"]["level"], difficulty.level.name());
        assert_eq!(stats["difficulty"]["score"], difficulty.score);
        // Without a file, the report starts with the size.
        let mut bytes = Vec::new();
        StatsJson::default().write(&maze, &mut bytes).unwrap();
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert!(json.get("output_file").is_none());
    }
}
