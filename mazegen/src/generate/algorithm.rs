//! The generation algorithms by name: what `ALGORITHM=` and `--algorithm` accept.

use std::fmt;
use std::str::FromStr;

use super::aldous_broder::AldousBroder;
use super::backtracker::Backtracker;
use super::binary_tree::BinaryTree;
use super::carve::Carve;
use super::eller::Eller;
use super::growing_tree::{GrowingTree, Mode};
use super::hunt_and_kill::HuntAndKill;
use super::kruskal::Kruskal;
use super::prim::Prim;
use super::recursive_division::RecursiveDivision;
use super::sidewinder::Sidewinder;
use super::wilson::Wilson;
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::rng::MazeRng;

/// The generation algorithms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Recursive backtracker (depth-first search): long, winding corridors, few dead ends.
    #[default]
    Backtracker,
    /// Prim's algorithm (simplified): grows from a random frontier cell at a time; short,
    /// branching corridors and many dead ends.
    Prim,
    /// Kruskal's algorithm: walls opened in random order when they join two trees; many short
    /// dead ends, evenly spread.
    Kruskal,
    /// Wilson's algorithm: loop-erased random walks; every maze equally likely.
    Wilson,
    /// Aldous-Broder: a random walk that carves into each cell it enters for the first time;
    /// every maze equally likely, slow to finish.
    AldousBroder,
    /// Hunt-and-kill: random walks until stuck, then a hunt for the next cell to walk from;
    /// long corridors like the backtracker's, with more branching.
    HuntAndKill,
    /// Growing tree, always from the newest active cell: a depth-first search again.
    GrowingTreeNewest,
    /// Growing tree from a random active cell: Prim-like, short branches, many dead ends.
    GrowingTreeRandom,
    /// Growing tree from the newest active cell half the time, a random one otherwise.
    GrowingTreeMixed,
    /// Binary tree: each cell opens north or east; a corridor along the top and the east side.
    BinaryTree,
    /// Sidewinder: runs east closed by one opening north; a corridor along the top.
    Sidewinder,
    /// Eller's algorithm: row by row, with one row of memory.
    Eller,
    /// Recursive division: builds walls into an open field, splitting chambers in two.
    RecursiveDivision,
}

impl Algorithm {
    /// Every algorithm, in the order the dashboard cycles through them.
    pub const ALL: &[Algorithm] = &[
        Algorithm::Backtracker,
        Algorithm::Prim,
        Algorithm::Kruskal,
        Algorithm::Wilson,
        Algorithm::AldousBroder,
        Algorithm::HuntAndKill,
        Algorithm::GrowingTreeNewest,
        Algorithm::GrowingTreeRandom,
        Algorithm::GrowingTreeMixed,
        Algorithm::BinaryTree,
        Algorithm::Sidewinder,
        Algorithm::Eller,
        Algorithm::RecursiveDivision,
    ];

