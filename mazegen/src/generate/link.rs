//! Joins the separate trees an algorithm may leave into one maze.
//!
//! Row-by-row algorithms (binary tree, sidewinder, Eller) and recursive division cannot route
//! around the 42 or the courtyard, so they may leave a few islands. This pass opens one wall
//! between each pair of islands it joins, found by visiting the closed walls between islands in
//! a random order and opening each whose two cells are still in different trees (Kruskal's
//! rule). Joining two trees by one wall never makes a loop, so a perfect maze stays perfect.
//!
//! The islands are found in one pass over the rows that keeps two rows of labels (see
//! [`RowScan`]), not a union-find over every cell: the pass learns the size and one cell of
//! each tree. The largest is the maze; only the others, which the 42 cut off and which are
//! small, are then walked cell by cell. The walls listed, their order and the ones opened are
//! those a union-find over every cell gives, so the maze is the same.
//!
//! Run in one go ([`Linker::run`]), it first tries without the scan: the trees through the
//! cells next to the 42 are toured (see [`local`]), which finds the same trees.

mod labels;
mod local;

use super::GenEvent;
use super::union_find::UnionFind;
use crate::geometry::Dir;
use crate::grid::{EAST_CLOSED, Grid, LOCKED, SOUTH_CLOSED};
use crate::rng::MazeRng;
use labels::{Labels, MAIN};

#[derive(Clone, Debug)]
pub struct Linker {
    /// Boxed: only the first pass needs it, and a phase is moved about.
    scan: Box<RowScan>,
    /// The tree of each cell of an island (every tree but the largest); the others are in
    /// tree [`MAIN`].
    island_of: Labels,
    /// The trees, islands and the maze, as walls are opened between them.
    trees: UnionFind,
    /// Islands left; 1 when the maze is connected (known once the rows are scanned).
    islands: u64,
    /// Closed walls between two islands, as `cell * 2 + (0 east, 1 south)`, shuffled.
    walls: Vec<u32>,
    pass: Pass,
    /// The allocator refused the islands' cells or walls room: the pass stopped unfinished.
    out_of_memory: bool,
}

/// The linker's passes. The first looks at the whole grid, so it is done a cell a step, like
/// the rest of the work: a big grid's scan is then no single long step for a caller that
/// animates or slices the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// Labelling the trees a row at a time (see [`RowScan`]).
    Scanning,
    /// Shuffling the walls: `rng.shuffle`'s Fisher-Yates at `next` going down, so the order is
    /// the one a shuffle in one go gives.
    Shuffling { next: usize },
    /// Opening the walls in that order, each whose two cells are still in different trees.
    Opening { next: usize },
}

