//! Disjoint sets of cells (or labels) numbered `0..n`: the trees Kruskal's algorithm and the
//! linking pass grow.
//!
//! Path halving, and a union links the later root under the earlier: four bytes per element,
//! a `u32` parent. Kruskal's algorithm keeps one per cell, so a rank byte would be a byte a
//! cell more; the order of a maze's unions is random enough that the trees stay shallow
//! without it, and path halving flattens what grows deep.
//!
//! Which element of a set is its root depends on the order of the unions, but nothing built on
//! it depends on the root, only on which elements share a set, so the mazes do not either.

#[derive(Clone, Debug, Default)]
pub(crate) struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        super::carve::slice_bytes(&self.parent)
    }

    /// [`UnionFind::new`], or [`OutOfMemory`] when the allocator refuses the memory.
    pub fn try_new(n: usize) -> Result<UnionFind, crate::bytes::OutOfMemory> {
        let n32 = u32::try_from(n).expect("fewer than 2^32 elements");
        let mut parent = Vec::new();
        parent
            .try_reserve_exact(n)
            .map_err(|_| crate::bytes::OutOfMemory)?;
        parent.extend(0..n32);
        Ok(UnionFind { parent })
    }

    /// No elements, with room for `n` without growing, or [`OutOfMemory`] when the
    /// allocator refuses it.
    pub fn try_with_capacity(n: usize) -> Result<UnionFind, crate::bytes::OutOfMemory> {
        let mut parent = Vec::new();
        parent
            .try_reserve_exact(n)
            .map_err(|_| crate::bytes::OutOfMemory)?;
        Ok(UnionFind { parent })
    }

    /// `n` elements, each in a set of its own.
    #[cfg(test)]
    pub fn new(n: usize) -> UnionFind {
        let n = u32::try_from(n).expect("fewer than 2^32 elements");
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    /// How many elements there are.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Adds an element in a set of its own; returns it.
    pub fn push(&mut self) -> u32 {
        let element = u32::try_from(self.parent.len()).expect("fewer than 2^32 elements");
        self.parent.push(element);
        element
    }

    /// `n` elements, each in a set of its own, keeping the memory.
    pub fn reset_to(&mut self, n: usize) {
        let n = u32::try_from(n).expect("fewer than 2^32 elements");
        self.parent.clear();
        self.parent.extend(0..n);
    }

    /// `len` elements, the cells of a grid of `rows`' size from 0 on, joined along each open
    /// east and south wall in `cells` (a grid's bytes) of the cells before `upto`: what a
    /// union-find joined along those walls and no others holds, whatever the order of the
    /// unions (see the module's note on roots), rebuilt in a few passes for a replay
    /// checkpoint.
    pub fn joined_along_open_walls(
        cells: &[u8],
        rows: crate::grid::RowMajor,
        upto: usize,
        len: usize,
    ) -> UnionFind {
        use crate::grid::{EAST_CLOSED, SOUTH_CLOSED};
        if upto >= len {
            return UnionFind::joined_along(&cells[..len], rows.width());
        }
        // Only the walls of the cells before `upto`: the others as if closed.
        let mut walls = cells[..len].to_vec();
        for byte in &mut walls[upto..] {
            *byte |= EAST_CLOSED | SOUTH_CLOSED;
        }
        UnionFind::joined_along(&walls, rows.width())
    }

    /// The cells of `cells` (a grid's bytes, `width` a row, perhaps cut short in its last row)
    /// joined along their open walls.
    ///
    /// Each cell's parent is first its west neighbour's if joined to it, else its north one's,
    /// else itself: so every parent comes before its child and is a root so far, and a tree
    /// is at most two levels deep. That is chosen without a branch, which the random walls
    /// would mispredict every other cell. The cells joined to both neighbours (about a fifth)
    /// then join the two trees, linking the later root under the earlier, as unions do.
    fn joined_along(cells: &[u8], width: usize) -> UnionFind {
        use crate::grid::{EAST_CLOSED, SOUTH_CLOSED};
        let len = cells.len();
        let mut parent = vec![0u32; len];
        let mut both = Vec::new();
        // A row's cells joined to both neighbours, written without a branch.
        let mut row_both = vec![0u32; width];
        let mut up = vec![0u32; width];
        let mut run_starts = vec![0u32; width];
        for start in (0..len).step_by(width) {
            let end = (start + width).min(len);
            let row = &cells[start..end];
            let (done, rest) = parent.split_at_mut(start);
            let parents = &mut rest[..end - start];
            let Some(north) = start.checked_sub(width) else {
                joined_along_first_row(row, parents);
                continue;
            };
            let (above_walls, above_parents) = (&cells[north..north + end - start], &done[north..]);
            // Each cell's parent if its west wall is closed: its north neighbour's, or itself;
            // and where a run of cells joined west to east starts: at each cell whose west wall
            // is closed (column 0's, the border, is). Loops of their own, so that the choices
            // are vector blends: in the loop below, the compiler makes them branches, which
            // the random walls would mispredict every other cell.
            for (x, ((up, &north_byte), &north_parent)) in up
                .iter_mut()
                .zip(above_walls)
                .zip(above_parents)
                .enumerate()
            {
                let cell = (start + x) as u32;
                *up = if north_byte & SOUTH_CLOSED == 0 {
                    north_parent
                } else {
                    cell
                };
            }
            run_starts[0] = 0;
            for (x, (mark, &west)) in run_starts[1..].iter_mut().zip(row).enumerate() {
                *mark = if west & EAST_CLOSED == 0 {
                    0
                } else {
                    x as u32 + 1
                };
            }
            // Each cell takes the parent of its run's first cell, the last start so far.
            let mut run_start = 0;
            let mut joins = 0;
            for (x, (((&north_byte, &mark), parent), &west_byte)) in above_walls
                .iter()
                .zip(&run_starts)
                .zip(parents.iter_mut())
                .zip(std::iter::once(&EAST_CLOSED).chain(row))
                .enumerate()
            {
                run_start = run_start.max(mark);
                *parent = up[run_start as usize];
                let joined_both = (west_byte & EAST_CLOSED == 0) & (north_byte & SOUTH_CLOSED == 0);
                row_both[joins] = (start + x) as u32;
                joins += usize::from(joined_both);
            }
            both.extend_from_slice(&row_both[..joins]);
        }
        let mut sets = UnionFind { parent };
        for &cell in &both {
            let (a, b) = (sets.find(cell), sets.find(cell - width as u32));
            let (low, high) = (a.min(b), a.max(b));
            sets.parent[high as usize] = low;
        }
        sets
    }

    /// `x`'s parent: `x` itself for a root. Only for loading the path to a root ahead of
    /// the finds that need it (see Kruskal's `run`), as the union-find's shape is its own.
    #[inline(always)]
    pub fn parent_of(&self, x: u32) -> u32 {
        self.parent[x as usize]
    }

    /// The root of the set holding `x`, halving the path on the way.
    #[inline]
    pub fn find(&mut self, mut x: u32) -> u32 {
        loop {
            let parent = self.parent[x as usize];
            if parent == x {
                return x;
            }
            let grandparent = self.parent[parent as usize];
            self.parent[x as usize] = grandparent;
            x = grandparent;
        }
    }

    /// Whether `x` and `y` are in the same set.
    #[cfg(test)]
    pub fn equiv(&mut self, x: u32, y: u32) -> bool {
        self.find(x) == self.find(y)
    }

    /// Joins the sets of `x` and `y`; returns `false` when they were one set already.
    #[inline]
    pub fn union(&mut self, x: u32, y: u32) -> bool {
        let (a, b) = (self.find(x), self.find(y));
        if a == b {
            return false;
        }
        self.parent[a.max(b) as usize] = a.min(b);
        true
    }
}

