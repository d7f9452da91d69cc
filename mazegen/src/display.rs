//! Mazes as text: [`Display`](fmt::Display) for [`Grid`] and [`Maze`], in box-drawing
//! characters, for a terminal, a log line or a test's failure message.
//!
//! Each cell is three characters wide and one line tall, with a line of walls between two rows
//! of cells; a wall's corners join with the walls around them (`┌ ┬ ┼ ╴`...). The stamp's
//! cells are filled (`▓▓▓`). A [`Maze`] marks its entry `S` and its exit `E`; with `{:#}` it
//! also shows its shortest path, a `·` in each cell on it.
//!
//! ```
//! use mazegen::Maze;
//!
//! let maze = Maze::builder(3, 2).seed(1).build()?;
//! let text = maze.to_string();
//! assert_eq!(text.lines().count(), 2 * 2 + 1); // walls, cells, walls, cells, walls
//! assert!(text.starts_with('┌') && text.contains(" S ") && text.contains(" E "));
//! print!("{maze:#}"); // with the path
//! # Ok::<(), mazegen::Error>(())
//! ```

use std::fmt;

use crate::geometry::{Dir, Pos};
use crate::grid::Grid;
use crate::maze::Maze;

/// The corner where walls meet, by the arms it has: up 1, down 2, left 4, right 8.
const CORNERS: [char; 16] = [
    ' ', '╵', '╷', '│', '╴', '┘', '┐', '┤', '╶', '└', '┌', '├', '─', '┴', '┬', '┼',
];

/// What a stamp's cell shows.
const STAMP_CELL: &str = "▓▓▓";

/// Draws `grid`, each cell showing what `cell` says (three characters), or blanks.
fn draw(
    grid: &Grid,
    f: &mut fmt::Formatter<'_>,
    cell: impl Fn(Pos) -> Option<&'static str>,
) -> fmt::Result {
    let (w, h) = (grid.width(), grid.height());
    // The wall west of cell (x, y), x up to w; the wall north of cell (x, y), y up to h.
    let upright =
        |x: u32, y: u32| x == 0 || x == w || grid.is_closed(Pos::new(x - 1, y), Dir::East);
    let across =
        |x: u32, y: u32| y == 0 || y == h || grid.is_closed(Pos::new(x, y - 1), Dir::South);
    for y in 0..=h {
        let mut line = String::with_capacity(4 * w as usize + 2);
        for x in 0..=w {
            let arms = usize::from(y > 0 && upright(x, y - 1))
                | usize::from(y < h && upright(x, y)) << 1
                | usize::from(x > 0 && across(x - 1, y)) << 2
                | usize::from(x < w && across(x, y)) << 3;
            line.push(CORNERS[arms]);
            if x < w {
                line.push_str(if across(x, y) { "───" } else { "   " });
            }
        }
        writeln!(f, "{line}")?;
        if y == h {
            return Ok(());
        }
        line.clear();
        for x in 0..=w {
            line.push(if upright(x, y) { '│' } else { ' ' });
            if x < w {
                let p = Pos::new(x, y);
                let shown = if grid.is_locked(p) {
                    Some(STAMP_CELL)
                } else {
                    cell(p)
                };
                line.push_str(shown.unwrap_or("   "));
            }
        }
        writeln!(f, "{line}")?;
    }
    Ok(())
}

impl fmt::Display for Grid {
    /// The walls in box-drawing characters, the stamp's cells filled.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        draw(self, f, |_| None)
    }
}

