//! The one table of key bindings. Key handling, the footer and the help overlay all read it,
//! so what the screen says a key does is what it does.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::message::Action;
use mazegen::Dir;

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Everywhere (except under the help overlay).
    Global,
    /// When the maze canvas has the focus.
    Canvas,
    /// When the theme list has the focus.
    Themes,
    /// While the help overlay is open; nothing else applies then.
    Help,
}

#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub context: Context,
    pub keys: &'static [KeyCode],
    pub action: Action,
    /// How the keys are written on screen.
    pub keys_label: &'static str,
    /// The help overlay's description.
    pub help: &'static str,
    /// The footer's short label, for the bindings the footer shows.
    pub footer: Option<&'static str>,
}

const fn bind(
    context: Context,
    keys: &'static [KeyCode],
    action: Action,
    keys_label: &'static str,
    help: &'static str,
    footer: Option<&'static str>,
) -> Binding {
    Binding {
        context,
        keys,
        action,
        keys_label,
        help,
        footer,
    }
}

const fn pan(towards: Dir) -> Action {
    Action::Pan {
        towards,
        big: false,
    }
}

use Context::{Canvas, Global, Help, Themes};
use KeyCode::{Char, Down, Enter, Esc, Left, Right, Tab, Up};

/// Every binding, in the order the help overlay lists them. The digits are the subject's own
/// menu (1 regenerate, 2 path, 3 colours, 4 quit).
#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    bind(Help, &[Esc, Char('?'), Char('q')], Action::ToggleHelp, "Esc ? q", "close this help", None),
    bind(Global, &[Char('r'), Char('1')], Action::Regenerate, "r 1", "new maze with a new seed", Some("new")),
    bind(Global, &[Char('a')], Action::NextAlgorithm, "a", "next generation algorithm, same seed", Some("algorithm")),
    bind(Global, &[Char('v')], Action::NextSolver, "v", "solve again with the next solver", Some("solver")),
    bind(Global, &[Char('p'), Char('2')], Action::TogglePath, "p 2", "show or hide the solution", Some("path")),
    bind(Global, &[Char('t'), Char('3')], Action::NextTheme, "t 3", "next theme", Some("theme")),
    bind(Global, &[Char('T')], Action::PreviousTheme, "T", "previous theme", None),
    bind(Global, &[Char('s')], Action::Save, "s", "save the maze to OUTPUT_FILE", Some("save")),
    bind(Global, &[Char('e')], Action::Export, "e", "export as SVG next to OUTPUT_FILE", Some("svg")),
    bind(Canvas, &[Enter], Action::Finish, "Enter", "finish carving and solving now", Some("finish")),
    bind(Themes, &[Enter], Action::PickCursorTheme, "Enter", "use the theme under the cursor", Some("use theme")),
    bind(Global, &[Char('?')], Action::ToggleHelp, "?", "this help", Some("help")),
    bind(Global, &[Char('q'), Char('4'), Esc], Action::Quit, "q 4 Esc", "quit", Some("quit")),
    bind(Global, &[Char(' ')], Action::TogglePause, "Space", "pause or resume the animation", Some("pause")),
    bind(Global, &[Char('n')], Action::Step, "n", "one step (while paused)", None),
    bind(Global, &[Char('+'), Char('=')], Action::Faster, "+", "animate faster", Some("faster")),
    bind(Global, &[Char('-')], Action::Slower, "-", "animate slower", Some("slower")),
    bind(Global, &[Char('z')], Action::ToggleZoom, "z", "whole maze / detailed view", Some("zoom")),
    bind(Global, &[Tab], Action::ToggleFocus, "Tab", "switch focus: maze / theme list", Some("themes")),
    bind(Canvas, &[Left, Char('h'), Char('H')], pan(Dir::West), "← h", "pan left (Shift: half a screen)", None),
    bind(Canvas, &[Down, Char('j'), Char('J')], pan(Dir::South), "↓ j", "pan down (Shift: half a screen)", None),
    bind(Canvas, &[Up, Char('k'), Char('K')], pan(Dir::North), "↑ k", "pan up (Shift: half a screen)", None),
    bind(Canvas, &[Right, Char('l'), Char('L')], pan(Dir::East), "→ l", "pan right (Shift: half a screen)", None),
    bind(Themes, &[Up, Char('k')], Action::CursorUp, "↑ k", "previous theme in the list", None),
    bind(Themes, &[Down, Char('j')], Action::CursorDown, "↓ j", "next theme in the list", None),
];

/// The action a key press asks for in `context` (`Canvas` or `Themes` for the focused pane,
/// `Help` while the overlay is open).
pub fn action_for(key: KeyEvent, context: Context) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    // Terminals report Shift+letter as the upper-case letter, some with SHIFT set too; Shift
    // on an arrow key or HJKL means a big pan.
    let shifted = key.modifiers.contains(KeyModifiers::SHIFT)
        || matches!(key.code, Char(c) if c.is_ascii_uppercase());
    if key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
    {
        return None;
    }
    // The pane's own bindings come first: Enter finishes on the canvas but picks a theme in
    // the list, arrows pan the canvas but move the list's cursor. Under the help overlay,
    // nothing else applies.
    let fallback = if context == Help { Help } else { Global };
    let in_context = |wanted: Context| BINDINGS.iter().filter(move |b| b.context == wanted);
    let action = in_context(context)
        .chain(in_context(fallback))
        .find(|b| b.keys.contains(&key.code))?
        .action;
    Some(match action {
        Action::Pan { towards, .. } if shifted => Action::Pan { towards, big: true },
        other => other,
    })
}

