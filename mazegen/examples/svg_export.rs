//! Writes a 30x20 maze (seed 42) as an SVG drawing, with its path, entry, exit and 42:
//!
//! ```sh
//! cargo run -p mazegen --example svg_export -- assets/example.svg
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use mazegen::format::svg::{SvgOptions, maze_metadata, write_svg};
use mazegen::format::write_atomically;
use mazegen::{Generator, MazeOptions, Pos, shortest_path};

fn main() -> ExitCode {
    let Some(target) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: cargo run --example svg_export -- OUTPUT.svg");
        return ExitCode::from(2);
    };
    let maze = MazeOptions::new(30, 20).seed(42);
    let (entry, exit) = (Pos::new(0, 0), Pos::new(29, 19));
    let grid = Generator::generate(maze.clone()).expect("30x20 is a valid size");
    let path = shortest_path(&grid, entry, exit).expect("a perfect maze connects every cell");
    let options = SvgOptions {
        metadata: maze_metadata(&maze, entry, exit),
        ..SvgOptions::default()
    };
    let written = write_atomically(&target, |out| {
        write_svg(out, &grid, entry, exit, Some(&path), &options)
    });
    match written {
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