impl fmt::Display for Maze {
    /// The walls, the entry `S` and the exit `E`; with `{:#}`, the shortest path too, a `·` in
    /// each of its cells (searched first if it is not known yet).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = self.grid();
        let mut on_path = Vec::new();
        if f.alternate()
            && let Some(path) = self.solution()
        {
            on_path = vec![false; grid.cell_count()];
            for p in path.cells(grid) {
                on_path[grid.index(p)] = true;
            }
        }
        let (entry, exit) = (self.entry(), self.exit());
        draw(grid, f, |p| {
            if p == entry {
                Some(" S ")
            } else if p == exit {
                Some(" E ")
            } else if on_path.get(grid.index(p)) == Some(&true) {
                Some(" · ")
            } else {
                None
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Pattern, StampChoice};

    /// The text as a grid of characters, `[line][column]`.
    fn chars(text: &str) -> Vec<Vec<char>> {
        text.lines().map(|l| l.chars().collect()).collect()
    }

    /// Checks every wall and corner of `text` against `grid`, and returns what each cell shows.
    fn check_walls(grid: &Grid, text: &str) -> Vec<String> {
        let c = chars(text);
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        assert_eq!(c.len(), 2 * h + 1, "{text}");
        assert!(c.iter().all(|l| l.len() == 4 * w + 1), "{text}");
        let mut shown = Vec::new();
        for p in grid.positions() {
            let (x, y) = (p.x as usize, p.y as usize);
            let (row, col) = (2 * y + 1, 4 * x);
            let closed = |d| grid.is_closed(p, d);
            assert_eq!(c[row][col] == '│', closed(Dir::West), "west of {p}\n{text}");
            assert_eq!(
                c[row][col + 4] == '│',
                closed(Dir::East),
                "east of {p}\n{text}"
            );
            let north: String = c[row - 1][col + 1..col + 4].iter().collect();
            let south: String = c[row + 1][col + 1..col + 4].iter().collect();
            assert_eq!(north == "───", closed(Dir::North), "north of {p}\n{text}");
            assert_eq!(south == "───", closed(Dir::South), "south of {p}\n{text}");
            assert!(north == "───" || north == "   ");
            shown.push(c[row][col + 1..col + 4].iter().collect());
        }
        // Each corner has exactly the arms of the walls that meet there.
        for line in (0..c.len()).step_by(2) {
            for col in (0..c[line].len()).step_by(4) {
                let up = line > 0 && c[line - 1][col] == '│';
                let down = line + 1 < c.len() && c[line + 1][col] == '│';
                let left = col > 0 && c[line][col - 1] == '─';
                let right = col + 1 < c[line].len() && c[line][col + 1] == '─';
                let arms = usize::from(up) | usize::from(down) << 1;
                let arms = arms | usize::from(left) << 2 | usize::from(right) << 3;
                assert_eq!(
                    c[line][col], CORNERS[arms],
                    "corner at {line},{col}\n{text}"
                );
            }
        }
        shown
    }

    #[test]
    fn a_grid_shows_its_walls_and_its_stamp() {
        for (w, h, seed) in [(9, 7, 1), (12, 9, 3), (2, 2, 5), (17, 4, 2)] {
            let maze = Maze::builder(w, h)
                .seed(seed)
                .perfect(seed % 2 == 0)
                .build()
                .unwrap();
            let grid = maze.grid();
            let shown = check_walls(grid, &grid.to_string());
            for (p, cell) in grid.positions().zip(shown) {
                let expected = if grid.is_locked(p) { STAMP_CELL } else { "   " };
                assert_eq!(cell, expected, "{p}");
            }
        }
    }

    #[test]
    fn a_closed_grid_is_boxes_and_a_tiny_maze_is_exactly_its_walls() {
        let mut grid = Grid::with_stamp(2, 2, None).unwrap();
        let closed = "┌───┬───┐\n│   │   │\n├───┼───┤\n│   │   │\n└───┴───┘\n";
        assert_eq!(grid.to_string(), closed);
        assert!(grid.set_wall(Pos::new(0, 0), Dir::East, false));
        assert!(grid.set_wall(Pos::new(0, 0), Dir::South, false));
        assert!(grid.set_wall(Pos::new(1, 1), Dir::West, false));
        // One wall left, south of the top-right cell: it hangs from the east border.
        let open = "┌───────┐\n│       │\n│   ╶───┤\n│       │\n└───────┘\n";
        assert_eq!(grid.to_string(), open);
        check_walls(&grid, open);
    }

    #[test]
    fn a_maze_marks_its_ends_and_with_the_alternate_flag_its_path() {
        let dot: Pattern = "X".parse().unwrap();
        for stamp in [StampChoice::FortyTwo, StampChoice::None, dot.into()] {
            let maze = Maze::builder(11, 8).seed(6).stamp(stamp).build().unwrap();
            let grid = maze.grid();
            let plain = check_walls(grid, &maze.to_string());
            let with_path = check_walls(grid, &format!("{maze:#}"));
            let path: Vec<Pos> = maze.solution().unwrap().cells(grid).collect();
            for (i, p) in grid.positions().enumerate() {
                let (a, b) = (plain[i].as_str(), with_path[i].as_str());
                let mark = if p == maze.entry() {
                    " S "
                } else if p == maze.exit() {
                    " E "
                } else if grid.is_locked(p) {
                    STAMP_CELL
                } else {
                    "   "
                };
                assert_eq!(a, mark, "{p}");
                let on_path = path.contains(&p) && mark == "   ";
                assert_eq!(b, if on_path { " · " } else { mark }, "{p}");
            }
            let dots = with_path.iter().filter(|c| *c == " · ").count();
            assert_eq!(
                dots,
                path.len() - 2,
                "{stamp}: the path's cells but its ends\n{maze:#}"
            );
        }
    }
}
