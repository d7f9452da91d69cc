//! What each block of the maze raster is (see [`crate::tui::viewport`] for blocks): a wall,
//! a passage, the entry, part of the path... The canvas asks per visible block, so each
//! answer is a handful of array reads whatever the maze's size.

use mazegen::CellState;
use mazegen::SearchState;
use mazegen::session::{Phase, Session};
use mazegen::{Dir, Pos, Solution};

/// What a block shows. The theme gives each a colour (or a glyph).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Around the maze.
    Outside,
    Wall,
    Passage,
    /// Not carved yet.
    Unvisited,
    Entry,
    Exit,
    Path,
    /// The 42.
    Stamp,
    /// The carving head.
    Head,
    /// The carving stack, or the search's frontier.
    Frontier,
    /// Reached by the search.
    Visited,
    /// An opened file's wall that breaks a rule: incoherent, or open on the border.
    BadWall,
    /// An opened file's cell that breaks a rule: an unreadable digit, a 42 cell not closed, a
    /// dead end over a board's limit.
    BadCell,
    /// The outline of an opened file's open 3x3 areas.
    OpenArea,
    /// A cell of an opened file that the entry cannot reach.
    Unreachable,
    /// Where an opened file's recorded path first steps through a wall or off the grid.
    IllegalStep,
    /// The true shortest path of an opened file, where the recorded one differs.
    Shortest,
    /// The problem `]` or `[` went to.
    Selected,
    // Cells a search discards (filled dead ends) are drawn as `Unvisited`: out of play.
}

/// What the canvas asks of a maze, per frame: a generated one ([`MazeRoles`]) or an opened
/// file ([`crate::tui::modes::inspector::FileRoles`]).
pub trait BlockRoles {
    /// The role of block (`x`, `y`); blocks outside the maze are [`Role::Outside`].
    fn block(&self, x: u32, y: u32) -> Role;
    /// What fills a cell, for views that show a cell a pixel.
    fn cell(&self, pos: Pos) -> Role;
    /// The maze's size in cells.
    fn cells(&self) -> (u32, u32);
    /// The cells a shrunken view must not sample away; the first at a place wins.
    fn markers(&self) -> Vec<(Pos, Role)>;
    /// The path drawn over the maze, if there is one to draw: its first cell and its steps,
    /// every one inside the maze.
    fn path(&self) -> Option<(Pos, &[Dir])>;
    /// The same path as a shared [`Solution`], where it is one: the whole view then keeps its
    /// walk from frame to frame (see [`super::aggregate::PathMemo`]).
    fn solution(&self) -> Option<&Solution> {
        None
    }
    /// The cells of the 42, drawn in its colour.
    fn stamp_cells(&self) -> Vec<Pos>;
    /// How many of a cell's east and south walls are closed (0 to 2).
    fn closed_walls(&self, pos: Pos) -> u32;
    /// Whether the cells' roles come from the carving or the search.
    fn is_animating(&self) -> bool;
    /// A cell's role under the markers.
    fn ground(&self, pos: Pos) -> Role;
}

impl BlockRoles for MazeRoles<'_> {
    fn block(&self, x: u32, y: u32) -> Role {
        MazeRoles::block(self, x, y)
    }

    fn cell(&self, pos: Pos) -> Role {
        MazeRoles::cell(self, pos)
    }

    fn cells(&self) -> (u32, u32) {
        MazeRoles::cells(self)
    }

    fn markers(&self) -> Vec<(Pos, Role)> {
        MazeRoles::markers(self).collect()
    }

    fn path(&self) -> Option<(Pos, &[Dir])> {
        MazeRoles::path(self).map(|path| (path.start(), path.dirs()))
    }

    fn solution(&self) -> Option<&Solution> {
        MazeRoles::path(self)
    }

    fn stamp_cells(&self) -> Vec<Pos> {
        MazeRoles::stamp_cells(self)
    }

    fn closed_walls(&self, pos: Pos) -> u32 {
        MazeRoles::closed_walls(self, pos)
    }

    fn is_animating(&self) -> bool {
        MazeRoles::is_animating(self)
    }

    fn ground(&self, pos: Pos) -> Role {
        MazeRoles::ground(self, pos)
    }
}

