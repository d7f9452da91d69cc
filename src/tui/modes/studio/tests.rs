//! One or more tests for every message and action `update` handles.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::tui::effect::{Effect, MazeOrder, Work, WriteJob};
use crate::tui::input::message_for;
use crate::tui::message::{Action, Answer, JobId, Message, Parcel};
use crate::tui::model::{Model, StatusKind};
use crate::tui::testing::{act, key};
use crate::tui::testing::{
    answer, answer_hand_overs, big_model, config, model, start, tick_until_done, written_bytes,
};
use crate::tui::theme::ThemeError;
use crate::tui::update;
use mazegen::config::Config;
use mazegen::format::Hex;
use mazegen::session::Job;
use mazegen::session::Phase;
use mazegen::{Generator, Pos};

const FRAME: Duration = Duration::from_millis(16);

fn tick(model: &mut Model) -> Vec<Effect> {
    update(model, Message::Tick(FRAME))
}

/// A big maze (see [`big_model`]) carved, solved, measured and written.
fn finished_big_model(width: u32, height: u32) -> Model {
    let mut m = big_model(width, height);
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    m
}

/// The write jobs among `effects` whose first output has this format.
fn writes<'a>(effects: &'a [Effect], format: &str) -> Vec<&'a WriteJob> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Work(Work::Write(job)) if job.outputs[0].format.name() == format => Some(job),
            _ => None,
        })
        .collect()
}

fn saves(effects: &[Effect]) -> Vec<&WriteJob> {
    writes(effects, "hex")
}

fn exports(effects: &[Effect]) -> Vec<&WriteJob> {
    writes(effects, "svg")
}

fn measures(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(|e| matches!(e, Effect::Work(Work::Measure { .. })))
        .count()
}

fn quits(effects: &[Effect]) -> bool {
    effects.iter().any(|e| matches!(e, Effect::Quit))
}

/// The job writes what `--headless` would write for this config and seed, to OUTPUT_FILE.
fn assert_is_the_headless_maze(job: &WriteJob, config: &Config, seed: u64) {
    let grid = Generator::generate(config.maze_options(seed)).unwrap();
    let path = grid.shortest_path(config.entry, config.exit).unwrap();
    assert_eq!(job.outputs.len(), 1);
    assert_eq!(job.outputs[0].path(), Some(Path::new("out/maze.txt")));
    assert_eq!(job.maze.seed(), seed);
    let file = Hex::grid_to_string(&grid, config.entry, config.exit, &path);
    assert_eq!(String::from_utf8(written_bytes(job)).unwrap(), file);
}

fn status_kind(model: &Model) -> Option<StatusKind> {
    model.status().map(|s| s.kind)
}

fn status_text(model: &Model) -> String {
    model.status().map(|s| s.text.clone()).unwrap_or_default()
}

// --- Tick ---

#[test]
fn ticks_carve_then_solve_and_save_the_first_maze_once() {
    let mut m = model(25, 20);
    assert!(update(&mut m, Message::Tick(FRAME)).is_empty());
    assert!(m.shown_session().carving_steps() > 0);
    let effects = tick_until_done(&mut m);
    let saved = saves(&effects);
    assert_eq!(saved.len(), 1);
    assert_is_the_headless_maze(saved[0], m.config(), 42);
    for _ in 0..10 {
        assert!(update(&mut m, Message::Tick(FRAME)).is_empty());
    }
}

#[test]
fn the_animation_takes_a_few_seconds_whatever_the_size() {
    for (width, height) in [(10, 8), (120, 90)] {
        let mut m = model(width, height);
        let mut frames = 0;
        while m.phase() == Phase::Carving {
            update(&mut m, Message::Tick(FRAME));
            frames += 1;
        }
        let seconds = frames as f64 * FRAME.as_secs_f64();
        assert!(
            (2.5..=5.0).contains(&seconds),
            "{width}x{height}: {seconds} s"
        );
    }
}

#[test]
fn a_tick_of_no_time_takes_no_step_and_paused_ticks_neither() {
    let mut m = model(25, 20);
    update(&mut m, Message::Tick(Duration::ZERO));
    assert_eq!(m.shown_session().carving_steps(), 0);
    act(&mut m, Action::TogglePause);
    for _ in 0..100 {
        update(&mut m, Message::Tick(FRAME));
    }
    assert_eq!(m.shown_session().carving_steps(), 0);
}

// --- Quit, Save, Finish ---

#[test]
fn quitting_mid_carving_finishes_and_saves_the_first_maze_then_quits_once_written() {
    let mut m = model(25, 20);
    update(&mut m, Message::Tick(FRAME));
    let effects = act(&mut m, Action::Quit);
    let [Effect::Work(Work::Write(job))] = effects.as_slice() else {
        panic!("the first maze's save, and no quit yet: {effects:?}");
    };
    assert_is_the_headless_maze(job, m.config(), 42);
    // Keys still work while the write runs; the write's end brings the quit.
    assert!(act(&mut m, Action::NextTheme).is_empty());
    let done = Message::Done {
        job: job.job,
        answer: Answer::Written(Ok(())),
    };
    assert!(quits(&update(&mut m, done)));
}

#[test]
fn quitting_after_the_first_save_just_quits_even_mid_carving() {
    let mut m = model(25, 20);
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    act(&mut m, Action::Regenerate);
    assert!(matches!(
        act(&mut m, Action::Quit).as_slice(),
        [Effect::Quit]
    ));
    assert_eq!(
        m.phase(),
        Phase::Carving,
        "no need to finish a maze nobody saves"
    );
}

#[test]
fn quitting_waits_for_every_write_under_way_and_a_failed_first_save_is_the_exit_error() {
    let mut m = model(9, 7);
    let effects = tick_until_done(&mut m);
    let first = saves(&effects)[0].job;
    let export = act(&mut m, Action::WriteExport);
    let export = exports(&export)[0].job;
    assert!(act(&mut m, Action::Quit).is_empty(), "two writes under way");
    let failed = Message::Done {
        job: first,
        answer: Answer::Written(Err("cannot write out/maze.txt: disk full".into())),
    };
    assert!(
        update(&mut m, failed).is_empty(),
        "the export is still going"
    );
    assert_eq!(m.exit_error(), Some("cannot write out/maze.txt: disk full"));
    let exported = Message::Done {
        job: export,
        answer: Answer::Written(Ok(())),
    };
    assert!(quits(&update(&mut m, exported)));
}

#[test]
fn quitting_while_a_save_is_written_shows_its_progress_and_quits_once_it_is_done() {
    let mut m = model(9, 7);
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    let job = saves(&act(&mut m, Action::Save))[0].job;
    assert!(
        !quits(&key(&mut m, KeyCode::Char('q'))),
        "the save is under way"
    );
    assert!(m.is_quitting());
    assert_eq!(
        status_text(&m),
        "Writing out/maze.txt… 0%, then quit (Ctrl-C: quit now)"
    );
    let progress = Message::Progress {
        job,
        done: 43,
        total: 100,
    };
    assert!(update(&mut m, progress).is_empty());
    assert_eq!(
        status_text(&m),
        "Writing out/maze.txt… 43%, then quit (Ctrl-C: quit now)"
    );
    // Keys are still answered while it waits.
    assert!(act(&mut m, Action::NextTheme).is_empty());
    assert_eq!(m.theme, 1);
    let done = Message::Done {
        job,
        answer: Answer::Written(Ok(())),
    };
    assert!(quits(&update(&mut m, done)));
}

