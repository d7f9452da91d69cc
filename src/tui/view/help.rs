//! The help overlay: every binding of the keymap (the user's keys included), grouped by where it
//! applies, and what the mouse does. It takes as many columns as the width allows, down to
//! one, and scrolls (with a scrollbar) when the terminal is too short for it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Margin, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Clear, Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget,
};

use super::pane;
use crate::tui::kernel::action::HelpScroll;
use crate::tui::keymap::{Context, Keymap};
use crate::tui::message::Action;
use crate::tui::theme::Theme;

/// The narrowest keys column (with the space after the keys), so short keys line their
/// descriptions up the same way.
const MIN_KEY_COLUMN: usize = 9;

/// What a click and the wheel do, as `update::mouse_action` and the race answer them.
const MOUSE: [(&str, &str); 6] = [
    ("click", "on the maze: give it the keys"),
    ("click", "on a theme: use it"),
    ("click", "on a race lane: focus it"),
    ("wheel", "over the maze: pan (Shift: sideways)"),
    ("wheel", "over the theme list: move the cursor"),
    ("wheel", "over this help: scroll it"),
];

/// The overlay laid out for a terminal of `area`: its place, its columns of lines, and how far
/// it can scroll.
struct Sheet<'a> {
    popup: Rect,
    columns: Vec<Vec<Line<'a>>>,
    /// The rows inside the border.
    visible: u16,
    /// The first row shown when scrolled to the end (0 when everything fits).
    last_offset: u16,
}

fn sheet<'a>(theme: &Theme, keymap: &'a Keymap, area: Rect) -> Sheet<'a> {
    let themes_title = match keymap.first_key_label(Action::ToggleFocus) {
        Some(key) => format!("Theme list ({key})"),
        None => "Theme list".to_owned(),
    };
    let play_title = match keymap.first_key_label(Action::TogglePlay) {
        Some(key) => format!("Play mode ({key})"),
        None => "Play mode".to_owned(),
    };
    let export_title = match keymap.first_key_label(Action::Export) {
        Some(key) => format!("Export list ({key})"),
        None => "Export list".to_owned(),
    };
    let picker_title = match (
        keymap.first_key_label(Action::AlgorithmList),
        keymap.first_key_label(Action::SolverList),
    ) {
        (Some(a), Some(v)) => format!("Algorithm and solver lists ({a} {v})"),
        _ => "Algorithm and solver lists".to_owned(),
    };
    let groups = [
        (Context::Global, "Anywhere".to_owned()),
        (Context::Canvas, "Maze view".to_owned()),
        (Context::Themes, themes_title),
        (Context::Play, play_title),
        (Context::Help, "This help".to_owned()),
        (Context::Export, export_title),
        (Context::Picker, picker_title),
    ];
    let shown = || {
        keymap
            .bindings()
            .iter()
            .filter(|b| groups.iter().any(|(context, _)| *context == b.context))
    };
    let key_column = shown()
        .map(|b| b.keys_label().chars().count() + 1)
        .chain(MOUSE.iter().map(|(what, _)| what.chars().count() + 1))
        .max()
        .unwrap_or(0)
        .max(MIN_KEY_COLUMN);
    let longest_help = shown()
        .map(|b| b.help.chars().count())
        .chain(MOUSE.iter().map(|(_, does)| does.chars().count()))
        .max()
        .unwrap_or(0);
    // A column's width: a space, the keys column and the longest description.
    let column_width = u16::try_from(1 + key_column + longest_help).unwrap_or(u16::MAX);
    let heading = Style::new()
        .fg(theme.palette.accent)
        .add_modifier(Modifier::BOLD);
    let key = Style::new().fg(theme.palette.accent);
    let entry = |keys: String, help: &'a str| {
        Line::from(vec![
            Span::styled(format!(" {keys:<key_column$}"), key),
            Span::raw(help),
        ])
    };
    // The replay and race keys apply anywhere, but get a heading of their own, so that the
    // columns stay even.
    let replay_or_race = |action: Action| matches!(action, Action::Scrub(_) | Action::Race);
    let section = |context: Context, replay: bool, title: &str| {
        let mut lines = vec![Line::styled(title.to_owned(), heading)];
        lines.extend(
            keymap
                .bindings()
                .iter()
                .filter(|b| b.context == context && replay_or_race(b.action) == replay)
                .map(|b| entry(b.keys_label(), b.help)),
        );
        lines
    };
    let [global, canvas, themes, play, help, export, picker] =
        groups.map(|(context, title)| section(context, false, &title));
    let replay = section(Context::Global, true, "Replay and race");
    let mut mouse = vec![Line::styled("Mouse", heading)];
    mouse.extend(
        MOUSE
            .iter()
            .map(|&(what, does)| entry(what.to_owned(), does)),
    );
    // As many columns as the terminal's width allows (up to three), so the list fits the
    // fewest rows; one column when narrow, scrolled.
    let columns: Vec<Vec<Line>> = if area.width >= column_width.saturating_mul(3) + 4 {
        vec![
            global,
            spaced([canvas, themes, picker, play]),
            spaced([replay, export, mouse, help]),
        ]
    } else if area.width >= column_width.saturating_mul(2) + 4 {
        vec![
            spaced([global, export, picker, mouse]),
            spaced([canvas, themes, play, replay, help]),
        ]
    } else {
        vec![spaced([
            global, canvas, themes, picker, play, replay, export, mouse, help,
        ])]
    };
    let rows = u16::try_from(columns.iter().map(Vec::len).max().unwrap_or(0)).unwrap_or(u16::MAX);
    let width = column_width
        .saturating_mul(columns.len() as u16)
        .saturating_add(2)
        .min(area.width);
    let height = rows.saturating_add(2).min(area.height);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    let visible = height.saturating_sub(2);
    Sheet {
        popup,
        columns,
        visible,
        last_offset: rows.saturating_sub(visible),
    }
}