/// Something drawn over a finished maze's cells (a game: its walker, its trail, its fog).
pub trait Overlay {
    /// What to draw on `pos` over everything else (the entry, the exit), if anything.
    fn marker(&self, pos: Pos) -> Option<Role>;
    /// What fills `pos` under the markers, if the overlay decides it (passages between two
    /// cells of the same role take it too, so a trail reads as a line).
    fn ground(&self, pos: Pos) -> Option<Role>;
    /// Whether `pos` is hidden: it, and the walls and corners only hidden cells touch, are
    /// drawn as not carved yet.
    fn hidden(&self, pos: Pos) -> bool;
    /// The cells [`Overlay::marker`] marks, which a shrunken view must not sample away.
    fn markers(&self) -> Vec<(Pos, Role)>;
}

/// Answers "what is at this block" for one frame.
pub struct MazeRoles<'a> {
    maze: &'a Session,
    phase: Phase,
    head: Option<Pos>,
    show_path: bool,
    width: u32,
    height: u32,
    overlay: Option<&'a dyn Overlay>,
}

impl<'a> MazeRoles<'a> {
    pub fn new(maze: &'a Session, show_path: bool) -> MazeRoles<'a> {
        let phase = maze.phase();
        let grid = maze.grid();
        MazeRoles {
            maze,
            phase,
            head: maze.head(),
            show_path,
            width: grid.width(),
            height: grid.height(),
            overlay: None,
        }
    }

    /// The maze with `overlay` drawn over it, and not the solver's path (the overlay draws
    /// what it wants of it).
    pub fn with_overlay(maze: &'a Session, overlay: &'a dyn Overlay) -> MazeRoles<'a> {
        MazeRoles {
            overlay: Some(overlay),
            ..MazeRoles::new(maze, false)
        }
    }

    /// The role of block (`x`, `y`); blocks outside the maze are [`Role::Outside`].
    pub fn block(&self, x: u32, y: u32) -> Role {
        if x > 2 * self.width || y > 2 * self.height {
            return Role::Outside;
        }
        if self
            .overlay
            .is_some_and(|o| fogged(o, (self.width, self.height), x, y))
        {
            return Role::Unvisited;
        }
        let (cx, cy) = (x / 2, y / 2);
        match (x % 2, y % 2) {
            (1, 1) => self.cell(Pos::new(cx, cy)),
            // A vertical wall: between the cells left and right of it.
            (0, 1) => self.wall(
                Pos::new(cx.wrapping_sub(1), cy),
                Dir::East,
                cx == 0 || cx == self.width,
            ),
            // A horizontal wall: between the cells above and below it.
            (1, 0) => self.wall(
                Pos::new(cx, cy.wrapping_sub(1)),
                Dir::South,
                cy == 0 || cy == self.height,
            ),
            _ => self.post(cx, cy),
        }
    }

    /// The cells drawn with a marker (the entry, the exit, the carving head and the
    /// overlay's), which a shrunken view must not sample away.
    pub fn markers(&self) -> impl Iterator<Item = (Pos, Role)> {
        let ends = [
            (self.maze.entry(), Role::Entry),
            (self.maze.exit(), Role::Exit),
        ];
        let overlay = self.overlay.map(|o| o.markers()).unwrap_or_default();
        ends.into_iter()
            .filter(|&(pos, _)| self.overlay.is_none_or(|o| !o.hidden(pos)))
            .chain(self.head.map(|head| (head, Role::Head)))
            .chain(overlay)
    }

    /// The maze's size in cells.
    pub fn cells(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The path drawn over the maze, if there is one to draw.
    pub fn path(&self) -> Option<&'a Solution> {
        let maze: &'a Session = self.maze;
        (self.show_path && self.phase == Phase::Done)
            .then(|| maze.shown_path())
            .flatten()
    }

    /// The cells of the 42, drawn in its colour.
    pub fn stamp_cells(&self) -> Vec<Pos> {
        let stamp = self.maze.grid().stamp();
        stamp.map_or_else(Vec::new, |stamp| stamp.cells().collect())
    }

    /// How many of a cell's east and south walls are closed (0 to 2): two walls a cell, so
    /// a count over some cells measures how much of their area is wall.
    pub fn closed_walls(&self, pos: Pos) -> u32 {
        let grid = self.maze.grid();
        u32::from(grid.is_closed(pos, Dir::East)) + u32::from(grid.is_closed(pos, Dir::South))
    }

    /// Whether the cells' roles come from the carving or the search; once the maze is done
    /// they are all passages (the path and the 42 are found without looking at each cell).
    pub fn is_animating(&self) -> bool {
        self.phase != Phase::Done
    }

