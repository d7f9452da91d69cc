//! Vector drawings of a maze: a standalone SVG 1.1 file with one layer for each part.
//!
//! The drawing works in cell units: cell `(x, y)` is the unit square from `(x, y)` to
//! `(x + 1, y + 1)`, and the `viewBox` adds a margin of [`MARGIN`] cells all round, so every wall
//! coordinate is a small integer. `width` and `height` scale it to what [`CellSize`] says: by
//! default the picture fits [`FIT_LONG_SIDE`] pixels on its long side, with at most
//! [`MAX_FIT_CELL`] pixels a cell, so a browser shows the whole of even a 1000x1000 maze and a
//! small one is not blown up; the `viewBox` stays in maze units, so any size scales cleanly.
//!
//! Layers, bottom to top, each a `<g>` with an `id` so that a vector editor can hide it:
//! `courtyard` (its nine cells, lightly filled), `stamp` (the 42's cells, filled), `solution`
//! (the path through the cell centres, one `<path>`), `walls` (one `<path>`) and `markers` (the
//! entry and exit). A `background` rectangle sits under them all.
//!
//! The walls are drawn once each and merged into maximal straight runs: the horizontal lines
//! from top to bottom, each from left to right, then the vertical lines from left to right, each
//! from top to bottom. Every run of consecutive closed walls on a line is one `h` or `v` command,
//! so the outer border is four runs and a fully closed grid draws each line in one stroke. The
//! pen jumps between runs with whichever of `M x,y` and `m dx,dy` is shorter. A 1000x1000
//! perfect maze with its path takes about 3.1 bytes a cell.
//!
//! The output depends only on its inputs: the same maze and options give the same bytes.

use std::fmt;
use std::io::{self, Write};

use super::Format;
use crate::generate::MazeOptions;
use crate::geometry::{Dir, Pos};
use crate::grid::Grid;
use crate::maze::Maze;
use crate::solve::Solution;

/// Cells of empty margin around the maze.
pub(crate) const MARGIN: u32 = 1;

/// Colours of the drawing: any CSS colour (`#1e293b`, `rebeccapurple`, `none`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgStyle {
    /// The colour behind the maze.
    pub background: String,
    /// The walls' colour.
    pub walls: String,
    /// The shortest path's colour.
    pub path: String,
    /// The entry cell's colour.
    pub entry: String,
    /// The exit cell's colour.
    pub exit: String,
    /// The colour of the stamp's cells.
    pub stamp: String,
    /// The courtyard's colour.
    pub courtyard: String,
}

impl Default for SvgStyle {
    /// A light theme: dark slate walls on white, a blue path, a green entry and a red exit.
    fn default() -> SvgStyle {
        SvgStyle {
            background: "#ffffff".into(),
            walls: "#1e293b".into(),
            path: "#2563eb".into(),
            entry: "#16a34a".into(),
            exit: "#dc2626".into(),
            stamp: "#94a3b8".into(),
            courtyard: "#fef3c7".into(),
        }
    }
}

impl SvgStyle {
    /// For paper: black walls on white, greys for the rest, so a black-and-white printer keeps
    /// every part apart (the solution a mid grey under the walls).
    pub fn print() -> SvgStyle {
        SvgStyle {
            background: "#ffffff".into(),
            walls: "#000000".into(),
            path: "#808080".into(),
            entry: "#000000".into(),
            exit: "#606060".into(),
            stamp: "#c0c0c0".into(),
            courtyard: "#eeeeee".into(),
        }
    }
}

/// What to draw and how.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// The size the root's `width` and `height` give the picture.
    pub cell_size: CellSize,
    /// Draw the solution (when one is given).
    pub show_path: bool,
    /// Mark the entry and the exit.
    pub show_markers: bool,
    /// Fill the 42's cells (when the maze has a 42).
    pub show_stamp: bool,
    /// Fill the courtyard's cells (when the maze has a courtyard).
    pub show_courtyard: bool,
    /// The colours.
    pub style: SvgStyle,
    /// `key=value` pairs written, space separated, to the `<desc>`: seed, size, algorithm...
    /// (see [`SvgOptions::maze_metadata`]). Escaped, so any text is safe.
    pub metadata: Vec<(String, String)>,
}

