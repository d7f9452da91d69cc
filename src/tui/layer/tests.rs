//! Who takes a key, through the keymap as the run loop sends it: each key-routing bug the layer
//! list fixed has its case here (the footer's keys are in the view's tests).

use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use super::*;
use crate::tui::effect::{Effect, Work};
use crate::tui::input::message_for;
use crate::tui::kernel::action::Scrub;
use crate::tui::message::Message;
use crate::tui::modes::inspector::tests::{H, W, flip, opened_as, valid_text};
use crate::tui::modes::inspector::{FileRoles, OpenFile};
use crate::tui::modes::play::view::{GameOverlay, overlay};
use crate::tui::testing::key;
use crate::tui::testing::{answer, model, press, tick_until_done};
use crate::tui::update;
use crate::tui::view::roles::{BlockRoles, Role};
use crate::tui::view::tests::screen_text;

const FRAME: Duration = Duration::from_millis(16);

/// A small maze, finished and written.
fn finished(width: u32, height: u32) -> Model {
    let mut m = model(width, height);
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    m
}

fn quits(effects: &[Effect]) -> bool {
    effects.iter().any(|effect| matches!(effect, Effect::Quit))
}

fn file_of(m: &Model) -> &OpenFile {
    m.stack.inspect.file().expect("a file is open")
}

fn overlay_of(m: &Model) -> GameOverlay<'_> {
    overlay(m.play()).expect("a round is drawn")
}

#[test]
fn esc_in_the_theme_list_goes_back_to_the_maze_and_quits_only_from_there() {
    let mut m = finished(9, 7);
    key(&mut m, KeyCode::Tab);
    assert_eq!(m.focus(), Focus::Themes);
    assert_eq!(key_context(&m), Context::Themes);
    let effects = key(&mut m, KeyCode::Esc);
    assert!(!quits(&effects) && !m.stack.studio.quitting, "{effects:?}");
    assert_eq!(m.focus(), Focus::Canvas, "Esc closed the focused pane");
    assert!(
        quits(&key(&mut m, KeyCode::Esc)),
        "from the bare dashboard Esc quits"
    );
}

#[test]
fn esc_while_scrubbing_returns_to_the_live_maze() {
    let mut m = model(15, 10);
    for _ in 0..5 {
        update(&mut m, Message::Tick(FRAME));
    }
    update(&mut m, Message::Action(Action::Scrub(Scrub::Back)));
    assert_eq!(innermost(&m), Layer::Replay);
    let effects = key(&mut m, KeyCode::Esc);
    assert!(!quits(&effects) && !m.stack.studio.quitting, "{effects:?}");
    assert!(!m.replay().is_scrubbing(), "back to live");
}

#[test]
fn one_ctrl_c_quits_from_a_race() {
    let mut m = finished(9, 7);
    key(&mut m, KeyCode::Char('R'));
    assert_eq!(innermost(&m), Layer::Race, "a race is on");
    let effects = press(&mut m, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(quits(&effects), "one Ctrl-C quits: {effects:?}");

    // Ctrl-\ too (a terminal in raw mode sends it as Ctrl-4), before the first maze is
    // finished: it is finished and written first, as for `q`.
    let mut m = model(9, 7);
    update(&mut m, Message::Tick(FRAME));
    key(&mut m, KeyCode::Char('R'));
    assert_eq!(innermost(&m), Layer::Race, "a race is on");
    let effects = press(&mut m, KeyCode::Char('4'), KeyModifiers::CONTROL);
    let effects = answer(&mut m, effects);
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Work(Work::Write(_))))
            && quits(&effects),
        "the first maze written, then quit: {effects:?}"
    );
}

#[test]
fn ctrl_z_suspends_from_the_help_and_the_path_prompt() {
    let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    let suspend = Some(Message::Action(Action::Suspend));
    let mut m = model(9, 7);
    key(&mut m, KeyCode::Char('?'));
    assert_eq!(innermost(&m), Layer::Help);
    assert_eq!(message_for(&ctrl_z, &m), suspend);
    key(&mut m, KeyCode::Esc);
    assert_eq!(innermost(&m), Layer::Studio, "Esc closed the help");
    key(&mut m, KeyCode::Char('o'));
    assert_eq!(innermost(&m), Layer::Prompt);
    assert_eq!(message_for(&ctrl_z, &m), suspend);
    // Text still goes to the prompt.
    let z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE));
    assert!(matches!(message_for(&z, &m), Some(Message::Inspector(_))));
}

