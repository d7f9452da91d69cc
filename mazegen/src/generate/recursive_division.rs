//! Recursive division: it builds walls where the other algorithms carve them. The maze starts
//! as one open field; a chamber (at first the whole field) is split in two by a straight wall
//! with one gap, across its shorter side, and each half is split the same way until every
//! chamber is one cell thin. Each split joins its two halves by exactly one gap, so the open
//! field ends a spanning tree. The chambers waiting to be split are kept on an explicit stack.
//!
//! The 42 and the courtyard are walled-off obstacles: the field is opened only between two
//! ordinary cells (the courtyard keeps its open inside and its closed outside), and the gap
//! of a wall is put between two ordinary cells when the wall has such a place. A chamber cut in
//! two by the 42 and the courtyard itself end up as islands, which the generator's linking
//! pass joins to the rest.

mod route;

use super::carve::slice_bytes;
use super::carve::{Carve, is_obstacle};
use super::{CellState, GenEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::{COURTYARD, EAST_CLOSED, Grid, LOCKED, RowMajor, SOUTH_CLOSED};
use crate::rng::MazeRng;

/// [`MazeRng::chance`] numerator of one half.
const HALF: u64 = 1 << 31;

/// A rectangle of cells not split yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Chamber {
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    /// The part of the path asked for (see [`route`]) this chamber holds, plus one; 0 for
    /// none. Its split sends the leg on.
    leg: u32,
}

impl Chamber {
    /// The two chambers a wall along the south side of row `line` makes of this one.
    fn split_below(self, line: u32) -> (Chamber, Chamber) {
        let top = line - self.y + 1;
        let above = Chamber {
            height: top,
            ..self
        };
        let below = Chamber {
            y: line + 1,
            height: self.height - top,
            ..self
        };
        (above, below)
    }

    /// The two chambers a wall along the east side of column `line` makes of this one.
    fn split_right_of(self, line: u32) -> (Chamber, Chamber) {
        let left = line - self.x + 1;
        let west = Chamber {
            width: left,
            ..self
        };
        let east = Chamber {
            x: line + 1,
            width: self.width - left,
            ..self
        };
        (west, east)
    }

    fn contains(&self, pos: Pos) -> bool {
        pos.x >= self.x
            && pos.y >= self.y
            && pos.x - self.x < self.width
            && pos.y - self.y < self.height
    }

    /// Whether it still needs splitting: a chamber one cell thin is a corridor already.
    fn is_wide(&self) -> bool {
        self.width >= 2 && self.height >= 2
    }
}

/// The wall being built across a chamber, one segment per step.
#[derive(Clone, Copy, Debug)]
struct Build {
    chamber: Chamber,
    /// `true`: a horizontal wall, south of row `line`; `false`: vertical, east of column `line`.
    horizontal: bool,
    line: u32,
    /// The next segment (a column for a horizontal wall, a row for a vertical one), the end,
    /// and the gap left open, if the wall has one.
    next: u32,
    end: u32,
    gap: Option<u32>,
}

impl Build {
    /// The two cells either side of segment `at`.
    fn sides(&self, at: u32) -> (Pos, Pos) {
        if self.horizontal {
            (Pos::new(at, self.line), Pos::new(at, self.line + 1))
        } else {
            (Pos::new(self.line, at), Pos::new(self.line + 1, at))
        }
    }
}

#[derive(Clone, Debug)]
pub struct RecursiveDivision {
    rows: RowMajor,
    stack: Vec<Chamber>,
    build: Option<Build>,
    head: Option<Pos>,
    /// The start's index: it is counted as visited from the beginning.
    start: usize,
    /// The same cell as a position, for the chambers' look at whether they hold it.
    start_at: Pos,
    visited: u64,
    done: bool,
    islands_possible: bool,
    /// The smallest rectangle holding every obstacle (the 42 and the courtyard), if there is
    /// one: a chamber or a wall outside it needs no look at its cells.
    obstacles: Option<Chamber>,
    /// The legs of the path asked for by [`Carve::aim`], as the splits work them out; boxed,
    /// as most mazes ask for none.
    route: Option<Box<route::Route>>,
    /// That path, once read.
    path: Option<Vec<Dir>>,
    /// There is a courtyard: the carving starts from it, not from the entry, so no route is
    /// followed.
    courtyard: bool,
}

