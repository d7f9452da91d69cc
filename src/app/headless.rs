//! `--headless`: generate, solve and write OUTPUT_FILE, then print a one-line summary.

use std::io;
use std::process::ExitCode;
use std::thread;
use std::time::Instant;

use mazegen::format::svg::{self, SvgOptions};
use mazegen::format::{Outputs, hex};
use mazegen::memory::Use;
use mazegen::rng::random_seed;
use mazegen::stats::MazeStats;
use mazegen::{Generator, shortest_path};
use serde::Serialize;

use super::AppError;
use super::cli::Cli;
use super::{memory, signals};

pub fn run(cli: &Cli) -> Result<ExitCode, AppError> {
    let config = cli.load_config()?;
    cli.check_outputs(&config).map_err(AppError::Usage)?;
    // Killed mid-write, the run must leave no temporary file; the targets stay as they were.
    signals::exit_on_signal(|| {}).map_err(|e| AppError::Runtime(e.to_string()))?;
    let seed = cli.seed.or(config.seed).unwrap_or_else(random_seed);
    let options = config.maze_options(seed);
    memory::check_fits(&options, Use::Headless, cli.max_memory).map_err(AppError::Runtime)?;
    let started = Instant::now();
    let mut generator =
        Generator::new(options.clone()).map_err(|e| AppError::Runtime(e.to_string()))?;
    generator.run();
    let grid = generator.into_grid();
    let (entry, exit) = (config.entry, config.exit);
    // Every output is staged first and all are put in place together: a run that fails on the
    // SVG leaves OUTPUT_FILE as it was.
    let mut outputs = Outputs::new();
    let path = outputs
        .stage(&config.output_file, |out| {
            // The rows do not depend on the path: write them on this core while the other one
            // searches (for a 10000x10000 maze, the write and the search each take a while).
            let found = thread::scope(|scope| {
                let search = scope.spawn(|| shortest_path(&grid, entry, exit));
                hex::write_rows(out, &grid)?;
                io::Result::Ok(
                    search
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                )
            })?;
            let found = found.ok_or_else(|| {
                io::Error::other(format!(
                    "no path from {entry} to {exit} (a bug: please report it)"
                ))
            })?;
            hex::write_footer(out, entry, exit, &found)?;
            Ok(found)
        })
        .map_err(|e| AppError::Runtime(e.to_string()))?;
    if let Some(svg_path) = &cli.svg {
        let options = SvgOptions {
            metadata: svg::maze_metadata(&config.maze_options(seed), entry, exit),
            ..SvgOptions::default()
        };
        outputs
            .stage(svg_path, |out| {
                svg::write_svg(out, &grid, entry, exit, Some(&path), &options)
            })
            .map_err(|e| AppError::Runtime(e.to_string()))?;
    }
    outputs
        .commit()
        .map_err(|e| AppError::Runtime(e.to_string()))?;
    for note in config.landmark_notes() {
        eprintln!("note: {note}");
    }
    let kind = if config.perfect {
        "perfect".to_owned()
    } else {
        format!("board (braid {})", config.braid)
    };
    let files = match &cli.svg {
        Some(svg_path) => format!(
            "{} and {}",
            config.output_file.display(),
            svg_path.display()
        ),
        None => config.output_file.display().to_string(),
    };
    let summary = format!(
        "wrote {files}: {}x{} {kind} maze, seed {seed}, {}, path {} steps, {:.1} ms",
        config.width,
        config.height,
        config.algorithm,
        path.len(),
        started.elapsed().as_secs_f64() * 1000.0,
    );
    if cli.stats {
        // stdout stays pure JSON, for `jq` and scripts.
        eprintln!("{summary}");
        let report = StatsReport {
            output_file: config.output_file.display().to_string(),
            width: config.width,
            height: config.height,
            seed,
            algorithm: config.algorithm.name(),
            perfect: config.perfect,
            courtyard: grid.courtyard().is_some(),
            entry: [entry.x, entry.y],
            exit: [exit.x, exit.y],
            stats: MazeStats::measure(&grid, Some(&path)),
        };
        let json =
            serde_json::to_string_pretty(&report).map_err(|e| AppError::Runtime(e.to_string()))?;
        println!("{json}");
    } else {
        println!("{summary}");
    }
    Ok(ExitCode::SUCCESS)
}

/// What `--headless --stats` prints: the maze's identity, then its statistics.
#[derive(Serialize)]
struct StatsReport {
    output_file: String,
    width: u32,
    height: u32,
    seed: u64,
    algorithm: &'static str,
    perfect: bool,
    courtyard: bool,
    entry: [u32; 2],
    exit: [u32; 2],
    stats: MazeStats,
}
