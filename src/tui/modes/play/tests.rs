//! Play mode through `update`: every action and message it adds, and the keys that ask for
//! them.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyModifiers};

use super::*;
use crate::tui::configs::APP_CONFIG_KEYS;
use crate::tui::effect::Effect;
use crate::tui::input::key_context;
use crate::tui::kernel::action::Action;
use crate::tui::keymap::Context;
use crate::tui::message::{Answer, Message};
use crate::tui::model::{Model, StatusKind};
use crate::tui::testing::act;
use crate::tui::testing::{answer, model, press, start};
use crate::tui::text::clock;
use crate::tui::update;
use crate::tui::viewport::Zoom;
use mazegen::Dir;
use mazegen::config::Config;
use mazegen::session::Phase;

const FRAME: Duration = Duration::from_millis(16);

fn key(model: &mut Model, c: char) -> Vec<Effect> {
    press(model, KeyCode::Char(c), KeyModifiers::NONE)
}

fn walk(towards: Dir) -> Action {
    Action::Walk {
        towards,
        run: false,
    }
}

/// A finished `width` x `height` maze in play mode.
fn playing(width: u32, height: u32) -> Model {
    let mut m = model(width, height);
    act(&mut m, Action::Finish);
    act(&mut m, Action::TogglePlay);
    assert!(m.is_playing());
    m
}

/// A dashboard on a `width` x `height` board (PERFECT=False), SEED=42.
fn board(width: u32, height: u32) -> Model {
    let text = format!(
        "WIDTH={width}\nHEIGHT={height}\nENTRY=0,0\nEXIT={},{}\nOUTPUT_FILE=out/maze.txt\n\
         PERFECT=False\nSEED=42\n",
        width - 1,
        height - 1
    );
    let config = Config::parse_with_app_keys(&text, "config.txt", APP_CONFIG_KEYS).unwrap();
    Model::new(start(config)).unwrap()
}

fn shortest_dirs(model: &Model) -> Vec<Dir> {
    model.shown_session().solution().unwrap().dirs().to_vec()
}

fn status(model: &Model) -> &str {
    &model.status().unwrap().text
}

fn round(model: &Model) -> &Round {
    model.play().round().unwrap()
}

#[test]
fn g_starts_a_round_at_the_entry_and_its_keys_take_over() {
    let mut m = model(9, 7);
    act(&mut m, Action::Finish);
    assert_eq!(key_context(&m), Context::Canvas);
    key(&mut m, 'g');
    assert!(m.is_playing());
    assert_eq!(key_context(&m), Context::Play);
    assert_eq!(round(&m).game().walker(), m.shown_session().entry());
    assert_eq!(status(&m), "Play: ←↓↑→ walk, Shift runs, f fog, Esc leaves");
    assert!(round(&m).game().chasers().is_empty(), "a perfect maze");
    // Esc leaves play mode instead of quitting; outside play it quits.
    assert!(press(&mut m, KeyCode::Esc, KeyModifiers::NONE).is_empty());
    assert!(!m.is_playing());
    assert_eq!(status(&m), "Left play mode");
    key(&mut m, 'g');
    key(&mut m, 'g');
    assert!(!m.is_playing(), "g leaves too");
}

#[test]
fn g_mid_carving_finishes_the_maze_first() {
    let mut m = model(20, 15);
    update(&mut m, Message::Tick(FRAME));
    assert_eq!(m.phase(), Phase::Carving);
    let effects = key(&mut m, 'g');
    assert_eq!(m.phase(), Phase::Done);
    assert!(m.is_playing(), "a small maze is finished at once");
    assert_eq!(effects.len(), 1, "the first maze's save: {effects:?}");
}

#[test]
fn g_on_a_big_maze_waits_for_it_to_be_finished_then_starts() {
    let mut m =
        Model::with_inline_cells(start(crate::tui::testing::config(40, 30, "")), 0).unwrap();
    let mut effects = act(&mut m, Action::TogglePlay);
    assert!(!m.is_playing());
    assert!(status(&m).ends_with("then play"), "{}", status(&m));
    for _ in 0..10_000 {
        if m.phase() == Phase::Done {
            break;
        }
        effects.extend(update(&mut m, Message::Tick(FRAME)));
    }
    answer(&mut m, effects);
    assert!(m.is_playing(), "{}", status(&m));
}

#[test]
fn arrows_and_hjkl_walk_and_shift_runs() {
    let mut m = playing(25, 20);
    let first = shortest_dirs(&m)[0];
    let (arrow, letter) = match first {
        Dir::East => (KeyCode::Right, 'l'),
        Dir::South => (KeyCode::Down, 'j'),
        _ => unreachable!("the entry is the top-left corner"),
    };
    press(&mut m, arrow, KeyModifiers::NONE);
    assert_eq!(round(&m).game().moves(), 1);
    press(
        &mut m,
        KeyCode::Char(['h', 'k'][usize::from(letter == 'j')]),
        KeyModifiers::NONE,
    );
    assert_eq!(round(&m).game().moves(), 2, "back to the entry");
    assert_eq!(round(&m).game().walker(), m.shown_session().entry());
    press(
        &mut m,
        KeyCode::Char(letter.to_ascii_uppercase()),
        KeyModifiers::NONE,
    );
    let ran = round(&m).game().moves() - 2;
    assert!(ran >= 1, "Shift runs at least one cell");
    // A wall: no move counted, nothing said.
    let blocked = Dir::ALL
        .into_iter()
        .find(|&d| {
            m.shown_session()
                .grid()
                .is_closed(round(&m).game().walker(), d)
        })
        .unwrap();
    let before = m.status().cloned();
    act(&mut m, walk(blocked));
    assert_eq!(round(&m).game().moves(), 2 + ran);
    assert_eq!(m.status().cloned(), before);
}

