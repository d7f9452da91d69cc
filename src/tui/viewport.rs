//! Which part of the maze the canvas shows, and how big.
//!
//! The canvas draws the maze as a raster of *blocks*: a `w` x `h` maze is `2w+1` x `2h+1`
//! blocks, cells at odd coordinates, walls and corner posts between them. The detailed views
//! give each block a rectangle of terminal cells ([`Look`]); the whole-maze view packs blocks
//! into half blocks or braille dots, or gathers many cells into each character.

use mazegen::Dir;

/// How the canvas draws the maze; `z` goes round them in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zoom {
    /// The detailed view at the largest whole-number size that shows all of the maze, centred
    /// (see [`fit`]); the whole-maze view when even the smallest detailed look is too big.
    Fit,
    /// One block is two columns by one row; pans when the maze is larger than the canvas.
    Detail,
    /// The step between 1:1 and whole: one block a braille dot, four times as far out as 1:1
    /// each way, every wall still drawn; pans. Only for a maze braille cannot show whole.
    Braille,
    /// The whole maze, scaled to fit.
    Whole,
}

impl Zoom {
    fn next(self) -> Zoom {
        match self {
            Zoom::Fit => Zoom::Detail,
            Zoom::Detail => Zoom::Braille,
            Zoom::Braille => Zoom::Whole,
            Zoom::Whole => Zoom::Fit,
        }
    }

    /// Whether the view shows part of a big maze and pans over it.
    pub fn is_panned(self) -> bool {
        matches!(self, Zoom::Detail | Zoom::Braille)
    }

    /// The name the canvas title gives the view.
    pub fn name(self) -> &'static str {
        match self {
            Zoom::Fit => "fit",
            Zoom::Detail => "1:1",
            Zoom::Braille => "1:4",
            Zoom::Whole => "whole",
        }
    }
}

/// How many terminal cells the blocks of one axis take: cells and walls alternate along it,
/// starting and ending with a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Axis {
    pub cell: u16,
    pub wall: u16,
}

impl Axis {
    /// Terminal cells taken by `blocks` blocks from the first (a wall).
    pub fn span(self, blocks: u32) -> u32 {
        let (cell, wall) = (u32::from(self.cell), u32::from(self.wall));
        blocks / 2 * (cell + wall) + blocks % 2 * wall
    }

    /// The block at `offset` terminal cells from the first block, and how far into it.
    pub fn block_at(self, offset: u32) -> (u32, u16) {
        let (cell, wall) = (u32::from(self.cell), u32::from(self.wall));
        let (pair, into) = (offset / (cell + wall), offset % (cell + wall));
        if into < wall {
            (2 * pair, into as u16)
        } else {
            (2 * pair + 1, (into - wall) as u16)
        }
    }

    /// How wide the block `block` is.
    pub fn width(self, block: u32) -> u16 {
        if block % 2 == 1 { self.cell } else { self.wall }
    }
}

/// The size of a block in a detailed view: columns across, rows down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub across: Axis,
    pub down: Axis,
}

impl Look {
    /// Every block `2k` columns by `k` rows, so cells look square: `k = 1` is the 1:1 view.
    pub const fn scaled(k: u16) -> Look {
        Look {
            across: Axis {
                cell: 2 * k,
                wall: 2 * k,
            },
            down: Axis { cell: k, wall: k },
        }
    }

    /// Cells two columns by one row, walls one column by one row: for a maze too wide for
    /// 1:1 but not for this, which fills the canvas better than the whole-maze view.
    pub const THIN_WALLS: Look = Look {
        across: Axis { cell: 2, wall: 1 },
        down: Axis { cell: 1, wall: 1 },
    };

    /// The terminal cells the whole maze takes.
    pub fn size(self, maze_blocks: (u32, u32)) -> (u32, u32) {
        (
            self.across.span(maze_blocks.0),
            self.down.span(maze_blocks.1),
        )
    }

    fn fits(self, maze_blocks: (u32, u32), canvas: (u16, u16)) -> bool {
        let (width, height) = self.size(maze_blocks);
        width <= u32::from(canvas.0) && height <= u32::from(canvas.1)
    }
}

