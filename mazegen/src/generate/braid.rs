//! Turns a perfect maze into a playable board by opening dead ends ("braiding").
//!
//! Dead ends are visited in a random order. Each is opened, with probability BRAID, towards a
//! neighbour (preferably another dead end, which removes two at once), never through the border
//! or the 42 and never completing a 3x3 open area. If that left fewer loops than a board needs
//! (a low BRAID), more dead ends are opened regardless of BRAID, and as a last resort any wall
//! that is safe to open.

use std::sync::Arc;

use super::GenEvent;
use super::carve::{Shared, room_for};
use crate::geometry::{Dir, Pos};
use crate::grid::Grid;
use crate::rng::{MazeRng, probability_numerator};
use crate::rules::{LoopCount, is_forced_dead_end, opening_makes_open_block};
use crate::stats::is_dead_end;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// Setting up, a cell a step: listing the dead ends and counting what the loop rules
    /// need. Done in steps, like the rest, so that a big grid's setup is no single long step
    /// for a caller that animates or slices the work.
    Listing { next: usize, count: LoopCount },
    /// Shuffling the dead ends, a swap a step: `rng.shuffle`'s Fisher-Yates, at `next` going
    /// down, so the order (and so the maze) is the one a shuffle in one go gives.
    Shuffling { next: usize },
    /// Each dead end is opened with probability BRAID; the others are kept for later.
    ByChance,
    /// Dead ends kept by chance are opened until the board has its loops.
    UntilLooped,
    /// No dead end was left to open: any safe wall, scanning from a random cell.
    AnyWall,
}

#[derive(Clone, Debug)]
pub struct Braider {
    /// Never changed once shuffled, so shared with the replay checkpoints (a change before
    /// that copies it if one holds it).
    dead_ends: Arc<Vec<u32>>,
    kept: Vec<u32>,
    next: usize,
    pass: Pass,
    threshold: u64,
    loops: u64,
    required: u64,
    scanned: usize,
    scan_start: usize,
    /// The allocator refused the list of dead ends (or those kept) room to grow: braiding
    /// stopped there, unfinished, and every later step is `Done`.
    out_of_memory: bool,
}

