//! Short names the dashboard writes in several places (the sidebar, the status line).

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