/// Ctrl-C, through the keymap as the run loop sends it.
fn ctrl_c(model: &mut Model) -> Vec<Effect> {
    let event = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    let message = message_for(&event, model).expect("Ctrl-C means something everywhere");
    update(model, message)
}

#[test]
fn ctrl_c_quits_and_a_second_one_while_a_write_is_waited_for_leaves_at_once() {
    let mut m = model(9, 7);
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    assert!(
        matches!(ctrl_c(&mut m).as_slice(), [Effect::Quit]),
        "nothing to wait for: quits"
    );

    let mut m = model(9, 7);
    let effects = tick_until_done(&mut m);
    assert_eq!(saves(&effects).len(), 1, "the first save, under way");
    let effects = ctrl_c(&mut m);
    assert!(effects.is_empty(), "waits for the first save: {effects:?}");
    assert_eq!(
        status_text(&m),
        "Writing out/maze.txt… 0%, then quit (Ctrl-C: quit now)"
    );
    assert!(matches!(ctrl_c(&mut m).as_slice(), [Effect::Abort]));
}

#[test]
fn quitting_a_big_maze_says_what_it_waits_for() {
    let mut m = big_model(300, 300);
    update(&mut m, Message::Tick(FRAME));
    assert!(act(&mut m, Action::Quit).is_empty());
    assert!(
        status_text(&m).starts_with("Finishing: carving ")
            && status_text(&m).ends_with("%, then quit (Ctrl-C: quit now)"),
        "{}",
        status_text(&m)
    );
    assert!(matches!(ctrl_c(&mut m).as_slice(), [Effect::Abort]));
}

#[test]
fn q_and_esc_quit_and_so_does_4() {
    for code in [KeyCode::Char('q'), KeyCode::Esc, KeyCode::Char('4')] {
        let mut m = model(9, 7);
        let effects = tick_until_done(&mut m);
        answer(&mut m, effects);
        assert!(
            matches!(key(&mut m, code).as_slice(), [Effect::Quit]),
            "{code:?}"
        );
        assert_eq!(m.exit_error(), None);
    }
}

#[test]
fn save_finishes_the_maze_first_and_saves_every_time_asked() {
    let mut m = model(25, 20);
    let first = act(&mut m, Action::Save);
    assert_eq!(m.phase(), Phase::Done);
    assert_eq!(saves(&first).len(), 1, "finishing and saving is one write");
    assert_is_the_headless_maze(saves(&first)[0], m.config(), 42);
    let again = key(&mut m, KeyCode::Char('s'));
    assert_eq!(saves(&again).len(), 1);
    assert_is_the_headless_maze(saves(&again)[0], m.config(), 42);
}

#[test]
fn finish_completes_the_maze_and_saves_only_the_first_time() {
    let mut m = model(25, 20);
    let effects = key(&mut m, KeyCode::Enter);
    assert_eq!(m.phase(), Phase::Done);
    assert_eq!(saves(&effects).len(), 1);
    assert!(act(&mut m, Action::Finish).is_empty());
}

// --- Big mazes: finished in slices, measured by a job ---

/// Ticks (a frame each) while `going` says so, collecting the effects; the hand-overs are
/// answered as they come (see [`answer_hand_overs`]).
fn tick_while(model: &mut Model, going: impl Fn(&Model) -> bool) -> (Vec<Effect>, u32) {
    let mut effects = Vec::new();
    for ticks in 0..100_000 {
        if !going(model) {
            return (effects, ticks);
        }
        let tick = update(model, Message::Tick(FRAME));
        effects.extend(answer_hand_overs(model, tick));
    }
    panic!("still going after 100000 ticks");
}

#[test]
fn a_big_maze_is_finished_in_slices_and_measured_by_a_job() {
    let mut m = big_model(300, 300);
    let mut effects = key(&mut m, KeyCode::Enter);
    assert!(effects.is_empty(), "nothing is done at once: {effects:?}");
    assert_eq!(m.phase(), Phase::Carving);
    assert!(m.is_finishing() && m.is_animating());
    assert!(
        status_text(&m).starts_with("Finishing: carving "),
        "{}",
        status_text(&m)
    );
    // Each frame takes at most a slice, even paused, as fast as the frames come.
    act(&mut m, Action::TogglePause);
    let slice = m.pace().slice();
    effects.extend(update(&mut m, Message::Tick(FRAME)));
    assert_eq!(m.shown_session().carving_steps(), slice);
    // The run loop says that took 100 ms: the next slices take a quarter as many steps.
    assert!(update(&mut m, Message::Worked(Duration::from_millis(100))).is_empty());
    assert_eq!(m.pace().slice(), slice / 4);
    effects.extend(update(&mut m, Message::Tick(FRAME)));
    assert_eq!(m.shown_session().carving_steps(), slice + slice / 4);
    let (more, _) = tick_while(&mut m, |m| m.phase() == Phase::Carving);
    effects.extend(more);
    // Carved: the measuring goes to a job while the search goes on, once.
    assert_eq!(measures(&effects), 1);
    assert!(m.shown_session().maze().is_none(), "not measured yet");
    let (more, _) = tick_while(&mut m, |m| m.phase() != Phase::Done);
    assert_eq!(measures(&more), 0, "asked once");
    assert!(!m.is_finishing());
    assert_eq!(status_text(&m), "Measuring the maze…");
    assert!(saves(&more).is_empty(), "the first save waits for the path");
    // The measure's result brings the first save: effects asked for while handling a result.
    let Some(Effect::Work(Work::Measure { job, work })) = effects
        .into_iter()
        .find(|e| matches!(e, Effect::Work(Work::Measure { .. })))
    else {
        unreachable!()
    };
    let after = update(
        &mut m,
        Message::Done {
            job,
            answer: Answer::Measured(work.run()),
        },
    );
    assert_eq!(saves(&after).len(), 1);
    assert_is_the_headless_maze(saves(&after)[0], m.config(), 42);
    assert!(m.shown_session().stats().is_some());
}

/// A clock that moves 30 ms each time it is read, from a fixed start.
fn slow_clock() -> std::time::Instant {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    static READS: AtomicU64 = AtomicU64::new(0);
    let reads = READS.fetch_add(1, Ordering::Relaxed);
    *START.get_or_init(std::time::Instant::now) + Duration::from_millis(30 * reads)
}

