//! Theme colours as CSS colours, so an exported SVG looks like the dashboard.

use ratatui::style::Color;

/// The CSS form of a terminal colour. Named colours use the xterm defaults; `Reset` (the
/// terminal's own colour, unknown to us) becomes `fallback`.
pub fn css_color(color: Color, fallback: &str) -> String {
    match rgb(color) {
        Some((r, g, b)) => format!("#{r:02x}{g:02x}{b:02x}"),
        None => fallback.to_owned(),
    }
}

/// A terminal colour as xterm shows it by default (terminals differ, but not by much), or
/// `None` for `Reset`, the terminal's own colour.
pub fn rgb(color: Color) -> Option<(u8, u8, u8)> {
    match color {
        Color::Reset => None,
        Color::Rgb(r, g, b) => Some((r, g, b)),
        Color::Indexed(i) => Some(indexed(i)),
        named => Some(indexed(named_index(named))),
    }
}

/// The 16 named colours' places in the 256-colour palette.
fn named_index(color: Color) -> u8 {
    match color {
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        _ => 15,
    }
}

/// xterm's 256-colour palette: 16 system colours, a 6x6x6 cube, then 24 greys.
fn indexed(i: u8) -> (u8, u8, u8) {
    const SYSTEM: [(u8, u8, u8); 16] = [
        (0, 0, 0),
        (205, 0, 0),
        (0, 205, 0),
        (205, 205, 0),
        (0, 0, 238),
        (205, 0, 205),
        (0, 205, 205),
        (229, 229, 229),
        (127, 127, 127),
        (255, 0, 0),
        (0, 255, 0),
        (255, 255, 0),
        (92, 92, 255),
        (255, 0, 255),
        (0, 255, 255),
        (255, 255, 255),
    ];
    match i {
        0..=15 => SYSTEM[usize::from(i)],
        16..=231 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            let n = i - 16;
            (level(n / 36), level(n / 6 % 6), level(n % 6))
        }
        _ => {
            let grey = 8 + 10 * (i - 232);
            (grey, grey, grey)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_colour_has_a_css_form() {
        assert_eq!(css_color(Color::Rgb(1, 2, 255), "x"), "#0102ff");
        assert_eq!(css_color(Color::Reset, "#fff"), "#fff");
        assert_eq!(css_color(Color::Black, ""), "#000000");
        assert_eq!(css_color(Color::White, ""), "#ffffff");
        assert_eq!(css_color(Color::DarkGray, ""), "#7f7f7f");
        assert_eq!(css_color(Color::Indexed(16), ""), "#000000");
        assert_eq!(css_color(Color::Indexed(196), ""), "#ff0000");
        assert_eq!(css_color(Color::Indexed(231), ""), "#ffffff");
        assert_eq!(css_color(Color::Indexed(232), ""), "#080808");
        assert_eq!(css_color(Color::Indexed(255), ""), "#eeeeee");
    }
}
