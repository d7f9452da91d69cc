//! The crate's big byte arrays (the grid's cells, Kruskal's wall list). A small one is a `Vec`;
//! on Linux a big one is an anonymous map of its own, advised for transparent huge pages.
//! Working memory freed before the run's peak (recursive division's route) can ask for a map
//! at any size, for another reason (see [`Bytes::zeroed_apart`]).
//!
//! Why: the carving loops read cells a row apart and, for Prim, Kruskal and the growing tree,
//! anywhere in the grid, and Kruskal's shuffle swaps walls anywhere in its list. With 4 KiB
//! pages a 4000x4000 grid is nearly 4,000 pages, more than the CPU's second-level TLB holds, so most
//! such reads also wait for a page-table walk; with 2 MiB pages it is 8. On the machine of
//! docs/speed.md that makes Prim and the random growing tree about a fifth faster at
//! 4000x4000, for the same bytes.
//!
//! Linux gives huge pages to memory that asks with madvise(2) on most systems (the `madvise`
//! setting of `/sys/kernel/mm/transparent_hugepage/enabled`), and std's allocator does not
//! ask. Where the kernel refuses the advice the map has ordinary pages, and where it refuses
//! the map the bytes are in a `Vec`: the advice only changes speed.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// The size from which the bytes get a map of their own: two huge pages. Below it the grid
/// fits in the pages the TLB holds (a thousand or so), and a map would only cost system calls.
#[cfg(target_os = "linux")]
const MAP_FROM_BYTES: usize = 4 << 20;

/// A fixed number of bytes, as a slice.
pub(crate) struct Bytes(Store);

enum Store {
    Heap(Vec<u8>),
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut),
}

impl Bytes {
    /// `len` bytes, each `byte`; `None` if the memory is refused. A map comes zeroed, so zeros
    /// are not written there: its pages become resident only as they are written.
    pub(crate) fn filled(len: usize, byte: u8) -> Option<Bytes> {
        #[cfg(target_os = "linux")]
        if len >= MAP_FROM_BYTES
            && let Some(mut map) = huge_map(len)
        {
            if byte != 0 {
                map.fill(byte);
            }
            return Some(Bytes(Store::Mapped(map)));
        }
        heap(len, byte)
    }

    /// `len` zero bytes in a map of their own whatever their size (on Linux), not advised for
    /// huge pages; `None` if the memory is refused. For a working set that grows past malloc's
    /// threshold for mapping a block (128 KiB) and is freed while the run goes on: glibc's
    /// malloc, freeing a block it mapped, raises that threshold to the block's size, so the
    /// blocks asked for later below it (a hash map's growing tables) come from its heap,
    /// where the ones they outgrow stay resident. A map of its own is given back to the
    /// system on drop, and malloc never sees it.
    pub(crate) fn zeroed_apart(len: usize) -> Option<Bytes> {
        #[cfg(target_os = "linux")]
        if len > 0
            && let Ok(map) = memmap2::MmapMut::map_anon(len)
        {
            return Some(Bytes(Store::Mapped(map)));
        }
        heap(len, 0)
    }

    /// Whether the bytes are in a map of their own.
    #[cfg(test)]
    pub(crate) fn is_mapped(&self) -> bool {
        !matches!(self.0, Store::Heap(_))
    }
}

/// `len` bytes, each `byte`, from the allocator; `None` if it refuses them.
fn heap(len: usize, byte: u8) -> Option<Bytes> {
    let mut cells = Vec::new();
    cells.try_reserve_exact(len).ok()?;
    cells.resize(len, byte);
    Some(Bytes(Store::Heap(cells)))
}

/// An anonymous map of `len` bytes advised for huge pages before any is touched, so the first
/// writes fault them in 2 MiB at a time. `None` if the map is refused; a refused advice (a
/// kernel without transparent huge pages) leaves an ordinary map.
#[cfg(target_os = "linux")]
fn huge_map(len: usize) -> Option<memmap2::MmapMut> {
    let map = memmap2::MmapMut::map_anon(len).ok()?;
    let _ = map.advise(memmap2::Advice::HugePage);
    Some(map)
}

impl From<Vec<u8>> for Bytes {
    fn from(cells: Vec<u8>) -> Bytes {
        Bytes(Store::Heap(cells))
    }
}

impl Deref for Bytes {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Store::Heap(cells) => cells,
            #[cfg(target_os = "linux")]
            Store::Mapped(map) => map,
        }
    }
}

