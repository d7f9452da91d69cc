//! How far apart two theme colours are to the eye: the WCAG 2 contrast ratio, and the rule every
//! bundled colour theme keeps so that the maze's roles can be told apart on its passages and
//! walls.

use ratatui::style::Color;

use super::Palette;
use super::css::rgb;

#[cfg(test)]
mod ciede2000;

/// The least contrast ratio between the maze roles of [`MAZE_PAIRS`]: WCAG's minimum for large
/// text and for the parts of a graphic that must be seen, which a maze's cells are.
pub const MINIMUM_MAZE_CONTRAST: f64 = 3.0;

/// The pairs of roles that meet on the canvas and must stand apart: walls on passages; what
/// the eye looks for (the path, the entry, the exit, the carving head, the 42) on passages;
/// and the path, the entry and the exit on the walls they run beside.
pub const MAZE_PAIRS: [(&str, &str); 9] = [
    ("walls", "passages"),
    ("path", "passages"),
    ("entry", "passages"),
    ("exit", "passages"),
    ("head", "passages"),
    ("stamp", "passages"),
    ("path", "walls"),
    ("entry", "walls"),
    ("exit", "walls"),
];

/// The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white), with
/// named colours and indices taken as xterm shows them; `None` if one is `Reset` (the
/// terminal's own colour, unknown here).
pub fn contrast_ratio(a: Color, b: Color) -> Option<f64> {
    let (a, b) = (relative_luminance(a)?, relative_luminance(b)?);
    Some((a.max(b) + 0.05) / (a.min(b) + 0.05))
}

/// WCAG 2's relative luminance: 0 for black, 1 for white.
fn relative_luminance(colour: Color) -> Option<f64> {
    let (r, g, b) = rgb(colour)?;
    Some(0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b))
}

/// An sRGB channel without its gamma (the sRGB transfer function undone), 0 to 1: what both
/// the luminance here and CIELAB (`ciede2000.rs`) start from.
fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// A pair of [`MAZE_PAIRS`] below [`MINIMUM_MAZE_CONTRAST`] in a palette.
#[derive(Clone, Debug, PartialEq)]
pub struct LowContrast {
    pub role: &'static str,
    pub against: &'static str,
    pub ratio: f64,
}

impl Palette {
    /// The pairs of `MAZE_PAIRS` (walls on passages, the path and the marks on passages and
    /// walls) that this palette draws under `MINIMUM_MAZE_CONTRAST` (3:1). Roles the
    /// terminal colours itself (`reset`) cannot be measured and are not reported: a monochrome
    /// theme tells its roles apart by glyph.
    pub fn low_contrast(&self) -> Vec<LowContrast> {
        MAZE_PAIRS
            .iter()
            .filter_map(|&(role, against)| {
                let ratio = contrast_ratio(self.maze_role(role), self.maze_role(against))?;
                (ratio < MINIMUM_MAZE_CONTRAST).then_some(LowContrast {
                    role,
                    against,
                    ratio,
                })
            })
            .collect()
    }

