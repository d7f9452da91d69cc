//! Short names the dashboard writes in several places (the sidebar, the status line).

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