/// The fit view's look: blocks of `2k` x `k` for the largest whole `k` that shows the whole
/// maze, else thin walls if they fit, else none (the whole-maze view stands in).
pub fn fit(maze_blocks: (u32, u32), canvas: (u16, u16)) -> Option<Look> {
    let (columns, rows) = (u32::from(canvas.0), u32::from(canvas.1));
    let k = (columns / (2 * maze_blocks.0).max(1)).min(rows / maze_blocks.1.max(1));
    if k >= 1 {
        return Some(Look::scaled(u16::try_from(k).unwrap_or(u16::MAX)));
    }
    Some(Look::THIN_WALLS).filter(|look| look.fits(maze_blocks, canvas))
}

/// What a view draws: blocks of some look, or the whole maze scaled down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Blocks(Look),
    /// Part of the maze, a block a braille dot (see [`Zoom::Braille`]).
    Braille,
    Whole,
}

/// The maze's size in blocks.
pub fn blocks(width: u32, height: u32) -> (u32, u32) {
    (2 * width + 1, 2 * height + 1)
}

/// The blocks a canvas of `columns` x `rows` shows in the 1:1 view.
pub fn detail_capacity(columns: u16, rows: u16) -> (u32, u32) {
    (u32::from(columns) / 2, u32::from(rows))
}

/// The blocks a canvas of `columns` x `rows` shows in the 1:4 view: two dots across and four
/// down a character.
pub fn braille_capacity(columns: u16, rows: u16) -> (u32, u32) {
    (2 * u32::from(columns), 4 * u32::from(rows))
}

/// How far the view moves for one notch of the mouse wheel, in blocks: three cells at 1:1,
/// four times that at 1:4, where a character holds four times the blocks each way.
pub fn wheel_step(zoom: Zoom) -> u32 {
    match zoom {
        Zoom::Braille => 4 * 6,
        _ => 6,
    }
}

/// Whether the 1:1 view of the maze is larger than the canvas, so it pans.
pub fn pans(maze_blocks: (u32, u32), canvas: (u16, u16)) -> bool {
    let (columns, rows) = detail_capacity(canvas.0, canvas.1);
    maze_blocks.0 > columns || maze_blocks.1 > rows
}

/// A drag of the left button that began on the canvas, until it is released.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drag {
    /// On the maze: the picture follows the pointer, from where it was when the drag began.
    Canvas {
        from: (u16, u16),
        origin: (u32, u32),
    },
    /// On the minimap: the view jumps to the place under the pointer.
    Minimap,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewport {
    zoom: Zoom,
    /// The minimap's corner, kept while the minimap is dragged on (see
    /// [`Viewport::minimap_on_top`]).
    minimap_pinned: Option<bool>,
    /// The top-left block of the 1:1 view (before clamping to the maze).
    left: u32,
    top: u32,
}

impl Viewport {
    /// The view a dashboard starts in: the fit view, which is the whole-maze view when the
    /// maze is too big for any detailed look, and follows the canvas as it is resized.
    pub fn fitting() -> Viewport {
        Viewport {
            zoom: Zoom::Fit,
            minimap_pinned: None,
            left: 0,
            top: 0,
        }
    }

    pub fn zoom(&self) -> Zoom {
        self.zoom
    }

    /// What the view draws for this maze on this canvas.
    pub fn shown(&self, maze_blocks: (u32, u32), canvas: (u16, u16)) -> Shown {
        shown(self.zoom, maze_blocks, canvas)
    }

