//! What the pickers say about each entry: a one-line description for the list, and for the
//! info panel how it works, the texture it gives and how fast it is. The figures are measured,
//! not computed here: a static table, with where each was measured (docs/generation.md has
//! the same table and how to measure it again).

use mazegen::Algorithm;
use mazegen::Solver;

/// One entry's description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// Its name in full, as the info panel's title gives it.
    pub title: &'static str,
    /// The list's one line.
    pub line: &'static str,
    /// How it works.
    pub how: &'static str,
    /// What its mazes (or its searches) look like.
    pub texture: &'static str,
    /// Its measured figures, each with what was measured.
    pub measured: &'static str,
}

/// Where the algorithms' figures come from.
pub const ALGORITHMS_MEASURED_ON: &str = "Dead ends and river (cells that go on without branching): a 100x100 perfect maze, seed 1 (--stats). Speed: carving a 2000x2000 maze (criterion, on a 2-core machine).";

/// Where the solvers' figures come from.
pub const SOLVERS_MEASURED_ON: &str =
    "Measured on a 2000x2000 perfect maze, corner to corner (criterion, on a 2-core machine).";

const fn about(
    title: &'static str,
    line: &'static str,
    how: &'static str,
    texture: &'static str,
    measured: &'static str,
) -> About {
    About {
        title,
        line,
        how,
        texture,
        measured,
    }
}

/// What the algorithm list says about `algorithm`.
pub fn algorithm(algorithm: Algorithm) -> About {
    match algorithm {
        Algorithm::Backtracker => about(
            "Recursive backtracker",
            "long winding corridors, few dead ends",
            "A depth-first search: walk to a random unvisited neighbour, step back when stuck.",
            "Long, winding corridors with few dead ends: a good maze to walk and to watch. No bias in direction.",
            "10.1% dead ends, 80% river. 74.6 M cells/s (54 ms).",
        ),
        Algorithm::Prim => about(
            "Prim (simplified)",
            "grows outwards, short branches",
            "A random cell of the frontier joins the maze each step.",
            "Short, branching corridors and many dead ends, radiating from where it started.",
            "35.6% dead ends, 35% river. 57.3 M cells/s (70 ms).",
        ),
        Algorithm::Kruskal => about(
            "Kruskal",
            "many short dead ends, evenly spread",
            "Every inner wall once, in random order, opened when it joins two trees (union-find).",
            "Many short dead ends, evenly spread; no direction favoured. The most memory here (12 bytes a cell: the shuffled list of every wall).",
            "30.6% dead ends, 43% river. 10.0 M cells/s (398 ms).",
        ),
        Algorithm::Wilson => about(
            "Wilson",
            "uniform: every maze equally likely",
            "Loop-erased random walks, each from a cell outside the tree until it meets the tree.",
            "Unbiased: every possible maze is equally likely. Short, bushy corridors. Slow to start on big mazes.",
            "29.4% dead ends, 45% river. 9.9 M cells/s (406 ms).",
        ),
        Algorithm::AldousBroder => about(
            "Aldous-Broder",
            "uniform random walk, slow to finish",
            "A random walk that carves into each cell it enters for the first time.",
            "Unbiased like Wilson's: every maze equally likely, short bushy corridors. Its walk must cover the whole maze (about 80 moves a cell).",
            "29.2% dead ends, 45% river. 9.8 M cells/s (407 ms).",
        ),
        Algorithm::HuntAndKill => about(
            "Hunt-and-kill",
            "long corridors, a little more branching",
            "A random walk until stuck, then a hunt for an unvisited cell next to the maze.",
            "Long corridors like the backtracker's, with a little more branching.",
            "9.5% dead ends, 81% river. 59.9 M cells/s (67 ms).",
        ),
        Algorithm::GrowingTreeNewest => about(
            "Growing tree, newest cell",
            "a backtracker again: long corridors",
            "A growing tree that always carves on from the newest active cell.",
            "The backtracker's texture: long, winding corridors, few dead ends.",
            "10.2% dead ends, 80% river. 62.6 M cells/s (64 ms).",
        ),
        Algorithm::GrowingTreeRandom => about(
            "Growing tree, random cell",
            "Prim-like: short branches, dead ends",
            "A growing tree that carves on from a random active cell.",
            "Prim's texture: short branches and many dead ends.",
            "27.6% dead ends, 47% river. 36.4 M cells/s (110 ms).",
        ),
        Algorithm::GrowingTreeMixed => about(
            "Growing tree, mixed",
            "between the backtracker and Prim",
            "A growing tree from the newest active cell half the time, a random one otherwise.",
            "Between the two: corridors of middling length, a fair share of dead ends.",
            "19.5% dead ends, 62% river. 21.0 M cells/s (190 ms).",
        ),
        Algorithm::BinaryTree => about(
            "Binary tree",
            "diagonal bias, open top row and east side",
            "Each cell opens north or east, at random.",
            "Strongly biased: one open corridor along the top and one down the east side, and the paths run diagonally towards the north-east.",
            "25.4% dead ends, 49% river. 755 M cells/s (5.3 ms).",
        ),
        Algorithm::Sidewinder => about(
            "Sidewinder",
            "open top row, paths run north",
            "Runs east along each row, each closed by one opening north from a random cell of the run.",
            "Biased: an open corridor along the top, and every path heads north without turning back south.",
            "27.6% dead ends, 47% river. 433 M cells/s (9.2 ms).",
        ),
        Algorithm::Eller => about(
            "Eller",
            "row by row, one row of memory",
            "Row by row, keeping only the current row's sets: cells join across and down at random.",
            "Short corridors, a slight horizontal grain; it needs memory for one row only.",
            "28.7% dead ends, 46% river. 96.4 M cells/s (41 ms).",
        ),
        Algorithm::RecursiveDivision => about(
            "Recursive division",
            "long straight walls, boxy chambers",
            "Builds walls into an open field, splitting each chamber in two with one gap.",
            "Long straight walls and rectangular chambers: a boxy look unlike the carving ones.",
            "26.9% dead ends, 49% river. 145 M cells/s (28 ms).",
        ),
        // An algorithm a later mazegen adds: its name until it is described here.
        _ => about(algorithm.name(), "", "", "", ""),
    }
}