/// With the run loop's clock, a frame's steps stop once they have run for the time limit,
/// whatever slice the pace asked: here each look at the clock finds 30 ms gone, so a frame
/// takes two lots of steps between looks (30, then 60 ms: past the 50 ms limit).
#[test]
fn with_a_clock_a_frames_steps_stop_on_time() {
    let mut m = big_model(300, 300);
    key(&mut m, KeyCode::Enter);
    let slice = m.pace().slice();
    assert!(
        slice > 2 * super::update::STEPS_PER_LOOK,
        "a slice of {slice} steps"
    );
    m.set_clock(slow_clock);
    update(&mut m, Message::Tick(FRAME));
    assert_eq!(
        m.shown_session().carving_steps(),
        2 * super::update::STEPS_PER_LOOK
    );
    // Without one, the frame takes its whole slice (as every other test's frames do).
    let mut m = big_model(300, 300);
    key(&mut m, KeyCode::Enter);
    update(&mut m, Message::Tick(FRAME));
    assert_eq!(m.shown_session().carving_steps(), slice);
}

#[test]
fn the_animation_of_a_big_maze_measures_it_while_the_search_is_shown() {
    let mut m = big_model(30, 20);
    let effects = tick_until_done(&mut m);
    assert_eq!(measures(&effects), 1);
    let effects = answer(&mut m, effects);
    assert_eq!(saves(&effects).len(), 1, "then the first save");
    assert_is_the_headless_maze(saves(&effects)[0], m.config(), 42);
}

#[test]
fn quitting_a_big_maze_finishes_measures_and_writes_it_first() {
    let mut m = big_model(300, 300);
    let mut effects = update(&mut m, Message::Tick(FRAME));
    assert!(act(&mut m, Action::Quit).is_empty());
    assert!(m.is_finishing());
    let (more, _) = tick_while(&mut m, |m| m.phase() != Phase::Done);
    effects.extend(more);
    assert!(!quits(&effects));
    let all = answer(&mut m, effects);
    assert_eq!(measures(&all), 1);
    assert_eq!(saves(&all).len(), 1);
    assert!(matches!(all.last(), Some(Effect::Quit)), "{all:?}");
}

/// The dashboard's start on a big maze: the screen comes up at once with a stand-in, and the
/// maze is made by a job.
fn launched(width: u32, height: u32, extra: &str) -> (Model, MazeOrder, JobId) {
    let (m, effects) = crate::tui::update::launch(start(config(width, height, extra))).unwrap();
    let [Effect::Work(Work::Make { job, order })] = effects.as_slice() else {
        panic!("the first maze made by a job: {effects:?}");
    };
    assert!(m.has_no_maze() && m.is_making());
    assert_eq!((order.seed, order.config.width), (42, width));
    (m, order.clone(), *job)
}

fn made(job: JobId, order: &MazeOrder) -> Message {
    Message::Done {
        job,
        answer: Answer::Made(Parcel::new(order.run())),
    }
}

#[test]
fn a_big_first_maze_with_a_stamp_larger_than_the_42_is_launched() {
    // The stand-in is small; it must not check the user's stamp against its own size.
    for stamp in ["XXXXXXXX", "X.X/X.X/X.X/X.X/X.X/X.X", "XXXXXXXXXXXXXXXX"] {
        let (m, order, _) = launched(501, 500, &format!("STAMP={stamp}\n"));
        assert_eq!(order.config.stamp, m.config.stamp, "{stamp}");
    }
}

#[test]
fn a_big_first_maze_is_made_by_a_job_and_then_animated_and_written() {
    // A small one is made at once, as `Model::new` makes it.
    let (small, effects) = crate::tui::update::launch(start(config(30, 20, ""))).unwrap();
    assert!(effects.is_empty() && !small.has_no_maze());
    let (mut m, order, job) = launched(600, 600, "");
    assert_eq!(
        status_text(&m),
        "Making the 600x600 backtracker maze, seed 42…"
    );
    assert!(tick(&mut m).is_empty(), "nothing to animate yet");
    update(&mut m, made(job, &order));
    assert!(!m.has_no_maze());
    assert_eq!((m.seed(), m.phase()), (42, Phase::Carving));
    assert_eq!(m.status(), None, "the hint says what to do");
    // It is the first maze: written once it is done, as `--headless` writes it.
    let effects = tick_until_done(&mut m);
    let all = answer(&mut m, effects);
    let saved = saves(&all);
    assert_eq!(saved.len(), 1);
    assert_is_the_headless_maze(saved[0], &config(600, 600, ""), 42);
}

#[test]
fn quitting_while_the_first_big_maze_is_made_writes_it_first() {
    let (mut m, order, job) = launched(600, 600, "");
    assert!(act(&mut m, Action::Quit).is_empty());
    assert_eq!(
        status_text(&m),
        "Making the 600x600 backtracker maze, seed 42…, then quit (Ctrl-C: quit now)"
    );
    let effects = update(&mut m, made(job, &order));
    assert!(m.is_finishing(), "finished for the first save");
    let (more, _) = tick_while(&mut m, |m| m.phase() != Phase::Done);
    let all = answer(&mut m, effects.into_iter().chain(more).collect());
    assert_eq!(saves(&all).len(), 1);
    assert!(matches!(all.last(), Some(Effect::Quit)), "{all:?}");
}

/// A first maze that cannot be made (an allocation the system refuses, say) leaves nothing to
/// write: quitting, asked before or after, leaves with the reason as the exit error.
#[test]
fn a_first_big_maze_that_cannot_be_made_lets_quit_leave_with_the_reason() {
    let (mut m, _, job) = launched(600, 600, "");
    assert!(act(&mut m, Action::Quit).is_empty(), "waits for the maze");
    let failed = Message::Done {
        job,
        answer: Answer::Made(Parcel::new(Err(mazegen::Error::Outside {
            end: "exit",
            pos: Pos::new(700, 0),
            width: 600,
            height: 600,
        }))),
    };
    let effects = update(&mut m, failed);
    assert!(quits(&effects), "{effects:?}");
    assert!(saves(&effects).is_empty());
    assert_eq!(
        m.exit_error(),
        Some("out/maze.txt was not written: exit cell 700,0 is outside the 600x600 maze")
    );
}

#[test]
fn the_starts_warnings_stay_while_the_first_big_maze_is_made() {
    let (mut m, order, job) = launched(600, 600, "THEME=nope\n");
    assert_eq!(status_kind(&m), Some(StatusKind::Warning));
    assert!(status_text(&m).contains("THEME=nope: no such theme"));
    update(&mut m, made(job, &order));
    assert!(status_text(&m).contains("THEME=nope: no such theme"));
}

/// Issue 41: a theme name with control characters is shown escaped, as every message shows
/// what the user wrote, on the status line and in the log.
#[test]
fn a_theme_name_with_control_characters_is_shown_escaped() {
    let (m, _, _) = launched(600, 600, "THEME=\u{1b}]0;PWN\u{7}evil\u{202e}\n");
    let said = r"THEME=\u{1b}]0;PWN\u{7}evil\u{202e}: no such theme";
    assert!(status_text(&m).contains(said), "{}", status_text(&m));
    assert!(m.log().entries().any(|e| e.text.contains(said)));
    let screen = crate::tui::view::tests::screen_text(&m);
    assert!(screen.contains(r"THEME=\u{1b}]0;PWN"), "{screen}");
}