impl Linker {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        self.scan.heap_bytes()
            + self.island_of.heap_bytes()
            + self.trees.heap_bytes()
            + super::carve::slice_bytes(&self.walls)
    }

    /// A linker for `grid`, which it looks at in its first steps: the grid must not change
    /// in between.
    #[cfg(test)]
    pub fn new(grid: &Grid) -> Linker {
        Linker::try_new(grid).expect("two rows of labels")
    }

    /// [`Linker::new`], or `None` when the allocator refuses its two rows of labels.
    pub fn try_new(grid: &Grid) -> Option<Linker> {
        Some(Linker {
            scan: Box::new(RowScan::try_new(grid.width() as usize)?),
            island_of: Labels::default(),
            trees: UnionFind::default(),
            islands: 0,
            walls: Vec::new(),
            pass: Pass::Scanning,
            out_of_memory: false,
        })
    }

    /// Whether the allocator refused the islands' cells or walls room (the pass stopped).
    pub fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    /// Islands not yet joined (1 once the maze is connected), once the rows are scanned.
    #[cfg(test)]
    pub fn islands(&self) -> u64 {
        self.islands
    }

    /// Which pass the linker is in (see [`Pass`]): steps of one pass cost about the same.
    pub fn pass_number(&self) -> u8 {
        match self.pass {
            Pass::Scanning => 0,
            Pass::Shuffling { .. } => 2,
            Pass::Opening { .. } => 3,
        }
    }

    pub fn step(&mut self, grid: &mut Grid, rng: &mut MazeRng) -> GenEvent {
        match &mut self.pass {
            Pass::Scanning if self.scan.next < grid.cell_count() => {
                let cell = grid.pos(self.scan.next);
                let upto = self.scan.x + 1;
                self.scan.cells(grid.raw(), upto);
                GenEvent::Visit { cell }
            }
            Pass::Scanning => {
                if self.list_walls(grid).is_none() {
                    // Every later step is `Done`: no wall is listed at that point.
                    self.out_of_memory = true;
                    self.pass = Pass::Opening { next: usize::MAX };
                    return GenEvent::Done;
                }
                if self.islands <= 1 {
                    return GenEvent::Done;
                }
                self.pass = Pass::Shuffling {
                    next: self.walls.len().saturating_sub(1),
                };
                self.step(grid, rng)
            }
            Pass::Shuffling { next } if *next >= 1 => {
                let i = *next;
                let bound = u32::try_from(i + 1).expect("fewer than 2^32 walls");
                self.walls.swap(i, rng.below(bound) as usize);
                *next -= 1;
                GenEvent::Visit {
                    cell: grid.pos((self.walls[i] / 2) as usize),
                }
            }
            Pass::Shuffling { .. } => {
                self.pass = Pass::Opening { next: 0 };
                self.step(grid, rng)
            }
            Pass::Opening { next } => {
                if self.islands <= 1 {
                    return GenEvent::Done;
                }
                let Some(&wall) = self.walls.get(*next) else {
                    return GenEvent::Done;
                };
                *next += 1;
                let cell = grid.pos((wall / 2) as usize);
                let dir = if wall % 2 == 0 { Dir::East } else { Dir::South };
                let n = grid
                    .neighbour(cell, dir)
                    .expect("listed walls are inner walls");
                let (a, b) = (self.tree_of(grid.index(cell)), self.tree_of(grid.index(n)));
                if !self.trees.union(a, b) {
                    return GenEvent::Visit { cell };
                }
                grid.set_wall(cell, dir, false);
                self.islands -= 1;
                GenEvent::Carve { from: cell, to: n }
            }
        }
    }

    pub fn run(&mut self, grid: &mut Grid, rng: &mut MazeRng) {
        if self.pass == Pass::Scanning
            && self.scan.next == 0
            && let Some((islands, trees)) = local::islands(grid)
        {
            *self.scan = RowScan::try_new(0).expect("an empty scan allocates nothing");
            if self.label_islands(grid, islands, trees).is_none() {
                self.out_of_memory = true;
                self.pass = Pass::Opening { next: usize::MAX };
                return;
            }
            if self.islands <= 1 {
                return;
            }
            self.pass = Pass::Shuffling {
                next: self.walls.len().saturating_sub(1),
            };
        }
        if self.pass == Pass::Scanning {
            // The scan's own loop: the same cell by cell work as its steps.
            while self.scan.next < grid.cell_count() {
                let w = grid.width() as usize;
                self.scan.cells(grid.raw(), w);
            }
        }
        while self.step(grid, rng) != GenEvent::Done {}
    }

    fn tree_of(&self, cell: usize) -> u32 {
        self.island_of.get(cell as u32)
    }

    /// Once the rows are scanned: labels the cells of every tree but the largest (walking
    /// each from the one cell the scan knows), and lists the closed walls between two trees,
    /// in the order of their cells, east before south. `None` when the allocator refuses
    /// the islands' cells or walls room (the few islands the 42 cuts off are small, but an
    /// algorithm's trees could be many).
    fn list_walls(&mut self, grid: &Grid) -> Option<()> {
        if self.scan.out_of_memory {
            return None;
        }
        let trees = std::mem::take(&mut self.scan.trees);
        *self.scan = RowScan::try_new(0)?;
        self.islands = trees.len() as u64;
        if self.islands <= 1 {
            return Some(());
        }
        let main = (0..trees.len())
            .max_by_key(|&t| (trees[t].size, std::cmp::Reverse(t)))
            .expect("two trees or more");
        let islands = (0..trees.len())
            .filter(|&t| t != main)
            .map(|t| trees[t].cell);
        self.label_islands(grid, islands.collect(), trees.len() as u64)
    }

    /// Labels the cells of the trees of `islands` (one cell of each of the grid's `trees`
    /// trees but one), and lists the closed walls between two trees, in the order of their
    /// cells, east before south. Which tree is left out changes neither the walls listed nor
    /// which of them join two trees.
    /// `None` when the allocator refuses the islands' cells or walls room.
    fn label_islands(&mut self, grid: &Grid, islands: Vec<u32>, trees: u64) -> Option<()> {
        self.islands = trees;
        if self.islands <= 1 {
            return Some(());
        }
        let mut label = MAIN;
        let cells = grid.cell_count();
        for cell in islands {
            label += 1;
            self.label_tree(grid, cell, label, cells)?;
        }
        self.trees = UnionFind::try_new(label as usize + 1).ok()?;
        for (cell, tree) in self.island_of.iter() {
            let pos = grid.pos(cell as usize);
            for dir in Dir::ALL {
                let Some(n) = grid.neighbour(pos, dir) else {
                    continue;
                };
                if grid.is_locked(n)
                    || grid.is_open(pos, dir)
                    || self.tree_of(grid.index(n)) == tree
                {
                    continue;
                }
                // Each wall as its west or north cell keeps it.
                if !crate::bytes::room_for(&mut self.walls, 1) {
                    return None;
                }
                self.walls.push(match dir {
                    Dir::East => cell * 2,
                    Dir::South => cell * 2 + 1,
                    Dir::West => (cell - 1) * 2,
                    Dir::North => (cell - grid.width()) * 2 + 1,
                });
            }
        }
        // A wall between two islands was seen from both.
        self.walls.sort_unstable();
        self.walls.dedup();
        Some(())
    }
}

