//! The two bottom lines: the status message, and the keys that work right now (read from the
//! model's keymap, like the help overlay, so the user's own keys show).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::kernel::action::HelpScroll;
use crate::tui::keymap::{Context, Keymap};
use crate::tui::layer;
use crate::tui::message::Action;
use crate::tui::model::{Model, StatusKind};
use crate::tui::theme::Theme;
use mazegen::Phase;

pub fn draw(model: &Model, status_area: Rect, keys_area: Rect, buf: &mut Buffer) {
    let palette = &model.theme().palette;
    let base = Style::new().fg(palette.footer).bg(palette.background);
    let style = match model.status().map(|status| status.kind) {
        None | Some(StatusKind::Info) => base,
        Some(StatusKind::Success) => base.fg(palette.accent),
        Some(StatusKind::Warning) => base.fg(palette.accent).add_modifier(Modifier::BOLD),
        Some(StatusKind::Error) => base.fg(palette.exit).add_modifier(Modifier::BOLD),
    };
    Paragraph::new(Line::styled(status_text(model), style))
        .style(base)
        .render(status_area, buf);

    let context = layer::key_context(model);
    let width = usize::from(keys_area.width);
    let hints = match context {
        // Under the help only the keys that close it do anything.
        Context::Help => {
            let closing = model.keymap().help_closing_keys();
            closing
                .first()
                .map(|key| (key.label(), "close help"))
                .into_iter()
                .collect()
        }
        // Under the log: what closes it, scrolls it, and dismisses the warning.
        Context::Log => log_hints(model),
        _ => fitting_hints(model.keymap(), context, width, |action| {
            layer::does_something(model, action)
        }),
    };
    draw_hints(hints, model.theme(), keys_area, buf);
}

/// The status line's text as drawn: the message, or what to do next when there is none.
pub(crate) fn status_text(model: &Model) -> String {
    match model.status() {
        Some(status) => format!(" {}", status.text),
        None => format!(" {}", hint(model)),
    }
}

/// The footer's hints while the message log is open.
fn log_hints(model: &Model) -> Vec<(String, &'static str)> {
    let keymap = model.keymap();
    let key = |action| keymap.first_key_label(action);
    let mut hints = vec![("Esc".to_owned(), "close")];
    if let Some(down) = key(Action::ScrollHelp(HelpScroll::Down)) {
        hints.push((down, "scroll"));
    }
    if layer::does_something(model, Action::DismissWarning)
        && let Some(dismiss) = key(Action::DismissWarning)
    {
        hints.push((dismiss, "dismiss warning"));
    }
    hints
}

/// The keys line: each hint's key in the accent colour, then its label.
pub(crate) fn draw_hints(
    hints: Vec<(String, &'static str)>,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let palette = &theme.palette;
    let base = Style::new().fg(palette.footer).bg(palette.background);
    let key = Style::new().fg(palette.accent).add_modifier(Modifier::BOLD);
    let spans: Vec<Span> = hints
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
        .render(area, buf);
}

/// The footer's hints (key, label) for `context` that fit in `width` columns: whole hints
/// only, dropping from the end of the keymap's order, but never the ones for help and quit,
/// which lead to everything else, nor the one that dismisses a warning.
fn fitting_hints(
    keymap: &Keymap,
    context: Context,
    width: usize,
    does_something: impl Fn(Action) -> bool,
) -> Vec<(String, &'static str)> {
    let mut hints: Vec<(String, &str, bool)> = keymap
        .footer_bindings(context)
        .filter(|binding| does_something(binding.action))
        .map(|binding| {
            let first_key = binding.keys.first().map(|key| key.label());
            // The dismiss key shows only while a warning is up, and is the one way to take
            // it down: it goes with help and quit.
            let essential = matches!(
                binding.action,
                Action::ToggleHelp | Action::Quit | Action::DismissWarning
            );
            (
                first_key.unwrap_or_default(),
                binding.footer.unwrap_or_default(),
                essential,
            )
        })
        .collect();
    let columns = |hints: &[(String, &str, bool)]| -> usize {
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

/// What to do next, when there is no message, with the keys that do it (those that have one).
fn hint(model: &Model) -> String {
    let keymap = model.keymap();
    let (start, ideas): (&str, &[(Action, &str)]) = match model.phase() {
        Phase::Carving => (
            "Carving…",
            &[
                (Action::Finish, "finishes"),
                (Action::TogglePause, "pauses"),
                (Action::ToggleHelp, "lists every key"),
            ],
        ),
        Phase::Solving => ("Solving…", &[(Action::Finish, "finishes")]),
        Phase::Done => (
            "Solved.",
            &[
                (Action::TogglePath, "toggles the path"),
                (Action::Regenerate, "makes a new maze"),
                (Action::Save, "saves"),
            ],
        ),
    };
    let ideas: Vec<String> = ideas
        .iter()
        .filter_map(|&(action, what)| Some(format!("{} {what}", keymap.first_key_label(action)?)))
        .collect();
    match ideas.as_slice() {
        [] => start.to_owned(),
        ideas => format!("{start} {}", ideas.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(hints: &[(&str, &'static str)]) -> Vec<(String, &'static str)> {
        hints
            .iter()
            .map(|&(key, label)| (key.to_owned(), label))
            .collect()
    }

    #[test]
    fn hints_that_do_not_fit_are_dropped_whole_keeping_help_and_quit() {
        let keymap = Keymap::built_in();
        let all = fitting_hints(&keymap, Context::Canvas, 500, |_| true);
        assert_eq!(all.len(), keymap.footer_bindings(Context::Canvas).count());
        let narrow = fitting_hints(&keymap, Context::Canvas, 58, |_| true);
        assert!(narrow.len() < all.len());
        assert!(narrow.contains(&("?".to_owned(), "help")));
        assert!(narrow.contains(&("q".to_owned(), "quit")));
        let width: usize = narrow.iter().map(|(k, l)| k.len() + l.len() + 3).sum();
        assert!(width <= 58);
        assert_eq!(narrow[0], all[0], "the first hints are kept");
        let tiny = fitting_hints(&keymap, Context::Canvas, 5, |_| true);
        assert_eq!(
            tiny,
            owned(&[("?", "help"), ("q", "quit"), ("x", "dismiss warning")])
        );
    }

    #[test]
    fn hints_show_the_users_first_key_and_skip_actions_left_without_one() {
        let text = "[keys]\nquit = [\"ctrl-q\", \"q\"]\nsave = \"w\"\nexport = []\n";
        let keymap = Keymap::built_in()
            .with_user_keys(text, std::path::Path::new("keys.toml"))
            .unwrap();
        let hints = fitting_hints(&keymap, Context::Canvas, 500, |_| true);
        assert!(hints.contains(&("Ctrl-q".to_owned(), "quit")), "{hints:?}");
        assert!(hints.contains(&("w".to_owned(), "save")), "{hints:?}");
        assert!(!hints.iter().any(|(_, label)| *label == "svg"), "{hints:?}");
    }
}
