//! Short names and numbers the dashboard writes in several places (the sidebar, the status
//! line, the canvas).

use std::path::Path;
use std::time::Duration;

use mazegen::Solver;

/// A solver's short name, to fit this pane's 13-character column and the status line.
pub fn solver_label(solver: Solver) -> &'static str {
    match solver {
        Solver::Bfs => "BFS",
        Solver::AStar => "A*",
        Solver::Dfs => "DFS",
        Solver::LeftHand => "Left hand",
        Solver::RightHand => "Right hand",
        Solver::DeadEndFilling => "Dead-end fill",
        _ => solver.name(),
    }
}

/// 9.4 s, 1:02.5.
pub fn clock(time: Duration) -> String {
    let tenths = time.as_millis() / 100;
    let (minutes, tenths) = (tenths / 600, tenths % 600);
    match minutes {
        0 => format!("{}.{} s", tenths / 10, tenths % 10),
        m => format!("{m}:{:02}.{}", tenths / 10, tenths % 10),
    }
}

/// A file's name without its folder, control characters escaped (titles are drawn raw): the
/// canvas title's `maze.txt ✓`.
pub fn file_name(path: &Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    mazegen::escaped(&name).to_string()
}

/// `512 bytes`, `3.0 KiB`, `1.0 MiB`, `4.2 GiB`: sizes for messages, written as mazegen's own
/// errors write them (a file over its size limit).
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// A path for a message, control characters escaped as mazegen's own errors show one (not
/// valid UTF-8: replaced, as `Path::display` does).
pub fn shown_path(path: &Path) -> String {
    mazegen::escaped(&path.to_string_lossy()).to_string()
}

/// 0:04, 1:02:03: the message log's time since the dashboard started.
pub fn since_start(time: Duration) -> String {
    let seconds = time.as_secs();
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match hours {
        0 => format!("{minutes}:{seconds:02}"),
        h => format!("{h}:{minutes:02}:{seconds:02}"),
    }
}

/// `text` cut to `width` characters, its last one an ellipsis when anything was cut, so a
/// cut line says it is cut.
pub fn clipped(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let kept: String = text.chars().take(width.saturating_sub(1)).collect();
    if width == 0 {
        kept
    } else {
        format!("{kept}…")
    }
}

/// As many of `names` as fit in `width` characters, two spaces apart, then how many more
/// there are ("+3 more"): a shell's list of completions on one line.
pub fn listed(names: &[String], width: usize) -> String {
    let mut line = String::new();
    for (i, name) in names.iter().enumerate() {
        let sep = if line.is_empty() { "" } else { "  " };
        let rest = names.len() - i - 1;
        let more = if rest > 0 {
            format!("  +{rest} more")
        } else {
            String::new()
        };
        let needed = line.chars().count() + sep.len() + name.chars().count() + more.chars().count();
        if needed > width {
            let left = names.len() - i;
            let tail = format!("{sep}+{left} more");
            return clipped(&format!("{line}{tail}"), width);
        }
        line.push_str(sep);
        line.push_str(name);
    }
    line
}

/// A count in at most four characters, for a column a big maze's counts would outgrow: 999,
/// 1.9k, 12k, 999k, 2.4M, 12M, 1.2G. Digits are cut, never rounded up, so 1953 is 1.9k and a
/// count never reads as more than it is.
pub fn compact(n: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")];
    for (unit, suffix) in UNITS {
        if n >= unit {
            let whole = n / unit;
            return if whole >= 10 {
                format!("{whole}{suffix}")
            } else {
                format!("{whole}.{}{suffix}", n % unit * 10 / unit)
            };
        }
    }
    n.to_string()
}

/// The first of `texts` (longest first) that fits in `room` characters, else the last.
pub fn first_fitting(texts: impl IntoIterator<Item = String>, room: usize) -> String {
    let mut last = String::new();
    for text in texts {
        if text.chars().count() <= room {
            return text;
        }
        last = text;
    }
    last
}

/// `first · word second` in `room` characters: the counts as they are, else compact, else with
/// `short` for `word` (`398720 · junctions 1953`, `398k · junctions 1.9k`, `398k · junct. 1.9k`).
pub fn two_counts(first: u64, word: &str, short: &str, second: u64, room: usize) -> String {
    let (a, b) = (compact(first), compact(second));
    first_fitting(
        [
            format!("{first} · {word} {second}"),
            format!("{a} · {word} {b}"),
            format!("{a} · {short} {b}"),
        ],
        room,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_lose_their_folder_and_their_control_characters() {
        assert_eq!(file_name(Path::new("out/maze.txt")), "maze.txt");
        assert_eq!(file_name(Path::new("m\u{1b}[2J.txt")), r"m\u{1b}[2J.txt");
    }

    #[test]
    fn times_since_start_read_as_a_clock() {
        assert_eq!(since_start(Duration::from_millis(4_900)), "0:04");
        assert_eq!(since_start(Duration::from_secs(62)), "1:02");
        assert_eq!(since_start(Duration::from_secs(3_723)), "1:02:03");
    }

    #[test]
    fn a_cut_line_ends_with_an_ellipsis() {
        assert_eq!(
            clipped("step 3 goes east from (0,0)", 18),
            "step 3 goes east …"
        );
        assert_eq!(clipped("short", 18), "short");
        assert_eq!(clipped("exactly", 7), "exactly");
        assert_eq!(clipped("cut", 0), "");
    }

    #[test]
    fn names_that_do_not_fit_are_counted() {
        let names: Vec<String> = ["maze_a.txt", "maze_b.txt", "maze_c.txt"]
            .map(String::from)
            .to_vec();
        assert_eq!(listed(&names, 80), "maze_a.txt  maze_b.txt  maze_c.txt");
        assert_eq!(listed(&names, 30), "maze_a.txt  +2 more");
        assert_eq!(listed(&names, 8), "+3 more");
    }

    #[test]
    fn compact_numbers_take_at_most_four_characters_and_never_round_up() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1_000, "1.0k"),
            (1_953, "1.9k"),
            (9_999, "9.9k"),
            (10_000, "10k"),
            (398_720, "398k"),
            (999_999, "999k"),
            (1_000_000, "1.0M"),
            (2_412_345, "2.4M"),
            (12_000_000, "12M"),
            (999_999_999, "999M"),
            (1_234_567_890, "1.2G"),
            (u64::MAX, "18446744073G"),
        ];
        for (n, text) in cases {
            assert_eq!(compact(n), text, "{n}");
        }
        assert!(
            (0..2_000_000u64)
                .step_by(997)
                .all(|n| compact(n).len() <= 4)
        );
    }

    #[test]
    fn the_first_text_that_fits_is_taken() {
        let texts = || ["a long one".to_owned(), "short".to_owned(), "s".to_owned()];
        assert_eq!(first_fitting(texts(), 20), "a long one");
        assert_eq!(first_fitting(texts(), 5), "short");
        assert_eq!(first_fitting(texts(), 0), "s");
    }

    #[test]
    fn two_counts_shrink_their_numbers_then_their_word() {
        let line = |a, b, room| two_counts(a, "junctions", "junct.", b, room);
        assert_eq!(line(12, 7, 19), "12 · junctions 7");
        assert_eq!(line(1980, 1953, 21), "1980 · junctions 1953");
        // The sidebar's column at 200x100 and 2000x2000.
        assert_eq!(line(1980, 1953, 19), "1.9k · junct. 1.9k");
        assert_eq!(line(398_720, 12_400, 20), "398k · junctions 12k");
        assert_eq!(line(398_720, 399_001, 19), "398k · junct. 399k");
    }
}