    /// The name used by `ALGORITHM=` and `--algorithm`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Backtracker => "backtracker",
            Algorithm::Prim => "prim",
            Algorithm::Kruskal => "kruskal",
            Algorithm::Wilson => "wilson",
            Algorithm::AldousBroder => "aldous-broder",
            Algorithm::HuntAndKill => "hunt-and-kill",
            Algorithm::GrowingTreeNewest => "growing-tree-newest",
            Algorithm::GrowingTreeRandom => "growing-tree-random",
            Algorithm::GrowingTreeMixed => "growing-tree-mixed",
            Algorithm::BinaryTree => "binary-tree",
            Algorithm::Sidewinder => "sidewinder",
            Algorithm::Eller => "eller",
            Algorithm::RecursiveDivision => "recursive-division",
        }
    }

    /// Other names accepted for it (after lower-casing and turning `-` into `_`).
    const fn aliases(self) -> &'static [&'static str] {
        match self {
            Algorithm::Backtracker => &["recursive_backtracker", "dfs"],
            Algorithm::Prim => &["prims", "prim's", "simplified_prim"],
            Algorithm::Kruskal => &["kruskals", "kruskal's", "union_find"],
            Algorithm::Wilson => &["wilsons", "wilson's", "loop_erased_random_walk", "lerw"],
            Algorithm::AldousBroder => &["aldous", "broder", "ab"],
            Algorithm::HuntAndKill => &["hunt_kill", "hunt", "hak"],
            Algorithm::GrowingTreeNewest => &["growing_tree_last", "growing_tree_dfs"],
            Algorithm::GrowingTreeRandom => &["growing_tree_prim", "growing_tree_any"],
            Algorithm::GrowingTreeMixed => &["growing_tree", "growing_tree_mix"],
            Algorithm::BinaryTree => &["binary", "btree"],
            Algorithm::Sidewinder => &["side_winder", "winder"],
            Algorithm::Eller => &["ellers", "eller_s", "row_by_row"],
            Algorithm::RecursiveDivision => &["division", "divide"],
        }
    }

    /// The valid names, comma separated, for error messages.
    pub fn names() -> String {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        names.join(", ")
    }

    /// The algorithm after this one in [`Algorithm::ALL`], wrapping round.
    pub fn next(self) -> Algorithm {
        let at = Algorithm::ALL.iter().position(|&a| a == self).unwrap_or(0);
        Algorithm::ALL[(at + 1) % Algorithm::ALL.len()]
    }

    /// A fresh run of this algorithm on `grid` (closed, with its landmarks) from `start`.
    pub(crate) fn carver(self, grid: &mut Grid, start: Pos, rng: &mut MazeRng) -> Box<dyn Carve> {
        match self {
            Algorithm::Backtracker => Box::new(Backtracker::new(grid, start)),
            Algorithm::Prim => Box::new(Prim::new(grid, start)),
            Algorithm::Kruskal => Box::new(Kruskal::new(grid, start, rng)),
            Algorithm::Wilson => Box::new(Wilson::new(grid, start)),
            Algorithm::AldousBroder => Box::new(AldousBroder::new(grid, start)),
            Algorithm::HuntAndKill => Box::new(HuntAndKill::new(grid, start)),
            Algorithm::GrowingTreeNewest => Box::new(GrowingTree::new(grid, start, Mode::Newest)),
            Algorithm::GrowingTreeRandom => Box::new(GrowingTree::new(grid, start, Mode::Random)),
            Algorithm::GrowingTreeMixed => Box::new(GrowingTree::new(grid, start, Mode::Mixed)),
            Algorithm::BinaryTree => Box::new(BinaryTree::new(grid, start)),
            Algorithm::Sidewinder => Box::new(Sidewinder::new(grid, start)),
            Algorithm::Eller => Box::new(Eller::new(grid, start)),
            Algorithm::RecursiveDivision => Box::new(RecursiveDivision::new(grid, start)),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An algorithm name that is not one of [`Algorithm::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm \"{0}\" (valid: {names})", names = Algorithm::names())]
pub struct UnknownAlgorithm(pub String);

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    /// Case-insensitive; `-`, `_` and spaces are interchangeable, and a few common other names
    /// are accepted (`dfs` for the backtracker, for instance).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase().replace(['-', ' '], "_");
        Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.name().replace('-', "_") == key || a.aliases().contains(&key.as_str()))
            .ok_or_else(|| UnknownAlgorithm(s.trim().to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_loosely_and_errors_list_the_valid_ones() {
        for &algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse(), Ok(algorithm));
            assert_eq!(algorithm.name().to_uppercase().parse(), Ok(algorithm));
            let spaced = algorithm.name().replace('-', " ");
            assert_eq!(spaced.parse(), Ok(algorithm), "{spaced}");
        }
        assert_eq!("Recursive-Backtracker".parse(), Ok(Algorithm::Backtracker));
        assert_eq!(" dfs ".parse(), Ok(Algorithm::Backtracker));
        assert_eq!("Prim's".parse(), Ok(Algorithm::Prim));
        assert_eq!("Aldous Broder".parse(), Ok(Algorithm::AldousBroder));
        assert_eq!("Hunt and Kill".parse(), Ok(Algorithm::HuntAndKill));
        assert_eq!("Growing Tree".parse(), Ok(Algorithm::GrowingTreeMixed));
        let err = "nope".parse::<Algorithm>().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("unknown algorithm \"nope\" (valid: {})", Algorithm::names())
        );
        assert!(Algorithm::names().starts_with("backtracker"));
    }

    #[test]
    fn next_cycles_through_all_of_them() {
        let mut seen = vec![Algorithm::default()];
        let mut at = Algorithm::default().next();
        while at != Algorithm::default() {
            seen.push(at);
            at = at.next();
        }
        assert_eq!(seen, Algorithm::ALL);
    }

    #[test]
    fn names_are_unique_and_kebab_case() {
        for (i, a) in Algorithm::ALL.iter().enumerate() {
            assert!(a.name().chars().all(|c| c.is_ascii_lowercase() || c == '-'));
            for b in &Algorithm::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
    }
}
