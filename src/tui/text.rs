//! Short names the dashboard writes in several places (the sidebar, the status line).

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
    mazegen::quote::escaped(&name).to_string()
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
}