#[test]
fn what_needs_the_big_maze_finished_waits_for_it_and_then_runs() {
    let mut m = big_model(300, 300);
    let mut effects = update(&mut m, Message::Tick(FRAME));
    // s, e and r while carving: each waits (the first save covers s).
    assert!(act(&mut m, Action::Save).is_empty());
    assert!(act(&mut m, Action::WriteExport).is_empty());
    assert!(act(&mut m, Action::Regenerate).is_empty());
    effects.extend(update(&mut m, Message::Tick(FRAME)));
    assert!(
        status_text(&m).ends_with(", then export, new maze"),
        "{}",
        status_text(&m)
    );
    assert_eq!(m.seed(), 42, "r waits for the first maze to be written");
    // Keys that do not need the maze are answered at once meanwhile.
    act(&mut m, Action::NextTheme);
    assert_eq!(m.theme, 1);
    let (more, _) = tick_while(&mut m, |m| m.phase() != Phase::Done);
    effects.extend(more);
    let all = answer(&mut m, effects);
    assert_eq!(saves(&all).len(), 1, "one save: the first maze's");
    assert_is_the_headless_maze(saves(&all)[0], &config(300, 300, ""), 42);
    assert_eq!(exports(&all).len(), 1);
    assert_eq!(
        exports(&all)[0].maze.seed(),
        42,
        "the export is of that maze"
    );
    assert_ne!(m.seed(), 42, "then the new maze");
    assert_eq!(m.phase(), Phase::Carving);
    assert!(!m.is_finishing(), "the new maze is animated, not finished");
}

#[test]
fn a_measure_of_a_replaced_maze_is_ignored_and_the_new_one_is_measured() {
    let mut m = finished_big_model(30, 20);
    act_answered(&mut m, Action::Regenerate);
    let (effects, _) = tick_while(&mut m, |m| m.phase() == Phase::Carving);
    let stale = effects
        .into_iter()
        .find_map(|e| match e {
            Effect::Work(Work::Measure { job, work }) => Some((job, work)),
            _ => None,
        })
        .unwrap();
    let effects = act(&mut m, Action::Regenerate);
    assert!(
        matches!(effects.as_slice(), [Effect::Work(Work::Make { .. })]),
        "the first maze was written: no waiting, the new maze is made at once: {effects:?}"
    );
    answer_hand_overs(&mut m, effects);
    let (effects, _) = tick_while(&mut m, |m| m.phase() == Phase::Carving);
    assert_eq!(measures(&effects), 1, "the new maze's measure");
    let (job, work) = stale;
    let after = update(
        &mut m,
        Message::Done {
            job,
            answer: Answer::Measured(work.run()),
        },
    );
    assert!(
        matches!(after.as_slice(), [Effect::Work(Work::Discard(_))]),
        "refused, and freed elsewhere (it may hold the old maze's last share): {after:?}"
    );
    assert!(
        m.shown_session().stats().is_none(),
        "another maze's measures"
    );
}

#[test]
fn quitting_waits_neither_for_a_measure_nor_for_a_new_maze() {
    let mut m = finished_big_model(30, 20);
    act_answered(&mut m, Action::Regenerate);
    let (effects, _) = tick_while(&mut m, |m| m.phase() == Phase::Carving);
    assert_eq!(measures(&effects), 1, "under way");
    let make = act(&mut m, Action::Regenerate);
    assert!(matches!(make.as_slice(), [Effect::Work(Work::Make { .. })]));
    // The maze measured is put away for the new one: its measure is of no use.
    assert_eq!(m.jobs().len(), 1, "the new maze");
    assert!(quits(&act(&mut m, Action::Quit)));
}

/// Acts, and answers the hand-overs the action asks for (a new maze made, say).
fn act_answered(model: &mut Model, action: Action) -> Vec<Effect> {
    let effects = act(model, action);
    answer_hand_overs(model, effects)
}

// --- Big mazes: search work and new mazes made by jobs ---

/// The search jobs among `effects`.
fn search_jobs(effects: &[Effect]) -> Vec<(JobId, Job)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Work(Work::Search { job, work }) => Some((*job, work.clone())),
            _ => None,
        })
        .collect()
}

/// The one search job among `effects`.
fn only_search(effects: &[Effect]) -> (JobId, Job) {
    let mut jobs = search_jobs(effects);
    assert_eq!(jobs.len(), 1, "one search job: {effects:?}");
    jobs.remove(0)
}

fn run_search(job: JobId, work: &Job) -> Message {
    Message::Done {
        job,
        answer: Answer::Searched(work.run()),
    }
}

/// Ticks a big maze until it is carved, answering nothing; returns the effects.
fn carve(model: &mut Model) -> Vec<Effect> {
    let mut effects = Vec::new();
    while model.phase() == Phase::Carving {
        effects.extend(update(model, Message::Tick(FRAME)));
    }
    effects
}

#[test]
fn a_big_maze_s_search_is_started_and_its_path_traced_by_jobs() {
    let mut m = big_model(30, 20);
    let effects = carve(&mut m);
    let (job, start) = only_search(&effects);
    assert!(start.is_start());
    // Until the search is there, the maze is being solved but nothing moves, and the start is
    // asked for once.
    assert!(search_jobs(&update(&mut m, Message::Tick(FRAME))).is_empty());
    assert_eq!(
        (m.phase(), m.shown_session().searched()),
        (Phase::Solving, 0)
    );
    update(&mut m, run_search(job, &start));
    let mut effects = Vec::new();
    while search_jobs(&effects).is_empty() {
        effects.extend(update(&mut m, Message::Tick(FRAME)));
    }
    let (job, trace) = only_search(&effects);
    assert!(!trace.is_start());
    assert!(m.shown_session().searched() > 0);
    assert_eq!(m.phase(), Phase::Solving, "until the path is traced");
    assert!(m.shown_session().shown_path().is_none());
    assert!(search_jobs(&update(&mut m, Message::Tick(FRAME))).is_empty());
    update(&mut m, run_search(job, &trace));
    assert_eq!(m.phase(), Phase::Done);
    // The same path and marks as a small maze's, solved in `update`.
    let mut small = model(30, 20);
    tick_until_done(&mut small);
    assert_eq!(
        m.shown_session().shown_path(),
        small.shown_session().shown_path()
    );
    assert!(m.shown_session().shown_path().is_some());
    for pos in (0..20).flat_map(|y| (0..30).map(move |x| Pos::new(x, y))) {
        assert_eq!(
            m.shown_session().on_path(pos),
            small.shown_session().on_path(pos),
            "{pos}"
        );
    }
}

#[test]
fn search_results_for_a_replaced_search_or_maze_are_ignored() {
    let mut m = big_model(30, 20);
    let effects = carve(&mut m);
    let (old_job, old_start) = only_search(&effects);
    // Another solver before the first search started: its start is asked for at once.
    let effects = act(&mut m, Action::NextSolver);
    let (job, start) = only_search(&effects);
    assert!(start.is_start());
    let stale = update(&mut m, run_search(old_job, &old_start));
    assert!(
        stale
            .iter()
            .all(|e| matches!(e, Effect::Work(Work::Discard(_)))),
        "refused and freed elsewhere, nothing asked again: {stale:?}"
    );
    assert_eq!(m.shown_session().searched(), 0);
    update(&mut m, run_search(job, &start));
    update(&mut m, Message::Tick(FRAME));
    assert!(
        m.shown_session().searched() > 0,
        "the new solver's search moves"
    );

    // A search of a maze replaced since.
    let mut m = finished_big_model(30, 20);
    act_answered(&mut m, Action::Regenerate);
    let effects = carve(&mut m);
    let (job, start) = only_search(&effects);
    act_answered(&mut m, Action::Regenerate);
    let seed = m.seed();
    let stale = update(&mut m, run_search(job, &start));
    assert!(
        stale
            .iter()
            .all(|e| matches!(e, Effect::Work(Work::Discard(_))))
    );
    assert_eq!((m.seed(), m.phase()), (seed, Phase::Carving));
}