    /// The view `z` moves to: the next one in the cycle fit, 1:1, 1:4, whole that draws something
    /// different (the fit view is the 1:1 view when blocks of 2x1 are the largest that fit,
    /// and the whole-maze view when none do).
    ///
    /// The whole-maze view is left out when the 1:1 view shows all of the maze: it would draw
    /// the same maze, only smaller. When nothing else differs, this is the view it is in.
    pub fn next_zoom(&self, maze_blocks: (u32, u32), canvas: (u16, u16)) -> Zoom {
        let now = self.shown(maze_blocks, canvas);
        let fits = !pans(maze_blocks, canvas);
        let skipped =
            |zoom: Zoom| shown(zoom, maze_blocks, canvas) == now || (zoom == Zoom::Whole && fits);
        let mut zoom = self.zoom.next();
        // The 1:4 view of a maze braille shows whole would be the whole view by another name.
        let skipped = |zoom: Zoom| {
            skipped(zoom)
                || (zoom == Zoom::Braille && shown(zoom, maze_blocks, canvas) != Shown::Braille)
        };
        while zoom != self.zoom && skipped(zoom) {
            zoom = zoom.next();
        }
        zoom
    }

    /// Moves to [`Viewport::next_zoom`], keeping the middle of the view where it was when
    /// going from one panned view to the other.
    pub fn cycle_zoom(&mut self, maze_blocks: (u32, u32), canvas: (u16, u16)) {
        let was_panned = self.zoom.is_panned();
        let centre = self.centre(maze_blocks, canvas);
        self.zoom = self.next_zoom(maze_blocks, canvas);
        if was_panned && self.zoom.is_panned() {
            self.look_at(centre, maze_blocks, canvas);
        }
    }

    /// Puts `block` in the middle of the panned view, as near as the maze's edges allow.
    fn look_at(&mut self, block: (u32, u32), maze_blocks: (u32, u32), canvas: (u16, u16)) {
        let (columns, rows) = self.capacity(canvas);
        self.left = block.0.saturating_sub(columns / 2);
        self.top = block.1.saturating_sub(rows / 2);
        (self.left, self.top) = self.origin(maze_blocks, canvas);
    }

    /// Where the panned view's top-left block goes when the pointer is dragged from `from` to
    /// `to` (screen positions) with the view at `origin` when the drag began: the picture
    /// follows the pointer, a column or a row of the screen standing for the blocks it shows.
    pub fn dragged(
        &self,
        origin: (u32, u32),
        from: (u16, u16),
        to: (u16, u16),
        canvas: (u16, u16),
    ) -> (u32, u32) {
        let (columns, rows) = self.capacity(canvas);
        let moved = |origin: u32, from: u16, to: u16, blocks: u32, cells: u16| {
            let cells = i64::from(cells.max(1));
            let by = (i64::from(from) - i64::from(to)) * i64::from(blocks) / cells;
            (i64::from(origin) + by).clamp(0, i64::from(u32::MAX)) as u32
        };
        (
            moved(origin.0, from.0, to.0, columns, canvas.0),
            moved(origin.1, from.1, to.1, rows, canvas.1),
        )
    }

    /// Moves the panned view so that its top-left block is `origin` (kept inside the maze):
    /// a drag on the canvas.
    pub fn set_origin(&mut self, origin: (u32, u32), maze_blocks: (u32, u32), canvas: (u16, u16)) {
        (self.left, self.top) = origin;
        (self.left, self.top) = self.origin(maze_blocks, canvas);
    }

    /// Moves the panned view a wheel notch towards `towards` (see [`wheel_step`]).
    pub fn wheel(&mut self, towards: Dir, maze_blocks: (u32, u32), canvas: (u16, u16)) {
        self.shift(towards, wheel_step(self.zoom), maze_blocks, canvas);
    }

    fn shift(&mut self, towards: Dir, by: u32, maze_blocks: (u32, u32), canvas: (u16, u16)) {
        (self.left, self.top) = self.origin(maze_blocks, canvas);
        match towards {
            Dir::West => self.left = self.left.saturating_sub(by),
            Dir::East => self.left = self.left.saturating_add(by),
            Dir::North => self.top = self.top.saturating_sub(by),
            Dir::South => self.top = self.top.saturating_add(by),
        }
        (self.left, self.top) = self.origin(maze_blocks, canvas);
    }

    /// The blocks the view shows at once when it pans: the 1:1 view's, or the 1:4 view's.
    pub fn capacity(&self, canvas: (u16, u16)) -> (u32, u32) {
        match self.zoom {
            Zoom::Braille => braille_capacity(canvas.0, canvas.1),
            _ => detail_capacity(canvas.0, canvas.1),
        }
    }

