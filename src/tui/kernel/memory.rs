//! How much memory making a maze takes, estimated before any is allocated, so that a size the
//! machine cannot hold is refused with a message instead of ending in an out-of-memory abort.
//!
//! The figures are peak resident bytes per cell measured on `--headless` runs at 2000x2000
//! (peak RSS / cells, seed 1, with `/usr/bin/time -f %M`; the program's fixed 5.5 MB is
//! 1.4 bytes a cell of that), rounded up, for a perfect maze and
//! for a braided board (braiding keeps a list of dead ends, and solving a board visits more).
//! They cover the grid (one byte a cell), the algorithm's own state, the linker, the braider,
//! the shortest-path search and the file writer. A dashboard adds what `VIEW_BYTES_PER_CELL`
//! says: the watched solver's state and the path bitmap.

use mazegen::{Algorithm, MazeOptions, Timeline};

/// What the dashboard keeps per cell on top of a headless run: the watched search's state
/// (about two bytes) and one bit a cell for the path, rounded up.
const VIEW_BYTES_PER_CELL: u64 = 3;

/// Bytes a run needs whatever its size: code, buffers, the allocator's own.
pub const FIXED_BYTES: u64 = 16 << 20;

/// Peak bytes per cell of a headless run with `algorithm`, for a perfect maze or a board.
const fn peak_bytes_per_cell(algorithm: Algorithm, perfect: bool) -> u64 {
    let (perfect_maze, board) = match algorithm {
        // Measured: 3.1 / 3.5 bytes a cell (the path is long: a byte a step).
        Algorithm::Backtracker => (4, 4),
        // 2.8 / 4.0: the marks are in the grid's spare bits; the frontier.
        Algorithm::Prim => (3, 4),
        // 12.4 / 12.4: the shuffled list of every inner wall, packed, and the union-find
        // (kept with a byte's margin).
        Algorithm::Kruskal => (14, 14),
        // 2.8 / 3.7
        Algorithm::Wilson => (3, 4),
        // 2.8 / 3.6
        Algorithm::AldousBroder => (3, 4),
        // 2.8 / 3.5
        Algorithm::HuntAndKill => (3, 4),
        // 3.0 / 3.5
        Algorithm::GrowingTreeNewest => (4, 4),
        // 2.8 / 3.6
        Algorithm::GrowingTreeRandom => (3, 4),
        // 2.9 / 3.5
        Algorithm::GrowingTreeMixed => (3, 4),
        // 2.8 / 3.5: the grid, and for a board the search and the braider's dead ends; the
        // linker keeps two rows and the islands.
        Algorithm::BinaryTree => (3, 4),
        // 2.8 / 3.6
        Algorithm::Sidewinder => (3, 4),
        // 2.8 / 3.6
        Algorithm::Eller => (3, 4),
        // 2.8 / 3.6
        Algorithm::RecursiveDivision => (3, 4),
        // An algorithm a later mazegen adds, until measured: the most any takes.
        _ => (14, 14),
    };
    if perfect { perfect_maze } else { board }
}

/// Who will hold the maze: a one-shot run, or the dashboard, which also draws and animates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// Generated and written, nothing shown.
    Headless,
    /// Shown and animated in the dashboard.
    Dashboard,
}

/// The estimated peak memory, in bytes, of making, solving and writing the maze `options`
/// describe. A dashboard also keeps its replay's checkpoints, at most
/// [`Timeline::CHECKPOINT_BUDGET`] whatever the size.
pub fn estimated_bytes(options: &MazeOptions, to: Holder) -> u64 {
    let cells = u64::from(options.width) * u64::from(options.height);
    let (view, replay) = match to {
        Holder::Headless => (0, 0),
        Holder::Dashboard => (VIEW_BYTES_PER_CELL, Timeline::CHECKPOINT_BUDGET),
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
        let headless = estimated_bytes(&large, Holder::Headless);
        assert_eq!(headless, FIXED_BYTES + 100_000_000 * 4);
        assert!(estimated_bytes(&small, Holder::Headless) < headless);
        assert_eq!(
            estimated_bytes(&large, Holder::Dashboard) - headless,
            100_000_000 * VIEW_BYTES_PER_CELL + Timeline::CHECKPOINT_BUDGET
        );
        let kruskal = MazeOptions::new(100_000, 10_000)
            .algorithm(Algorithm::Kruskal)
            .perfect(false);
        assert_eq!(
            estimated_bytes(&kruskal, Holder::Headless),
            FIXED_BYTES + 14_000_000_000
        );
    }
}
