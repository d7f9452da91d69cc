//! The pickers: `a` and `v` open their lists, the cursor wraps, `i` tells about an entry,
//! Enter makes the maze or solves again with the pick, Esc closes without a change; each
//! message they put on the status line; and their screens at 80x24 and 140x45.

use crate::tui::kernel::action::Action;
use crate::tui::layer::{self, Layer};
use crate::tui::message::Message;
use crate::tui::model::{Model, StatusKind};
use crate::tui::testing::{answer, model, tick_until_done};
use crate::tui::update;
use crate::tui::view::tests::{screen_text, sized, theme};
use mazegen::Algorithm;
use mazegen::Solver;

use super::List;

fn act(m: &mut Model, action: Action) {
    let effects = update(m, Message::Action(action));
    answer(m, effects);
}

fn status(m: &Model) -> String {
    m.status().map(|s| s.text.clone()).unwrap_or_default()
}

/// The default maze (25x20), finished and written, in a terminal of `width` x `height`, in
/// the plain theme (glyphs, not colours).
fn finished(width: u16, height: u16) -> Model {
    let mut m = sized(model(25, 20), width, height);
    theme(&mut m, "plain");
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    m
}

/// The speed `algorithm`'s info panel gives ("47.0 M cells/s"), read from its figures so that
/// a new measurement needs no test changed.
fn speed(algorithm: Algorithm) -> &'static str {
    let measured = super::about::algorithm(algorithm).measured;
    let part = measured
        .split(". ")
        .find(|part| part.contains(" M cells/s"));
    part.and_then(|part| part.split(" (").next())
        .expect("a speed")
}

fn algorithm_shown(m: &Model) -> Algorithm {
    m.shown_session().options().algorithm
}

#[test]
fn a_opens_the_algorithm_list_on_the_algorithm_in_use_and_says_its_keys() {
    let mut m = finished(140, 45);
    act(&mut m, Action::AlgorithmList);
    assert_eq!(m.picker().list(), Some(List::Algorithms));
    assert_eq!(m.picker().cursor(), Some(0), "on the backtracker");
    assert_eq!(layer::innermost(&m), Layer::Picker);
    assert_eq!(
        status(&m),
        "Algorithms: i about one, Enter makes the maze (same seed), Esc closes"
    );
    act(&mut m, Action::ClosePicker);
    assert!(!m.picker().is_open());
    assert_eq!(status(&m), "Algorithm list closed: nothing changed");
    assert_eq!(algorithm_shown(&m), Algorithm::Backtracker);
}

#[test]
fn the_cursor_wraps_round_both_ends() {
    let mut m = finished(140, 45);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerUp);
    assert_eq!(m.picker().cursor(), Some(Algorithm::ALL.len() - 1));
    act(&mut m, Action::PickerDown);
    assert_eq!(m.picker().cursor(), Some(0));
}

#[test]
fn enter_makes_the_same_seed_with_the_pick() {
    let mut m = finished(140, 45);
    let seed = m.seed();
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerChoose);
    assert!(!m.picker().is_open());
    assert_eq!(algorithm_shown(&m), Algorithm::Kruskal);
    assert_eq!(m.seed(), seed);
    assert_eq!(status(&m), format!("Algorithm: kruskal, seed {seed}"));
}

#[test]
fn picking_the_algorithm_shown_changes_nothing_and_says_so() {
    let mut m = finished(140, 45);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerChoose);
    assert_eq!(status(&m), "Algorithm: backtracker, as shown");
    assert_eq!(m.phase(), mazegen::session::Phase::Done, "no new carving");
}

#[test]
fn an_algorithm_too_big_for_the_memory_is_refused_with_why() {
    let mut m = finished(140, 45);
    // Enough for the backtracker's few bytes a cell on these 500 cells, not Kruskal's 19.
    m.memory_limit = Some(
        crate::tui::kernel::memory::FIXED_BYTES + mazegen::Timeline::CHECKPOINT_BUDGET + 500 * 8,
    );
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerChoose);
    let text = status(&m);
    assert!(
        text.starts_with("Not made: kruskal needs more memory than the "),
        "{text}"
    );
    assert_eq!(m.status().unwrap().kind, StatusKind::Warning);
    assert_eq!(algorithm_shown(&m), Algorithm::Backtracker);
}

