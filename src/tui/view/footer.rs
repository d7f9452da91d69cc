//! The two bottom lines: the status message, and the keys that work right now (read from the
//! model's keymap, like the help overlay, so the user's own keys show).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::kernel::action::{HelpScroll, Scrub};
use crate::tui::keymap::{Binding, Context, Keymap};
use crate::tui::layer;
use crate::tui::message::Action;
use crate::tui::model::{Model, Status, StatusKind};
use crate::tui::theme::Theme;
use mazegen::session::Phase;

pub fn draw(model: &Model, status_area: Rect, keys_area: Rect, buf: &mut Buffer) {
    let palette = &model.theme().palette;
    let base = Style::new().fg(palette.footer).bg(palette.background);
    let status = layer::status(model);
    let style = match status.as_ref().map(|status| status.kind) {
        None | Some(StatusKind::Info) => base,
        Some(StatusKind::Success) => base.fg(palette.accent),
        Some(StatusKind::Warning) => base.fg(palette.accent).add_modifier(Modifier::BOLD),
        Some(StatusKind::Error) => base.fg(palette.exit).add_modifier(Modifier::BOLD),
    };
    let text = fitted(said(model, status.as_ref()), usize::from(status_area.width));
    Paragraph::new(Line::styled(text, style))
        .style(base)
        .render(status_area, buf);

    let hints = hints(model, usize::from(keys_area.width));
    draw_hints(hints, model.theme(), keys_area, buf);
}

/// The footer's hints (key, label) in `width` columns.
pub(crate) fn hints(model: &Model, width: usize) -> Vec<(String, &'static str)> {
    let context = layer::key_context(model);
    match context {
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
        _ => {
            let own = own_hints(model);
            let taken: usize = own
                .iter()
                .map(|(key, label)| key.chars().count() + label.chars().count() + 3)
                .sum();
            let covered: Vec<Action> = layer::own_hints(model)
                .into_iter()
                .flat_map(|(actions, _)| actions)
                .collect();
            let rest = fitting_hints(
                model.keymap(),
                context,
                width.saturating_sub(taken),
                |action, label| {
                    (!covered.contains(&action) && layer::does_something(model, action))
                        .then(|| layer::footer_label(model, action, label))
                },
            );
            own.into_iter().chain(rest).collect()
        }
    }
}

/// The status line's text as drawn: what the stack says (see [`layer::status`]), or what to
/// do next when nothing is said.
pub(crate) fn status_text(model: &Model) -> String {
    said(model, layer::status(model).as_ref())
}

/// [`status_text`], from the stack's answer.
fn said(model: &Model, status: Option<&Status>) -> String {
    match status {
        Some(status) => format!(" {}", status.text),
        None => format!(" {}", hint(model)),
    }
}

/// `text` in `width` columns: whole, or its first words and `…` (the log keeps it whole).
pub(crate) fn fitted(text: String, width: usize) -> String {
    if text.chars().count() <= width {
        return text;
    }
    let room = width.saturating_sub(2);
    let cut: String = text.chars().take(room + 1).collect();
    let words = match cut.rfind(' ') {
        Some(end) => cut[..end].trim_end(),
        None => "",
    };
    format!("{words} …")
}

/// The layer's own hints the keymap's labels do not cover (see [`layer::own_hints`]), with
/// the user's keys; a hint none of whose actions has a key is left out.
fn own_hints(model: &Model) -> Vec<(String, &'static str)> {
    let keymap = model.keymap();
    layer::own_hints(model)
        .into_iter()
        .filter_map(|(actions, label)| {
            let keys: Vec<String> = actions
                .iter()
                .filter_map(|&action| keymap.first_key_label(action))
                .collect();
            // Arrows read as one key group: `←↓↑→`, as the status line writes them.
            let arrows = keys
                .iter()
                .all(|k| ["←", "↓", "↑", "→"].contains(&k.as_str()));
            let gap = if arrows { "" } else { " " };
            (!keys.is_empty()).then(|| (keys.join(gap), label))
        })
        .collect()
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

/// How long the footer keeps a hint as the terminal narrows, least first: the tuning keys
/// go first, then the studio's, then the headline keys (the ways into the other modes, the
/// help), then the open layer's own keys; help and quit always stay, since they lead to
/// everything else, and so does the key that dismisses a warning (the one way to take it down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Tuning,
    Studio,
    Headline,
    Own,
    Essential,
}

