//! Snapshots of play mode: walking, in the fog, won, caught. In the `plain` theme, whose
//! glyphs tell every role apart: `@` the walker, `.` its trail, `+` a chaser, `·` the shortest
//! path, `░` the fog.

use std::time::Duration;

use crate::tui::configs::APP_CONFIG_KEYS;
use crate::tui::message::{Action, Message};
use crate::tui::model::Model;
use crate::tui::testing::{model, start};
use crate::tui::update;
use crate::tui::view::tests::{act, screen_text, sized, theme};
use mazegen::Dir;
use mazegen::config::Config;
use mazegen::play::Outcome;

fn snapshot(name: &str, model: &Model) {
    // Beside the other screens' snapshots.
    insta::with_settings!({ snapshot_path => "../snapshots" }, {
        insta::assert_snapshot!(format!("snapshot_{name}"), screen_text(model));
    });
}

fn walk(model: &mut Model, towards: Dir) {
    act(
        model,
        Action::Walk {
            towards,
            run: false,
        },
    );
}

/// A finished 15x10 maze (a board if `perfect` is false) in play mode, in the plain theme.
fn playing(perfect: bool) -> Model {
    let text = format!(
        "WIDTH=15\nHEIGHT=10\nENTRY=0,0\nEXIT=14,9\nOUTPUT_FILE=out/maze.txt\n\
         PERFECT={}\nSEED=42\n",
        if perfect { "True" } else { "False" }
    );
    let config = Config::parse_with_app_keys(&text, "config.txt", APP_CONFIG_KEYS).unwrap();
    let mut m = sized(Model::new(start(config)).unwrap(), 100, 30);
    theme(&mut m, "plain");
    act(&mut m, Action::Finish);
    act(&mut m, Action::TogglePlay);
    m
}

/// The first `steps` moves of the shortest path, each a second apart.
fn follow_the_path(m: &mut Model, steps: usize) {
    let dirs = m.shown_session().solution().unwrap().dirs().to_vec();
    for dir in dirs.into_iter().take(steps) {
        walk(m, dir);
        update(m, Message::Tick(Duration::from_secs(1)));
    }
}

#[test]
fn snapshot_walking_on_a_board_with_a_chaser() {
    let mut m = playing(false);
    follow_the_path(&mut m, 6);
    let round = m.play().round().unwrap();
    assert_eq!(round.game().moves(), 6);
    assert_eq!(round.game().chasers().len(), 1);
    snapshot("walking", &m);
}

#[test]
fn snapshot_in_the_fog() {
    let mut m = playing(false);
    act(&mut m, Action::ToggleFog);
    follow_the_path(&mut m, 6);
    snapshot("fog", &m);
}

#[test]
fn snapshot_won_with_the_trail_beside_the_shortest_path() {
    let mut m = playing(true);
    // A detour first: into the first side passage off the path and back.
    let path = m.shown_session().solution().unwrap().clone();
    let grid = m.shown_session().grid().clone();
    let cells: Vec<_> = path.cells(&grid).collect();
    let (at, side) = cells
        .iter()
        .enumerate()
        .find_map(|(i, &cell)| {
            let on_path = |d: Dir| grid.neighbour(cell, d).is_some_and(|n| cells.contains(&n));
            let side = grid.open_dirs(cell).find(|&d| !on_path(d))?;
            Some((i, side))
        })
        .expect("a side passage");
    for &dir in &path.dirs()[..at] {
        walk(&mut m, dir);
    }
    walk(&mut m, side);
    walk(&mut m, side.opposite());
    update(&mut m, Message::Tick(Duration::from_millis(12_300)));
    for &dir in &path.dirs()[at..] {
        walk(&mut m, dir);
    }
    let round = m.play().round().unwrap();
    assert_eq!(round.game().outcome(), Outcome::Won);
    assert_eq!(round.game().moves() as usize, path.len() + 2);
    snapshot("won", &m);
}

#[test]
fn snapshot_caught() {
    let mut m = playing(false);
    let entry = m.shown_session().entry();
    let out = Dir::ALL
        .into_iter()
        .find(|&d| m.shown_session().grid().is_open(entry, d))
        .unwrap();
    let mut i = 0;
    while m.play().round().unwrap().game().outcome() == Outcome::Playing {
        walk(&mut m, if i % 2 == 0 { out } else { out.opposite() });
        update(&mut m, Message::Tick(Duration::from_millis(500)));
        i += 1;
    }
    assert_eq!(m.play().round().unwrap().game().outcome(), Outcome::Caught);
    snapshot("caught", &m);
}

#[test]
fn the_footer_shows_the_play_keys_first() {
    let mut m = sized(model(9, 7), 100, 30);
    act(&mut m, Action::Finish);
    act(&mut m, Action::TogglePlay);
    let text = screen_text(&m);
    let keys = text.lines().last().unwrap();
    assert!(
        keys.starts_with(" ←↓↑→ walk, Shift runs  f fog  Esc leave  "),
        "{keys}"
    );
    assert!(keys.contains("q quit"), "{keys}");
}
