//! The bordered pane every part of the screen is drawn in.

use ratatui::style::Style;
use ratatui::text::Span;
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
