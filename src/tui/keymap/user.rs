//! The user's key bindings: `keys.toml` in the settings folder, merged over the built-in ones.
//!
//! ```toml
//! [keys]
//! quit = ["q", "ctrl-c"]     # one key or a list; these replace quit's built-in keys
//! toggle-path = "P"
//! toggle-pause = "space"
//! step = []                  # no key at all
//! ```
//!
//! Names are [`action_name`]s, keys are what [`KeyPress::parse`] reads. A key given to an action is
//! taken from whichever other action had it built in (where both can be pressed), so no key
//! does two things. The file is all or nothing: one problem and none of it applies.

use std::ffi::OsString;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

use super::{Context, KeyPress, Keymap, action_name};
use crate::tui::kernel::action::Action;
use crate::tui::settings::{SettingsError, line_at, read_settings_file, user_config_dir};

/// The keys file's name of the quit action, the one action Ctrl-C and Ctrl-\\ may be given to.
const QUIT: &str = "quit";

/// Where the user's key bindings are: `keys.toml` in [`user_config_dir`]
/// (`~/.config/a-maze-ing/keys.toml` by default).
pub fn user_keys_file(
    xdg_config_home: Option<OsString>,
    home: Option<OsString>,
) -> Option<PathBuf> {
    user_config_dir(xdg_config_home, home).map(|dir| dir.join("keys.toml"))
}

/// One action the file names, checked.
struct Entry {
    /// Index into the keymap's bindings.
    binding: usize,
    name: String,
    /// Where the action's name is.
    line: usize,
    /// Each key with the line it is on and how it is written there.
    keys: Vec<(KeyPress, usize, String)>,
}

