//! The message log, the warning that stays until dismissed, OUTPUT_FILE's mark in the canvas
//! title (with what the saves say), and the REPLAY badge: update tests for each message, and
//! snapshots of each new screen at 80x24 and 140x45 in the plain theme (what NO_COLOR shows).

use std::time::Duration;

use crossterm::event::KeyCode;

use super::*;
use crate::tui::kernel::action::{Action, HelpScroll, Scrub};
use crate::tui::kernel::log::KEPT;
use crate::tui::kernel::status::StatusKind;
use crate::tui::layer::{self, Layer};
use crate::tui::message::Message;
use crate::tui::model::Model;
use crate::tui::testing::{act, answer, config, key, model, start};
use crate::tui::update::update;
use crate::tui::view::tests::{screen_text, sized, theme};

fn clock(model: &mut Model, seconds: u64) {
    update(model, Message::Clock(Duration::from_secs(seconds)));
}

fn status(model: &Model) -> String {
    model.status().map(|s| s.text.clone()).unwrap_or_default()
}

fn title(model: &Model) -> String {
    screen_text(model)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The default maze, finished and its first save answered, in a `width` x `height` terminal,
/// plain.
fn saved_at(width: u16, height: u16) -> Model {
    let mut m = sized(model(25, 20), width, height);
    theme(&mut m, "plain");
    let effects = act(&mut m, Action::Finish);
    answer(&mut m, effects);
    m
}

/// A dashboard whose config names a theme there is none of: a warning about the user's file.
fn misconfigured(width: u16, height: u16) -> Model {
    let config = config(25, 20, "THEME=nope\n");
    let mut m = sized(Model::new(start(config)).unwrap(), width, height);
    // Plain, as NO_COLOR draws, without the message picking it would say.
    m.theme = m.themes.position("plain").unwrap();
    m.cursor = m.theme;
    m
}

#[test]
fn the_title_says_unsaved_until_the_first_save_is_written_then_again_after_r() {
    let mut m = sized(model(25, 20), 140, 45);
    assert!(title(&m).contains("maze.txt ● unsaved"), "{}", title(&m));
    let effects = act(&mut m, Action::Finish);
    assert!(
        title(&m).contains("maze.txt ● unsaved"),
        "the write is asked for, not done"
    );
    answer(&mut m, effects);
    assert!(title(&m).contains(" Maze · maze.txt ✓ "), "{}", title(&m));
    assert_eq!(status(&m), "Saved out/maze.txt: backtracker, seed 42");
    act(&mut m, Action::Regenerate);
    assert!(title(&m).contains("maze.txt ● unsaved"), "{}", title(&m));
    let effects = act(&mut m, Action::Save);
    answer(&mut m, effects);
    assert!(title(&m).contains("maze.txt ✓"), "{}", title(&m));
    let seed = m.seed();
    assert_eq!(
        status(&m),
        format!("Saved out/maze.txt: backtracker, seed {seed}")
    );
    // `a` is another maze: unsaved, and its save names its algorithm.
    act(&mut m, Action::NextAlgorithm);
    assert!(title(&m).contains("● unsaved"), "{}", title(&m));
    let effects = act(&mut m, Action::Save);
    answer(&mut m, effects);
    let algorithm = m.shown_session().options().algorithm;
    assert_ne!(algorithm.to_string(), "backtracker");
    assert_eq!(
        status(&m),
        format!("Saved out/maze.txt: {algorithm}, seed {seed}")
    );
}

#[test]
fn a_write_that_ends_after_r_leaves_the_new_maze_unsaved() {
    let mut m = sized(model(25, 20), 140, 45);
    let effects = act(&mut m, Action::Finish);
    act(&mut m, Action::Regenerate);
    // The first maze's write ends now: the file holds that one, not the maze on screen.
    answer(&mut m, effects);
    assert!(m.output_written());
    assert!(title(&m).contains("maze.txt ● unsaved"), "{}", title(&m));
}

#[test]
fn a_race_lane_saved_is_marked_and_named_and_the_studio_maze_is_then_unsaved() {
    let mut m = saved_at(140, 45);
    act(&mut m, Action::Race);
    act(&mut m, Action::ToggleFocus);
    let effects = act(&mut m, Action::Save);
    let lane = m.race().unwrap().lanes[1].algorithm;
    assert_eq!(
        status(&m),
        format!("Saving lane 2 ({lane}) to out/maze.txt…")
    );
    answer(&mut m, effects);
    assert_eq!(status(&m), format!("Saved lane 2 ({lane}) to out/maze.txt"));
    let text = screen_text(&m);
    let marked: Vec<usize> = (0..text.lines().count())
        .filter(|&r| text.lines().nth(r).unwrap().contains("maze.txt ✓"))
        .collect();
    assert_eq!(marked.len(), 1, "{text}");
    // At 140x45 the lanes go beside columns of their own: the mark under lane 2's name.
    let name = text.lines().nth(marked[0] - 3).unwrap();
    assert!(name.contains(&format!(" 2 {lane} ")), "{text}");
    let at = |line: &str, what: &str| line[..line.find(what).unwrap()].chars().count();
    let mark = text.lines().nth(marked[0]).unwrap();
    assert_eq!(
        at(mark, "maze.txt ✓"),
        at(name, &format!(" 2 {lane} ")) + 1,
        "{text}"
    );
    insta::assert_snapshot!("race_lane_saved_140x45", text);
    act(&mut m, Action::Quit);
    assert!(m.race().is_none());
    assert!(title(&m).contains("maze.txt ● unsaved"), "{}", title(&m));
}

#[test]
fn snapshot_saved_80x24_and_140x45() {
    let narrow = saved_at(80, 24);
    let text = screen_text(&narrow);
    // Folded, the mark is the summary's, after the progress.
    assert!(
        title(&narrow).contains("backtracker · done · maze.txt ✓"),
        "{text}"
    );
    insta::assert_snapshot!("saved_80x24", text);
    let wide = saved_at(140, 45);
    assert!(
        title(&wide).contains("┌ Maze · maze.txt ✓ ─"),
        "{}",
        title(&wide)
    );
    insta::assert_snapshot!("saved_140x45", screen_text(&wide));
}

#[test]
fn every_message_is_logged_with_the_time_the_run_loop_said() {
    let mut m = model(9, 7);
    clock(&mut m, 3);
    act(&mut m, Action::TogglePause);
    clock(&mut m, 64);
    act(&mut m, Action::NextTheme);
    let entries: Vec<(Duration, &str)> =
        m.log().entries().map(|e| (e.at, e.text.as_str())).collect();
    let theme = format!("Theme: {}", m.theme().name);
    assert_eq!(
        entries,
        [
            (
                Duration::from_secs(3),
                "Paused: n takes one step, Space resumes"
            ),
            (Duration::from_secs(64), theme.as_str()),
        ]
    );
}

#[test]
fn progress_under_way_is_logged_once_as_its_latest() {
    let mut log = Log::default();
    let info = StatusKind::Info;
    log.record(Duration::ZERO, info, "Writing maze.txt… 12%");
    log.record(Duration::from_secs(1), info, "Writing maze.txt… 87%");
    log.record(Duration::from_secs(2), info, "Saved maze.txt: prim, seed 1");
    log.record(Duration::from_secs(3), info, "Saved maze.txt: prim, seed 1");
    let texts: Vec<&str> = log.entries().map(|e| e.text.as_str()).collect();
    assert_eq!(texts, ["Saved maze.txt: prim, seed 1"], "the write's end");
    log.record(
        Duration::from_secs(4),
        info,
        "Saving lane 2 (prim) to maze.txt…",
    );
    log.record(Duration::from_secs(4), info, "Writing maze.txt… 0%");
    log.record(
        Duration::from_secs(5),
        info,
        "Saved lane 2 (prim) to maze.txt",
    );
    let texts: Vec<&str> = log.entries().map(|e| e.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Saved maze.txt: prim, seed 1",
            "Saving lane 2 (prim) to maze.txt…",
            "Saved lane 2 (prim) to maze.txt"
        ]
    );
    for at in 0..2 * KEPT as u64 {
        log.record(Duration::from_secs(at), info, &format!("message {at}"));
    }
    assert_eq!(log.entries().len(), KEPT, "the oldest go");
}

