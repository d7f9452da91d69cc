//! Compact per-cell storage for the largest mazes: four bits a cell ([`Nibbles`]) or one bit a
//! cell ([`Bits`]), in flat vectors, so that no cell has a heap object of its own and a
//! 10000x10000 maze's walls and marks take tens of megabytes, not gigabytes.

use std::collections::TryReserveError;

/// Four bits per cell, two cells a byte: the even cell in the low half.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Nibbles {
    bytes: Vec<u8>,
    len: usize,
}

impl Nibbles {
    /// `len` zero nibbles; a refusal of the memory is an error, not an abort.
    pub(crate) fn zeroed(len: usize) -> Result<Nibbles, TryReserveError> {
        let mut nibbles = Nibbles::with_capacity(len)?;
        nibbles.bytes.resize(len.div_ceil(2), 0);
        nibbles.len = len;
        Ok(nibbles)
    }

    /// No nibbles yet, with room for `capacity` without reallocating.
    pub(crate) fn with_capacity(capacity: usize) -> Result<Nibbles, TryReserveError> {
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(capacity.div_ceil(2))?;
        Ok(Nibbles { bytes, len: 0 })
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> u8 {
        debug_assert!(i < self.len, "nibble {i} of {}", self.len);
        (self.bytes[i >> 1] >> ((i & 1) * 4)) & 0xF
    }

    /// Sets the given bits of nibble `i` (the low four bits of `bits`).
    #[inline]
    pub(crate) fn or(&mut self, i: usize, bits: u8) {
        debug_assert!(i < self.len, "nibble {i} of {}", self.len);
        self.bytes[i >> 1] |= (bits & 0xF) << ((i & 1) * 4);
    }

    /// Appends one nibble (the low four bits of `value`).
    #[inline]
    pub(crate) fn push(&mut self, value: u8) {
        if self.len & 1 == 0 {
            self.bytes.push(value & 0xF);
        } else {
            let last = self.bytes.len() - 1;
            self.bytes[last] |= (value & 0xF) << 4;
        }
        self.len += 1;
    }

    /// Gives back the room reserved and not used.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.bytes.shrink_to_fit();
    }

    /// Bytes of heap this holds.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.bytes.capacity()
    }
}

/// One bit per cell (or per block of cells).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// `len` clear bits.
    pub(crate) fn zeroed(len: usize) -> Result<Bits, TryReserveError> {
        let mut words = Vec::new();
        words.try_reserve_exact(len.div_ceil(64))?;
        words.resize(len.div_ceil(64), 0);
        Ok(Bits { words })
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> bool {
        self.words[i >> 6] & (1 << (i & 63)) != 0
    }

    #[inline]
    pub(crate) fn set(&mut self, i: usize) {
        self.words[i >> 6] |= 1 << (i & 63);
    }

    /// Bits `64 * k` to `64 * k + 63`, bit `j` for index `64 * k + j`.
    #[inline]
    pub(crate) fn word(&self, k: usize) -> u64 {
        self.words[k]
    }

    /// Sets every bit set in `other`, which has the same length.
    pub(crate) fn union_with(&mut self, other: &Bits) {
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
    }

    /// The first set bit at or after `from`.
    pub(crate) fn next_set(&self, from: usize) -> Option<usize> {
        let mut k = from >> 6;
        let mut word = *self.words.get(k)? & (!0u64 << (from & 63));
        loop {
            if word != 0 {
                return Some(k * 64 + word.trailing_zeros() as usize);
            }
            k += 1;
            word = *self.words.get(k)?;
        }
    }

    /// The last set bit before `before`.
    pub(crate) fn previous_set(&self, before: usize) -> Option<usize> {
        if before == 0 {
            return None;
        }
        let last = before - 1;
        let mut k = (last >> 6).min(self.words.len().checked_sub(1)?);
        let keep = if k == last >> 6 {
            !0u64 >> (63 - (last & 63))
        } else {
            !0
        };
        let mut word = self.words[k] & keep;
        loop {
            if word != 0 {
                return Some(k * 64 + 63 - word.leading_zeros() as usize);
            }
            k = k.checked_sub(1)?;
            word = self.words[k];
        }
    }

    /// Bytes of heap this holds.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.words.capacity() * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibbles_pack_two_cells_a_byte() {
        let mut n = Nibbles::with_capacity(5).unwrap();
        for v in [1, 0xF, 0, 7, 0x1A] {
            n.push(v);
        }
        assert_eq!(n.len(), 5);
        assert_eq!(
            (0..5).map(|i| n.get(i)).collect::<Vec<_>>(),
            [1, 15, 0, 7, 10]
        );
        n.or(2, 4);
        assert_eq!(n.get(2), 4);
        assert_eq!(n.get(3), 7);
        assert_eq!(n.heap_bytes(), 3);
        let z = Nibbles::zeroed(3).unwrap();
        assert_eq!((0..3).map(|i| z.get(i)).collect::<Vec<_>>(), [0, 0, 0]);
    }

    #[test]
    fn bits_find_the_next_and_previous_set_bit() {
        let mut b = Bits::zeroed(200).unwrap();
        for i in [0, 63, 64, 130, 199] {
            b.set(i);
        }
        assert!(b.get(130) && !b.get(131));
        let forward: Vec<_> =
            std::iter::successors(b.next_set(0), |&i| b.next_set(i + 1)).collect();
        assert_eq!(forward, [0, 63, 64, 130, 199]);
        let backward: Vec<_> =
            std::iter::successors(b.previous_set(200), |&i| b.previous_set(i)).collect();
        assert_eq!(backward, [199, 130, 64, 63, 0]);
        assert_eq!(b.next_set(200), None);
        assert_eq!(b.previous_set(0), None);
        assert_eq!(b.previous_set(64), Some(63));
        assert_eq!(b.previous_set(10_000), Some(199));
        let mut other = Bits::zeroed(200).unwrap();
        other.set(5);
        b.union_with(&other);
        assert_eq!(b.next_set(1), Some(5));
    }
}