impl DerefMut for Bytes {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        match &mut self.0 {
            Store::Heap(cells) => cells,
            #[cfg(target_os = "linux")]
            Store::Mapped(map) => map,
        }
    }
}

/// A copy in the same kind of memory as new bytes of this size would get.
impl Clone for Bytes {
    fn clone(&self) -> Bytes {
        #[cfg(target_os = "linux")]
        if let Store::Mapped(_) = self.0
            && let Some(mut map) = huge_map(self.len())
        {
            map.copy_from_slice(self);
            return Bytes(Store::Mapped(map));
        }
        Bytes(Store::Heap(self.to_vec()))
    }
}

/// Equal when the bytes are, wherever they are kept.
impl PartialEq for Bytes {
    fn eq(&self, other: &Bytes) -> bool {
        **self == **other
    }
}

impl Eq for Bytes {}

/// The bytes, as a `Vec` of them would print.
impl fmt::Debug for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

// Fallible growth of the working sets that grow with the maze, shared by the carvers, the
// solvers and the measures.

/// The allocator refused a carver's per-cell state: reported as an error, not an abort that
/// would leave a raw terminal and temporary files behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfMemory;

/// `len` copies of `value`, or [`OutOfMemory`] when the allocator refuses them.
pub(crate) fn try_filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, OutOfMemory> {
    let mut items = Vec::new();
    items.try_reserve_exact(len).map_err(|_| OutOfMemory)?;
    items.resize(len, value);
    Ok(items)
}

/// Makes room for `more` items in `items` (growing it as `push` would, by doubling), `false`
/// when the allocator refuses: a working set that can grow to O(cells) checks this before a
/// step pushes, so that a refusal ends the run with an error instead of an abort.
#[inline(always)]
pub(crate) fn room_for<T>(items: &mut Vec<T>, more: usize) -> bool {
    items.capacity() - items.len() >= more || grow(items, more)
}

#[cold]
#[inline(never)]
fn grow<T>(items: &mut Vec<T>, more: usize) -> bool {
    items.try_reserve(more).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Either side of the size from which the bytes are mapped: the same bytes, copies equal
    /// and independent of the original, and the same printing as a `Vec`.
    #[test]
    fn small_and_big_cells_behave_alike() {
        for len in [0, 1, 4097, (4 << 20) - 1, 4 << 20, (4 << 20) + 12345] {
            let mut cells = Bytes::filled(len, 6).unwrap();
            assert_eq!(cells.len(), len);
            assert!(cells.iter().all(|&b| b == 6), "{len}");
            let mut copy = cells.clone();
            assert_eq!(copy, cells);
            if len > 0 {
                copy[len - 1] = 9;
                assert_ne!(copy, cells, "{len}");
                assert_eq!(cells[len - 1], 6);
                let first = copy[0];
                cells[0] = 1;
                assert_eq!(copy[0], first, "{len}");
            }
        }
        let small = Bytes::from(vec![1, 2, 3]);
        assert_eq!(format!("{small:?}"), format!("{:?}", vec![1u8, 2, 3]));
        assert_eq!(
            small,
            Bytes::filled(3, 1)
                .map(|mut c| {
                    c.copy_from_slice(&[1, 2, 3]);
                    c
                })
                .unwrap()
        );
    }

    /// Big bytes are in a map, where the advice applies, and so are their copies.
    #[cfg(target_os = "linux")]
    #[test]
    fn big_bytes_are_mapped_and_small_ones_are_not() {
        let big = Bytes::filled(MAP_FROM_BYTES, 0).unwrap();
        assert!(matches!(big.0, Store::Mapped(_)));
        assert!(matches!(big.clone().0, Store::Mapped(_)));
        let small = Bytes::filled(MAP_FROM_BYTES - 1, 0).unwrap();
        assert!(matches!(small.0, Store::Heap(_)));
    }

    /// Bytes asked for apart are zeros in a map at any size but none.
    #[test]
    fn bytes_apart_are_zeros_mapped_at_any_size() {
        for len in [0, 1, 4096, 100_000] {
            let mut bytes = Bytes::zeroed_apart(len).unwrap();
            assert_eq!(bytes.len(), len);
            assert!(bytes.iter().all(|&b| b == 0));
            assert_eq!(
                bytes.is_mapped(),
                cfg!(target_os = "linux") && len > 0,
                "{len}"
            );
            if len > 0 {
                bytes[len - 1] = 7;
                assert_eq!(bytes[len - 1], 7);
            }
        }
    }
}