/// The long side, in pixels, that [`CellSize::Fit`] fits a picture in: about a typical screen.
pub(crate) const FIT_LONG_SIDE: u32 = 1600;

/// The most pixels a cell [`CellSize::Fit`] gives, so small mazes keep lines of a usual size.
pub(crate) const MAX_FIT_CELL: u32 = 16;

/// How large the picture is, in the root's `width` and `height` (the `viewBox` is always in
/// maze units).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum CellSize {
    /// 16 pixels a cell, or fewer so that the long side (margin included) is at most 1600
    /// pixels: under 4 pixels a cell only for mazes wider or taller than
    /// about 400 cells, which need it to fit.
    #[default]
    Fit,
    /// This many pixels a cell.
    Pixels(u32),
    /// No `width` or `height`: the drawing fills whatever holds it.
    Scalable,
}

impl CellSize {
    /// The root's `width` and `height` for a drawing `view_w` x `view_h` cells (margin
    /// included), if it has them.
    pub fn pixels(self, view_w: u64, view_h: u64) -> Option<(u64, u64)> {
        match self {
            CellSize::Scalable => None,
            CellSize::Pixels(px) => Some((view_w * u64::from(px), view_h * u64::from(px))),
            CellSize::Fit => {
                let long = view_w.max(view_h).max(1);
                if long * u64::from(MAX_FIT_CELL) <= u64::from(FIT_LONG_SIDE) {
                    let px = u64::from(MAX_FIT_CELL);
                    return Some((view_w * px, view_h * px));
                }
                // Scale the long side to exactly FIT_LONG_SIDE, the short one in proportion
                // (rounded, never 0).
                let side = u64::from(FIT_LONG_SIDE);
                let scale = |n: u64| ((n * side + long / 2) / long).max(1);
                Some((scale(view_w), scale(view_h)))
            }
        }
    }
}

/// Setters, for code outside the crate (the struct is `#[non_exhaustive]`: an option added
/// later breaks no one):
/// `SvgOptions::default().show_path(false).cell_size(CellSize::Pixels(8))`.
impl SvgOptions {
    /// The metadata that says which maze this is, for [`SvgOptions::metadata`]: seed, size,
    /// algorithm, the kind of maze when it is not the default, entry and exit. [`Svg`] adds
    /// it to a [`Maze`]'s drawing itself; [`Svg::write_grid`] draws only what it is given.
    pub fn maze_metadata(maze: &MazeOptions, entry: Pos, exit: Pos) -> Vec<(String, String)> {
        maze_metadata(maze, entry, exit)
    }

    /// The size the root's `width` and `height` give the picture.
    pub fn cell_size(mut self, cell_size: CellSize) -> Self {
        self.cell_size = cell_size;
        self
    }

    /// Whether the shortest path is drawn.
    pub fn show_path(mut self, show: bool) -> Self {
        self.show_path = show;
        self
    }

    /// Whether the entry and the exit are marked.
    pub fn show_markers(mut self, show: bool) -> Self {
        self.show_markers = show;
        self
    }

    /// Whether the stamp's cells are filled.
    pub fn show_stamp(mut self, show: bool) -> Self {
        self.show_stamp = show;
        self
    }

    /// Whether the courtyard is shaded.
    pub fn show_courtyard(mut self, show: bool) -> Self {
        self.show_courtyard = show;
        self
    }

    /// The colours and widths the picture is drawn with.
    pub fn style(mut self, style: SvgStyle) -> Self {
        self.style = style;
        self
    }

    /// A `key: value` line added to the picture's `<desc>`.
    pub fn metadata(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.metadata.push((key.into(), value.into()));
        self
    }
}

impl Default for SvgOptions {
    /// Fitted to a screen (see [`CellSize::Fit`]), every layer on, the light theme, no
    /// metadata.
    fn default() -> SvgOptions {
        SvgOptions {
            cell_size: CellSize::Fit,
            show_path: true,
            show_markers: true,
            show_stamp: true,
            show_courtyard: true,
            style: SvgStyle::default(),
            metadata: Vec::new(),
        }
    }
}

