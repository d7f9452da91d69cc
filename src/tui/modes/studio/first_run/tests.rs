//! The first run's status lines and the write-out key, through `update`.

use super::*;
use crate::tui::model::{Model, StatusKind};
use crate::tui::testing::{answer, config, start};
use crate::tui::update::update;
use crate::tui::{Answer, Effect, JobId, Message};

/// The status line after the run loop answered the config write `job` with `outcome`.
fn answer_write(model: &mut Model, job: JobId, outcome: Result<&str, &str>) {
    let outcome = outcome.map(Into::into).map_err(ToOwned::to_owned);
    update(
        model,
        Message::Done {
            job,
            answer: Answer::ConfigWritten(outcome),
        },
    );
}

fn first_run() -> Model {
    let mut start = start(config(15, 10, ""));
    start.built_in_config = true;
    Model::new(start).unwrap()
}

fn status(model: &Model) -> (StatusKind, String) {
    let status = model.status().expect("a status");
    (status.kind, status.text.clone())
}

#[test]
fn a_first_run_says_so_and_names_the_key() {
    let model = first_run();
    assert_eq!(
        status(&model),
        (
            StatusKind::Info,
            "No config.txt here: running the built-in default (W writes it as config.txt)"
                .to_owned()
        )
    );
    let model = Model::new(start(config(15, 10, ""))).unwrap();
    assert!(!model.stack.studio.built_in_config);
    assert_eq!(model.status(), None, "a config file: nothing to say");
}

#[test]
fn the_key_asks_the_run_loop_to_write_and_the_answer_is_shown() {
    let mut model = first_run();
    let effects = update(&mut model, Message::Action(Action::WriteConfig));
    let [Effect::WriteConfig { job }] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    let job = *job;
    answer_write(
        &mut model,
        job,
        Err("cannot write config.txt: it already exists"),
    );
    assert_eq!(
        status(&model),
        (
            StatusKind::Error,
            "Config not written: cannot write config.txt: it already exists".to_owned()
        )
    );
    assert!(
        model.stack.studio.built_in_config,
        "still on the built-in config"
    );
    answer_write(&mut model, job, Ok("config.txt"));
    assert_eq!(
        status(&model),
        (
            StatusKind::Success,
            "Wrote config.txt: edit it, then run a-maze-ing again".to_owned()
        )
    );
    assert!(!model.stack.studio.built_in_config);
    assert_eq!(
        saved_hint(model.stack.studio.built_in_config, model.keymap()),
        "",
        "nothing more to offer"
    );
    let effects = update(&mut model, Message::Action(Action::WriteConfig));
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::WriteConfig { .. })),
        "written once: {effects:?}"
    );
}

#[test]
fn on_a_config_file_the_key_writes_nothing() {
    let mut model = Model::new(start(config(15, 10, ""))).unwrap();
    let effects = update(&mut model, Message::Action(Action::WriteConfig));
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::WriteConfig { .. })),
        "{effects:?}"
    );
    assert_eq!(
        status(&model),
        (
            StatusKind::Info,
            "Nothing to write: this session's config is a file already".to_owned()
        )
    );
}

#[test]
fn the_first_save_keeps_the_offer_on_the_status_line() {
    let mut model = first_run();
    assert_eq!(
        saved_hint(model.stack.studio.built_in_config, model.keymap()),
        " · W writes config.txt"
    );
    let effects = update(&mut model, Message::Action(Action::Finish));
    answer(&mut model, effects);
    let (kind, text) = status(&model);
    assert_eq!(kind, StatusKind::Success, "{text}");
    assert!(
        text.starts_with("Saved out/maze.txt: backtracker, seed"),
        "{text}"
    );
    assert!(text.ends_with(" · W writes config.txt"), "{text}");
}
