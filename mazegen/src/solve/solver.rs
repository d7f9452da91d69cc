//! The solvers by name: what the dashboard cycles through and a config could name.
//!
//! Adding a solver: its file, a variant here with its doc and aliases (its name is the
//! variant's in kebab-case), its arm in `Solver::start`, and its `mod` line in `solve.rs`.

use strum::VariantArray;

use super::{AStar, Bfs, DeadEndFilling, Dfs, Hand, Search, WallFollower};
use crate::geometry::Pos;
use crate::grid::{Grid, SizeError};
use crate::registry;

/// The maze solvers, in the order the dashboard cycles through them, BFS first. Each displays
/// as its name, the variant's in kebab-case (`a-star`); the aliases are other names
/// [`FromStr`](std::str::FromStr) accepts.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    strum::Display,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::VariantArray,
    strum::EnumProperty,
)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum Solver {
    /// Breadth-first search: a shortest path, the one written to the maze file.
    #[default]
    #[strum(props(aliases = "breadth-first breadth-first-search"))]
    Bfs,
    /// A* with the Manhattan distance to the goal: a shortest path, usually searching fewer
    /// cells than BFS.
    #[strum(props(aliases = "astar a*"))]
    AStar,
    /// Depth-first search: down one corridor as far as it goes, backing out of dead ends.
    #[strum(props(aliases = "depth-first depth-first-search"))]
    Dfs,
    /// Wall follower keeping its left hand on the wall.
    #[strum(props(aliases = "left left-hand-rule left-wall wall-follower wall-follower-left"))]
    LeftHand,
    /// Wall follower keeping its right hand on the wall.
    #[strum(props(aliases = "right right-hand-rule right-wall wall-follower-right"))]
    RightHand,
    /// Dead-end filling: fills dead ends until only the ways between the ends are left.
    #[strum(props(aliases = "dead-end dead-ends dead-end-fill deadend"))]
    DeadEndFilling,
}

impl Solver {
    /// Every solver, in the order the dashboard cycles through them; BFS first.
    pub const ALL: &[Solver] = Solver::VARIANTS;

    /// The kebab-case name, e.g. `a-star`.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The valid names, comma separated, for error messages.
    pub fn names() -> String {
        registry::names::<Solver>()
    }

    /// The solver after this one in [`Solver::ALL`], wrapping round.
    pub fn next(self) -> Solver {
        registry::next(self)
    }

    /// A search of `grid` from `from` to `to`, both inside it, ready to step. It takes the
    /// grid again at each step (a session keeps the grid and the search apart);
    /// [`Solver::search`] gives one that holds it instead.
    pub(crate) fn start(self, grid: &Grid, from: Pos, to: Pos) -> Box<dyn Search> {
        super::or_abort(self.try_start(grid, from, to), grid)
    }

    /// [`Solver::start`], or [`SizeError::NotEnoughMemory`] ("not enough memory for the
    /// search of the WxH maze") when the allocator refuses the search its per-cell state (a
    /// byte a cell, five for A*) or the dead ends dead-end filling queues at the outset.
    ///
    /// A working set that grows as the search steps (a queue, a heap, a path) and is refused
    /// ends the search there, unfinished: see [`Search::failure`].
    pub(crate) fn try_start(
        self,
        grid: &Grid,
        from: Pos,
        to: Pos,
    ) -> Result<Box<dyn Search>, SizeError> {
        Ok(match self {
            // BFS's own error is the grid's sentence; a search says what it was for.
            Solver::Bfs => {
                Box::new(Bfs::try_new(grid, from, to).map_err(|_| super::search_refused(grid))?)
            }
            Solver::AStar => Box::new(AStar::try_new(grid, from, to)?),
            Solver::Dfs => Box::new(Dfs::try_new(grid, from, to)?),
            Solver::LeftHand => Box::new(WallFollower::try_new(grid, from, to, Hand::Left)?),
            Solver::RightHand => Box::new(WallFollower::try_new(grid, from, to, Hand::Right)?),
            Solver::DeadEndFilling => Box::new(DeadEndFilling::try_new(grid, from, to)?),
        })
    }
}

impl std::str::FromStr for Solver {
    type Err = crate::Error;

    /// Case-insensitive; `-`, `_` and spaces are interchangeable, and a few common other names
    /// are accepted (`astar`, `wall-follower` for the left hand, for instance). An unknown
    /// name is [`crate::Error::UnknownSolver`], listing the valid ones.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        registry::parse(s).ok_or_else(|| crate::Error::UnknownSolver {
            name: s.trim().to_owned(),
            valid: Solver::names(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_loosely_and_errors_list_the_valid_ones() {
        for &solver in Solver::ALL {
            assert_eq!(solver.name().parse().ok(), Some(solver));
            assert_eq!(solver.to_string().parse().ok(), Some(solver));
            assert_eq!(solver.name().to_uppercase().parse().ok(), Some(solver));
            for sep in [" ", "_"] {
                let other = solver.name().replace('-', sep);
                assert_eq!(other.parse().ok(), Some(solver), "{other}");
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
            assert_eq!(alias.parse().ok(), Some(solver), "{alias}");
        }
        let err = "dijkstra".parse::<Solver>().unwrap_err();
        assert!(matches!(&err, crate::Error::UnknownSolver { name, .. } if name == "dijkstra"));
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
    fn names_and_aliases_round_trip_and_are_unique() {
        registry::check::<Solver>();
        assert_eq!(Solver::AStar.name(), "a-star");
        assert_eq!(Solver::DeadEndFilling.as_ref(), "dead-end-filling");
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
