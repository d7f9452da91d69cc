//! The solvers by name: what the dashboard cycles through and a config could name.

use std::fmt;
use std::str::FromStr;

use super::{AStar, Bfs, DeadEndFilling, Dfs, Hand, Search, WallFollower};
use crate::geometry::Pos;
use crate::grid::Grid;

/// The maze solvers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Solver {
    /// Breadth-first search: a shortest path, the one written to the maze file.
    #[default]
    Bfs,
    /// A* with the Manhattan distance to the goal: a shortest path, usually searching fewer
    /// cells than BFS.
    AStar,
    /// Depth-first search: down one corridor as far as it goes, backing out of dead ends.
    Dfs,
    /// Wall follower keeping its left hand on the wall.
    LeftHand,
    /// Wall follower keeping its right hand on the wall.
    RightHand,
    /// Dead-end filling: fills dead ends until only the ways between the ends are left.
    DeadEndFilling,
}

impl Solver {
    /// Every solver, in the order the dashboard cycles through them; BFS first.
    pub const ALL: &[Solver] = &[
        Solver::Bfs,
        Solver::AStar,
        Solver::Dfs,
        Solver::LeftHand,
        Solver::RightHand,
        Solver::DeadEndFilling,
    ];

    /// The kebab-case name, e.g. `a-star`.
    pub const fn name(self) -> &'static str {
        match self {
            Solver::Bfs => "bfs",
            Solver::AStar => "a-star",
            Solver::Dfs => "dfs",
            Solver::LeftHand => "left-hand",
            Solver::RightHand => "right-hand",
            Solver::DeadEndFilling => "dead-end-filling",
        }
    }

    /// A short name for the dashboard's sidebar.
    pub const fn label(self) -> &'static str {
        match self {
            Solver::Bfs => "BFS",
            Solver::AStar => "A*",
            Solver::Dfs => "DFS",
            Solver::LeftHand => "Left hand",
            Solver::RightHand => "Right hand",
            Solver::DeadEndFilling => "Dead-end fill",
        }
    }

    /// Other names accepted for it (after lower-casing and turning `-` and spaces into `_`).
    const fn aliases(self) -> &'static [&'static str] {
        match self {
            Solver::Bfs => &["breadth_first", "breadth_first_search"],
            Solver::AStar => &["astar", "a*"],
            Solver::Dfs => &["depth_first", "depth_first_search"],
            Solver::LeftHand => &[
                "left",
                "left_hand_rule",
                "left_wall",
                "wall_follower",
                "wall_follower_left",
            ],
            Solver::RightHand => &[
                "right",
                "right_hand_rule",
                "right_wall",
                "wall_follower_right",
            ],
            Solver::DeadEndFilling => &["dead_end", "dead_ends", "dead_end_fill", "deadend"],
        }
    }

    /// The valid names, comma separated, for error messages.
    pub fn names() -> String {
        let names: Vec<&str> = Solver::ALL.iter().map(|s| s.name()).collect();
        names.join(", ")
    }

    /// The solver after this one in [`Solver::ALL`], wrapping round.
    pub fn next(self) -> Solver {
        let at = Solver::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Solver::ALL[(at + 1) % Solver::ALL.len()]
    }

    /// A search of `grid` from `from` to `to`, both inside it, ready to step.
    pub fn start(self, grid: &Grid, from: Pos, to: Pos) -> Box<dyn Search> {
        match self {
            Solver::Bfs => Box::new(Bfs::new(grid, from, to)),
            Solver::AStar => Box::new(AStar::new(grid, from, to)),
            Solver::Dfs => Box::new(Dfs::new(grid, from, to)),
            Solver::LeftHand => Box::new(WallFollower::new(grid, from, to, Hand::Left)),
            Solver::RightHand => Box::new(WallFollower::new(grid, from, to, Hand::Right)),
            Solver::DeadEndFilling => Box::new(DeadEndFilling::new(grid, from, to)),
        }
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A solver name that is not one of [`Solver::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown solver \"{0}\" (valid: {names})", names = Solver::names())]
pub struct UnknownSolver(pub String);

impl FromStr for Solver {
    type Err = UnknownSolver;

    /// Case-insensitive; `-`, `_` and spaces are interchangeable, and a few common other names
    /// are accepted (`astar`, `wall-follower` for the left hand, for instance).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase().replace(['-', ' '], "_");
        Solver::ALL
            .iter()
            .copied()
            .find(|v| v.name().replace('-', "_") == key || v.aliases().contains(&key.as_str()))
            .ok_or_else(|| UnknownSolver(s.trim().to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_loosely_and_errors_list_the_valid_ones() {
        for &solver in Solver::ALL {
            assert_eq!(solver.name().parse(), Ok(solver));
            assert_eq!(solver.to_string().parse(), Ok(solver));
            assert_eq!(solver.name().to_uppercase().parse(), Ok(solver));
            for sep in [" ", "_"] {
                let other = solver.name().replace('-', sep);
                assert_eq!(other.parse(), Ok(solver), "{other}");
            }
        }
        for (alias, solver) in [
            ("AStar", Solver::AStar),
            ("a*", Solver::AStar),
            (" A_Star ", Solver::AStar),
            ("wall-follower", Solver::LeftHand),
            ("Wall Follower", Solver::LeftHand),
            ("right", Solver::RightHand),
            ("dead_end_fill", Solver::DeadEndFilling),
            ("breadth-first-search", Solver::Bfs),
            ("depth first", Solver::Dfs),
        ] {
            assert_eq!(alias.parse(), Ok(solver), "{alias}");
        }
        let err = "dijkstra".parse::<Solver>().unwrap_err();
        assert_eq!(err, UnknownSolver("dijkstra".into()));
        assert_eq!(
            err.to_string(),
            "unknown solver \"dijkstra\" (valid: bfs, a-star, dfs, left-hand, right-hand, \
             dead-end-filling)"
        );
        assert!("".parse::<Solver>().is_err());
    }

    #[test]
    fn bfs_is_first_and_next_cycles_through_all_of_them() {
        assert_eq!(Solver::ALL[0], Solver::Bfs);
        assert_eq!(Solver::default(), Solver::Bfs);
        let mut seen = vec![Solver::default()];
        let mut at = Solver::default().next();
        while at != Solver::default() {
            seen.push(at);
            at = at.next();
        }
        assert_eq!(seen, Solver::ALL);
    }

    #[test]
    fn names_and_labels_are_unique_and_names_kebab_case() {
        for (i, a) in Solver::ALL.iter().enumerate() {
            assert!(a.name().chars().all(|c| c.is_ascii_lowercase() || c == '-'));
            assert!(
                !a.label().is_empty() && a.label().len() <= 13,
                "{}",
                a.label()
            );
            for b in &Solver::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
                assert_ne!(a.label(), b.label());
            }
        }
    }

    #[test]
    fn a_started_search_is_the_solver_asked_for() {
        let grid = Grid::new(4, 3).unwrap();
        for &solver in Solver::ALL {
            let search = solver.start(&grid, Pos::new(0, 0), Pos::new(3, 2));
            assert_eq!(search.solver(), solver);
            assert!(!search.is_done());
        }
    }
}