impl Braider {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        super::carve::slice_bytes(&self.dead_ends) + super::carve::slice_bytes(&self.kept)
    }

    /// The bytes a replay checkpoint of it holds alone: the dead ends kept for later (the list
    /// of dead ends is shared, see [`Braider::shared`]).
    pub fn checkpoint_bytes(&self) -> usize {
        super::carve::slice_bytes(&self.kept)
    }

    /// The list of dead ends, shared by its clones.
    pub fn shared(&self) -> Shared {
        Shared {
            address: Arc::as_ptr(&self.dead_ends) as usize,
            bytes: super::carve::slice_bytes(&self.dead_ends),
        }
    }

    /// A braider for `grid`, which it looks at in its first steps (see [`Pass::Listing`]): the
    /// grid must not change in between.
    pub fn new(braid: f64) -> Braider {
        Braider {
            dead_ends: Arc::new(Vec::new()),
            kept: Vec::new(),
            next: 0,
            pass: Pass::Listing {
                next: 0,
                count: LoopCount::default(),
            },
            threshold: probability_numerator(braid),
            loops: 0,
            required: 0,
            scanned: 0,
            scan_start: 0,
            out_of_memory: false,
        }
    }

    /// Whether the allocator refused the lists room to grow (braiding stopped unfinished).
    pub fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    /// One step of the setup: a cell listed, or two dead ends swapped. `None` once set up.
    fn set_up(&mut self, grid: &Grid, rng: &mut MazeRng) -> Option<GenEvent> {
        match &mut self.pass {
            Pass::Listing { next, count } => {
                if *next == grid.cell_count() {
                    self.loops = count.loops_beyond_courtyard(grid);
                    self.required = count.required_loops();
                    self.pass = Pass::Shuffling {
                        next: self.dead_ends.len().saturating_sub(1),
                    };
                    return self.set_up(grid, rng);
                }
                let cell = grid.pos(*next);
                *next += 1;
                count.add(grid, cell);
                if is_dead_end(grid, cell) && !is_forced_dead_end(grid, cell) {
                    // Up to a dead end a cell or two: a big board's list is its largest
                    // allocation after the grid.
                    let dead_ends = Arc::make_mut(&mut self.dead_ends);
                    if !room_for(dead_ends, 1) {
                        self.out_of_memory = true;
                        return Some(GenEvent::Done);
                    }
                    dead_ends.push(grid.index(cell) as u32);
                }
                Some(GenEvent::Visit { cell })
            }
            Pass::Shuffling { next } if *next >= 1 => {
                let i = *next;
                let bound = u32::try_from(i + 1).expect("fewer than 2^32 dead ends");
                Arc::make_mut(&mut self.dead_ends).swap(i, rng.below(bound) as usize);
                *next -= 1;
                Some(GenEvent::Visit {
                    cell: grid.pos(self.dead_ends[i] as usize),
                })
            }
            Pass::Shuffling { .. } => {
                self.scan_start = rng.below(grid.cell_count() as u32) as usize;
                self.pass = Pass::ByChance;
                None
            }
            _ => None,
        }
    }

    pub fn step(&mut self, grid: &mut Grid, rng: &mut MazeRng) -> GenEvent {
        if self.out_of_memory {
            return GenEvent::Done;
        }
        if let Some(event) = self.set_up(grid, rng) {
            return event;
        }
        loop {
            match self.pass {
                Pass::Listing { .. } | Pass::Shuffling { .. } => {
                    unreachable!("set up above")
                }
                Pass::ByChance => {
                    let Some(&index) = self.dead_ends.get(self.next) else {
                        self.next = 0;
                        self.pass = Pass::UntilLooped;
                        continue;
                    };
                    self.next += 1;
                    let cell = grid.pos(index as usize);
                    if !is_dead_end(grid, cell) {
                        return GenEvent::Visit { cell };
                    }
                    if !rng.chance(self.threshold) {
                        if !room_for(&mut self.kept, 1) {
                            self.out_of_memory = true;
                            return GenEvent::Done;
                        }
                        self.kept.push(index);
                        return GenEvent::Visit { cell };
                    }
                    return self.open_dead_end(grid, rng, cell);
                }
                Pass::UntilLooped => {
                    let index = match self.kept.get(self.next) {
                        Some(&index) if self.loops < self.required => index,
                        _ if self.loops < self.required => {
                            self.pass = Pass::AnyWall;
                            continue;
                        }
                        _ => return GenEvent::Done,
                    };
                    self.next += 1;
                    let cell = grid.pos(index as usize);
                    if !is_dead_end(grid, cell) {
                        return GenEvent::Visit { cell };
                    }
                    return self.open_dead_end(grid, rng, cell);
                }
                Pass::AnyWall => {
                    if self.loops >= self.required || self.scanned == grid.cell_count() {
                        return GenEvent::Done;
                    }
                    let index = (self.scan_start + self.scanned) % grid.cell_count();
                    self.scanned += 1;
                    let cell = grid.pos(index);
                    for dir in [Dir::East, Dir::South] {
                        if self.can_open(grid, cell, dir) {
                            return self.open(grid, cell, dir);
                        }
                    }
                    return GenEvent::Visit { cell };
                }
            }
        }
    }

    /// Which pass the braider is in (0 listing, 1 shuffling, then the three opening passes):
    /// a step of one pass costs about the same as another of that pass, not as one of another.
    pub fn pass_number(&self) -> u8 {
        match self.pass {
            Pass::Listing { .. } => 0,
            Pass::Shuffling { .. } => 1,
            Pass::ByChance => 2,
            Pass::UntilLooped => 3,
            Pass::AnyWall => 4,
        }
    }

    /// Roughly how long a step of the current pass takes, in nanoseconds (see
    /// `Generator::step_cost`): listing a cell or swapping two dead ends costs about a tenth
    /// of opening a dead end by the rules.
    pub fn step_cost(&self) -> u64 {
        match self.pass {
            Pass::Listing { .. } | Pass::Shuffling { .. } => 15,
            Pass::ByChance | Pass::UntilLooped | Pass::AnyWall => 150,
        }
    }

    /// Steps until done.
    pub fn run(&mut self, grid: &mut Grid, rng: &mut MazeRng) {
        while self.step(grid, rng) != GenEvent::Done {}
    }

    fn open_dead_end(&mut self, grid: &mut Grid, rng: &mut MazeRng, cell: Pos) -> GenEvent {
        let mut options = [Dir::North; 4];
        let mut count = 0;
        let mut preferred = 0;
        for dir in Dir::ALL {
            if self.can_open(grid, cell, dir) {
                options[count] = dir;
                count += 1;
                let next = grid
                    .neighbour(cell, dir)
                    .expect("openable walls have a neighbour");
                if is_dead_end(grid, next) {
                    // Keep dead-end neighbours at the front: they are preferred.
                    options.swap(preferred, count - 1);
                    preferred += 1;
                }
            }
        }
        let pool = if preferred > 0 { preferred } else { count };
        if pool == 0 {
            return GenEvent::Visit { cell };
        }
        let dir = options[rng.below(pool as u32) as usize];
        self.open(grid, cell, dir)
    }

    fn can_open(&self, grid: &Grid, cell: Pos, dir: Dir) -> bool {
        grid.neighbour(cell, dir).is_some_and(|next| {
            grid.is_closed(cell, dir)
                && !grid.is_locked(cell)
                && !grid.is_locked(next)
                && !opening_makes_open_block(grid, cell, dir)
        })
    }

    fn open(&mut self, grid: &mut Grid, cell: Pos, dir: Dir) -> GenEvent {
        let to = grid
            .neighbour(cell, dir)
            .expect("openable walls have a neighbour");
        grid.set_wall(cell, dir, false);
        // Both cells were already connected, so every opened wall closes one more loop.
        self.loops += 1;
        GenEvent::Carve { from: cell, to }
    }
}
