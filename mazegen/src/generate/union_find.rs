//! Disjoint sets of cells (or labels) numbered `0..n`: the trees Kruskal's algorithm and the
//! linking pass grow, and the sets of a row in Eller's algorithm.
//!
//! Union by rank and path halving, so any sequence of operations costs nearly constant time
//! each. Five bytes per element: a `u32` parent and a `u8` rank (ranks stay below 32, since a
//! root of rank `r` has at least `2^r` elements).
//!
//! Which element of a set is its root depends on the order of the unions, but nothing built on
//! it depends on the root, only on which elements share a set, so the mazes do not either.

#[derive(Clone, Debug, Default)]
pub(crate) struct UnionFind {
    parent: Vec<u32>,
    rank: Vec<u8>,
}

impl UnionFind {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        super::carve::slice_bytes(&self.parent) + super::carve::slice_bytes(&self.rank)
    }

    /// `n` elements, each in a set of its own.
    pub fn new(n: usize) -> UnionFind {
        let n = u32::try_from(n).expect("fewer than 2^32 elements");
        UnionFind {
            parent: (0..n).collect(),
            rank: vec![0; n as usize],
        }
    }

    /// No elements yet, with room for `n` (the memory is not touched: see
    /// [`UnionFind::push`]).
    pub fn with_capacity(n: usize) -> UnionFind {
        UnionFind {
            parent: Vec::with_capacity(n),
            rank: Vec::with_capacity(n),
        }
    }

    /// How many elements there are.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Adds the next element, in a set of its own: for a caller that makes a big set a little
    /// at a time rather than in one long call.
    pub fn push(&mut self) {
        let element = u32::try_from(self.parent.len()).expect("fewer than 2^32 elements");
        self.parent.push(element);
        self.rank.push(0);
    }

    /// Puts every element back in a set of its own, keeping the memory.
    pub fn reset(&mut self) {
        for (element, parent) in self.parent.iter_mut().enumerate() {
            *parent = element as u32;
        }
        self.rank.fill(0);
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
    #[inline]
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
        let (rank_a, rank_b) = (self.rank[a as usize], self.rank[b as usize]);
        let (root, child) = if rank_a < rank_b { (b, a) } else { (a, b) };
        self.parent[child as usize] = root;
        if rank_a == rank_b {
            self.rank[root as usize] += 1;
        }
        true
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
    fn reset_separates_everything_again() {
        let mut sets = UnionFind::new(4);
        sets.union(0, 1);
        sets.union(1, 2);
        sets.reset();
        for x in 0..4 {
            assert_eq!(sets.find(x), x);
        }
        assert!(sets.union(2, 3));
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
    fn a_long_chain_stays_shallow() {
        // Union by rank alone keeps every path at most log2(n) long.
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
