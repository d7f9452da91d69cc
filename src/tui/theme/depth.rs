//! How many colours the terminal shows, and theme colours brought down to them: a 24-bit colour
//! sent to a 256-colour terminal is drawn as whatever the terminal guesses (often a wrong
//! colour, sometimes none), so it is sent as the nearest colour the terminal has.

use ratatui::buffer::Buffer;
use ratatui::style::Color;

use super::css::rgb;

/// The colours a terminal can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorDepth {
    /// Any 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    TrueColor,
    /// xterm's 256-colour palette (a `TERM` like `xterm-256color`).
    Indexed256,
    /// The 16 ANSI colours only.
    Ansi16,
}

impl ColorDepth {
    /// `colour` as this depth can show it: the nearest xterm colour for one the terminal does
    /// not have, else unchanged. The terminal's own colour (`Reset`) is always kept.
    pub fn convert(self, colour: Color) -> Color {
        match (self, colour) {
            (ColorDepth::TrueColor, _) | (_, Color::Reset) => colour,
            (ColorDepth::Indexed256, Color::Rgb(r, g, b)) => Color::Indexed(nearest_256(r, g, b)),
            (ColorDepth::Indexed256, _) => colour,
            (ColorDepth::Ansi16, Color::Rgb(..) | Color::Indexed(_)) => {
                let (r, g, b) = rgb(colour).expect("not Reset");
                nearest_16(r, g, b)
            }
            (ColorDepth::Ansi16, named) => named,
        }
    }

    /// Every cell of a drawn frame in colours this depth shows, before it goes to the terminal.
    /// Converting the frame rather than the palette keeps the themes' own colours for what is
    /// not drawn on the terminal (an SVG export).
    pub fn convert_buffer(self, buffer: &mut Buffer) {
        if self == ColorDepth::TrueColor {
            return;
        }
        // A frame has a few dozen colours in thousands of cells: each is looked up once.
        let mut seen = Seen {
            slots: [None; SEEN_SLOTS],
        };
        for cell in &mut buffer.content {
            cell.fg = seen.convert(self, cell.fg);
            cell.bg = seen.convert(self, cell.bg);
        }
    }
}

/// The conversions of one frame so far: a small direct-mapped cache, by a hash of the colour.
struct Seen {
    slots: [Option<(Color, Color)>; SEEN_SLOTS],
}

const SEEN_SLOTS: usize = 64;

impl Seen {
    fn convert(&mut self, depth: ColorDepth, colour: Color) -> Color {
        let slot = match colour {
            Color::Rgb(r, g, b) => {
                usize::from(r ^ g.rotate_left(3) ^ b.rotate_left(5)) % SEEN_SLOTS
            }
            Color::Indexed(i) => usize::from(i) % SEEN_SLOTS,
            // Named colours and Reset stay as they are at every depth below 24-bit.
            _ => return depth.convert(colour),
        };
        match self.slots[slot] {
            Some((from, to)) if from == colour => to,
            _ => {
                let to = depth.convert(colour);
                self.slots[slot] = Some((colour, to));
                to
            }
        }
    }
}

/// The 16 ANSI colours, in the order of their palette indices.
pub(super) const ANSI: [Color; 16] = [
    Color::Black,
    Color::Red,
    Color::Green,
    Color::Yellow,
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::Gray,
    Color::DarkGray,
    Color::LightRed,
    Color::LightGreen,
    Color::LightYellow,
    Color::LightBlue,
    Color::LightMagenta,
    Color::LightCyan,
    Color::White,
];

/// The 6 levels of each channel in xterm's 6x6x6 colour cube (indices 16 to 231).
const CUBE_LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];

pub(super) fn distance((r1, g1, b1): (u8, u8, u8), (r2, g2, b2): (u8, u8, u8)) -> u32 {
    let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).unsigned_abs().pow(2);
    d(r1, r2) + d(g1, g2) + d(b1, b2)
}

/// The index, among xterm's cube and grey ramp (16 to 255), of the colour nearest to `r g b`.
/// The 16 system colours are left out: terminals change them, the cube and greys they do not.
/// Each is found directly: the cube's nearest point is the nearest level on each channel, the
/// ramp's nearest grey the one nearest the channels' mean.
fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    let level = |v: u8| {
        (0..CUBE_LEVELS.len())
            .min_by_key(|&i| CUBE_LEVELS[i].abs_diff(v))
            .expect("six levels") as u8
    };
    let (lr, lg, lb) = (level(r), level(g), level(b));
    let cube = 16 + 36 * lr + 6 * lg + lb;
    let cube_rgb = (
        CUBE_LEVELS[usize::from(lr)],
        CUBE_LEVELS[usize::from(lg)],
        CUBE_LEVELS[usize::from(lb)],
    );
    // The ramp runs 8, 18, ..., 238 (indices 232 to 255).
    let mean = (u32::from(r) + u32::from(g) + u32::from(b)) / 3;
    let step = ((mean.saturating_sub(3)) / 10).min(23) as u8;
    let grey_value = 8 + 10 * step;
    let grey = (grey_value, grey_value, grey_value);
    if distance((r, g, b), grey) < distance((r, g, b), cube_rgb) {
        232 + step
    } else {
        cube
    }
}