impl RecursiveDivision {
    /// Opens the field: every wall between two ordinary cells.
    pub fn new(grid: &mut Grid, start: Pos) -> RecursiveDivision {
        let rows = grid.rows();
        let (w, h) = (rows.width(), rows.height());
        let cells = grid.raw_mut();
        // Row by row, the column counted rather than divided out of each index; a row with no
        // obstacle in it or below it (nearly all) with no look at each cell's neighbours.
        for y in 0..h {
            let below = if y + 1 < h { w } else { 0 };
            let row = &mut cells[y * w..(y + 1) * w + below];
            if row.iter().fold(0, |seen, &c| seen | c) & (LOCKED | COURTYARD) == 0 {
                let open = if below == 0 {
                    !EAST_CLOSED
                } else {
                    !(EAST_CLOSED | SOUTH_CLOSED)
                };
                for cell in &mut row[..w - 1] {
                    *cell &= open;
                }
                row[w - 1] &= open | EAST_CLOSED;
                continue;
            }
            for x in 0..w {
                let i = y * w + x;
                if is_obstacle(cells[i]) {
                    continue;
                }
                if x + 1 < w && !is_obstacle(cells[i + 1]) {
                    cells[i] &= !EAST_CLOSED;
                }
                if y + 1 < h && !is_obstacle(cells[i + w]) {
                    cells[i] &= !SOUTH_CLOSED;
                }
            }
        }
        let whole = Chamber {
            x: 0,
            y: 0,
            width: rows.width() as u32,
            height: rows.height() as u32,
            leg: 0,
        };
        let yard = grid.courtyard().map_or(0, |c| c.cells().count() as u64);
        let landmarks = grid
            .stamp()
            .into_iter()
            .flat_map(|s| s.cells().collect::<Vec<_>>());
        let yard_cells = grid
            .courtyard()
            .into_iter()
            .flat_map(|c| c.cells().collect::<Vec<_>>());
        let obstacles = landmarks
            .chain(yard_cells)
            .fold(None, |bounds: Option<Chamber>, p| {
                Some(match bounds {
                    None => Chamber {
                        x: p.x,
                        y: p.y,
                        width: 1,
                        height: 1,
                        leg: 0,
                    },
                    Some(b) => {
                        let (x, y) = (b.x.min(p.x), b.y.min(p.y));
                        Chamber {
                            x,
                            y,
                            width: (b.x + b.width).max(p.x + 1) - x,
                            height: (b.y + b.height).max(p.y + 1) - y,
                            leg: 0,
                        }
                    }
                })
            });
        let mut division = RecursiveDivision {
            rows,
            stack: Vec::new(),
            build: None,
            head: None,
            start: grid.index(start),
            start_at: start,
            visited: yard.max(1),
            done: false,
            islands_possible: grid.stamp().is_some() || grid.courtyard().is_some(),
            obstacles,
            route: None,
            path: None,
            courtyard: grid.courtyard().is_some(),
        };
        division.push(whole, grid.raw());
        division
    }

    /// Whether `area` holds no obstacle, as far as their bounding rectangle tells.
    fn clear(&self, area: Chamber) -> bool {
        self.obstacles.is_none_or(|b| {
            area.x >= b.x + b.width
                || b.x >= area.x + area.width
                || area.y >= b.y + b.height
                || b.y >= area.y + area.height
        })
    }

    /// Queues a chamber for splitting, or counts its cells as settled when it is thin.
    fn push(&mut self, chamber: Chamber, cells: &[u8]) {
        if chamber.is_wide() {
            self.stack.push(chamber);
            return;
        }
        if self.clear(chamber) {
            let cells = u64::from(chamber.width) * u64::from(chamber.height);
            self.visited += cells - u64::from(chamber.contains(self.start_at));
            return;
        }
        for y in chamber.y..chamber.y + chamber.height {
            for x in chamber.x..chamber.x + chamber.width {
                let i = self.rows.of(Pos::new(x, y));
                if !is_obstacle(cells[i]) && i != self.start {
                    self.visited += 1;
                }
            }
        }
    }

