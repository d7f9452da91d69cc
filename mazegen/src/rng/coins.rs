//! [`MazeRng`](super::MazeRng)'s stream with its state in the open, for a loop that draws on
//! some iterations and not others: [`Coins::next_u32_if`] steps the state or keeps it by a
//! conditional move, not a branch, so a loop whose draws hang on random outcomes (Eller's
//! rows) does not pay a mispredicted branch for each of them.
//!
//! The same xoshiro256++ as `rand_xoshiro`'s: a `u32` is the high half of the next `u64`, and
//! [`Coins::below`] is [`MazeRng::below`](super::MazeRng::below)'s Lemire draw, so taking the
//! same draws from either gives the same numbers and leaves the same stream behind.

use std::hint::select_unpredictable;

/// A [`MazeRng`](super::MazeRng)'s state, taken out by [`MazeRng::coins`](super::MazeRng::coins)
/// and put back by [`MazeRng::resume`](super::MazeRng::resume).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Coins {
    s: [u64; 4],
}

impl Coins {
    pub(super) fn from_state(bytes: [u8; 32]) -> Coins {
        let word = |i: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[8 * i..8 * i + 8]);
            u64::from_le_bytes(w)
        };
        Coins {
            s: [word(0), word(1), word(2), word(3)],
        }
    }

    pub(super) fn state(&self) -> [u8; 32] {
        let mut bytes = [0u8; 32];
        for (chunk, word) in bytes.chunks_exact_mut(8).zip(self.s) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        bytes
    }

    /// The next draw and the state after it, the state left as it is.
    #[inline(always)]
    fn peek(&self) -> (u32, [u64; 4]) {
        let [s0, s1, s2, s3] = self.s;
        let out = s0.wrapping_add(s3).rotate_left(23).wrapping_add(s0);
        let t = s1 << 17;
        let s2 = s2 ^ s0;
        let s3 = s3 ^ s1;
        let s1 = s1 ^ s2;
        let s0 = s0 ^ s3;
        let s2 = s2 ^ t;
        let s3 = s3.rotate_left(45);
        ((out >> 32) as u32, [s0, s1, s2, s3])
    }

    /// A uniformly random `u32`: the rng's next one.
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        let (out, next) = self.peek();
        self.s = next;
        out
    }

    /// The next draw if `take`, else a number of no meaning with the stream left where it
    /// was: the state is stepped or kept by a conditional move, never a branch.
    #[inline(always)]
    pub fn next_u32_if(&mut self, take: bool) -> u32 {
        let (out, next) = self.peek();
        for (word, new) in self.s.iter_mut().zip(next) {
            *word = select_unpredictable(take, new, *word);
        }
        out
    }

    /// [`MazeRng::chance`](super::MazeRng::chance) if `take`, else `false` with the stream left where it was.
    #[inline(always)]
    pub fn chance_if(&mut self, take: bool, numerator: u64) -> bool {
        take & (u64::from(self.next_u32_if(take)) < numerator)
    }

    /// [`MazeRng::below`](super::MazeRng::below): a uniformly random integer in `0..bound`, which must not be 0.
    #[inline(always)]
    pub fn below(&mut self, bound: u32) -> u32 {
        debug_assert!(bound > 0);
        let mut m = u64::from(self.next_u32()) * u64::from(bound);
        if (m as u32) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(bound);
            }
        }
        (m >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::MazeRng;

    #[test]
    fn the_same_draws_as_the_rng_and_the_same_stream_after() {
        for seed in [0, 1, 99] {
            let mut rng = MazeRng::from_seed(seed);
            let mut coins = MazeRng::from_seed(seed).coins();
            for i in 0..2000u32 {
                match i % 4 {
                    0 => assert_eq!(coins.below(i + 1), rng.below(i + 1)),
                    1 => assert_eq!(coins.chance_if(true, 1 << 31), rng.chance(1 << 31)),
                    2 => assert_eq!(coins.below(3_000_000_000), rng.below(3_000_000_000)),
                    _ => assert!(!coins.chance_if(false, 1 << 31)),
                }
            }
            let mut resumed = MazeRng::from_seed(7);
            resumed.resume(coins);
            assert_eq!(resumed.next_u64(), rng.next_u64());
        }
    }

    #[test]
    fn an_untaken_draw_leaves_the_stream() {
        let mut coins = MazeRng::from_seed(3).coins();
        let first = coins.next_u32_if(false);
        assert_eq!(coins.next_u32_if(true), first);
        assert_ne!(coins.next_u32(), first);
    }
}
