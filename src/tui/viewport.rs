//! Which part of the maze the canvas shows.
//!
//! The canvas draws the maze as a raster of *blocks*: a `w` x `h` maze is `2w+1` x `2h+1`
//! blocks, cells at odd coordinates, walls and corner posts between them. In the detailed
//! view a block is two terminal columns by one row, so cells look square; the whole-maze view
//! packs blocks into half-block characters and scales them to fit.

use mazegen::Dir;

/// How the canvas draws the maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zoom {
    /// Two columns per block; pans when the maze is larger than the canvas.
    Detail,
    /// The whole maze, scaled to fit.
    Whole,
}

/// The maze's size in blocks.
pub fn blocks(width: u32, height: u32) -> (u32, u32) {
    (2 * width + 1, 2 * height + 1)
}

/// The blocks a canvas of `columns` x `rows` shows in the detailed view.
pub fn detail_capacity(columns: u16, rows: u16) -> (u32, u32) {
    (u32::from(columns) / 2, u32::from(rows))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewport {
    zoom: Zoom,
    /// The top-left block of the detailed view (before clamping to the maze).
    left: u32,
    top: u32,
}

impl Viewport {
    /// The detailed view if the maze fits the canvas, else the whole maze.
    pub fn fitting(maze_blocks: (u32, u32), canvas: (u16, u16)) -> Viewport {
        let (columns, rows) = detail_capacity(canvas.0, canvas.1);
        let zoom = if maze_blocks.0 <= columns && maze_blocks.1 <= rows {
            Zoom::Detail
        } else {
            Zoom::Whole
        };
        Viewport {
            zoom,
            left: 0,
            top: 0,
        }
    }

    pub fn zoom(&self) -> Zoom {
        self.zoom
    }

    pub fn toggle_zoom(&mut self) {
        self.zoom = match self.zoom {
            Zoom::Detail => Zoom::Whole,
            Zoom::Whole => Zoom::Detail,
        };
    }

    /// The top-left block the detailed view shows: the stored one, kept inside the maze.
    pub fn origin(&self, maze_blocks: (u32, u32), canvas: (u16, u16)) -> (u32, u32) {
        let (columns, rows) = detail_capacity(canvas.0, canvas.1);
        (
            self.left.min(maze_blocks.0.saturating_sub(columns)),
            self.top.min(maze_blocks.1.saturating_sub(rows)),
        )
    }

    /// Shows `block` in the middle of the detailed view (kept inside the maze), switching to
    /// it from the whole maze when that is shrunk to fit.
    pub fn centre_on(&mut self, block: (u32, u32), maze_blocks: (u32, u32), canvas: (u16, u16)) {
        let (columns, rows) = detail_capacity(canvas.0, canvas.1);
        if maze_blocks.0 > columns || maze_blocks.1 > rows {
            self.zoom = Zoom::Detail;
        }
        self.left = block.0.saturating_sub(columns / 2);
        self.top = block.1.saturating_sub(rows / 2);
        (self.left, self.top) = self.origin(maze_blocks, canvas);
    }

    /// Moves the detailed view one cell towards `towards`, or half a canvas if `big`.
    pub fn pan(&mut self, towards: Dir, big: bool, maze_blocks: (u32, u32), canvas: (u16, u16)) {
        let (columns, rows) = detail_capacity(canvas.0, canvas.1);
        (self.left, self.top) = self.origin(maze_blocks, canvas);
        let across = if big { (columns / 2).max(2) } else { 2 };
        let along = if big { (rows / 2).max(2) } else { 2 };
        match towards {
            Dir::West => self.left = self.left.saturating_sub(across),
            Dir::East => self.left = self.left.saturating_add(across),
            Dir::North => self.top = self.top.saturating_sub(along),
            Dir::South => self.top = self.top.saturating_add(along),
        }
        (self.left, self.top) = self.origin(maze_blocks, canvas);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centring_on_a_block_zooms_in_and_stays_inside_the_maze() {
        let maze = blocks(100, 80);
        let mut view = Viewport::fitting(maze, (60, 20));
        assert_eq!(view.zoom(), Zoom::Whole);
        view.centre_on((101, 81), maze, (60, 20));
        assert_eq!(view.zoom(), Zoom::Detail);
        assert_eq!(view.origin(maze, (60, 20)), (101 - 15, 81 - 10));
        view.centre_on((3, 3), maze, (60, 20));
        assert_eq!(view.origin(maze, (60, 20)), (0, 0));
        view.centre_on((199, 159), maze, (60, 20));
        assert_eq!(view.origin(maze, (60, 20)), (201 - 30, 161 - 20));
    }

    #[test]
    fn starts_detailed_when_the_maze_fits() {
        assert_eq!(blocks(25, 20), (51, 41));
        assert_eq!(
            Viewport::fitting(blocks(25, 20), (102, 41)).zoom(),
            Zoom::Detail
        );
        assert_eq!(
            Viewport::fitting(blocks(25, 20), (101, 41)).zoom(),
            Zoom::Whole
        );
        assert_eq!(
            Viewport::fitting(blocks(25, 20), (200, 40)).zoom(),
            Zoom::Whole
        );
    }

    #[test]
    fn pans_by_a_cell_or_half_a_canvas_and_stays_inside() {
        let maze = blocks(100, 100);
        let canvas = (40, 10);
        let mut view = Viewport::fitting(maze, canvas);
        view.toggle_zoom();
        assert_eq!(view.zoom(), Zoom::Detail);
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
        let mut view = Viewport::fitting(maze, (80, 20));
        for towards in Dir::ALL {
            view.pan(towards, true, maze, (80, 20));
            assert_eq!(view.origin(maze, (80, 20)), (0, 0));
        }
    }

    #[test]
    fn a_resized_canvas_keeps_the_view_inside() {
        let maze = blocks(50, 50);
        let mut view = Viewport::fitting(maze, (20, 10));
        for _ in 0..100 {
            view.pan(Dir::East, true, maze, (20, 10));
        }
        assert_eq!(view.origin(maze, (20, 10)), (91, 0));
        assert_eq!(view.origin(maze, (100, 10)), (51, 0));
    }
}
