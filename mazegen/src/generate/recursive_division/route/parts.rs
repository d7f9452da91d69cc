//! The route's parts, a list that grows in blocks, each twice the one before, never moved;
//! past a few dozen kilobytes a block is memory of its own (see [`Bytes::zeroed_apart`]).
//!
//! Why not a `Vec`: a big maze's route has some 10^5 parts (2.6 to 5 MB at 5000x5000), freed as
//! the carving ends, just before the linker's label map grows in steps. Freed by malloc, the
//! parts would raise its threshold for mapping blocks past the map's tables, which would then
//! come from its heap and leave the tables they outgrow resident, raising recursive division's
//! worst peak at 5000x5000 by some 6%. And blocks that are never moved are never copied: a
//! list that moves to twice its room holds both while it copies, more than it ends with when
//! it ends less than twice as long (a map's pages are resident only once written). A part is
//! 20 bytes: a kind and four `u32`s, little-endian.

use crate::bytes::Bytes;
use crate::geometry::{Dir, Pos};

/// One part of the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    /// A leg from one cell to another of a wide chamber, waiting for its split.
    Open { from: Pos, to: Pos },
    /// Along a corridor one cell thin, from one cell to another in its row or column.
    Straight { from: Pos, to: Pos },
    /// The part `first`, the step through a wall's gap, and the part `then`.
    Cross { first: u32, step: Dir, then: u32 },
}

/// The bytes of a part.
const PART_BYTES: usize = 20;

/// From this size a block is a map of its own: below malloc's threshold for mapping a block
/// (128 KiB), where it serves them from its heap and freeing them changes nothing.
const APART_FROM_BYTES: usize = 64 << 10;

/// The parts the first block holds, a power of two; block `k` holds this times `2^k`.
const FIRST_BLOCK: usize = 64;

/// The parts, in order.
#[derive(Clone, Debug)]
pub(super) struct Parts {
    /// Block `k` holds parts `FIRST_BLOCK * (2^k - 1)` on, `FIRST_BLOCK * 2^k` of them.
    blocks: Vec<Bytes>,
    /// The parts set, the first of the blocks' room.
    len: usize,
}

impl Parts {
    /// No parts, and no memory.
    pub fn new() -> Parts {
        Parts {
            blocks: Vec::new(),
            len: 0,
        }
    }

