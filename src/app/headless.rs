//! `--headless`: generate, solve and write OUTPUT_FILE, then print a one-line summary.

use std::io;
use std::process::ExitCode;
use std::thread;
use std::time::Instant;

use mazegen::config::Config;
use mazegen::format::{hex, write_atomically};
use mazegen::grid::{STAMP_MIN_HEIGHT, STAMP_MIN_WIDTH};
use mazegen::rng::random_seed;
use mazegen::{Generator, shortest_path};

use super::AppError;
use super::cli::Cli;

pub fn run(cli: &Cli) -> Result<ExitCode, AppError> {
    let config = Config::load(cli.config_or_default())?;
    let seed = cli.seed.or(config.seed).unwrap_or_else(random_seed);
    let started = Instant::now();
    let mut generator =
        Generator::new(config.maze_options(seed)).map_err(|e| AppError::Runtime(e.to_string()))?;
    generator.run();
    let grid = generator.into_grid();
    let (entry, exit) = (config.entry, config.exit);
    let path = write_atomically(&config.output_file, |out| {
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
    if grid.stamp().is_none() {
        eprintln!("{}", too_small_for_42(&config));
    }
    let kind = if config.perfect {
        "perfect".to_owned()
    } else {
        format!("board (braid {})", config.braid)
    };
    println!(
        "wrote {}: {}x{} {kind} maze, seed {seed}, {}, path {} steps, {:.1} ms",
        config.output_file.display(),
        config.width,
        config.height,
        config.algorithm,
        path.len(),
        started.elapsed().as_secs_f64() * 1000.0,
    );
    Ok(ExitCode::SUCCESS)
}

/// The console note for a maze without room for the 42.
pub fn too_small_for_42(config: &Config) -> String {
    format!(
        "note: the {}x{} maze is too small for the 42 (it needs at least {STAMP_MIN_WIDTH}x{STAMP_MIN_HEIGHT}); generated without it",
        config.width, config.height
    )
}
