//! Printable puzzle sheets as PDF (needs the `print` feature): mazes on the pages, each with its
//! seed, size and difficulty under it, then answer pages with each solution drawn.
//!
//! Each maze is the [SVG drawing](super::svg), converted to vector PDF by svg2pdf and placed on
//! the page as a form (so it prints sharp at any size). The labels are PDF text in Helvetica,
//! one of the fonts every PDF reader has built in: nothing to embed, and it needs no font on
//! the machine that writes the file.
//!
//! The first maze is the one given; the next ones are made from the same options on the
//! following seeds (`SEED+1`, `SEED+2`...), so each can be made again from its label. The pages
//! are [`Paper`]-sized; the mazes are laid out `per_page` to a page in the grid of rows and
//! columns that draws them largest, the answers the same way after all the puzzles.

use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use svg2pdf::usvg;

use super::Format;
use super::svg::{CellSize, MARGIN, Svg, SvgOptions, SvgStyle};
use crate::Error;
use crate::generate::MazeOptions;
use crate::maze::Maze;

/// A paper size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// 210 x 297 mm.
    #[default]
    A4,
    /// 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in PDF points (1/72 in).
    pub fn points(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name it is parsed from (in any case) and the sheet's labels use: `a4` or `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Paper {
    type Err = Error;

    /// A paper by its [name](Paper::name), in any case; any other text is
    /// [`Error::UnknownPaper`], which holds it and the valid names.
    ///
    /// ```
    /// use mazegen::format::Paper;
    ///
    /// fn paper(name: &str) -> Result<Paper, mazegen::Error> {
    ///     Ok(name.parse()?)
    /// }
    /// assert_eq!(paper("Letter")?, Paper::Letter);
    /// let err = paper("b5").unwrap_err();
    /// assert!(matches!(err, mazegen::Error::UnknownPaper { ref name, .. } if name == "b5"));
    /// assert_eq!(err.to_string(), r#"unknown paper "b5" (valid: a4, letter)"#);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Paper, Error> {
        PAPERS
            .into_iter()
            .find(|paper| text.eq_ignore_ascii_case(paper.name()))
            .ok_or_else(|| Error::UnknownPaper {
                name: text.to_string(),
                valid: PAPERS.map(Paper::name).join(", "),
            })
    }
}

/// Every paper, in the order the valid names are listed.
const PAPERS: [Paper; 2] = [Paper::A4, Paper::Letter];

/// The blank border of a page, in points (about 13 mm).
const PAGE_MARGIN: f32 = 36.0;
/// The space between two mazes on a page, in points.
const GAP: f32 = 18.0;
/// The label's font size, at most, in points.
const LABEL_SIZE: f32 = 10.0;

/// The most cells a sheet's mazes may have in all: they are all made before the file is
/// written, and a cell is well under a point wide on the page long before this.
pub(crate) const MAX_SHEET_CELLS: u64 = 20_000_000;

/// See [`PdfSheet::check_size`].
pub(crate) fn check_size(count: u32, width: u32, height: u32) -> Result<(), Error> {
    let cells = u64::from(count) * u64::from(width) * u64::from(height);
    if cells > MAX_SHEET_CELLS {
        return Err(Error::SheetTooLarge {
            count,
            width,
            height,
            cells,
            limit: MAX_SHEET_CELLS,
        });
    }
    Ok(())
}

/// A puzzle sheet as a [`Format`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdfSheet {
    /// How many mazes: the one written, then the next seeds.
    pub count: u32,
    /// Mazes on a page.
    pub per_page: u32,
    /// The paper size of every page.
    pub paper: Paper,
    /// The colours: [`SvgStyle::print`] by default.
    pub style: SvgStyle,
}

impl Default for PdfSheet {
    /// One maze on an A4 page, its answer on the next, black on white.
    fn default() -> PdfSheet {
        PdfSheet {
            count: 1,
            per_page: 1,
            paper: Paper::A4,
            style: SvgStyle::print(),
        }
    }
}

impl PdfSheet {
    /// The most cells a sheet's mazes may have in all: they are all made before the file is
    /// written, and a cell is well under a point wide on the page long before this.
    pub const MAX_CELLS: u64 = MAX_SHEET_CELLS;