/// See [`SvgOptions::maze_metadata`].
pub(crate) fn maze_metadata(maze: &MazeOptions, entry: Pos, exit: Pos) -> Vec<(String, String)> {
    let mut pairs = vec![
        ("seed".to_owned(), maze.seed.to_string()),
        ("size".to_owned(), format!("{}x{}", maze.width, maze.height)),
        ("algorithm".to_owned(), maze.algorithm.to_string()),
    ];
    if !maze.perfect {
        pairs.push(("perfect".to_owned(), "false".to_owned()));
        pairs.push(("braid".to_owned(), maze.braid.to_string()));
    }
    if maze.courtyard {
        pairs.push(("courtyard".to_owned(), "true".to_owned()));
    }
    pairs.push(("entry".to_owned(), entry.to_string()));
    pairs.push(("exit".to_owned(), exit.to_string()));
    pairs
}

/// The XML declaration, the root element with its size, the title, the `<desc>` and the
/// background: everything before the layers.
pub(super) fn open_document<W: Write + ?Sized>(
    sink: &mut Sink<'_, W>,
    grid: &Grid,
    options: &SvgOptions,
) -> io::Result<()> {
    let (w, h) = (grid.width(), grid.height());
    let (view_w, view_h) = (
        u64::from(w) + 2 * MARGIN as u64,
        u64::from(h) + 2 * MARGIN as u64,
    );
    let m = MARGIN;
    sink.put(format_args!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""
    ))?;
    if let Some((width, height)) = options.cell_size.pixels(view_w, view_h) {
        sink.put(format_args!(" width=\"{width}\" height=\"{height}\""))?;
    }
    sink.put(format_args!(
        " viewBox=\"-{m} -{m} {view_w} {view_h}\">\n<title>Maze {w}x{h}</title>\n"
    ))?;
    if !options.metadata.is_empty() {
        sink.put(format_args!("<desc>"))?;
        for (i, (key, value)) in options.metadata.iter().enumerate() {
            if i > 0 {
                sink.put(format_args!(" "))?;
            }
            sink.put(format_args!("{}={}", XmlEscaped(key), XmlEscaped(value)))?;
        }
        sink.put(format_args!("</desc>\n"))?;
    }
    sink.put(format_args!(
        "<rect id=\"background\" x=\"-{m}\" y=\"-{m}\" width=\"{view_w}\" height=\"{view_h}\" fill=\"{}\"/>\n",
        XmlEscaped(&options.style.background)
    ))
}

/// The courtyard and the 42, when the maze has them and the options want them.
pub(super) fn draw_landmarks<W: Write + ?Sized>(
    sink: &mut Sink<'_, W>,
    grid: &Grid,
    options: &SvgOptions,
) -> io::Result<()> {
    let style = &options.style;
    if let Some(yard) = grid.courtyard().filter(|_| options.show_courtyard) {
        sink.put(format_args!(
            "<g id=\"courtyard\" fill=\"{}\"><path d=\"",
            XmlEscaped(&style.courtyard)
        ))?;
        fill_cells(sink, yard.cells())?;
        sink.put(format_args!("\"/></g>\n"))?;
    }
    if let Some(stamp) = grid.stamp().filter(|_| options.show_stamp) {
        sink.put(format_args!(
            "<g id=\"stamp\" fill=\"{}\"><path d=\"",
            XmlEscaped(&style.stamp)
        ))?;
        fill_cells(sink, stamp.cells())?;
        sink.put(format_args!("\"/></g>\n"))?;
    }
    Ok(())
}

/// The solution layer. `attributes` (with a leading space) go on its `<path>`, `children`
/// inside it (an animation); both empty for a still picture.
pub(super) fn draw_solution<W: Write + ?Sized>(
    sink: &mut Sink<'_, W>,
    grid: &Grid,
    path: &Solution,
    options: &SvgOptions,
    attributes: &str,
    children: &str,
) -> io::Result<()> {
    sink.put(format_args!(
        "<g id=\"solution\" fill=\"none\" stroke=\"{}\" stroke-width=\".3\" \
         stroke-linecap=\"round\" stroke-linejoin=\"round\"><path{attributes} d=\"",
        XmlEscaped(&options.style.path)
    ))?;
    trace_path(sink, grid, path)?;
    if children.is_empty() {
        sink.put(format_args!("\"/></g>\n"))
    } else {
        sink.put(format_args!("\">{children}</path></g>\n"))
    }
}

