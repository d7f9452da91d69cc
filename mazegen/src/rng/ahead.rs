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

    /// A drawer over the untaken draws and then the stream, for a loop that takes one a turn:
    /// held in the loop's locals, it stays in registers. Hand it back with [`Ahead::settle`].
    pub fn drawer(&self) -> Drawer<'_> {
        Drawer {
            window: self.window(),
            taken: 0,
            coins: self.coins,
        }
    }

    /// Takes what `drawer` took.
    pub fn settle(&mut self, taken: usize, coins: Coins) {
        let left = self.draws.len() - self.next;
        if taken >= left {
            // The stream went on past the draws in hand, all of them taken.
            self.next = self.draws.len();
            self.coins = coins;
        } else {
            self.next += taken;
        }
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

/// The draws an [`Ahead`] holds untaken, then its stream: see [`Ahead::drawer`].
#[derive(Debug)]
pub(crate) struct Drawer<'a> {
    window: &'a [u32],
    taken: usize,
    coins: Coins,
}

impl Drawer<'_> {
    /// The next draw: from those in hand, or once they are all taken, straight from the
    /// stream (the generator's steps then overlap the loop's own work).
    #[inline(always)]
    pub fn take(&mut self) -> u32 {
        let draw = match self.window.get(self.taken) {
            Some(&draw) => draw,
            None => self.coins.next_u32(),
        };
        self.taken += 1;
        draw
    }

    /// [`MazeRng::below`](super::MazeRng::below) from the draws: a uniformly random integer
    /// in `0..bound`, which must not be 0.
    #[inline(always)]
    pub fn below(&mut self, bound: u32) -> u32 {
        let first = self.take();
        super::lemire(first, bound, || self.take())
    }

    /// How many draws it took, and the stream after them if it went past those in hand.
    pub fn into_parts(self) -> (usize, Coins) {
        (self.taken, self.coins)
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
        let mut drawer = ahead.drawer();
        let below = drawer.below(1000);
        let (taken, coins) = drawer.into_parts();
        ahead.settle(taken, coins);
        assert_eq!(below, {
            for _ in 0..3 {
                rng.below(2);
            }
            rng.below(1000)
        });
        ahead.ensure(50);
        let mut drawer = ahead.drawer();
        drawer.take();
        drawer.take();
        let (taken, coins) = drawer.into_parts();
        ahead.settle(taken, coins);
        rng.below(2);
        rng.below(2);
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

    #[test]
    fn a_drawer_goes_on_past_the_draws_in_hand() {
        let rng = MazeRng::from_seed(8);
        let mut ahead = Ahead::new(rng.coins(), Vec::new());
        ahead.ensure(5);
        ahead.advance(2);
        let mut drawer = ahead.drawer();
        let drawn: Vec<u32> = (0..10).map(|_| drawer.take()).collect();
        let (taken, coins) = drawer.into_parts();
        ahead.settle(taken, coins);
        ahead.ensure(4);
        ahead.advance(1);
        let (coins, _) = ahead.finish();
        let mut expected = rng.coins();
        expected.next_u32();
        expected.next_u32();
        let wanted: Vec<u32> = (0..10).map(|_| expected.next_u32()).collect();
        assert_eq!(drawn, wanted);
        expected.next_u32();
        let (mut a, mut b) = (MazeRng::from_seed(0), MazeRng::from_seed(0));
        a.resume(coins);
        b.resume(expected);
        assert_eq!(a.next_u64(), b.next_u64());
    }
}