#[test]
fn m_opens_the_log_as_a_layer_that_scrolls_and_esc_q_and_m_close() {
    let mut m = sized(model(9, 7), 80, 24);
    for n in 0..40 {
        clock(&mut m, n);
        act(&mut m, Action::NextTheme);
    }
    for closing in [KeyCode::Esc, KeyCode::Char('q'), KeyCode::Char('m')] {
        key(&mut m, KeyCode::Char('m'));
        assert_eq!(layer::innermost(&m), Layer::Log);
        assert_eq!(m.log().offset(), None, "it opens at the newest");
        let effects = key(&mut m, closing);
        assert!(effects.is_empty(), "{closing:?} does not quit: {effects:?}");
        assert!(!m.log().is_open(), "{closing:?} closes it");
    }
    key(&mut m, KeyCode::Char('m'));
    // Keys that mean something else outside do nothing under it.
    key(&mut m, KeyCode::Char('r'));
    assert!(m.log().is_open());
    key(&mut m, KeyCode::Char('k'));
    let up = m.log().offset().expect("scrolled up from the end");
    key(&mut m, KeyCode::Home);
    assert_eq!(m.log().offset(), Some(0));
    key(&mut m, KeyCode::End);
    assert_eq!(m.log().offset(), None, "back at the end, following it");
    assert!(up > 0);
}