/// All ones when `bit`, else zero.
#[inline(always)]
fn mask(bit: bool) -> u32 {
    0u32.wrapping_sub(u32::from(bit))
}

/// The first row's parents: each cell's west neighbour's if joined to it, else itself.
fn joined_along_first_row(row: &[u8], parents: &mut [u32]) {
    let mut west_parent = 0u32;
    let mut west_open = false;
    for (x, (&byte, parent)) in row.iter().zip(parents).enumerate() {
        let west_mask = mask(west_open);
        west_parent = (west_parent & west_mask) | (x as u32 & !west_mask);
        *parent = west_parent;
        west_open = byte & crate::grid::EAST_CLOSED == 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::MazeRng;

    #[test]
    fn each_element_starts_alone() {
        let mut sets = UnionFind::new(5);
        for x in 0..5 {
            assert_eq!(sets.find(x), x);
            for y in 0..5 {
                assert_eq!(sets.equiv(x, y), x == y);
            }
        }
    }

    #[test]
    fn union_joins_once_and_is_transitive() {
        let mut sets = UnionFind::new(6);
        assert!(sets.union(0, 1));
        assert!(sets.union(2, 3));
        assert!(!sets.union(1, 0), "already joined");
        assert!(!sets.equiv(1, 2));
        assert!(sets.union(3, 0));
        assert!(sets.equiv(1, 2));
        assert!(!sets.union(2, 1));
        assert_eq!(sets.find(0), sets.find(3));
        assert!(!sets.equiv(4, 0) && !sets.equiv(4, 5));
    }

    #[test]
    fn agrees_with_a_naive_labelling() {
        // Random unions against a plain "relabel the whole set" reference.
        let n = 200;
        let mut rng = MazeRng::from_seed(3);
        let mut sets = UnionFind::new(n);
        let mut label: Vec<usize> = (0..n).collect();
        for _ in 0..300 {
            let (x, y) = (rng.below(n as u32), rng.below(n as u32));
            let (lx, ly) = (label[x as usize], label[y as usize]);
            assert_eq!(sets.union(x, y), lx != ly, "{x} {y}");
            for l in &mut label {
                if *l == ly {
                    *l = lx;
                }
            }
            let (a, b) = (rng.below(n as u32), rng.below(n as u32));
            assert_eq!(sets.equiv(a, b), label[a as usize] == label[b as usize]);
        }
    }

    #[test]
    fn joining_along_open_walls_gives_the_grid_trees() {
        use crate::generate::{Algorithm, Generator, MazeOptions};
        for algorithm in [Algorithm::Kruskal, Algorithm::BinaryTree, Algorithm::Eller] {
            let options = MazeOptions::new(23, 19).seed(6).algorithm(algorithm);
            let mut generator = Generator::build(options).unwrap();
            generator.run_steps(150);
            let grid = generator.grid();
            let (cells, rows, n) = (grid.raw(), grid.rows(), grid.cell_count());
            for (upto, len) in [(n, n), (0, 0), (40, 40 + 23), (n - 30, n)] {
                let mut rebuilt = UnionFind::joined_along_open_walls(cells, rows, upto, len);
                let mut joined = UnionFind::new(len);
                for (cell, &byte) in cells[..upto].iter().enumerate() {
                    for (wall, next) in [
                        (crate::grid::EAST_CLOSED, cell + 1),
                        (crate::grid::SOUTH_CLOSED, cell + 23),
                    ] {
                        if byte & wall == 0 {
                            joined.union(cell as u32, next as u32);
                        }
                    }
                }
                assert_eq!(rebuilt.len(), len);
                for x in 0..len as u32 {
                    // Every parent before its child: no cycle.
                    assert!(rebuilt.parent[x as usize] <= x);
                    for y in (0..len as u32).step_by(7) {
                        assert_eq!(rebuilt.equiv(x, y), joined.equiv(x, y), "{algorithm}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_long_chain_stays_shallow() {
        // Each union links the later root under the earlier: a chain built in order stays
        // one level deep.
        let n = 1 << 12;
        let mut sets = UnionFind::new(n);
        for x in 1..n as u32 {
            sets.union(x - 1, x);
        }
        let depth = |sets: &UnionFind, mut x: u32| {
            let mut depth = 0;
            while sets.parent[x as usize] != x {
                x = sets.parent[x as usize];
                depth += 1;
            }
            depth
        };
        let deepest = (0..n as u32).map(|x| depth(&sets, x)).max().unwrap();
        assert!(deepest <= 12, "depth {deepest}");
    }
}
