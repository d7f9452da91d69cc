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
}