#[test]
fn snapshot_the_log_at_80x24_and_140x45() {
    for (width, height) in [(80, 24), (140, 45)] {
        let mut m = saved_at(width, height);
        clock(&mut m, 65);
        act(&mut m, Action::TogglePause);
        act(&mut m, Action::Step);
        clock(&mut m, 3_725);
        let effects = act(&mut m, Action::Save);
        answer(&mut m, effects);
        key(&mut m, KeyCode::Char('m'));
        let text = screen_text(&m);
        assert!(text.contains(" Messages (5) · Esc or m closes "), "{text}");
        assert!(
            text.contains(" 0:00 ✓ Saved out/maze.txt: backtracker, seed 42"),
            "{text}"
        );
        assert!(text.contains(" 1:05 · Paused"), "{text}");
        assert!(text.contains("1:02:05 ✓ Saved out/maze.txt"), "{text}");
        assert!(
            text.contains("Esc close"),
            "the footer says how out: {text}"
        );
        insta::assert_snapshot!(format!("log_{width}x{height}"), text);
    }
}

#[test]
fn the_log_wraps_long_messages_and_scrolls_by_page_to_its_first_row() {
    let mut m = sized(model(9, 7), 80, 24);
    for n in 0..30 {
        let text = format!("message {n} {}", "that goes on and on ".repeat(6));
        m.set_status(StatusKind::Info, text);
    }
    key(&mut m, KeyCode::Char('m'));
    let text = screen_text(&m);
    assert!(text.contains("goes on"), "{text}");
    assert!(text.contains("message 29"), "the newest shows: {text}");
    for _ in 0..100 {
        key(&mut m, KeyCode::PageUp);
    }
    assert_eq!(m.log().offset(), Some(0));
    let text = screen_text(&m);
    assert!(text.contains("message 0 that"), "{text}");
    insta::assert_snapshot!("log_scrolled_to_its_top_80x24", text);
}

#[test]
fn a_warning_about_the_users_files_comes_back_until_x_dismisses_it() {
    let mut m = misconfigured(140, 45);
    let warning = status(&m);
    assert!(warning.contains("THEME=nope: no such theme"), "{warning}");
    assert!(layer::does_something(&m, Action::DismissWarning));
    clock(&mut m, 2);
    act(&mut m, Action::TogglePause);
    assert!(status(&m).starts_with("Paused"), "a newer message shows");
    // A key that says nothing does not take the warning down either.
    act(&mut m, Action::TogglePath);
    clock(&mut m, 10);
    assert_eq!(status(&m), warning, "and then the warning is back");
    let effects = key(&mut m, KeyCode::Char('x'));
    assert!(effects.is_empty());
    assert_eq!(status(&m), "Warning dismissed: m lists every message");
    assert!(!layer::does_something(&m, Action::DismissWarning));
    clock(&mut m, 100);
    assert_eq!(status(&m), "Warning dismissed: m lists every message");
    // The log still has it.
    assert!(m.log().entries().any(|e| e.text.contains("THEME=nope")));
    key(&mut m, KeyCode::Char('x'));
    assert_eq!(status(&m), "No warning to dismiss");
}