/// The bindings the footer shows in `context`, in table order.
pub fn footer_bindings(context: Context) -> impl Iterator<Item = &'static Binding> {
    BINDINGS.iter().filter(move |b| {
        b.footer.is_some() && (b.context == context || (b.context == Global && context != Help))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn the_issue_keys_map_to_their_actions() {
        let canvas = |code| action_for(press(code), Canvas);
        assert_eq!(canvas(Char('r')), Some(Action::Regenerate));
        assert_eq!(canvas(Char('p')), Some(Action::TogglePath));
        assert_eq!(canvas(Char('t')), Some(Action::NextTheme));
        assert_eq!(canvas(Char('T')), Some(Action::PreviousTheme));
        assert_eq!(canvas(Char('s')), Some(Action::Save));
        assert_eq!(canvas(Char('q')), Some(Action::Quit));
        assert_eq!(canvas(Esc), Some(Action::Quit));
        assert_eq!(canvas(Char('z')), Some(Action::ToggleZoom));
        assert_eq!(canvas(Char('?')), Some(Action::ToggleHelp));
        assert_eq!(canvas(Char(' ')), Some(Action::TogglePause));
        assert_eq!(canvas(Char('n')), Some(Action::Step));
        assert_eq!(canvas(Enter), Some(Action::Finish));
        assert_eq!(canvas(Char('+')), Some(Action::Faster));
        assert_eq!(canvas(Char('-')), Some(Action::Slower));
        assert_eq!(canvas(Tab), Some(Action::ToggleFocus));
        assert_eq!(canvas(Left), Some(pan(Dir::West)));
        assert_eq!(canvas(Char('j')), Some(pan(Dir::South)));
        assert_eq!(
            canvas(Char('K')),
            Some(Action::Pan {
                towards: Dir::North,
                big: true
            })
        );
        assert_eq!(canvas(Char('x')), None);
    }

    #[test]
    fn the_subjects_digits_work_too() {
        let canvas = |c| action_for(press(Char(c)), Canvas);
        assert_eq!(canvas('1'), Some(Action::Regenerate));
        assert_eq!(canvas('2'), Some(Action::TogglePath));
        assert_eq!(canvas('3'), Some(Action::NextTheme));
        assert_eq!(canvas('4'), Some(Action::Quit));
    }

    #[test]
    fn the_focused_pane_decides_arrows_and_enter() {
        assert_eq!(action_for(press(Up), Themes), Some(Action::CursorUp));
        assert_eq!(
            action_for(press(Char('j')), Themes),
            Some(Action::CursorDown)
        );
        assert_eq!(
            action_for(press(Enter), Themes),
            Some(Action::PickCursorTheme)
        );
        assert_eq!(
            action_for(press(Char('t')), Themes),
            Some(Action::NextTheme)
        );
        assert_eq!(action_for(press(Tab), Themes), Some(Action::ToggleFocus));
    }

    #[test]
    fn only_closing_keys_work_under_the_help() {
        assert_eq!(action_for(press(Esc), Help), Some(Action::ToggleHelp));
        assert_eq!(action_for(press(Char('q')), Help), Some(Action::ToggleHelp));
        assert_eq!(action_for(press(Char('r')), Help), None);
    }

    #[test]
    fn shift_makes_a_big_pan_and_modifiers_or_releases_do_nothing() {
        let shifted = KeyEvent::new(Right, KeyModifiers::SHIFT);
        let big = Action::Pan {
            towards: Dir::East,
            big: true,
        };
        assert_eq!(action_for(shifted, Canvas), Some(big));
        let ctrl = KeyEvent::new(Char('r'), KeyModifiers::CONTROL);
        assert_eq!(action_for(ctrl, Canvas), None);
        let mut release = press(Char('r'));
        release.kind = KeyEventKind::Release;
        assert_eq!(action_for(release, Canvas), None);
    }

    #[test]
    fn no_key_means_two_things_in_one_context() {
        for context in [Global, Canvas, Themes, Help] {
            let mut seen = HashSet::new();
            for binding in BINDINGS.iter().filter(|b| b.context == context) {
                for key in binding.keys {
                    assert!(seen.insert(*key), "{key:?} bound twice in {context:?}");
                }
            }
        }
    }

    #[test]
    fn the_footer_shows_each_pane_its_own_keys() {
        let labels = |c| {
            footer_bindings(c)
                .map(|b| b.footer.unwrap())
                .collect::<Vec<_>>()
        };
        assert!(labels(Canvas).contains(&"finish"));
        assert!(!labels(Canvas).contains(&"use theme"));
        assert!(labels(Themes).contains(&"use theme"));
        assert!(labels(Themes).contains(&"quit"));
        assert_eq!(labels(Help), Vec::<&str>::new());
    }
}
