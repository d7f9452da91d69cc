//! The scrub actions: where they move, what the screen shows meanwhile, and the way back.

use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use super::update::*;
use crate::tui::input::message_for;
use crate::tui::kernel::action::{Action, Scrub};
use crate::tui::message::Message;
use crate::tui::model::Model;
use crate::tui::testing::model;
use crate::tui::update;
use crate::tui::view::roles::MazeRoles;
use mazegen::Generator;
use mazegen::session::Phase;

const FRAME: Duration = Duration::from_millis(16);

fn scrub_by(model: &mut Model, scrub: Scrub) {
    update(model, Message::Action(Action::Scrub(scrub)));
}

/// The generator of the live maze's options stepped `k` times from fresh.
fn stepped(model: &Model, k: u64) -> Generator {
    let mut generator = Generator::new(model.stack.studio.session.options().clone()).unwrap();
    generator.run_steps(k);
    generator
}

/// A model mid-carving: a few frames into a 30x20 maze.
fn carving() -> Model {
    let mut m = model(30, 20);
    for _ in 0..20 {
        update(&mut m, Message::Tick(FRAME));
    }
    assert_eq!(m.phase(), Phase::Carving);
    m
}

#[test]
fn scrubbing_back_while_carving_pauses_and_shows_the_grid_of_that_step() {
    let mut m = carving();
    let live = m.stack.studio.session.carving_steps();
    assert!(live > 10);
    scrub_by(&mut m, Scrub::Back);
    assert!(m.stack.replay.is_scrubbing());
    assert!(m.pace.is_paused(), "scrubbing back pauses the animation");
    assert_eq!(
        position(m.replay(), &m.stack.studio.session),
        (live - 1, live)
    );
    assert_eq!(m.shown_session().grid(), stepped(&m, live - 1).grid());
    assert!(m.status().unwrap().text.starts_with("Replay: , . step"));
    // The live maze stays where it was, and frames do not move it while paused.
    update(&mut m, Message::Tick(FRAME));
    assert_eq!(m.stack.studio.session.carving_steps(), live);
    // A tenth back, twice, then a step forward.
    scrub_by(&mut m, Scrub::BackFar);
    scrub_by(&mut m, Scrub::BackFar);
    let k = live - 1 - 2 * (live / 10);
    assert_eq!(position(m.replay(), &m.stack.studio.session).0, k);
    scrub_by(&mut m, Scrub::Forward);
    assert_eq!(position(m.replay(), &m.stack.studio.session).0, k + 1);
    let shown = m.shown_session();
    let expected = stepped(&m, k + 1);
    assert_eq!(shown.grid(), expected.grid());
    assert_eq!(shown.head(), expected.head());
    for p in expected.grid().positions() {
        assert_eq!(shown.cell_state(p), expected.cell_state(p), "{p}");
    }
    // Home: the closed grid before the first step.
    scrub_by(&mut m, Scrub::Start);
    assert_eq!(position(m.replay(), &m.stack.studio.session).0, 0);
    assert_eq!(m.shown_session().grid(), stepped(&m, 0).grid());
    // End: live again, and carving on.
    scrub_by(&mut m, Scrub::End);
    assert!(!m.stack.replay.is_scrubbing());
    assert!(!m.pace.is_paused(), "End resumes what scrubbing paused");
    update(&mut m, Message::Tick(FRAME));
    assert!(m.stack.studio.session.carving_steps() > live);
}

#[test]
fn going_forward_to_the_live_step_returns_to_the_live_maze() {
    let mut m = carving();
    let live = m.stack.studio.session.carving_steps();
    scrub_by(&mut m, Scrub::Back);
    scrub_by(&mut m, Scrub::Back);
    scrub_by(&mut m, Scrub::Forward);
    assert_eq!(
        position(m.replay(), &m.stack.studio.session),
        (live - 1, live)
    );
    scrub_by(&mut m, Scrub::Forward);
    assert!(!m.stack.replay.is_scrubbing());
    assert_eq!(position(m.replay(), &m.stack.studio.session), (live, live));
    // At the live step, forward goes no further.
    scrub_by(&mut m, Scrub::ForwardFar);
    assert_eq!(position(m.replay(), &m.stack.studio.session), (live, live));
}

