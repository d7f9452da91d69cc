//! Models for the dashboard's tests.

use crate::tui::effect::{Effect, WriteJob};
use crate::tui::keymap::Keymap;
use crate::tui::message::Message;
use crate::tui::model::{APP_CONFIG_KEYS, Model, Start};
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
        let reply = match &effect {
            Effect::Write(job) => {
                for output in &job.outputs {
                    output.format.write(&job.maze, &mut Vec::new()).unwrap();
                }
                Some(Message::Written {
                    job: job.job,
                    outcome: Ok(()),
                })
            }
            Effect::Measure { job, work } => Some(Message::Measured {
                job: *job,
                measured: work.run(),
            }),
            Effect::RecordScore(_) => {
                Some(Message::ScoreRecorded(Ok(crate::tui::play::Recorded {
                    previous: None,
                    new_best: true,
                    set_aside: None,
                })))
            }
            Effect::Quit | Effect::Suspend => None,
        };
        seen.push(effect);
        if let Some(message) = reply {
            queue.extend(update(model, message));
        }
    }
    seen
}

/// What a write job writes to its first output.
pub fn written_bytes(job: &WriteJob) -> Vec<u8> {
    let mut bytes = Vec::new();
    job.outputs[0].format.write(&job.maze, &mut bytes).unwrap();
    bytes
}