/// What the solver list says about `solver`.
pub fn solver(solver: Solver) -> About {
    match solver {
        Solver::Bfs => about(
            "Breadth-first search",
            "a shortest path (the file's)",
            "Floods out from the entry one distance at a time until it reaches the exit.",
            "Finds a shortest path, the one the maze file records; its flood covers most of a perfect maze.",
            "2.63 M cells visited, 59 ms.",
        ),
        Solver::AStar => about(
            "A*",
            "a shortest path, aimed at the exit",
            "Best-first search by the distance walked plus the Manhattan distance left.",
            "A shortest path too, usually visiting fewer cells than BFS on boards with loops; on a perfect maze it saves little.",
            "2.61 M cells visited, 169 ms.",
        ),
        Solver::Dfs => about(
            "Depth-first search",
            "one corridor at a time, backing out",
            "Down one corridor as far as it goes (north, east, south, west first), backing out of dead ends.",
            "A path, not always the shortest when there are loops; often visits fewer cells.",
            "1.68 M cells visited, 64 ms.",
        ),
        Solver::LeftHand => about(
            "Left-hand wall follower",
            "keeps its left hand on the wall",
            "Walks keeping its left hand on the wall, erasing the loops of its walk.",
            "A path, not the shortest when there are loops; a hand resting on an island circles for ever, which it notices and gives up (lost).",
            "1.72 M cells visited, 66 ms.",
        ),
        Solver::RightHand => about(
            "Right-hand wall follower",
            "keeps its right hand on the wall",
            "Walks keeping its right hand on the wall, erasing the loops of its walk.",
            "As the left hand, mirrored: on the same maze one hand may be quick and the other take the long way.",
            "2.82 M cells visited, 121 ms.",
        ),
        Solver::DeadEndFilling => about(
            "Dead-end filling",
            "fills dead ends, takes what is left",
            "Fills every dead end until only the ways between the entry and the exit are left, then takes the shortest.",
            "A shortest path, after looking at every cell.",
            "4.00 M cells visited (every cell), 183 ms.",
        ),
        // A solver a later mazegen adds: its name until it is described here.
        _ => about(solver.name(), "", "", "", ""),
    }
}