#[test]
fn g_on_an_opened_file_plays_the_file() {
    let (mut m, _dir) = opened_as(&valid_text(), None, None);
    key(&mut m, KeyCode::Char('g'));
    let round = m.play().round().expect("a round on the opened file");
    let grid = round.game().maze().grid();
    assert_eq!(
        (grid.width(), grid.height()),
        (W, H),
        "the file's maze, not the placeholder"
    );
    // The walker is drawn over the file, on its entry (0,0).
    let game = overlay_of(&m);
    assert_eq!(
        FileRoles::with_overlay(file_of(&m), &game).block(1, 1),
        Role::Head
    );
    let text = screen_text(&m);
    assert!(text.contains(" Play"), "{text}");
    // It walks: south is open from the entry of this maze, or east is.
    key(&mut m, KeyCode::Char('j'));
    key(&mut m, KeyCode::Char('l'));
    let game = overlay_of(&m);
    let roles = FileRoles::with_overlay(file_of(&m), &game);
    assert_ne!(roles.block(1, 1), Role::Head, "the walker moved on");
    assert!(m.play().round().unwrap().game().moves() > 0);
}

#[test]
fn v_after_pausing_and_finishing_solves_where_it_can_be_seen() {
    let mut m = model(15, 10);
    update(&mut m, Message::Tick(FRAME));
    key(&mut m, KeyCode::Char(' '));
    assert!(m.pace().is_paused());
    key(&mut m, KeyCode::Enter);
    assert_eq!(m.phase(), Phase::Done);
    // `v` opens the solver list; Enter there picks (it does not finish), on A*.
    key(&mut m, KeyCode::Char('v'));
    assert_eq!(innermost(&m), Layer::Picker);
    key(&mut m, KeyCode::Down);
    key(&mut m, KeyCode::Enter);
    assert_eq!(innermost(&m), Layer::Studio);
    assert_eq!(m.shown_session().solver(), mazegen::Solver::AStar);
    assert_eq!(m.phase(), Phase::Solving);
    assert!(!m.pace().is_paused(), "the new search is watched");
    for _ in 0..3 {
        update(&mut m, Message::Tick(FRAME));
    }
    assert!(m.shown_session().searched() > 0, "the new solver runs");
}

#[test]
fn the_play_hint_stays_when_the_first_save_ends_after_g() {
    let mut m = model(9, 7);
    update(&mut m, Message::Tick(FRAME));
    let effects = key(&mut m, KeyCode::Char('g'));
    assert!(m.is_playing(), "a small maze finishes at once");
    answer(&mut m, effects);
    let text = m.status().map(|s| s.text.clone()).unwrap_or_default();
    assert!(text.starts_with("Play: "), "{text}");
    assert!(text.contains("saved to"), "{text}");
}

#[test]
fn the_footer_shows_only_keys_that_do_something_now() {
    let footer = |m: &Model| screen_text(m).lines().last().unwrap_or_default().to_owned();
    let mut m = model(15, 10);
    update(&mut m, Message::Tick(FRAME));
    let carving = footer(&m);
    assert!(carving.contains("Enter finish"), "{carving}");
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    let done = footer(&m);
    for idle in ["Enter finish", "Space pause"] {
        assert!(!done.contains(idle), "{idle} on a finished maze: {done}");
    }
    key(&mut m, KeyCode::Char('g'));
    let playing = footer(&m);
    assert!(playing.contains("leave"), "{playing}");
    for refused in ["v solver", "p path"] {
        assert!(
            !playing.contains(refused),
            "{refused} while playing: {playing}"
        );
    }
}