/// The session in a parcel of garbage, if one is there.
fn freed_seeds(garbage: &Parcel<Vec<crate::tui::kernel::job::Garbage>>) -> Vec<u64> {
    let garbage = garbage.take().unwrap_or_default();
    garbage
        .iter()
        .filter_map(|g| g.downcast_ref::<mazegen::session::Session>())
        .map(|s| s.options().seed)
        .collect()
}

#[test]
fn a_new_big_maze_is_made_by_a_job_that_frees_the_old_one_first() {
    let mut m = finished_big_model(30, 20);
    let algorithm = m.config().algorithm;
    let effects = act(&mut m, Action::Regenerate);
    let [Effect::Work(Work::Make { job, order })] = effects.as_slice() else {
        panic!("a new maze made by a job: {effects:?}");
    };
    let (first, first_order) = (*job, order.clone());
    assert!(m.is_making() && m.has_no_maze());
    // One maze at a time: the order carries the old one, freed before the new one is made.
    assert_eq!(freed_seeds(&first_order.frees_first), [42]);
    assert_eq!(
        m.seed(),
        first_order.seed,
        "a stand-in of the maze being made"
    );
    assert_eq!(
        status_text(&m),
        format!(
            "Making the 30x20 {algorithm} maze, seed {}…",
            first_order.seed
        )
    );
    // Nothing is carved meanwhile, and what needs a maze says it is being made.
    let phase = m.phase();
    assert!(tick(&mut m).is_empty());
    assert_eq!(m.phase(), phase);
    for action in [
        Action::NextSolver,
        Action::TogglePlay,
        Action::Race,
        Action::Scrub(crate::tui::kernel::action::Scrub::Back),
    ] {
        assert!(act(&mut m, action).is_empty(), "{action:?}");
        assert!(
            status_text(&m).starts_with("Making the 30x20"),
            "{action:?}"
        );
        assert!(!m.is_playing() && m.race().is_none());
    }
    // `a` meanwhile carves the seed being made with the next algorithm; the first new maze is
    // of no use any more.
    let effects = act(&mut m, Action::NextAlgorithm);
    let Some((job, order)) = effects.iter().find_map(|e| match e {
        Effect::Work(Work::Make { job, order }) => Some((*job, order.clone())),
        _ => None,
    }) else {
        panic!("another new maze: {effects:?}");
    };
    assert_eq!(order.seed, first_order.seed);
    assert_eq!(order.config.algorithm, algorithm.next());
    let made = |job, order: &MazeOrder| Message::Done {
        job,
        answer: Answer::Made(Parcel::new(order.run())),
    };
    let stale = update(&mut m, made(first, &first_order));
    assert!(
        stale
            .iter()
            .all(|e| matches!(e, Effect::Work(Work::Discard(_))))
    );
    assert!(m.has_no_maze(), "still waiting for the second");
    update(&mut m, made(job, &order));
    assert!(!m.has_no_maze() && !m.is_making());
    assert_eq!(m.seed(), order.seed);
    assert_eq!(m.config().algorithm, algorithm.next());
    assert_eq!(m.phase(), Phase::Carving);
    assert_eq!(
        status_text(&m),
        format!("Algorithm: {}, seed {}", algorithm.next(), order.seed)
    );
}

/// A search of the old maze that ends while the new one is made is refused, and freed on a
/// worker: a big maze's search holds gigabytes, which take a while to free.
#[test]
fn an_old_mazes_search_answering_while_a_new_one_is_made_is_freed_elsewhere() {
    let mut m = finished_big_model(30, 20);
    let effects = act(&mut m, Action::NextSolver);
    let (job, work) = only_search(&effects);
    assert!(work.is_start());
    let effects = act(&mut m, Action::Regenerate);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Work(Work::Make { .. })]
    ));
    let effects = update(&mut m, run_search(job, &work));
    let [Effect::Work(Work::Discard(garbage))] = effects.as_slice() else {
        panic!("the old search is freed elsewhere: {effects:?}");
    };
    assert!(!garbage.take().unwrap_or_default().is_empty());
    assert!(m.has_no_maze() && m.is_making());
}

#[test]
fn a_new_maze_that_cannot_be_made_leaves_no_maze_and_writes_nothing() {
    let mut m = finished_big_model(30, 20);
    let effects = act(&mut m, Action::Regenerate);
    let [Effect::Work(Work::Make { job, .. })] = effects.as_slice() else {
        panic!("a new maze made by a job: {effects:?}");
    };
    // Saving waits for the maze being made, which then fails.
    assert!(act(&mut m, Action::Save).is_empty());
    let failed = Message::Done {
        job: *job,
        answer: Answer::Made(Parcel::new(Err(mazegen::Error::Outside {
            end: "exit",
            pos: Pos::new(40, 0),
            width: 30,
            height: 20,
        }))),
    };
    let effects = update(&mut m, failed);
    assert!(saves(&effects).is_empty(), "{effects:?}");
    assert!(m.has_no_maze() && !m.is_making());
    assert_eq!(status_kind(&m), Some(StatusKind::Error));
    assert!(status_text(&m).starts_with("Cannot make a new maze: exit cell"));
    // The stand-in is never carved nor written.
    for action in [
        Action::Save,
        Action::WriteExport,
        Action::Finish,
        Action::Step,
    ] {
        let effects = act(&mut m, action);
        assert!(effects.is_empty(), "{action:?}: {effects:?}");
        assert_eq!(status_text(&m), "No maze: r makes a new one");
    }
    assert!(tick(&mut m).is_empty());
    // `r` makes another.
    let effects = act(&mut m, Action::Regenerate);
    let [Effect::Work(Work::Make { job, order })] = effects.as_slice() else {
        panic!("a new maze made by a job: {effects:?}");
    };
    update(
        &mut m,
        Message::Done {
            job: *job,
            answer: Answer::Made(Parcel::new(order.run())),
        },
    );
    assert!(!m.has_no_maze());
    assert_eq!(m.seed(), order.seed);
}

