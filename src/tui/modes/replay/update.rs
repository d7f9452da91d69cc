//! The replay's answers to the scrub keys: where a scrub moves, the replayed session, and the
//! way back to the live maze. It works on its own state, the live session (the studio's,
//! read-only) and the [`Ctx`] parts (the status line, the pace, the keymap).

use mazegen::Timeline;
use mazegen::session::Phase;
use mazegen::session::Session;

use super::{Replay, Replayed};
use crate::tui::context::Ctx;
use crate::tui::kernel::action::{Action, Scrub};
use crate::tui::kernel::status::StatusKind;
use crate::tui::keymap::Keymap;
use crate::tui::reply::Reply;

/// The step shown and the steps of the timeline: the live maze's steps so far (all of them
/// once it is carved).
pub fn position(replay: &Replay, live: &Session) -> (u64, u64) {
    let live = live.carving_steps();
    let shown = replay.shown().map_or(live, Session::carving_steps);
    (shown, live)
}

/// Moves the replay as `scrub` says.
pub fn scrub(replay: &mut Replay, live: &Session, shared: &mut Ctx, scrub: Scrub) {
    let (at, steps) = position(replay, live);
    let tenth = (steps / 10).max(1);
    let target = match scrub {
        Scrub::Back => at.saturating_sub(1),
        Scrub::Forward => at + 1,
        Scrub::BackFar => at.saturating_sub(tenth),
        Scrub::ForwardFar => at + tenth,
        Scrub::Start => 0,
        Scrub::End => steps,
    };
    go_to(replay, live, shared, target.min(steps));
}

/// Shows the carving at `step` (at most the live step): the live maze itself at its step.
pub fn go_to(replay: &mut Replay, live: &Session, shared: &mut Ctx, step: u64) {
    let (at, steps) = position(replay, live);
    if step >= steps {
        to_live(replay, shared);
        return;
    }
    let cost = if replay.is_scrubbing() && step > at {
        step - at
    } else {
        timeline(replay, live).replay_steps(step)
    };
    if cost > replay.max_replay {
        let text = format!(
            "Replay: step {step} is {cost} steps from the nearest checkpoint, too far to \
             recompute at once on a maze this big (Home goes to the start)"
        );
        shared.set_status(StatusKind::Warning, text);
        return;
    }
    if !replay.is_scrubbing() {
        let resume = live.phase() == Phase::Carving && !shared.pace.is_paused();
        if resume {
            shared.pace.toggle_pause();
        }
        let text = keys_text(shared.keymap);
        shared.set_status(StatusKind::Info, text);
        let session = replayed(replay, live, step);
        replay.shown = Some(Replayed { session, resume });
        return;
    }
    if step > at {
        // Forward is the generator's own way: no replay needed.
        let shown = replay.shown.as_mut().expect("scrubbing");
        shown.session.advance(step - at);
    } else if step < at {
        let session = replayed(replay, live, step);
        replay.shown.as_mut().expect("scrubbing").session = session;
    }
}

/// Handles the actions that mean something else while scrubbing; passes the others on.
/// Pausing or resuming returns to the live maze and resumes its animation; `q` and Esc back out
/// to the live maze (as it was: paused if scrubbing found it paused).
pub fn act(replay: &mut Replay, shared: &mut Ctx, action: Action) -> Reply {
    if !replay.is_scrubbing() {
        return Reply::Pass(action);
    }
    if action == Action::Quit {
        to_live(replay, shared);
        return Reply::done();
    }
    if action != Action::TogglePause {
        return Reply::Pass(action);
    }
    to_live(replay, shared);
    shared.pace.resume();
    shared.set_status(StatusKind::Info, "Live: resumed");
    Reply::done()
}

/// Back to the live maze, resuming the animation if scrubbing paused it.
pub fn to_live(replay: &mut Replay, shared: &mut Ctx) {
    if end(replay, shared) {
        shared.set_status(StatusKind::Info, "Live");
    }
}

/// Back to the live maze without a word (another part speaks for the change); `true` if a
/// moment was replayed.
pub fn end(replay: &mut Replay, shared: &mut Ctx) -> bool {
    let Some(shown) = replay.shown.take() else {
        return false;
    };
    if shown.resume && shared.pace.is_paused() {
        shared.pace.toggle_pause();
    }
    true
}

/// The live maze's timeline, made now if no frame has made it (a maze finished at once).
fn timeline<'r>(replay: &'r mut Replay, live: &Session) -> &'r mut Timeline {
    replay.timeline.get_or_insert_with(|| {
        let options = live.options().clone();
        let start = mazegen::Generator::new(options).expect("the live maze was made from it");
        Timeline::of(&start, Timeline::CHECKPOINT_BUDGET)
    })
}

/// The live maze's carving at `step`, as a session to draw.
fn replayed(replay: &mut Replay, live: &Session, step: u64) -> Session {
    let generator = timeline(replay, live).generator_at(step);
    Session::replaying(generator, live.entry(), live.exit(), live.solver())
}

/// What the replay says of itself on the status line while a moment is replayed: its scrub
/// keys, as when it started (the moment itself is the timeline's, beside the line).
pub fn status(replay: &Replay, keymap: &Keymap) -> Option<String> {
    replay.is_scrubbing().then(|| keys_text(keymap))
}

/// "Replay: , . step · < > a tenth": the scrub keys the keymap has (the footer adds Home and
/// End; the line leaves room for the timeline at 80 columns).
fn keys_text(keymap: &Keymap) -> String {
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
