//! The seeded random source behind every choice a generator makes.
//!
//! Reproducibility is part of the file format's contract (same config and seed, same bytes on
//! every platform), so the choices are defined here rather than borrowed from `rand`'s
//! distributions, whose algorithms may change between releases: xoshiro256++ seeded through
//! SplitMix64, and Lemire's multiply-and-reject for bounded integers. No floats, no `usize`.
//! Private: a seed (a `u64` in [`MazeOptions`](crate::MazeOptions)) is all a user gives.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

mod ahead;
mod coins;
pub(crate) use ahead::Ahead;
pub(crate) use coins::Coins;

/// A uniformly random integer in `0..bound` (not 0) from the draw `first` and, when it is
/// rejected, the draws `redraw` gives: Lemire, "Fast Random Integer Generation in an Interval"
/// (2019), unbiased, and the division only runs in the rare case where the low half falls
/// below the bound. The one definition of [`MazeRng::below`] and of the drawers' `below`.
#[inline(always)]
fn lemire(first: u32, bound: u32, mut redraw: impl FnMut() -> u32) -> u32 {
    debug_assert!(bound > 0);
    let mut m = u64::from(first) * u64::from(bound);
    if (m as u32) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (m as u32) < threshold {
            m = u64::from(redraw()) * u64::from(bound);
        }
    }
    (m >> 32) as u32
}

/// A reproducible random number generator.
#[derive(Clone, Debug)]
pub struct MazeRng(Xoshiro256PlusPlus);

impl MazeRng {
    /// The generator for `seed`: the same seed gives the same numbers on every platform.
    pub fn from_seed(seed: u64) -> MazeRng {
        MazeRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// A uniformly random integer in `0..bound`. `bound` must not be 0.
    #[inline]
    pub(crate) fn below(&mut self, bound: u32) -> u32 {
        let first = self.0.next_u32();
        self.below_from(first, bound)
    }

    /// [`MazeRng::below`]`(bound)` whose first draw, `first`, was already taken (by
    /// [`MazeRng::next_u32`]): the draws it goes on to take, and its result, are `below`'s.
    #[inline]
    pub(crate) fn below_from(&mut self, first: u32, bound: u32) -> u32 {
        lemire(first, bound, || self.0.next_u32())
    }

    /// The next 32 random bits, as the first draw of [`MazeRng::below_from`].
    #[inline]
    pub(crate) fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// What [`MazeRng::below`]`(bound)` would give from the draw after the next `skip` ones,
    /// taking none, unless that draw is one `below` rejects (a chance of `bound` in 2^32):
    /// what a loop whose steps each take a known number of draws can read ahead of its use.
    #[inline(always)]
    pub(crate) fn peek_below(&self, skip: usize, bound: u32) -> u32 {
        let mut ahead = self.0.clone();
        for _ in 0..skip {
            ahead.next_u32();
        }
        ((u64::from(ahead.next_u32()) * u64::from(bound)) >> 32) as u32
    }

    /// A uniformly random 64-bit integer.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// True with probability `numerator / 2^32`.
    #[inline]
    pub(crate) fn chance(&mut self, numerator: u64) -> bool {
        u64::from(self.0.next_u32()) < numerator
    }

    /// The stream as [`Coins`], to draw from in a loop and [`resume`](MazeRng::resume) after.
    pub(crate) fn coins(&self) -> Coins {
        Coins::from_state(self.0.state())
    }

    /// Goes on from where `coins` left the stream.
    pub(crate) fn resume(&mut self, coins: Coins) {
        // `state` round-trips through `from_seed` exactly: the all-zero state is unreachable.
        self.0 = Xoshiro256PlusPlus::from_seed(coins.state());
    }

    /// Shuffles a slice in place (Fisher-Yates): the draws and swaps every shuffle of this
    /// crate makes. The two lists shuffled outside the tests make them themselves, a batch of
    /// draws ahead of its swaps: Kruskal's packed wall list (`WallList::shuffle`) and the
    /// braider's dead ends, a step's swap at a time or all at once (`braid::shuffle`).
    #[cfg(test)]
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let bound = u32::try_from(i + 1).expect("shuffled lists hold fewer than 2^32 items");
            items.swap(i, self.below(bound) as usize);
        }
    }
}

/// The probability `p` (clamped to 0..=1) as a numerator for [`MazeRng::chance`].
pub(crate) fn probability_numerator(p: f64) -> u64 {
    // One IEEE multiplication and truncation: the same result on every platform.
    (p.clamp(0.0, 1.0) * 4_294_967_296.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    const PINNED_CHOICES: [u32; 12] = [3, 2, 0, 2, 0, 2, 3, 2, 0, 0, 3, 1];
    const PINNED_WIDE: [u32; 3] = [72431, 394580, 89496];

    #[test]
    fn same_seed_same_stream() {
        let mut a = MazeRng::from_seed(42);
        let mut b = MazeRng::from_seed(42);
        let xs: Vec<u32> = (0..100).map(|_| a.below(1000)).collect();
        let ys: Vec<u32> = (0..100).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
        let mut c = MazeRng::from_seed(43);
        let zs: Vec<u32> = (0..100).map(|_| c.below(1000)).collect();
        assert_ne!(xs, zs);
    }

    /// Pins the stream: if this changes, every seeded maze file changes with it, which breaks
    /// the promise that a seed reproduces a maze across releases.
    #[test]
    fn stream_is_stable_across_releases() {
        let mut rng = MazeRng::from_seed(1);
        let choices: Vec<u32> = (0..12).map(|_| rng.below(4)).collect();
        let wide: Vec<u32> = (0..3).map(|_| rng.below(1_000_000)).collect();
        assert_eq!(choices, PINNED_CHOICES);
        assert_eq!(wide, PINNED_WIDE);
    }

    #[test]
    fn a_peek_is_the_draw_to_come() {
        let mut rng = MazeRng::from_seed(17);
        for (skip, bound) in [(0, 7), (1, 1000), (2, 12_345), (5, 1 << 20)] {
            let peeked = rng.peek_below(skip, bound);
            for _ in 0..skip {
                // One draw each: a power of two is never rejected.
                rng.below(1 << 31);
            }
            assert_eq!(rng.below(bound), peeked, "skip {skip}");
        }
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = MazeRng::from_seed(7);
        for bound in [1, 2, 3, 4, 7, 1000] {
            let mut seen = vec![false; bound as usize];
            for _ in 0..20_000 {
                let v = rng.below(bound);
                assert!(v < bound);
                seen[v as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "bound {bound} not covered");
        }
    }

    #[test]
    fn chance_extremes() {
        let mut rng = MazeRng::from_seed(3);
        assert!((0..1000).all(|_| rng.chance(probability_numerator(1.0))));
        assert!((0..1000).all(|_| !rng.chance(probability_numerator(0.0))));
        let hits = (0..10_000)
            .filter(|_| rng.chance(probability_numerator(0.5)))
            .count();
        assert!((4_500..5_500).contains(&hits), "{hits}");
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = MazeRng::from_seed(9);
        let mut v: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
