//! The help overlay: every binding of the keymap, grouped by where it applies.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::pane;
use crate::tui::keymap::{BINDINGS, Context};
use crate::tui::theme::Theme;

const KEY_COLUMN: usize = 9;
/// A column's width: the keys, a space and the longest description.
const COLUMN_WIDTH: u16 = 46;

pub fn draw(theme: &Theme, area: Rect, buf: &mut Buffer) {
    let groups = [
        (Context::Global, "Anywhere"),
        (Context::Canvas, "Maze view"),
        (Context::Themes, "Theme list (Tab)"),
    ];
    let section = |context: Context, title: &'static str| {
        let heading = Style::new()
            .fg(theme.palette.accent)
            .add_modifier(Modifier::BOLD);
        let key = Style::new().fg(theme.palette.accent);
        let mut lines = vec![Line::styled(title, heading)];
        lines.extend(BINDINGS.iter().filter(|b| b.context == context).map(|b| {
            Line::from(vec![
                Span::styled(format!(" {:<KEY_COLUMN$}", b.keys_label), key),
                Span::raw(b.help),
            ])
        }));
        lines
    };
    let [global, canvas, themes] = groups.map(|(context, title)| section(context, title));
    // Two columns when the terminal is wide enough, so the whole list fits 24 rows.
    let columns: Vec<Vec<Line>> = if area.width >= 2 * COLUMN_WIDTH + 4 {
        vec![global, [canvas, vec![Line::default()], themes].concat()]
    } else {
        vec![
            [
                global,
                vec![Line::default()],
                canvas,
                vec![Line::default()],
                themes,
            ]
            .concat(),
        ]
    };
    let rows = columns.iter().map(Vec::len).max().unwrap_or(0) as u16;
    let width = (COLUMN_WIDTH * columns.len() as u16 + 2).min(area.width);
    let height = (rows + 2).min(area.height);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(popup, buf);
    let block = pane(" Keys · Esc or ? closes ", theme, true);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let count = columns.len();
    let areas = Layout::horizontal(vec![Constraint::Fill(1); count]).split(inner);
    for (lines, column) in columns.into_iter().zip(areas.iter()) {
        Paragraph::new(lines).render(*column, buf);
    }
}
