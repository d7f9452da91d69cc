//! Models for the dashboard's tests.

use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use mazegen::session::Phase;

use crate::tui::configs::APP_CONFIG_KEYS;
use crate::tui::effect::{Effect, Work, WriteJob};
use crate::tui::kernel::action::Action;
use crate::tui::keymap::Keymap;
use crate::tui::message::{Answer, JobId, Message};
use crate::tui::model::{Model, Start};
use crate::tui::theme::ThemeSet;
use crate::tui::update;
use mazegen::config::Config;

/// A config for a `width` x `height` perfect maze with SEED=42, entry at the top-left and
/// exit at the bottom-right, writing `out/maze.txt`; `extra` adds lines.
pub fn config(width: u32, height: u32, extra: &str) -> Config {
    let text = format!(
        "WIDTH={width}\nHEIGHT={height}\nENTRY=0,0\nEXIT={},{}\nOUTPUT_FILE=out/maze.txt\n\
         PERFECT=True\nSEED=42\n{extra}",
        width - 1,
        height - 1
    );
    Config::parse_with_app_keys(&text, "config.txt", APP_CONFIG_KEYS)
        .expect("the test config is valid")
}

/// How the dashboard starts on `config` in a 120x40 terminal, with the bundled themes.
pub fn start(config: Config) -> Start {
    Start {
        seed: config.seed.unwrap_or(42),
        config,
        themes: ThemeSet::bundled(),
        theme_problems: Vec::new(),
        keymap: Keymap::built_in(),
        key_problems: Vec::new(),
        no_color: false,
        built_in_config: false,
        size: (120, 40),
        memory_limit: None,
    }
}

/// A dashboard on a fresh `width` x `height` maze.
pub fn model(width: u32, height: u32) -> Model {
    Model::new(start(config(width, height, ""))).expect("the test maze can be made")
}

/// A dashboard on a fresh `width` x `height` maze that is finished and measured at once, in
/// `update`, whatever its size (as small mazes are): for views of big finished mazes.
pub fn inline_model(width: u32, height: u32) -> Model {
    Model::with_inline_cells(start(config(width, height, "")), u64::MAX)
        .expect("the test maze can be made")
}

/// A dashboard on a fresh `width` x `height` maze that counts as big (see
/// [`crate::tui::model::INLINE_CELLS`]): finished in slices, measured by a job.
pub fn big_model(width: u32, height: u32) -> Model {
    Model::with_inline_cells(start(config(width, height, "")), 0)
        .expect("the test maze can be made")
}

/// Answers every job in `effects` as the run loop would, but here and at once: measures run,
/// writes are written to memory and succeed. Every answer goes back through `update`, and
/// the effects it returns are answered in turn. Returns every effect seen, in order (the
/// jobs, and the `Quit` if one came).
pub fn answer(model: &mut Model, effects: Vec<Effect>) -> Vec<Effect> {
    let mut queue: std::collections::VecDeque<Effect> = effects.into();
    let mut seen = Vec::new();
    while let Some(effect) = queue.pop_front() {
        let reply = reply(&effect);
        seen.push(effect);
        if let Some(message) = reply {
            queue.extend(update(model, message));
        }
    }
    seen
}

/// Answers the hand-overs among `effects` at once, as the run loop's workers would a moment
/// later: a search started or traced, a new maze made, garbage freed; and the hand-overs their
/// answers ask for. Returns the other effects (writes, measures, `Quit`...), unanswered, in
/// order, for the caller to answer when it wants to (see [`answer`]).
pub fn answer_hand_overs(model: &mut Model, effects: Vec<Effect>) -> Vec<Effect> {
    let mut queue: std::collections::VecDeque<Effect> = effects.into();
    let mut kept = Vec::new();
    while let Some(effect) = queue.pop_front() {
        if is_hand_over(&effect) {
            if let Some(message) = reply(&effect) {
                queue.extend(update(model, message));
            }
        } else {
            kept.push(effect);
        }
    }
    kept
}

/// Whether `effect` is one of the jobs a big maze's session hands out instead of doing it in
/// `update` (see [`answer_hand_overs`]).
pub fn is_hand_over(effect: &Effect) -> bool {
    matches!(
        effect,
        Effect::Work(Work::Search { .. })
            | Effect::Work(Work::Make { .. })
            | Effect::Work(Work::Discard(_))
    )
}

/// The message that ends the job `effect` asks for, the job done here and now (a write
/// written to memory); `None` for the effects that are no jobs.
fn reply(effect: &Effect) -> Option<Message> {
    let done = |job: JobId, answer: Answer| Some(Message::Done { job, answer });
    match effect {
        Effect::Work(Work::Write(job)) => {
            for output in &job.outputs {
                output.format.write(&job.maze, &mut Vec::new()).unwrap();
            }
            done(job.job, Answer::Written(Ok(())))
        }
        // The other jobs run here as a worker runs them.
        Effect::Work(work) => work.clone().run(&mut |_| {}),
        Effect::RecordScore { job, .. } => done(
            *job,
            Answer::ScoreRecorded(Ok(crate::tui::modes::play::Recorded {
                previous: None,
                new_best: true,
                set_aside: None,
            })),
        ),
        Effect::WriteConfig { job } => done(*job, Answer::ConfigWritten(Ok("config.txt".into()))),
        Effect::Quit | Effect::Abort | Effect::Suspend => None,
    }
}

/// What a write job writes to its first output.
pub fn written_bytes(job: &WriteJob) -> Vec<u8> {
    let mut bytes = Vec::new();
    job.outputs[0].format.write(&job.maze, &mut bytes).unwrap();
    bytes
}

/// An action, however it was asked for, sent through `update`.
pub fn act(model: &mut Model, action: Action) -> Vec<Effect> {
    update(model, Message::Action(action))
}

/// A key press with no modifier, through the keymap as the run loop sends it.
pub fn key(model: &mut Model, code: KeyCode) -> Vec<Effect> {
    press(model, code, KeyModifiers::NONE)
}

/// A key press with `modifiers`, through the keymap as the run loop sends it.
pub fn press(model: &mut Model, code: KeyCode, modifiers: KeyModifiers) -> Vec<Effect> {
    let event = Event::Key(KeyEvent::new(code, modifiers));
    match crate::tui::input::message_for(&event, model) {
        Some(message) => update(model, message),
        None => Vec::new(),
    }
}

/// Ticks until the maze is solved, a big maze's hand-overs answered as they come (see
/// [`answer_hand_overs`]); returns the other effects.
pub fn tick_until_done(model: &mut Model) -> Vec<Effect> {
    let mut effects = Vec::new();
    for _ in 0..10_000 {
        let tick = update(model, Message::Tick(Duration::from_millis(16)));
        effects.extend(answer_hand_overs(model, tick));
        if model.phase() == Phase::Done {
            return effects;
        }
    }
    panic!("the animation never finished");
}