/// The entry and exit markers, if the options want them.
pub(super) fn draw_markers<W: Write + ?Sized>(
    sink: &mut Sink<'_, W>,
    entry: Pos,
    exit: Pos,
    options: &SvgOptions,
) -> io::Result<()> {
    if !options.show_markers {
        return Ok(());
    }
    let style = &options.style;
    sink.put(format_args!("<g id=\"markers\">"))?;
    for (id, at, colour) in [("entry", entry, &style.entry), ("exit", exit, &style.exit)] {
        sink.put(format_args!(
            "<circle id=\"{id}\" cx=\"{}.5\" cy=\"{}.5\" r=\".35\" fill=\"{}\"/>",
            at.x,
            at.y,
            XmlEscaped(colour)
        ))?;
    }
    sink.put(format_args!("</g>\n"))
}

/// SVG as a [`Format`], drawn with its [`SvgOptions`]. The `<desc>` names the maze (see
/// [`SvgOptions::maze_metadata`]), then adds `options.metadata`; the solution layer is the maze's shortest
/// path, searched only if `options.show_path` wants it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Svg {
    /// What is drawn and how.
    pub options: SvgOptions,
}

impl Svg {
    /// The SVG format with `options`.
    pub fn new(options: SvgOptions) -> Svg {
        Svg { options }
    }

    /// Writes the drawing of a grid that is not a [`Maze`] (one read back from a file, say),
    /// with `path` (if given and [`SvgOptions::show_path`]) from `entry` to `exit`, and only
    /// `options.metadata` in its `<desc>`. Streamed: memory stays small whatever the grid's size.
    pub fn write_grid<W: Write + ?Sized>(
        out: &mut W,
        grid: &Grid,
        entry: Pos,
        exit: Pos,
        path: Option<&Solution>,
        options: &SvgOptions,
    ) -> io::Result<()> {
        let mut sink = Sink::try_new(out, grid, "the SVG's buffer")?;
        open_document(&mut sink, grid, options)?;
        draw_landmarks(&mut sink, grid, options)?;
        if let Some(path) = path.filter(|_| options.show_path) {
            draw_solution(&mut sink, grid, path, options, "", "")?;
        }
        sink.put(format_args!(
            "<g id=\"walls\" fill=\"none\" stroke=\"{}\" stroke-width=\".2\" \
             stroke-linecap=\"square\"><path d=\"",
            XmlEscaped(&options.style.walls)
        ))?;
        draw_walls(&mut sink, grid)?;
        sink.put(format_args!("\"/></g>\n"))?;
        draw_markers(&mut sink, entry, exit, options)?;
        sink.put(format_args!("</svg>\n"))?;
        sink.finish()
    }

    /// [`Svg::write_grid`]'s drawing as a string.
    pub fn grid_to_string(
        grid: &Grid,
        entry: Pos,
        exit: Pos,
        path: Option<&Solution>,
        options: &SvgOptions,
    ) -> String {
        let mut bytes = Vec::with_capacity(grid.cell_count() * 5 + 1024);
        Svg::write_grid(&mut bytes, grid, entry, exit, path, options)
            .expect("writing to a Vec cannot fail");
        String::from_utf8(bytes).expect("the SVG is UTF-8")
    }
}

impl Format for Svg {
    fn name(&self) -> &'static str {
        "svg"
    }

    fn extension(&self) -> &'static str {
        "svg"
    }

    fn estimated_size(&self, maze: &Maze) -> u64 {
        // About 3 bytes a cell for the merged wall runs and the path (see the module docs).
        maze.grid().cell_count() as u64 * 3 + 1024
    }

    fn write(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let (entry, exit) = (maze.entry(), maze.exit());
        let mut metadata = maze_metadata(maze.options(), entry, exit);
        metadata.extend(self.options.metadata.iter().cloned());
        let options = SvgOptions {
            metadata,
            ..self.options.clone()
        };
        let path = match options.show_path {
            true => maze.try_solve().map_err(super::refused)?,
            false => None,
        };
        Svg::write_grid(out, maze.grid(), entry, exit, path, &options)
    }
}