    /// Refuses a sheet of `count` mazes of `width` x `height` whose cells pass
    /// [`PdfSheet::MAX_CELLS`] as [`Error::SheetTooLarge`], which says how many cells it would
    /// have: for checking a request before the mazes are made.
    pub fn check_size(count: u32, width: u32, height: u32) -> Result<(), Error> {
        check_size(count, width, height)
    }

    /// The mazes of the sheet: `first`, then the same options on the next seeds.
    pub fn mazes(&self, first: &Maze) -> io::Result<Vec<Maze>> {
        let mut mazes = vec![first.clone()];
        for i in 1..u64::from(self.count.max(1)) {
            let options = MazeOptions {
                seed: first.seed().wrapping_add(i),
                ..first.options().clone()
            };
            let maze = Maze::generate(options, first.entry(), first.exit())
                .map_err(|e| io::Error::other(e.to_string()))?;
            mazes.push(maze);
        }
        Ok(mazes)
    }

    /// The number of pages for `count` mazes: puzzles, then answers.
    pub fn page_count(&self) -> u32 {
        2 * self.count.max(1).div_ceil(self.per_page.max(1))
    }

    /// Writes the sheet of `mazes`, puzzles then answers.
    pub fn write_sheet(&self, mazes: &[Maze], out: &mut dyn Write) -> io::Result<()> {
        let Some(first) = mazes.first() else {
            return Err(io::Error::other("a sheet needs at least one maze"));
        };
        let (page_w, page_h) = self.paper.points();
        let per_page = self.per_page.clamp(1, mazes.len() as u32) as usize;
        let view = (
            (first.width() + 2 * MARGIN) as f32,
            (first.height() + 2 * MARGIN) as f32,
        );
        let layout = Layout::best(per_page, view, (page_w, page_h));

        let mut alloc = Ref::new(1);
        let catalog = alloc.bump();
        let page_tree = alloc.bump();
        let font = alloc.bump();
        let mut pdf = Pdf::new();
        let mut pages = Vec::new();
        for answers in [false, true] {
            for chunk in mazes.chunks(per_page) {
                let page = alloc.bump();
                let contents = alloc.bump();
                let mut content = Content::new();
                let mut forms = Vec::new();
                for (slot, maze) in chunk.iter().enumerate() {
                    let form = self.drawing(maze, answers, &mut pdf, &mut alloc)?;
                    let name = format!("M{slot}");
                    let (x, y, w, h) = layout.drawing(slot);
                    content
                        .save_state()
                        .transform([w, 0.0, 0.0, h, x, y])
                        .x_object(Name(name.as_bytes()))
                        .restore_state();
                    // Under the maze's left wall, past the drawing's blank margin.
                    let inset = layout.scale * MARGIN as f32;
                    let (lx, ly) = (x + inset, y + inset - layout.label_size * 1.4);
                    let text = label(maze, answers);
                    content
                        .begin_text()
                        .set_font(Name(b"F1"), layout.label_size)
                        .next_line(lx, ly)
                        .show(Str(text.as_bytes()))
                        .end_text();
                    forms.push((name, form));
                }
                pdf.stream(contents, &content.finish());
                let mut writer = pdf.page(page);
                writer
                    .media_box(Rect::new(0.0, 0.0, page_w, page_h))
                    .parent(page_tree)
                    .contents(contents);
                let mut resources = writer.resources();
                let mut x_objects = resources.x_objects();
                for (name, form) in &forms {
                    x_objects.pair(Name(name.as_bytes()), *form);
                }
                x_objects.finish();
                resources.fonts().pair(Name(b"F1"), font);
                resources.finish();
                writer.finish();
                pages.push(page);
            }
        }
        pdf.type1_font(font)
            .base_font(Name(b"Helvetica"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        pdf.catalog(catalog).pages(page_tree);
        pdf.pages(page_tree)
            .kids(pages.iter().copied())
            .count(pages.len() as i32);
        let info = alloc.bump();
        let title = format!(
            "Mazes {}x{}, seeds {} to {}",
            first.width(),
            first.height(),
            first.seed(),
            mazes[mazes.len() - 1].seed()
        );
        pdf.document_info(info)
            .title(TextStr(&title))
            .creator(TextStr("mazegen"));
        out.write_all(&pdf.finish())
    }

    /// Adds `maze`'s drawing (with its solution for an answer) to `pdf` as a form one point
    /// square, and returns its reference.
    fn drawing(
        &self,
        maze: &Maze,
        answer: bool,
        pdf: &mut Pdf,
        alloc: &mut Ref,
    ) -> io::Result<Ref> {
        let options = SvgOptions {
            cell_size: CellSize::Scalable,
            show_path: answer,
            style: self.style.clone(),
            ..SvgOptions::default()
        };
        let path = if answer { maze.solution() } else { None };
        let mut svg = Vec::new();
        Svg::write_grid(
            &mut svg,
            maze.grid(),
            maze.entry(),
            maze.exit(),
            path,
            &options,
        )?;
        let tree = usvg::Tree::from_data(&svg, &usvg::Options::default())
            .map_err(|e| io::Error::other(format!("cannot read the drawing: {e}")))?;
        let (chunk, form) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| io::Error::other(format!("cannot convert the drawing: {e}")))?;
        let mut renumbered = HashMap::new();
        let chunk = chunk.renumber(|old| *renumbered.entry(old).or_insert_with(|| alloc.bump()));
        pdf.extend(&chunk);
        Ok(renumbered[&form])
    }
}

/// The text under a maze: its seed first (what makes it again), its size, algorithm and
/// difficulty. Plain ASCII, so Helvetica's WinAnsi encoding shows it as is.
pub(crate) fn label(maze: &Maze, answer: bool) -> String {
    let difficulty = maze.difficulty().map_or_else(String::new, |d| {
        format!("  -  {} ({:.0}/100)", d.level, d.score)
    });
    format!(
        "{}Seed {}  -  {}x{}  -  {}{difficulty}",
        if answer { "Answer: " } else { "" },
        maze.seed(),
        maze.width(),
        maze.height(),
        maze.algorithm(),
    )
}

/// Where the mazes of one page go: a grid of `columns` x `rows` slots, each a drawing with its
/// label under it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layout {
    columns: usize,
    /// Points a maze unit (a cell) takes.
    scale: f32,
    /// The drawing's size in points.
    size: (f32, f32),
    /// The slot's size in points.
    slot: (f32, f32),
    page: (f32, f32),
    label_size: f32,
}

