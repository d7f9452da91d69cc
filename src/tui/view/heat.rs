//! The distance heatmap (`d`): each cell coloured by how many steps it is from the entry, so
//! the maze's structure shows at any size: the long branches of a 2000x2000 maze read as
//! bands of one colour, its dead-end pockets as islands. Colour runs along one ramp from near
//! to far (the same in every theme, chosen to stay in order for colour-blind eyes and in
//! grey), in [`STEPS`] colours, each of them shown in the legend; without colour a ramp of
//! glyphs stands in, from light to heavy.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::paint;
use super::roles::{BlockRoles, Role};
use super::scale::Scale;
use crate::tui::heat::Distances;
use crate::tui::text::compact;
use crate::tui::theme::Theme;
use mazegen::Pos;

/// The colour ramp's stops, near to far (viridis): dark violet, blue, teal, green, yellow.
const STOPS: [(u8, u8, u8); 6] = [
    (0x44, 0x01, 0x54),
    (0x41, 0x44, 0x87),
    (0x2a, 0x78, 0x8e),
    (0x22, 0xa8, 0x84),
    (0x7a, 0xd1, 0x51),
    (0xfd, 0xe7, 0x25),
];

/// How many colours the ramp is drawn in: the legend shows each of them, so that no colour of
/// the map goes unexplained (a ramp drawn continuously has colours between the legend's that a
/// 256-colour terminal turns into a grey, which reads as "not reached").
pub const STEPS: usize = 12;

/// The glyph ramp, near to far, for a theme without colour.
pub const GLYPHS: [&str; 9] = [".", ":", "-", "=", "+", "*", "#", "%", "@"];

/// At most this many cells across and down are sampled for each pixel of the whole view.
const SAMPLES: u32 = 3;

/// Where `steps` falls between the entry (0.0) and the farthest cell (1.0).
pub fn share(steps: u32, farthest: u32) -> f64 {
    f64::from(steps) / f64::from(farthest.max(1))
}

/// The ramp's colour at `share` (0.0 near, 1.0 far): the nearest of its [`STEPS`] colours.
pub fn colour(share: f64) -> Color {
    let last = (STEPS - 1) as f64;
    step_colour((share.clamp(0.0, 1.0) * last).round() / last)
}

/// The ramp between its stops, at `share`.
fn step_colour(share: f64) -> Color {
    let at = share.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (at.floor() as usize).min(STOPS.len() - 2);
    let t = at - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    Color::Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The glyph ramp's character at `share`.
pub fn glyph(share: f64) -> &'static str {
    let i = (share.clamp(0.0, 1.0) * GLYPHS.len() as f64) as usize;
    GLYPHS[i.min(GLYPHS.len() - 1)]
}

/// Whether a role is ground the heatmap colours: the carved cells and what lies on them (the
/// path, the search), but not the walls, the 42 or the markers.
pub fn colours(role: Role) -> bool {
    matches!(
        role,
        Role::Passage | Role::Path | Role::Visited | Role::Frontier | Role::Unvisited
    )
}

/// The share of block (`x`, `y`): its cell's, or for an open wall between two cells, the one
/// before it (west or north), so a corridor reads as one band.
pub fn block_share(map: &Distances, x: u32, y: u32) -> Option<f64> {
    let (width, height) = map.cells();
    if width == 0 || height == 0 {
        return None;
    }
    let cell = |b: u32| (b.max(1) - 1) / 2;
    let pos = Pos::new(cell(x).min(width - 1), cell(y).min(height - 1));
    map.at(pos).map(|steps| share(steps, map.farthest()))
}

