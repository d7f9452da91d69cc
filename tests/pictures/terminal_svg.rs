//! A terminal screen (a ratatui [`Buffer`], as `view` draws it into a `TestBackend`) as an SVG
//! picture, for the README's images.
//!
//! Fonts differ from one viewer to the next, so nothing here depends on a font's metrics: each
//! character is placed at its own column, and what makes a terminal picture (backgrounds, the
//! box-drawing lines of the panes, the block and shade characters of the maze, braille dots) is
//! drawn as shapes. Only letters, digits and the odd symbol are left to the font.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use a_maze_ing::tui::css_color;
use ratatui::buffer::{Buffer, Cell};
use ratatui::style::Modifier;

/// One terminal cell in pixels: twice as tall as wide, as in most terminal fonts (so the
/// dashboard's 2x1 blocks are square).
const CELL_W: f32 = 9.0;
const CELL_H: f32 = 18.0;
const FONT_SIZE: f32 = 14.5;
/// Where the text's baseline sits in its cell.
const BASELINE: f32 = 13.5;
/// The frame around the screen.
const MARGIN: f32 = 10.0;
const FONT: &str = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace";

/// What `Color::Reset` stands for: the terminal's own colours.
const DEFAULT_FG: &str = "#d4d4d4";
const DEFAULT_BG: &str = "#16181c";

/// A colour in CSS form, as xterm shows it (the export's own conversion).
type Rgb = String;

/// A cell's colours, reversed video applied.
fn colours(cell: &Cell) -> (Rgb, Rgb) {
    let (fg, bg) = (
        css_color(cell.fg, DEFAULT_FG),
        css_color(cell.bg, DEFAULT_BG),
    );
    if cell.modifier.contains(Modifier::REVERSED) {
        (bg, fg)
    } else {
        (fg, bg)
    }
}

/// The arms of a box-drawing character: up, down, left, right, and whether it is heavy.
fn box_arms(symbol: &str) -> Option<([bool; 4], bool)> {
    let (arms, heavy) = match symbol {
        "─" => ([false, false, true, true], false),
        "━" => ([false, false, true, true], true),
        "│" => ([true, true, false, false], false),
        "┃" => ([true, true, false, false], true),
        "┌" | "╭" => ([false, true, false, true], false),
        "┐" | "╮" => ([false, true, true, false], false),
        "└" | "╰" => ([true, false, false, true], false),
        "┘" | "╯" => ([true, false, true, false], false),
        "├" => ([true, true, false, true], false),
        "┤" => ([true, true, true, false], false),
        "┬" => ([false, true, true, true], false),
        "┴" => ([true, false, true, true], false),
        "┼" => ([true, true, true, true], false),
        _ => return None,
    };
    Some((arms, heavy))
}

/// A block element as the part of its cell it fills (left, top, width, height, all 0 to 1)
/// and its opacity.
fn block(symbol: &str) -> Option<([f32; 4], f32)> {
    Some(match symbol {
        "█" => ([0.0, 0.0, 1.0, 1.0], 1.0),
        "▀" => ([0.0, 0.0, 1.0, 0.5], 1.0),
        "▄" => ([0.0, 0.5, 1.0, 0.5], 1.0),
        "▌" => ([0.0, 0.0, 0.5, 1.0], 1.0),
        "▐" => ([0.5, 0.0, 0.5, 1.0], 1.0),
        "░" => ([0.0, 0.0, 1.0, 1.0], 0.25),
        "▒" => ([0.0, 0.0, 1.0, 1.0], 0.5),
        "▓" => ([0.0, 0.0, 1.0, 1.0], 0.75),
        _ => return None,
    })
}

