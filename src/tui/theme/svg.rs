//! A theme's colours for an SVG export, so that the picture looks like the dashboard.

use mazegen::format::SvgStyle;

use super::Theme;
use super::css::css_color;

impl Theme {
    /// The SVG colours of this theme: each role's colour as CSS. A colour the terminal picks
    /// itself (`reset`, as in the plain theme) becomes a light-paper default.
    pub fn svg_style(&self) -> SvgStyle {
        let palette = &self.palette;
        SvgStyle {
            background: css_color(palette.background, "#ffffff"),
            walls: css_color(palette.walls, "#000000"),
            path: css_color(palette.path, "#0077cc"),
            entry: css_color(palette.entry, "#cc00cc"),
            exit: css_color(palette.exit, "#cc0000"),
            stamp: css_color(palette.stamp, "#888888"),
            courtyard: css_color(palette.visited, "#eeeeee"),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::tui::theme::ThemeSet;

    #[test]
    fn colours_are_the_themes_and_the_plain_theme_gets_paper_defaults() {
        let themes = ThemeSet::bundled();
        let classic = themes.get(themes.position("classic").unwrap()).unwrap();
        let style = classic.svg_style();
        // classic: white walls, magenta entry, red exit (xterm's values).
        assert_eq!(style.walls, "#ffffff");
        assert_eq!(style.entry, "#cd00cd");
        assert_eq!(style.exit, "#cd0000");
        let plain = themes.get(themes.position("plain").unwrap()).unwrap();
        let style = plain.svg_style();
        assert_eq!(
            (style.background.as_str(), style.walls.as_str()),
            ("#ffffff", "#000000")
        );
    }
}
