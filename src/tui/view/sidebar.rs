//! Panes every part of the sidebar shares: the theme list, a legend, a pane title with its
//! key, and short numbers.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::roles::Role;
use super::{paint, pane};
use crate::tui::kernel::action::Action;
use crate::tui::layout::theme_scroll;
use crate::tui::model::{Focus, Model};
use crate::tui::theme::Theme;

/// A pane title naming the key that works the pane: ` Solvers (v) `.
pub(crate) fn titled_with_key(model: &Model, title: &str, action: Action) -> String {
    match model.keymap().first_key_label(action) {
        Some(key) => format!(" {title} ({key}) "),
        None => format!(" {title} "),
    }
}

pub(crate) fn themes(model: &Model, area: Rect, buf: &mut Buffer) {
    let theme = model.theme();
    let focused = model.focus() == Focus::Themes;
    let title = titled_with_key(model, "Themes", Action::ToggleFocus);
    let block = pane(&title, theme, focused);
    let inner = block.inner(area);
    block.render(area, buf);
    let palette = &theme.palette;
    let first = theme_scroll(model.cursor, inner.height);
    let lines: Vec<Line> = model
        .themes
        .iter()
        .enumerate()
        .skip(first)
        .take(usize::from(inner.height))
        .map(|(i, t)| {
            let current = i == model.theme;
            let marker = if current { "● " } else { "  " };
            let mut style = Style::new().fg(if current {
                palette.accent
            } else {
                palette.text
            });
            if focused && i == model.cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            Line::styled(format!("{marker}{}", t.name), style)
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

/// A legend pane: each role drawn with the canvas's own painter beside its name, three a row.
pub(crate) fn legend(theme: &Theme, items: &[(Role, &str)], area: Rect, buf: &mut Buffer) {
    let block = pane(" Legend ", theme, false);
    let inner = block.inner(area);
    block.render(area, buf);
    let lines: Vec<Line> = items
        .chunks(3)
        .map(|row| {
            let spans = row.iter().flat_map(|&(role, name)| {
                let (symbols, style) = paint::block(role, theme);
                [
                    Span::styled(symbols.concat(), style),
                    Span::raw(format!(" {name:<6} ")),
                ]
            });
            Line::from(spans.collect::<Vec<_>>())
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

/// 950 → "950", 12_345 → "12.3k", 4_500_000 → "4.5M".
pub fn short_number(n: f64) -> String {
    match n {
        n if n >= 999_950.0 => format!("{:.1}M", n / 1e6),
        n if n >= 999.5 => format!("{:.1}k", n / 1e3),
        n => format!("{n:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::short_number;

    #[test]
    fn numbers_are_shortened() {
        assert_eq!(short_number(0.0), "0");
        assert_eq!(short_number(950.2), "950");
        assert_eq!(short_number(12_345.0), "12.3k");
        assert_eq!(short_number(4_500_000.0), "4.5M");
    }
}
