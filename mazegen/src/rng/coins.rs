//! [`MazeRng`](super::MazeRng)'s stream with its state in the open: the same xoshiro256++ as
//! `rand_xoshiro`'s (a `u32` is the high half of the next `u64`), with a step back, so that
//! draws taken ahead of their use (see [`super::Ahead`]) can be given back untaken.

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

    /// A uniformly random `u32`: the rng's next one.
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        let [s0, s1, s2, s3] = self.s;
        let out = s0.wrapping_add(s3).rotate_left(23).wrapping_add(s0);
        let t = s1 << 17;
        let s2 = s2 ^ s0;
        let s3 = s3 ^ s1;
        let s1 = s1 ^ s2;
        let s0 = s0 ^ s3;
        let s2 = s2 ^ t;
        let s3 = s3.rotate_left(45);
        self.s = [s0, s1, s2, s3];
        (out >> 32) as u32
    }

    /// Steps the stream back by one draw: [`Coins::next_u32`]'s step undone, word by word.
    pub fn back(&mut self) {
        let [s0, s1, s2, s3] = self.s;
        // After a step from (a0, a1, a2, a3): s0 = a0^a1^a3, s1 = a0^a1^a2,
        // s2 = a0^a2^(a1 << 17), s3 = (a1^a3) rotated left by 45.
        let a1_a3 = s3.rotate_right(45);
        let a0 = s0 ^ a1_a3;
        let a1_a2 = s1 ^ a0;
        // a1 ^ (a1 << 17), which the shifts below invert.
        let z = a1_a2 ^ s2 ^ a0;
        let a1 = z ^ z << 17 ^ z << 34 ^ z << 51;
        self.s = [a0, a1, a1_a2 ^ a1, a1_a3 ^ a1];
    }
}

#[cfg(test)]
mod tests {
    use crate::rng::MazeRng;

    #[test]
    fn the_same_draws_as_the_rng_and_the_same_stream_after() {
        for seed in [0, 1, 99] {
            let mut rng = MazeRng::from_seed(seed);
            let mut coins = MazeRng::from_seed(seed).coins();
            for _ in 0..2000 {
                let high = coins.next_u32();
                assert_eq!(u64::from(high) < 1 << 31, rng.chance(1 << 31));
            }
            let mut resumed = MazeRng::from_seed(7);
            resumed.resume(coins);
            assert_eq!(resumed.next_u64(), rng.next_u64());
        }
    }

    #[test]
    fn a_step_back_undoes_a_step() {
        let mut coins = MazeRng::from_seed(11).coins();
        let draws: Vec<u32> = (0..100).map(|_| coins.next_u32()).collect();
        for _ in 0..60 {
            coins.back();
        }
        let again: Vec<u32> = (0..60).map(|_| coins.next_u32()).collect();
        assert_eq!(again, draws[40..]);
    }
}