impl Layout {
    /// Of the grids that hold `per_page` mazes of `view` units, the one that draws them
    /// largest.
    fn best(per_page: usize, view: (f32, f32), page: (f32, f32)) -> Layout {
        let (inner_w, inner_h) = (page.0 - 2.0 * PAGE_MARGIN, page.1 - 2.0 * PAGE_MARGIN);
        (1..=per_page)
            .map(|columns| {
                let rows = per_page.div_ceil(columns);
                let slot_w = (inner_w - GAP * (columns - 1) as f32) / columns as f32;
                let slot_h = (inner_h - GAP * (rows - 1) as f32) / rows as f32;
                let label_size = LABEL_SIZE.min(slot_w / 40.0).max(4.0);
                let room = slot_h - label_size * 2.0;
                let scale = (slot_w / view.0).min(room / view.1).max(0.0);
                Layout {
                    columns,
                    scale,
                    size: (view.0 * scale, view.1 * scale),
                    slot: (slot_w, slot_h),
                    page,
                    label_size,
                }
            })
            .max_by(|a, b| a.scale.total_cmp(&b.scale))
            .expect("at least one column")
    }

    /// The drawing's place in slot `i` (left to right, top to bottom): its bottom-left corner
    /// in PDF coordinates (from the bottom of the page) and its size, centred across the slot
    /// and at the top of it.
    fn drawing(&self, i: usize) -> (f32, f32, f32, f32) {
        let (column, row) = (i % self.columns, i / self.columns);
        let left = PAGE_MARGIN + column as f32 * (self.slot.0 + GAP);
        let top = self.page.1 - PAGE_MARGIN - row as f32 * (self.slot.1 + GAP);
        let x = left + (self.slot.0 - self.size.0) / 2.0;
        (x, top - self.size.1, self.size.0, self.size.1)
    }
}