impl Rank {
    fn of(binding: &Binding, context: Context) -> Rank {
        match binding.action {
            Action::ToggleHelp | Action::Quit | Action::DismissWarning => Rank::Essential,
            _ if binding.context == context && context != Context::Global => Rank::Own,
            // What acts on the animation now (shown only while it moves, or while paused:
            // `Space resume`) goes with the pane's own keys.
            Action::TogglePause => Rank::Own,
            Action::Export
            | Action::TogglePlay
            | Action::Race
            | Action::OpenFile
            | Action::Scrub(_)
            | Action::NextProblem => Rank::Headline,
            Action::Faster
            | Action::Slower
            | Action::ToggleZoom
            | Action::ToggleFocus
            | Action::ToggleSidebar => Rank::Tuning,
            _ => Rank::Studio,
        }
    }

    /// Where its hints are drawn: the layer's own first, then the studio's, the headline
    /// keys, help and quit, and the tuning keys last.
    fn place(self) -> u8 {
        match self {
            Rank::Own => 0,
            Rank::Studio => 1,
            Rank::Headline => 2,
            Rank::Essential => 3,
            Rank::Tuning => 4,
        }
    }
}

/// The footer's hints (key, label) for `context` that fit in `width` columns, in the order of
/// [`Rank::place`]: whole hints only, dropping the lowest [`Rank`] first (the last of it
/// first), never help and quit. `label` gives a binding's label now, `None` if its action
/// does nothing now.
fn fitting_hints(
    keymap: &Keymap,
    context: Context,
    width: usize,
    label: impl Fn(Action, &'static str) -> Option<&'static str>,
) -> Vec<(String, &'static str)> {
    let mut hints: Vec<(String, &str, Rank, Action)> = keymap
        .footer_bindings(context)
        .filter_map(|binding| {
            let label = label(binding.action, binding.footer.unwrap_or_default())?;
            let first_key = binding.keys.first().map(|key| key.label());
            let rank = Rank::of(binding, context);
            Some((first_key.unwrap_or_default(), label, rank, binding.action))
        })
        .collect();
    // A stable sort: the keymap's order within each place, but the headline keys in the
    // order of `HEADLINE`.
    hints.sort_by_key(|&(_, _, rank, action)| (rank.place(), headline_place(action)));
    let columns = |hints: &[(String, &str, Rank, Action)]| -> usize {
        hints
            .iter()
            .map(|(key, label, _, _)| key.chars().count() + label.chars().count() + 3)
            .sum()
    };
    let total = hints.len();
    // Once a hint is dropped, help's label says that more keys exist (help lists them all).
    let more = |hints: &mut Vec<(String, &str, Rank, Action)>| {
        if hints.len() < total {
            for hint in hints.iter_mut().filter(|h| h.3 == Action::ToggleHelp) {
                hint.1 = MORE_KEYS;
            }
        }
    };
    loop {
        more(&mut hints);
        if columns(&hints) <= width {
            break;
        }
        let lowest = hints
            .iter()
            .map(|&(_, _, rank, _)| rank)
            .filter(|&rank| rank != Rank::Essential)
            .min();
        let Some(lowest) = lowest else { break };
        if let Some(last) = hints.iter().rposition(|&(_, _, rank, _)| rank == lowest) {
            hints.remove(last);
        }
    }
    hints
        .into_iter()
        .map(|(key, label, _, _)| (key, label))
        .collect()
}

/// Help's footer label once the footer has left keys out.
pub(crate) const MORE_KEYS: &str = "more keys";

/// The headline keys in the footer's order: the other modes first, export last (the first
/// dropped of them).
const HEADLINE: [Action; 6] = [
    Action::TogglePlay,
    Action::Race,
    Action::OpenFile,
    Action::Scrub(Scrub::Back),
    Action::NextProblem,
    Action::Export,
];

/// Where `action` goes among the headline keys (the others keep the keymap's order).
fn headline_place(action: Action) -> usize {
    HEADLINE
        .iter()
        .position(|&a| a == action)
        .unwrap_or(HEADLINE.len())
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
        let all = fitting_hints(&keymap, Context::Canvas, 500, |_, label| Some(label));
        assert_eq!(all.len(), keymap.footer_bindings(Context::Canvas).count());
        let narrow = fitting_hints(&keymap, Context::Canvas, 58, |_, label| Some(label));
        assert!(narrow.len() < all.len());
        assert!(narrow.contains(&("q".to_owned(), "quit")));
        let width: usize = narrow.iter().map(|(k, l)| k.len() + l.len() + 3).sum();
        assert!(width <= 58);
        assert_eq!(narrow[0], all[0], "the first hints are kept");
        assert!(narrow.contains(&("?".to_owned(), MORE_KEYS)));
        assert!(all.contains(&("?".to_owned(), "help")));
        let tiny = fitting_hints(&keymap, Context::Canvas, 5, |_, label| Some(label));
        assert_eq!(
            tiny,
            owned(&[("?", MORE_KEYS), ("q", "quit"), ("x", "dismiss warning")])
        );
    }

    /// The headline keys (the other modes, export, help) stay at every width, ahead of the
    /// tuning ones; the studio's go before them.
    #[test]
    fn headline_keys_outlast_the_studio_and_tuning_keys() {
        let keymap = Keymap::built_in();
        let labels = |width| -> Vec<&'static str> {
            fitting_hints(&keymap, Context::Canvas, width, |action, label| {
                // A finished maze, no file open, no warning up.
                (!matches!(
                    action,
                    Action::Finish | Action::NextProblem | Action::DismissWarning
                ))
                .then_some(label)
            })
            .into_iter()
            .map(|(_, label)| label)
            .collect()
        };
        let headline = ["export", "play", "race", "open", "replay", "quit"];
        for width in [78, 80, 100, 140] {
            let shown = labels(width);
            for label in headline {
                assert!(shown.contains(&label), "{label} at {width}: {shown:?}");
            }
        }
        let narrow = labels(80);
        assert!(!narrow.contains(&"faster") && !narrow.contains(&"slower"));
        assert!(narrow.contains(&MORE_KEYS), "{narrow:?}");
        let roomier = labels(100);
        assert!(
            roomier.contains(&"new"),
            "the room left goes to the studio: {roomier:?}"
        );
        let wide = labels(500);
        assert!(wide.contains(&"help"), "all shown, help is help: {wide:?}");
        let at = |label| wide.iter().position(|&l| l == label).unwrap();
        assert!(
            at("play") < at("faster") && at("race") < at("faster"),
            "{wide:?}"
        );
        assert!(at("new") < at("export"), "{wide:?}");
    }

    #[test]
    fn a_long_status_is_cut_between_words() {
        let text = " 1,1: incoherent wall: cell 1,1 has its east wall open".to_owned();
        assert_eq!(fitted(text.clone(), 80), text);
        assert_eq!(fitted(text.clone(), 30), " 1,1: incoherent wall: cell …");
        assert_eq!(fitted(text, 26), " 1,1: incoherent wall: …");
    }

    #[test]
    fn hints_show_the_users_first_key_and_skip_actions_left_without_one() {
        let text = "[keys]\nquit = [\"ctrl-q\", \"q\"]\nsave = \"w\"\nexport = []\n";
        let keymap = Keymap::built_in()
            .with_user_keys(text, std::path::Path::new("keys.toml"))
            .unwrap();
        let hints = fitting_hints(&keymap, Context::Canvas, 500, |_, label| Some(label));
        assert!(hints.contains(&("Ctrl-q".to_owned(), "quit")), "{hints:?}");
        assert!(hints.contains(&("w".to_owned(), "save")), "{hints:?}");
        assert!(!hints.iter().any(|(_, label)| *label == "svg"), "{hints:?}");
    }
}
