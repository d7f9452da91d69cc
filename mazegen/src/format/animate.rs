//! Animated SVG: the carving replayed in a browser, then the solution drawing itself.
//!
//! The maze is made again by its own [`Generator`] from its options, step by step: the same
//! steps the dashboard animates, so the film is the maze's own. Every wall a step opens (or,
//! for recursive division, closes) changes at that step's moment. The steps are spread over
//! the first 80 % of [`AnimatedSvg::duration`] and gathered into at most [`FPS`] frames a
//! second: the walls that change in one frame are one `<path>` with one SMIL `<set>` that shows
//! or hides it at that moment. The solution then draws itself over the last 20 %.
//!
//! The document's still state is the last frame: each wall that ends open is hidden by its
//! own attribute and shown by its `<set>` until its moment, so a viewer without animation (or
//! the PNG and PDF writers) sees the finished maze, and the final frame is the static SVG.
//!
//! A wall takes about 10 bytes: [`MAX_CELLS`] (1.5 million cells, 1224x1224) keeps the file
//! under [`MAX_BYTES`] (20 MB) for every bundled algorithm; above it the format refuses (see
//! [`AnimatedSvg::check_size`]).

use std::collections::BTreeMap;
use std::io::{self, Write};

use super::Format;
use super::svg::{
    Pen, Sink, SvgOptions, XmlEscaped, draw_landmarks, draw_markers, draw_solution, maze_metadata,
    open_document,
};
use crate::Error;
use crate::bytes::room_for;
use crate::generate::{GenError, GenEvent, Generator};
use crate::geometry::{Dir, Pos};
use crate::grid::{EAST_CLOSED, Grid, SOUTH_CLOSED, SizeError};
use crate::maze::Maze;

/// The most frames a second of the film has.
pub(crate) const FPS: f64 = 30.0;

/// The size an animated SVG must stay under.
pub(crate) const MAX_BYTES: u64 = 20_000_000;

/// The most cells an animated maze may have: at most about 13 bytes a cell (measured up to
/// 1000x1000, the worst bundled algorithm), so [`MAX_BYTES`] is never passed.
pub(crate) const MAX_CELLS: u64 = 1_500_000;

/// The default length of the film, in seconds.
pub(crate) const DEFAULT_DURATION: f64 = 6.0;

/// See [`AnimatedSvg::check_size`].
pub(crate) fn check_size(width: u32, height: u32) -> Result<(), Error> {
    let cells = u64::from(width) * u64::from(height);
    if cells > MAX_CELLS {
        return Err(Error::FilmTooLarge {
            width,
            height,
            cells,
            limit: MAX_CELLS,
            max_bytes: MAX_BYTES,
        });
    }
    Ok(())
}

/// The animated SVG as a [`Format`]: drawn with `options` (its style, layers and size), the
/// film lasting `duration` seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct AnimatedSvg {
    /// The drawing's style, layers and size, as for the static SVG.
    pub options: SvgOptions,
    /// How long the film lasts, in seconds, whatever the maze's size.
    pub duration: f64,
}

impl Default for AnimatedSvg {
    fn default() -> AnimatedSvg {
        AnimatedSvg {
            options: SvgOptions::default(),
            duration: DEFAULT_DURATION,
        }
    }
}

/// One wall between two cells: the east side (`across == false`) or the south side of `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Wall {
    /// Vertical walls after horizontal ones, as the static drawing orders its lines.
    vertical: bool,
    /// The line: the row below (horizontal) or the column right of (vertical) the wall.
    line: u32,
    /// Where along the line.
    at: u32,
}

impl Wall {
    /// The wall between `from` and its neighbour `to`.
    fn between(from: Pos, to: Pos) -> Wall {
        let (a, b) = if (from.y, from.x) <= (to.y, to.x) {
            (from, to)
        } else {
            (to, from)
        };
        if a.y == b.y {
            Wall {
                vertical: true,
                line: a.x + 1,
                at: a.y,
            }
        } else {
            Wall {
                vertical: false,
                line: a.y + 1,
                at: a.x,
            }
        }
    }