#[test]
fn s_e_and_enter_while_a_new_maze_is_made_are_for_the_new_maze() {
    let mut m = finished_big_model(30, 20);
    let effects = act(&mut m, Action::Regenerate);
    let [Effect::Work(Work::Make { job, order })] = effects.as_slice() else {
        panic!("a new maze made by a job: {effects:?}");
    };
    for action in [Action::Save, Action::WriteExport, Action::Finish] {
        assert!(act(&mut m, action).is_empty(), "{action:?} waits");
    }
    assert_eq!(
        status_text(&m),
        format!(
            "Making the 30x20 {} maze, seed {}…, then save, export",
            m.config().algorithm,
            order.seed
        )
    );
    let made = Message::Done {
        job: *job,
        answer: Answer::Made(Parcel::new(order.run())),
    };
    let mut effects = update(&mut m, made);
    assert!(m.is_finishing(), "the new maze is finished for them");
    assert!(
        status_text(&m).starts_with("Finishing: carving ")
            && status_text(&m).ends_with(", then save, export"),
        "{}",
        status_text(&m)
    );
    let (more, _) = tick_while(&mut m, |m| m.phase() != Phase::Done);
    effects.extend(more);
    let all = answer(&mut m, effects);
    let (saved, exported) = (saves(&all), exports(&all));
    assert_eq!((saved.len(), exported.len()), (1, 1));
    assert_eq!(saved[0].maze.seed(), order.seed, "the new maze is saved");
    assert_eq!(exported[0].maze.seed(), order.seed);
}

// --- Written, Progress ---

#[test]
fn a_write_outcome_ends_up_on_the_status_line_and_in_the_exit_error() {
    let mut m = model(9, 7);
    let job = saves(&act(&mut m, Action::Save))[0].job;
    let failed = Message::Done {
        job,
        answer: Answer::Written(Err("cannot write out/maze.txt: Permission denied".into())),
    };
    assert!(update(&mut m, failed).is_empty());
    assert_eq!(status_kind(&m), Some(StatusKind::Error));
    assert_eq!(
        status_text(&m),
        "Not saved: cannot write out/maze.txt: Permission denied"
    );
    assert_eq!(
        m.exit_error(),
        Some("cannot write out/maze.txt: Permission denied")
    );
    assert!(m.jobs().is_empty());
    let job = saves(&act(&mut m, Action::Save))[0].job;
    let ok = Message::Done {
        job,
        answer: Answer::Written(Ok(())),
    };
    assert!(update(&mut m, ok).is_empty());
    assert_eq!(status_kind(&m), Some(StatusKind::Success));
    assert_eq!(status_text(&m), "Saved out/maze.txt: backtracker, seed 42");
    assert_eq!(m.exit_error(), None, "written in the end");
    // A message about a job nobody started changes nothing.
    let stray = Message::Done {
        job: JobId(999),
        answer: Answer::Written(Ok(())),
    };
    let before = status_text(&m);
    assert!(update(&mut m, stray).is_empty());
    assert_eq!(status_text(&m), before);
}

#[test]
fn progress_shows_on_the_status_line() {
    let mut m = model(9, 7);
    let job = saves(&act(&mut m, Action::Save))[0].job;
    update(
        &mut m,
        Message::Progress {
            job,
            done: 43,
            total: 100,
        },
    );
    assert_eq!(status_text(&m), "Writing out/maze.txt… 43%");
    assert_eq!((m.jobs()[0].done, m.jobs()[0].total), (43, 100));
}

// --- Regenerate ---

#[test]
fn regenerating_starts_a_new_animated_maze_from_a_new_seed() {
    let mut m = model(25, 20);
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    let effects = key(&mut m, KeyCode::Char('r'));
    assert!(effects.is_empty(), "the first maze was saved already");
    assert_eq!(m.phase(), Phase::Carving);
    assert_eq!(m.shown_session().carving_steps(), 0);
    let seed = m.seed();
    assert_ne!(seed, 42);
    assert!(status_text(&m).contains(&seed.to_string()));
    // Same config, same sequence of seeds.
    let mut twin = model(25, 20);
    act(&mut twin, Action::Finish);
    act(&mut twin, Action::Regenerate);
    assert_eq!(twin.seed(), seed);
    key(&mut m, KeyCode::Char('1'));
    assert_ne!(m.seed(), seed);
}

#[test]
fn regenerating_before_the_first_maze_is_done_saves_it_first() {
    let mut m = model(25, 20);
    update(&mut m, Message::Tick(FRAME));
    let effects = act(&mut m, Action::Regenerate);
    assert_eq!(saves(&effects).len(), 1);
    assert_is_the_headless_maze(saves(&effects)[0], m.config(), 42);
    assert_ne!(m.seed(), 42);
    assert_eq!(m.phase(), Phase::Carving);
}

#[test]
fn regenerating_resumes_a_paused_animation() {
    let mut m = model(9, 7);
    act(&mut m, Action::TogglePause);
    act(&mut m, Action::Regenerate);
    assert!(!m.pace().is_paused());
}

#[test]
fn next_algorithm_cycles_the_algorithm_on_the_same_seed() {
    let mut m = model(25, 20);
    // Mid-animation: the first maze is finished and saved before it is replaced.
    update(&mut m, Message::Tick(FRAME));
    let effects = act(&mut m, Action::NextAlgorithm);
    assert_eq!(saves(&effects).len(), 1);
    assert_is_the_headless_maze(saves(&effects)[0], &config(25, 20, ""), 42);
    let second = mazegen::Algorithm::default().next();
    assert_eq!(m.config().algorithm, second);
    assert_eq!(m.seed(), 42, "the same seed, to compare algorithms");
    assert_eq!(m.phase(), Phase::Carving);
    assert!(
        status_text(&m).contains(second.name()),
        "{}",
        status_text(&m)
    );
    // The maze shown is that algorithm's maze for the seed.
    act(&mut m, Action::Finish);
    let options = m.config().maze_options(42);
    assert_eq!(
        m.shown_session().grid(),
        &Generator::generate(options).unwrap()
    );
    // Round the whole list and back to the start.
    for _ in 1..mazegen::Algorithm::ALL.len() {
        assert!(act(&mut m, Action::NextAlgorithm).is_empty());
    }
    assert_eq!(m.config().algorithm, mazegen::Algorithm::default());
}