#[test]
fn the_path_hides_while_a_finished_maze_is_scrubbed_back_and_returns_at_the_end() {
    let mut m = model(20, 15);
    update(&mut m, Message::Action(Action::Finish));
    assert_eq!(m.phase(), Phase::Done);
    let total = m.stack.studio.session.carving_steps();
    assert!(MazeRoles::new(m.shown_session(), true).path().is_some());
    scrub_by(&mut m, Scrub::BackFar);
    assert_eq!(
        position(m.replay(), &m.stack.studio.session),
        (total - total / 10, total)
    );
    assert_eq!(m.shown_session().phase(), Phase::Carving);
    assert!(MazeRoles::new(m.shown_session(), true).path().is_none());
    assert_eq!(
        m.shown_session().grid(),
        stepped(&m, total - total / 10).grid()
    );
    // Still done underneath: nothing to pause or resume.
    assert_eq!(m.phase(), Phase::Done);
    scrub_by(&mut m, Scrub::End);
    assert!(MazeRoles::new(m.shown_session(), true).path().is_some());
    assert_eq!(m.status().unwrap().text, "Live");
}

#[test]
fn pause_while_scrubbing_returns_to_live_and_resumes() {
    let mut m = carving();
    m.pace.toggle_pause();
    scrub_by(&mut m, Scrub::Back);
    update(&mut m, Message::Action(Action::TogglePause));
    assert!(!m.stack.replay.is_scrubbing());
    assert!(!m.pace.is_paused());
    assert_eq!(m.status().unwrap().text, "Live: resumed");
}

#[test]
fn a_new_maze_forgets_the_old_timeline() {
    let mut m = model(12, 9);
    update(&mut m, Message::Action(Action::Finish));
    scrub_by(&mut m, Scrub::Start);
    assert!(m.stack.replay.timeline().is_some());
    update(&mut m, Message::Action(Action::Regenerate));
    assert!(!m.stack.replay.is_scrubbing());
    assert!(m.stack.replay.timeline().is_none());
    assert_eq!(position(m.replay(), &m.stack.studio.session), (0, 0));
}

#[test]
fn live_frames_leave_checkpoints_in_the_timeline() {
    let mut m = model(200, 150);
    for _ in 0..400 {
        update(&mut m, Message::Tick(FRAME));
    }
    let timeline = m.stack.replay.timeline().expect("made on the first frame");
    assert!(timeline.checkpoint_count() > 0);
    assert!(timeline.checkpoint_bytes() <= mazegen::Timeline::CHECKPOINT_BUDGET);
}

#[test]
fn a_scrub_too_far_from_a_checkpoint_is_refused_rather_than_freezing_the_screen() {
    let mut m = model(20, 15);
    update(&mut m, Message::Action(Action::Finish));
    let total = m.stack.studio.session.carving_steps();
    // As if the maze were too big for checkpoints: every scrub replays from the start.
    m.stack.replay.max_replay = total / 2;
    scrub_by(&mut m, Scrub::Back);
    assert!(!m.stack.replay.is_scrubbing());
    let text = &m.status().unwrap().text;
    assert!(text.contains("too far to recompute at once"), "{text}");
    // The start costs nothing, and going forward from it a little at a time works.
    scrub_by(&mut m, Scrub::Start);
    assert_eq!(position(m.replay(), &m.stack.studio.session), (0, total));
    scrub_by(&mut m, Scrub::ForwardFar);
    assert_eq!(position(m.replay(), &m.stack.studio.session).0, total / 10);
    assert_eq!(m.shown_session().grid(), stepped(&m, total / 10).grid());
}

#[test]
fn the_keys_are_in_the_keymap() {
    let m = model(9, 7);
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    for (code, scrub) in [
        (KeyCode::Char(','), Scrub::Back),
        (KeyCode::Char('.'), Scrub::Forward),
        (KeyCode::Char('<'), Scrub::BackFar),
        (KeyCode::Char('>'), Scrub::ForwardFar),
        (KeyCode::Home, Scrub::Start),
        (KeyCode::End, Scrub::End),
    ] {
        assert_eq!(
            message_for(&key(code), &m),
            Some(Message::Action(Action::Scrub(scrub)))
        );
    }
}