#[test]
fn the_clock_starts_at_the_first_move_and_stops_at_the_exit() {
    let mut m = playing(9, 7);
    assert!(!m.is_animating(), "nothing moves before the first move");
    update(&mut m, Message::Tick(FRAME));
    assert_eq!(round(&m).elapsed(), Duration::ZERO);
    let dirs = shortest_dirs(&m);
    act(&mut m, walk(dirs[0]));
    assert!(m.is_animating(), "the clock is drawn every frame");
    for _ in 0..10 {
        update(&mut m, Message::Tick(Duration::from_millis(100)));
    }
    assert_eq!(round(&m).elapsed(), Duration::from_secs(1));
    for &dir in &dirs[1..] {
        act(&mut m, walk(dir));
    }
    update(&mut m, Message::Tick(Duration::from_millis(100)));
    assert_eq!(round(&m).elapsed(), Duration::from_secs(1), "stopped");
    assert!(!m.is_animating());
}

#[test]
fn reaching_the_exit_records_the_score_and_says_how_it_went() {
    let mut m = playing(9, 7);
    let dirs = shortest_dirs(&m);
    act(&mut m, walk(dirs[0]));
    update(&mut m, Message::Tick(Duration::from_millis(2_500)));
    let mut effects = Vec::new();
    for &dir in &dirs[1..] {
        effects = act(&mut m, walk(dir));
    }
    let n = dirs.len();
    let [Effect::RecordScore { record, .. }] = effects.as_slice() else {
        panic!("one score to record: {effects:?}");
    };
    assert_eq!(record.key, "9x7 backtracker perfect seed 42");
    assert_eq!(
        record.score,
        Score {
            milliseconds: 2_500,
            moves: n as u64,
            shortest: n as u64
        }
    );
    assert_eq!(
        status(&m),
        format!("At the exit: 2.5 s, {n} moves, shortest path {n}, ratio 1.00")
    );
    assert_eq!(round(&m).record(), &Record::Pending);
    assert_eq!(round(&m).shortest_cells.len(), n + 1);
    // Over: walking says so; g plays again.
    act(&mut m, walk(dirs[0].opposite()));
    assert_eq!(status(&m), "The round is over: g plays again, Esc leaves");
    key(&mut m, 'g');
    assert_eq!(round(&m).game().moves(), 0, "a new round");
}

#[test]
fn the_recorded_score_says_whether_it_is_the_best() {
    let won = |m: &mut Model| {
        let mut effects = Vec::new();
        for dir in shortest_dirs(m) {
            effects = act(m, walk(dir));
        }
        match effects.as_slice() {
            [Effect::RecordScore { job, .. }] => *job,
            _ => panic!("one score to record: {effects:?}"),
        }
    };
    let score = |milliseconds| Score {
        milliseconds,
        moves: 10,
        shortest: 10,
    };
    let mut m = playing(9, 7);
    let job = won(&mut m);
    let recorded = |m: &mut Model, outcome: Result<Recorded, String>| {
        update(
            m,
            Message::Done {
                job,
                answer: Answer::ScoreRecorded(outcome),
            },
        );
    };
    let first = Recorded {
        previous: None,
        new_best: true,
        set_aside: None,
    };
    recorded(&mut m, Ok(first.clone()));
    assert!(
        status(&m).ends_with(" · first time on this maze"),
        "{}",
        status(&m)
    );
    assert_eq!(round(&m).record(), &Record::Done(first.clone()));
    let better = Recorded {
        previous: Some(score(61_500)),
        new_best: true,
        set_aside: None,
    };
    recorded(&mut m, Ok(better));
    assert!(
        status(&m).ends_with(" · a new best (was 1:01.5)"),
        "{}",
        status(&m)
    );
    let worse = Recorded {
        previous: Some(score(900)),
        new_best: false,
        set_aside: Some("/d/scores.toml.broken-1".into()),
    };
    recorded(&mut m, Ok(worse));
    assert!(
        status(&m).starts_with(
            "Broken scores file kept as /d/scores.toml.broken-1, a new one started · At the \
             exit: "
        ),
        "{}",
        status(&m)
    );
    assert!(status(&m).ends_with(" · best 0.9 s"), "{}", status(&m));
    assert_eq!(m.status().unwrap().kind, StatusKind::Warning);
    recorded(&mut m, Err("disk full".to_owned()));
    assert_eq!(status(&m), "Score not recorded: disk full");
    assert_eq!(m.status().unwrap().kind, StatusKind::Error);
    // A late answer for the last round's job leaves a new round's record alone.
    key(&mut m, 'g');
    recorded(&mut m, Ok(first));
    assert_eq!(round(&m).record(), &Record::NotWon);
}