#[test]
fn the_head_key_acts_only_while_there_is_a_head_and_the_heatmap_not_on_a_file() {
    let mut m = model(40, 30);
    update(&mut m, Message::Tick(FRAME));
    assert!(m.shown_session().head().is_some(), "carving");
    assert!(does_something(&m, Action::Centre(Place::Head)));
    assert!(does_something(&m, Action::ToggleHeat));
    let m = finished(40, 30);
    assert!(!does_something(&m, Action::Centre(Place::Head)));
    assert!(does_something(&m, Action::Centre(Place::Exit)));
    let (file, _dir) = opened_as(&valid_text(), None, Some("maze.txt"));
    assert!(!does_something(&file, Action::ToggleHeat));
    assert!(!does_something(&file, Action::Centre(Place::Head)));
    assert!(does_something(&file, Action::Centre(Place::Entry)));
}

#[test]
fn the_open_list_takes_its_keys_and_esc_closes_it_without_quitting() {
    let mut m = finished(9, 7);
    key(&mut m, KeyCode::Char('a'));
    assert_eq!(key_context(&m), Context::Picker);
    let before = *m.viewport();
    key(&mut m, KeyCode::Char('j'));
    assert_eq!(m.picker().cursor(), Some(1), "j moves the cursor");
    assert_eq!(*m.viewport(), before, "and pans nothing");
    key(&mut m, KeyCode::Char('i'));
    assert!(m.picker().shows_info());
    let effects = key(&mut m, KeyCode::Esc);
    assert!(!quits(&effects) && m.picker().is_open(), "back to the list");
    let effects = key(&mut m, KeyCode::Esc);
    assert!(!quits(&effects) && !m.stack.studio.quitting, "{effects:?}");
    assert_eq!(innermost(&m), Layer::Studio);
    assert!(quits(&key(&mut m, KeyCode::Esc)), "then Esc quits");
}

#[test]
fn the_footer_says_resume_while_paused_and_next_problem_only_on_a_file_with_problems() {
    let footer = |m: &Model| screen_text(m).lines().last().unwrap_or_default().to_owned();
    let mut m = model(15, 10);
    update(&mut m, Message::Tick(FRAME));
    assert!(footer(&m).contains("Space pause"), "{}", footer(&m));
    key(&mut m, KeyCode::Char(' '));
    let paused = footer(&m);
    assert!(
        paused.contains("Space resume") && !paused.contains("pause"),
        "{paused}"
    );
    assert!(!paused.contains("next problem"), "{paused}");
    // A valid file has no problem to go to, and without a config nowhere to be saved.
    let (m, _dir) = opened_as(&valid_text(), None, None);
    let file = footer(&m);
    assert!(!file.contains("] next problem"), "{file}");
    assert!(!file.contains("s save"), "{file}");
    let broken = flip(&valid_text(), mazegen::Pos::new(3, 3), 0b0010);
    let (m, _dir) = opened_as(&broken, None, None);
    let file = footer(&m);
    assert!(file.contains("] next problem"), "{file}");
}

/// On an opened file the lists open over it: the algorithm list's pick closes the file for a
/// new maze of that algorithm; the solver list's pick solves the file with that solver.
#[test]
fn the_lists_on_an_opened_file() {
    let (mut m, _dir) = opened_as(&valid_text(), None, None);
    key(&mut m, KeyCode::Char('v'));
    assert_eq!(innermost(&m), Layer::Picker);
    key(&mut m, KeyCode::Down);
    key(&mut m, KeyCode::Down);
    let effects = key(&mut m, KeyCode::Enter);
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Work(Work::Inspector(_)))),
        "the file is solved on a worker: {effects:?}"
    );
    assert_eq!(file_of(&m).solver, Some(mazegen::Solver::Dfs));
    assert_eq!(m.status().unwrap().text, "Solving with DFS…");

    key(&mut m, KeyCode::Char('a'));
    assert_eq!(innermost(&m), Layer::Picker, "over the file");
    key(&mut m, KeyCode::Up);
    key(&mut m, KeyCode::Enter);
    assert!(
        m.stack.inspect.file().is_none(),
        "the file is closed for a new maze"
    );
    assert_eq!(m.config().algorithm, mazegen::Algorithm::RecursiveDivision);
}