impl Linker {
    /// Gives `label` to every cell of the tree of `start`, walked depth first with the cells
    /// already labelled as its marks. Its memory is the way from `start`, a byte a step: a
    /// breadth-first walk's queue of positions grew to megabytes on an island of millions of
    /// cells. `None` when the allocator refuses the labels or the way room.
    fn label_tree(&mut self, grid: &Grid, start: u32, label: u32, cells: usize) -> Option<()> {
        self.island_of.insert(start, label, cells)?;
        let mut way: Vec<Dir> = Vec::new();
        let mut at = grid.pos(start as usize);
        // The next way out of `at` to try, as an index of `Dir::ALL`.
        let mut next = 0;
        loop {
            if let Some(&dir) = Dir::ALL.get(next) {
                next += 1;
                if !grid.is_open(at, dir) {
                    continue;
                }
                let n = grid.neighbour(at, dir).expect("open walls are inner walls");
                if self.island_of.insert(grid.index(n) as u32, label, cells)? {
                    if !crate::bytes::room_for(&mut way, 1) {
                        return None;
                    }
                    way.push(dir);
                    (at, next) = (n, 0);
                }
                continue;
            }
            // Every way out of here is walked: back, then on with the way after the one taken.
            let Some(came) = way.pop() else {
                return Some(());
            };
            at = grid
                .neighbour(at, came.opposite())
                .expect("the way back is open");
            next = Dir::ALL.iter().position(|&d| d == came)? + 1;
        }
    }
}

/// One tree the scan found: its size and one of its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tree {
    size: u64,
    cell: u32,
}

/// No label: a cell of the 42.
const NONE: u32 = u32::MAX;

/// The trees of a grid's open walls, found a row at a time: each cell of the row takes the
/// label of the cell above or to its west when joined to it (two labels it joins become one),
/// or a new one. A label of the row above that no cell of this row took is a tree that is
/// complete. So the scan keeps two rows of labels and a union-find over them, whatever the
/// grid's size.
#[derive(Clone, Debug)]
struct RowScan {
    /// The next cell to look at, and its column.
    next: usize,
    x: usize,
    /// The labels of the row above and of this row so far.
    above: Vec<u32>,
    row: Vec<u32>,
    /// The labels' union-find: the row above's are `0..above_labels`, new ones follow.
    sets: UnionFind,
    /// Cells taking each label (not each set), and one cell of each.
    count: Vec<u64>,
    cell: Vec<u32>,
    /// Scratch for the end of a row: each label's root, the new label of each set still
    /// growing, and the next row's `count` and `cell`.
    roots: Vec<u32>,
    renamed: Vec<u32>,
    next_count: Vec<u64>,
    next_cell: Vec<u32>,
    /// The trees complete so far.
    trees: Vec<Tree>,
    /// The allocator refused the list of trees room to grow: the scan's result is unusable.
    out_of_memory: bool,
}