#[test]
fn e_exports_the_maze_as_shown_next_to_the_output_file() {
    let mut m = model(25, 20);
    update(&mut m, Message::Tick(FRAME));
    key(&mut m, KeyCode::Char('p'));
    key(&mut m, KeyCode::Char('t'));
    key(&mut m, KeyCode::Char('e'));
    let effects = key(&mut m, KeyCode::Enter);
    // Mid-animation: finished, saved as the first maze, then exported.
    assert_eq!(saves(&effects).len(), 1);
    let Some(Effect::Work(Work::Write(job))) = effects.last() else {
        panic!("an export: {effects:?}");
    };
    assert_eq!(job.outputs[0].path(), Some(Path::new("out/maze.svg")));
    assert!(
        std::sync::Arc::ptr_eq(&job.maze, m.shown_session().maze().unwrap()),
        "shared"
    );
    let svg = String::from_utf8(written_bytes(job)).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("an SVG");
    let layer = |id: &str| doc.descendants().find(|n| n.attribute("id") == Some(id));
    // The path is hidden, so is its layer; the colours are the theme's.
    assert!(layer("solution").is_none(), "{svg}");
    let walls = m.theme().svg_style().walls;
    assert_eq!(
        layer("walls").unwrap().attribute("stroke"),
        Some(walls.as_str())
    );
    let desc = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    assert!(desc.text().unwrap().contains("seed=42"));
    // With the path shown, the layer is the solution.
    key(&mut m, KeyCode::Char('p'));
    key(&mut m, KeyCode::Char('e'));
    let effects = key(&mut m, KeyCode::Enter);
    let [Effect::Work(Work::Write(job))] = effects.as_slice() else {
        panic!("only an export: {effects:?}");
    };
    let svg = String::from_utf8(written_bytes(job)).unwrap();
    assert!(svg.contains(r#"<g id="solution""#));
}

#[test]
fn the_export_outcome_is_on_the_status_line() {
    let mut m = model(9, 7);
    act(&mut m, Action::Finish);
    let job = exports(&act(&mut m, Action::WriteExport))[0].job;
    update(
        &mut m,
        Message::Done {
            job,
            answer: Answer::Written(Ok(())),
        },
    );
    assert_eq!(status_kind(&m), Some(StatusKind::Success));
    assert_eq!(status_text(&m), "Exported the maze to out/maze.svg");
    let job = exports(&act(&mut m, Action::WriteExport))[0].job;
    let outcome = Err("cannot write maze.svg: permission denied".to_owned());
    update(
        &mut m,
        Message::Done {
            job,
            answer: Answer::Written(outcome),
        },
    );
    assert_eq!(status_kind(&m), Some(StatusKind::Error));
    assert!(status_text(&m).contains("permission denied"));
    assert_eq!(m.exit_error(), None, "an export is not OUTPUT_FILE");
}

#[test]
fn an_svg_output_file_is_not_replaced_by_the_export() {
    let mut config = config(9, 7, "");
    config.output_file = PathBuf::from("out/pic.SVG");
    let mut m = Model::new(start(config)).unwrap();
    act(&mut m, Action::Finish);
    let effects = act(&mut m, Action::WriteExport);
    let job = exports(&effects)[0];
    assert_eq!(job.outputs[0].path(), Some(Path::new("out/pic.SVG.svg")));
}

#[test]
fn next_solver_solves_again_and_the_file_keeps_the_shortest_path() {
    let mut config = config(21, 13, "");
    config.perfect = false;
    let mut m = Model::new(start(config.clone())).unwrap();
    let effects = tick_until_done(&mut m);
    answer(&mut m, effects);
    assert_eq!(m.shown_session().solver(), mazegen::Solver::Bfs);
    assert!(
        act(&mut m, Action::NextSolver).is_empty(),
        "the first maze was saved"
    );
    assert_eq!(m.shown_session().solver(), mazegen::Solver::AStar);
    assert_eq!(m.phase(), Phase::Solving, "the new solver is animated");
    assert!(status_text(&m).contains("A*"), "{}", status_text(&m));
    tick_until_done(&mut m);
    let solvers: Vec<_> = m.shown_session().runs().iter().map(|r| r.solver).collect();
    assert_eq!(solvers, [mazegen::Solver::Bfs, mazegen::Solver::AStar]);
    // Saving after watching any solver writes the headless file, with its shortest path.
    for _ in 0..3 {
        act(&mut m, Action::NextSolver);
        act(&mut m, Action::Finish);
    }
    assert_eq!(m.shown_session().solver(), mazegen::Solver::RightHand);
    let effects = act(&mut m, Action::Save);
    assert_is_the_headless_maze(saves(&effects)[0], &config, 42);
    // A new maze keeps the solver; the table starts afresh.
    act(&mut m, Action::Regenerate);
    assert_eq!(m.shown_session().solver(), mazegen::Solver::RightHand);
    assert!(m.shown_session().runs().is_empty());
}

#[test]
fn a_solver_picked_while_carving_solves_later() {
    let mut m = model(25, 20);
    update(&mut m, Message::Tick(FRAME));
    act(&mut m, Action::NextSolver);
    assert_eq!(m.phase(), Phase::Carving);
    assert!(
        status_text(&m).contains("once carving ends"),
        "{}",
        status_text(&m)
    );
    let effects = tick_until_done(&mut m);
    assert_eq!(m.shown_session().runs()[0].solver, mazegen::Solver::AStar);
    // The first save still happens, with the shortest path.
    assert_is_the_headless_maze(saves(&effects)[0], m.config(), 42);
}

#[test]
fn a_42_left_out_for_the_courtyard_is_on_the_status_line() {
    let m = Model::new(start(config(12, 12, "COURTYARD=True\n"))).unwrap();
    assert_eq!(status_kind(&m), Some(StatusKind::Warning));
    // With the rule the courtyard breaks (issue 18), one of two warnings.
    assert_eq!(
        status_text(&m),
        "1 of 2 warnings, all listed on quitting: The 12x12 maze has no room for the 42 beside \
         the courtyard; generated without it"
    );
    assert!(m.shown_session().grid().has_courtyard());
    assert_eq!(
        status_kind(&model(12, 12)),
        None,
        "no courtyard, room for the 42"
    );
}

// --- Path, themes, focus ---

#[test]
fn p_toggles_the_path() {
    let mut m = model(9, 7);
    assert!(m.shows_path());
    key(&mut m, KeyCode::Char('p'));
    assert!(!m.shows_path());
    key(&mut m, KeyCode::Char('2'));
    assert!(m.shows_path());
    assert!(status_text(&m).contains("once the maze is solved"));
    act(&mut m, Action::Finish);
    act(&mut m, Action::TogglePath);
    act(&mut m, Action::TogglePath);
    assert_eq!(status_text(&m), "Path shown");
}

// --- Pause, step, speed ---

#[test]
fn space_pauses_and_n_steps_one_at_a_time() {
    let mut m = model(25, 20);
    key(&mut m, KeyCode::Char(' '));
    assert!(m.pace().is_paused());
    key(&mut m, KeyCode::Char('n'));
    key(&mut m, KeyCode::Char('n'));
    assert_eq!(m.shown_session().carving_steps(), 2);
    key(&mut m, KeyCode::Char(' '));
    assert!(!m.pace().is_paused());
    key(&mut m, KeyCode::Char('n'));
    assert_eq!(
        m.shown_session().carving_steps(),
        2,
        "n only steps while paused"
    );
    assert!(status_text(&m).contains("Space"));
}

#[test]
fn stepping_through_the_last_step_saves_the_first_maze() {
    let mut m = model(4, 3);
    act(&mut m, Action::TogglePause);
    let mut effects = Vec::new();
    for _ in 0..200 {
        effects.extend(act(&mut m, Action::Step));
    }
    assert_eq!(m.phase(), Phase::Done);
    assert_eq!(saves(&effects).len(), 1);
    assert!(status_text(&m).contains("Nothing left"));
}

#[test]
fn plus_and_minus_change_the_speed() {
    let mut m = model(9, 7);
    key(&mut m, KeyCode::Char('+'));
    key(&mut m, KeyCode::Char('='));
    assert_eq!(m.pace().speed(), 2);
    assert_eq!(status_text(&m), "Speed ×4");
    for _ in 0..3 {
        key(&mut m, KeyCode::Char('-'));
    }
    assert_eq!(m.pace().speed(), -1);
}

#[test]
fn unbound_keys_change_nothing() {
    let mut m = model(9, 7);
    let before = format!("{m:?}");
    assert!(key(&mut m, KeyCode::Char('y')).is_empty());
    assert!(key(&mut m, KeyCode::F(5)).is_empty());
    assert_eq!(format!("{m:?}"), before);
}

// --- Start ---

#[test]
fn the_config_picks_the_start_theme_and_no_color_picks_plain() {
    let named = Model::new(start(config(9, 7, "THEME=light\n"))).unwrap();
    assert_eq!(named.theme().name, "light");
    let mut plain = start(config(9, 7, ""));
    plain.no_color = true;
    assert_eq!(Model::new(plain).unwrap().theme().name, "plain");
    let mut configured = start(config(9, 7, "THEME=light\n"));
    configured.no_color = true;
    assert_eq!(Model::new(configured).unwrap().theme().name, "light");
}

#[test]
fn an_unknown_theme_or_a_broken_user_theme_is_a_warning() {
    let unknown = Model::new(start(config(9, 7, "THEME=nope\n"))).unwrap();
    assert_eq!(unknown.theme().name, "classic");
    assert_eq!(status_kind(&unknown), Some(StatusKind::Warning));
    assert!(status_text(&unknown).contains("config line 8: THEME=nope"));

    let mut broken = start(config(9, 7, ""));
    broken.theme_problems = vec![ThemeError {
        file: "/home/u/.config/a-maze-ing/themes/neon.toml".into(),
        line: Some(3),
        key: Some("colors.walls".into()),
        message: "unknown colour \"blu\"".into(),
    }];
    let broken = Model::new(broken).unwrap();
    assert_eq!(status_kind(&broken), Some(StatusKind::Warning));
    assert!(status_text(&broken).contains("neon.toml"));
    assert_eq!(broken.theme().name, "classic");
}

#[test]
fn the_first_maze_is_carved_from_the_entry() {
    let m = model(9, 7);
    assert_eq!(m.shown_session().options().start, Pos::new(0, 0));
}

#[test]
fn suspending_changes_nothing_and_asks_the_loop_to_stop() {
    let mut m = model(15, 10);
    let before = m.phase();
    let effects = update(&mut m, Message::Action(Action::Suspend));
    assert!(
        matches!(effects.as_slice(), [Effect::Suspend]),
        "{effects:?}"
    );
    assert_eq!(m.phase(), before);
    assert!(!m.stack.studio.quitting);
}

#[test]
fn next_algorithm_skips_the_ones_that_would_not_fit_in_memory() {
    use crate::tui::kernel::memory::FIXED_BYTES;
    use mazegen::Algorithm;
    let mut config = config(40, 30, "");
    config.algorithm = Algorithm::Prim;
    // Prim needs 16 MiB, the replay's 64 MiB and 6 bytes a cell here, as Wilson does; Kruskal's
    // 17 would not fit.
    let limit = FIXED_BYTES + mazegen::Timeline::CHECKPOINT_BUDGET + 1200 * 8;
    let start = crate::tui::model::Start {
        memory_limit: Some(limit),
        ..start(config)
    };
    let mut m = Model::new(start).unwrap();
    answer_all(&mut m, Message::Action(Action::Finish));
    answer_all(&mut m, Message::Action(Action::NextAlgorithm));
    assert_eq!(m.config.algorithm, Algorithm::Wilson);
    let status = &m.status().unwrap().text;
    assert!(
        status.starts_with("Algorithm: wilson, seed 42 (skipped kruskal: more memory"),
        "{status}"
    );
    // Without a limit, nothing is skipped.
    let mut m = Model::new(start_unlimited()).unwrap();
    answer_all(&mut m, Message::Action(Action::Finish));
    answer_all(&mut m, Message::Action(Action::NextAlgorithm));
    assert_eq!(m.config.algorithm, Algorithm::Backtracker.next());
}

#[test]
fn next_algorithm_skips_the_random_walks_that_would_take_minutes() {
    use mazegen::Algorithm;
    // 2x100000: the walks of Aldous-Broder and Wilson grow with the square of the length.
    let mut config = config(2, 100_000, "");
    config.algorithm = Algorithm::Kruskal;
    let mut m = Model::new(start(config)).unwrap();
    answer_all(&mut m, Message::Action(Action::Finish));
    answer_all(&mut m, Message::Action(Action::NextAlgorithm));
    assert_eq!(m.config.algorithm, Algorithm::HuntAndKill);
    let status = &m.status().unwrap().text;
    assert!(
        status.ends_with("(skipped wilson, aldous-broder: over a minute to carve at this size)"),
        "{status}"
    );
}

fn start_unlimited() -> crate::tui::model::Start {
    start(config(40, 30, ""))
}

/// Updates with `message` and answers every job it asks for.
fn answer_all(m: &mut Model, message: Message) {
    let effects = update(m, message);
    answer(m, effects);
}

#[test]
fn a_measure_refused_its_memory_says_why_and_quitting_exits_with_it() {
    let mut m = big_model(300, 300);
    let (effects, _) = tick_while(&mut m, |m| m.phase() == Phase::Carving);
    let Some(Effect::Work(Work::Measure { job, .. })) = effects
        .into_iter()
        .find(|e| matches!(e, Effect::Work(Work::Measure { .. })))
    else {
        panic!("a big maze is measured by a job")
    };
    let reason = "not enough memory for the statistics of the 300x300 maze";
    let refused = Message::Done {
        job,
        answer: Answer::MeasureRefused(reason.to_owned()),
    };
    assert!(saves(&update(&mut m, refused)).is_empty());
    assert_eq!(status_kind(&m), Some(StatusKind::Error));
    assert_eq!(
        status_text(&m),
        format!("Cannot measure the maze: {reason}")
    );
    // Never measured, so never written: leaving says so at once.
    assert!(quits(&act(&mut m, Action::Quit)));
    assert_eq!(
        m.exit_error(),
        Some(format!("out/maze.txt was not written: {reason}").as_str())
    );
}

#[test]
fn a_search_start_refused_its_memory_says_why_and_another_solver_tries_again() {
    let mut m = big_model(30, 20);
    let effects = carve(&mut m);
    let (job, start) = only_search(&effects);
    assert!(start.is_start());
    let reason = "not enough memory for the search of the 30x20 maze";
    let refused = Message::Done {
        job,
        answer: Answer::SearchRefused(reason.to_owned()),
    };
    update(&mut m, refused);
    assert_eq!(status_kind(&m), Some(StatusKind::Error));
    assert_eq!(
        status_text(&m),
        format!("Cannot start the search: {reason}")
    );
    // Not asked again at every frame: the maze stays shown, solving, with no search.
    for _ in 0..3 {
        assert!(search_jobs(&update(&mut m, Message::Tick(FRAME))).is_empty());
    }
    assert_eq!(m.phase(), Phase::Solving);
    // Another solver is a new search: its start is asked for, and runs.
    let effects = act(&mut m, Action::NextSolver);
    let (job, start) = only_search(&effects);
    assert!(start.is_start());
    update(&mut m, run_search(job, &start));
    update(&mut m, Message::Tick(FRAME));
    assert!(m.shown_session().searched() > 0);
}
