//! The help overlay: every binding of the keymap (the user's keys included), grouped by where it
//! applies.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::pane;
use crate::tui::keymap::{Context, Keymap};
use crate::tui::message::Action;
use crate::tui::theme::Theme;

/// The narrowest keys column (with the space after the keys), so short keys line their
/// descriptions up the same way.
const MIN_KEY_COLUMN: usize = 9;

pub fn draw(theme: &Theme, keymap: &Keymap, area: Rect, buf: &mut Buffer) {
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
    let groups = [
        (Context::Global, "Anywhere".to_owned()),
        (Context::Canvas, "Maze view".to_owned()),
        (Context::Themes, themes_title),
        (Context::Play, play_title),
        (Context::Export, export_title),
    ];
    let shown = || {
        keymap
            .bindings()
            .iter()
            .filter(|b| groups.iter().any(|(context, _)| *context == b.context))
    };
    let key_column = shown()
        .map(|b| b.keys_label().chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(MIN_KEY_COLUMN);
    let longest_help = shown().map(|b| b.help.chars().count()).max().unwrap_or(0);
    // A column's width: a space, the keys column and the longest description.
    let column_width = u16::try_from(1 + key_column + longest_help).unwrap_or(u16::MAX);
    // The replay and race keys apply anywhere, but get a heading of their own, so that the
    // two columns stay even and the list fits 24 rows.
    let replay_or_race = |action: Action| matches!(action, Action::Scrub(_) | Action::Race);
    let section = |context: Context, replay: bool, title: &str| {
        let heading = Style::new()
            .fg(theme.palette.accent)
            .add_modifier(Modifier::BOLD);
        let key = Style::new().fg(theme.palette.accent);
        let mut lines = vec![Line::styled(title.to_owned(), heading)];
        lines.extend(
            keymap
                .bindings()
                .iter()
                .filter(|b| b.context == context && replay_or_race(b.action) == replay)
                .map(|b| {
                    Line::from(vec![
                        Span::styled(format!(" {:<key_column$}", b.keys_label()), key),
                        Span::raw(b.help),
                    ])
                }),
        );
        lines
    };
    let [global, canvas, themes, play, export] =
        groups.map(|(context, title)| section(context, false, &title));
    let replay = section(Context::Global, true, "Replay and race");
    let gap = || vec![Line::default()];
    // As many columns as the terminal's width allows (up to three), so the list fits the
    // fewest rows.
    let columns: Vec<Vec<Line>> = if area.width >= column_width.saturating_mul(3) + 4 {
        vec![
            global,
            [canvas, gap(), themes, gap(), play].concat(),
            [replay, gap(), export].concat(),
        ]
    } else if area.width >= column_width.saturating_mul(2) + 4 {
        vec![
            [global, gap(), export].concat(),
            [canvas, gap(), themes, gap(), play, gap(), replay].concat(),
        ]
    } else {
        vec![
            [
                global,
                gap(),
                canvas,
                gap(),
                themes,
                gap(),
                play,
                gap(),
                replay,
                gap(),
                export,
            ]
            .concat(),
        ]
    };
    let rows = columns.iter().map(Vec::len).max().unwrap_or(0) as u16;
    let width = column_width
        .saturating_mul(columns.len() as u16)
        .saturating_add(2)
        .min(area.width);
    let height = (rows + 2).min(area.height);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(popup, buf);
    let closing: Vec<String> = keymap
        .help_closing_keys()
        .iter()
        .take(2)
        .map(|key| key.label())
        .collect();
    let title = format!(" Keys · {} closes ", closing.join(" or "));
    let block = pane(&title, theme, true);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let count = columns.len();
    let areas = Layout::horizontal(vec![Constraint::Fill(1); count]).split(inner);
    for (lines, column) in columns.into_iter().zip(areas.iter()) {
        Paragraph::new(lines).render(*column, buf);
    }
}