impl RowScan {
    /// The scan of a grid `width` wide, or `None` when the allocator refuses its rows. A row
    /// has at most `2 * width` labels (those carried from the row above and its own new
    /// ones): every per-row list is reserved that big here, fallibly, so a row never grows one.
    fn try_new(width: usize) -> Option<RowScan> {
        use crate::bytes::try_filled;
        fn reserved<T>(len: usize) -> Option<Vec<T>> {
            let mut items = Vec::new();
            items.try_reserve_exact(len).ok()?;
            Some(items)
        }
        let labels = 2 * width;
        Some(RowScan {
            next: 0,
            x: 0,
            above: try_filled(width, NONE).ok()?,
            row: try_filled(width, NONE).ok()?,
            sets: UnionFind::try_with_capacity(labels).ok()?,
            count: reserved(labels)?,
            cell: reserved(labels)?,
            roots: reserved(labels)?,
            renamed: reserved(labels)?,
            next_count: reserved(labels)?,
            next_cell: reserved(labels)?,
            trees: Vec::new(),
            out_of_memory: false,
        })
    }

    fn heap_bytes(&self) -> usize {
        use super::carve::slice_bytes;
        slice_bytes(&self.above)
            + slice_bytes(&self.row)
            + self.sets.heap_bytes()
            + slice_bytes(&self.count)
            + slice_bytes(&self.cell)
            + slice_bytes(&self.roots)
            + slice_bytes(&self.renamed)
            + slice_bytes(&self.next_count)
            + slice_bytes(&self.next_cell)
            + slice_bytes(&self.trees)
    }

    fn find(&mut self, label: u32) -> u32 {
        self.sets.find(label)
    }

    /// Labels the next cells of `cells` (a grid's bytes), up to column `upto` of the row;
    /// ends the row, or the scan, after its last cell.
    #[inline]
    fn cells(&mut self, cells: &[u8], upto: usize) {
        let w = self.row.len();
        let start = self.next - self.x;
        let row = &cells[start..start + w];
        let above = start.checked_sub(w).map(|up| &cells[up..start]);
        for x in self.x..upto {
            let byte = row[x];
            let label = if byte & LOCKED != 0 {
                NONE
            } else {
                let north = above.is_some_and(|above| above[x] & SOUTH_CLOSED == 0);
                let west = x > 0 && row[x - 1] & EAST_CLOSED == 0;
                // A label taken from a neighbour may no longer be its set's root: only a cell
                // that joins two sets needs the roots.
                let label = match (north, west) {
                    (false, false) => {
                        let label = self.sets.push();
                        self.count.push(0);
                        self.cell.push((start + x) as u32);
                        label
                    }
                    (true, false) => self.above[x],
                    (false, true) => self.row[x - 1],
                    (true, true) => {
                        let (above, west) = (self.above[x], self.row[x - 1]);
                        self.sets.union(above, west);
                        self.find(above)
                    }
                };
                self.count[label as usize] += 1;
                label
            };
            self.row[x] = label;
        }
        self.next = start + upto;
        self.x = upto;
        if upto == w {
            self.x = 0;
            self.end_row(self.next == cells.len());
        }
    }

