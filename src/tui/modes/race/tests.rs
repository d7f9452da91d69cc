//! Race mode's messages: starting, the shared pace, the summary, focus, saving and leaving.

use std::time::Duration;

use super::*;
use crate::tui::effect::{Effect, Work};
use crate::tui::kernel::action::{Action, Mouse, MouseKind};
use crate::tui::message::{Answer, Message};
use crate::tui::model::{FirstSave, Model};
use crate::tui::testing::act;
use crate::tui::testing::{answer, model};
use crate::tui::update;
use crate::tui::update::start_race;
use mazegen::Solver;
use mazegen::session::Phase;
use mazegen::validate::{Expected, validate_maze};
use mazegen::{Generator, Pos};

const FRAME: Duration = Duration::from_millis(16);

fn race(model: &Model) -> &Race {
    model.race().expect("a race is on")
}

fn tick_until_over(model: &mut Model) {
    for _ in 0..10_000 {
        update(model, Message::Tick(FRAME));
        if race(model).is_over() {
            return;
        }
    }
    panic!("the race never ended");
}

#[test]
fn r_races_the_algorithm_and_the_next_three_on_the_same_maze() {
    let mut m = model(24, 18);
    act(&mut m, Action::Race);
    let race = race(&m);
    let algorithms: Vec<Algorithm> = race.lanes.iter().map(|l| l.algorithm).collect();
    assert_eq!(
        algorithms,
        [
            Algorithm::Backtracker,
            Algorithm::Prim,
            Algorithm::Kruskal,
            Algorithm::Wilson
        ]
    );
    for lane in &race.lanes {
        let options = lane.session.options();
        assert_eq!((options.width, options.height, options.seed), (24, 18, 42));
        assert_eq!(lane.session.solver(), Solver::Bfs);
    }
    assert_eq!(
        m.status().unwrap().text,
        "Race: backtracker vs prim vs kruskal vs wilson, seed 42"
    );
}

#[test]
fn a_race_animates_even_when_the_dashboards_maze_is_done() {
    let mut m = model(20, 15);
    act(&mut m, Action::Finish);
    assert!(!m.is_animating());
    act(&mut m, Action::Race);
    assert!(m.is_animating(), "the run loop must keep sending frames");
    act(&mut m, Action::TogglePause);
    assert!(!m.is_animating());
    act(&mut m, Action::TogglePause);
    tick_until_over(&mut m);
    assert!(!m.is_animating());
}

#[test]
fn every_lane_takes_the_same_steps_a_frame() {
    let mut m = model(40, 30);
    start_race(&mut m, &[Algorithm::Kruskal, Algorithm::Backtracker]);
    update(&mut m, Message::Tick(FRAME));
    update(&mut m, Message::Tick(FRAME));
    let steps: Vec<u64> = race(&m)
        .lanes
        .iter()
        .map(|l| l.session.carving_steps())
        .collect();
    assert!(steps[0] > 0);
    assert_eq!(steps[0], steps[1], "one shared pace");
    // The dashboard's own maze waits meanwhile.
    assert_eq!(m.stack.studio.session.carving_steps(), 0);
}

#[test]
fn each_lane_is_carved_then_solved_by_bfs_into_a_valid_maze() {
    let mut m = model(24, 18);
    act(&mut m, Action::Race);
    tick_until_over(&mut m);
    let config = m.config.clone();
    for lane in &race(&m).lanes {
        let session = &lane.session;
        assert_eq!(session.phase(), Phase::Done);
        let expected = Generator::generate(config.maze_options(42).algorithm(lane.algorithm));
        assert_eq!(session.grid(), &expected.unwrap(), "{}", lane.algorithm);
        let path = session.solution().expect("solved");
        let violations = validate_maze(
            session.grid(),
            config.entry,
            config.exit,
            path,
            &Expected::from_config(&config),
        );
        assert!(violations.is_empty(), "{}: {violations:?}", lane.algorithm);
        assert!(session.stats().is_some());
        assert!(lane.finished_at.is_some());
    }
    assert_eq!(
        m.status().unwrap().text,
        "Race over: every maze carved and solved"
    );
    // The lane with the fewest steps finished first.
    let race = race(&m);
    let quickest = race
        .lanes
        .iter()
        .min_by_key(|l| l.session.carving_steps())
        .unwrap();
    assert!(
        race.lanes
            .iter()
            .all(|l| l.finished_at >= quickest.finished_at)
    );
}