#[test]
fn v_picks_a_solver_and_solves_again_with_it() {
    let mut m = finished(140, 45);
    act(&mut m, Action::SolverList);
    assert_eq!(m.picker().list(), Some(List::Solvers));
    assert_eq!(
        status(&m),
        "Solvers: i about one, Enter solves with it, Esc closes"
    );
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerChoose);
    assert_eq!(m.shown_session().solver(), Solver::AStar);
    assert_eq!(status(&m), "Solver: A*");
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    assert_eq!(m.phase(), mazegen::session::Phase::Done);

    act(&mut m, Action::SolverList);
    act(&mut m, Action::Quit);
    assert_eq!(status(&m), "Solver list closed: nothing changed");
    assert!(!m.is_quitting(), "q closed the list, not the dashboard");
}

#[test]
fn i_shows_the_info_panel_and_esc_goes_back_to_the_list_then_closes() {
    let mut m = finished(140, 45);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerInfo);
    assert!(m.picker().shows_info());
    let text = screen_text(&m);
    let footer = text.lines().last().unwrap();
    assert!(
        footer.starts_with(" i list  Enter use  Esc back "),
        "{footer}"
    );
    assert!(
        text.contains("Recursive backtracker · backtracker"),
        "{text}"
    );
    assert!(
        text.contains("How it works") && text.contains(speed(Algorithm::Backtracker)),
        "{text}"
    );
    act(&mut m, Action::ClosePicker);
    assert!(m.picker().is_open() && !m.picker().shows_info());
    act(&mut m, Action::ClosePicker);
    assert!(!m.picker().is_open());
}

#[test]
fn its_own_key_closes_a_list_and_the_other_key_switches_lists() {
    let mut m = finished(140, 45);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::SolverList);
    assert_eq!(m.picker().list(), Some(List::Solvers));
    act(&mut m, Action::SolverList);
    assert!(!m.picker().is_open());
}

#[test]
fn playing_refuses_the_solver_list_and_a_race_refuses_both() {
    let mut m = finished(140, 45);
    act(&mut m, Action::TogglePlay);
    act(&mut m, Action::SolverList);
    assert!(!m.picker().is_open());
    assert!(
        status(&m).starts_with("Not while playing"),
        "{}",
        status(&m)
    );
    act(&mut m, Action::LeavePlay);
    act(&mut m, Action::Race);
    act(&mut m, Action::AlgorithmList);
    assert!(!m.picker().is_open());
    assert!(status(&m).starts_with("Not in a race"), "{}", status(&m));
}

#[test]
fn the_footer_shows_the_lists_own_keys_first() {
    let mut m = finished(80, 24);
    act(&mut m, Action::AlgorithmList);
    let text = screen_text(&m);
    let footer = text.lines().last().unwrap();
    assert!(
        footer.starts_with(" i about  Enter use  Esc close "),
        "{footer}"
    );
}