#[test]
fn snapshot_a_warning_kept_up_with_its_dismiss_key_at_80x24_and_140x45() {
    for (width, height) in [(80, 24), (140, 45)] {
        let mut m = misconfigured(width, height);
        act(&mut m, Action::Finish);
        clock(&mut m, 30);
        let text = screen_text(&m);
        assert!(text.contains("THEME=nope: no such theme"), "{text}");
        assert!(text.contains("x dismiss warning"), "{text}");
        insta::assert_snapshot!(format!("warning_kept_up_{width}x{height}"), text);
    }
}

#[test]
fn x_dismisses_from_under_the_log_too() {
    let mut m = misconfigured(80, 24);
    key(&mut m, KeyCode::Char('m'));
    assert!(screen_text(&m).contains("x dismiss warning"));
    key(&mut m, KeyCode::Char('x'));
    assert!(m.log().warning().is_none());
    assert!(m.log().is_open(), "the log stays open");
    assert!(!screen_text(&m).contains("x dismiss warning"));
}

#[test]
fn the_wheel_scrolls_the_log() {
    let mut m = sized(model(9, 7), 80, 24);
    for n in 0..60 {
        m.set_status(StatusKind::Info, format!("message {n}"));
    }
    key(&mut m, KeyCode::Char('m'));
    let wheel = crate::tui::message::Mouse {
        column: 10,
        row: 10,
        kind: crate::tui::message::MouseKind::ScrollUp,
        shift: false,
    };
    update(&mut m, Message::Mouse(wheel));
    assert!(m.log().offset().is_some());
    let _ = HelpScroll::Up;
}

#[test]
fn snapshot_the_replay_badge_at_80x24_and_140x45() {
    for (width, height) in [(80, 24), (140, 45)] {
        let mut m = sized(model(25, 20), width, height);
        theme(&mut m, "plain");
        for _ in 0..40 {
            update(&mut m, Message::Tick(Duration::from_millis(16)));
        }
        act(&mut m, Action::Scrub(Scrub::BackFar));
        assert!(m.replay().is_scrubbing());
        assert!(title(&m).contains(" REPLAY · Maze "), "{}", title(&m));
        insta::assert_snapshot!(format!("replay_badge_{width}x{height}"), screen_text(&m));
        act(&mut m, Action::Scrub(Scrub::End));
        assert!(!title(&m).contains("REPLAY"), "{}", title(&m));
    }
}

/// Running the cursor over the theme list leaves one line for the preview and one for the
/// pick, not a line a step.
#[test]
fn a_theme_preview_is_one_line_of_the_log_and_the_pick_another() {
    let mut m = model(15, 10);
    let before = m.log().entries().count();
    act(&mut m, Action::ToggleFocus);
    for _ in 0..4 {
        act(&mut m, Action::CursorDown);
    }
    act(&mut m, Action::CursorUp);
    let texts: Vec<String> = m.log().entries().map(|e| e.text.clone()).collect();
    let previews = &texts[before..];
    assert_eq!(previews.len(), 1, "{texts:?}");
    assert!(previews[0].starts_with("Theme: "), "{texts:?}");
    act(&mut m, Action::PickCursorTheme);
    let texts: Vec<String> = m.log().entries().map(|e| e.text.clone()).collect();
    assert_eq!(texts.len(), before + 2, "{texts:?}");
    // A later preview is a new line: the pick is kept.
    act(&mut m, Action::ToggleFocus);
    act(&mut m, Action::CursorDown);
    assert_eq!(m.log().entries().count(), before + 3);
}