impl Keymap {
    /// This keymap with the user's keys `file` merged over it.
    ///
    /// A missing file changes nothing: most users have none. A file that cannot be read or has
    /// any problem changes nothing either, and every problem is returned, in line order, for
    /// the caller to show: a half-applied file would be harder to understand than none.
    pub fn with_user_file(self, file: &Path) -> (Keymap, Vec<SettingsError>) {
        let text = match read_settings_file(file) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return (self, Vec::new()),
            Err(error) => {
                let error = SettingsError::new(file, format!("cannot read: {error}"));
                return (self, vec![error]);
            }
        };
        match self.clone().with_user_keys(&text, file) {
            Ok(keymap) => (keymap, Vec::new()),
            Err(errors) => (self, errors),
        }
    }

    /// This keymap with the keys file `text` merged over it (see this module's docs), or every
    /// problem of the file, in line order. `file` is only used in errors.
    pub fn with_user_keys(mut self, text: &str, file: &Path) -> Result<Keymap, Vec<SettingsError>> {
        let document = DeTable::parse(text)
            .map_err(|error| vec![SettingsError::from_toml(file, text, &error)])?;
        let mut errors = Vec::new();
        let error = |span: Range<usize>, key: &str, message: String| {
            SettingsError::new(file, message)
                .at(text, span.start)
                .key(key)
        };
        let mut table = None;
        for (key, value) in document.get_ref().iter() {
            match (key.get_ref().as_ref(), value.get_ref()) {
                ("keys", DeValue::Table(keys)) => table = Some(keys),
                ("keys", other) => errors.push(error(
                    value.span(),
                    "keys",
                    format!(
                        "expected a [keys] table of action = key(s), not {}",
                        a_type(other)
                    ),
                )),
                (name, _) => errors.push(error(
                    key.span(),
                    name,
                    "unknown key, expected `keys`".to_owned(),
                )),
            }
        }
        let mut entries: Vec<(&Spanned<DeString>, &Spanned<DeValue>)> =
            table.into_iter().flat_map(|table| table.iter()).collect();
        entries.sort_by_key(|(key, _)| key.span().start);

        let mut accepted: Vec<Entry> = Vec::new();
        for (key, value) in entries {
            let name = key.get_ref().as_ref();
            let dotted = format!("keys.{name}");
            let Some(binding) = self.bindings.iter().position(|b| b.name() == name) else {
                errors.push(error(key.span(), &dotted, unknown_action(name, &self)));
                continue;
            };
            let items: Vec<&Spanned<DeValue>> = match value.get_ref() {
                DeValue::Array(items) => items.iter().collect(),
                _ => vec![value],
            };
            let mut keys: Vec<(KeyPress, usize, String)> = Vec::new();
            for item in items {
                let DeValue::String(written) = item.get_ref() else {
                    let found = a_type(item.get_ref());
                    errors.push(error(
                        item.span(),
                        &dotted,
                        format!(
                            "expected a key like \"q\" or a list of keys like [\"q\", \"ctrl-c\"], \
                             not {found}"
                        ),
                    ));
                    continue;
                };
                match KeyPress::parse(written) {
                    // They quit from everywhere before any binding is read: given to another
                    // action they would never do it, and the footer would say they do.
                    Ok(parsed) if parsed.is_interrupt() && name != QUIT => {
                        let message = format!(
                            "{written:?} always quits (Ctrl-C and Ctrl-\\ do, whatever the keys \
                             file says), so it cannot be given to {name}; pick another key"
                        );
                        errors.push(error(item.span(), &dotted, message));
                    }
                    Ok(parsed) if keys.iter().any(|(known, _, _)| *known == parsed) => {}
                    Ok(parsed) => {
                        let line = line_at(text, item.span().start);
                        keys.push((parsed, line, written.to_string()));
                    }
                    Err(message) => errors.push(error(item.span(), &dotted, message)),
                }
            }
            let context = self.bindings[binding].context;
            for (key, line, written) in &keys {
                let clash = accepted.iter().find(|other| {
                    self.bindings[other.binding].context.meets(context)
                        && other.keys.iter().any(|(k, _, _)| k == key)
                });
                if let Some(other) = clash {
                    let message = format!(
                        "{written:?} is also given to {} on line {}; a key does one thing",
                        other.name, other.line
                    );
                    errors.push(
                        SettingsError::new(file, message)
                            .on_line(*line)
                            .key(&dotted),
                    );
                }
            }
            accepted.push(Entry {
                binding,
                name: name.to_owned(),
                line: line_at(text, key.span().start),
                keys,
            });
        }
        if errors.is_empty() {
            self.merge(&accepted);
            if let Some(error) = self.quit_problem(&accepted, file) {
                errors.push(error);
            }
        }
        if errors.is_empty() {
            Ok(self)
        } else {
            // Stable: the problems of one line stay in the order they were found.
            errors.sort_by_key(|error| error.line);
            Err(errors)
        }
    }

    /// Gives each entry's action its keys, taking them from the actions that had them.
    fn merge(&mut self, entries: &[Entry]) {
        let contexts: Vec<Context> = self.bindings.iter().map(|b| b.context).collect();
        let taken = |key: &KeyPress, context: Context| {
            entries.iter().any(|entry| {
                contexts[entry.binding].meets(context)
                    && entry.keys.iter().any(|(taken, _, _)| taken == key)
            })
        };
        for (index, binding) in self.bindings.iter_mut().enumerate() {
            match entries.iter().find(|entry| entry.binding == index) {
                Some(entry) => binding.keys = entry.keys.iter().map(|(key, _, _)| *key).collect(),
                None => binding.keys.retain(|key| !taken(key, binding.context)),
            }
        }
    }

    /// A keymap with no key to quit would trap the user: the error is on the line that left it
    /// so, the `quit` entry or the last key taken from quit.
    fn quit_problem(&self, entries: &[Entry], file: &Path) -> Option<SettingsError> {
        if !self.keys_for(Action::Quit).is_empty() {
            return None;
        }
        let error = |line: usize, name: &str, message: String| {
            SettingsError::new(file, message)
                .on_line(line)
                .key(format!("keys.{name}"))
        };
        if let Some(quit) = entries
            .iter()
            .find(|e| Some(e.name.as_str()) == action_name(Action::Quit))
        {
            let message = "quit needs a key, or nothing could leave the dashboard".to_owned();
            return Some(error(quit.line, &quit.name, message));
        }
        let built_in = Keymap::built_in();
        let quit_keys = built_in.keys_for(Action::Quit);
        let (entry, (_, line, written)) = entries
            .iter()
            .flat_map(|entry| entry.keys.iter().map(move |key| (entry, key)))
            .filter(|(_, (key, _, _))| quit_keys.contains(key))
            .max_by_key(|(_, (_, line, _))| *line)?;
        let message = format!("{written:?} was the last key left to quit; give quit another one");
        Some(error(*line, &entry.name, message))
    }
}