/// Size of the pieces handed to the writer.
const CHUNK: usize = 1 << 16;

/// Collects the output and hands it to the writer in large pieces, so that an unbuffered
/// writer is not called for every number and a huge maze streams in little memory.
pub(super) struct Sink<'a, W: Write + ?Sized> {
    out: &'a mut W,
    pub(super) buf: Vec<u8>,
}

impl<'a, W: Write + ?Sized> Sink<'a, W> {
    /// A sink for `out`, or an error naming `task` (of `grid`) when the allocator refuses its
    /// buffer.
    pub(super) fn try_new(out: &'a mut W, grid: &Grid, task: &'static str) -> io::Result<Self> {
        Ok(Sink {
            out,
            buf: super::try_buffer(CHUNK + 1024, grid, task)?,
        })
    }

    #[cfg(test)]
    pub(super) fn new(out: &'a mut W) -> Self {
        Sink {
            out,
            buf: Vec::with_capacity(CHUNK + 1024),
        }
    }

    pub(super) fn put(&mut self, text: fmt::Arguments<'_>) -> io::Result<()> {
        self.buf.write_fmt(text)?;
        self.spill()
    }

    /// Passes the buffer on once it is big enough.
    pub(super) fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    pub(super) fn finish(self) -> io::Result<()> {
        self.out.write_all(&self.buf)
    }
}

/// Characters of a number written in decimal, sign included.
fn digits(n: i64) -> usize {
    let mut len = usize::from(n < 0) + 1;
    let mut rest = n.unsigned_abs();
    while rest >= 10 {
        rest /= 10;
        len += 1;
    }
    len
}

/// Path data with a pen that remembers where it is, so that moves can be relative.
#[derive(Default)]
pub(super) struct Pen {
    at: Option<(i64, i64)>,
    /// Where the current subpath started: where `z` takes the pen back to.
    start: (i64, i64),
}

impl Pen {
    /// Starts a subpath at `(x, y)`, with the shorter of an absolute and a relative move.
    pub(super) fn move_to(&mut self, buf: &mut Vec<u8>, x: i64, y: i64) {
        if self.at != Some((x, y)) {
            let relative = self.at.map(|(px, py)| (x - px, y - py));
            match relative {
                Some((dx, dy)) if digits(dx) + digits(dy) <= digits(x) + digits(y) => {
                    write!(buf, "m{dx},{dy}")
                }
                _ => write!(buf, "M{x},{y}"),
            }
            .expect("writing to a Vec cannot fail");
        }
        self.at = Some((x, y));
        self.start = (x, y);
    }

    /// A straight line of `len` cells (negative: left or up), across or down.
    pub(super) fn line(&mut self, buf: &mut Vec<u8>, across: bool, len: i64) {
        let (x, y) = self.at.expect("a line starts after a move");
        let (letter, at) = if across {
            ('h', (x + len, y))
        } else {
            ('v', (x, y + len))
        };
        write!(buf, "{letter}{len}").expect("writing to a Vec cannot fail");
        self.at = Some(at);
    }

    fn close(&mut self, buf: &mut Vec<u8>) {
        buf.push(b'z');
        self.at = Some(self.start);
    }
}

/// Calls `each(start, len)` for every maximal run of consecutive indices in `0..n` that are
/// `closed`.
fn runs(n: u32, closed: impl Fn(u32) -> bool, mut each: impl FnMut(u32, u32)) {
    let mut i = 0;
    while i < n {
        if closed(i) {
            let start = i;
            while i < n && closed(i) {
                i += 1;
            }
            each(start, i - start);
        } else {
            i += 1;
        }
    }
}

