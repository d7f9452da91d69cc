//! The bordered pane every part of the screen is drawn in.

use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

use crate::tui::theme::Theme;

/// A bordered pane in the theme's colours; the focused one has an accent border.
pub fn pane<'a>(title: &'a str, theme: &Theme, focused: bool) -> Block<'a> {
    let palette = &theme.palette;
    let border = if focused {
        palette.accent
    } else {
        palette.border
    };
    Block::bordered()
        .title(Span::styled(title, Style::new().fg(palette.accent)))
        .border_style(Style::new().fg(border))
        .style(Style::new().fg(palette.text).bg(palette.background))
}

/// Where a box holding `lines` (and its border) goes: centred in `area`, as wide as its widest
/// line and as tall as its lines, never bigger than `area`. The export and picker lists.
pub fn popup_for(lines: &[Line], area: Rect) -> Rect {
    let widest = lines.iter().map(Line::width).max().unwrap_or(0);
    let width = u16::try_from(widest + 2)
        .unwrap_or(u16::MAX)
        .min(area.width);
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    area.centered(Constraint::Length(width), Constraint::Length(height))
}
