//! The two bottom lines: the status message, and the keys that work right now (read from the
//! keymap, like the help overlay).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::keymap::{Context, footer_bindings};
use crate::tui::message::Action;
use crate::tui::model::{Focus, Model, StatusKind};
use mazegen::Phase;

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
    let spans: Vec<Span> = fitting_hints(context, usize::from(keys_area.width))
        .into_iter()
        .flat_map(|(first_key, label)| {
            [
                Span::styled(format!(" {first_key}"), key),
                Span::raw(format!(" {label} ")),
            ]
        })
        .collect();
    Paragraph::new(Line::from(spans))
        .style(base)
        .render(keys_area, buf);
}

/// The footer's hints (key, label) for `context` that fit in `width` columns: whole hints
/// only, dropping from the end of the keymap's order, but never the ones for help and quit,
/// which lead to everything else.
fn fitting_hints(context: Context, width: usize) -> Vec<(&'static str, &'static str)> {
    let mut hints: Vec<(&str, &str, bool)> = footer_bindings(context)
        .map(|binding| {
            let first_key = binding.keys_label.split(' ').next().unwrap_or_default();
            let essential = matches!(binding.action, Action::ToggleHelp | Action::Quit);
            (first_key, binding.footer.unwrap_or_default(), essential)
        })
        .collect();
    let columns = |hints: &[(&str, &str, bool)]| -> usize {
        hints
            .iter()
            .map(|(key, label, _)| key.chars().count() + label.chars().count() + 3)
            .sum()
    };
    while columns(&hints) > width {
        match hints.iter().rposition(|&(_, _, essential)| !essential) {
            Some(last) => hints.remove(last),
            None => break,
        };
    }
    hints
        .into_iter()
        .map(|(key, label, _)| (key, label))
        .collect()
}

/// What to do next, when there is no message.
fn hint(model: &Model) -> &'static str {
    match model.phase() {
        Phase::Carving => "Carving… Enter finishes, Space pauses, ? lists every key",
        Phase::Solving => "Solving… Enter finishes",
        Phase::Done => "Solved. p toggles the path, r makes a new maze, s saves",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_that_do_not_fit_are_dropped_whole_keeping_help_and_quit() {
        let all = fitting_hints(Context::Canvas, 500);
        assert_eq!(all.len(), footer_bindings(Context::Canvas).count());
        let narrow = fitting_hints(Context::Canvas, 58);
        assert!(narrow.len() < all.len());
        assert!(narrow.contains(&("?", "help")) && narrow.contains(&("q", "quit")));
        let width: usize = narrow.iter().map(|(k, l)| k.len() + l.len() + 3).sum();
        assert!(width <= 58);
        assert_eq!(narrow[0], all[0], "the first hints are kept");
        let tiny = fitting_hints(Context::Canvas, 5);
        assert_eq!(tiny, [("?", "help"), ("q", "quit")]);
    }
}
