//! The tree of each cell of an island, kept small whatever the islands' sizes.
//!
//! The islands the 42 cuts off are nearly always small, and a hash map keeps only their
//! cells. But recursive division can have the 42 cut a chamber in two big parts, and then the
//! smaller part, millions of cells, is an island: at about 10 bytes a map entry that is
//! several times the grid itself. So an island whose cells would cost the map more than a bit
//! a cell of the whole grid moves into a bit set of its own (3.1 MB for 25 million cells),
//! and the map keeps the others.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The label of a cell on no island: the maze itself.
pub(super) const MAIN: u32 = 0;

/// What a map entry costs with its control byte, counting the room a map keeps spare.
const MAP_ENTRY_BYTES: usize = 2 * (std::mem::size_of::<(u32, u32)>() + 1);

/// The hasher of the map's cells: a cell index times an odd constant, its high half folded
/// onto the low one (the table takes its buckets from the low bits, which alone would repeat
/// for cells a power of two apart). An island the 42 cuts off can hold millions of cells, each
/// looked up several times; the default hasher, made to resist chosen keys, costs several
/// times this. (Iterating the map gives another order, which nothing here depends on.)
type CellHash = BuildHasherDefault<CellHasher>;

#[derive(Clone, Copy, Debug, Default)]
struct CellHasher(u64);

impl Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

#[derive(Clone, Debug, Default)]
pub(super) struct Labels {
    /// Cells of the small islands and their labels.
    map: HashMap<u32, u32, CellHash>,
    /// The big islands: a label and a bit a cell of the grid, set on that island's cells.
    big: Vec<(u32, Vec<u64>)>,
}

impl Labels {
    /// The label of `cell`: [`MAIN`] unless it was set.
    #[inline]
    pub(super) fn get(&self, cell: u32) -> u32 {
        for (label, bits) in &self.big {
            if has(bits, cell) {
                return *label;
            }
        }
        self.map.get(&cell).copied().unwrap_or(MAIN)
    }

    /// Gives `cell` the label `label` (not [`MAIN`]) unless it has one: `Some(true)` if it
    /// had none, `None` when the allocator refuses the room. `cells` is the grid's size.
    pub(super) fn insert(&mut self, cell: u32, label: u32, cells: usize) -> Option<bool> {
        debug_assert!(label != MAIN);
        if self.get(cell) != MAIN {
            return Some(false);
        }
        if let Some((_, bits)) = self.big.iter_mut().find(|(l, _)| *l == label) {
            bits[cell as usize / 64] |= 1 << (cell % 64);
            return Some(true);
        }
        if self.map.len() == self.map.capacity() {
            // The map is about to double: past a bit a cell of the grid, the island being
            // labelled (the one that filled it) takes a bit set instead.
            let set_bytes = cells.div_ceil(64) * 8;
            if (self.map.len() + 1) * MAP_ENTRY_BYTES > set_bytes {
                self.make_big(label, cells)?;
                return self.insert(cell, label, cells);
            }
            self.map.try_reserve(1).ok()?;
        }
        self.map.insert(cell, label);
        Some(true)
    }

    /// Moves the cells labelled `label` out of the map into a bit set of their own.
    fn make_big(&mut self, label: u32, cells: usize) -> Option<()> {
        let mut bits = Vec::new();
        let len = cells.div_ceil(64);
        bits.try_reserve_exact(len).ok()?;
        bits.resize(len, 0u64);
        self.map.retain(|&cell, &mut l| {
            if l == label {
                bits[cell as usize / 64] |= 1 << (cell % 64);
            }
            l != label
        });
        self.map.shrink_to_fit();
        self.big.push((label, bits));
        Some(())
    }

    /// Each labelled cell and its label, in no particular order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let big = self.big.iter().flat_map(|(label, bits)| {
            bits.iter().enumerate().flat_map(move |(k, &word)| {
                let mut rest = word;
                std::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let j = rest.trailing_zeros();
                        rest &= rest - 1;
                        (k as u32 * 64 + j, *label)
                    })
                })
            })
        });
        big.chain(self.map.iter().map(|(&c, &l)| (c, l)))
    }

    /// The bytes it allocates.
    pub(super) fn heap_bytes(&self) -> usize {
        self.map.capacity() * (std::mem::size_of::<(u32, u32)>() + 1)
            + self
                .big
                .iter()
                .map(|(_, bits)| bits.capacity() * 8)
                .sum::<usize>()
            + self.big.capacity() * std::mem::size_of::<(u32, Vec<u64>)>()
    }
}

#[inline]
fn has(bits: &[u64], cell: u32) -> bool {
    bits[cell as usize / 64] >> (cell % 64) & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels read back as given, for islands of every size; a big island moves into a bit
    /// set and the small ones stay in the map.
    #[test]
    fn big_and_small_islands_keep_their_labels() {
        let cells = 50_000usize;
        let mut expected: HashMap<u32, u32> = HashMap::new();
        let mut labels = Labels::default();
        // Island 1: 20,000 cells spread over the grid (7919 is prime to 50,000), each tenth
        // given again; islands 2 to 4: a few cells each.
        let big = (0..20_000u32).chain((0..20_000).step_by(10));
        let cells_of = big
            .map(|k| (k * 7919 % cells as u32, 1))
            .chain((0..30u32).map(|k| ((k * 7919 + 3) % cells as u32, 2 + k % 3)));
        for (cell, label) in cells_of {
            let fresh = !expected.contains_key(&cell);
            expected.entry(cell).or_insert(label);
            assert_eq!(
                labels.insert(cell, label, cells),
                Some(fresh),
                "cell {cell}"
            );
        }
        for c in 0..cells as u32 {
            assert_eq!(labels.get(c), expected.get(&c).copied().unwrap_or(MAIN));
        }
        let mut listed: Vec<(u32, u32)> = labels.iter().collect();
        listed.sort_unstable();
        let mut wanted: Vec<(u32, u32)> = expected.into_iter().collect();
        wanted.sort_unstable();
        assert_eq!(listed, wanted);
        assert_eq!(labels.big.len(), 1);
        assert_eq!(labels.big[0].0, 1);
        assert!(labels.map.values().all(|&l| l != 1));
        assert!(labels.heap_bytes() < 20_000 * 4, "{}", labels.heap_bytes());
    }

    #[test]
    fn a_few_cells_stay_in_the_map() {
        let mut labels = Labels::default();
        for cell in [5, 900, 77] {
            assert_eq!(labels.insert(cell, 1, 1_000_000), Some(true));
        }
        assert_eq!(labels.insert(900, 1, 1_000_000), Some(false));
        assert!(labels.big.is_empty());
        assert_eq!(labels.get(77), 1);
        assert_eq!(labels.get(78), MAIN);
    }
}
