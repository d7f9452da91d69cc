//! Writes a 30x20 maze (seed 42) as an SVG drawing, with its path, entry, exit and 42:
//!
//! ```sh
//! cargo run -p mazegen --example svg_export -- assets/example.svg
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use mazegen::format::{Output, Svg};
use mazegen::write_outputs;
use mazegen::{Maze, MazeOptions, Pos};

fn main() -> ExitCode {
    let Some(target) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: cargo run --example svg_export -- OUTPUT.svg");
        return ExitCode::from(2);
    };
    let options = MazeOptions::new(30, 20).seed(42);
    let maze =
        Maze::generate(options, Pos::new(0, 0), Pos::new(29, 19)).expect("30x20 is a valid size");
    // The SVG format names the maze (seed, size, algorithm...) in its <desc> by itself.
    let outputs = [Output::file(Svg::default(), &target)];
    match write_outputs(&maze, &outputs, &mut |_, _, _| {}) {
        Ok(()) => {
            println!("wrote {}", target.display());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
