//! The tree of each cell of an island, in whichever of two forms is smaller.
//!
//! The islands the 42 cuts off are nearly always small, and a hash map keeps only their
//! cells. But recursive division can have the 42 cut a chamber in two big parts, and then the
//! smaller part, millions of cells, is an island: at about 10 bytes a map entry that is
//! several times the grid itself. So once the map would outgrow it, the labels move into a
//! dense array over every cell, packed in as few bits as the number of trees needs (one bit
//! when there are two trees: 3 MB for 25 million cells).

use std::collections::HashMap;

use super::local::CellHash;

/// The label of a cell on no island: the maze itself.
pub(super) const MAIN: u32 = 0;

/// What a map entry costs with its control byte, and the room a map keeps spare.
const MAP_ENTRY_BYTES: usize = 2 * (std::mem::size_of::<(u32, u32)>() + 1);

#[derive(Clone, Debug)]
pub(super) enum Labels {
    /// Island cells and their labels.
    Sparse(HashMap<u32, u32, CellHash>),
    /// Every cell's label, `bits` wide (a power of two), 64 / `bits` a word.
    Dense { bits: u32, words: Vec<u64> },
}

impl Default for Labels {
    fn default() -> Labels {
        Labels::Sparse(HashMap::default())
    }
}

impl Labels {
    /// The label of `cell`: [`MAIN`] unless it was set.
    #[inline]
    pub(super) fn get(&self, cell: u32) -> u32 {
        match self {
            Labels::Sparse(map) => map.get(&cell).copied().unwrap_or(MAIN),
            Labels::Dense { bits, words } => {
                let (word, shift) = place(*bits, cell);
                ((words[word] >> shift) & mask(*bits)) as u32
            }
        }
    }

    /// Gives `cell` the label `label` (not [`MAIN`], and below `labels`) unless it has one:
    /// `Some(true)` if it had none, `None` when the allocator refuses the room. `cells` is
    /// the grid's size, for the dense form.
    pub(super) fn insert(
        &mut self,
        cell: u32,
        label: u32,
        cells: usize,
        labels: u32,
    ) -> Option<bool> {
        debug_assert!(label != MAIN && label < labels);
        if let Labels::Sparse(map) = self {
            if map.contains_key(&cell) {
                return Some(false);
            }
            if map.len() == map.capacity() {
                let dense = dense_bytes(cells, labels);
                if (map.len() + 1) * MAP_ENTRY_BYTES > dense {
                    *self = self.densified(cells, labels)?;
                    return self.insert(cell, label, cells, labels);
                }
                map.try_reserve(1).ok()?;
            }
            map.insert(cell, label);
            return Some(true);
        }
        let Labels::Dense { bits, words } = self else {
            unreachable!("the sparse form returned above")
        };
        let (word, shift) = place(*bits, cell);
        if (words[word] >> shift) & mask(*bits) != 0 {
            return Some(false);
        }
        words[word] |= u64::from(label) << shift;
        Some(true)
    }

    /// The same labels in the dense form, or `None` when the allocator refuses it.
    fn densified(&self, cells: usize, labels: u32) -> Option<Labels> {
        let bits = bits_for(labels);
        let mut words = Vec::new();
        let len = cells.div_ceil((64 / bits) as usize);
        words.try_reserve_exact(len).ok()?;
        words.resize(len, 0);
        let mut dense = Labels::Dense { bits, words };
        for (cell, label) in self.iter() {
            dense.insert(cell, label, cells, labels)?;
        }
        Some(dense)
    }