    /// The cell whose east or south side it is, and that side.
    fn side(self) -> (Pos, Dir) {
        if self.vertical {
            (Pos::new(self.line - 1, self.at), Dir::East)
        } else {
            (Pos::new(self.at, self.line - 1), Dir::South)
        }
    }
}

/// The east and south walls of every cell, the grid's bits in a byte a cell: a copy of a
/// grid's walls whose memory may be refused (where cloning the grid would abort).
struct Sides {
    width: usize,
    bits: Vec<u8>,
}

impl Sides {
    /// A copy of `grid`'s walls, `None` when the allocator refuses it.
    fn try_of(grid: &Grid) -> Option<Sides> {
        let mut bits = Vec::new();
        bits.try_reserve_exact(grid.raw().len()).ok()?;
        bits.extend(grid.raw().iter().map(|&b| b & (EAST_CLOSED | SOUTH_CLOSED)));
        Some(Sides {
            width: grid.width() as usize,
            bits,
        })
    }

    /// The byte of `cell` and the bit of its side `dir`, east or south (a [`Wall::side`]).
    fn at(&self, cell: Pos, dir: Dir) -> (usize, u8) {
        let bit = if dir == Dir::East {
            EAST_CLOSED
        } else {
            SOUTH_CLOSED
        };
        (cell.y as usize * self.width + cell.x as usize, bit)
    }

    fn is_closed(&self, cell: Pos, dir: Dir) -> bool {
        let (i, bit) = self.at(cell, dir);
        self.bits[i] & bit != 0
    }

    fn set(&mut self, cell: Pos, dir: Dir, closed: bool) {
        let (i, bit) = self.at(cell, dir);
        self.bits[i] = (self.bits[i] & !bit) | if closed { bit } else { 0 };
    }
}

/// The error of a film refused its memory: "not enough memory for the film of the WxH maze".
fn film_refused(maze: &Maze) -> io::Error {
    super::refused(SizeError::NotEnoughMemory {
        task: "the film",
        width: maze.width(),
        height: maze.height(),
    })
}

/// When a wall is drawn: from frame `shown` (`None`: from the start) until frame `hidden`
/// (`None`: to the end).
type Span = (Option<u32>, Option<u32>);

/// The film: every wall's visible spans, and the timing.
struct Film {
    spans: BTreeMap<Span, Vec<Wall>>,
    /// Frames of the carving.
    frames: u32,
    /// Seconds of the carving.
    carving: f64,
}