/// The sections one after the other, a blank line between each two.
fn spaced<'a, const N: usize>(sections: [Vec<Line<'a>>; N]) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    for (i, section) in sections.into_iter().enumerate() {
        if i > 0 {
            lines.push(Line::default());
        }
        lines.extend(section);
    }
    lines
}

/// The first row shown after `scroll` from `offset`, in a terminal of `area`: never past the
/// row that shows the last line at the bottom.
pub fn scrolled(
    theme: &Theme,
    keymap: &Keymap,
    area: Rect,
    offset: u16,
    scroll: HelpScroll,
) -> u16 {
    let sheet = sheet(theme, keymap, area);
    let page = sheet.visible.saturating_sub(1).max(1);
    let offset = offset.min(sheet.last_offset);
    let moved = match scroll {
        HelpScroll::Up => offset.saturating_sub(1),
        HelpScroll::Down => offset.saturating_add(1),
        HelpScroll::PageUp => offset.saturating_sub(page),
        HelpScroll::PageDown => offset.saturating_add(page),
        HelpScroll::Top => 0,
        HelpScroll::Bottom => sheet.last_offset,
    };
    moved.min(sheet.last_offset)
}

/// Draws the overlay over `area`, its text scrolled down `offset` rows.
pub fn draw(theme: &Theme, keymap: &Keymap, offset: u16, area: Rect, buf: &mut Buffer) {
    let Sheet {
        popup,
        columns,
        visible,
        last_offset,
    } = sheet(theme, keymap, area);
    let offset = offset.min(last_offset);
    Clear.render(popup, buf);
    let closing: Vec<String> = keymap
        .help_closing_keys()
        .iter()
        .take(2)
        .map(|key| key.label())
        .collect();
    let title = if last_offset > 0 {
        format!(" Keys · {} closes · j k scroll ", closing.join(" or "))
    } else {
        format!(" Keys · {} closes ", closing.join(" or "))
    };
    let block = pane(&title, theme, true);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let count = columns.len();
    let areas = Layout::horizontal(vec![Constraint::Fill(1); count]).split(inner);
    for (lines, column) in columns.into_iter().zip(areas.iter()) {
        Paragraph::new(lines)
            .scroll((offset, 0))
            .render(*column, buf);
    }
    if last_offset > 0 {
        // Drawn over the right border. The state's content length is the scroll positions,
        // so the thumb reaches the bottom exactly when the last line is shown.
        let mut state = ScrollbarState::new(usize::from(last_offset) + 1)
            .position(usize::from(offset))
            .viewport_content_length(usize::from(visible));
        Scrollbar::new(ScrollbarOrientation::VerticalRight)
            .style(Style::new().fg(theme.palette.accent))
            .render(popup.inner(Margin::new(0, 1)), buf, &mut state);
    }
}
