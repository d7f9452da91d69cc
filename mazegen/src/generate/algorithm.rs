//! The generation algorithms by name: what `ALGORITHM=` and `--algorithm` accept.
//!
//! Adding an algorithm: its file, a variant here with its doc and aliases (its name is the
//! variant's in kebab-case), its arm in `Algorithm::carver`, and its `mod` line in
//! `generate.rs`.

use strum::VariantArray;

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
use crate::bytes::OutOfMemory;
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::registry;
use crate::rng::MazeRng;

/// The generation algorithms, in the order the dashboard cycles through them. Each displays as
/// its name, the variant's in kebab-case (`aldous-broder`); the aliases are other names
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
pub enum Algorithm {
    /// Recursive backtracker (depth-first search): long, winding corridors, few dead ends.
    #[default]
    #[strum(props(aliases = "recursive-backtracker dfs"))]
    Backtracker,
    /// Prim's algorithm (simplified): grows from a random frontier cell at a time; short,
    /// branching corridors and many dead ends.
    #[strum(props(aliases = "prims prim's simplified-prim"))]
    Prim,
    /// Kruskal's algorithm: walls opened in random order when they join two trees; many short
    /// dead ends, evenly spread.
    #[strum(props(aliases = "kruskals kruskal's union-find"))]
    Kruskal,
    /// Wilson's algorithm: loop-erased random walks; every maze equally likely.
    #[strum(props(aliases = "wilsons wilson's loop-erased-random-walk lerw"))]
    Wilson,
    /// Aldous-Broder: a random walk that carves into each cell it enters for the first time;
    /// every maze equally likely, slow to finish.
    #[strum(props(aliases = "aldous broder ab"))]
    AldousBroder,
    /// Hunt-and-kill: random walks until stuck, then a hunt for the next cell to walk from;
    /// long corridors like the backtracker's, with more branching.
    #[strum(props(aliases = "hunt-kill hunt hak"))]
    HuntAndKill,
    /// Growing tree, always from the newest active cell: a depth-first search again.
    #[strum(props(aliases = "growing-tree-last growing-tree-dfs"))]
    GrowingTreeNewest,
    /// Growing tree from a random active cell: Prim-like, short branches, many dead ends.
    #[strum(props(aliases = "growing-tree-prim growing-tree-any"))]
    GrowingTreeRandom,
    /// Growing tree from the newest active cell half the time, a random one otherwise.
    #[strum(props(aliases = "growing-tree growing-tree-mix"))]
    GrowingTreeMixed,
    /// Binary tree: each cell opens north or east; a corridor along the top and the east side.
    #[strum(props(aliases = "binary btree"))]
    BinaryTree,
    /// Sidewinder: runs east closed by one opening north; a corridor along the top.
    #[strum(props(aliases = "side-winder winder"))]
    Sidewinder,
    /// Eller's algorithm: row by row, with one row of memory.
    #[strum(props(aliases = "ellers eller-s row-by-row"))]
    Eller,
    /// Recursive division: builds walls into an open field, splitting chambers in two.
    #[strum(props(aliases = "division divide"))]
    RecursiveDivision,
}

impl Algorithm {
    /// Every algorithm, in the order the dashboard cycles through them.
    pub const ALL: &[Algorithm] = Algorithm::VARIANTS;

    /// The name used by `ALGORITHM=` and `--algorithm`.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The valid names, comma separated, for error messages.
    pub fn names() -> String {
        registry::names::<Algorithm>()
    }

    /// The algorithm after this one in [`Algorithm::ALL`], wrapping round.
    pub fn next(self) -> Algorithm {
        registry::next(self)
    }

    /// A fresh run of this algorithm on `grid` (closed, with its landmarks) from `start`.
    pub(crate) fn carver(
        self,
        grid: &mut Grid,
        start: Pos,
        rng: &mut MazeRng,
    ) -> Result<Box<dyn Carve>, OutOfMemory> {
        Ok(match self {
            Algorithm::Backtracker => Box::new(Backtracker::new(grid, start)?),
            Algorithm::Prim => Box::new(Prim::new(grid, start)?),
            Algorithm::Kruskal => Box::new(Kruskal::new(grid, start, rng)?),
            Algorithm::Wilson => Box::new(Wilson::new(grid, start)?),
            Algorithm::AldousBroder => Box::new(AldousBroder::new(grid, start)?),
            Algorithm::HuntAndKill => Box::new(HuntAndKill::new(grid, start)?),
            Algorithm::GrowingTreeNewest => Box::new(GrowingTree::new(grid, start, Mode::Newest)?),
            Algorithm::GrowingTreeRandom => Box::new(GrowingTree::new(grid, start, Mode::Random)?),
            Algorithm::GrowingTreeMixed => Box::new(GrowingTree::new(grid, start, Mode::Mixed)?),
            Algorithm::BinaryTree => Box::new(BinaryTree::new(grid, start)),
            Algorithm::Sidewinder => Box::new(Sidewinder::new(grid, start)),
            Algorithm::Eller => Box::new(Eller::new(grid, start)?),
            Algorithm::RecursiveDivision => Box::new(RecursiveDivision::new(grid, start)),
        })
    }
}

impl std::str::FromStr for Algorithm {
    type Err = crate::Error;

    /// Case-insensitive; `-`, `_` and spaces are interchangeable, and a few common other names
    /// are accepted (`dfs` for the backtracker, for instance). An unknown name is
    /// [`crate::Error::UnknownAlgorithm`], listing the valid ones.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        registry::parse(s).ok_or_else(|| crate::Error::UnknownAlgorithm {
            name: s.trim().to_owned(),
            valid: Algorithm::names(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_loosely_and_errors_list_the_valid_ones() {
        for &algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse::<Algorithm>().ok(), Some(algorithm));
            assert_eq!(
                algorithm.name().to_uppercase().parse::<Algorithm>().ok(),
                Some(algorithm)
            );
            let spaced = algorithm.name().replace('-', " ");
            assert_eq!(
                spaced.parse::<Algorithm>().ok(),
                Some(algorithm),
                "{spaced}"
            );
        }
        assert_eq!(
            "Recursive-Backtracker".parse().ok(),
            Some(Algorithm::Backtracker)
        );
        assert_eq!(" dfs ".parse().ok(), Some(Algorithm::Backtracker));
        assert_eq!("Prim's".parse().ok(), Some(Algorithm::Prim));
        assert_eq!("Aldous Broder".parse().ok(), Some(Algorithm::AldousBroder));
        assert_eq!("Hunt and Kill".parse().ok(), Some(Algorithm::HuntAndKill));
        assert_eq!(
            "Growing Tree".parse().ok(),
            Some(Algorithm::GrowingTreeMixed)
        );
        let err = "nope".parse::<Algorithm>().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("unknown algorithm \"nope\" (valid: {})", Algorithm::names())
        );
        assert!(Algorithm::names().starts_with("backtracker"));
    }

    #[test]
    fn names_and_aliases_round_trip_and_are_unique() {
        registry::check::<Algorithm>();
        assert_eq!(Algorithm::ALL.len(), 13);
        assert_eq!(Algorithm::ALL[0], Algorithm::default());
        assert_eq!(Algorithm::AldousBroder.name(), "aldous-broder");
        assert_eq!(Algorithm::GrowingTreeMixed.as_ref(), "growing-tree-mixed");
        assert_eq!(format!("{:>12}", Algorithm::Prim), "        prim");
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
