//! `--headless --race`: each algorithm carves the config's maze from the same seed, BFS solves
//! it, and a table compares them (nothing is written).

use std::fmt::Write as _;
use std::process::ExitCode;

use color_eyre::eyre;
use mazegen::Algorithm;

use super::AppError;
use super::cli::Cli;
use super::{memory, say};
use crate::tui::{Holder, Lap};

pub fn run(cli: &Cli, algorithms: &[Algorithm]) -> eyre::Result<ExitCode> {
    let config = cli.load_config().map_err(AppError::from)?;
    for departure in config.departures() {
        say::err(format_args!("warning: {departure}"));
    }
    let seed = cli.seed.or(config.seed).unwrap_or_else(rand::random);
    let mut laps = Vec::new();
    for &algorithm in algorithms {
        let options = config.maze_options(seed).algorithm(algorithm);
        memory::check_fits(&options, Holder::Headless, cli.max_memory)
            .map_err(AppError::TooLarge)?;
        memory::check_walk_time(&options).map_err(AppError::TooSlow)?;
        let lap = Lap::run(options, config.entry, config.exit).map_err(AppError::from)?;
        laps.push(lap);
    }
    say::out_text(table(&laps, config.width, config.height, seed));
    Ok(ExitCode::SUCCESS)
}

/// The race's table, one line a lap, headed by the maze it was run on.
fn table(laps: &[Lap], width: u32, height: u32, seed: u64) -> String {
    let mut out = format!("race on a {width}x{height} maze, seed {seed}\n");
    let _ = writeln!(
        out,
        "{:<20} {:>10} {:>10} {:>8} {:>6} {:>10}",
        "algorithm", "steps", "dead ends", "path", "river", "time"
    );
    for lap in laps {
        let path = lap.path.map_or_else(|| "–".to_owned(), |p| p.to_string());
        let _ = writeln!(
            out,
            "{:<20} {:>10} {:>10} {:>8} {:>5.0}% {:>7.2} ms",
            lap.algorithm.name(),
            lap.steps,
            lap.dead_ends,
            path,
            lap.river_factor * 100.0,
            lap.time.as_secs_f64() * 1000.0
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_table_has_a_line_a_lap_in_columns() {
        let lap = |algorithm, path| Lap {
            algorithm,
            steps: 1234,
            dead_ends: 56,
            path,
            river_factor: 0.775,
            time: Duration::from_micros(1500),
        };
        let text = table(
            &[
                lap(Algorithm::Backtracker, Some(151)),
                lap(Algorithm::Kruskal, None),
            ],
            25,
            20,
            42,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "race on a 25x20 maze, seed 42");
        assert_eq!(
            lines[2],
            "backtracker                1234         56      151    78%    1.50 ms"
        );
        assert!(lines[3].starts_with("kruskal "), "{}", lines[3]);
        assert!(lines[3].contains(" – "), "no path: {}", lines[3]);
        assert_eq!(lines.len(), 4);
    }
}
