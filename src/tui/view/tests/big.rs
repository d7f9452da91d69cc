//! Big mazes at 80x24 and 140x45: the sidebar's compact counts, the whole view's thin path,
//! the 1:4 view, and the distance heatmap in colour (written as digits, 0 near the entry to
//! 9 farthest) and without it (its glyph ramp).

use super::{act, render, role_letter, screen_text, sized, theme};
use crate::tui::message::Action;
use crate::tui::model::Model;
use crate::tui::testing::{answer, inline_model};
use crate::tui::view::heat::{GLYPHS, ramp_step};
use crate::tui::viewport::{Shown, Zoom};

/// A solved `width` x `height` maze, seed 42, finished at once, in a `size` terminal with the
/// sidebar shown (see [`resized`]).
fn solved(width: u32, height: u32, size: (u16, u16)) -> Model {
    let mut m = inline_model(width, height);
    act(&mut m, Action::Finish);
    resized(m, size)
}

/// `m` in a `size` terminal with the sidebar shown: 80 columns fold it, and `b` unfolds it,
/// so that its numbers are on screen.
fn resized(mut m: Model, size: (u16, u16)) -> Model {
    m.sidebar_flipped = !crate::tui::layout::shows_sidebar(size, false);
    sized(m, size.0, size.1)
}

/// The value after a sidebar label, as drawn, if the label is on screen (24 rows cut the
/// facts pane short; 45 show it all).
fn row_after<'a>(text: &'a str, label: &str) -> Option<&'a str> {
    let line = text.lines().find(|l| l.contains(label))?;
    let at = line.find(label)? + label.len();
    Some(line[at..].split('│').next()?.trim())
}

#[test]
fn snapshot_200x100_counts_at_80x24_and_140x45() {
    for size in [(80, 24), (140, 45)] {
        let m = solved(200, 100, size);
        let text = screen_text(&m);
        let stats = m.shown_session().stats().unwrap().clone();
        assert!(stats.junctions >= 1000, "{}", stats.junctions);
        // 1980 dead ends and 1953 junctions used to read "1980 · junctions 19".
        if let Some(dead_ends) = row_after(&text, "Dead ends") {
            let expected = crate::tui::text::two_counts(
                stats.dead_ends,
                "junctions",
                "junct.",
                stats.junctions,
                19,
            );
            assert_eq!(dead_ends, expected);
            assert!(dead_ends.ends_with('k'), "{dead_ends}");
        } else {
            assert_eq!(size, (80, 24), "{text}");
        }
        insta::assert_snapshot!(format!("200x100_at_{}x{}", size.0, size.1), text);
    }
}

#[test]
fn snapshot_2000x2000_whole_at_80x24_and_140x45() {
    let mut m = solved(2000, 2000, (80, 24));
    for size in [(80, 24), (140, 45)] {
        m = resized(m, size);
        let text = screen_text(&m);
        for label in ["Dead ends", "Loops", "Shortest"] {
            let value = row_after(&text, label);
            assert!(value.is_some() || size == (80, 24), "{label}: {text}");
            let value = value.unwrap_or_default();
            assert!(value.chars().count() <= 19, "{label}: {value}");
        }
        if size == (140, 45) {
            let shortest = row_after(&text, "Shortest").unwrap();
            assert!(shortest.starts_with("351542 steps"), "{shortest}");
            assert_eq!(row_after(&text, "Dead ends"), Some("398k · junct. 391k"));
        }
        // The path is a line of solid characters in the path's colour, from E to X: one
        // character wide, not the area it winds over.
        let buf = render(&m);
        let palette = &m.theme().palette;
        let canvas = m.screen().unwrap().canvas;
        let line = (canvas.top()..canvas.bottom())
            .flat_map(|y| (canvas.left()..canvas.right()).map(move |x| (x, y)))
            .filter(|&at| buf[at].bg == palette.path)
            .count();
        let chars = usize::from(canvas.width) * usize::from(canvas.height);
        assert!(line > 10 && line * 8 < chars, "{line} of {chars}");
        insta::assert_snapshot!(format!("2000x2000_whole_at_{}x{}", size.0, size.1), text);
    }
}

#[test]
fn snapshot_2000x2000_at_1_4_at_80x24_and_140x45() {
    let mut m = solved(2000, 2000, (80, 24));
    act(&mut m, Action::ToggleZoom);
    assert_eq!(m.viewport().zoom(), Zoom::Detail);
    act(&mut m, Action::ToggleZoom);
    assert_eq!(m.viewport().zoom(), Zoom::Braille);
    for size in [(80, 24), (140, 45)] {
        m = resized(m, size);
        let canvas = m.screen().unwrap().canvas_size();
        assert_eq!(m.viewport().shown(m.maze_blocks(), canvas), Shown::Braille);
        let text = screen_text(&m);
        let title = text.lines().next().unwrap();
        assert!(title.contains("1:4 · cells 0–"), "{title}");
        // Walls in braille, the entry's colour, and the minimap in the corner.
        assert!(text.contains('E') && text.contains('┌'), "{text}");
        insta::assert_snapshot!(format!("2000x2000_1_4_at_{}x{}", size.0, size.1), text);
    }
}

