//! A theme's canvas roles on a 16-colour terminal: the nearest of the 16 colours alone merges
//! roles (forest's path, walls and 42 all dark grey), so each role takes the nearest basic
//! colour that no role it can touch on the canvas has taken before it.

use ratatui::buffer::Buffer;
use ratatui::style::Color;

use super::Palette;
use super::css::rgb;
use super::depth::{ANSI, ColorDepth, distance};

/// A drawn frame in the colours `depth` shows (see [`ColorDepth::convert_buffer`]), the canvas
/// roles of `palette` on a 16-colour terminal sent as the basic colours [`fallbacks`] gives
/// them, apart.
pub fn convert_frame(depth: ColorDepth, buffer: &mut Buffer, palette: &Palette) {
    if depth == ColorDepth::Ansi16 {
        let fallbacks = fallbacks(palette);
        let apart = |colour: Color| {
            fallbacks
                .iter()
                .find(|&&(from, _)| from == colour)
                .map(|&(_, to)| to)
        };
        for cell in &mut buffer.content {
            if let Some(to) = apart(cell.fg) {
                cell.fg = to;
            }
            if let Some(to) = apart(cell.bg) {
                cell.bg = to;
            }
        }
    }
    depth.convert_buffer(buffer);
}

/// What the canvas shows together, scene by scene: every two roles of a scene may touch
/// (the 42 beside the carving head, the walker on its trail, a bad cell beside a bad wall).
/// Play draws its walker in the head's colour and its chasers in the frontier's, and the
/// inspector its problems over the finished maze. The not-yet-carved ground (`unvisited`)
/// is a backdrop, not a role to find, and is left to the 3:1 rule's neighbours.
pub(super) const SCENES: [(&str, &[&str]); 4] = [
    (
        "carving",
        &[
            "walls", "passages", "head", "frontier", "entry", "exit", "stamp",
        ],
    ),
    (
        "solving",
        &[
            "walls", "passages", "visited", "frontier", "path", "entry", "exit", "stamp",
        ],
    ),
    (
        "play",
        &[
            "walls", "passages", "head", "frontier", "visited", "path", "entry", "exit", "stamp",
        ],
    ),
    (
        "inspector",
        &[
            "walls",
            "passages",
            "path",
            "entry",
            "exit",
            "stamp",
            "bad_wall",
            "bad_cell",
            "open_area",
            "unreachable",
            "illegal_step",
            "shortest",
        ],
    ),
];

/// Every role of [`SCENES`], in the order they choose.
const ROLES: [&str; 15] = [
    "passages",
    "walls",
    "path",
    "entry",
    "exit",
    "stamp",
    "head",
    "frontier",
    "visited",
    "bad_wall",
    "bad_cell",
    "open_area",
    "unreachable",
    "illegal_step",
    "shortest",
];

/// The colour of the canvas role `name` (a role of [`SCENES`]) in `palette`.
pub(super) fn role(palette: &Palette, name: &str) -> Color {
    match name {
        "walls" => palette.walls,
        "passages" => palette.passages,
        "path" => palette.path,
        "entry" => palette.entry,
        "exit" => palette.exit,
        "stamp" => palette.stamp,
        "head" => palette.head,
        "frontier" => palette.frontier,
        "visited" => palette.visited,
        "bad_wall" => palette.bad_wall,
        "bad_cell" => palette.bad_cell,
        "open_area" => palette.open_area,
        "unreachable" => palette.unreachable,
        "illegal_step" => palette.illegal_step,
        "shortest" => palette.shortest,
        other => unreachable!("{other} is not a canvas role"),
    }
}

fn touch(a: &str, b: &str) -> bool {
    SCENES
        .iter()
        .any(|(_, scene)| scene.contains(&a) && scene.contains(&b))
}

/// The basic colour each of `palette`'s canvas colours is sent as on a 16-colour terminal:
/// `(theme colour, basic colour)`, a colour two roles share mapped once, by the first.
pub fn fallbacks(palette: &Palette) -> Vec<(Color, Color)> {
    let mut chosen: Vec<(&str, Color, Color)> = Vec::new();
    for name in ROLES {
        let colour = role(palette, name);
        if chosen.iter().any(|&(_, from, _)| from == colour) {
            continue;
        }
        let Some(own) = rgb(colour) else { continue };
        let taken = |basic: Color| {
            chosen
                .iter()
                .any(|&(other, _, to)| to == basic && touch(name, other))
        };
        let mut basics = ANSI;
        basics.sort_by_key(|&basic| distance(own, rgb(basic).expect("a named colour")));
        let basic = basics
            .into_iter()
            .find(|&basic| !taken(basic))
            .unwrap_or(basics[0]);
        chosen.push((name, colour, basic));
    }
    chosen.into_iter().map(|(_, from, to)| (from, to)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::ThemeSet;

    /// On a 16-colour terminal, no two roles that can touch on the canvas share a basic
    /// colour, in any bundled colour theme (forest's path, walls and 42 were all dark grey).
    #[test]
    fn no_two_touching_roles_share_a_basic_colour_in_any_theme() {
        let themes = ThemeSet::bundled();
        let mut problems = Vec::new();
        for theme in themes.iter().filter(|theme| !theme.monochrome) {
            let palette = &theme.palette;
            let map = fallbacks(palette);
            let basic = |name: &str| {
                let colour = role(palette, name);
                map.iter().find(|(from, _)| *from == colour).unwrap().1
            };
            for (_, scene) in SCENES {
                for (i, a) in scene.iter().enumerate() {
                    for b in &scene[i + 1..] {
                        if basic(a) == basic(b) {
                            problems.push(format!("{}: {a} ~ {b} ({:?})", theme.name, basic(a)));
                        }
                    }
                }
            }
            // And the dashboard sends them so.
            let mut buffer = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 2, 1));
            buffer[(0, 0)].bg = palette.path;
            buffer[(1, 0)].bg = palette.walls;
            convert_frame(ColorDepth::Ansi16, &mut buffer, palette);
            assert_eq!(buffer[(0, 0)].bg, basic("path"), "{}", theme.name);
            assert_eq!(buffer[(1, 0)].bg, basic("walls"), "{}", theme.name);
        }
        problems.dedup();
        assert_eq!(problems, Vec::<String>::new());
    }
}
