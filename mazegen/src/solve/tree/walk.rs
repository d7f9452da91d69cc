//! One walk of a tree from one cell to another, keeping only the steps taken (see the parent
//! module for why that is the path), which another thread can call off.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::geometry::{Dir, Pos};
use crate::grid::Grid;

/// How a walk ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    /// It stands on the goal: the steps from the start.
    Found(Vec<Dir>),
    /// Every cell reachable from the start is walked, and the goal is not among them.
    Unreachable,
    /// The grid is not a tree around the start: more steps than any tree allows.
    NotATree,
    /// The allocator refused the steps room to grow.
    OutOfMemory,
    /// `stop` was raised before it ended (the other walk ended first).
    Stopped,
}

/// How many steps a walk takes between two looks at `stop`: often enough that the losing
/// walk of a race ends a few microseconds after the winner, rarely enough to cost nothing.
const LOOK_EVERY: u64 = 1 << 12;

/// Walks from `from` to `to`, depth first, trying first the ways that close in on `to`.
pub(super) fn walk(grid: &Grid, from: Pos, to: Pos, stop: &AtomicBool) -> Ending {
    let cells = grid.raw();
    let rows = grid.rows();
    let target = rows.of(to);
    // One order for the whole walk, the ways towards the goal first: a cell's own order would
    // cost more a step than it saves.
    let order = towards(
        i64::from(to.x) - i64::from(from.x),
        i64::from(to.y) - i64::from(from.y),
    );
    // The walk works in `order`'s positions: a cell's open walls as bits in those positions
    // (from its bits in `Dir` order), each position's move and the position of its way back.
    // A step then goes from the cell's walls to its move in one table each, and the steps
    // kept are positions, turned into directions once the walk ends.
    let mut reorder = [0u8; 16];
    for (mask, reordered) in reorder.iter_mut().enumerate() {
        for (k, &d) in order.iter().enumerate() {
            *reordered |= u8::from(mask & (1 << d) != 0) << k;
        }
    }
    let offsets = rows.offsets();
    let moves = order.map(|d| offsets[d as usize]);
    let backs = order.map(|d| {
        let k = order
            .iter()
            .position(|&o| o == d ^ 2)
            .expect("every direction");
        1u8 << k
    });
    // A tree of n cells is walked, there and back, in 2 (n - 1) steps.
    let bound = 2 * cells.len() as u64;
    let mut path: Vec<u8> = Vec::new();
    let mut i = rows.of(from);
    // The position, in `order`, of the next way to try.
    let mut k = 0;
    // The bit (in `order`'s positions) of the way back to the cell this one was entered from.
    let mut back = 0u8;
    let mut steps = 0u64;
    while i != target {
        let open = reorder[usize::from(rows.open_ways(cells, i))];
        let ways = (open & !back) >> k << k;
        if ways != 0 {
            let j = ways.trailing_zeros() as usize;
            if !crate::bytes::room_for(&mut path, 1) {
                return Ending::OutOfMemory;
            }
            path.push(j as u8);
            i = i.wrapping_add_signed(moves[j]);
            back = backs[j];
            k = 0;
        } else {
            // Every way out of here is walked: back to the cell this one was entered from.
            let Some(came) = path.pop() else {
                return Ending::Unreachable;
            };
            i = i.wrapping_add_signed(-moves[usize::from(came)]);
            back = path.last().map_or(0, |&j| backs[usize::from(j)]);
            k = came + 1;
        }
        steps += 1;
        if steps > bound {
            return Ending::NotATree;
        }
        if steps.is_multiple_of(LOOK_EVERY) && stop.load(Ordering::Relaxed) {
            return Ending::Stopped;
        }
    }
    // In place: a `Dir` is a byte too, so the collection reuses the steps' memory.
    let dirs = path
        .into_iter()
        .map(|j| Dir::from_index(order[usize::from(j)]));
    Ending::Found(dirs.collect())
}

/// The four directions (as `Dir` indices, N E S W = 0 1 2 3) in the order to try them on the
/// way from a cell `dx` columns and `dy` rows away from the goal: the two that close in on it
/// first, the longer way first.
fn towards(dx: i64, dy: i64) -> [u8; 4] {
    let h = if dx >= 0 { 1 } else { 3 };
    let v = if dy >= 0 { 2 } else { 0 };
    if dx.abs() >= dy.abs() {
        [h, v, v ^ 2, h ^ 2]
    } else {
        [v, h, h ^ 2, v ^ 2]
    }
}