#[test]
fn chasers_on_a_board_can_catch_the_walker() {
    let mut m = board(15, 10);
    act(&mut m, Action::Finish);
    act(&mut m, Action::TogglePlay);
    assert_eq!(round(&m).game().chasers().len(), 1);
    assert!(
        status(&m).ends_with("; a chaser is after you"),
        "{}",
        status(&m)
    );
    // Walk back and forth by the entry until the chaser arrives.
    let out = Dir::ALL
        .into_iter()
        .find(|&d| {
            m.shown_session()
                .grid()
                .is_open(m.shown_session().entry(), d)
        })
        .unwrap();
    for i in 0..1000 {
        if round(&m).game().outcome() != Outcome::Playing {
            break;
        }
        act(&mut m, walk(if i % 2 == 0 { out } else { out.opposite() }));
    }
    assert_eq!(round(&m).game().outcome(), Outcome::Caught);
    assert!(status(&m).starts_with("Caught after "), "{}", status(&m));
    assert!(
        status(&m).ends_with(": g plays again, Esc leaves"),
        "{}",
        status(&m)
    );
    assert!(!m.is_animating(), "the clock stopped");
}

#[test]
fn f_toggles_the_fog_which_outlives_rounds() {
    let mut m = playing(9, 7);
    key(&mut m, 'f');
    assert!(m.play().fog());
    assert_eq!(status(&m), "Fog on: only what you have seen is drawn");
    key(&mut m, 'g');
    key(&mut m, 'g');
    assert!(m.play().fog(), "kept for the next round");
    key(&mut m, 'f');
    assert_eq!(status(&m), "Fog off");
    act(&mut m, Action::LeavePlay);
    assert_eq!(key(&mut m, 'f').len(), 0);
    assert!(!m.play().fog(), "f means nothing outside play mode");
}

#[test]
fn the_path_and_other_solvers_are_refused_while_playing() {
    let mut m = playing(9, 7);
    let shown = m.shows_path();
    key(&mut m, 'p');
    assert_eq!(m.shows_path(), shown);
    assert_eq!(status(&m), "Not while playing: Esc leaves play mode");
    let solver = m.shown_session().solver();
    key(&mut m, 'v');
    assert_eq!(m.shown_session().solver(), solver);
}

#[test]
fn a_new_maze_ends_the_round() {
    let mut m = playing(9, 7);
    key(&mut m, 'r');
    assert!(!m.is_playing());
    assert_eq!(key_context(&m), Context::Canvas);
}

#[test]
fn playing_a_maze_too_big_to_show_whole_zooms_in_and_follows_the_walker() {
    let mut m = crate::tui::testing::inline_model(300, 200);
    update(
        &mut m,
        Message::Resize {
            width: 100,
            height: 30,
        },
    );
    act(&mut m, Action::Finish);
    act(&mut m, Action::TogglePlay);
    assert_eq!(m.viewport().zoom(), Zoom::Detail);
    let canvas = m.screen().unwrap().canvas_size();
    assert_eq!(m.viewport().origin(m.maze_blocks(), canvas), (0, 0));
    for dir in shortest_dirs(&m).into_iter().take(200) {
        act(&mut m, walk(dir));
    }
    let walker = round(&m).game().walker();
    let (left, top) = m.viewport().origin(m.maze_blocks(), canvas);
    let (columns, rows) = crate::tui::viewport::detail_capacity(canvas.0, canvas.1);
    let (x, y) = (2 * walker.x + 1, 2 * walker.y + 1);
    assert!((left..left + columns).contains(&x) && (top..top + rows).contains(&y));
}

/// Esc gives back the view the user had: play zooms in to follow the walker, not for good.
#[test]
fn leaving_play_gives_back_the_view_before_it() {
    let mut m = crate::tui::testing::inline_model(300, 200);
    update(
        &mut m,
        Message::Resize {
            width: 100,
            height: 30,
        },
    );
    act(&mut m, Action::Finish);
    let before = *m.viewport();
    assert_ne!(before.zoom(), Zoom::Detail);
    act(&mut m, Action::TogglePlay);
    assert_eq!(m.viewport().zoom(), Zoom::Detail);
    let first = shortest_dirs(&m)[0];
    act(&mut m, walk(first));
    act(&mut m, Action::LeavePlay);
    assert!(!m.is_playing());
    assert_eq!(*m.viewport(), before);
}

#[test]
fn clocks_read_in_seconds_then_minutes() {
    assert_eq!(clock(Duration::ZERO), "0.0 s");
    assert_eq!(clock(Duration::from_millis(9_449)), "9.4 s");
    assert_eq!(clock(Duration::from_millis(62_500)), "1:02.5");
    assert_eq!(clock(Duration::from_secs(3_600)), "60:00.0");
}