impl Film {
    /// Replays `maze`'s generator, recording when each wall changes. Everything it keeps (the
    /// generator, its copies of the walls, the changes, the spans) grows with the maze: the
    /// allocator refusing any of it is an `OutOfMemory` error, "not enough memory for the
    /// film of the WxH maze" (or the generator's own, naming its phase).
    fn record(maze: &Maze, duration: f64) -> io::Result<Film> {
        let refused = || film_refused(maze);
        let generator_failed = |error: &GenError| match error {
            GenError::Size(
                size @ (SizeError::OutOfMemory { .. } | SizeError::NotEnoughMemory { .. }),
            ) => super::refused(size.clone()),
            other => io::Error::other(other.to_string()),
        };
        let mut generator =
            Generator::build(maze.options().clone()).map_err(|e| generator_failed(&e))?;
        let mut current = Sides::try_of(generator.grid()).ok_or_else(refused)?;
        let start = Sides::try_of(generator.grid()).ok_or_else(refused)?;
        // (step, wall, closed after it)
        let mut changes: Vec<(u64, Wall, bool)> = Vec::new();
        loop {
            let (from, to) = match generator.step() {
                GenEvent::Done => break,
                GenEvent::Carve { from, to } | GenEvent::Wall { from, to } => (from, to),
                GenEvent::Backtrack { .. } | GenEvent::Visit { .. } => continue,
            };
            let wall = Wall::between(from, to);
            let (cell, dir) = wall.side();
            let closed = generator.grid().is_closed(cell, dir);
            if closed != current.is_closed(cell, dir) {
                current.set(cell, dir, closed);
                if !room_for(&mut changes, 1) {
                    return Err(refused());
                }
                changes.push((generator.steps(), wall, closed));
            }
        }
        if let Some(error) = generator.gen_failure() {
            return Err(generator_failed(error));
        }
        drop(current);
        if generator.grid() != maze.grid() {
            return Err(io::Error::other(
                "the maze is not the one its options make: it cannot be replayed",
            ));
        }
        let steps = generator.steps().max(1);
        let carving = duration * 0.8;
        let frames = ((carving * FPS).round() as u64).clamp(1, steps) as u32;
        let frame = |step: u64| ((step.saturating_sub(1) * u64::from(frames)) / steps) as u32;

        // Each wall's spans: walk its changes in order from its state at the start. One change
        // a step, so the keys are unique and the sort in place orders as a stable one would.
        changes.sort_unstable_by_key(|&(step, wall, _)| (wall, step));
        let mut spans: BTreeMap<Span, Vec<Wall>> = BTreeMap::new();
        let mut changed = changes.iter().peekable();
        let mut record = |wall: Wall, span: Span| {
            let walls = spans.entry(span).or_default();
            let room = room_for(walls, 1);
            if room {
                walls.push(wall);
            }
            room
        };
        while let Some(&&(_, wall, _)) = changed.peek() {
            let (cell, dir) = wall.side();
            let mut shown = start.is_closed(cell, dir).then_some(None);
            while let Some(&&(step, _, closed)) = changed.peek().filter(|c| c.1 == wall) {
                changed.next();
                match (shown, closed) {
                    (Some(from), false) => {
                        if !record(wall, (from, Some(frame(step)))) {
                            return Err(refused());
                        }
                        shown = None;
                    }
                    (None, true) => shown = Some(Some(frame(step))),
                    _ => {}
                }
            }
            if let Some(from) = shown
                && !record(wall, (from, None))
            {
                return Err(refused());
            }
        }
        // The walls that never change and stay closed: the border, the 42, and (for
        // recursive division) none of the rest.
        let mut still = Vec::new();
        let mut changed_walls = std::collections::HashSet::new();
        changed_walls
            .try_reserve(changes.len())
            .map_err(|_| refused())?;
        changed_walls.extend(changes.iter().map(|&(_, w, _)| w));
        drop(changes);
        for wall in all_walls(maze.grid()) {
            if !changed_walls.contains(&wall) {
                if !room_for(&mut still, 1) {
                    return Err(refused());
                }
                still.push(wall);
            }
        }
        drop(changed_walls);
        let walls = spans.entry((None, None)).or_default();
        walls.try_reserve(still.len()).map_err(|_| refused())?;
        walls.extend(still);
        // A wall that opens and closes within one frame is never seen.
        spans
            .retain(|&(shown, hidden), _| !matches!((shown, hidden), (Some(a), Some(b)) if a >= b));
        // Sorted in place (equal walls are alike, so as a stable sort would).
        for walls in spans.values_mut() {
            walls.sort_unstable();
            walls.dedup();
        }
        Ok(Film {
            spans,
            frames,
            carving,
        })
    }

    /// The moment of frame `frame` (its end: the first frame shows the maze as it starts), in
    /// seconds, as SMIL writes it.
    fn time(&self, frame: u32) -> String {
        format!(
            "{:.3}s",
            self.carving * f64::from(frame + 1) / f64::from(self.frames)
        )
    }
}

/// Every wall of `grid` that is closed, the outer border included, in drawing order.
fn all_walls(grid: &Grid) -> impl Iterator<Item = Wall> + '_ {
    let (w, h) = (grid.width(), grid.height());
    let horizontal = (0..=h).flat_map(move |line| {
        (0..w).filter_map(move |x| {
            let closed = if line == 0 {
                grid.is_closed(Pos::new(x, 0), Dir::North)
            } else {
                grid.is_closed(Pos::new(x, line - 1), Dir::South)
            };
            closed.then_some(Wall {
                vertical: false,
                line,
                at: x,
            })
        })
    });
    let vertical = (0..=w).flat_map(move |line| {
        (0..h).filter_map(move |y| {
            let closed = if line == 0 {
                grid.is_closed(Pos::new(0, y), Dir::West)
            } else {
                grid.is_closed(Pos::new(line - 1, y), Dir::East)
            };
            closed.then_some(Wall {
                vertical: true,
                line,
                at: y,
            })
        })
    });
    horizontal.chain(vertical)
}