    /// What fills a cell, overlays first.
    pub fn cell(&self, pos: Pos) -> Role {
        if let Some(role) = self.overlay.and_then(|o| o.marker(pos)) {
            role
        } else if pos == self.maze.entry() {
            Role::Entry
        } else if pos == self.maze.exit() {
            Role::Exit
        } else if self.head == Some(pos) {
            Role::Head
        } else {
            self.ground(pos)
        }
    }

    /// A cell's role under the entry, exit and head markers: the one the passages between
    /// cells take on when both sides agree, so the stack, the search and the path read as
    /// continuous lines.
    pub fn ground(&self, pos: Pos) -> Role {
        let grid = self.maze.grid();
        if grid.is_locked(pos) {
            return Role::Stamp;
        }
        if let Some(role) = self.overlay.and_then(|o| o.ground(pos)) {
            return role;
        }
        match self.phase {
            Phase::Carving => match self.maze.cell_state(pos) {
                CellState::Unvisited => Role::Unvisited,
                CellState::Active => Role::Frontier,
                CellState::Finished => Role::Passage,
            },
            Phase::Solving => match self.maze.search_state(pos) {
                SearchState::Unseen => Role::Passage,
                SearchState::Frontier => Role::Frontier,
                SearchState::Visited => Role::Visited,
                SearchState::Discarded => Role::Unvisited,
            },
            Phase::Done if self.show_path && self.maze.on_path(pos) => Role::Path,
            Phase::Done => Role::Passage,
        }
    }

    /// The wall on the `side` (east or south) of `pos`; `border` walls are always closed.
    fn wall(&self, pos: Pos, side: Dir, border: bool) -> Role {
        if border {
            return Role::Wall;
        }
        let grid = self.maze.grid();
        let other = grid
            .neighbour(pos, side)
            .expect("inner walls have two sides");
        if grid.is_closed(pos, side) {
            // Inside the 42 the walls take its colour, so the digits read as solid shapes.
            return if grid.is_locked(pos) && grid.is_locked(other) {
                Role::Stamp
            } else {
                Role::Wall
            };
        }
        link(self.ground(pos), self.ground(other))
    }

    /// The corner where four cells meet: a wall if any wall meeting there is closed.
    fn post(&self, x: u32, y: u32) -> Role {
        if x == 0 || y == 0 || x == self.width || y == self.height {
            return Role::Wall;
        }
        let grid = self.maze.grid();
        let (nw, sw) = (Pos::new(x - 1, y - 1), Pos::new(x - 1, y));
        let (ne, se) = (Pos::new(x, y - 1), Pos::new(x, y));
        let any_closed = grid.is_closed(nw, Dir::East)
            || grid.is_closed(sw, Dir::East)
            || grid.is_closed(nw, Dir::South)
            || grid.is_closed(ne, Dir::South);
        if !any_closed {
            return link(
                link(self.ground(nw), self.ground(ne)),
                link(self.ground(sw), self.ground(se)),
            );
        }
        if [nw, ne, sw, se].iter().all(|&p| grid.is_locked(p)) {
            Role::Stamp
        } else {
            Role::Wall
        }
    }
}

/// The role of an open passage between two cells.
pub(crate) fn link(a: Role, b: Role) -> Role {
    match (a, b) {
        (Role::Frontier, Role::Frontier) => Role::Frontier,
        (Role::Path, Role::Path) => Role::Path,
        // A game's trail leaving the shortest path (see `super::play`): the detour is trail.
        (Role::Path, Role::Visited) | (Role::Visited, Role::Path) => Role::Visited,
        (Role::Visited | Role::Frontier, Role::Visited | Role::Frontier) => Role::Visited,
        _ => Role::Passage,
    }
}