    /// Whether the view pans over this maze now: it is the 1:1 or the 1:4 view, and the maze
    /// is larger than it shows.
    pub fn pans(&self, maze_blocks: (u32, u32), canvas: (u16, u16)) -> bool {
        let (columns, rows) = self.capacity(canvas);
        let shown = self.shown(maze_blocks, canvas);
        let panned = matches!(shown, Shown::Braille) || self.zoom == Zoom::Detail;
        panned && (maze_blocks.0 > columns || maze_blocks.1 > rows)
    }

    /// Whether the minimap goes in the canvas's top-right corner rather than its bottom-right
    /// one: while the view shows the maze's last rows, so that it never hides the maze's
    /// bottom-right corner (where an exit usually is, and where `X` takes the view), unless a
    /// drag on the minimap pinned it where it was.
    pub fn minimap_on_top(&self, maze_blocks: (u32, u32), canvas: (u16, u16)) -> bool {
        self.minimap_pinned.unwrap_or_else(|| {
            let (_, top) = self.origin(maze_blocks, canvas);
            top + self.capacity(canvas).1 >= maze_blocks.1
        })
    }

    /// Keeps the minimap in its corner (`Some`), or lets it move again (`None`).
    pub fn pin_minimap(&mut self, on_top: Option<bool>) {
        self.minimap_pinned = on_top;
    }

    /// The block in the middle of the view.
    pub fn centre(&self, maze_blocks: (u32, u32), canvas: (u16, u16)) -> (u32, u32) {
        let (left, top) = self.origin(maze_blocks, canvas);
        let (columns, rows) = self.capacity(canvas);
        (
            (left + columns / 2).min(maze_blocks.0.saturating_sub(1)),
            (top + rows / 2).min(maze_blocks.1.saturating_sub(1)),
        )
    }

    /// The top-left block the panned view shows: the stored one, kept inside the maze.
    pub fn origin(&self, maze_blocks: (u32, u32), canvas: (u16, u16)) -> (u32, u32) {
        let (columns, rows) = self.capacity(canvas);
        (
            self.left.min(maze_blocks.0.saturating_sub(columns)),
            self.top.min(maze_blocks.1.saturating_sub(rows)),
        )
    }

    /// Shows `block` in the middle of the 1:1 view (kept inside the maze), switching to it
    /// from the whole-maze view of a maze too big for the canvas, where a place is a speck.
    pub fn centre_on(&mut self, block: (u32, u32), maze_blocks: (u32, u32), canvas: (u16, u16)) {
        if pans(maze_blocks, canvas) && self.shown(maze_blocks, canvas) == Shown::Whole {
            self.zoom = Zoom::Detail;
        }
        self.look_at(block, maze_blocks, canvas);
    }

    /// Moves the panned view one cell towards `towards` (four at 1:4, so a key press moves
    /// the picture about as far on screen), or half a canvas if `big`.
    pub fn pan(&mut self, towards: Dir, big: bool, maze_blocks: (u32, u32), canvas: (u16, u16)) {
        let (columns, rows) = self.capacity(canvas);
        let step = if self.zoom == Zoom::Braille { 8 } else { 2 };
        let by = match (big, towards) {
            (false, _) => step,
            (true, Dir::West | Dir::East) => (columns / 2).max(2),
            (true, Dir::North | Dir::South) => (rows / 2).max(2),
        };
        self.shift(towards, by, maze_blocks, canvas);
    }

    /// Shows block `at` in blocks: the whole-maze view becomes the 1:1 one (a game needs its
    /// cells), which then follows `at` (see [`Viewport::follow`]).
    pub fn show_block(&mut self, at: (u32, u32), maze_blocks: (u32, u32), canvas: (u16, u16)) {
        if matches!(
            self.shown(maze_blocks, canvas),
            Shown::Whole | Shown::Braille
        ) {
            self.zoom = Zoom::Detail;
        }
        self.follow(at, maze_blocks, canvas);
    }