/// Path data for `walls` (sorted): consecutive walls on a line merge into one run.
fn draw_runs<W: Write + ?Sized>(sink: &mut Sink<'_, W>, walls: &[Wall]) -> io::Result<()> {
    let mut pen = Pen::default();
    let mut rest = walls;
    while let Some(first) = rest.first() {
        let len = rest
            .iter()
            .enumerate()
            .take_while(|&(i, w)| {
                w.vertical == first.vertical && w.line == first.line && w.at == first.at + i as u32
            })
            .count();
        let (x, y) = if first.vertical {
            (first.line, first.at)
        } else {
            (first.at, first.line)
        };
        pen.move_to(&mut sink.buf, x.into(), y.into());
        pen.line(&mut sink.buf, !first.vertical, len as i64);
        sink.spill()?;
        rest = &rest[len..];
    }
    Ok(())
}

impl AnimatedSvg {
    /// The default length of the film, in seconds.
    pub const DEFAULT_DURATION: f64 = DEFAULT_DURATION;

    /// Refuses a maze of more than 1.5 million cells (1224x1224), whose film could pass 20 MB,
    /// as [`Error::FilmTooLarge`]: for checking a request before the maze is made.
    pub fn check_size(width: u32, height: u32) -> Result<(), Error> {
        check_size(width, height)
    }

    /// Writes the film of `maze`.
    pub fn write_film(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        check_size(maze.width(), maze.height()).map_err(io::Error::other)?;
        let duration = if self.duration.is_finite() && self.duration > 0.0 {
            self.duration
        } else {
            DEFAULT_DURATION
        };
        let film = Film::record(maze, duration)?;
        let grid = maze.grid();
        let mut metadata = maze_metadata(maze.options(), maze.entry(), maze.exit());
        metadata.extend(self.options.metadata.iter().cloned());
        metadata.push(("animation".to_owned(), format!("{duration}s")));
        let options = SvgOptions {
            metadata,
            ..self.options.clone()
        };
        let mut sink = Sink::try_new(out, grid, "the SVG's buffer")?;
        open_document(&mut sink, grid, &options)?;
        draw_landmarks(&mut sink, grid, &options)?;
        let solution = maze.try_solve().map_err(super::refused)?;
        if let Some(path) = solution.filter(|_| options.show_path) {
            // Hidden until the carving ends, then drawn from the entry to the exit.
            let end = format!("{:.3}s", film.carving);
            let draw = format!("{:.3}s", duration - film.carving);
            let children = format!(
                "<set attributeName=\"visibility\" to=\"hidden\" begin=\"0s\" end=\"{end}\"/>\
                 <animate attributeName=\"stroke-dasharray\" values=\"0 1;1 0\" \
                 begin=\"{end}\" dur=\"{draw}\" fill=\"freeze\"/>"
            );
            draw_solution(
                &mut sink,
                grid,
                path,
                &options,
                " pathLength=\"1\"",
                &children,
            )?;
        }
        sink.put(format_args!(
            "<g id=\"walls\" fill=\"none\" stroke=\"{}\" stroke-width=\".2\" \
             stroke-linecap=\"square\">\n",
            XmlEscaped(&options.style.walls)
        ))?;
        for (&(shown, hidden), walls) in &film.spans {
            let still = hidden.is_none();
            sink.put(format_args!(
                "<path{} d=\"",
                if still { "" } else { " visibility=\"hidden\"" }
            ))?;
            draw_runs(&mut sink, walls)?;
            // The still state is the last frame: a wall that ends closed is drawn and hidden
            // until it appears; one that ends open is hidden and drawn while it stands.
            match (shown, hidden) {
                (None, None) => sink.put(format_args!("\"/>\n"))?,
                (Some(a), None) => sink.put(format_args!(
                    "\"><set attributeName=\"visibility\" to=\"hidden\" begin=\"0s\" end=\"{}\"/></path>\n",
                    film.time(a)
                ))?,
                (a, Some(b)) => sink.put(format_args!(
                    "\"><set attributeName=\"visibility\" to=\"visible\" begin=\"{}\" end=\"{}\"/></path>\n",
                    film.time(a.unwrap_or(0)),
                    film.time(b)
                ))?,
            }
        }
        sink.put(format_args!("</g>\n"))?;
        draw_markers(&mut sink, maze.entry(), maze.exit(), &options)?;
        sink.put(format_args!("</svg>\n"))?;
        sink.finish()
    }
}

