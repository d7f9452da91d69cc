//! What each block of an opened file's raster shows: its walls as its digits say, and every
//! broken rule where it is. Each answer reads a few cells' [`Marks`] (O(1) each), so a frame
//! costs the same for a 10000x10000 file as for a small one.

use mazegen::validate::{Inspection, Marks, ProblemKind};
use mazegen::{Dir, Pos};

use super::OpenFile;
use crate::tui::view::roles::{BlockRoles, Overlay, Role, fogged, link};

/// How many located problems the whole-maze view marks when it shows a cell a pixel (and
/// would sample them away): enough to see where they gather, few enough for every frame.
const MARKED_PROBLEMS: usize = 256;

/// The role a kind of problem is drawn with, on the map and as its row's colour key.
pub fn role_of(kind: ProblemKind) -> Role {
    use ProblemKind as K;
    match kind {
        K::IncoherentWall | K::OpenBorder => Role::BadWall,
        K::BadDigit | K::Stamp | K::DeadEnds => Role::BadCell,
        K::OpenArea => Role::OpenArea,
        K::Unreachable | K::CentreUnreachable => Role::Unreachable,
        K::Path => Role::IllegalStep,
        K::NotShortest => Role::Shortest,
        _ => Role::Selected,
    }
}

pub struct FileRoles<'a> {
    inspection: &'a Inspection,
    show_path: bool,
    /// The problem `]`/`[` went to.
    selected: Option<Pos>,
    illegal_step: Option<Pos>,
    /// The recorded path's steps up to where it leaves the maze.
    path_inside: usize,
    /// A round of play mode drawn over the file.
    overlay: Option<&'a dyn Overlay>,
}

impl<'a> FileRoles<'a> {
    pub fn new(file: &'a OpenFile, show_path: bool) -> FileRoles<'a> {
        FileRoles {
            inspection: &file.inspection,
            show_path,
            selected: file.selected,
            illegal_step: file.illegal_step,
            path_inside: file.path_inside,
            overlay: None,
        }
    }

    /// The file with `overlay` (a round of play mode) drawn over it, and not its path.
    pub fn with_overlay(file: &'a OpenFile, overlay: &'a dyn Overlay) -> FileRoles<'a> {
        FileRoles {
            overlay: Some(overlay),
            ..FileRoles::new(file, false)
        }
    }

    fn at(&self, x: i64, y: i64) -> Option<Pos> {
        let pos = Pos::new(u32::try_from(x).ok()?, u32::try_from(y).ok()?);
        self.inspection.contains(pos).then_some(pos)
    }

    /// A cell under its markers: what a passage between two such cells takes on when both
    /// agree, so the path reads as a line.
    fn ground(&self, marks: Marks) -> Role {
        if marks.intersects(Marks::BAD_DIGIT | Marks::BAD_STAMP | Marks::DEAD_END) {
            Role::BadCell
        } else if marks.contains(Marks::STAMP) {
            Role::Stamp
        } else if self.show_path && marks.contains(Marks::ON_PATH) {
            Role::Path
        } else if self.show_path && marks.contains(Marks::ON_SHORTEST) {
            // Only where the recorded path is not: the true shortest path beside it.
            Role::Shortest
        } else if marks.contains(Marks::UNREACHABLE) {
            Role::Unreachable
        } else {
            Role::Passage
        }
    }

    /// The ground of the cell at `pos`, whose marks are `marks`: the overlay's, if it decides.
    fn ground_at(&self, pos: Pos, marks: Marks) -> Role {
        let overlay = self.overlay.and_then(|o| o.ground(pos));
        overlay.unwrap_or_else(|| self.ground(marks))
    }

    /// The wall between `a` and `b` (`b` is `a`'s neighbour towards `dir`), either of which
    /// may be past the border.
    fn wall(&self, a: Option<Pos>, b: Option<Pos>, dir: Dir) -> Role {
        let inspection = self.inspection;
        match (a, b) {
            (Some(a), Some(b)) => {
                let (ma, mb) = (inspection.cell_marks(a), inspection.cell_marks(b));
                if ma.contains(Marks::bad_wall(dir)) || mb.contains(Marks::bad_wall(dir.opposite()))
                {
                    return Role::BadWall;
                }
                if ma.contains(Marks::OPEN_AREA) != mb.contains(Marks::OPEN_AREA) {
                    return Role::OpenArea;
                }
                let closed = inspection.walls(a).is_closed(dir)
                    || inspection.walls(b).is_closed(dir.opposite());
                match closed {
                    true if ma.contains(Marks::STAMP) && mb.contains(Marks::STAMP) => Role::Stamp,
                    true => Role::Wall,
                    false => link(self.ground_at(a, ma), self.ground_at(b, mb)),
                }
            }
            (Some(cell), None) | (None, Some(cell)) => {
                let towards = if a.is_some() { dir } else { dir.opposite() };
                let marks = inspection.cell_marks(cell);
                if marks.contains(Marks::bad_wall(towards)) {
                    Role::BadWall
                } else if marks.contains(Marks::OPEN_AREA) {
                    Role::OpenArea
                } else {
                    Role::Wall
                }
            }
            (None, None) => Role::Outside,
        }
    }

