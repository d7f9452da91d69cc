//! The path between two cells, read from the splits as recursive division makes them (see
//! [`Carve::aim`](super::super::carve::Carve::aim)), with no walk of the maze afterwards.
//!
//! A chamber clear of obstacles ends as a tree of its own cells, joined to the other half of
//! its parent by the one gap of the wall that made it. So the path between two cells of a
//! chamber is, once the chamber is split: the path in the half that holds them both, or the
//! path from the first to the gap on its side, the step through the gap, and the path from
//! the gap's other side to the second. A leg of the path waits in the chamber that holds it
//! until that chamber is split, and a chamber one cell thin holds a straight corridor. Each
//! chamber holds at most one leg (a split sends each half one at most), which it names
//! ([`Chamber::leg`]), and only the chambers along the path hold any: some tens of thousands
//! of parts for a 2000x2000 maze, 20 bytes each (see [`parts`] for where they are kept).
//!
//! The 42 breaks the argument: a chamber it cuts in two is no tree, and the linker joins its
//! parts elsewhere. The legs are followed through such chambers all the same, as if they
//! were clear, and the path read is checked against the carved walls at the end: a walk
//! along open walls that never turns straight back is, in a tree, its one path between its
//! ends, and the linker, which joins trees, leaves it so. A path that fails the check is
//! dropped, and the maze's path is searched for as it would be without this.

mod parts;

use super::Chamber;
use crate::geometry::{Dir, Pos};
use crate::grid::RowMajor;
use parts::{Part, Parts};

/// The legs of the path from one cell to another, as the splits have worked them out so far.
#[derive(Clone, Debug)]
pub(super) struct Route {
    /// The path's parts: the first is the whole path, and a part crossing a wall is made of
    /// two others.
    parts: Parts,
    /// A leg met a wall with no gap, or the system refused a part room: no path is read.
    lost: bool,
    /// The path's ends.
    from: Pos,
    to: Pos,
}

/// A leg of the path: from one cell of a chamber to another, as the part `part`.
#[derive(Clone, Copy, Debug)]
struct Leg {
    from: Pos,
    to: Pos,
    part: u32,
}

impl Route {
    /// The route from `from` to `to` in `whole`, a wide chamber on the stack not split yet,
    /// whose [`Chamber::leg`] it sets.
    pub(super) fn new(whole: &mut Chamber, from: Pos, to: Pos) -> Route {
        let mut route = Route {
            parts: Parts::new(),
            lost: false,
            from,
            to,
        };
        if route.parts.push(Part::Open { from, to }).is_some() {
            route.place(whole, Leg { from, to, part: 0 });
        } else {
            route.lost = true;
        }
        route
    }

    /// The bytes a clone allocates.
    pub(super) fn heap_bytes(&self) -> usize {
        self.parts.heap_bytes()
    }

    /// `chamber`, which holds a leg, is split into `first` and `second` by a wall south of
    /// row `line` (`horizontal`) or east of column `line`, with a gap at column or row `gap`
    /// if it has one: its leg goes on into the halves, whose [`Chamber::leg`] is set if they
    /// are wide and hold a part of it, cleared if not.
    pub(super) fn split(
        &mut self,
        chamber: Chamber,
        (horizontal, line, gap): (bool, u32, Option<u32>),
        first: &mut Chamber,
        second: &mut Chamber,
    ) {
        (first.leg, second.leg) = (0, 0);
        if self.lost {
            return;
        }
        let part = chamber.leg - 1;
        let Some(Part::Open { from, to }) = self.parts.get(part) else {
            self.lost = true;
            return;
        };
        let leg = Leg { from, to, part };
        let in_first = |p: Pos| if horizontal { p.y <= line } else { p.x <= line };
        let (from_first, to_first) = (in_first(leg.from), in_first(leg.to));
        if from_first == to_first {
            self.place(if from_first { first } else { second }, leg);
            return;
        }
        // No gap, or no room for the two parts: no path is read, and the search finds it.
        let Some(gap) = gap.filter(|_| self.parts.reserve(2).is_some()) else {
            self.lost = true;
            return;
        };
        // The gap's two cells, in the first half and in the second.
        let (a, b, down) = if horizontal {
            (Pos::new(gap, line), Pos::new(gap, line + 1), Dir::South)
        } else {
            (Pos::new(line, gap), Pos::new(line + 1, gap), Dir::East)
        };
        let (near, far, step) = if from_first {
            (a, b, down)
        } else {
            (b, a, down.opposite())
        };
        let parts = self.parts.len() as u32;
        let cross = Part::Cross {
            first: parts,
            step,
            then: parts + 1,
        };
        self.parts.set(leg.part, cross);
        // Open until placed, just below; the room was made above.
        let open = Part::Open { from: a, to: a };
        for _ in 0..2 {
            let _ = self.parts.push(open);
        }
        let (from_half, to_half) = if from_first {
            (first, second)
        } else {
            (second, first)
        };
        let there = Leg {
            from: leg.from,
            to: near,
            part: parts,
        };
        let on = Leg {
            from: far,
            to: leg.to,
            part: parts + 1,
        };
        self.place(from_half, there);
        self.place(to_half, on);
    }