impl Format for PdfSheet {
    fn name(&self) -> &'static str {
        "pdf"
    }

    fn extension(&self) -> &'static str {
        "pdf"
    }

    fn estimated_size(&self, maze: &Maze) -> u64 {
        // Compressed wall runs: about a byte a cell, twice (puzzle and answer), for each maze.
        (maze.grid().cell_count() as u64 * 2 + 4096) * u64::from(self.count.max(1))
    }

    fn write(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let mazes = self.mazes(maze)?;
        self.write_sheet(&mazes, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pos;

    #[test]
    fn paper_names_parse_and_have_their_sizes() {
        assert_eq!("A4".parse::<Paper>().unwrap(), Paper::A4);
        assert_eq!("letter".parse::<Paper>().unwrap(), Paper::Letter);
        assert_eq!(Paper::Letter.points(), (612.0, 792.0));
    }

    #[test]
    fn an_unknown_paper_is_unknown_paper_with_the_text_and_the_valid_names() {
        let error = " Legal".parse::<Paper>().unwrap_err();
        assert!(
            matches!(
                &error,
                Error::UnknownPaper { name, valid } if name == " Legal" && valid == "a4, letter"
            ),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            r#"unknown paper " Legal" (valid: a4, letter)"#
        );
    }

    #[test]
    fn a_sheet_of_too_many_cells_is_sheet_too_large_with_its_counts() {
        assert!(PdfSheet::check_size(20, 1000, 1000).is_ok());
        let error = PdfSheet::check_size(21, 1000, 1000).unwrap_err();
        assert!(
            matches!(
                error,
                Error::SheetTooLarge {
                    count: 21,
                    width: 1000,
                    height: 1000,
                    cells: 21_000_000,
                    limit: MAX_SHEET_CELLS,
                }
            ),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "a sheet of 21 mazes of 1000x1000 has 21000000 cells, more than the 20 million a \
             sheet may have"
        );
    }

    #[test]
    fn the_layout_draws_mazes_as_large_as_the_page_allows() {
        let a4 = Paper::A4.points();
        let one = Layout::best(1, (27.0, 22.0), a4);
        assert_eq!(one.columns, 1);
        // The width is the limit: the page's inner width over 27 units.
        assert!((one.scale - (a4.0 - 72.0) / 27.0).abs() < 0.01, "{one:?}");
        // Two wide mazes stack; four go two by two; each smaller than one alone.
        let two = Layout::best(2, (27.0, 22.0), a4);
        assert_eq!(two.columns, 1);
        let four = Layout::best(4, (27.0, 22.0), a4);
        assert_eq!(four.columns, 2);
        assert!(four.scale < two.scale && two.scale < one.scale);
        // A tall, narrow maze goes side by side.
        assert_eq!(Layout::best(2, (5.0, 60.0), a4).columns, 2);
        // Every drawing stays on the page.
        for i in 0..4 {
            let (x, y, w, h) = four.drawing(i);
            assert!(x >= PAGE_MARGIN && y >= PAGE_MARGIN, "{i}");
            assert!(x + w <= a4.0 - PAGE_MARGIN + 0.01 && y + h <= a4.1 - PAGE_MARGIN + 0.01);
        }
    }

    #[test]
    fn a_sheet_has_its_pages_and_mazes_on_the_next_seeds() {
        let first = Maze::generate(
            MazeOptions::new(12, 9).seed(7),
            Pos::new(0, 0),
            Pos::new(11, 8),
        )
        .unwrap();
        let sheet = PdfSheet {
            count: 5,
            per_page: 2,
            ..PdfSheet::default()
        };
        assert_eq!(sheet.page_count(), 6);
        let mazes = sheet.mazes(&first).unwrap();
        let seeds: Vec<u64> = mazes.iter().map(Maze::seed).collect();
        assert_eq!(seeds, [7, 8, 9, 10, 11]);
        assert_eq!(mazes[0], first);
        let mut bytes = Vec::new();
        sheet.write(&first, &mut bytes).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("/Count 6"), "six pages");
        assert!(
            text.contains("(Seed 7  -  12x9  -  backtracker  -  "),
            "labels"
        );
        assert!(text.contains("(Answer: Seed 11  -  "), "answers");
        assert!(label(&first, false).starts_with("Seed 7  -  12x9  -  backtracker  -  "));
    }
}
