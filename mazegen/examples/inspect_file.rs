//! Opens a maze file the way a maze viewer would, and says how long it took and what is wrong.
//!
//! ```text
//! cargo run --release -p mazegen --example inspect_file -- MAZE_FILE
//! cargo run --release -p mazegen --example inspect_file -- --make 10000x10000 FILE [FLIPS]
//! ```
//!
//! The first form reads the file (the first frame a viewer can draw), then checks it, printing
//! the time of each, the inspection's heap and a summary of its problems. Run under
//! `/usr/bin/time -f %M` it gives the peak memory of inspecting the file. The second form
//! writes a valid maze of that size with FLIPS (default 20) wall bits flipped at random, to
//! have something to inspect.

use std::error::Error;
use std::time::Instant;

use mazegen::format::Hex;
use mazegen::validate::{Expected, Inspection};
use mazegen::{Generator, MazeOptions, Pos};

fn main() -> std::process::ExitCode {
    // Errors as `--check` prints them: one line.
    if let Err(e) = run() {
        eprintln!("inspect_file: {e}");
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [make, size, file, rest @ ..] if make == "--make" => {
            let (w, h) = size.split_once('x').ok_or("size is WIDTHxHEIGHT")?;
            let flips = rest.first().map_or(Ok(20), |f| f.parse())?;
            write_broken_maze(w.parse()?, h.parse()?, file, flips)
        }
        [file] => inspect_file(file),
        _ => Err("usage: inspect_file MAZE_FILE | inspect_file --make WxH FILE [FLIPS]".into()),
    }
}

fn inspect_file(file: &str) -> Result<(), Box<dyn Error>> {
    let start = Instant::now();
    let mut inspection = Inspection::open(file, &Expected::default())?;
    let read = start.elapsed();
    // A viewer would draw its first frame here, and check on another thread.
    let cells = u64::from(inspection.width()) * u64::from(inspection.height());
    let visible = (0..50.min(inspection.height()))
        .flat_map(|y| (0..200.min(inspection.width())).map(move |x| Pos::new(x, y)))
        .filter(|&p| !inspection.cell_marks(p).is_empty())
        .count();
    inspection.check();
    let checked = start.elapsed();
    println!(
        "{file}: {}x{} maze, read in {:.2} s (first frame: {visible} marked cells in view), checked after {:.2} s",
        inspection.width(),
        inspection.height(),
        read.as_secs_f64(),
        checked.as_secs_f64()
    );
    println!(
        "inspection heap: {} bytes, {:.2} bytes a cell",
        inspection.heap_bytes(),
        inspection.heap_bytes() as f64 / cells as f64
    );
    for row in inspection.problem_rows() {
        println!("  {:>9} {:?}: {}", row.count, row.kind, row.summary);
    }
    let mut at = None;
    for _ in 0..5 {
        let Some(next) = inspection.next_location(at) else {
            break;
        };
        for problem in inspection.problems_at(next) {
            println!("  at {next}: {problem}");
        }
        at = Some(next);
    }
    Ok(())
}

fn write_broken_maze(w: u32, h: u32, file: &str, flips: u64) -> Result<(), Box<dyn Error>> {
    let grid = Generator::generate(MazeOptions::new(w, h).seed(42))?;
    let (entry, exit) = (Pos::new(0, 0), Pos::new(w - 1, h - 1));
    let path = grid.shortest_path(entry, exit).ok_or("no path")?;
    let mut text = Hex::grid_to_string(&grid, entry, exit, &path).into_bytes();
    drop(grid);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..flips {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let (x, y) = (state % u64::from(w), (state >> 32) % u64::from(h));
        let at = (y * (u64::from(w) + 1) + x) as usize;
        let value = (text[at] as char).to_digit(16).ok_or("a hex digit")?;
        let flipped = value ^ (1 << (state >> 60 & 3));
        text[at] = char::from_digit(flipped, 16)
            .ok_or("a hex digit")?
            .to_ascii_uppercase() as u8;
    }
    std::fs::write(file, text)?;
    println!("{file}: {w}x{h} maze, {flips} bits flipped");
    Ok(())
}