/// The dots of a braille character, as (column, row) in its 2x4 grid.
fn braille_dots(symbol: &str) -> Option<Vec<(u8, u8)>> {
    let c = symbol.chars().next()?;
    let bits = u32::from(c).checked_sub(0x2800).filter(|b| *b <= 0xff)?;
    // Unicode's dot order: 1 2 3 down the left, 4 5 6 down the right, then 7 and 8 below.
    const PLACES: [(u8, u8); 8] = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
        (0, 3),
        (1, 3),
    ];
    Some(
        (0..8)
            .filter(|bit| bits & (1 << bit) != 0)
            .map(|bit| PLACES[bit])
            .collect(),
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// How a run of text is drawn.
#[derive(PartialEq, Eq)]
struct TextStyle {
    fg: Rgb,
    bold: bool,
    italic: bool,
    dim: bool,
}

/// A run of text cells of one style along a row, drawn as one `<text>`: each character with
/// its column.
struct TextRun {
    style: TextStyle,
    row: u16,
    chars: Vec<(u16, String)>,
}

/// The screen as a standalone SVG picture, `title` its accessible name.
pub fn to_svg(buffer: &Buffer, title: &str) -> String {
    let area = buffer.area;
    let (width, height) = (
        f32::from(area.width) * CELL_W + 2.0 * MARGIN,
        f32::from(area.height) * CELL_H + 2.0 * MARGIN,
    );
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{title}">"#,
        title = escape(title)
    );
    let _ = writeln!(svg, "<title>{}</title>", escape(title));
    let _ = writeln!(
        svg,
        r#"<rect width="{width}" height="{height}" rx="8" fill="{DEFAULT_BG}"/>"#
    );
    let _ = writeln!(svg, r#"<g transform="translate({MARGIN} {MARGIN})">"#);

    let cell = |x: u16, y: u16| &buffer[(area.x + x, area.y + y)];
    // Backgrounds: one rectangle per run of a colour along a row.
    let _ = writeln!(svg, r#"<g shape-rendering="crispEdges">"#);
    for y in 0..area.height {
        let mut x = 0;
        while x < area.width {
            let (_, bg) = colours(cell(x, y));
            let start = x;
            while x < area.width && colours(cell(x, y)).1 == bg {
                x += 1;
            }
            if bg != DEFAULT_BG {
                rect(&mut svg, start, y, x - start, [0.0, 0.0, 1.0, 1.0], bg, 1.0);
            }
        }
    }
    // Block elements: one rectangle per run of the same block in the same colour.
    for y in 0..area.height {
        let mut x = 0;
        while x < area.width {
            let here = cell(x, y);
            let Some((part, opacity)) = block(here.symbol()) else {
                x += 1;
                continue;
            };
            let (fg, _) = colours(here);
            let start = x;
            // Only whole-width blocks join into one rectangle.
            while x < area.width
                && (x == start || part[2] == 1.0)
                && cell(x, y).symbol() == here.symbol()
                && colours(cell(x, y)).0 == fg
            {
                x += 1;
            }
            rect(&mut svg, start, y, x - start, part, fg, opacity);
        }
    }
    let _ = writeln!(svg, "</g>");

    // Box-drawing lines, one path per colour and weight; braille dots, one path per colour.
    let mut lines: BTreeMap<(Rgb, bool), String> = BTreeMap::new();
    let mut dots: BTreeMap<Rgb, String> = BTreeMap::new();
    let mut texts: Vec<TextRun> = Vec::new();
    for y in 0..area.height {
        let mut run: Option<TextRun> = None;
        for x in 0..area.width {
            let here = cell(x, y);
            let symbol = here.symbol();
            let (fg, _) = colours(here);
            let (left, top) = (f32::from(x) * CELL_W, f32::from(y) * CELL_H);
            let mut is_text = false;
            if let Some((arms, heavy)) = box_arms(symbol) {
                let (cx, cy) = (left + CELL_W / 2.0, top + CELL_H / 2.0);
                let d = lines.entry((fg.clone(), heavy)).or_default();
                let [up, down, west, east] = arms;
                if west || east {
                    let from = if west { left } else { cx };
                    let to = if east { left + CELL_W } else { cx };
                    let _ = write!(d, "M{from} {cy}H{to}");
                }
                if up || down {
                    let from = if up { top } else { cy };
                    let to = if down { top + CELL_H } else { cy };
                    let _ = write!(d, "M{cx} {from}V{to}");
                }
            } else if let Some(places) = braille_dots(symbol) {
                let d = dots.entry(fg.clone()).or_default();
                for (col, row) in places {
                    let dx = left + CELL_W * (0.27 + 0.46 * f32::from(col)) - 1.2;
                    let dy = top + CELL_H * (0.125 + 0.25 * f32::from(row)) - 1.2;
                    let _ = write!(d, "M{dx} {dy}h2.4v2.4h-2.4z");
                }
            } else if block(symbol).is_none() && !symbol.trim().is_empty() {
                is_text = true;
            }
            let style = TextStyle {
                fg,
                bold: here.modifier.contains(Modifier::BOLD),
                italic: here.modifier.contains(Modifier::ITALIC),
                dim: here.modifier.contains(Modifier::DIM),
            };
            match &mut run {
                Some(going) if is_text && going.style == style => {
                    going.chars.push((x, symbol.to_owned()));
                }
                _ => {
                    texts.extend(run.take());
                    if is_text {
                        run = Some(TextRun {
                            style,
                            row: y,
                            chars: vec![(x, symbol.to_owned())],
                        });
                    }
                }
            }
        }
        texts.extend(run.take());
    }
    for ((colour, heavy), d) in &lines {
        let width = if *heavy { 3 } else { 1 };
        let _ = writeln!(
            svg,
            r#"<path d="{d}" stroke="{colour}" stroke-width="{width}" fill="none" shape-rendering="crispEdges"/>"#
        );
    }
    for (colour, d) in &dots {
        let _ = writeln!(svg, r#"<path d="{d}" fill="{colour}"/>"#);
    }

    let _ = writeln!(
        svg,
        r#"<g font-family="{FONT}" font-size="{FONT_SIZE}" xml:space="preserve">"#
    );
    for TextRun { style, row, chars } in texts {
        let xs: Vec<String> = chars
            .iter()
            .map(|(x, _)| format!("{}", f32::from(*x) * CELL_W))
            .collect();
        let text: String = chars.iter().map(|(_, s)| s.as_str()).collect();
        let mut attributes = format!(r#"fill="{}""#, style.fg);
        if style.bold {
            attributes.push_str(r#" font-weight="bold""#);
        }
        if style.italic {
            attributes.push_str(r#" font-style="italic""#);
        }
        if style.dim {
            attributes.push_str(r#" opacity="0.6""#);
        }
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" {attributes}>{}</text>"#,
            xs.join(" "),
            f32::from(row) * CELL_H + BASELINE,
            escape(&text)
        );
    }
    let _ = writeln!(svg, "</g>\n</g>\n</svg>");
    svg
}

/// A rectangle over `cells` cells of row `y` from column `x`, covering `part` of each.
fn rect(svg: &mut String, x: u16, y: u16, cells: u16, part: [f32; 4], fill: Rgb, opacity: f32) {
    let [left, top, w, h] = part;
    let (px, py) = (
        (f32::from(x) + left) * CELL_W,
        (f32::from(y) + top) * CELL_H,
    );
    let (pw, ph) = ((f32::from(cells) - 1.0 + w) * CELL_W, h * CELL_H);
    let opacity = if opacity < 1.0 {
        format!(r#" fill-opacity="{opacity}""#)
    } else {
        String::new()
    };
    let _ = writeln!(
        svg,
        r#"<rect x="{px}" y="{py}" width="{pw}" height="{ph}" fill="{fill}"{opacity}/>"#
    );
}
