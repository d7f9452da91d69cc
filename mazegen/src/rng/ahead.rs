//! Draws taken ahead of their use: a loop that takes each draw or not on a random outcome
//! takes it by an index's step over a slice of them, not by a branch (nor by a generator's
//! state kept or stepped by a conditional move: the compiler makes that a branch again, as
//! it did for Eller's rows). Those left untaken at the end are given back: the stream is
//! stepped back over them, as if they were never drawn.

use super::Coins;

/// A stream's draws in hand: `draws[next..]` are drawn and not taken yet, and `coins` is the
/// stream after the last of them.
#[derive(Debug)]
pub(crate) struct Ahead {
    draws: Vec<u32>,
    next: usize,
    coins: Coins,
}

impl Ahead {
    /// Draws ahead from `coins`, in `draws` (emptied; its memory is kept for as many draws as
    /// it has room for).
    pub fn new(coins: Coins, mut draws: Vec<u32>) -> Ahead {
        draws.clear();
        Ahead {
            draws,
            next: 0,
            coins,
        }
    }

    /// At least `n` untaken draws in hand, [`Ahead::window`]'s first ones.
    pub fn ensure(&mut self, n: usize) {
        let left = self.draws.len() - self.next;
        if left >= n {
            return;
        }
        self.draws.copy_within(self.next.., 0);
        self.next = 0;
        self.draws.resize(n, 0);
        for draw in &mut self.draws[left..] {
            *draw = self.coins.next_u32();
        }
    }

    /// The untaken draws, in order.
    #[inline(always)]
    pub fn window(&self) -> &[u32] {
        &self.draws[self.next..]
    }

    /// Marks the first `n` draws of the window taken.
    #[inline(always)]
    pub fn advance(&mut self, n: usize) {
        debug_assert!(self.next + n <= self.draws.len());
        self.next += n;
    }

    /// The next draw, taken: from those in hand, or once they are all taken, straight from
    /// the stream (a loop that takes one a turn is faster drawing as it goes, the generator's
    /// steps overlapping its own work).
    #[inline(always)]
    pub fn take(&mut self) -> u32 {
        if let Some(&draw) = self.draws.get(self.next) {
            self.next += 1;
            draw
        } else {
            self.coins.next_u32()
        }
    }

    /// [`MazeRng::below`](super::MazeRng::below) from the draws in hand: a uniformly random
    /// integer in `0..bound`, which must not be 0.
    #[inline(always)]
    pub fn below(&mut self, bound: u32) -> u32 {
        debug_assert!(bound > 0);
        let mut m = u64::from(self.take()) * u64::from(bound);
        if (m as u32) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (m as u32) < threshold {
                m = u64::from(self.take()) * u64::from(bound);
            }
        }
        (m >> 32) as u32
    }

    /// The stream after the taken draws only, and the memory back.
    pub fn finish(self) -> (Coins, Vec<u32>) {
        let mut coins = self.coins;
        for _ in self.next..self.draws.len() {
            coins.back();
        }
        (coins, self.draws)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::MazeRng;

    #[test]
    fn the_stream_goes_on_after_the_taken_draws() {
        let mut rng = MazeRng::from_seed(4);
        let mut ahead = Ahead::new(MazeRng::from_seed(4).coins(), Vec::new());
        ahead.ensure(10);
        assert_eq!(ahead.window().len(), 10);
        ahead.advance(3);
        assert_eq!(ahead.below(1000), {
            for _ in 0..3 {
                rng.below(2);
            }
            rng.below(1000)
        });
        ahead.ensure(50);
        let window = ahead.window()[..2].to_vec();
        ahead.advance(2);
        let mut rest = MazeRng::from_seed(0);
        let (coins, _) = ahead.finish();
        rest.resume(coins);
        let mut check = rng.coins();
        assert_eq!(window, [check.next_u32(), check.next_u32()]);
        rng.resume(check);
        assert_eq!(rest.next_u64(), rng.next_u64());
    }
}
