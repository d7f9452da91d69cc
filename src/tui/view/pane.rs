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

/// A list's scroll cue, for its pane's bottom border: how many of its `total` rows are above
/// and below the `shown` rows from `first`, `None` when every row shows. Written out
/// (`↑ 2 more · ↓ 3 more`) where `width` has room, else short (`↑2 ↓3`).
pub fn scroll_cue(first: usize, shown: usize, total: usize, width: u16) -> Option<String> {
    let above = first.min(total);
    let below = total.saturating_sub(first + shown);
    if above == 0 && below == 0 {
        return None;
    }
    let part = |arrow: &str, n: usize, long: bool| match (n, long) {
        (0, _) => None,
        (n, true) => Some(format!("{arrow} {n} more")),
        (n, false) => Some(format!("{arrow}{n}")),
    };
    let text = |long: bool, gap: &str| {
        let parts: Vec<String> = [part("↑", above, long), part("↓", below, long)]
            .into_iter()
            .flatten()
            .collect();
        format!(" {} ", parts.join(gap))
    };
    let long = text(true, " · ");
    // The corners and a dash of the border each side stay.
    if long.chars().count() + 4 <= usize::from(width) {
        Some(long)
    } else {
        Some(text(false, " "))
    }
}

#[cfg(test)]
mod tests {
    use super::scroll_cue;

    #[test]
    fn a_cue_counts_the_rows_out_of_view_on_each_side() {
        assert_eq!(scroll_cue(0, 7, 7, 30), None);
        assert_eq!(scroll_cue(0, 3, 7, 30).as_deref(), Some(" ↓ 4 more "));
        assert_eq!(scroll_cue(4, 3, 7, 30).as_deref(), Some(" ↑ 4 more "));
        assert_eq!(
            scroll_cue(2, 3, 7, 30).as_deref(),
            Some(" ↑ 2 more · ↓ 2 more ")
        );
        // A narrow box gets the short form.
        assert_eq!(scroll_cue(2, 3, 7, 16).as_deref(), Some(" ↑2 ↓2 "));
    }
}