#[test]
fn tab_focuses_the_next_lane_and_s_saves_its_maze() {
    let mut m = model(20, 15);
    start_race(
        &mut m,
        &[Algorithm::Prim, Algorithm::Eller, Algorithm::Sidewinder],
    );
    act(&mut m, Action::ToggleFocus);
    assert_eq!(race(&m).focus, 1);
    assert_eq!(m.status().unwrap().text, "Lane 2: eller");
    let effects = act(&mut m, Action::Save);
    let [Effect::Work(Work::Write(job))] = effects.as_slice() else {
        panic!("one write: {effects:?}");
    };
    let eller = Generator::generate(m.config.maze_options(42).algorithm(Algorithm::Eller));
    assert_eq!(job.maze.grid(), &eller.unwrap());
    assert_eq!(job.outputs[0].path(), Some(m.config.output_file.as_path()));
    // Saving finished that lane only.
    assert!(race(&m).lanes[1].finished_at.is_some());
    assert!(race(&m).lanes[0].finished_at.is_none());
    answer(&mut m, effects);
    assert!(m.stack.studio.saves.written);
    assert_eq!(m.stack.studio.first_save, FirstSave::NotOwed);
    act(&mut m, Action::ToggleFocus);
    act(&mut m, Action::ToggleFocus);
    assert_eq!(race(&m).focus, 0, "round again");
}

#[test]
fn a_click_focuses_the_lane_under_it() {
    let mut m = model(20, 15);
    act(&mut m, Action::Race);
    let area = ratatui::layout::Rect::new(0, 0, m.size.0, m.size.1);
    let lanes = crate::tui::modes::race::view::race_lanes(area, m.race().unwrap());
    let mouse = |at: ratatui::layout::Rect| {
        Message::Mouse(Mouse {
            column: at.x + 2,
            row: at.y + 2,
            kind: MouseKind::LeftPress,
            shift: false,
        })
    };
    update(&mut m, mouse(lanes[3]));
    assert_eq!(race(&m).focus, 3);
    update(&mut m, mouse(lanes[2]));
    assert_eq!(race(&m).focus, 2);
}

#[test]
fn quit_leaves_the_race_and_the_dashboard_goes_on() {
    let mut m = model(20, 15);
    update(&mut m, Message::Tick(FRAME));
    let before = m.stack.studio.session.carving_steps();
    act(&mut m, Action::Race);
    let effects = act(&mut m, Action::Quit);
    assert!(effects.is_empty(), "does not quit the dashboard");
    assert!(m.race().is_none());
    assert_eq!(m.status().unwrap().text, "Left the race");
    update(&mut m, Message::Tick(FRAME));
    assert!(m.stack.studio.session.carving_steps() > before);
}

#[test]
fn enter_finishes_every_lane_and_r_runs_the_race_again() {
    let mut m = model(20, 15);
    // Even from the theme list: a race takes the keyboard to the canvas's keys.
    act(&mut m, Action::ToggleFocus);
    start_race(&mut m, &[Algorithm::Wilson, Algorithm::BinaryTree]);
    let enter = crossterm::event::Event::Key(crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Enter,
        crossterm::event::KeyModifiers::NONE,
    ));
    let message = crate::tui::input::message_for(&enter, &m).unwrap();
    assert_eq!(message, Message::Action(Action::Finish));
    update(&mut m, message);
    assert!(race(&m).is_over());
    act(&mut m, Action::Race);
    let race = race(&m);
    assert!(!race.is_over());
    assert_eq!(race.lanes[1].algorithm, Algorithm::BinaryTree);
}