    /// Chooses the wall across `chamber` and its gap, and queues the two halves.
    fn split(&mut self, chamber: Chamber, cells: &[u8], rng: &mut MazeRng) -> Build {
        let horizontal = match chamber.width.cmp(&chamber.height) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => rng.chance(HALF),
        };
        let (first, second, mut build) = if horizontal {
            let line = chamber.y + rng.below(chamber.height - 1);
            let halves = chamber.split_below(line);
            let build = Build {
                chamber,
                horizontal,
                line,
                next: chamber.x,
                end: chamber.x + chamber.width,
                gap: None,
            };
            (halves.0, halves.1, build)
        } else {
            let line = chamber.x + rng.below(chamber.width - 1);
            let halves = chamber.split_right_of(line);
            let build = Build {
                chamber,
                horizontal,
                line,
                next: chamber.y,
                end: chamber.y + chamber.height,
                gap: None,
            };
            (halves.0, halves.1, build)
        };
        // The gap: a uniformly random segment between two ordinary cells.
        let ordinary = |at: u32| {
            let (a, b) = build.sides(at);
            !is_obstacle(cells[self.rows.of(a)]) && !is_obstacle(cells[self.rows.of(b)])
        };
        // Both rows (or columns) beside the wall: with no obstacle there, every segment is a place.
        let beside = if build.horizontal {
            Chamber {
                x: build.next,
                y: build.line,
                width: build.end - build.next,
                height: 2,
                leg: 0,
            }
        } else {
            Chamber {
                x: build.line,
                y: build.next,
                width: 2,
                height: build.end - build.next,
                leg: 0,
            }
        };
        if self.clear(beside) {
            build.gap = Some(build.next + rng.below(build.end - build.next));
        } else {
            let places = (build.next..build.end).filter(|&at| ordinary(at)).count() as u32;
            if places > 0 {
                let k = rng.below(places) as usize;
                build.gap = (build.next..build.end).filter(|&at| ordinary(at)).nth(k);
            }
        }
        let (mut first, mut second) = (first, second);
        self.route_split(
            chamber,
            (horizontal, build.line, build.gap),
            &mut first,
            &mut second,
        );
        self.push(first, cells);
        self.push(second, cells);
        build
    }
}

impl RecursiveDivision {
    /// [`RecursiveDivision::split`] and the wall's placing for a chamber with no obstacle in
    /// it, so no look at its cells: the same draws, the wall set in one go and its gap opened
    /// again (the field was open there). Returns the chamber to split next: the second half if
    /// it is wide, else the first, else the top of the stack, as pushing both and popping
    /// would.
    #[inline(always)]
    fn split_clear(
        &mut self,
        chamber: Chamber,
        cells: &mut [u8],
        rng: &mut MazeRng,
    ) -> Option<Chamber> {
        let w = self.rows.width();
        let horizontal = match chamber.width.cmp(&chamber.height) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => rng.chance(HALF),
        };
        let (x, y) = (chamber.x as usize, chamber.y as usize);
        let (first, second) = if horizontal {
            let line = chamber.y + rng.below(chamber.height - 1);
            let gap = rng.below(chamber.width) as usize;
            let row = line as usize * w + x;
            for cell in &mut cells[row..row + chamber.width as usize] {
                *cell |= SOUTH_CLOSED;
            }
            cells[row + gap] &= !SOUTH_CLOSED;
            let (mut first, mut second) = chamber.split_below(line);
            let wall = (true, line, Some(chamber.x + gap as u32));
            self.route_split(chamber, wall, &mut first, &mut second);
            (first, second)
        } else {
            let line = chamber.x + rng.below(chamber.width - 1);
            let gap = rng.below(chamber.height) as usize;
            let column = y * w + line as usize;
            for cell in cells[column..]
                .iter_mut()
                .step_by(w)
                .take(chamber.height as usize)
            {
                *cell |= EAST_CLOSED;
            }
            cells[column + gap * w] &= !EAST_CLOSED;
            let (mut first, mut second) = chamber.split_right_of(line);
            let wall = (false, line, Some(chamber.y + gap as u32));
            self.route_split(chamber, wall, &mut first, &mut second);
            (first, second)
        };
        let (first_wide, second_wide) = (first.is_wide(), second.is_wide());
        if !first_wide {
            self.settle(first);
        }
        if !second_wide {
            self.settle(second);
        }
        match (first_wide, second_wide) {
            (true, true) => {
                self.stack.push(first);
                Some(second)
            }
            (_, true) => Some(second),
            (true, false) => Some(first),
            (false, false) => self.stack.pop(),
        }
    }

    /// Sends the leg of the path in `chamber`, if it holds one, on into its halves (see
    /// [`route`]): the wall is south of row or east of column `line` (`horizontal` or not),
    /// with its gap, a column or a row, if any.
    #[inline(always)]
    fn route_split(
        &mut self,
        chamber: Chamber,
        wall: (bool, u32, Option<u32>),
        first: &mut Chamber,
        second: &mut Chamber,
    ) {
        if chamber.leg != 0
            && let Some(route) = &mut self.route
        {
            route.split(chamber, wall, first, second);
        }
    }

    /// The last chamber is split: reads the path asked for, if any.
    #[cold]
    fn finish(&mut self, cells: &[u8]) {
        self.done = true;
        self.head = None;
        if let Some(route) = self.route.take() {
            self.path = route.path(self.rows, cells);
        }
    }

    /// Counts a thin chamber clear of obstacles as settled: [`RecursiveDivision::push`]'s
    /// count without the look at its cells.
    #[inline(always)]
    fn settle(&mut self, chamber: Chamber) {
        let cells = u64::from(chamber.width) * u64::from(chamber.height);
        self.visited += cells - u64::from(chamber.contains(self.start_at));
    }
}