    /// After a row: the sets no cell of it took are complete trees; the others are renamed
    /// `0..` for the next row (all complete after the last row).
    fn end_row(&mut self, last: bool) {
        let labels = self.sets.len();
        // Each label's root, found once: the passes below read it rather than find it again
        // (finding was most of a scan's time, a label's chain a few links long).
        self.roots.clear();
        for label in 0..labels as u32 {
            let root = self.find(label);
            self.roots.push(root);
            if root != label {
                self.count[root as usize] += self.count[label as usize];
            }
        }
        self.renamed.clear();
        self.renamed.resize(labels, NONE);
        let mut growing = 0;
        for x in 0..self.row.len() {
            let label = self.row[x];
            if label == NONE || last {
                continue;
            }
            let root = self.roots[label as usize] as usize;
            if self.renamed[root] == NONE {
                self.renamed[root] = growing;
                growing += 1;
            }
        }
        let mut count = std::mem::take(&mut self.next_count);
        let mut cell = std::mem::take(&mut self.next_cell);
        count.clear();
        count.resize(growing as usize, 0);
        cell.clear();
        cell.resize(growing as usize, 0);
        for label in 0..labels {
            if self.roots[label] != label as u32 {
                continue;
            }
            let tree = Tree {
                size: self.count[label],
                cell: self.cell[label],
            };
            if self.renamed[label] == NONE {
                if crate::bytes::room_for(&mut self.trees, 1) {
                    self.trees.push(tree);
                } else {
                    self.out_of_memory = true;
                }
            } else {
                let new = self.renamed[label] as usize;
                count[new] = tree.size;
                cell[new] = tree.cell;
            }
        }
        for x in 0..self.row.len() {
            let label = self.row[x];
            self.above[x] = if label == NONE || last {
                NONE
            } else {
                self.renamed[self.roots[label as usize] as usize]
            };
        }
        self.next_count = std::mem::replace(&mut self.count, count);
        self.next_cell = std::mem::replace(&mut self.cell, cell);
        self.sets.reset_to(growing as usize);
    }
}

/// A linker for a replay checkpoint: the linker itself, whose state is two rows of labels
/// and the islands, small next to the grid.
#[derive(Clone, Debug)]
pub struct LinkerCheckpoint(Linker);

impl Linker {
    pub fn checkpoint(&self) -> LinkerCheckpoint {
        LinkerCheckpoint(self.clone())
    }
}

