//! The replay's answers to the scrub keys, on the model: where a scrub moves, the replayed
//! session, and the way back to the live maze.

use mazegen::replay::CHECKPOINT_BUDGET;
use mazegen::session::Phase;
use mazegen::{Session, Timeline};

use super::Replayed;
use crate::tui::kernel::action::{Action, Scrub};
use crate::tui::model::{Model, StatusKind};

/// The step shown and the steps of the timeline: the live maze's steps so far (all of them
/// once it is carved).
pub fn position(model: &Model) -> (u64, u64) {
    let live = model.session.carving_steps();
    let shown = model.replay.shown().map_or(live, Session::carving_steps);
    (shown, live)
}

/// Moves the replay as `scrub` says.
pub fn scrub(model: &mut Model, scrub: Scrub) {
    let (at, live) = position(model);
    let tenth = (live / 10).max(1);
    let target = match scrub {
        Scrub::Back => at.saturating_sub(1),
        Scrub::Forward => at + 1,
        Scrub::BackFar => at.saturating_sub(tenth),
        Scrub::ForwardFar => at + tenth,
        Scrub::Start => 0,
        Scrub::End => live,
    };
    go_to(model, target.min(live));
}

/// Shows the carving at `step` (at most the live step): the live maze itself at its step.
pub fn go_to(model: &mut Model, step: u64) {
    let (at, live) = position(model);
    if step >= live {
        to_live(model);
        return;
    }
    let cost = if model.replay.is_scrubbing() && step > at {
        step - at
    } else {
        timeline(model).replay_steps(step)
    };
    if cost > model.replay.max_replay {
        let text = format!(
            "Replay: step {step} is {cost} steps from the nearest checkpoint, too far to \
             recompute at once on a maze this big (Home goes to the start)"
        );
        model.set_status(StatusKind::Warning, text);
        return;
    }
    if !model.replay.is_scrubbing() {
        let resume = model.session.phase() == Phase::Carving && !model.pace.is_paused();
        if resume {
            model.pace.toggle_pause();
        }
        let text = keys_text(model);
        model.set_status(StatusKind::Info, text);
        let session = replayed(model, step);
        model.replay.shown = Some(Replayed { session, resume });
        return;
    }
    if step > at {
        // Forward is the generator's own way: no replay needed.
        let shown = model.replay.shown.as_mut().expect("scrubbing");
        shown.session.advance(step - at);
    } else if step < at {
        let session = replayed(model, step);
        model.replay.shown.as_mut().expect("scrubbing").session = session;
    }
}

/// Handles the actions that mean something else while scrubbing; `true` if `action` was one.
/// Pausing or resuming returns to the live maze and resumes its animation; `q` and Esc back out
/// to the live maze (as it was: paused if scrubbing found it paused).
pub fn act(model: &mut Model, action: Action) -> bool {
    if !model.replay.is_scrubbing() {
        return false;
    }
    if action == Action::Quit {
        to_live(model);
        return true;
    }
    if action != Action::TogglePause {
        return false;
    }
    to_live(model);
    model.pace.resume();
    model.set_status(StatusKind::Info, "Live: resumed");
    true
}

/// Back to the live maze, resuming the animation if scrubbing paused it.
pub fn to_live(model: &mut Model) {
    let Some(shown) = model.replay.shown.take() else {
        return;
    };
    if shown.resume && model.pace.is_paused() {
        model.pace.toggle_pause();
    }
    model.set_status(StatusKind::Info, "Live");
}

/// The live maze's timeline, made now if no frame has made it (a maze finished at once).
fn timeline(model: &mut Model) -> &mut Timeline {
    let live = &model.session;
    model.replay.timeline.get_or_insert_with(|| {
        let options = live.options().clone();
        let start = mazegen::Generator::new(options).expect("the live maze was made from it");
        Timeline::of(&start, CHECKPOINT_BUDGET)
    })
}

/// The live maze's carving at `step`, as a session to draw.
fn replayed(model: &mut Model, step: u64) -> Session {
    let generator = timeline(model).generator_at(step);
    let live = &model.session;
    Session::replaying(generator, live.entry(), live.exit(), live.solver())
}

/// "Replay: , and . step, < and > a tenth, Home and End": the scrub keys the keymap has.
fn keys_text(model: &Model) -> String {
    let keymap = model.keymap();
    let pairs = [
        (
            Action::Scrub(Scrub::Back),
            Action::Scrub(Scrub::Forward),
            "step",
        ),
        (
            Action::Scrub(Scrub::BackFar),
            Action::Scrub(Scrub::ForwardFar),
            "a tenth",
        ),
        (
            Action::Scrub(Scrub::Start),
            Action::Scrub(Scrub::End),
            "start, live",
        ),
    ];
    let parts: Vec<String> = pairs
        .iter()
        .filter_map(|&(back, forward, what)| {
            let back = keymap.first_key_label(back)?;
            let forward = keymap.first_key_label(forward)?;
            Some(format!("{back} {forward} {what}"))
        })
        .collect();
    format!("Replay: {}", parts.join(" · "))
}
