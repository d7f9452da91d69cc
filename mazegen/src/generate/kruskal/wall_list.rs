//! Kruskal's shuffled wall list, packed: each wall (`cell * 2 + (0 east, 1 south)`) in just the
//! bits the largest one needs, not a whole `u32`.
//!
//! The list is the largest part of Kruskal's memory (about two walls a cell): at 26 bits a wall
//! (a 5000x5000 maze) it is 6.5 bytes a cell instead of 8, at 28 (10000x10000) 7. A field is
//! read or written as the unaligned 8 bytes that hold it, which a field of at most 32 bits at
//! any bit offset within its first byte fits in; the buffer ends with 8 spare bytes so that the
//! last field's read stays inside it. The shuffle is the same Fisher-Yates as
//! `MazeRng::shuffle`, draw for draw and swap for swap, so the order is the one a `Vec<u32>`
//! got; it only makes its draws a batch ahead of its swaps (see [`WallList::shuffle`]).

use crate::bytes::Bytes;
use crate::bytes::OutOfMemory;
use crate::rng::MazeRng;

/// A list of integers below `2^bits`, `bits` at most 32, each in `bits` bits.
#[derive(Clone, Debug)]
pub(super) struct WallList {
    /// Zeros past the last field.
    bytes: Bytes,
    len: usize,
    bits: u32,
    /// The 8 bytes from the one the next pushed field starts in, as [`WallList::push`] last
    /// wrote them: so that a push need not read back the bytes the one before just wrote.
    open: u64,
}

/// How many swaps [`WallList::shuffle`] draws ahead: enough misses to keep the memory busy,
/// few enough that the far ends stay in cache until their swaps.
const SHUFFLE_BATCH: usize = 128;

/// Spare bytes after the last field, so that reading it as 8 bytes stays inside the buffer.
const PAD: usize = 8;

impl WallList {
    /// An empty list with room for `capacity` values below `bound`, or [`OutOfMemory`] when
    /// the allocator refuses it. A big list's room is zeroed by the system, not written
    /// (see [`Bytes::filled`]): what is never pushed is never resident.
    pub fn try_with_capacity(capacity: usize, bound: u64) -> Result<WallList, OutOfMemory> {
        let bits = (u64::BITS - bound.saturating_sub(1).leading_zeros()).max(1);
        assert!(bits <= 32, "walls fit in 32 bits");
        let len = (capacity * bits as usize).div_ceil(8) + PAD;
        let bytes = Bytes::filled(len, 0).ok_or(OutOfMemory)?;
        Ok(WallList {
            bytes,
            len: 0,
            bits,
            open: 0,
        })
    }