/// The ANSI colour nearest to `r g b`, as xterm draws them by default.
fn nearest_16(r: u8, g: u8, b: u8) -> Color {
    ANSI.into_iter()
        .min_by_key(|&named| distance((r, g, b), rgb(named).expect("a named colour")))
        .expect("sixteen colours")
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    use super::*;

    #[test]
    fn truecolor_keeps_every_colour() {
        for colour in [
            Color::Rgb(1, 2, 3),
            Color::Indexed(30),
            Color::Red,
            Color::Reset,
        ] {
            assert_eq!(ColorDepth::TrueColor.convert(colour), colour);
        }
    }

    #[test]
    fn at_256_colours_a_24bit_colour_becomes_its_nearest_index() {
        let to256 = |r, g, b| ColorDepth::Indexed256.convert(Color::Rgb(r, g, b));
        // Exact cube and ramp colours map to themselves.
        assert_eq!(to256(0, 0, 0), Color::Indexed(16));
        assert_eq!(to256(255, 255, 255), Color::Indexed(231));
        assert_eq!(to256(255, 0, 0), Color::Indexed(196));
        assert_eq!(to256(0, 135, 135), Color::Indexed(30));
        assert_eq!(to256(8, 8, 8), Color::Indexed(232));
        assert_eq!(to256(238, 238, 238), Color::Indexed(255));
        // Near ones go to the nearest: a dark grey to the ramp, not the cube's black.
        assert_eq!(to256(20, 20, 20), Color::Indexed(233)); // #121212
        assert_eq!(to256(0x14, 0x13, 0x13), Color::Indexed(233));
        // amber's walls #916305: the cube's (135, 95, 0).
        assert_eq!(to256(0x91, 0x63, 0x05), Color::Indexed(94));
        // A colour near both goes to whichever is closer: here the ramp's #6c6c6c, not the
        // cube's #5f5f5f.
        assert_eq!(to256(100, 100, 110), Color::Indexed(242));
        // Indices and named colours are already there.
        assert_eq!(
            ColorDepth::Indexed256.convert(Color::Indexed(244)),
            Color::Indexed(244)
        );
        assert_eq!(ColorDepth::Indexed256.convert(Color::Cyan), Color::Cyan);
        assert_eq!(ColorDepth::Indexed256.convert(Color::Reset), Color::Reset);
    }

    /// The nearest index, checked against a search of all 240.
    #[test]
    fn the_direct_256_colour_pick_is_the_nearest_of_all() {
        let palette_rgb = |i: u8| rgb(Color::Indexed(i)).unwrap();
        for r in (0..=255u8).step_by(15) {
            for g in (0..=255u8).step_by(17) {
                for b in (0..=255u8).step_by(51) {
                    let picked = nearest_256(r, g, b);
                    let best = (16..=255u8)
                        .map(|i| distance((r, g, b), palette_rgb(i)))
                        .min()
                        .unwrap();
                    assert_eq!(
                        distance((r, g, b), palette_rgb(picked)),
                        best,
                        "{r} {g} {b} -> {picked}"
                    );
                }
            }
        }
    }

    #[test]
    fn at_16_colours_every_colour_becomes_its_nearest_ansi_name() {
        let to16 = |colour| ColorDepth::Ansi16.convert(colour);
        assert_eq!(to16(Color::Rgb(250, 10, 10)), Color::LightRed);
        assert_eq!(to16(Color::Rgb(200, 0, 0)), Color::Red);
        assert_eq!(to16(Color::Rgb(0x0f, 0x09, 0x00)), Color::Black);
        assert_eq!(to16(Color::Rgb(250, 250, 250)), Color::White);
        // classic's teal path and grey 42 (256-colour indices).
        assert_eq!(to16(Color::Indexed(30)), Color::Cyan);
        assert_eq!(to16(Color::Indexed(244)), Color::DarkGray);
        assert_eq!(to16(Color::Indexed(9)), Color::LightRed);
        assert_eq!(to16(Color::Magenta), Color::Magenta);
        assert_eq!(to16(Color::Reset), Color::Reset);
    }

    #[test]
    fn a_frame_of_many_colours_is_converted_as_each_colour_alone() {
        let area = Rect::new(0, 0, 64, 48);
        let mut buffer = Buffer::empty(area);
        for (i, cell) in buffer.content.iter_mut().enumerate() {
            let i = i as u32;
            cell.fg = Color::Rgb((i * 7) as u8, (i * 13) as u8, (i / 3) as u8);
            cell.bg = Color::Indexed((i % 256) as u8);
        }
        for depth in [ColorDepth::Indexed256, ColorDepth::Ansi16] {
            let mut converted = buffer.clone();
            depth.convert_buffer(&mut converted);
            for (before, after) in buffer.content.iter().zip(&converted.content) {
                assert_eq!(after.fg, depth.convert(before.fg), "{depth:?}");
                assert_eq!(after.bg, depth.convert(before.bg), "{depth:?}");
            }
        }
    }

    #[test]
    fn a_drawn_frame_is_converted_cell_by_cell() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 2, 1));
        buffer.set_style(
            Rect::new(0, 0, 1, 1),
            Style::new()
                .fg(Color::Rgb(255, 0, 0))
                .bg(Color::Rgb(0, 0, 0)),
        );
        let mut at256 = buffer.clone();
        ColorDepth::Indexed256.convert_buffer(&mut at256);
        assert_eq!(
            (at256[(0, 0)].fg, at256[(0, 0)].bg),
            (Color::Indexed(196), Color::Indexed(16))
        );
        assert_eq!(at256[(1, 0)].fg, Color::Reset, "the terminal's own colour");
        let mut at16 = buffer.clone();
        ColorDepth::Ansi16.convert_buffer(&mut at16);
        assert_eq!(
            (at16[(0, 0)].fg, at16[(0, 0)].bg),
            (Color::LightRed, Color::Black)
        );
        let mut truecolor = buffer.clone();
        ColorDepth::TrueColor.convert_buffer(&mut truecolor);
        assert_eq!(truecolor, buffer);
    }
}
