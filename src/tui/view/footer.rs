//! The two bottom lines: the status message, and the keys that work right now (read from the
//! keymap, like the help overlay).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::keymap::{Context, footer_bindings};
use crate::tui::maze_run::Phase;
use crate::tui::model::{Focus, Model, StatusKind};

pub fn draw(model: &Model, status_area: Rect, keys_area: Rect, buf: &mut Buffer) {
    let palette = &model.theme().palette;
    let base = Style::new().fg(palette.footer).bg(palette.background);
    let (text, style) = match model.status() {
        Some(status) => {
            let style = match status.kind {
                StatusKind::Info => base,
                StatusKind::Success => base.fg(palette.accent),
                StatusKind::Warning => base.fg(palette.accent).add_modifier(Modifier::BOLD),
                StatusKind::Error => base.fg(palette.exit).add_modifier(Modifier::BOLD),
            };
            (status.text.clone(), style)
        }
        None => (hint(model).to_owned(), base),
    };
    Paragraph::new(Line::styled(format!(" {text}"), style))
        .style(base)
        .render(status_area, buf);

    let context = match model.focus() {
        Focus::Canvas => Context::Canvas,
        Focus::Themes => Context::Themes,
    };
    let key = Style::new().fg(palette.accent).add_modifier(Modifier::BOLD);
    let spans: Vec<Span> = footer_bindings(context)
        .flat_map(|binding| {
            let first_key = binding.keys_label.split(' ').next().unwrap_or_default();
            [
                Span::styled(format!(" {first_key}"), key),
                Span::raw(format!(" {} ", binding.footer.unwrap_or_default())),
            ]
        })
        .collect();
    Paragraph::new(Line::from(spans))
        .style(base)
        .render(keys_area, buf);
}

/// What to do next, when there is no message.
fn hint(model: &Model) -> &'static str {
    match model.phase() {
        Phase::Carving => "Carving… Enter finishes, Space pauses, ? lists every key",
        Phase::Solving => "Solving… Enter finishes",
        Phase::Done => "Solved. p toggles the path, r makes a new maze, s saves",
    }
}
