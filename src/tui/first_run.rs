//! The dashboard on a first run: started on the built-in default config (no config named, no
//! `config.txt` in the folder), it says so on the status line and offers a key
//! ([`Action::WriteConfig`]) that writes that config out as `config.txt` for the user to edit.
//! The writing is the run loop's ([`Effect::WriteConfig`]); this is what the dashboard says.

use std::path::PathBuf;

use super::Effect;
use super::message::Action;
use super::model::{Model, StatusKind};

/// How the status line names the key that writes the config: the user's binding if they
/// changed it, none if they unbound it.
fn key(model: &Model) -> Option<String> {
    model.keymap().first_key_label(Action::WriteConfig)
}

/// The status line at start on the built-in default config.
pub(crate) fn start_text(model: &Model) -> String {
    match key(model) {
        Some(key) => format!(
            "No config.txt here: running the built-in default ({key} writes it as config.txt)"
        ),
        None => "No config.txt here: running the built-in default".to_owned(),
    }
}

/// What the first save's message adds while the config is still the built-in one, so the offer
/// is not lost when the save's message replaces the start's.
pub(crate) fn saved_hint(model: &Model) -> String {
    match (model.built_in_config, key(model)) {
        (true, Some(key)) => format!(" · {key} writes config.txt"),
        _ => String::new(),
    }
}

/// [`Action::WriteConfig`]: on the built-in default, ask the run loop to write it out.
pub(crate) fn write(model: &mut Model) -> Vec<Effect> {
    if model.built_in_config {
        return vec![Effect::WriteConfig];
    }
    model.set_status(
        StatusKind::Info,
        "Nothing to write: this session's config is a file already",
    );
    Vec::new()
}

/// The run loop's answer to [`Effect::WriteConfig`].
pub(crate) fn written(model: &mut Model, outcome: Result<PathBuf, String>) {
    match outcome {
        Ok(path) => {
            model.built_in_config = false;
            let text = format!(
                "Wrote {}: edit it, then run a-maze-ing again",
                path.display()
            );
            model.set_status(StatusKind::Success, text);
        }
        Err(reason) => model.set_status(StatusKind::Error, format!("Config not written: {reason}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::Message;
    use crate::tui::testing::{answer, config, start};
    use crate::tui::update::update;

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
        assert!(!model.built_in_config);
        assert_eq!(model.status(), None, "a config file: nothing to say");
    }

    #[test]
    fn the_key_asks_the_run_loop_to_write_and_the_answer_is_shown() {
        let mut model = first_run();
        let effects = update(&mut model, Message::Action(Action::WriteConfig));
        assert!(
            matches!(effects.as_slice(), [Effect::WriteConfig]),
            "{effects:?}"
        );
        update(
            &mut model,
            Message::ConfigWritten(Err("cannot write config.txt: it already exists".into())),
        );
        assert_eq!(
            status(&model),
            (
                StatusKind::Error,
                "Config not written: cannot write config.txt: it already exists".to_owned()
            )
        );
        assert!(model.built_in_config, "still on the built-in config");
        update(&mut model, Message::ConfigWritten(Ok("config.txt".into())));
        assert_eq!(
            status(&model),
            (
                StatusKind::Success,
                "Wrote config.txt: edit it, then run a-maze-ing again".to_owned()
            )
        );
        assert!(!model.built_in_config);
        assert_eq!(saved_hint(&model), "", "nothing more to offer");
        let effects = update(&mut model, Message::Action(Action::WriteConfig));
        assert!(
            !effects.iter().any(|e| matches!(e, Effect::WriteConfig)),
            "written once: {effects:?}"
        );
    }

    #[test]
    fn on_a_config_file_the_key_writes_nothing() {
        let mut model = Model::new(start(config(15, 10, ""))).unwrap();
        let effects = update(&mut model, Message::Action(Action::WriteConfig));
        assert!(
            !effects.iter().any(|e| matches!(e, Effect::WriteConfig)),
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
        assert_eq!(saved_hint(&model), " · W writes config.txt");
        let effects = update(&mut model, Message::Action(Action::Finish));
        answer(&mut model, effects);
        let (kind, text) = status(&model);
        assert_eq!(kind, StatusKind::Success, "{text}");
        assert!(text.starts_with("Saved the maze with seed"), "{text}");
        assert!(text.ends_with(" · W writes config.txt"), "{text}");
    }
}
