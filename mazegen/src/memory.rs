//! How much memory making a maze takes, estimated before any is allocated, so that a size the
//! machine cannot hold is refused with a message instead of ending in an out-of-memory abort.
//!
//! The figures are peak resident bytes per cell measured on `--headless` runs at 2000x2000
//! (peak RSS / cells, seed 1, with `/usr/bin/time -f %M`), rounded up, for a perfect maze and
//! for a braided board (braiding keeps a list of dead ends, and solving a board visits more).
//! They cover the grid (one byte a cell), the algorithm's own state, the linker, the braider,
//! the shortest-path search and the file writer. A dashboard adds what `VIEW_BYTES_PER_CELL`
//! says: the watched solver's state and the path bitmap.

use crate::generate::{Algorithm, MazeOptions};

/// What the dashboard keeps per cell on top of a headless run: the watched search's state
/// (about two bytes) and one bit a cell for the path, rounded up.
pub(crate) const VIEW_BYTES_PER_CELL: u64 = 3;

/// Bytes a run needs whatever its size: code, buffers, the allocator's own.
pub const FIXED_BYTES: u64 = 16 << 20;

/// Peak bytes per cell of a headless run with `algorithm`, for a perfect maze or a board.
pub(crate) const fn peak_bytes_per_cell(algorithm: Algorithm, perfect: bool) -> u64 {
    let (perfect_maze, board) = match algorithm {
        // Measured: 3.4 / 3.4 bytes a cell.
        Algorithm::Backtracker => (4, 4),
        // 3.3 / 4.4
        Algorithm::Prim => (4, 5),
        // 15.1 / 16.3: the shuffled list of every inner wall and the union-find.
        Algorithm::Kruskal => (16, 17),
        // 6.9 / 8.2
        Algorithm::Wilson => (7, 9),
        // 3.2 / 4.1
        Algorithm::AldousBroder => (4, 5),
        // 6.9 / 7.3
        Algorithm::HuntAndKill => (7, 8),
        // 3.8 / 4.2
        Algorithm::GrowingTreeNewest => (4, 5),
        // 3.2 / 4.1
        Algorithm::GrowingTreeRandom => (4, 5),
        // 3.2 / 3.8
        Algorithm::GrowingTreeMixed => (4, 4),
        // 6.9 / 8.0: the linker's union-find over the islands.
        Algorithm::BinaryTree => (7, 8),
        // 7.0 / 8.1
        Algorithm::Sidewinder => (7, 9),
        // 7.0 / 8.1
        Algorithm::Eller => (7, 9),
        // 6.9 / 8.0
        Algorithm::RecursiveDivision => (7, 9),
    };
    if perfect { perfect_maze } else { board }
}

/// Who will hold the maze: a one-shot run, or the dashboard, which also draws and animates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// Generated and written, nothing shown.
    Headless,
    /// Shown and animated in the dashboard.
    Dashboard,
}

/// The estimated peak memory, in bytes, of making, solving and writing the maze `options`
/// describe. A dashboard also keeps its replay's checkpoints, at most
/// [`crate::replay::CHECKPOINT_BUDGET`] whatever the size.
pub fn estimated_bytes(options: &MazeOptions, to: Use) -> u64 {
    let cells = u64::from(options.width) * u64::from(options.height);
    let (view, replay) = match to {
        Use::Headless => (0, 0),
        Use::Dashboard => (VIEW_BYTES_PER_CELL, crate::replay::CHECKPOINT_BUDGET),
    };
    let per_cell = peak_bytes_per_cell(options.algorithm, options.perfect) + view;
    FIXED_BYTES + replay + cells.saturating_mul(per_cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kruskal_is_the_hungriest_and_boards_never_need_less() {
        for &algorithm in Algorithm::ALL {
            assert!(peak_bytes_per_cell(algorithm, true) <= peak_bytes_per_cell(algorithm, false));
            assert!(
                peak_bytes_per_cell(algorithm, false)
                    <= peak_bytes_per_cell(Algorithm::Kruskal, false)
            );
            // Never below the grid itself and a search's byte a cell.
            assert!(peak_bytes_per_cell(algorithm, true) >= 3, "{algorithm}");
        }
    }

    #[test]
    fn the_estimate_grows_with_the_cells_and_the_view() {
        let small = MazeOptions::new(100, 100);
        let large = MazeOptions::new(10_000, 10_000);
        let headless = estimated_bytes(&large, Use::Headless);
        assert_eq!(headless, FIXED_BYTES + 100_000_000 * 4);
        assert!(estimated_bytes(&small, Use::Headless) < headless);
        assert_eq!(
            estimated_bytes(&large, Use::Dashboard) - headless,
            100_000_000 * VIEW_BYTES_PER_CELL + crate::replay::CHECKPOINT_BUDGET
        );
        let kruskal = MazeOptions::new(100_000, 10_000)
            .algorithm(Algorithm::Kruskal)
            .perfect(false);
        assert_eq!(
            estimated_bytes(&kruskal, Use::Headless),
            FIXED_BYTES + 17_000_000_000
        );
    }
}