    /// Keeps block `at` on the 1:1 view, a quarter of the canvas away from its edges where the
    /// maze allows: when it comes nearer, the view centres on it.
    pub fn follow(&mut self, at: (u32, u32), maze_blocks: (u32, u32), canvas: (u16, u16)) {
        if self.zoom != Zoom::Detail {
            return;
        }
        let (columns, rows) = detail_capacity(canvas.0, canvas.1);
        let (left, top) = self.origin(maze_blocks, canvas);
        let centre = |at: u32, first: u32, shown: u32| {
            let margin = shown / 4;
            let inside = at >= first + margin && at + margin < first + shown;
            if inside {
                first
            } else {
                at.saturating_sub(shown / 2)
            }
        };
        self.left = centre(at.0, left, columns);
        self.top = centre(at.1, top, rows);
        (self.left, self.top) = self.origin(maze_blocks, canvas);
    }
}

fn shown(zoom: Zoom, maze_blocks: (u32, u32), canvas: (u16, u16)) -> Shown {
    match zoom {
        Zoom::Fit => fit(maze_blocks, canvas).map_or(Shown::Whole, Shown::Blocks),
        Zoom::Detail => Shown::Blocks(Look::scaled(1)),
        // A maze braille shows whole is the whole view's picture: z skips this one.
        Zoom::Braille => {
            let (columns, rows) = braille_capacity(canvas.0, canvas.1);
            let fits = maze_blocks.0 <= columns && maze_blocks.1 <= rows;
            if fits || !pans(maze_blocks, canvas) {
                Shown::Whole
            } else {
                Shown::Braille
            }
        }
        Zoom::Whole => Shown::Whole,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centring_on_a_block_goes_to_1_1_from_a_shrunk_maze_and_stays_inside_it() {
        let maze = blocks(100, 80);
        let mut view = Viewport::fitting();
        assert_eq!(view.shown(maze, (60, 20)), Shown::Whole);
        view.centre_on((101, 81), maze, (60, 20));
        assert_eq!(view.zoom(), Zoom::Detail);
        assert_eq!(view.origin(maze, (60, 20)), (101 - 15, 81 - 10));
        view.centre_on((3, 3), maze, (60, 20));
        assert_eq!(view.origin(maze, (60, 20)), (0, 0));
        view.centre_on((199, 159), maze, (60, 20));
        assert_eq!(view.origin(maze, (60, 20)), (201 - 30, 161 - 20));
        // A maze the fit view shows whole stays in it.
        let mut small = Viewport::fitting();
        small.centre_on((5, 5), blocks(10, 8), (60, 20));
        assert_eq!(small.zoom(), Zoom::Fit);
    }

    #[test]
    fn fit_picks_the_largest_whole_block_size_that_shows_the_maze() {
        let maze = blocks(25, 20);
        assert_eq!(maze, (51, 41));
        // 2x1 blocks need 102 x 41, 4x2 need 204 x 82.
        assert_eq!(fit(maze, (130, 48)), Some(Look::scaled(1)));
        assert_eq!(fit(maze, (204, 82)), Some(Look::scaled(2)));
        assert_eq!(fit(maze, (203, 82)), Some(Look::scaled(1)));
        assert_eq!(fit(maze, (400, 100)), Some(Look::scaled(2)));
        assert_eq!(fit(maze, (1000, 130)), Some(Look::scaled(3)));
        // Too narrow for 2x1 (the canvas of a 130x48 terminal): thin walls take 76 x 41.
        assert_eq!(Look::THIN_WALLS.size(maze), (76, 41));
        assert_eq!(fit(maze, (96, 44)), Some(Look::THIN_WALLS));
        assert_eq!(fit(maze, (75, 44)), None);
        assert_eq!(fit(maze, (96, 40)), None);
        assert_eq!(fit(blocks(2000, 2000), (200, 60)), None);
    }

    #[test]
    fn following_a_block_keeps_it_away_from_the_edges() {
        let maze = blocks(200, 100);
        let canvas = (60, 20); // 30 x 20 blocks
        let mut view = Viewport::fitting();
        view.show_block((1, 1), maze, canvas);
        assert_eq!(view.zoom(), Zoom::Detail, "a game needs the cells");
        assert_eq!(view.origin(maze, canvas), (0, 0));
        view.follow((20, 10), maze, canvas);
        assert_eq!(view.origin(maze, canvas), (0, 0), "still well inside");
        view.follow((25, 10), maze, canvas);
        assert_eq!(view.origin(maze, canvas), (10, 0), "centred across");
        view.follow((400, 200), maze, canvas);
        assert_eq!(
            view.origin(maze, canvas),
            (401 - 30, 201 - 20),
            "clamped to the maze"
        );
    }

    #[test]
    fn an_axis_finds_the_block_under_each_terminal_cell() {
        let thin = Look::THIN_WALLS.across;
        let found: Vec<_> = (0..7).map(|x| thin.block_at(x)).collect();
        assert_eq!(
            found,
            [(0, 0), (1, 0), (1, 1), (2, 0), (3, 0), (3, 1), (4, 0)]
        );
        assert_eq!(thin.span(5), 7);
        let big = Look::scaled(3).down;
        assert_eq!(big.block_at(8), (2, 2));
        assert_eq!(big.span(41), 123);
        assert_eq!((thin.width(0), thin.width(1)), (1, 2));
    }

    #[test]
    fn z_goes_round_the_views_that_differ() {
        let canvas = (130, 48);
        // 2x1 is the largest fit, so fit and 1:1 are the same picture, and the whole-maze
        // view would only draw it smaller: z has nowhere to go.
        let small = blocks(25, 20);
        let mut view = Viewport::fitting();
        assert_eq!(view.zoom(), Zoom::Fit);
        assert_eq!(view.next_zoom(small, canvas), Zoom::Fit);
        view.cycle_zoom(small, canvas);
        assert_eq!(view.zoom(), Zoom::Fit);
        // A tiny maze fits larger than 1:1: fit and 1:1 differ, and the whole view is left
        // out again.
        let tiny = blocks(5, 5);
        let mut view = Viewport::fitting();
        let mut seen = Vec::new();
        for _ in 0..2 {
            seen.push(view.zoom());
            view.cycle_zoom(tiny, canvas);
        }
        assert_eq!(seen, [Zoom::Fit, Zoom::Detail]);
        assert_eq!(view.zoom(), Zoom::Fit);
        // A big maze has no fit of its own: 1:1, 1:4 and whole.
        let big = blocks(2000, 2000);
        let mut view = Viewport::fitting();
        assert_eq!(view.shown(big, canvas), Shown::Whole);
        view.cycle_zoom(big, canvas);
        assert_eq!(view.zoom(), Zoom::Detail);
        view.cycle_zoom(big, canvas);
        assert_eq!(view.zoom(), Zoom::Braille);
        assert_eq!(view.shown(big, canvas), Shown::Braille);
        view.cycle_zoom(big, canvas);
        assert_eq!(view.zoom(), Zoom::Whole);
        view.cycle_zoom(big, canvas);
        assert_eq!(view.zoom(), Zoom::Detail);
        // A maze braille shows whole has no 1:4 of its own.
        let mid = blocks(100, 40);
        let mut view = Viewport::fitting();
        let mut seen = Vec::new();
        for _ in 0..3 {
            view.cycle_zoom(mid, canvas);
            seen.push(view.zoom());
        }
        assert_eq!(seen, [Zoom::Detail, Zoom::Whole, Zoom::Detail]);
    }

    #[test]
    fn going_from_1_1_to_1_4_keeps_the_middle_of_the_view() {
        let maze = blocks(2000, 2000);
        let canvas = (100, 40);
        let mut view = Viewport::fitting();
        view.cycle_zoom(maze, canvas);
        view.centre_on((1001, 2001), maze, canvas);
        assert_eq!(view.centre(maze, canvas), (1001, 2001));
        view.cycle_zoom(maze, canvas);
        assert_eq!(view.zoom(), Zoom::Braille);
        assert_eq!(view.capacity(canvas), (200, 160));
        assert_eq!(view.centre(maze, canvas), (1001, 2001));
        assert_eq!(view.origin(maze, canvas), (901, 1921));
        assert!(view.pans(maze, canvas));
    }

    #[test]
    fn a_drag_moves_the_picture_with_the_pointer() {
        let maze = blocks(2000, 2000);
        let canvas = (100, 40);
        let mut view = Viewport::fitting();
        view.cycle_zoom(maze, canvas);
        // 1:1: a column is half a block, a row a block; dragging left shows what is right.
        assert_eq!(view.dragged((10, 10), (50, 20), (40, 25), canvas), (15, 5));
        assert_eq!(view.dragged((1, 1), (10, 10), (30, 30), canvas), (0, 0));
        view.cycle_zoom(maze, canvas);
        // 1:4: a column is two blocks, a row four.
        assert_eq!(
            view.dragged((100, 100), (50, 20), (49, 19), canvas),
            (102, 104)
        );
    }

    #[test]
    fn a_wheel_notch_moves_three_cells_at_1_1_and_four_times_as_far_at_1_4() {
        assert_eq!(wheel_step(Zoom::Detail), 6);
        assert_eq!(wheel_step(Zoom::Braille), 24);
        let maze = blocks(2000, 2000);
        let canvas = (100, 40);
        let mut view = Viewport::fitting();
        view.cycle_zoom(maze, canvas);
        view.wheel(Dir::South, maze, canvas);
        view.wheel(Dir::East, maze, canvas);
        assert_eq!(view.origin(maze, canvas), (6, 6));
        view.cycle_zoom(maze, canvas);
        view.set_origin((0, 0), maze, canvas);
        view.wheel(Dir::South, maze, canvas);
        assert_eq!(view.origin(maze, canvas), (0, 24));
        view.wheel(Dir::North, maze, canvas);
        view.wheel(Dir::North, maze, canvas);
        assert_eq!(view.origin(maze, canvas), (0, 0));
        // Dragging far past the edge stops at it.
        view.set_origin((9999, 9999), maze, canvas);
        assert_eq!(view.origin(maze, canvas), (4001 - 200, 4001 - 160));
    }

    #[test]
    fn pans_by_a_cell_or_half_a_canvas_and_stays_inside() {
        let maze = blocks(100, 100);
        let canvas = (40, 10);
        let mut view = Viewport::fitting();
        view.cycle_zoom(maze, canvas);
        assert_eq!(view.zoom(), Zoom::Detail);
        assert!(pans(maze, canvas));
        view.pan(Dir::West, false, maze, canvas);
        assert_eq!(view.origin(maze, canvas), (0, 0));
        view.pan(Dir::East, false, maze, canvas);
        view.pan(Dir::South, true, maze, canvas);
        assert_eq!(view.origin(maze, canvas), (2, 5));
        for _ in 0..1000 {
            view.pan(Dir::East, true, maze, canvas);
            view.pan(Dir::South, true, maze, canvas);
        }
        assert_eq!(view.origin(maze, canvas), (201 - 20, 201 - 10));
        view.pan(Dir::North, false, maze, canvas);
        assert_eq!(view.origin(maze, canvas), (181, 189));
    }

    #[test]
    fn a_maze_smaller_than_the_canvas_does_not_move() {
        let maze = blocks(5, 5);
        assert!(!pans(maze, (80, 20)));
        let mut view = Viewport::fitting();
        for towards in Dir::ALL {
            view.pan(towards, true, maze, (80, 20));
            assert_eq!(view.origin(maze, (80, 20)), (0, 0));
        }
    }

    #[test]
    fn a_resized_canvas_keeps_the_view_inside() {
        let maze = blocks(50, 50);
        let mut view = Viewport::fitting();
        for _ in 0..100 {
            view.pan(Dir::East, true, maze, (20, 10));
        }
        assert_eq!(view.origin(maze, (20, 10)), (91, 0));
        assert_eq!(view.origin(maze, (100, 10)), (51, 0));
    }
}
