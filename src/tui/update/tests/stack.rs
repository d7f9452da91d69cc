//! The mode stack as a user meets it: one activity at a time, footers whose keys act, a
//! legend of what is on screen, a status line that says one thing, the mouse under the list.

use std::time::Duration;

use crossterm::event::KeyCode;

use crate::tui::effect::{Effect, Work};
use crate::tui::layer::{self, Layer};
use crate::tui::message::{Message, Mouse, MouseKind};
use crate::tui::model::Model;
use crate::tui::modes::inspector::tests::{flip, opened_as, valid_text};
use crate::tui::testing::{answer, key, model, tick_until_done};
use crate::tui::update;
use crate::tui::view::tests::{screen_text, sized};

const FRAME: Duration = Duration::from_millis(16);

fn status(m: &Model) -> String {
    m.status().map(|s| s.text.clone()).unwrap_or_default()
}

fn footer(m: &Model) -> String {
    screen_text(m).lines().last().unwrap_or_default().to_owned()
}

/// The screen's row that holds `word`, from the sidebar (the columns right of the canvas).
fn sidebar_rows(m: &Model) -> String {
    let screen = m.screen().expect("room for the dashboard");
    let from = usize::from(screen.canvas_pane.right());
    screen_text(m)
        .lines()
        .map(|line| line.chars().skip(from).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A finished, written maze on a 140x45 terminal (room for the legend).
fn finished(width: u32, height: u32) -> Model {
    let mut m = sized(model(width, height), 140, 45);
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    m
}

/// A 30x20 maze a few frames into its carving, on a 140x45 terminal.
fn carving() -> Model {
    let mut m = sized(model(30, 20), 140, 45);
    for _ in 0..20 {
        update(&mut m, Message::Tick(FRAME));
    }
    m
}

#[test]
fn comma_in_play_is_refused_and_the_round_goes_on() {
    let mut m = finished(15, 10);
    key(&mut m, KeyCode::Char('g'));
    assert!(m.is_playing());
    key(&mut m, KeyCode::Char(','));
    assert!(!m.replay().is_scrubbing(), "no replay under the round");
    assert!(m.is_playing());
    assert!(
        status(&m).starts_with("Not while playing"),
        "{}",
        status(&m)
    );
    key(&mut m, KeyCode::Char('R'));
    assert!(m.race().is_none(), "nor a race");
    assert_eq!(layer::activity(&m), Some(Layer::Play));
}

#[test]
fn g_from_a_replay_ends_the_replay_and_plays_the_live_maze() {
    let mut m = finished(15, 10);
    key(&mut m, KeyCode::Char(','));
    assert!(m.replay().is_scrubbing());
    key(&mut m, KeyCode::Char('g'));
    assert!(m.is_playing());
    assert!(!m.replay().is_scrubbing(), "the replay ended first");
    assert_eq!(layer::activity(&m), Some(Layer::Play));
    let screen = screen_text(&m);
    let title = screen.lines().next().unwrap_or_default();
    assert!(title.contains(" Play"), "{title}");
    assert!(!screen.contains("carving"), "{screen}");
}

#[test]
fn g_in_a_race_is_refused() {
    let mut m = finished(15, 10);
    key(&mut m, KeyCode::Char('R'));
    assert!(m.race().is_some());
    key(&mut m, KeyCode::Char('g'));
    assert!(!m.is_playing(), "no round under the race");
    assert!(status(&m).starts_with("Not in a race"), "{}", status(&m));
}

/// The status line as drawn: the screen's row over the keys.
fn status_line(m: &Model) -> String {
    let screen = screen_text(m);
    screen.lines().rev().nth(1).unwrap_or_default().to_owned()
}

/// Moves the model's clock `seconds` on from `now`, as the run loop does each frame.
fn clock(m: &mut Model, seconds: u64) {
    update(m, Message::Clock(Duration::from_secs(seconds)));
}

#[test]
fn a_replay_takes_the_status_line_back_once_no_message_holds_it() {
    let mut m = finished(15, 10);
    clock(&mut m, 1);
    key(&mut m, KeyCode::Char(','));
    let keys = status(&m);
    assert!(keys.starts_with("Replay: "), "{keys}");
    // A message said meanwhile takes the line, for a while.
    key(&mut m, KeyCode::Char('+'));
    assert!(status_line(&m).contains("Speed"), "{}", status_line(&m));
    clock(&mut m, 1 + layer::MESSAGE_HOLDS.as_secs());
    assert!(status_line(&m).contains(&keys), "{}", status_line(&m));
    assert!(
        status(&m).starts_with("Speed"),
        "the newest message is kept"
    );
    // The moment is the timeline's, beside the line, and follows the scrub.
    key(&mut m, KeyCode::Char(','));
    let (at, steps) = position(&m);
    let line = status_line(&m);
    assert!(line.contains(&format!("step {at} of {steps}")), "{line}");
    // Back to the live maze: the newest message again.
    key(&mut m, KeyCode::Esc);
    assert!(status_line(&m).contains("Live"), "{}", status_line(&m));
}

fn position(m: &Model) -> (u64, u64) {
    crate::tui::modes::replay::update::position(&m.stack.replay, &m.stack.studio.session)
}

#[test]
fn a_round_says_its_keys_on_the_status_line_once_no_message_holds_it() {
    let mut m = finished(15, 10);
    clock(&mut m, 1);
    key(&mut m, KeyCode::Char('g'));
    assert!(m.is_playing());
    let keys = status(&m);
    assert!(keys.starts_with("Play: "), "{keys}");
    key(&mut m, KeyCode::Char('f'));
    assert!(status_line(&m).contains("Fog on"), "{}", status_line(&m));
    clock(&mut m, 1 + layer::MESSAGE_HOLDS.as_secs());
    assert!(status_line(&m).contains(&keys), "{}", status_line(&m));
    assert!(
        status(&m).starts_with("Fog on"),
        "the newest message is kept"
    );
}

/// The key the race's footer names for leaving it: the one before "leave race".
fn footers_leave_key(m: &Model) -> String {
    let footer = footer(m);
    let (before, _) = footer
        .split_once(" leave race")
        .unwrap_or_else(|| panic!("no way out in the footer: {footer}"));
    before
        .rsplit("  ")
        .next()
        .unwrap_or_default()
        .trim()
        .to_owned()
}

#[test]
fn a_race_refuses_g_and_o_naming_the_key_its_footer_shows() {
    let mut m = finished(15, 10);
    key(&mut m, KeyCode::Char('R'));
    let leave = footers_leave_key(&m);
    assert_eq!(
        leave, "Esc",
        "the footer names Esc, not q (which reads as quitting)"
    );
    for refused in ['g', 'o'] {
        key(&mut m, KeyCode::Char(refused));
        assert_eq!(
            status(&m),
            format!("Not in a race: {leave} leaves it first")
        );
        assert!(m.race().is_some(), "{refused} left the race on");
    }
    // The key it names does leave the race.
    key(&mut m, KeyCode::Esc);
    assert!(m.race().is_none());
}

#[test]
fn comma_in_the_pickers_info_panel_stays_in_the_panel() {
    let mut m = finished(15, 10);
    key(&mut m, KeyCode::Char('a'));
    key(&mut m, KeyCode::Char('i'));
    assert!(m.picker().shows_info());
    key(&mut m, KeyCode::Char(','));
    assert!(!m.replay().is_scrubbing());
    assert!(m.picker().shows_info(), "the panel stays open");
    assert!(
        status(&m).starts_with("Close the list first"),
        "{}",
        status(&m)
    );
    assert!(!footer(&m).contains("replay"), "{}", footer(&m));
}

#[test]
fn comma_on_an_opened_file_replays_nothing() {
    let (m, _dir) = opened_as(&valid_text(), None, None);
    let mut m = sized(m, 140, 45);
    key(&mut m, KeyCode::Char(','));
    assert!(!m.replay().is_scrubbing());
    assert!(!screen_text(&m).contains("REPLAY"));
    assert_eq!(status(&m), "An opened file has no carving to replay");
    assert!(!footer(&m).contains("replay"), "{}", footer(&m));
}

#[test]
fn the_theme_lists_footer_says_its_own_keys_and_that_q_goes_back() {
    let mut m = finished(15, 10);
    key(&mut m, KeyCode::Tab);
    let keys = footer(&m);
    assert!(keys.contains("↑↓ choose"), "{keys}");
    assert!(
        keys.contains("q back") && !keys.contains("q quit"),
        "{keys}"
    );
    let effects = key(&mut m, KeyCode::Char('q'));
    assert!(!effects.iter().any(|e| matches!(e, Effect::Quit)));
    assert!(!m.is_quitting(), "q went back to the maze");
}

#[test]
fn the_theme_list_over_a_replay_says_its_own_keys_first() {
    let mut m = sized(finished(15, 10), 80, 24);
    key(&mut m, KeyCode::Char(','));
    assert!(m.replay().is_scrubbing());
    key(&mut m, KeyCode::Tab);
    let keys = footer(&m);
    assert!(keys.trim_start().starts_with("↑↓ choose"), "{keys}");
    assert!(keys.contains("q back"), "{keys}");
}

#[test]
fn plays_footer_offers_no_play_key_and_no_pause() {
    let mut m = finished(15, 10);
    key(&mut m, KeyCode::Char('g'));
    let keys = footer(&m);
    for stale in ["g play", "Space", "replay", "race"] {
        assert!(!keys.contains(stale), "{stale}: {keys}");
    }
    assert!(keys.contains("Esc leave"), "{keys}");
}

#[test]
fn the_replays_footer_names_its_scrub_keys() {
    let mut m = carving();
    key(&mut m, KeyCode::Char(','));
    let keys = footer(&m);
    for own in [
        ", . step",
        "< > tenth",
        "Home start",
        "End live",
        "Space resume",
    ] {
        assert!(keys.contains(own), "{own}: {keys}");
    }
}

#[test]
fn the_legend_follows_the_mode_on_top() {
    let mut m = finished(15, 10);
    let studio = sidebar_rows(&m);
    assert!(studio.contains("stack"), "{studio}");
    key(&mut m, KeyCode::Char('g'));
    let play = sidebar_rows(&m);
    assert!(play.contains("you") && play.contains("chaser"), "{play}");
    assert!(!play.contains("stack") && !play.contains("head"), "{play}");
    key(&mut m, KeyCode::Esc);
    let effects = key(&mut m, KeyCode::Char('d'));
    answer(&mut m, effects);
    let heat = sidebar_rows(&m);
    assert!(heat.contains("steps from the entry"), "{heat}");
    assert!(!heat.contains("stack") && !heat.contains("to do"), "{heat}");
}

#[test]
fn the_inspectors_legend_writes_every_name_whole() {
    let broken = flip(&valid_text(), mazegen::Pos::new(3, 3), 0b0010);
    let (m, _dir) = opened_as(&broken, None, None);
    let m = sized(m, 140, 45);
    let side = sidebar_rows(&m);
    for name in [
        "bad wall", "bad cell", "unreach", "illegal", "shortest", "here",
    ] {
        assert!(side.contains(name), "{name}: {side}");
    }
}

#[test]
fn a_write_ending_under_a_round_keeps_the_rounds_keys_not_its_progress() {
    let mut m = model(9, 7);
    update(&mut m, Message::Tick(FRAME));
    let effects = key(&mut m, KeyCode::Char('g'));
    assert!(m.is_playing());
    let job = effects
        .iter()
        .find_map(|e| match e {
            Effect::Work(Work::Write(write)) => Some(write.job),
            _ => None,
        })
        .expect("the first save");
    update(
        &mut m,
        Message::Progress {
            job,
            done: 0,
            total: 10,
        },
    );
    answer(&mut m, effects);
    let text = status(&m);
    assert!(text.starts_with("Play: "), "{text}");
    assert!(
        text.contains("saved to") && !text.contains("Writing"),
        "{text}"
    );
}

#[test]
fn the_replays_percent_is_the_sidebars() {
    let mut m = carving();
    for _ in 0..5 {
        key(&mut m, KeyCode::Char('<'));
    }
    key(&mut m, KeyCode::Char(','));
    assert!(m.replay().is_scrubbing());
    let screen = screen_text(&m);
    let gauge = screen
        .lines()
        .find_map(|line| {
            let at = line.find("Carving")?;
            let rest = &line[at + "Carving".len()..];
            rest.split('%').next().map(|n| n.trim().to_owned())
        })
        .unwrap_or_else(|| panic!("{screen}"));
    let status_line = screen.lines().rev().nth(1).unwrap_or_default();
    let timeline = status_line
        .trim_end()
        .trim_end_matches('%')
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(gauge, timeline, "{status_line}");
}

#[test]
fn the_wheel_over_the_export_list_moves_its_cursor_not_the_maze() {
    let mut m = sized(model(60, 40), 80, 24);
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    key(&mut m, KeyCode::Char('z'));
    key(&mut m, KeyCode::Char('e'));
    let (before, cursor) = (*m.viewport(), m.stack.export.cursor());
    let canvas = m.screen().unwrap().canvas;
    let wheel = Mouse {
        column: canvas.x + 2,
        row: canvas.y + 2,
        kind: MouseKind::ScrollDown,
        shift: false,
    };
    update(&mut m, Message::Mouse(wheel));
    assert_eq!(*m.viewport(), before, "the maze under the list stays");
    assert_ne!(m.stack.export.cursor(), cursor, "the list's cursor moved");
}

#[test]
fn q_in_the_footer_says_it_backs_out_of_a_list_or_a_replay() {
    let mut m = finished(15, 10);
    key(&mut m, KeyCode::Char(','));
    assert!(footer(&m).contains("q back"), "{}", footer(&m));
    key(&mut m, KeyCode::Char('q'));
    assert!(
        !m.replay().is_scrubbing() && !m.is_quitting(),
        "q went back to live"
    );
    key(&mut m, KeyCode::Char('e'));
    assert!(footer(&m).contains("q close"), "{}", footer(&m));
    key(&mut m, KeyCode::Char('q'));
    assert!(!m.stack.export.is_open() && !m.is_quitting());
    key(&mut m, KeyCode::Char('a'));
    assert!(footer(&m).contains("q close"), "{}", footer(&m));
    key(&mut m, KeyCode::Char('q'));
    assert!(!m.picker().is_open() && !m.is_quitting());
    assert!(footer(&m).contains("q quit"), "{}", footer(&m));
}

#[test]
fn s_shows_only_where_an_opened_file_can_be_written() {
    let out = tempfile::tempdir().unwrap();
    let output = Some(out.path().join("maze.txt"));
    let broken = flip(&valid_text(), mazegen::Pos::new(3, 3), 0b0010);
    let (m, _dir) = opened_as(&broken, output.clone(), None);
    let keys = footer(&sized(m, 140, 45));
    assert!(!keys.contains("s save"), "walls that do not hold: {keys}");
    assert!(!keys.contains("g play"), "nor can be played: {keys}");
    let (m, _dir) = opened_as(&valid_text(), output, None);
    let keys = footer(&sized(m, 140, 45));
    assert!(keys.contains("s save"), "{keys}");
}
