//! The timeline on the status line while scrubbing: the step shown, of how many, and a bar.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::model::Model;
use crate::tui::timeline::position;

/// Columns of the bar itself.
const BAR: usize = 20;

/// Draws the timeline at the right of the status line, while a replayed moment is shown.
pub fn draw(model: &Model, status: Rect, buf: &mut Buffer) {
    if !model.replay().is_scrubbing() {
        return;
    }
    let (at, of) = position(model);
    let text = format!(" step {at} of {of} ");
    let filled = if of == 0 {
        0
    } else {
        (at as u128 * BAR as u128 / of as u128) as usize
    };
    let percent = at * 100 / of.max(1);
    let width = (text.chars().count() + BAR + 6).min(usize::from(status.width)) as u16;
    let area = Rect::new(status.right() - width, status.y, width, 1);
    let palette = &model.theme().palette;
    let base = Style::new().fg(palette.footer).bg(palette.background);
    let line = Line::from(vec![
        Span::styled(text, base.fg(palette.accent)),
        Span::styled("━".repeat(filled), base.fg(palette.accent)),
        Span::styled("─".repeat(BAR - filled), base.fg(palette.muted)),
        Span::styled(format!(" {percent:>3}% "), base),
    ]);
    Paragraph::new(line).style(base).render(area, buf);
}