/// "a string", "an integer": what a wrong value is.
fn a_type(value: &DeValue) -> String {
    let kind = value.type_str();
    match kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        true => format!("an {kind}"),
        false => format!("a {kind}"),
    }
}

/// Why `name` is not an action, with the names it may have meant.
fn unknown_action(name: &str, keymap: &Keymap) -> String {
    let names: Vec<&str> = keymap.bindings.iter().map(|b| b.name()).collect();
    // Close: within two edits of what was typed, or holding it whole (three letters or more).
    let typed = name.trim().to_lowercase();
    let close: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| {
            (typed.chars().count() >= 3 && n.contains(typed.as_str()))
                || strsim::levenshtein(&typed, n) <= 2
        })
        .collect();
    match close.as_slice() {
        [] => format!("unknown action (the actions are {})", names.join(", ")),
        close => {
            let quoted: Vec<String> = close.iter().map(|name| format!("{name:?}")).collect();
            format!("unknown action; did you mean {}?", quoted.join(" or "))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use mazegen::Dir;

    use super::super::Context::{Canvas, Help, Themes};
    use super::*;

    fn keymap(text: &str) -> Keymap {
        Keymap::built_in()
            .with_user_keys(text, Path::new("keys.toml"))
            .unwrap_or_else(|errors| panic!("{errors:?}"))
    }

    /// The file's problems as shown.
    fn problems(text: &str) -> Vec<String> {
        let errors = Keymap::built_in()
            .with_user_keys(text, Path::new("keys.toml"))
            .expect_err("the file should be rejected");
        errors.iter().map(ToString::to_string).collect()
    }

    fn press(keymap: &Keymap, text: &str, context: Context) -> Option<Action> {
        let key = KeyPress::parse(text).unwrap();
        keymap.action_for(KeyEvent::new(key.code, key.modifiers), context)
    }

    /// `a` and `v` open the lists; a keys file that gives them back to the blind cycling of
    /// old is not an error, and the lists are then left without a key.
    #[test]
    fn the_old_blind_cycling_can_have_a_and_v_back() {
        let old = keymap("[keys]\nnext-algorithm = \"a\"\nnext-solver = \"v\"\n");
        assert_eq!(press(&old, "a", Canvas), Some(Action::NextAlgorithm));
        assert_eq!(press(&old, "v", Canvas), Some(Action::NextSolver));
        assert!(old.keys_for(Action::AlgorithmList).is_empty());
        assert!(old.keys_for(Action::SolverList).is_empty());
        let both = keymap("[keys]\nnext-algorithm = \"A\"\n");
        assert_eq!(press(&both, "A", Canvas), Some(Action::NextAlgorithm));
        assert_eq!(press(&both, "a", Canvas), Some(Action::AlgorithmList));
    }

    #[test]
    fn a_play_key_may_be_a_global_one_and_shadows_it_while_playing() {
        let keymap = keymap("[keys]\nwalk-left = \"a\"\ntoggle-fog = \"F\"\n");
        assert_eq!(
            press(&keymap, "a", super::super::Context::Play),
            Some(Action::Walk {
                towards: Dir::West,
                run: false
            })
        );
        assert_eq!(press(&keymap, "a", Canvas), Some(Action::AlgorithmList));
        assert_eq!(
            press(&keymap, "h", super::super::Context::Play),
            None,
            "walk-left has only a now"
        );
        assert_eq!(
            press(&keymap, "F", super::super::Context::Play),
            Some(Action::ToggleFog)
        );
    }

    #[test]
    fn user_keys_replace_the_keys_of_the_actions_they_name() {
        let keys = keymap(
            "# mine\n[keys]\nquit = [\"q\", \"ctrl-c\"]\ntoggle-path = \"P\"\n\
             toggle-pause = \"space\"\n",
        );
        assert_eq!(press(&keys, "ctrl-c", Canvas), Some(Action::Quit));
        assert_eq!(press(&keys, "q", Themes), Some(Action::Quit));
        assert_eq!(press(&keys, "esc", Canvas), None, "no longer quits");
        assert_eq!(press(&keys, "4", Canvas), None);
        assert_eq!(press(&keys, "P", Canvas), Some(Action::TogglePath));
        assert_eq!(press(&keys, "p", Canvas), None);
        assert_eq!(press(&keys, "2", Canvas), None);
        assert_eq!(press(&keys, "space", Canvas), Some(Action::TogglePause));
        assert_eq!(keys.binding_named("quit").unwrap().keys_label(), "q Ctrl-c");
        // The rest is as built in.
        assert_eq!(press(&keys, "r", Canvas), Some(Action::Regenerate));
        assert_eq!(press(&keys, "enter", Themes), Some(Action::PickCursorTheme));
    }

    #[test]
    fn the_help_closes_with_esc_and_the_users_help_and_quit_keys() {
        let keys =
            keymap("[keys]\ntoggle-help = \"f1\"\nquit = \"ctrl-q\"\ntoggle-focus = \"esc\"\n");
        for closing in ["esc", "f1", "ctrl-q"] {
            assert_eq!(
                press(&keys, closing, Help),
                Some(Action::ToggleHelp),
                "{closing}"
            );
        }
        assert_eq!(press(&keys, "?", Help), None);
        assert_eq!(press(&keys, "esc", Canvas), Some(Action::ToggleFocus));
        assert_eq!(
            keys.help_closing_keys(),
            [
                KeyPress::plain(KeyCode::Esc),
                KeyPress::plain(KeyCode::F(1))
            ]
        );
    }

    #[test]
    fn a_race_is_left_with_esc_if_it_quits_else_the_first_quit_key() {
        assert_eq!(Keymap::built_in().leave_key_label().as_deref(), Some("Esc"));
        let leave = |text: &str| keymap(text).leave_key_label();
        assert_eq!(
            leave("[keys]\nquit = [\"q\", \"esc\"]\n").as_deref(),
            Some("Esc")
        );
        assert_eq!(
            leave("[keys]\nquit = [\"x\", \"Q\"]\n").as_deref(),
            Some("x")
        );
    }

    #[test]
    fn a_key_the_user_binds_leaves_the_action_it_was_built_in_for() {
        let keys = keymap("[keys]\nsave = \"r\"\nfinish = \"k\"\ntoggle-zoom = \"j\"\n");
        assert_eq!(press(&keys, "r", Canvas), Some(Action::Save));
        assert_eq!(keys.binding_named("regenerate").unwrap().keys_label(), "1");
        // Finish works on the canvas only: the theme list keeps k.
        assert_eq!(press(&keys, "k", Canvas), Some(Action::Finish));
        assert_eq!(press(&keys, "k", Themes), Some(Action::CursorUp));
        assert_eq!(keys.binding_named("pan-up").unwrap().keys_label(), "↑");
        assert_eq!(keys.binding_named("cursor-up").unwrap().keys_label(), "↑ k");
        // Zoom works everywhere, so both panes lose j.
        assert_eq!(press(&keys, "j", Canvas), Some(Action::ToggleZoom));
        assert_eq!(press(&keys, "j", Themes), Some(Action::ToggleZoom));
        assert_eq!(keys.binding_named("pan-down").unwrap().keys_label(), "↓");
        assert_eq!(keys.binding_named("cursor-down").unwrap().keys_label(), "↓");
        // Every key still does one thing where contexts meet.
        for (i, a) in keys.bindings().iter().enumerate() {
            for b in &keys.bindings()[i + 1..] {
                let shared = a.keys.iter().any(|key| b.keys.contains(key));
                assert!(
                    !(shared && a.context.meets(b.context)),
                    "{} {}",
                    a.name(),
                    b.name()
                );
            }
        }
    }

    #[test]
    fn user_pan_keys_pan_half_a_screen_with_shift_unless_the_capital_is_bound() {
        let keys = keymap("[keys]\npan-left = [\"a\", \"left\"]\nnext-algorithm = \"H\"\n");
        let big = Action::Pan {
            towards: Dir::West,
            big: true,
        };
        assert_eq!(press(&keys, "A", Canvas), Some(big));
        assert_eq!(press(&keys, "shift-left", Canvas), Some(big));
        assert_eq!(press(&keys, "H", Canvas), Some(Action::NextAlgorithm));
        assert_eq!(press(&keys, "h", Canvas), None);
    }

    #[test]
    fn an_empty_list_unbinds_and_the_footer_skips_the_action() {
        let keys = keymap("[keys]\nexport = []\n");
        assert_eq!(press(&keys, "e", Canvas), None);
        assert_eq!(keys.binding_named("export").unwrap().keys_label(), "(none)");
        assert!(
            keys.footer_bindings(Canvas)
                .all(|b| b.action != Action::Export)
        );
    }

    #[test]
    fn the_same_key_in_both_panes_is_fine_but_not_where_they_meet() {
        let keys = keymap("[keys]\nfinish = \"x\"\npick-cursor-theme = \"x\"\n");
        assert_eq!(press(&keys, "x", Canvas), Some(Action::Finish));
        assert_eq!(press(&keys, "x", Themes), Some(Action::PickCursorTheme));
        assert_eq!(
            problems("[keys]\nsave = \"x\"\n\nfinish = [\"enter\", \"x\"]\n"),
            [
                r#"keys.toml:4: key "keys.finish": "x" is also given to save on line 2; a key does one thing"#
            ]
        );
    }

    #[test]
    fn unknown_actions_suggest_what_was_meant() {
        assert_eq!(
            problems("[keys]\n\npause = \"space\"\n"),
            [r#"keys.toml:3: key "keys.pause": unknown action; did you mean "toggle-pause"?"#]
        );
        assert_eq!(
            problems("[keys]\nqiut = \"x\"\n"),
            [r#"keys.toml:2: key "keys.qiut": unknown action; did you mean "quit"?"#]
        );
        let shown = problems("[keys]\nfly = \"x\"\n");
        assert!(
            shown[0].starts_with(
                r#"keys.toml:2: key "keys.fly": unknown action (the actions are regenerate, algorithm-list,"#
            ),
            "{shown:?}"
        );
        assert!(shown[0].contains("pan-left"), "{shown:?}");
    }

    #[test]
    fn bad_keys_and_values_are_named_on_their_own_line() {
        let shown = problems("[keys]\nquit = [\n  \"q\",\n  \"ctr-c\",\n  7,\n]\nsave = true\n");
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert!(
            shown[0].starts_with(r#"keys.toml:4: key "keys.quit": unknown key "ctr-c" (use"#),
            "{shown:?}"
        );
        assert_eq!(
            shown[1],
            r#"keys.toml:5: key "keys.quit": expected a key like "q" or a list of keys like ["q", "ctrl-c"], not an integer"#
        );
        assert!(
            shown[2].starts_with(r#"keys.toml:7: key "keys.save": expected"#),
            "{shown:?}"
        );
    }

    #[test]
    fn the_file_has_one_table_and_valid_toml() {
        assert_eq!(
            problems("[key]\nquit = \"q\"\n"),
            [r#"keys.toml:1: key "key": unknown key, expected `keys`"#]
        );
        assert_eq!(
            problems("\nkeys = \"q\"\n"),
            [
                r#"keys.toml:2: key "keys": expected a [keys] table of action = key(s), not a string"#
            ]
        );
        let shown = problems("[keys]\nquit = \"q\n");
        assert_eq!(shown.len(), 1);
        assert!(shown[0].starts_with("keys.toml:2: "), "{shown:?}");
        let shown = problems("[keys]\nquit = \"q\"\nquit = \"x\"\n");
        assert!(shown[0].starts_with("keys.toml:3: "), "{shown:?}");
        assert!(shown[0].contains("duplicate"), "{shown:?}");
    }

    #[test]
    fn an_empty_file_or_table_changes_nothing() {
        assert_eq!(keymap(""), Keymap::built_in());
        assert_eq!(keymap("# nothing yet\n[keys]\n"), Keymap::built_in());
        assert_eq!(keymap("keys.quit = \"q\""), {
            let mut expected = Keymap::built_in();
            expected
                .bindings
                .iter_mut()
                .find(|b| b.name() == "quit")
                .unwrap()
                .keys = vec![KeyPress::char('q')];
            expected
        });
    }

    #[test]
    fn quit_always_keeps_a_key() {
        assert_eq!(
            problems("[keys]\nquit = []\n"),
            [
                r#"keys.toml:2: key "keys.quit": quit needs a key, or nothing could leave the dashboard"#
            ]
        );
        assert_eq!(
            problems("[keys]\nsave = [\"q\", \"4\"]\ntoggle-focus = [\"tab\", \"esc\"]\n"),
            [
                r#"keys.toml:3: key "keys.toggle-focus": "esc" was the last key left to quit; give quit another one"#
            ]
        );
    }

    #[test]
    fn a_huge_keys_file_or_a_folder_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("keys.toml");
        fs::File::create(&file).unwrap().set_len(200 << 20).unwrap(); // sparse
        let (keys, errors) = Keymap::built_in().with_user_file(&file);
        assert_eq!(keys, Keymap::built_in());
        let [error] = errors.as_slice() else {
            panic!("one error: {errors:?}")
        };
        assert!(
            error.to_string().contains("more than the 1.0 MiB allowed"),
            "{error}"
        );
        let (_, errors) = Keymap::built_in().with_user_file(dir.path());
        assert!(
            errors[0].to_string().contains("not a regular file"),
            "{:?}",
            errors
        );
    }

    #[test]
    fn a_missing_file_is_no_problem_and_a_broken_one_keeps_the_built_in_keys() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("keys.toml");
        let (keys, errors) = Keymap::built_in().with_user_file(&file);
        assert_eq!((keys, errors), (Keymap::built_in(), Vec::new()));

        fs::write(
            &file,
            "[keys]\nsave = \"w\"\npause = \"p\"\nquit = \"ctrl-\"\n",
        )
        .unwrap();
        let (keys, errors) = Keymap::built_in().with_user_file(&file);
        assert_eq!(keys, Keymap::built_in(), "nothing of a broken file applies");
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].file, file);
        assert_eq!((errors[0].line, errors[1].line), (Some(3), Some(4)));

        fs::write(&file, "[keys]\nsave = \"w\"\n").unwrap();
        let (keys, errors) = Keymap::built_in().with_user_file(&file);
        assert_eq!(errors, []);
        let w = KeyEvent::new(KeyCode::Char('w'), KeyModifiers::NONE);
        assert_eq!(keys.action_for(w, Canvas), Some(Action::Save));

        let (_, errors) = Keymap::built_in().with_user_file(dir.path());
        assert!(errors[0].message.starts_with("cannot read"), "{errors:?}");
    }

    #[test]
    fn the_keys_file_is_in_the_config_folder() {
        assert_eq!(
            user_keys_file(Some("/cfg".into()), Some("/home/u".into())),
            Some(PathBuf::from("/cfg/a-maze-ing/keys.toml"))
        );
        assert_eq!(
            user_keys_file(None, Some("/home/u".into())),
            Some(PathBuf::from("/home/u/.config/a-maze-ing/keys.toml"))
        );
        assert_eq!(user_keys_file(None, None), None);
    }

    #[test]
    fn the_readme_keys_file_loads() {
        let examples = crate::tui::settings::readme_examples();
        let (_, text) = examples
            .iter()
            .find(|(path, _)| path == "keys.toml")
            .expect("the README shows a keys.toml");
        let keys = keymap(text);
        assert_eq!(press(&keys, "ctrl-c", Canvas), Some(Action::Quit));
        assert_eq!(press(&keys, "esc", Canvas), None);
    }

    #[test]
    fn ctrl_c_and_ctrl_backslash_are_refused_for_any_action_but_quit() {
        let shown = problems("[keys]\nsave = \"ctrl-c\"\nexport = [\"e\", \"ctrl-\\\\\"]\n");
        assert_eq!(shown.len(), 2, "{shown:?}");
        assert_eq!(
            shown[0],
            r#"keys.toml:2: key "keys.save": "ctrl-c" always quits (Ctrl-C and Ctrl-\ do, whatever the keys file says), so it cannot be given to save; pick another key"#
        );
        assert!(
            shown[1].starts_with(r#"keys.toml:3: key "keys.export": "ctrl-\\" always quits"#),
            "{shown:?}"
        );
        // Given to quit, they do what they say.
        let keys = keymap("[keys]\nquit = [\"q\", \"ctrl-c\"]\n");
        assert_eq!(press(&keys, "ctrl-c", Canvas), Some(Action::Quit));
    }
}
