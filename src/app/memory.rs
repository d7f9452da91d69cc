//! Refusing a maze the machine cannot hold, before allocating it: the estimate from
//! `tui::kernel::memory` against the memory the OS says is available (or `--max-memory`); and a
//! random walk that would take minutes on a thin maze (`tui::kernel::walk_time`).

use std::fs;

use crate::tui::human_bytes;
use crate::tui::{Holder, estimated_bytes, walk_takes_too_long};
use mazegen::MazeOptions;

/// Checks that making `options` for `to` fits in `limit` bytes (from `--max-memory`), or in
/// what the OS reports available when no limit is given (no check where it reports nothing).
pub fn check_fits(options: &MazeOptions, to: Holder, limit: Option<u64>) -> Result<(), String> {
    let Some((available, source)) = limit
        .map(|l| (l, "the --max-memory limit of"))
        .or_else(|| available_bytes().map(|a| (a, "the")))
    else {
        return Ok(());
    };
    let needed = estimated_bytes(options, to);
    if needed <= available {
        return Ok(());
    }
    let what = match source {
        "the" => format!("the {} of memory available", human_bytes(available)),
        _ => format!("{source} {}", human_bytes(available)),
    };
    Err(format!(
        "a {}x{} maze with {} needs about {}, more than {what}; choose a smaller size or \
         another ALGORITHM, or raise the limit with --max-memory",
        options.width,
        options.height,
        options.algorithm,
        human_bytes(needed),
    ))
}

/// Refuses a random-walk algorithm estimated to take over a minute on this maze, suggesting
/// algorithms that take linear time.
pub fn check_walk_time(options: &MazeOptions) -> Result<(), String> {
    let Some(seconds) = walk_takes_too_long(options) else {
        return Ok(());
    };
    let minutes = (seconds / 60.0).ceil();
    Err(format!(
        "{} on a {}x{} maze would take about {minutes:.0} minutes or more: its random walk \
         slows with the square of the maze's length; choose another ALGORITHM (backtracker, \
         prim, kruskal, eller...) or a squarer size",
        options.algorithm, options.width, options.height,
    ))
}

/// Memory the process can still use: the OS's `MemAvailable`, capped by the control group's
/// limit when it runs in one (a container). `None` where neither can be read.
pub fn available_bytes() -> Option<u64> {
    let system = fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_available(&text));
    let group = cgroup_room();
    match (system, group) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `MemAvailable` from `/proc/meminfo` text, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// What the cgroup v2 limit leaves: `memory.max` less `memory.current` (`max` means none).
fn cgroup_room() -> Option<u64> {
    let read = |name: &str| fs::read_to_string(format!("/sys/fs/cgroup/{name}")).ok();
    room_below(&read("memory.max")?, &read("memory.current")?)
}

fn room_below(max: &str, current: &str) -> Option<u64> {
    let max: u64 = max.trim().parse().ok()?; // "max": no limit
    let current: u64 = current.trim().parse().ok()?;
    Some(max.saturating_sub(current))
}

/// Parses a `--max-memory` value: `512M`, `2G`, `1.5GiB`, `8000000000`.
pub fn parse_limit(text: &str) -> Result<u64, String> {
    parse_size::parse_size(text).map_err(|e| format!("{e} (try 512M, 2G or 1.5GiB)"))
}

#[cfg(test)]
mod tests {
    use mazegen::Algorithm;

    use super::*;

    #[test]
    fn reads_mem_available() {
        let text = "MemTotal:       24000000 kB\nMemFree:  100 kB\nMemAvailable:   2000000 kB\n";
        assert_eq!(mem_available(text), Some(2_048_000_000));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);
    }

    #[test]
    fn a_cgroup_without_a_limit_sets_none() {
        assert_eq!(room_below("max\n", "1000\n"), None);
        assert_eq!(room_below("5000\n", "1000\n"), Some(4000));
        assert_eq!(room_below("5000\n", "9000\n"), Some(0));
    }

    #[test]
    fn a_maze_too_big_for_the_limit_is_refused_naming_size_and_estimate() {
        let options = MazeOptions::new(100_000, 10_000).algorithm(Algorithm::Kruskal);
        let err = check_fits(&options, Holder::Headless, Some(1 << 30)).unwrap_err();
        assert!(
            err.starts_with("a 100000x10000 maze with kruskal needs about 13.1 GiB"),
            "{err}"
        );
        assert!(err.contains("the --max-memory limit of 1.0 GiB"), "{err}");
        assert!(
            check_fits(
                &MazeOptions::new(100, 100),
                Holder::Dashboard,
                Some(1 << 30)
            )
            .is_ok()
        );
    }

    #[test]
    fn limits_parse_with_units() {
        assert_eq!(parse_limit("2G"), Ok(2_000_000_000));
        assert_eq!(parse_limit("1GiB"), Ok(1 << 30));
        assert_eq!(parse_limit("512M"), Ok(512_000_000));
        assert!(parse_limit("lots").unwrap_err().contains("try 512M"));
    }
}
