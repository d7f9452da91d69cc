//! The pickers' answers, on their own state: the cursor keys move (wrapping round), `i` shows
//! or hides the info panel, Enter passes the pick on as [`Action::UseAlgorithm`] or
//! [`Action::UseSolver`] for the layers below to act on (the inspector closes an opened file
//! for a new maze; the studio makes it or solves again), Esc and `q` close the panel, then the
//! list. The root opens a list (`a`, `v`, see [`open`]) once the layers below have had their
//! say, so that play, the race and a missing maze can refuse it. It works on its own state and
//! the [`Ctx`] parts.

use crate::tui::context::Ctx;
use crate::tui::kernel::action::Action;
use crate::tui::kernel::status::StatusKind;
use crate::tui::keymap::Keymap;
use crate::tui::reply::Reply;

use super::{List, Picker};

/// Opens `list` with its cursor on entry `at` (the one in use), saying its keys.
pub fn open(picker: &mut Picker, shared: &mut Ctx, list: List, at: usize) {
    picker.open(list, at);
    let text = opened_text(list, shared.keymap);
    shared.set_status(StatusKind::Info, text);
}

/// The open picker's answer to `action`: taken, or passed on to the layers below (every action while the pickers are closed; the pick, once made).
pub fn act(picker: &mut Picker, shared: &mut Ctx, action: Action) -> Reply {
    let Some(list) = picker.list() else {
        return Reply::Pass(action);
    };
    match action {
        Action::PickerUp => picker.move_cursor(-1),
        Action::PickerDown => picker.move_cursor(1),
        Action::PickerInfo => picker.toggle_info(),
        Action::PickerChoose => {
            let pick = match list {
                List::Algorithms => picker.algorithm().map(Action::UseAlgorithm),
                List::Solvers => picker.solver().map(Action::UseSolver),
            };
            picker.close();
            return Reply::Pass(pick.unwrap_or(action));
        }
        // Out of the info panel first, then out of the list.
        Action::ClosePicker | Action::Quit if picker.shows_info() => picker.toggle_info(),
        Action::ClosePicker | Action::Quit => {
            picker.close();
            shared.set_status(StatusKind::Info, closed_text(list));
        }
        // Its own key closes a list; the other list's key goes to the other list.
        Action::AlgorithmList | Action::SolverList => {
            picker.close();
            if opens(action) != Some(list) {
                return Reply::Pass(action);
            }
            shared.set_status(StatusKind::Info, closed_text(list));
        }
        // These open another layer: the list is closed first, so that it does not take that
        // layer's keys.
        Action::TogglePlay
        | Action::Race
        | Action::OpenFile
        | Action::Export
        | Action::ToggleFocus
        | Action::Scrub(_) => {
            picker.close();
            return Reply::Pass(action);
        }
        // The rest (a new maze, the themes, the help, the pace, the view) work under the list.
        _ => return Reply::Pass(action),
    }
    Reply::done()
}

/// The list `action` opens, if it opens one.
pub fn opens(action: Action) -> Option<List> {
    match action {
        Action::AlgorithmList => Some(List::Algorithms),
        Action::SolverList => Some(List::Solvers),
        _ => None,
    }
}

/// The status line as a list opens: what its keys do (the user's keys).
fn opened_text(list: List, keymap: &Keymap) -> String {
    let (name, does) = match list {
        List::Algorithms => ("Algorithms", "makes the maze (same seed)"),
        List::Solvers => ("Solvers", "solves with it"),
    };
    let key = |action| keymap.first_key_label(action);
    let mut parts = Vec::new();
    if let Some(key) = key(Action::PickerInfo) {
        parts.push(format!("{key} about one"));
    }
    if let Some(key) = key(Action::PickerChoose) {
        parts.push(format!("{key} {does}"));
    }
    if let Some(key) = key(Action::ClosePicker) {
        parts.push(format!("{key} closes"));
    }
    match parts.as_slice() {
        [] => name.to_owned(),
        parts => format!("{name}: {}", parts.join(", ")),
    }
}

/// The status line once a list is closed without a pick.
pub fn closed_text(list: List) -> &'static str {
    match list {
        List::Algorithms => "Algorithm list closed: nothing changed",
        List::Solvers => "Solver list closed: nothing changed",
    }
}