impl Carve for RecursiveDivision {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.stack)
            + self.route.as_ref().map_or(0, |r| r.heap_bytes())
            + self.path.as_ref().map_or(0, |p| slice_bytes(p))
    }

    /// Follows the path from the start to `to` through the splits (see [`route`]), if asked
    /// before the first split.
    fn aim(&mut self, from: Pos, to: Pos) {
        let unsplit = self.build.is_none() && !self.done && self.route.is_none();
        if from != self.start_at || self.courtyard {
            return;
        }
        if let ([whole], true) = (self.stack.as_mut_slice(), unsplit)
            && whole.x == 0
            && whole.y == 0
            && whole.width as usize == self.rows.width()
            && whole.height as usize == self.rows.height()
        {
            self.route = Some(Box::new(route::Route::new(whole, self.start_at, to)));
        }
    }

    fn take_path(&mut self) -> Option<Vec<Dir>> {
        self.path.take()
    }

    /// Places one segment of the current wall, splitting the next chamber first when the wall
    /// is finished.
    #[inline(always)]
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.done {
            return GenEvent::Done;
        }
        // At most twice round: a finished wall, then a new one, which always has a segment
        // besides its gap since chambers on the stack are at least two cells wide.
        loop {
            if let Some(build) = &mut self.build {
                if Some(build.next) == build.gap {
                    build.next += 1;
                }
                if build.next < build.end {
                    let (a, b) = build.sides(build.next);
                    build.next += 1;
                    self.head = Some(a);
                    let (ia, ib) = (self.rows.of(a), self.rows.of(b));
                    if is_obstacle(cells[ia]) || is_obstacle(cells[ib]) {
                        // Closed already, or inside the courtyard, which stays open.
                        return GenEvent::Visit { cell: a };
                    }
                    cells[ia] |= if build.horizontal {
                        SOUTH_CLOSED
                    } else {
                        EAST_CLOSED
                    };
                    return GenEvent::Wall { from: a, to: b };
                }
                self.build = None;
            }
            let Some(chamber) = self.stack.pop() else {
                self.finish(cells);
                return GenEvent::Done;
            };
            self.build = Some(self.split(chamber, cells, rng));
        }
    }

    /// [`RecursiveDivision::step`]'s moves a wall at a time: its segments placed in one loop
    /// over their cells' indices. A chamber clear of obstacles (nearly all of them) is split
    /// in [`RecursiveDivision::split_clear`], and the half split next is kept in hand rather
    /// than pushed and popped again.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let w = self.rows.width();
        while !self.done {
            if let Some(build) = self.build.take() {
                let line = build.line as usize;
                let (base, stride, across, bit) = if build.horizontal {
                    (line * w, 1, w, SOUTH_CLOSED)
                } else {
                    (line, w, 1, EAST_CLOSED)
                };
                for at in build.next..build.end {
                    if Some(at) == build.gap {
                        continue;
                    }
                    let a = base + at as usize * stride;
                    if !is_obstacle(cells[a]) && !is_obstacle(cells[a + across]) {
                        cells[a] |= bit;
                    }
                }
            }
            let mut next = self.stack.pop();
            while let Some(chamber) = next {
                if !self.clear(chamber) {
                    break;
                }
                next = self.split_clear(chamber, cells, rng);
            }
            let Some(chamber) = next else {
                self.finish(cells);
                return;
            };
            self.build = Some(self.split(chamber, cells, rng));
        }
    }
    /// The cell beside the segment just placed.
    fn head(&self) -> Option<Pos> {
        self.head
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// The chamber being split is active, the chambers waiting to be are unvisited, and the
    /// rest (corridors one cell thin) is finished. The stack is as deep as the splits are
    /// nested, so a look costs about the logarithm of the maze's size.
    fn cell_state(&self, pos: Pos) -> CellState {
        if self.build.is_some_and(|b| b.chamber.contains(pos)) {
            CellState::Active
        } else if self.stack.iter().any(|c| c.contains(pos)) {
            CellState::Unvisited
        } else {
            CellState::Finished
        }
    }

    fn step_cost(&self) -> u64 {
        25
    }

    /// One step per wall segment: about one per cell.
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        open_cells
    }

    fn may_leave_islands(&self) -> bool {
        self.islands_possible
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::testkit;
    use crate::generate::{Algorithm, Generator, MazeOptions};
    use crate::geometry::Dir;
    use crate::stats;

    #[test]
    fn makes_valid_mazes() {
        testkit::check_all(Algorithm::RecursiveDivision);
    }

    #[test]
    fn starts_from_an_open_field_and_only_builds_walls() {
        let options = MazeOptions::new(12, 8)
            .seed(3)
            .algorithm(Algorithm::RecursiveDivision);
        let mut generator = Generator::build(options).unwrap();
        let grid = generator.grid();
        let stamp = grid.stamp().unwrap();
        let ordinary = |p: Pos| !grid.is_locked(p);
        let field = grid
            .positions()
            .filter(|&p| ordinary(p))
            .map(|p| {
                [Dir::East, Dir::South]
                    .into_iter()
                    .filter(|&d| grid.neighbour(p, d).is_some_and(ordinary))
                    .count() as u64
            })
            .sum::<u64>();
        assert_eq!(stats::open_walls(grid), field);
        assert!(stamp.cells().all(|c| grid.walls(c) == crate::Walls::CLOSED));
        let (mut walls, mut links) = (0, 0);
        loop {
            match generator.step() {
                GenEvent::Wall { .. } => {
                    assert!(!generator.is_linking());
                    walls += 1;
                }
                GenEvent::Carve { .. } => {
                    assert!(generator.is_linking(), "only the linker carves");
                    links += 1;
                }
                GenEvent::Visit { .. } => {}
                GenEvent::Done => break,
                event => panic!("{event:?}"),
            }
        }
        let tree = 12 * 8 - 18 - 1;
        assert_eq!(stats::open_walls(generator.grid()), tree);
        assert_eq!(field - walls + links, tree);
    }

    #[test]
    fn the_courtyard_is_walled_off_open_inside() {
        let options = MazeOptions::new(25, 20)
            .courtyard(true)
            .algorithm(Algorithm::RecursiveDivision);
        let generator = Generator::build(options).unwrap();
        let grid = generator.grid();
        let yard = grid.courtyard().unwrap();
        for cell in yard.cells() {
            for dir in Dir::ALL {
                let inside = grid.neighbour(cell, dir).is_some_and(|n| yard.contains(n));
                assert_eq!(grid.is_open(cell, dir), inside, "{cell} {dir:?}");
            }
        }
        assert_eq!(generator.cell_state(yard.centre()), CellState::Unvisited);
        assert_eq!(generator.visited(), 9);
    }

    #[test]
    fn every_wall_has_one_gap_between_ordinary_cells() {
        // Without landmarks, every split leaves exactly one gap, so the field ends a tree with
        // no linking needed.
        for seed in 0..10 {
            let options = MazeOptions::new(40, 6)
                .seed(seed)
                .algorithm(Algorithm::RecursiveDivision);
            let mut generator = Generator::build(options).unwrap();
            while generator.step() != GenEvent::Done {
                assert!(!generator.is_linking());
            }
            assert_eq!(stats::open_walls(generator.grid()), 40 * 6 - 1);
        }
    }
}
