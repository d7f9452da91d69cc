//! The mode stack's transitions: what an action that would start an activity (play, a race, a
//! replay) or change the base (an opened file) does with what is open now. Every case is
//! written here once, so that two activities never run at once: the new one either ends the
//! old one first or is refused with a status message. The footer and the help read the same
//! answer (see [`refusal`]), so they never offer a key that is refused.
//!
//! | open now            | play (`g`)      | race (`R`)      | replay (`,` ...) | open (`o`) |
//! |---------------------|-----------------|-----------------|------------------|------------|
//! | a picker, the list  | refused         | refused         | refused          | closes it  |
//! | a race              | refused         | (restarts)      | refused          | refused    |
//! | play                | (leaves)        | refused         | refused          | ends play  |
//! | a replay            | ends the replay | ends the replay | (scrubs)         | ends it    |
//! | an opened file      | plays the file  | races           | refused          | (opens)    |

use super::super::kernel::action::Action;
use super::super::model::Model;
use super::{self as layer, Layer};

/// What starting the activity an action asks for does with what is open now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Transition {
    /// Nothing stands in the way: the layers answer the action as usual.
    Go,
    /// The replay ends first (back to the live maze), then the action goes on.
    EndReplay,
    /// Refused, and why (for the status line).
    Refused(String),
}

/// The activity `action` would start, if it starts one (its own key inside an activity
/// answers there: `g` leaves play, `R` restarts a race, the scrub keys move a replay).
fn starts(model: &Model, action: Action) -> Option<Layer> {
    let on = |layer: Layer| layer.is_open(model);
    match action {
        Action::TogglePlay if !on(Layer::Play) => Some(Layer::Play),
        Action::Race if !on(Layer::Race) => Some(Layer::Race),
        Action::Scrub(_) if !on(Layer::Replay) => Some(Layer::Replay),
        _ => None,
    }
}

/// What `action` does to the stack now. `from_user`: it comes from a key or a click (an
/// action that waited for the maze is the studio's own, and no list stands in its way).
pub(crate) fn transition(model: &Model, action: Action, from_user: bool) -> Transition {
    let keymap = model.keymap();
    let key = |action: Action, fallback: &str| {
        keymap
            .first_key_label(action)
            .unwrap_or_else(|| fallback.to_owned())
    };
    let Some(wanted) = starts(model, action) else {
        // Opening a file replaces the base: a race does not let it.
        if action == Action::OpenFile && layer::activity(model) == Some(Layer::Race) {
            return Transition::Refused(format!(
                "Not in a race: {} leaves it first",
                key(Action::Quit, "q")
            ));
        }
        return Transition::Go;
    };
    if from_user {
        let list = if Layer::Picker.is_open(model) {
            Some(Action::ClosePicker)
        } else if Layer::Export.is_open(model) {
            Some(Action::CloseExport)
        } else {
            None
        };
        if let Some(close) = list {
            return Transition::Refused(format!("Close the list first: {}", key(close, "Esc")));
        }
    }
    match (layer::activity(model), wanted) {
        (Some(Layer::Race), _) => Transition::Refused(format!(
            "Not in a race: {} leaves it first",
            key(Action::Quit, "q")
        )),
        (Some(Layer::Play), _) => Transition::Refused(format!(
            "Not while playing: {} leaves play mode",
            key(Action::LeavePlay, "Esc")
        )),
        (_, Layer::Replay) if layer::base(model) == Layer::Inspector => {
            Transition::Refused("An opened file has no carving to replay".to_owned())
        }
        (Some(Layer::Replay), _) => Transition::EndReplay,
        _ => Transition::Go,
    }
}

/// Why `action` is refused now, if it is: the footer and the help leave its key out.
pub(crate) fn refusal(model: &Model, action: Action) -> Option<String> {
    match transition(model, action, true) {
        Transition::Refused(why) => Some(why),
        Transition::Go | Transition::EndReplay => None,
    }
}