impl LinkerCheckpoint {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        self.0.heap_bytes()
    }

    /// The linker this was taken from, on `grid`, the grid it had then.
    pub fn restore(&self, _grid: &Grid) -> Linker {
        self.0.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Pos;
    use crate::stats;

    /// A cell's neighbour in `dir` when both are open (not 42) cells.
    fn open_neighbour(grid: &Grid, p: Pos, dir: Dir) -> Option<Pos> {
        grid.neighbour(p, dir)
            .filter(|&n| !grid.is_locked(n) && !grid.is_locked(p))
    }

    /// Columns of vertical corridors, not joined to each other: `width` islands.
    fn combs(width: u32, height: u32) -> Grid {
        let mut grid = Grid::with_stamp(width, height, None).unwrap();
        for x in 0..width {
            for y in 0..height - 1 {
                grid.set_wall(Pos::new(x, y), Dir::South, false);
            }
        }
        grid
    }

    #[test]
    fn joins_every_island_with_one_wall_each_and_no_loop() {
        let mut grid = combs(7, 5);
        let mut linker = Linker::new(&grid);
        let mut rng = MazeRng::from_seed(3);
        let mut carves = 0;
        loop {
            match linker.step(&mut grid, &mut rng) {
                GenEvent::Carve { from, to } => {
                    assert!(
                        open_neighbour(&grid, from, Dir::East) == Some(to)
                            || open_neighbour(&grid, from, Dir::South) == Some(to)
                    );
                    carves += 1;
                }
                GenEvent::Visit { .. } => {}
                GenEvent::Backtrack { .. } | GenEvent::Wall { .. } => {
                    panic!("the linker only carves and visits")
                }
                GenEvent::Done => break,
            }
        }
        assert_eq!(carves, 6, "7 islands");
        assert_eq!(stats::open_walls(&grid), 7 * 5 - 1);
        assert_eq!(stats::loops(&grid), 0);
    }

    #[test]
    fn a_connected_maze_is_left_alone() {
        let mut grid = combs(2, 6);
        grid.set_wall(Pos::new(0, 0), Dir::East, false);
        let before = grid.clone();
        let mut linker = Linker::new(&grid);
        let mut rng = MazeRng::from_seed(1);
        let steps = std::iter::from_fn(|| Some(linker.step(&mut grid, &mut rng)))
            .take_while(|&e| e != GenEvent::Done)
            .count();
        assert_eq!(steps, 2 * 6, "a look at each cell");
        assert_eq!(linker.islands(), 1);
        let mut fresh = MazeRng::from_seed(1);
        let draws = |rng: &mut MazeRng| [0; 4].map(|_| rng.below(1 << 30));
        assert_eq!(draws(&mut rng), draws(&mut fresh), "nothing drawn");
        assert_eq!(grid, before);
    }

    #[test]
    fn the_42_is_never_opened() {
        let mut grid = Grid::new(11, 9).unwrap();
        let mut linker = Linker::new(&grid);
        linker.run(&mut grid, &mut MazeRng::from_seed(9));
        let stamp = grid.stamp().unwrap();
        assert!(stamp.cells().all(|c| grid.walls(c) == crate::Walls::CLOSED));
        assert_eq!(stats::loops(&grid), 0);
        assert_eq!(stats::open_walls(&grid), 11 * 9 - 18 - 1);
    }

    /// The join as a union-find over every cell makes it: every cell's tree, the closed walls
    /// between two trees in cell order, shuffled, opened while they join two trees.
    fn joined_by_every_cell(grid: &mut Grid, rng: &mut MazeRng) {
        let n = grid.cell_count();
        let mut trees = UnionFind::new(n);
        let mut joins = 0;
        for i in 0..n {
            let cell = grid.pos(i);
            for dir in [Dir::East, Dir::South] {
                if grid.is_open(cell, dir) {
                    let other = grid.index(grid.neighbour(cell, dir).unwrap());
                    joins += u64::from(trees.union(i as u32, other as u32));
                }
            }
        }
        let mut islands = grid.open_cell_count() - joins;
        if islands <= 1 {
            return;
        }
        let mut walls = Vec::new();
        for i in 0..n {
            let cell = grid.pos(i);
            for (bit, dir) in [(0, Dir::East), (1, Dir::South)] {
                if let Some(other) = grid.neighbour(cell, dir) {
                    let j = grid.index(other) as u32;
                    if !grid.is_locked(cell)
                        && !grid.is_locked(other)
                        && grid.is_closed(cell, dir)
                        && !trees.equiv(i as u32, j)
                    {
                        walls.push((i as u32 * 2 + bit, dir, j));
                    }
                }
            }
        }
        rng.shuffle(&mut walls);
        for (wall, dir, j) in walls {
            if islands > 1 && trees.union(wall / 2, j) {
                grid.set_wall(grid.pos(wall as usize / 2), dir, false);
                islands -= 1;
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// On forests of every shape (a perfect maze with some walls closed again, with and
        /// without the 42 and the courtyard), the linker opens the walls and draws the numbers
        /// the union-find over every cell does.
        #[test]
        fn joins_as_a_union_find_over_every_cell_does(
            width in 2u32..30,
            height in 2u32..30,
            seed in 0u64..1000,
            cut in 0u64..6,
            courtyard in proptest::bool::ANY,
            algorithm in proptest::sample::select(super::super::Algorithm::ALL.to_vec()),
        ) {
            let options = super::super::MazeOptions::new(width, height)
                .seed(seed)
                .algorithm(algorithm)
                .courtyard(courtyard);
            let Ok(mut grid) = super::super::Generator::generate_grid(options) else {
                return Ok(());
            };
            // Closes about one open wall in `cut` (none for 0), making islands.
            let mut rng = MazeRng::from_seed(seed);
            for i in 0..grid.cell_count() {
                let cell = grid.pos(i);
                for dir in [Dir::East, Dir::South] {
                    if cut > 0 && grid.is_open(cell, dir) && rng.below(cut as u32 * 3) == 0 {
                        grid.set_wall(cell, dir, true);
                    }
                }
            }
            let mut expected = grid.clone();
            let mut expected_rng = MazeRng::from_seed(seed ^ 1);
            joined_by_every_cell(&mut expected, &mut expected_rng);
            let mut linked_rng = MazeRng::from_seed(seed ^ 1);
            Linker::new(&grid).run(&mut grid, &mut linked_rng);
            proptest::prop_assert_eq!(&grid, &expected);
            proptest::prop_assert_eq!(linked_rng.next_u64(), expected_rng.next_u64());
        }
    }
}