    /// How many parts there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        self.blocks.iter().map(|b| b.len()).sum::<usize>()
            + self.blocks.capacity() * std::mem::size_of::<Bytes>()
    }

    /// The block of part `index` and the part's first byte there.
    fn at(index: usize) -> (usize, usize) {
        let shifted = index + FIRST_BLOCK;
        let block = shifted.ilog2() - FIRST_BLOCK.ilog2();
        let within = shifted - (FIRST_BLOCK << block);
        (block as usize, within * PART_BYTES)
    }

    /// Part `index`, if there is one.
    pub fn get(&self, index: u32) -> Option<Part> {
        if index as usize >= self.len {
            return None;
        }
        let (block, at) = Parts::at(index as usize);
        let bytes = &self.blocks[block][at..at + PART_BYTES];
        let word = |k: usize| {
            let b = &bytes[4 * k..4 * k + 4];
            u32::from_le_bytes([b[0], b[1], b[2], b[3]])
        };
        let (a, b, c, d) = (word(1), word(2), word(3), word(4));
        Some(match word(0) {
            0 => Part::Open {
                from: Pos::new(a, b),
                to: Pos::new(c, d),
            },
            1 => Part::Straight {
                from: Pos::new(a, b),
                to: Pos::new(c, d),
            },
            _ => Part::Cross {
                first: a,
                step: Dir::ALL[b as usize & 3],
                then: c,
            },
        })
    }

    /// Sets part `index`, which there is, to `part`.
    pub fn set(&mut self, index: u32, part: Part) {
        assert!((index as usize) < self.len, "part {index} of {}", self.len);
        let words = match part {
            Part::Open { from, to } => [0, from.x, from.y, to.x, to.y],
            Part::Straight { from, to } => [1, from.x, from.y, to.x, to.y],
            Part::Cross { first, step, then } => [2, first, step as u32, then, 0],
        };
        let (block, at) = Parts::at(index as usize);
        let bytes = &mut self.blocks[block][at..at + PART_BYTES];
        for (k, word) in words.into_iter().enumerate() {
            bytes[4 * k..4 * k + 4].copy_from_slice(&word.to_le_bytes());
        }
    }

    /// Appends `part`; `None`, and nothing appended, if there is no room and the system
    /// refuses more.
    pub fn push(&mut self, part: Part) -> Option<()> {
        self.reserve(1)?;
        self.len += 1;
        self.set(self.len as u32 - 1, part);
        Some(())
    }

    /// Makes room for `more` parts past the last; `None` if the system refuses it.
    pub fn reserve(&mut self, more: usize) -> Option<()> {
        let wanted = self.len.checked_add(more)?;
        // The blocks so far hold `FIRST_BLOCK * (2^count - 1)` parts.
        while FIRST_BLOCK.checked_shl(self.blocks.len() as u32)? - FIRST_BLOCK < wanted {
            let len = (FIRST_BLOCK << self.blocks.len()).checked_mul(PART_BYTES)?;
            let block = if len < APART_FROM_BYTES {
                Bytes::filled(len, 0)?
            } else {
                Bytes::zeroed_apart(len)?
            };
            self.blocks.try_reserve(1).ok()?;
            self.blocks.push(block);
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parts of each kind, numbered by `k`.
    fn part(k: u32) -> Part {
        let (from, to) = (Pos::new(k, k / 3), Pos::new(k / 5, u32::MAX - k));
        match k % 3 {
            0 => Part::Open { from, to },
            1 => Part::Straight { from, to },
            _ => Part::Cross {
                first: k,
                step: Dir::ALL[k as usize % 4],
                then: u32::MAX - k,
            },
        }
    }

    #[test]
    fn parts_read_back_as_set_while_the_list_grows_into_maps() {
        let mut parts = Parts::new();
        assert_eq!(
            (parts.len(), parts.heap_bytes(), parts.get(0)),
            (0, 0, None)
        );
        let count = 3 * APART_FROM_BYTES / PART_BYTES;
        for k in 0..count as u32 {
            parts.push(part(k)).unwrap();
        }
        assert_eq!(parts.len(), count);
        assert_eq!(parts.get(count as u32), None);
        assert!(parts.heap_bytes() >= count * PART_BYTES);
        // Small blocks from the heap, the big ones apart.
        for block in &parts.blocks {
            let apart = cfg!(target_os = "linux") && block.len() >= APART_FROM_BYTES;
            assert_eq!(block.is_mapped(), apart, "{} bytes", block.len());
        }
        assert!(parts.blocks.last().unwrap().is_mapped() || !cfg!(target_os = "linux"));
        // Every part is where it was put, and one set later changes only itself.
        parts.set(7, part(8));
        for k in 0..count as u32 {
            let wanted = part(if k == 7 { 8 } else { k });
            assert_eq!(parts.get(k), Some(wanted), "{k}");
        }
        let copy = parts.clone();
        assert_eq!(copy.get(count as u32 - 1), Some(part(count as u32 - 1)));
    }

    #[test]
    fn each_block_starts_where_the_one_before_ends() {
        let mut next = 0;
        for block in 0..10 {
            for within in 0..FIRST_BLOCK << block {
                assert_eq!(Parts::at(next), (block, within * PART_BYTES));
                next += 1;
            }
        }
    }

    #[test]
    fn room_comes_a_block_at_a_time() {
        let mut parts = Parts::new();
        parts.push(part(1)).unwrap();
        parts.reserve(FIRST_BLOCK - 1).unwrap();
        assert_eq!(
            parts.blocks.iter().map(|b| b.len()).sum::<usize>(),
            FIRST_BLOCK * PART_BYTES
        );
        parts.reserve(FIRST_BLOCK).unwrap();
        assert_eq!(parts.blocks.len(), 2);
        assert!(!parts.blocks[0].is_mapped());
        assert_eq!(parts.get(0), Some(part(1)));
    }
}