/// Every closed wall once, as maximal runs: horizontal lines, then vertical ones.
fn draw_walls<W: Write + ?Sized>(sink: &mut Sink<'_, W>, grid: &Grid) -> io::Result<()> {
    let (w, h) = (grid.width(), grid.height());
    let mut pen = Pen::default();
    // Line y is the north side of row y; the last one is the south side of the last row.
    for y in 0..=h {
        let closed = |x| {
            if y < h {
                grid.is_closed(Pos::new(x, y), Dir::North)
            } else {
                grid.is_closed(Pos::new(x, h - 1), Dir::South)
            }
        };
        runs(w, closed, |x, len| {
            pen.move_to(&mut sink.buf, x.into(), y.into());
            pen.line(&mut sink.buf, true, len.into());
        });
        sink.spill()?;
    }
    // Line x is the west side of column x; the last one is the east side of the last column.
    for x in 0..=w {
        let closed = |y| {
            if x < w {
                grid.is_closed(Pos::new(x, y), Dir::West)
            } else {
                grid.is_closed(Pos::new(w - 1, y), Dir::East)
            }
        };
        runs(h, closed, |y, len| {
            pen.move_to(&mut sink.buf, x.into(), y.into());
            pen.line(&mut sink.buf, false, len.into());
        });
        sink.spill()?;
    }
    Ok(())
}

/// Fills cells as one closed rectangle for each run of neighbouring cells in a row.
fn fill_cells<W: Write + ?Sized>(
    sink: &mut Sink<'_, W>,
    cells: impl Iterator<Item = Pos>,
) -> io::Result<()> {
    let mut cells: Vec<Pos> = cells.collect();
    cells.sort_by_key(|p| (p.y, p.x));
    cells.dedup();
    let mut pen = Pen::default();
    let mut rest = cells.as_slice();
    while let Some(first) = rest.first() {
        let len = rest
            .iter()
            .enumerate()
            .take_while(|&(i, p)| p.y == first.y && p.x == first.x + i as u32)
            .count();
        pen.move_to(&mut sink.buf, first.x.into(), first.y.into());
        pen.line(&mut sink.buf, true, len as i64);
        pen.line(&mut sink.buf, false, 1);
        pen.line(&mut sink.buf, true, -(len as i64));
        pen.close(&mut sink.buf);
        rest = &rest[len..];
    }
    sink.spill()
}

/// The path through the centres of its cells, one command for each straight stretch.
fn trace_path<W: Write + ?Sized>(
    sink: &mut Sink<'_, W>,
    grid: &Grid,
    path: &Solution,
) -> io::Result<()> {
    let mut cells = path.cells(grid);
    let Some(start) = cells.next() else {
        return Ok(());
    };
    sink.put(format_args!("M{}.5,{}.5", start.x, start.y))?;
    let mut pen = Pen {
        at: Some((start.x.into(), start.y.into())),
        start: (start.x.into(), start.y.into()),
    };
    // The stretch being drawn: its step and how many steps it has taken.
    let mut stretch: Option<((i64, i64), i64)> = None;
    let mut last = start;
    for cell in cells {
        let step = (
            i64::from(cell.x) - i64::from(last.x),
            i64::from(cell.y) - i64::from(last.y),
        );
        stretch = match stretch {
            Some((s, n)) if s == step => Some((s, n + 1)),
            Some((s, n)) => {
                draw_stretch(&mut pen, &mut sink.buf, s, n);
                sink.spill()?;
                Some((step, 1))
            }
            None => Some((step, 1)),
        };
        last = cell;
    }
    if let Some((s, n)) = stretch {
        draw_stretch(&mut pen, &mut sink.buf, s, n);
    }
    sink.spill()
}

fn draw_stretch(pen: &mut Pen, buf: &mut Vec<u8>, (dx, dy): (i64, i64), n: i64) {
    if dx != 0 {
        pen.line(buf, true, dx * n);
    } else {
        pen.line(buf, false, dy * n);
    }
}

/// Text made safe for XML content and attribute values: markup characters become entities,
/// and the few characters XML 1.0 cannot hold at all (most control characters) become U+FFFD.
pub(super) struct XmlEscaped<'a>(pub(super) &'a str);