    /// Puts `leg` in `chamber`: a corridor's straight part at once, or waiting for a wide
    /// chamber's split.
    fn place(&mut self, chamber: &mut Chamber, leg: Leg) {
        let (from, to) = (leg.from, leg.to);
        let part = if from == to || !chamber.is_wide() {
            Part::Straight { from, to }
        } else {
            chamber.leg = leg.part + 1;
            Part::Open { from, to }
        };
        self.parts.set(leg.part, part);
    }

    /// Once every chamber is split: the path from the first cell to the second, if it holds
    /// in `cells` (the carved grid's bytes, `rows` its layout) as the module's comment says,
    /// and the allocator gives it room.
    pub(super) fn path(&self, rows: RowMajor, cells: &[u8]) -> Option<Vec<Dir>> {
        if self.lost {
            return None;
        }
        // The parts in the path's order: a crossing's first part, its step, its second part.
        enum Next {
            Part(u32),
            Step(Dir),
        }
        let mut path: Vec<Dir> = Vec::new();
        let mut next = vec![Next::Part(0)];
        while let Some(item) = next.pop() {
            let (dir, steps) = match item {
                Next::Step(dir) => (dir, 1),
                Next::Part(part) => match self.parts.get(part)? {
                    Part::Open { .. } => return None,
                    Part::Cross { first, step, then } => {
                        next.extend([Next::Part(then), Next::Step(step), Next::Part(first)]);
                        continue;
                    }
                    Part::Straight { from, to } => {
                        let (dx, dy) = (to.x.abs_diff(from.x), to.y.abs_diff(from.y));
                        let dir = match (dx, dy) {
                            (_, 0) if to.x >= from.x => Dir::East,
                            (_, 0) => Dir::West,
                            (0, _) if to.y > from.y => Dir::South,
                            (0, _) => Dir::North,
                            _ => return None,
                        };
                        (dir, (dx + dy) as usize)
                    }
                },
            };
            path.try_reserve(steps).ok()?;
            path.extend(std::iter::repeat_n(dir, steps));
        }
        holds(rows, cells, (self.from, self.to), &path).then_some(path)
    }
}

