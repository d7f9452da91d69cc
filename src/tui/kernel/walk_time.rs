//! How long the random-walk algorithms take, estimated before they start.
//!
//! Aldous-Broder and Wilson walk at random until the walk has covered the maze. On a square
//! maze that is about `n log² n` (Aldous-Broder) or `n log n` (Wilson) moves for `n` cells,
//! but on a thin maze the walk must also get from one end to the other, which takes moves in
//! the square of the length: a 2x100000 maze takes minutes where a 450x450 one of the same
//! size takes a fraction of a second. An application can refuse a size whose estimate is too
//! long, and suggest another algorithm, instead of seeming to hang.
//!
//! The rates were measured on release builds (`--headless`, 2 cores): Aldous-Broder 2000x2000
//! in 0.86 s, 2xL strips at 16 to 75 million L² a second (the walk's time varies a lot from
//! one seed to the next, so the slowest was taken); Wilson 2000x2000 in 0.46 s, 2xL and 12xL
//! strips at 160 to 400 million L² a second. The other algorithms are linear in the cells.

use mazegen::{Algorithm, MazeOptions};

/// The estimate past which a program had better refuse a walk and suggest another algorithm:
/// a user waiting over a minute with no end in sight takes the program for hung.
const TOO_LONG_SECONDS: f64 = 60.0;

/// Whether carving `options` is estimated to take over a minute (`TOO_LONG_SECONDS`); the estimate.
pub fn too_long(options: &MazeOptions) -> Option<f64> {
    walk_seconds(options).filter(|&s| s > TOO_LONG_SECONDS)
}

/// Estimated seconds to carve `options` on a machine like the one measured, for the
/// algorithms whose time can grow faster than the maze's cells; `None` for the others.
fn walk_seconds(options: &MazeOptions) -> Option<f64> {
    let (w, h) = (options.width as f64, options.height as f64);
    let cells = w * h;
    let log2 = cells.max(2.0).log2();
    let length_squared = w.max(h).powi(2);
    let (square, thin) = match options.algorithm {
        Algorithm::AldousBroder => ((log2 * log2 / 5.0).max(4.0) * cells / 3.8e8, 2.0e7),
        Algorithm::Wilson => (log2.max(4.0) * cells / 1.9e8, 1.6e8),
        _ => return None,
    };
    Some(square + length_squared / thin)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(algorithm: Algorithm, width: u32, height: u32) -> Option<f64> {
        walk_seconds(&MazeOptions::new(width, height).algorithm(algorithm))
    }

    #[test]
    fn only_the_random_walks_are_estimated() {
        assert_eq!(seconds(Algorithm::Backtracker, 2, 100_000), None);
        assert_eq!(seconds(Algorithm::Kruskal, 100_000, 10_000), None);
        assert!(seconds(Algorithm::Wilson, 20, 20).is_some());
    }

    #[test]
    fn a_thin_maze_takes_far_longer_than_a_square_one_of_the_same_size() {
        for algorithm in [Algorithm::AldousBroder, Algorithm::Wilson] {
            let thin = seconds(algorithm, 2, 100_000).unwrap();
            let square = seconds(algorithm, 447, 447).unwrap();
            assert!(thin > 60.0, "{algorithm}: {thin} s");
            assert!(square < 1.0, "{algorithm}: {square} s");
            assert_eq!(
                seconds(algorithm, 100_000, 2),
                Some(thin),
                "either way round"
            );
        }
    }

    #[test]
    fn the_sizes_measured_in_seconds_stay_under_a_minute() {
        // 0.86 s and 0.46 s measured at 2000x2000; 1.3 s for Aldous-Broder at 2x10000.
        assert!(seconds(Algorithm::AldousBroder, 2000, 2000).unwrap() < 5.0);
        assert!(seconds(Algorithm::Wilson, 2000, 2000).unwrap() < 5.0);
        assert!(seconds(Algorithm::AldousBroder, 2, 10_000).unwrap() < 60.0);
        assert!(seconds(Algorithm::AldousBroder, 10_000, 10_000).unwrap() < 60.0);
    }
}