    /// The colour of a role named in [`MAZE_PAIRS`].
    fn maze_role(&self, role: &str) -> Color {
        match role {
            "walls" => self.walls,
            "passages" => self.passages,
            "path" => self.path,
            "entry" => self.entry,
            "exit" => self.exit,
            "head" => self.head,
            "stamp" => self.stamp,
            other => unreachable!("{other} is not a role of MAZE_PAIRS"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::tui::theme::basic::{SCENES, role};
    use crate::tui::theme::parse::Draft;
    use crate::tui::theme::{ColorDepth, ThemeSet};

    #[test]
    fn the_ratio_runs_from_one_for_a_colour_on_itself_to_21_for_black_on_white() {
        let ratio = |a, b| contrast_ratio(a, b).unwrap();
        assert!((ratio(Color::Black, Color::White) - 21.0).abs() < 1e-9);
        assert!((ratio(Color::White, Color::Black) - 21.0).abs() < 1e-9);
        assert_eq!(ratio(Color::Rgb(9, 99, 199), Color::Rgb(9, 99, 199)), 1.0);
        // WCAG's own example: #777777 on white is just under 4.5.
        let grey = ratio(Color::Rgb(0x77, 0x77, 0x77), Color::White);
        assert!((4.47..4.49).contains(&grey), "{grey}");
        // Named colours and indices are measured as xterm draws them.
        assert_eq!(
            ratio(Color::Indexed(196), Color::Black),
            ratio(Color::Rgb(255, 0, 0), Color::Black)
        );
        assert_eq!(contrast_ratio(Color::Reset, Color::Black), None);
    }

    /// `palette`'s maze roles as a terminal of `depth` shows them.
    fn at_depth(palette: &Palette, depth: ColorDepth) -> Palette {
        let mut shown = palette.clone();
        for colour in [
            &mut shown.walls,
            &mut shown.passages,
            &mut shown.path,
            &mut shown.entry,
            &mut shown.exit,
            &mut shown.head,
            &mut shown.stamp,
        ] {
            *colour = depth.convert(*colour);
        }
        shown
    }

    /// The rule, measured on the theme files as bundled (their TOML, parsed as the dashboard
    /// reads it): every colour theme shows its maze roles at 3:1 or more, in its own colours
    /// and as a 256-colour terminal shows them (the nearest of xterm's 256).
    #[test]
    fn every_bundled_colour_theme_keeps_its_maze_roles_three_to_one_apart() {
        let themes = ThemeSet::bundled();
        let mut measured = 0;
        let mut problems = Vec::new();
        for theme in themes.iter().filter(|theme| !theme.monochrome) {
            measured += 1;
            for (depth, palette) in [
                ("24-bit", theme.palette.clone()),
                ("256", at_depth(&theme.palette, ColorDepth::Indexed256)),
            ] {
                for low in palette.low_contrast() {
                    problems.push(format!(
                        "{} ({depth}): {} on {} is {:.2}:1",
                        theme.name, low.role, low.against, low.ratio
                    ));
                }
            }
        }
        assert_eq!(problems, Vec::<String>::new());
        assert_eq!(
            measured,
            themes.len() - 1,
            "every theme but plain is measured"
        );
    }

    /// The least CIEDE2000 difference between two roles that meet on the canvas: about where
    /// two colours stop being "a shade of" each other and read as two things.
    const MINIMUM_ROLE_DIFFERENCE: f64 = 20.0;

    /// Every two roles of a scene, in `palette` as a terminal of `depth` shows it, under
    /// [`MINIMUM_ROLE_DIFFERENCE`]: `(scene, role, role, ΔE00)`.
    fn alike(palette: &Palette, depth: ColorDepth) -> Vec<(&'static str, String)> {
        let mut alike = Vec::new();
        for (scene, roles) in SCENES {
            for (i, a) in roles.iter().enumerate() {
                for b in &roles[i + 1..] {
                    let colour = |name| depth.convert(role(palette, name));
                    let difference = ciede2000::delta_e(colour(a), colour(b)).expect("colours");
                    if difference < MINIMUM_ROLE_DIFFERENCE {
                        alike.push((scene, format!("{a} ~ {b} ({difference:.1})")));
                    }
                }
            }
        }
        alike
    }

    /// The rule of roles that look alike, measured on the theme files as bundled: every two
    /// roles that may touch on the canvas are at least 20 apart by CIEDE2000, in the theme's
    /// own colours and as a 256-colour terminal shows them. (What it catches: an entry in the
    /// pale yellow of the path, a 42 near the walls, the inspector's bad walls and bad cells
    /// in one orange.)
    #[test]
    fn every_bundled_colour_theme_keeps_the_roles_that_meet_on_the_canvas_apart() {
        let themes = ThemeSet::bundled();
        let mut problems = Vec::new();
        for theme in themes.iter().filter(|theme| !theme.monochrome) {
            for (depth, name) in [
                (ColorDepth::TrueColor, "24-bit"),
                (ColorDepth::Indexed256, "256"),
            ] {
                for (scene, pair) in alike(&theme.palette, depth) {
                    problems.push(format!("{} ({name}, {scene}): {pair}", theme.name));
                }
            }
        }
        problems.dedup();
        assert_eq!(problems, Vec::<String>::new());
    }

    #[test]
    fn two_roles_in_one_colour_are_reported_in_every_scene_they_share() {
        let themes = ThemeSet::bundled();
        let mut palette = themes.get(0).unwrap().palette.clone();
        palette.stamp = palette.walls;
        let scenes: Vec<_> = alike(&palette, ColorDepth::TrueColor)
            .into_iter()
            .filter(|(_, pair)| pair.starts_with("walls ~ stamp"))
            .map(|(scene, _)| scene)
            .collect();
        assert_eq!(scenes, ["carving", "solving", "play", "inspector"]);
    }

    #[test]
    fn a_theme_below_the_rule_is_reported_pair_by_pair() {
        // An amber whose path, entry and exit are as bright as its walls.
        let text = "extends = \"amber\"\n[colors]\nwalls = \"#ffb000\"\nexit = \"#ff5a1f\"\n";
        let draft = Draft::parse("old", text, Path::new("old.toml")).unwrap();
        let themes = ThemeSet::bundled();
        let amber = themes.get(themes.position("amber").unwrap()).unwrap();
        let low = draft.over(amber).palette.low_contrast();
        let pairs: Vec<_> = low.iter().map(|l| (l.role, l.against)).collect();
        assert_eq!(
            pairs,
            [("path", "walls"), ("entry", "walls"), ("exit", "walls")]
        );
        assert!((1.33..1.35).contains(&low[0].ratio), "{:?}", low[0]);
    }

    #[test]
    fn reset_roles_are_not_measured() {
        let themes = ThemeSet::bundled();
        let plain = themes.get(themes.position("plain").unwrap()).unwrap();
        assert_eq!(plain.palette.low_contrast(), []);
    }
}