#[test]
fn snapshot_algorithm_list_80x24() {
    let mut m = finished(80, 24);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerDown);
    let text = screen_text(&m);
    assert!(text.contains("▸  prim"), "the cursor's mark: {text}");
    assert!(text.contains("● backtracker"), "the one in use: {text}");
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_algorithm_list_140x45() {
    let mut m = finished(140, 45);
    act(&mut m, Action::AlgorithmList);
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_algorithm_info_80x24() {
    let mut m = finished(80, 24);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerInfo);
    let text = screen_text(&m);
    assert!(text.contains("Kruskal · kruskal"), "{text}");
    assert!(text.contains(speed(Algorithm::Kruskal)), "{text}");
    assert!(text.contains("2000x2000"), "where it was measured: {text}");
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_algorithm_info_140x45() {
    let mut m = finished(140, 45);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerUp);
    act(&mut m, Action::PickerInfo);
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_solver_list_80x24() {
    let mut m = finished(80, 24);
    act(&mut m, Action::SolverList);
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_solver_list_140x45() {
    let mut m = finished(140, 45);
    act(&mut m, Action::SolverList);
    act(&mut m, Action::PickerDown);
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_solver_info_80x24() {
    let mut m = finished(80, 24);
    act(&mut m, Action::SolverList);
    act(&mut m, Action::PickerInfo);
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_solver_info_140x45() {
    let mut m = finished(140, 45);
    act(&mut m, Action::SolverList);
    act(&mut m, Action::PickerUp);
    act(&mut m, Action::PickerInfo);
    insta::assert_snapshot!(screen_text(&m));
}

/// The theme list (Tab) previews the theme under its cursor; folded at 80x24, the list shows
/// as a box over the canvas's corner.
#[test]
fn snapshot_theme_preview_80x24() {
    let mut m = finished(80, 24);
    act(&mut m, Action::ToggleFocus);
    act(&mut m, Action::CursorDown);
    let text = screen_text(&m);
    assert!(text.contains("Themes (Tab)"), "{text}");
    assert!(
        text.contains("● plain"),
        "plain is still the one kept: {text}"
    );
    assert!(text.contains("▸ classic"), "the cursor's mark: {text}");
    assert_eq!(
        m.theme().name,
        "classic",
        "the list wrapped round to classic"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_theme_preview_140x45() {
    let mut m = finished(140, 45);
    act(&mut m, Action::ToggleFocus);
    act(&mut m, Action::CursorUp);
    let text = screen_text(&m);
    assert!(text.contains("● plain"), "{text}");
    assert_eq!(m.theme().name, "synthwave");
    insta::assert_snapshot!(text);
}

#[test]
fn a_random_walk_that_would_take_minutes_is_refused_with_why() {
    // 2x100000: the walks of Aldous-Broder and Wilson grow with the square of the length.
    let mut config = crate::tui::testing::config(2, 100_000, "");
    config.algorithm = Algorithm::Kruskal;
    let mut m = Model::new(crate::tui::testing::start(config)).unwrap();
    act(&mut m, Action::Finish);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerChoose);
    assert_eq!(
        status(&m),
        "Not made: wilson would take over a minute to carve at this size"
    );
    assert_eq!(m.config().algorithm, Algorithm::Kruskal);
}

#[test]
fn a_pick_mid_carving_waits_for_the_first_maze_to_be_written() {
    let mut m = sized(model(25, 20), 140, 45);
    update(&mut m, Message::Tick(std::time::Duration::from_millis(16)));
    assert_eq!(m.phase(), mazegen::session::Phase::Carving);
    act(&mut m, Action::AlgorithmList);
    act(&mut m, Action::PickerDown);
    act(&mut m, Action::PickerChoose);
    assert!(
        m.output_written(),
        "the first maze was finished and written"
    );
    assert_eq!(
        m.config().algorithm,
        Algorithm::Prim,
        "then the pick was made"
    );
    assert_eq!(
        m.phase(),
        mazegen::session::Phase::Carving,
        "and is animated"
    );
}

#[test]
fn the_wheel_moves_an_open_lists_cursor() {
    use crate::tui::kernel::action::{Mouse, MouseKind};
    let mut m = finished(140, 45);
    act(&mut m, Action::SolverList);
    let wheel = |kind| {
        Message::Mouse(Mouse {
            column: 10,
            row: 10,
            kind,
            shift: false,
        })
    };
    update(&mut m, wheel(MouseKind::ScrollDown));
    update(&mut m, wheel(MouseKind::ScrollDown));
    assert_eq!(m.picker().cursor(), Some(2));
    update(&mut m, wheel(MouseKind::ScrollUp));
    assert_eq!(m.picker().cursor(), Some(1));
}