#[test]
fn snapshot_2000x2000_at_1_4_without_colour_shows_the_entry_by_its_glyph() {
    let mut m = solved(2000, 2000, (80, 24));
    theme(&mut m, "plain");
    act(&mut m, Action::ToggleZoom);
    act(&mut m, Action::ToggleZoom);
    for size in [(80, 24), (140, 45)] {
        m = resized(m, size);
        act(
            &mut m,
            Action::Centre(crate::tui::kernel::action::Place::Entry),
        );
        assert_eq!(m.viewport().zoom(), Zoom::Braille);
        let text = screen_text(&m);
        assert!(text.contains('('), "the entry's glyph: {text}");
        // The path, which colour draws as the characters' background, in reverse video.
        let buf = render(&m);
        let reversed = buf
            .content()
            .iter()
            .filter(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED))
            .count();
        assert!(reversed > 10, "{reversed} characters of the path");
        insta::assert_snapshot!(
            format!("2000x2000_1_4_plain_at_{}x{}", size.0, size.1),
            text
        );
    }
}

/// The screen with the canvas's heatmap as digits (the top pixel of each half block), the
/// other colours as `screen_text` writes them.
fn heat_text(model: &Model) -> String {
    let buf = render(model);
    let canvas = model.screen().unwrap().canvas;
    let palette = &model.theme().palette;
    let mut text = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            let cell = &buf[(x, y)];
            let on_canvas = canvas.contains((x, y).into());
            let colour = if cell.symbol() == "▀" {
                cell.fg
            } else {
                cell.bg
            };
            match (on_canvas, cell.symbol(), ramp_step(colour)) {
                (true, "▀" | " ", Some(step)) => text.push(hex_digit(step)),
                (true, "▀" | " ", None) => text.push(role_letter(colour, palette)),
                _ => text.push_str(cell.symbol()),
            }
        }
        text.push('\n');
    }
    text
}

/// A step of the heat ramp as one character: `0` to `9`, then `a`, `b`.
fn hex_digit(step: u8) -> char {
    char::from_digit(u32::from(step), 16).expect("the ramp has under 16 steps")
}

/// `m` with the heatmap on and its flood answered.
fn heated(mut m: Model) -> Model {
    let effects = crate::tui::update(
        &mut m,
        crate::tui::message::Message::Action(Action::ToggleHeat),
    );
    let ran = answer(&mut m, effects);
    assert!(
        ran.iter().any(|e| matches!(
            e,
            crate::tui::effect::Effect::Work(crate::tui::effect::Work::Distances(_))
        )),
        "the flood is a job"
    );
    m
}

#[test]
fn snapshot_2000x2000_heatmap_at_80x24_and_140x45() {
    let mut m = heated(solved(2000, 2000, (80, 24)));
    for size in [(80, 24), (140, 45)] {
        m = resized(m, size);
        let text = heat_text(&m);
        // Near the entry (top-left) is near; the whole ramp is used; the exit is marked.
        let canvas = m.screen().unwrap().canvas;
        let first_row: String = text.lines().nth(usize::from(canvas.y)).unwrap().into();
        let digits: std::collections::BTreeSet<char> =
            text.chars().filter(char::is_ascii_digit).collect();
        assert!(digits.contains(&'0') && digits.contains(&'9'), "{digits:?}");
        assert!(digits.len() >= 8, "{digits:?}");
        assert!(
            first_row.contains("E0") || first_row.contains('0'),
            "{first_row}"
        );
        assert!(text.contains('X'), "{text}");
        // The legend on the canvas pane's bottom border.
        assert!(text.contains("distance: entry"), "{text}");
        assert!(text.contains("625k steps"), "{text}");
        insta::assert_snapshot!(format!("2000x2000_heat_at_{}x{}", size.0, size.1), text);
    }
}

#[test]
fn snapshot_2000x2000_heatmap_without_colour_is_a_glyph_ramp() {
    let mut m = solved(2000, 2000, (80, 24));
    theme(&mut m, "plain");
    let mut m = heated(m);
    for size in [(80, 24), (140, 45)] {
        m = resized(m, size);
        let text = screen_text(&m);
        let canvas = m.screen().unwrap().canvas;
        let ramp_glyphs = text
            .lines()
            .skip(usize::from(canvas.y))
            .take(usize::from(canvas.height))
            .flat_map(|l| l.chars())
            .filter(|c| GLYPHS.iter().any(|g| g.starts_with(*c)))
            .count();
        assert!(ramp_glyphs > usize::from(canvas.width), "{text}");
        assert!(text.contains(&GLYPHS.concat()), "the legend's ramp: {text}");
        assert!(
            text.contains('(') && text.contains('['),
            "entry and exit: {text}"
        );
        insta::assert_snapshot!(
            format!("2000x2000_heat_plain_at_{}x{}", size.0, size.1),
            text
        );
    }
}