    /// The bits each value takes.
    #[cfg(test)]
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        self.bytes.len()
    }

    /// Appends `value`, which must be below the bound, within the capacity; before any
    /// [`WallList::shuffle`]. Values are pushed in order, so the bytes past the last field are
    /// still zero: a push only ORs its bits into what the one before wrote, which it keeps
    /// (reading back bytes that a store has just partly written waits for the store).
    pub fn push(&mut self, value: u32) {
        let at = self.len * self.bits as usize;
        let (byte, shift) = (at / 8, at % 8);
        let end = byte + PAD;
        let word = self.open | u64::from(value) << shift;
        self.bytes[byte..end].copy_from_slice(&word.to_le_bytes());
        // The next field starts at most 4 bytes on (a field is at most 32 bits).
        self.open = word >> (8 * ((at + self.bits as usize) / 8 - byte));
        self.len += 1;
    }

    /// How many values there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The value at `index`, if there is one.
    #[inline(always)]
    pub fn get(&self, index: usize) -> Option<u32> {
        (index < self.len).then(|| self.value(index))
    }

    /// Fisher-Yates, the same draws and swaps as `MazeRng::shuffle` on a slice.
    ///
    /// Each swap's far end is a random place in a list of hundreds of megabytes: a cache miss
    /// (and a TLB miss), hundreds of nanoseconds when the swaps wait for one another. The
    /// draws do not depend on the list (swap `i` draws below `i + 1`, whatever it holds), so
    /// they are made [`SHUFFLE_BATCH`] at a time, the far ends loaded together (their misses
    /// overlap), and then the swaps done in order, on what is in cache by then. A batch's near
    /// ends are one run of fields, unpacked for its swaps and packed back after them in one
    /// pass: swapping them in place, each would read back the bytes its neighbour had just
    /// written, and wait for that store.
    pub fn shuffle(&mut self, rng: &mut MazeRng) {
        let mut far = [0usize; SHUFFLE_BATCH];
        let mut near = [0u32; SHUFFLE_BATCH];
        // Swaps `top - 1` down to 1, as `MazeRng::shuffle` makes them, a batch at a time:
        // the near ends are `low..top`.
        let mut top = self.len;
        while top > 1 {
            let batch = &mut far[..SHUFFLE_BATCH.min(top - 1)];
            let low = top - batch.len();
            for (k, j) in batch.iter_mut().enumerate() {
                let bound = u32::try_from(top - k).expect("fewer than 2^32 walls");
                *j = rng.below(bound) as usize;
            }
            let touched = batch.iter().fold(0, |acc, &j| acc ^ self.first_byte(j));
            std::hint::black_box(touched);
            let near = &mut near[..batch.len()];
            for (at, value) in near.iter_mut().enumerate() {
                *value = self.value(low + at);
            }
            for (k, &j) in batch.iter().enumerate() {
                let i = top - 1 - k - low;
                if j >= low {
                    near.swap(i, j - low);
                } else {
                    let far_value = self.value(j);
                    self.set(j, near[i]);
                    near[i] = far_value;
                }
            }
            self.store_run(low, near);
            top = low;
        }
    }

    /// Writes `values` to the fields from `first` on, one after the other, never reading back
    /// what it has just written: each field ORed into the bytes the one before wrote, kept in
    /// a register, while the 8 bytes written stay inside the run; the last few by
    /// [`WallList::set`].
    fn store_run(&mut self, first: usize, values: &[u32]) {
        let bits = self.bits as usize;
        let end = (first + values.len()) * bits;
        let mut at = first * bits;
        let mut open = self.word(at / 8) & ((1 << (at % 8)) - 1);
        for (k, &value) in values.iter().enumerate() {
            let (byte, shift) = (at / 8, at % 8);
            if (byte + 8) * 8 > end {
                for (index, &value) in (first + k..).zip(&values[k..]) {
                    self.set(index, value);
                }
                return;
            }
            let word = open | u64::from(value) << shift;
            self.bytes[byte..byte + 8].copy_from_slice(&word.to_le_bytes());
            open = word >> (8 * ((at + bits) / 8 - byte));
            at += bits;
        }
    }

    /// The byte the field at `index` starts in: a load of its cache line, in few instructions.
    #[inline(always)]
    fn first_byte(&self, index: usize) -> u8 {
        self.bytes[index * self.bits as usize / 8]
    }

    #[inline(always)]
    fn mask(&self) -> u64 {
        (1u64 << self.bits) - 1
    }

    #[inline(always)]
    fn value(&self, index: usize) -> u32 {
        let at = index * self.bits as usize;
        ((self.word(at / 8) >> (at % 8)) & self.mask()) as u32
    }

    #[inline(always)]
    fn set(&mut self, index: usize, value: u32) {
        let at = index * self.bits as usize;
        let (byte, shift) = (at / 8, at % 8);
        let word = self.word(byte) & !(self.mask() << shift) | u64::from(value) << shift;
        self.bytes[byte..byte + 8].copy_from_slice(&word.to_le_bytes());
    }

    /// The 8 bytes from `byte` on, little-endian.
    #[inline(always)]
    fn word(&self, byte: usize) -> u64 {
        let bytes: [u8; 8] = self.bytes[byte..byte + 8].try_into().expect("8 bytes");
        u64::from_le_bytes(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_back_at_any_width() {
        for bound in [2u64, 3, 1000, 1 << 20, (1 << 26) - 3, 1 << 31, 1 << 32] {
            let values: Vec<u32> = (0..500u64)
                .map(|k| ((k * 2_654_435_761) % bound) as u32)
                .collect();
            let mut list = WallList::try_with_capacity(values.len(), bound).unwrap();
            for &v in &values {
                list.push(v);
            }
            let read: Vec<u32> = (0..values.len()).map(|i| list.get(i).unwrap()).collect();
            assert_eq!(read, values, "bound {bound}");
            assert_eq!(list.get(values.len()), None);
        }
    }

    #[test]
    fn widths_are_the_fewest_bits_that_hold_the_bound() {
        let width = |bound| WallList::try_with_capacity(1, bound).unwrap().bits();
        assert_eq!(width(2), 1);
        assert_eq!(width(50_000_000), 26);
        assert_eq!(width(1 << 26), 26);
        assert_eq!(width((1 << 26) + 1), 27);
        assert_eq!(width(200_000_000), 28);
    }

    #[test]
    fn the_shuffle_is_the_slices() {
        // Lengths about a batch or two, every width's alignment in a byte.
        let sizes = [(0usize, 2u64), (1, 2), (2, 4), (1000, 2000), (777, 1 << 31)];
        let batches = [
            (128, 2),
            (129, 2),
            (130, 5),
            (257, 1 << 13),
            (300, 7),
            (4097, 1 << 32),
        ];
        for (len, bound) in sizes.into_iter().chain(batches) {
            let values: Vec<u32> = (0..len as u64)
                .map(|k| ((k * 7919) % bound) as u32)
                .collect();
            let mut list = WallList::try_with_capacity(len, bound).unwrap();
            for &v in &values {
                list.push(v);
            }
            // The slice shuffle as it was written before the list was packed.
            let mut expected = values.clone();
            let mut rng = MazeRng::from_seed(len as u64);
            for i in (1..len).rev() {
                expected.swap(i, rng.below(i as u32 + 1) as usize);
            }
            list.shuffle(&mut MazeRng::from_seed(len as u64));
            let shuffled: Vec<u32> = (0..len).map(|i| list.get(i).unwrap()).collect();
            assert_eq!(shuffled, expected, "{len} values below {bound}");
        }
    }
}