impl Format for AnimatedSvg {
    fn name(&self) -> &'static str {
        "animated-svg"
    }

    fn extension(&self) -> &'static str {
        "svg"
    }

    fn estimated_size(&self, maze: &Maze) -> u64 {
        // About 10 bytes for each wall a step opens, and one for each still one.
        maze.grid().cell_count() as u64 * 11 + 4096
    }

    fn write(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        self.write_film(maze, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Algorithm, MazeOptions};
    use std::collections::BTreeSet;

    #[test]
    fn every_algorithm_ends_its_film_with_the_mazes_walls() {
        for &algorithm in Algorithm::ALL {
            for perfect in [true, false] {
                let options = MazeOptions::new(12, 9)
                    .seed(5)
                    .algorithm(algorithm)
                    .perfect(perfect);
                let maze = Maze::generate(options, Pos::new(0, 0), Pos::new(11, 8)).unwrap();
                let film = Film::record(&maze, 3.0).unwrap();
                let last: BTreeSet<Wall> = film
                    .spans
                    .iter()
                    .filter(|((_, hidden), _)| hidden.is_none())
                    .flat_map(|(_, walls)| walls.iter().copied())
                    .collect();
                let walls: BTreeSet<Wall> = all_walls(maze.grid()).collect();
                assert_eq!(last, walls, "{algorithm} perfect={perfect}");
                assert!(film.frames >= 1 && f64::from(film.frames) <= 3.0 * 0.8 * FPS);
                assert!(film.spans.len() > 2, "{algorithm}: the walls change");
            }
        }
    }

    #[test]
    fn a_wall_is_named_the_same_from_either_side() {
        let (a, b) = (Pos::new(3, 4), Pos::new(4, 4));
        assert_eq!(Wall::between(a, b), Wall::between(b, a));
        assert_eq!(Wall::between(a, b).side(), (a, Dir::East));
        let below = Pos::new(3, 5);
        assert_eq!(Wall::between(below, a).side(), (a, Dir::South));
    }

    #[test]
    fn a_maze_from_elsewhere_cannot_be_replayed_and_a_huge_one_is_refused() {
        let options = MazeOptions::new(9, 7).seed(2);
        let maze = Maze::generate(options.clone(), Pos::new(0, 0), Pos::new(8, 6)).unwrap();
        let other = Maze::new(
            options.seed(3),
            maze.grid().clone(),
            Pos::new(0, 0),
            Pos::new(8, 6),
        );
        let error = AnimatedSvg::default()
            .write_film(&other, &mut Vec::new())
            .unwrap_err();
        assert!(error.to_string().contains("cannot be replayed"), "{error}");
    }

    #[test]
    fn a_maze_too_large_to_film_is_film_too_large_with_its_cells() {
        assert!(AnimatedSvg::check_size(1224, 1224).is_ok());
        assert!(AnimatedSvg::check_size(1500, 1000).is_ok());
        let error = AnimatedSvg::check_size(1300, 1300).unwrap_err();
        assert!(
            matches!(
                error,
                Error::FilmTooLarge {
                    width: 1300,
                    height: 1300,
                    cells: 1_690_000,
                    limit: MAX_CELLS,
                    max_bytes: MAX_BYTES,
                }
            ),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "a 1300x1300 maze has 1690000 cells: an animated SVG of more than 1.5 million cells \
             (1224x1224) could pass 20 MB"
        );
        let maze = Maze::builder(1225, 1225).seed(1).build().unwrap();
        let io_error = AnimatedSvg::default()
            .write_film(&maze, &mut Vec::new())
            .unwrap_err();
        assert!(io_error.to_string().contains("1500625 cells"), "{io_error}");
    }
}