impl fmt::Display for XmlEscaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(i) =
            rest.find(|c: char| matches!(c, '&' | '<' | '>' | '"' | '\'') || !is_xml_char(c))
        {
            f.write_str(&rest[..i])?;
            let c = rest[i..].chars().next().expect("found at i");
            f.write_str(match c {
                '&' => "&amp;",
                '<' => "&lt;",
                '>' => "&gt;",
                '"' => "&quot;",
                '\'' => "&apos;",
                _ => "\u{FFFD}",
            })?;
            rest = &rest[i + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// Whether XML 1.0 allows `c` in a document.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walls_d(grid: &Grid) -> String {
        let mut out = Vec::new();
        let mut sink = Sink::new(&mut out);
        draw_walls(&mut sink, grid).unwrap();
        sink.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn svg_a_closed_grid_draws_each_line_in_one_run() {
        let grid = Grid::with_stamp(3, 2, None).unwrap();
        assert_eq!(walls_d(&grid), "M0,0h3M0,1h3M0,2h3M0,0v2M1,0v2M2,0v2M3,0v2");
    }

    #[test]
    fn svg_open_walls_split_runs_and_the_pen_moves_the_short_way() {
        // A 3x2 grid with a U-shaped corridor: down from (0,0), right twice, up to (2,0).
        let mut grid = Grid::with_stamp(3, 2, None).unwrap();
        grid.set_wall(Pos::new(0, 0), Dir::South, false);
        grid.set_wall(Pos::new(0, 1), Dir::East, false);
        grid.set_wall(Pos::new(1, 1), Dir::East, false);
        grid.set_wall(Pos::new(2, 1), Dir::North, false);
        assert_eq!(walls_d(&grid), "M0,0h3M1,1h1M0,2h3M0,0v2M1,0v1M2,0v1M3,0v2");
    }

    #[test]
    fn svg_moves_pick_the_shorter_form() {
        let mut buf = Vec::new();
        let mut pen = Pen::default();
        pen.move_to(&mut buf, 1000, 5);
        pen.line(&mut buf, true, 3);
        pen.move_to(&mut buf, 1010, 5);
        pen.move_to(&mut buf, 2, 6);
        pen.move_to(&mut buf, 2, 6);
        pen.line(&mut buf, false, -4);
        assert_eq!(String::from_utf8(buf).unwrap(), "M1000,5h3m7,0M2,6v-4");
    }

    #[test]
    fn svg_filled_cells_merge_along_rows() {
        let mut out = Vec::new();
        let mut sink = Sink::new(&mut out);
        let cells = [(4, 3), (2, 3), (3, 3), (7, 3), (2, 4)].map(|(x, y)| Pos::new(x, y));
        fill_cells(&mut sink, cells.into_iter()).unwrap();
        sink.finish().unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "M2,3h3v1h-3zm5,0h1v1h-1zM2,4h1v1h-1z"
        );
    }

    #[test]
    fn svg_the_path_is_one_command_for_each_straight_stretch() {
        let mut grid = Grid::with_stamp(3, 2, None).unwrap();
        grid.set_wall(Pos::new(0, 0), Dir::South, false);
        grid.set_wall(Pos::new(0, 1), Dir::East, false);
        grid.set_wall(Pos::new(1, 1), Dir::East, false);
        grid.set_wall(Pos::new(2, 1), Dir::North, false);
        let path = Solution::new(
            Pos::new(0, 0),
            vec![Dir::South, Dir::East, Dir::East, Dir::North],
        );
        let mut out = Vec::new();
        let mut sink = Sink::new(&mut out);
        trace_path(&mut sink, &grid, &path).unwrap();
        sink.finish().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "M0.5,0.5v1h2v-1");
    }

    #[test]
    fn svg_escapes_markup_and_replaces_what_xml_cannot_hold() {
        assert_eq!(
            XmlEscaped("a<b>&\"c'\u{1}\tdé\u{FFFF}").to_string(),
            "a&lt;b&gt;&amp;&quot;c&apos;\u{FFFD}\td\u{e9}\u{FFFD}"
        );
        assert_eq!(XmlEscaped("plain").to_string(), "plain");
    }

    #[test]
    fn svg_digits_counts_the_sign() {
        for n in [0, 7, -7, 10, -10, 999, 1000, -123_456, i64::MAX, i64::MIN] {
            assert_eq!(digits(n), n.to_string().len(), "{n}");
        }
    }

    /// Records the size of every write.
    struct Pieces(Vec<u8>, Vec<usize>);

    impl Write for Pieces {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.extend_from_slice(buf);
            self.1.push(buf.len());
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn svg_a_big_maze_reaches_the_writer_in_large_pieces() {
        let grid = crate::Generator::generate_grid(MazeOptions::new(200, 200).seed(3)).unwrap();
        let (entry, exit) = (Pos::new(0, 0), Pos::new(199, 199));
        let path = crate::shortest_path(&grid, entry, exit).unwrap();
        let options = SvgOptions::default();
        let mut pieces = Pieces(Vec::new(), Vec::new());
        Svg::write_grid(&mut pieces, &grid, entry, exit, Some(&path), &options).unwrap();
        let sizes = &pieces.1;
        assert!(sizes.len() > 1, "{sizes:?}");
        assert!(
            sizes[..sizes.len() - 1].iter().all(|&n| n >= CHUNK),
            "{sizes:?}"
        );
        let whole = Svg::grid_to_string(&grid, entry, exit, Some(&path), &options);
        assert_eq!(pieces.0, whole.as_bytes());
    }

    #[test]
    fn svg_metadata_names_the_maze() {
        let maze = MazeOptions::new(25, 20).seed(42);
        let pairs = maze_metadata(&maze, Pos::new(0, 0), Pos::new(24, 19));
        let text: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(
            text.join(" "),
            "seed=42 size=25x20 algorithm=backtracker entry=0,0 exit=24,19"
        );
        let board = maze.perfect(false).braid(0.5).courtyard(true);
        let pairs = maze_metadata(&board, Pos::new(0, 0), Pos::new(24, 19));
        let keys: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            [
                "seed",
                "size",
                "algorithm",
                "perfect",
                "braid",
                "courtyard",
                "entry",
                "exit"
            ]
        );
    }

    #[test]
    fn the_format_draws_the_maze_named_in_its_desc() {
        let options = MazeOptions::new(14, 10).seed(9).courtyard(true);
        let maze = Maze::generate(options.clone(), Pos::new(0, 0), Pos::new(13, 9)).unwrap();
        let extra = vec![("theme".to_owned(), "ocean".to_owned())];
        let format = Svg::new(SvgOptions {
            metadata: extra.clone(),
            ..SvgOptions::default()
        });
        let mut bytes = Vec::new();
        format.write(&maze, &mut bytes).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        let mut metadata = maze_metadata(&options, maze.entry(), maze.exit());
        metadata.extend(extra);
        let expected = Svg::grid_to_string(
            maze.grid(),
            maze.entry(),
            maze.exit(),
            maze.solution(),
            &SvgOptions {
                metadata,
                ..SvgOptions::default()
            },
        );
        assert_eq!(text, expected);
        let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
        let desc = doc
            .descendants()
            .find(|n| n.has_tag_name("desc"))
            .and_then(|n| n.text())
            .unwrap();
        assert!(desc.starts_with("seed=9 size=14x10"), "{desc}");
        assert!(desc.ends_with("theme=ocean"), "{desc}");
        assert!(
            doc.descendants()
                .any(|n| n.attribute("id") == Some("solution"))
        );
    }

    #[test]
    fn the_format_leaves_out_a_hidden_path_without_searching_it() {
        // Built from a bare grid: `Maze::generate` may know a backtracker's path from the
        // carving.
        let options = MazeOptions::new(8, 6);
        let grid = crate::Generator::generate_grid(options.clone()).unwrap();
        let maze = Maze::new(options, grid, Pos::new(0, 0), Pos::new(7, 5));
        let hidden = Svg::new(SvgOptions {
            show_path: false,
            ..SvgOptions::default()
        });
        let mut bytes = Vec::new();
        hidden.write(&maze, &mut bytes).unwrap();
        assert_eq!(maze.known_solution(), None, "not searched");
        let text = String::from_utf8(bytes).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        assert!(
            !doc.descendants()
                .any(|n| n.attribute("id") == Some("solution"))
        );
    }
}
