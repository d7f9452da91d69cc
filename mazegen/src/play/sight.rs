//! What the walker sees: its own cell and, down each open side, the straight corridor up to
//! the first closed wall. Nothing round a corner, as in a real corridor.

use crate::{Dir, Grid, Pos};

/// The cells seen from `from`, `from` first.
pub fn from(grid: &Grid, from: Pos) -> impl Iterator<Item = Pos> + '_ {
    let lines = Dir::ALL.into_iter().flat_map(move |dir| {
        std::iter::successors(Some(from), move |&at| {
            grid.is_open(at, dir)
                .then(|| grid.neighbour(at, dir))
                .flatten()
        })
        .skip(1)
    });
    std::iter::once(from).chain(lines)
}