/// Whether every cell block (`x`, `y`) touches (a cell touches itself, a wall its two sides, a
/// corner its four cells) is hidden by `overlay`, in a maze of `cells`.
pub fn fogged(overlay: &dyn Overlay, cells: (u32, u32), x: u32, y: u32) -> bool {
    // An odd block is a cell's row or column; an even one lies between two of them.
    let span = |b: u32| {
        if b % 2 == 1 {
            b / 2..b / 2 + 1
        } else {
            (b / 2).saturating_sub(1)..b / 2 + 1
        }
    };
    let (columns, rows) = (span(x), span(y));
    rows.flat_map(|cy| columns.clone().map(move |cx| Pos::new(cx, cy)))
        .filter(|p| p.x < cells.0 && p.y < cells.1)
        .all(|p| overlay.hidden(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mazegen::MazeOptions;

    fn maze(width: u32, height: u32) -> Session {
        let options = MazeOptions::new(width, height).seed(3);
        Session::new(
            options,
            Pos::new(0, 0),
            Pos::new(width - 1, height - 1),
            mazegen::Solver::Bfs,
        )
        .unwrap()
    }

    /// Every block of the raster, as rows of role letters.
    fn picture(roles: &MazeRoles, width: u32, height: u32) -> Vec<String> {
        (0..=2 * height)
            .map(|y| {
                (0..=2 * width)
                    .map(|x| match roles.block(x, y) {
                        Role::Wall => '#',
                        Role::Passage => '.',
                        Role::Unvisited => 'u',
                        Role::Entry => 'E',
                        Role::Exit => 'X',
                        Role::Path => '*',
                        Role::Stamp => '4',
                        Role::Head => 'H',
                        Role::Frontier => 'f',
                        Role::Visited => 'v',
                        Role::Outside => ' ',
                        _ => '!',
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_border_is_wall_and_beyond_it_is_outside() {
        let mut run = maze(6, 4);
        run.finish();
        let roles = MazeRoles::new(&run, false);
        for x in 0..=12 {
            assert_eq!(roles.block(x, 0), Role::Wall);
            assert_eq!(roles.block(x, 8), Role::Wall);
        }
        for y in 0..=8 {
            assert_eq!(roles.block(0, y), Role::Wall);
            assert_eq!(roles.block(12, y), Role::Wall);
        }
        assert_eq!(roles.block(13, 0), Role::Outside);
        assert_eq!(roles.block(0, 9), Role::Outside);
    }

    #[test]
    fn walls_follow_the_grid() {
        let mut run = maze(7, 5);
        run.finish();
        let roles = MazeRoles::new(&run, false);
        let grid = run.grid();
        for pos in grid.positions() {
            let (x, y) = (2 * pos.x + 1, 2 * pos.y + 1);
            assert_eq!(
                roles.block(x + 1, y) == Role::Wall,
                grid.is_closed(pos, Dir::East)
            );
            assert_eq!(
                roles.block(x, y + 1) == Role::Wall,
                grid.is_closed(pos, Dir::South)
            );
        }
    }

    #[test]
    fn the_path_is_a_continuous_line_from_entry_to_exit() {
        let mut run = maze(9, 6);
        run.finish();
        let shown = picture(&MazeRoles::new(&run, true), 9, 6);
        let hidden = picture(&MazeRoles::new(&run, false), 9, 6);
        assert_eq!(shown[1].chars().nth(1), Some('E'));
        assert_eq!(shown[11].chars().nth(17), Some('X'));
        // Path cells plus the passages between them: 2 blocks per step, minus the entry
        // and exit cells, which keep their own roles.
        let path_blocks = shown.concat().matches('*').count();
        assert_eq!(path_blocks, 2 * run.solution().unwrap().len() - 1);
        assert_eq!(hidden.concat().matches('*').count(), 0);
    }

    #[test]
    fn the_42_is_drawn_solid() {
        let mut run = maze(9, 7);
        run.finish();
        let text = picture(&MazeRoles::new(&run, false), 9, 7).join("\n");
        // The 4's left bar: cells (1,1) to (1,3), blocks x = 3, y = 3 to 7, joined by the
        // closed walls between them.
        let bar: String = text.lines().skip(3).take(5).map(|row| &row[3..4]).collect();
        assert_eq!(bar, "44444", "{text}");
    }

    #[test]
    fn carving_shows_the_head_the_stack_and_what_is_left() {
        let mut run = maze(10, 8);
        run.advance(20);
        let text = picture(&MazeRoles::new(&run, false), 10, 8).concat();
        assert_eq!(text.matches('H').count(), 1);
        assert!(text.contains('f'));
        assert!(text.contains('u'));
    }

    #[test]
    fn solving_shows_what_the_search_reached() {
        let mut run = maze(10, 8);
        while run.phase() == Phase::Carving {
            run.advance(1000);
        }
        run.advance(10);
        let text = picture(&MazeRoles::new(&run, false), 10, 8).concat();
        assert!(text.contains('v'));
        assert!(text.contains('f'));
        assert!(!text.contains('u'));
    }
}