    /// The corner post where up to four cells meet.
    fn post(&self, x: u32, y: u32) -> Role {
        let (x, y) = (i64::from(x), i64::from(y));
        let around = [
            self.at(x - 1, y - 1),
            self.at(x, y - 1),
            self.at(x - 1, y),
            self.at(x, y),
        ];
        let marks = around.map(|p| p.map(|p| self.inspection.cell_marks(p)));
        let in_area = marks
            .iter()
            .filter(|m| m.is_some_and(|m| m.contains(Marks::OPEN_AREA)))
            .count();
        if in_area > 0 && in_area < 4 {
            return Role::OpenArea;
        }
        let [nw, ne, sw, se] = around;
        let (Some(nw), Some(ne), Some(sw), Some(se)) = (nw, ne, sw, se) else {
            return Role::Wall;
        };
        let inspection = self.inspection;
        let closed = |p: Pos, d: Dir| inspection.walls(p).is_closed(d);
        let any_closed = closed(nw, Dir::East)
            || closed(ne, Dir::West)
            || closed(sw, Dir::East)
            || closed(se, Dir::West)
            || closed(nw, Dir::South)
            || closed(sw, Dir::North)
            || closed(ne, Dir::South)
            || closed(se, Dir::North);
        let [mnw, mne, msw, mse] = marks.map(|m| m.unwrap_or(Marks::NONE));
        if any_closed {
            let stamp = [mnw, mne, msw, mse]
                .iter()
                .all(|m| m.contains(Marks::STAMP));
            return if stamp { Role::Stamp } else { Role::Wall };
        }
        link(
            link(self.ground_at(nw, mnw), self.ground_at(ne, mne)),
            link(self.ground_at(sw, msw), self.ground_at(se, mse)),
        )
    }
}

impl BlockRoles for FileRoles<'_> {
    fn block(&self, x: u32, y: u32) -> Role {
        let (width, height) = self.cells();
        if x > 2 * width || y > 2 * height {
            return Role::Outside;
        }
        if self
            .overlay
            .is_some_and(|o| fogged(o, (width, height), x, y))
        {
            return Role::Unvisited;
        }
        let (cx, cy) = (i64::from(x / 2), i64::from(y / 2));
        match (x % 2, y % 2) {
            (1, 1) => self.cell(Pos::new(x / 2, y / 2)),
            (0, 1) => self.wall(self.at(cx - 1, cy), self.at(cx, cy), Dir::East),
            (1, 0) => self.wall(self.at(cx, cy - 1), self.at(cx, cy), Dir::South),
            _ => self.post(x / 2, y / 2),
        }
    }

    fn cell(&self, pos: Pos) -> Role {
        let marks = self.inspection.cell_marks(pos);
        if let Some(role) = self.overlay.and_then(|o| o.marker(pos)) {
            role
        } else if self.selected == Some(pos) {
            Role::Selected
        } else if marks.contains(Marks::ILLEGAL_STEP) {
            Role::IllegalStep
        } else if marks.contains(Marks::ENTRY) {
            Role::Entry
        } else if marks.contains(Marks::EXIT) {
            Role::Exit
        } else {
            self.ground_at(pos, marks)
        }
    }

    fn cells(&self) -> (u32, u32) {
        (self.inspection.width(), self.inspection.height())
    }

    fn path(&self) -> Option<(Pos, &[Dir])> {
        let inspection = self.inspection;
        let entry = inspection
            .entry()
            .filter(|&e| self.show_path && inspection.contains(e))?;
        Some((entry, &inspection.recorded_path()[..self.path_inside]))
    }

    fn stamp_cells(&self) -> Vec<Pos> {
        let stamp = self.inspection.stamp();
        stamp.map_or_else(Vec::new, |stamp| stamp.cells().collect())
    }

    fn closed_walls(&self, pos: Pos) -> u32 {
        let walls = self.inspection.walls(pos);
        u32::from(walls.is_closed(Dir::East)) + u32::from(walls.is_closed(Dir::South))
    }

    fn is_animating(&self) -> bool {
        false
    }

    fn ground(&self, pos: Pos) -> Role {
        self.ground_at(pos, self.inspection.cell_marks(pos))
    }

    fn markers(&self) -> Vec<(Pos, Role)> {
        let inspection = self.inspection;
        let inside = |p: Option<Pos>| p.filter(|&p| inspection.contains(p));
        // The first marker at a place wins: the selected problem, then the path's, the ends.
        let problems = inspection
            .locations()
            .take(MARKED_PROBLEMS)
            .map(|(p, problem)| (Some(p), role_of(problem.kind())));
        let mut markers: Vec<(Pos, Role)> = [
            (self.selected, Role::Selected),
            (self.illegal_step, Role::IllegalStep),
            (inside(inspection.entry()), Role::Entry),
            (inside(inspection.exit()), Role::Exit),
        ]
        .into_iter()
        .chain(problems)
        .filter_map(|(p, role)| Some((p?, role)))
        .collect();
        if let Some(overlay) = self.overlay {
            markers.retain(|&(pos, _)| !overlay.hidden(pos));
            markers.splice(0..0, overlay.markers());
        }
        markers.dedup_by_key(|m| m.0);
        markers
    }
}

/// How many of the recorded path's steps, from the entry, stay inside the maze: the part a
/// view can draw (worked out once, since the path may have millions of steps).
pub fn steps_inside(inspection: &Inspection) -> usize {
    let Some(entry) = inspection.entry().filter(|&e| inspection.contains(e)) else {
        return 0;
    };
    let steps = inspection.recorded_path();
    let mut at = (i64::from(entry.x), i64::from(entry.y));
    let (width, height) = (
        i64::from(inspection.width()),
        i64::from(inspection.height()),
    );
    steps
        .iter()
        .position(|dir| {
            let (dx, dy) = dir.delta();
            at = (at.0 + dx, at.1 + dy);
            !(0..width).contains(&at.0) || !(0..height).contains(&at.1)
        })
        .unwrap_or(steps.len())
}
