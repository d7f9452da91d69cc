//! The name of each action in the keys file.

use crate::tui::kernel::action::{Action, HelpScroll, Place, Scrub};
use mazegen::Dir;

/// The name the keys file uses for `action`: its [`Action`] variant in kebab-case
/// (`TogglePath` is `toggle-path`), and for the pans their direction (`pan-left`). `None` for
/// the actions only the mouse asks for, and for [`Action::Interrupt`], which only Ctrl-C and
/// Ctrl-\\ ask for, whatever the keys file says.
///
/// A `match`, so that a new action does not compile until it has a name (or is declared
/// mouse-only); the tests check the names are the variants' own.
pub fn action_name(action: Action) -> Option<&'static str> {
    Some(match action {
        Action::Regenerate => "regenerate",
        Action::NextAlgorithm => "next-algorithm",
        Action::NextSolver => "next-solver",
        Action::AlgorithmList => "algorithm-list",
        Action::SolverList => "solver-list",
        Action::PickerUp => "picker-up",
        Action::PickerDown => "picker-down",
        Action::PickerInfo => "picker-info",
        Action::PickerChoose => "picker-choose",
        Action::ClosePicker => "close-picker",
        Action::TogglePath => "toggle-path",
        Action::NextTheme => "next-theme",
        Action::PreviousTheme => "previous-theme",
        Action::Save => "save",
        Action::Export => "export",
        Action::ExportUp => "export-up",
        Action::ExportDown => "export-down",
        Action::WriteExport => "write-export",
        Action::CloseExport => "close-export",
        Action::Quit => "quit",
        Action::Suspend => "suspend",
        Action::Pan { towards, .. } => match towards {
            Dir::West => "pan-left",
            Dir::East => "pan-right",
            Dir::North => "pan-up",
            Dir::South => "pan-down",
        },
        Action::ToggleZoom => "toggle-zoom",
        Action::Centre(place) => match place {
            Place::Entry => "centre-entry",
            Place::Exit => "centre-exit",
            Place::Head => "centre-head",
        },
        Action::ToggleHeat => "toggle-heat",
        Action::ToggleHelp => "toggle-help",
        Action::ToggleSidebar => "toggle-sidebar",
        Action::ScrollHelp(scroll) => match scroll {
            HelpScroll::Up => "scroll-help-up",
            HelpScroll::Down => "scroll-help-down",
            HelpScroll::PageUp => "scroll-help-page-up",
            HelpScroll::PageDown => "scroll-help-page-down",
            HelpScroll::Top => "scroll-help-top",
            HelpScroll::Bottom => "scroll-help-bottom",
        },
        Action::ToggleLog => "toggle-log",
        Action::DismissWarning => "dismiss-warning",
        Action::TogglePause => "toggle-pause",
        Action::Step => "step",
        Action::Finish => "finish",
        Action::Faster => "faster",
        Action::Slower => "slower",
        Action::ToggleFocus => "toggle-focus",
        Action::CursorUp => "cursor-up",
        Action::CursorDown => "cursor-down",
        Action::PickCursorTheme => "pick-cursor-theme",
        Action::OpenFile => "open-file",
        Action::NextProblem => "next-problem",
        Action::PreviousProblem => "previous-problem",
        Action::TogglePlay => "toggle-play",
        Action::LeavePlay => "leave-play",
        Action::ToggleFog => "toggle-fog",
        Action::Walk { towards, .. } => match towards {
            Dir::West => "walk-left",
            Dir::East => "walk-right",
            Dir::North => "walk-up",
            Dir::South => "walk-down",
        },
        Action::Scrub(scrub) => match scrub {
            Scrub::Back => "scrub-back",
            Scrub::Forward => "scrub-forward",
            Scrub::BackFar => "scrub-back-far",
            Scrub::ForwardFar => "scrub-forward-far",
            Scrub::Start => "scrub-start",
            Scrub::End => "scrub-end",
        },
        Action::Race => "race",
        Action::WriteConfig => "write-config",
        // The lists' picks: Enter on a list asks for them.
        Action::UseAlgorithm(_) | Action::UseSolver(_) => return None,
        Action::FocusCanvas | Action::PickTheme(_) | Action::Interrupt => return None,
    })
}

/// `PascalCase` as `kebab-case`.
#[cfg(test)]
fn kebab(name: &str) -> String {
    let mut kebab = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() && !kebab.is_empty() {
            kebab.push('-');
        }
        kebab.push(c.to_ascii_lowercase());
    }
    kebab
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keymap::Keymap;

    #[test]
    fn names_are_the_variants_in_kebab_case() {
        assert_eq!(kebab("PickCursorTheme"), "pick-cursor-theme");
        for binding in Keymap::built_in().bindings() {
            let variant = format!("{:?}", binding.action);
            let name = action_name(binding.action).expect("a bound action has a name");
            match binding.action {
                Action::Pan { .. } => assert!(name.starts_with("pan-"), "{name}"),
                Action::Walk { .. } => assert!(name.starts_with("walk-"), "{name}"),
                Action::Scrub(scrub) => {
                    assert_eq!(name, format!("scrub-{}", kebab(&format!("{scrub:?}"))))
                }
                Action::Centre(place) => {
                    assert_eq!(name, format!("centre-{}", kebab(&format!("{place:?}"))))
                }
                Action::ScrollHelp(scroll) => {
                    assert_eq!(
                        name,
                        format!("scroll-help-{}", kebab(&format!("{scroll:?}")))
                    )
                }
                _ => assert_eq!(name, kebab(&variant)),
            }
        }
    }

    #[test]
    fn mouse_only_actions_have_no_name() {
        assert_eq!(action_name(Action::FocusCanvas), None);
        assert_eq!(action_name(Action::PickTheme(3)), None);
    }
}