#[test]
fn what_a_race_cannot_do_says_so() {
    let mut m = model(20, 15);
    act(&mut m, Action::Race);
    act(&mut m, Action::NextAlgorithm);
    // Esc, as the race's footer names it ("Esc leave race"), not q, the first quit key.
    assert_eq!(
        m.status().unwrap().text,
        "Not in a race: Esc leaves it first"
    );
    assert!(m.race().is_some());
}

#[test]
fn a_race_needs_two_to_four_algorithms_that_fit_in_memory() {
    let mut m = model(20, 15);
    start_race(&mut m, &[Algorithm::Prim]);
    assert!(m.race().is_none());
    assert_eq!(m.status().unwrap().text, "A race needs 2 to 4 algorithms");
    m.memory_limit = Some(1000);
    start_race(&mut m, &[Algorithm::Prim, Algorithm::Kruskal]);
    assert!(m.race().is_none());
    assert!(
        m.status()
            .unwrap()
            .text
            .starts_with("No race: it needs about")
    );
    let _ = Pos::new(0, 0);
}

#[test]
fn a_race_refuses_a_random_walk_that_would_take_minutes() {
    let config = crate::tui::testing::config(2, 60_000, "");
    let mut m = Model::new(crate::tui::testing::start(config)).unwrap();
    start_race(&mut m, &[Algorithm::Backtracker, Algorithm::AldousBroder]);
    assert!(m.race().is_none());
    let text = &m.status().unwrap().text;
    assert!(
        text.starts_with("No race: aldous-broder's random walk would take about"),
        "{text}"
    );
}

/// Once every lane is done, one job runs each lane again at full speed; its times fill the
/// summary's time column. A job of an earlier race is ignored.
#[test]
fn a_race_over_asks_once_for_the_lanes_own_times() {
    let mut m = model(20, 15);
    start_race(&mut m, &[Algorithm::Backtracker, Algorithm::Kruskal]);
    let mut asked = Vec::new();
    for _ in 0..10_000 {
        let effects = update(&mut m, Message::Tick(FRAME));
        asked.extend(effects.into_iter().filter_map(|e| match e {
            Effect::Work(Work::TimeRace(job)) => Some(job),
            _ => None,
        }));
        if race(&m).is_over() {
            break;
        }
    }
    assert!(race(&m).is_over());
    let [job] = asked.as_slice() else {
        panic!("one timing job: {asked:?}");
    };
    assert_eq!(race(&m).timing, Timing::Asked(job.job));
    // Each lane's own maze, as the lanes have it.
    let laps: Vec<(Algorithm, Pos, Pos)> = job
        .laps
        .iter()
        .map(|(options, entry, exit)| (options.algorithm, *entry, *exit))
        .collect();
    let corners = (Pos::new(0, 0), Pos::new(19, 14));
    assert_eq!(
        laps,
        [
            (Algorithm::Backtracker, corners.0, corners.1),
            (Algorithm::Kruskal, corners.0, corners.1),
        ]
    );
    // Nothing more is asked while it runs.
    let more = update(&mut m, Message::Tick(FRAME));
    assert!(
        !more
            .iter()
            .any(|e| matches!(e, Effect::Work(Work::TimeRace(_))))
    );
    // A job of another race changes nothing; this one's times are kept.
    let stale = Message::Done {
        job: JobId(job.job.0 + 1000),
        answer: Answer::RaceTimed(vec![None, None]),
    };
    update(&mut m, stale);
    assert_eq!(race(&m).timing, Timing::Asked(job.job));
    let Message::Done {
        answer: Answer::RaceTimed(times),
        ..
    } = update_answer(&mut m, job.clone())
    else {
        unreachable!()
    };
    assert_eq!(times.len(), 2);
    assert!(times.iter().all(Option::is_some), "{times:?}");
    assert_eq!(race(&m).timing, Timing::Timed(times));
}

/// Runs the timing job here, hands its answer to `update`, and returns the answer.
fn update_answer(model: &mut Model, job: TimingJob) -> Message {
    let message = Message::Done {
        job: job.job,
        answer: Answer::RaceTimed(job.run()),
    };
    update(model, message.clone());
    message
}