    /// Each labelled cell and its label, in no particular order.
    pub(super) fn iter(&self) -> Box<dyn Iterator<Item = (u32, u32)> + '_> {
        match self {
            Labels::Sparse(map) => Box::new(map.iter().map(|(&c, &l)| (c, l))),
            Labels::Dense { bits, words } => {
                let (bits, per_word) = (*bits, 64 / *bits);
                Box::new(
                    words
                        .iter()
                        .enumerate()
                        .filter(|&(_, &word)| word != 0)
                        .flat_map(move |(k, &word)| {
                            (0..per_word).filter_map(move |j| {
                                let label = ((word >> (j * bits)) & mask(bits)) as u32;
                                (label != MAIN).then_some((k as u32 * per_word + j, label))
                            })
                        }),
                )
            }
        }
    }

    /// The bytes it allocates.
    pub(super) fn heap_bytes(&self) -> usize {
        match self {
            Labels::Sparse(map) => map.capacity() * (std::mem::size_of::<(u32, u32)>() + 1),
            Labels::Dense { words, .. } => words.capacity() * 8,
        }
    }
}

/// The bits a label below `labels` needs, as a power of two so that no label straddles two
/// words.
fn bits_for(labels: u32) -> u32 {
    let needed = (32 - labels.saturating_sub(1).leading_zeros()).max(1);
    needed.next_power_of_two()
}

/// The dense form's size for `cells` cells and labels below `labels`.
fn dense_bytes(cells: usize, labels: u32) -> usize {
    cells.div_ceil((64 / bits_for(labels)) as usize) * 8
}

/// The word holding `cell`'s label, and the label's shift in it.
#[inline]
fn place(bits: u32, cell: u32) -> (usize, u32) {
    let per_word = 64 / bits;
    ((cell / per_word) as usize, (cell % per_word) * bits)
}

#[inline]
fn mask(bits: u32) -> u64 {
    if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_are_the_fewest_whole_power_of_two() {
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(3), 2);
        assert_eq!(bits_for(4), 2);
        assert_eq!(bits_for(5), 4);
        assert_eq!(bits_for(17), 8);
        assert_eq!(bits_for(70_000), 32);
    }

    /// Labels set one way read back the same whichever form holds them, and a big island
    /// moves them into the dense form, which is smaller.
    #[test]
    fn both_forms_keep_the_same_labels() {
        for labels in [2u32, 3, 5, 200, 70_000] {
            let cells = 50_000;
            let mut sparse_only: HashMap<u32, u32> = HashMap::new();
            let mut labels_kept = Labels::default();
            // 20,000 distinct cells spread over the grid (7919 is prime to 50,000), each
            // tenth one given again.
            for k in (0..20_000u32).chain((0..20_000).step_by(10)) {
                let cell = k * 7919 % cells as u32;
                let label = 1 + k % (labels - 1);
                let fresh = !sparse_only.contains_key(&cell);
                sparse_only.entry(cell).or_insert(label);
                assert_eq!(labels_kept.insert(cell, label, cells, labels), Some(fresh));
            }
            for c in 0..cells as u32 {
                assert_eq!(
                    labels_kept.get(c),
                    sparse_only.get(&c).copied().unwrap_or(MAIN)
                );
            }
            let mut listed: Vec<(u32, u32)> = labels_kept.iter().collect();
            listed.sort_unstable();
            let mut expected: Vec<(u32, u32)> = sparse_only.into_iter().collect();
            expected.sort_unstable();
            assert_eq!(listed, expected, "{labels} labels");
            // 20,000 entries outgrow the dense form at every label width here.
            assert!(
                matches!(labels_kept, Labels::Dense { .. }),
                "{labels} labels"
            );
            assert!(labels_kept.heap_bytes() <= dense_bytes(cells, labels));
        }
    }

    #[test]
    fn a_few_cells_stay_in_the_map() {
        let mut labels = Labels::default();
        for cell in [5, 900, 77] {
            assert_eq!(labels.insert(cell, 1, 1_000_000, 2), Some(true));
        }
        assert_eq!(labels.insert(900, 1, 1_000_000, 2), Some(false));
        assert!(matches!(labels, Labels::Sparse(_)));
        assert_eq!(labels.get(77), 1);
        assert_eq!(labels.get(78), MAIN);
    }
}