/// A block of the detailed views, its role's look or, for ground, the heat's.
pub fn block(
    role: Role,
    map: &Distances,
    at: (u32, u32),
    theme: &Theme,
) -> ([&'static str; 2], Style) {
    match block_share(map, at.0, at.1).filter(|_| colours(role)) {
        Some(share) if theme.monochrome => {
            let g = glyph(share);
            ([g, g], paint::block(role, theme).1)
        }
        Some(share) => ([" ", " "], Style::new().bg(colour(share))),
        None => paint::block(role, theme),
    }
}

/// The whole maze as a distance field, centred in `area`: half blocks of two square pixels a
/// character, each pixel the mean distance of a few cells under it (the walls are too thin to
/// show at this size); the entry, the exit and the head drawn over it.
pub fn whole(roles: &dyn BlockRoles, map: &Distances, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let cells = map.cells();
    if cells.0 == 0 || cells.1 == 0 {
        return;
    }
    let pixels = (u32::from(area.width), 2 * u32::from(area.height));
    let scale = Scale::fitting(cells, pixels);
    let drawn = (scale.pixels(cells.0), scale.pixels(cells.1));
    let margin_x = pixels.0.saturating_sub(drawn.0) / 2;
    let margin_y = 2 * (pixels.1.saturating_sub(drawn.1) / 4);
    let span = |p: u32, cells: u32| {
        let first = scale.first(p).min(cells - 1);
        let end = scale.first(p + 1).clamp(first + 1, cells);
        (first, end)
    };
    // The pixel's mean share; `None` outside the maze, `Some(None)` where no cell is reached.
    let pixel = |px: u32, py: u32| -> Option<Option<f64>> {
        let (x, y) = (px.checked_sub(margin_x)?, py.checked_sub(margin_y)?);
        if x >= drawn.0 || y >= drawn.1 {
            return None;
        }
        let (xs, ys) = (span(x, cells.0), span(y, cells.1));
        let (mut sum, mut n) = (0.0, 0);
        for y in spread(ys, SAMPLES) {
            for x in spread(xs, SAMPLES) {
                if let Some(steps) = map.at(Pos::new(x, y)) {
                    sum += share(steps, map.farthest());
                    n += 1;
                }
            }
        }
        Some((n > 0).then(|| sum / f64::from(n)))
    };
    let palette = &theme.palette;
    let colour_of = |pixel: Option<Option<f64>>| match pixel {
        None => palette.background,
        Some(None) => palette.stamp,
        Some(Some(share)) => colour(share),
    };
    for row in 0..area.height {
        for column in 0..area.width {
            let (px, py) = (u32::from(column), 2 * u32::from(row));
            let (top, bottom) = (pixel(px, py), pixel(px, py + 1));
            let Some(cell) = buf.cell_mut((area.x + column, area.y + row)) else {
                continue;
            };
            if theme.monochrome {
                let shares: Vec<f64> = [top, bottom].into_iter().flatten().flatten().collect();
                let symbol = match (top.is_some() || bottom.is_some(), shares.len()) {
                    (false, _) => " ",
                    (true, 0) => paint::glyphs(Role::Stamp)[0],
                    (true, n) => glyph(shares.iter().sum::<f64>() / n as f64),
                };
                cell.set_symbol(symbol)
                    .set_fg(palette.walls)
                    .set_bg(palette.background);
            } else {
                cell.set_symbol("▀")
                    .set_fg(colour_of(top))
                    .set_bg(colour_of(bottom));
            }
        }
    }
    // The markers, a character each, the entry last so it wins.
    let mut markers = roles.markers();
    markers.reverse();
    for (pos, role) in markers {
        let x = (scale.pixel(pos.x) + margin_x).min(pixels.0.saturating_sub(1));
        let y = (scale.pixel(pos.y) + margin_y) / 2;
        let at = (
            area.x + x as u16,
            area.y + (y as u16).min(area.height.saturating_sub(1)),
        );
        if let Some(cell) = buf.cell_mut(at) {
            let (symbols, style) = paint::block(role, theme);
            cell.set_symbol(symbols[0]).set_style(style);
        }
    }
}

/// The share the ramp's colour `i` (of [`STEPS`]) stands for.
fn step_share(i: usize) -> f64 {
    i as f64 / (STEPS - 1) as f64
}

/// Up to `most` values spread evenly over `first..end`.
fn spread((first, end): (u32, u32), most: u32) -> impl Iterator<Item = u32> {
    let len = end - first;
    let n = len.min(most).max(1);
    (0..n)
        .map(move |a| first + ((2 * u64::from(a) + 1) * u64::from(len) / (2 * u64::from(n))) as u32)
}

/// What the sidebar's legend says while the heatmap is on: the roles it leaves their colours,
/// and a note on the rest (the ramp itself is on the canvas's bottom border, see [`legend`]).
pub const SIDEBAR_LEGEND: [(Role, &str); 5] = [
    (Role::Wall, "wall"),
    (Role::Entry, "entry"),
    (Role::Exit, "exit"),
    (Role::Path, "path"),
    (Role::Stamp, "42"),
];

/// The note under [`SIDEBAR_LEGEND`].
pub const SIDEBAR_NOTE: &str = "cells: steps from the entry";

/// The heatmap's legend on one row (the canvas pane's bottom border): the ramp from near to
/// far and the distances it spans, or that the distances are being measured.
pub fn legend(theme: &Theme, map: Option<&Distances>, area: Rect, buf: &mut Buffer) {
    let palette = &theme.palette;
    let muted = Style::new().fg(palette.muted).bg(palette.background);
    let spans = match map {
        None => vec![Span::styled(" distance from the entry: measuring… ", muted)],
        Some(map) => {
            let ramp: Vec<Span> = if theme.monochrome {
                vec![Span::styled(GLYPHS.concat(), muted)]
            } else {
                (0..STEPS)
                    .map(|i| Span::styled(" ", Style::new().bg(colour(step_share(i)))))
                    .collect()
            };
            let mut spans = vec![Span::styled(" distance: entry ", muted)];
            spans.extend(ramp);
            spans.push(Span::styled(
                format!(" {} steps ", compact(u64::from(map.farthest()))),
                muted,
            ));
            spans
        }
    };
    Paragraph::new(Line::from(spans))
        .centered()
        .render(area, buf);
}

/// The step of the ramp (0 near to `STEPS - 1` far) that `drawn` is, if it is one of the
/// ramp's colours: for tests, which write the heatmap as digits.
#[cfg(test)]
pub(crate) fn ramp_step(drawn: Color) -> Option<u8> {
    (0..STEPS)
        .find(|&i| colour(step_share(i)) == drawn)
        .map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ramp_runs_from_its_first_stop_to_its_last() {
        assert_eq!(colour(0.0), Color::Rgb(0x44, 0x01, 0x54));
        assert_eq!(colour(1.0), Color::Rgb(0xfd, 0xe7, 0x25));
        assert_eq!(step_colour(0.2), Color::Rgb(0x41, 0x44, 0x87));
        // Shares between the legend's steps take the nearest step's colour.
        assert_eq!(colour(0.2), colour(2.0 / 11.0));
        assert_eq!(colour(0.05), colour(1.0 / 11.0));
        assert_eq!(colour(7.0), colour(1.0));
        assert_eq!(glyph(0.0), ".");
        assert_eq!(glyph(1.0), "@");
        assert_eq!(glyph(0.5), "+");
        assert_eq!(share(5, 10), 0.5);
        assert_eq!(share(0, 0), 0.0);
    }

    /// Every colour the map can draw is one of the legend's, at every depth: the issue was a
    /// dark grey (xterm 239) that a 256-colour terminal showed between the legend's violet
    /// and blue, which read as "not reached".
    #[test]
    fn the_map_draws_only_the_colours_its_legend_shows() {
        use crate::tui::theme::ColorDepth;
        let legend: Vec<Color> = (0..STEPS).map(|i| colour(step_share(i))).collect();
        for depth in [ColorDepth::TrueColor, ColorDepth::Indexed256] {
            let shown: Vec<Color> = legend.iter().map(|&c| depth.convert(c)).collect();
            for k in 0..=1000 {
                let drawn = depth.convert(colour(f64::from(k) / 1000.0));
                assert!(
                    shown.contains(&drawn),
                    "{depth:?} share {k}/1000: {drawn:?}"
                );
                // And none is a grey of the 256-colour ramp.
                assert!(
                    !matches!(drawn, Color::Indexed(232..=255)),
                    "{depth:?} share {k}/1000: {drawn:?}"
                );
            }
        }
        assert_eq!(legend.len(), 12);
        assert_eq!(legend[0], Color::Rgb(0x44, 0x01, 0x54));
        assert_eq!(legend[11], Color::Rgb(0xfd, 0xe7, 0x25));
    }

    #[test]
    fn samples_are_spread_inside_their_span() {
        assert_eq!(spread((0, 9), 3).collect::<Vec<_>>(), [1, 4, 7]);
        assert_eq!(spread((5, 6), 3).collect::<Vec<_>>(), [5]);
    }
}