/// Whether `path` goes from `from` to `to` through open walls only and never straight back:
/// in a tree, the one path between the two.
fn holds(rows: RowMajor, cells: &[u8], (from, to): (Pos, Pos), path: &[Dir]) -> bool {
    let mut at = rows.of(from);
    let mut came: Option<Dir> = None;
    for &dir in path {
        if came == Some(dir.opposite()) {
            return false;
        }
        let Some(next) = rows.open_neighbour(cells, at, dir) else {
            return false;
        };
        (at, came) = (next, Some(dir));
    }
    at == rows.of(to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A 3x2 grid with the walls open along its top row and down its last column.
    fn hook() -> Grid {
        let mut grid = Grid::with_stamp(3, 2, None).unwrap();
        grid.set_wall(Pos::new(0, 0), Dir::East, false);
        grid.set_wall(Pos::new(1, 0), Dir::East, false);
        grid.set_wall(Pos::new(2, 0), Dir::South, false);
        grid
    }

    #[test]
    fn a_path_holds_along_open_walls_to_its_end() {
        let grid = hook();
        let ends = (Pos::new(0, 0), Pos::new(2, 1));
        let path = [Dir::East, Dir::East, Dir::South];
        assert!(holds(grid.rows(), grid.raw(), ends, &path));
        // Short of its end, or past it.
        assert!(!holds(grid.rows(), grid.raw(), ends, &path[..2]));
        let far = (Pos::new(0, 0), Pos::new(1, 1));
        assert!(!holds(grid.rows(), grid.raw(), far, &path));
    }

    #[test]
    fn a_path_through_a_wall_or_back_on_itself_does_not_hold() {
        let grid = hook();
        let rows = grid.rows();
        let down = [Dir::South, Dir::East, Dir::East];
        assert!(!holds(
            rows,
            grid.raw(),
            (Pos::new(0, 0), Pos::new(2, 1)),
            &down
        ));
        let back = [Dir::East, Dir::West];
        assert!(!holds(
            rows,
            grid.raw(),
            (Pos::new(0, 0), Pos::new(0, 0)),
            &back
        ));
        let out = [Dir::North];
        assert!(!holds(
            rows,
            grid.raw(),
            (Pos::new(0, 0), Pos::new(0, 0)),
            &out
        ));
    }

    #[test]
    fn a_leg_across_a_wall_goes_through_its_gap() {
        // A 4x2 field split east of column 1, the gap in row 1: the path from the top left
        // to the top right goes down the first half, through the gap, up the second.
        let mut whole = Chamber {
            x: 0,
            y: 0,
            width: 4,
            height: 2,
            leg: 0,
        };
        let mut route = Route::new(&mut whole, Pos::new(0, 0), Pos::new(3, 0));
        assert_eq!(whole.leg, 1);
        let (mut west, mut east) = whole.split_right_of(1);
        route.split(whole, (false, 1, Some(1)), &mut west, &mut east);
        assert!(west.leg != 0 && east.leg != 0);
        let (mut a, mut b) = west.split_below(0);
        route.split(west, (true, 0, Some(0)), &mut a, &mut b);
        let (mut c, mut d) = east.split_below(0);
        route.split(east, (true, 0, Some(3)), &mut c, &mut d);
        assert_eq!((a.leg, b.leg, c.leg, d.leg), (0, 0, 0, 0), "corridors now");
        let mut grid = Grid::with_stamp(4, 2, None).unwrap();
        for (cell, dir) in [
            (Pos::new(0, 0), Dir::South),
            (Pos::new(0, 1), Dir::East),
            (Pos::new(1, 1), Dir::East),
            (Pos::new(2, 1), Dir::East),
            (Pos::new(3, 1), Dir::North),
        ] {
            grid.set_wall(cell, dir, false);
        }
        let path = route.path(grid.rows(), grid.raw());
        use Dir::{East, North, South};
        assert_eq!(path, Some(vec![South, East, East, East, North]));
        // The same splits on a grid walled otherwise: the path does not hold.
        grid.set_wall(Pos::new(2, 1), Dir::East, true);
        assert_eq!(route.path(grid.rows(), grid.raw()), None);
    }

    #[test]
    fn a_leg_across_a_wall_with_no_gap_is_lost() {
        let mut whole = Chamber {
            x: 0,
            y: 0,
            width: 2,
            height: 2,
            leg: 0,
        };
        let mut route = Route::new(&mut whole, Pos::new(0, 0), Pos::new(0, 1));
        let (mut top, mut bottom) = whole.split_below(0);
        route.split(whole, (true, 0, None), &mut top, &mut bottom);
        let grid = Grid::with_stamp(2, 2, None).unwrap();
        assert_eq!(route.path(grid.rows(), grid.raw()), None);
    }
}
