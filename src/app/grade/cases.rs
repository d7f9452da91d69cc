//! The grader's built-in cases: the configs a peer evaluation feeds a program, each with the
//! subject's rule it checks (listed in `docs/grade.md`).
//!
//! The valid configs follow the subject's format exactly (the six mandatory keys, `KEY=VALUE`
//! lines, a final newline) and nothing beyond it, so that a program refusing one is at fault.
//! A config that is stricter than the subject may refuse (an unknown key, a key twice) is
//! [`Kind::Either`]: refusing it cleanly is a note, not a failure.

/// What a case expects of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A valid config: a maze file that keeps every rule, then an exit.
    Valid {
        /// The config has a SEED: a second run must write the same bytes.
        seeded: bool,
        /// Under 9x7: no room for the 42, and the program should say so.
        small: bool,
    },
    /// A bad config: a message, no traceback, no file, and an end without waiting for keys.
    Invalid {
        /// Words one of which a message that names what is wrong contains (any case).
        names: &'static [&'static str],
    },
    /// Beyond the subject: either a valid maze or a clean refusal passes.
    Either,
}

/// One case: a config (or none at the path given) and what it checks.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its name, for `--grade-cases` and the scorecard.
    pub name: &'static str,
    /// The subject's rule it checks, in a few words.
    pub rule: &'static str,
    pub kind: Kind,
    /// The config file's text; `None` for a config path that does not exist.
    pub config: Option<String>,
    /// The config a maze file written for it is checked against: its own, less what goes
    /// beyond the subject (an unknown key, a key twice).
    pub reference: Option<String>,
}

impl Case {
    /// OUTPUT_FILE as the config names it, if it does; a relative path, inside the case's
    /// folder (the program runs there).
    pub fn output_file(&self) -> Option<&str> {
        self.config.as_deref()?.lines().find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim().eq_ignore_ascii_case("OUTPUT_FILE")).then(|| value.trim())
        })
    }
}

/// A config's text: the keys in the order given, one `KEY=VALUE` a line, a final newline.
fn text(keys: &[(&str, String)]) -> String {
    keys.iter().map(|(k, v)| format!("{k}={v}\n")).collect()
}

/// The mandatory keys of a `w` x `h` maze from `entry` to `exit`, written to the case's own
/// OUTPUT_FILE (named after the case, so that a program writing a fixed name is caught).
fn keys(
    name: &str,
    (w, h): (u32, u32),
    entry: &str,
    exit: &str,
    perfect: bool,
) -> Vec<(&'static str, String)> {
    let perfect = if perfect { "True" } else { "False" };
    vec![
        ("WIDTH", w.to_string()),
        ("HEIGHT", h.to_string()),
        ("ENTRY", entry.to_owned()),
        ("EXIT", exit.to_owned()),
        ("OUTPUT_FILE", format!("maze-{name}.txt")),
        ("PERFECT", perfect.to_owned()),
    ]
}

/// A valid case of a `size` maze, with `seed` if given.
fn valid(
    name: &'static str,
    rule: &'static str,
    size: (u32, u32),
    (entry, exit): (&str, &str),
    perfect: bool,
    seed: Option<u64>,
) -> Case {
    let mut keys = keys(name, size, entry, exit, perfect);
    if let Some(seed) = seed {
        keys.push(("SEED", seed.to_string()));
    }
    Case {
        name,
        rule,
        kind: Kind::Valid {
            seeded: seed.is_some(),
            small: size.0 < 9 || size.1 < 7,
        },
        config: Some(text(&keys)),
        reference: Some(text(&keys)),
    }
}

/// A bad case: the 20x15 perfect config with `key` set to `value` (or left out when `None`).
fn invalid(
    name: &'static str,
    rule: &'static str,
    key: &str,
    value: Option<&str>,
    names: &'static [&'static str],
) -> Case {
    let mut keys = keys(name, (21, 15), "0,0", "20,14", true);
    match value {
        Some(value) => keys
            .iter_mut()
            .filter(|(k, _)| *k == key)
            .for_each(|(_, v)| *v = value.to_owned()),
        None => keys.retain(|(k, _)| *k != key),
    }
    keys.push(("SEED", "42".to_owned()));
    Case {
        name,
        rule,
        kind: Kind::Invalid { names },
        config: Some(text(&keys)),
        reference: None,
    }
}

const SEED: Option<u64> = Some(2024);

/// Every built-in case, in the order they run.
pub fn all() -> Vec<Case> {
    let corners = ("0,0", "19,14");
    let mut cases = vec![
        valid(
            "tiny-perfect",
            "smallest sizes; no room for the 42: a message",
            (3, 3),
            ("0,0", "2,2"),
            true,
            SEED,
        ),
        valid(
            "tiny-board",
            "smallest sizes, PERFECT=False",
            (4, 4),
            ("0,0", "3,3"),
            false,
            SEED,
        ),
        valid(
            "under-42",
            "under 9x7 the 42 is left out with a message",
            (8, 6),
            ("0,0", "7,5"),
            true,
            SEED,
        ),
        valid(
            "smallest-42",
            "the 42 at 9x7, the least size that holds it",
            (9, 7),
            ("0,0", "8,6"),
            true,
            SEED,
        ),
        valid(
            "perfect",
            "PERFECT=True: one path between any two cells",
            (20, 15),
            corners,
            true,
            SEED,
        ),
        valid(
            "board",
            "PERFECT=False: a playable board",
            (20, 15),
            corners,
            false,
            SEED,
        ),
        valid(
            "other-corners",
            "entry and exit in the other corners",
            (25, 20),
            ("24,0", "0,19"),
            true,
            SEED,
        ),
        valid(
            "edges",
            "entry and exit on the top and bottom edges",
            (21, 15),
            ("10,0", "10,14"),
            false,
            SEED,
        ),
        valid(
            "sides",
            "entry and exit on the left and right edges",
            (30, 12),
            ("0,6", "29,3"),
            true,
            SEED,
        ),
        valid(
            "inside",
            "entry and exit inside the maze",
            (25, 20),
            ("3,4", "20,15"),
            true,
            SEED,
        ),
        valid(
            "wide",
            "a wide, low maze",
            (60, 9),
            ("0,0", "59,8"),
            false,
            SEED,
        ),
        valid(
            "perfect-100",
            "a 100x100 perfect maze",
            (100, 100),
            ("0,0", "99,99"),
            true,
            SEED,
        ),
        valid(
            "board-100",
            "a 100x100 board",
            (100, 100),
            ("0,0", "99,99"),
            false,
            SEED,
        ),
        valid(
            "large",
            "a large maze (300x300) in time",
            (300, 300),
            ("0,0", "299,299"),
            true,
            SEED,
        ),
        valid(
            "no-seed",
            "no SEED: a random maze",
            (15, 10),
            ("0,0", "14,9"),
            true,
            None,
        ),
        valid(
            "no-seed-board",
            "no SEED, PERFECT=False",
            (15, 10),
            ("0,0", "14,9"),
            false,
            None,
        ),
    ];
    let mut commented = keys("comments", (20, 15), "0,0", "19,14", true);
    commented.push(("SEED", "7".to_owned()));
    cases.push(Case {
        name: "comments",
        rule: "comments (#) and blank lines are ignored",
        kind: Kind::Valid {
            seeded: true,
            small: false,
        },
        config: Some(format!(
            "# A-Maze-ing config\n\n{}\n# the end\n",
            text(&commented)
        )),
        reference: Some(text(&commented)),
    });
    let mut reordered = keys("key-order", (20, 15), "2,3", "17,11", false);
    reordered.reverse();
    reordered.insert(2, ("SEED", "11".to_owned()));
    cases.push(Case {
        name: "key-order",
        rule: "the keys in another order",
        kind: Kind::Valid {
            seeded: true,
            small: false,
        },
        config: Some(text(&reordered)),
        reference: Some(text(&reordered)),
    });
    let mut unknown = keys("unknown-key", (20, 15), "0,0", "19,14", true);
    unknown.push(("SEED", "5".to_owned()));
    let reference = Some(text(&unknown));
    unknown.push(("COLOR", "blue".to_owned()));
    cases.push(Case {
        name: "unknown-key",
        rule: "beyond the subject: an unknown key, accepted or refused",
        kind: Kind::Either,
        config: Some(text(&unknown)),
        reference,
    });
    let mut twice = keys("key-twice", (20, 15), "0,0", "19,14", true);
    let reference = Some(text(&twice));
    twice.push(("WIDTH", "20".to_owned()));
    cases.push(Case {
        name: "key-twice",
        rule: "beyond the subject: a key given twice, accepted or refused",
        kind: Kind::Either,
        config: Some(text(&twice)),
        reference,
    });
    const WIDTH: &[&str] = &["WIDTH", "width"];
    const HEIGHT: &[&str] = &["HEIGHT", "height"];
    const ENTRY: &[&str] = &["ENTRY"];
    const EXIT: &[&str] = &["EXIT"];
    cases.extend([
        invalid("no-width", "WIDTH is mandatory", "WIDTH", None, WIDTH),
        invalid("no-height", "HEIGHT is mandatory", "HEIGHT", None, HEIGHT),
        invalid("no-entry", "ENTRY is mandatory", "ENTRY", None, ENTRY),
        invalid("no-exit", "EXIT is mandatory", "EXIT", None, EXIT),
        invalid(
            "no-output-file",
            "OUTPUT_FILE is mandatory",
            "OUTPUT_FILE",
            None,
            &["OUTPUT_FILE", "output"],
        ),
        invalid(
            "no-perfect",
            "PERFECT is mandatory",
            "PERFECT",
            None,
            &["PERFECT"],
        ),
        invalid(
            "width-not-a-number",
            "sizes are integers",
            "WIDTH",
            Some("twenty"),
            WIDTH,
        ),
        invalid(
            "height-not-an-integer",
            "sizes are integers",
            "HEIGHT",
            Some("1.5"),
            HEIGHT,
        ),
        invalid(
            "perfect-not-a-boolean",
            "PERFECT is True or False",
            "PERFECT",
            Some("maybe"),
            &["PERFECT"],
        ),
        invalid(
            "width-zero",
            "sizes are positive",
            "WIDTH",
            Some("0"),
            WIDTH,
        ),
        invalid(
            "height-negative",
            "sizes are positive",
            "HEIGHT",
            Some("-5"),
            HEIGHT,
        ),
        invalid(
            "entry-is-exit",
            "ENTRY and EXIT differ",
            "EXIT",
            Some("0,0"),
            &["ENTRY", "EXIT"],
        ),
        invalid(
            "entry-outside",
            "ENTRY inside the maze",
            "ENTRY",
            Some("21,3"),
            ENTRY,
        ),
        invalid(
            "exit-outside",
            "EXIT inside the maze",
            "EXIT",
            Some("5,15"),
            EXIT,
        ),
        invalid(
            "entry-on-42",
            "ENTRY not on the 42",
            "ENTRY",
            Some("7,5"),
            &["ENTRY", "42"],
        ),
        invalid(
            "exit-on-42",
            "EXIT not on the 42",
            "EXIT",
            Some("13,9"),
            &["EXIT", "42"],
        ),
        invalid(
            "entry-one-number",
            "coordinates are x,y",
            "ENTRY",
            Some("1"),
            ENTRY,
        ),
        invalid(
            "exit-three-numbers",
            "coordinates are x,y",
            "EXIT",
            Some("1,2,3"),
            EXIT,
        ),
        invalid(
            "entry-letters",
            "coordinates are numbers",
            "ENTRY",
            Some("a,b"),
            ENTRY,
        ),
        invalid(
            "output-folder-missing",
            "OUTPUT_FILE can be written",
            "OUTPUT_FILE",
            Some("no_such_folder/maze.txt"),
            &["no_such_folder", "directory", "folder", "No such"],
        ),
        Case {
            name: "empty-file",
            rule: "an empty config lacks every mandatory key",
            kind: Kind::Invalid {
                names: &["WIDTH", "empty", "missing"],
            },
            config: Some(String::new()),
            reference: None,
        },
        Case {
            name: "no-config-file",
            rule: "a config path that does not exist",
            kind: Kind::Invalid {
                names: &["config.txt", "not found", "No such", "exist"],
            },
            config: None,
            reference: None,
        },
    ]);
    cases
}

/// The cases named in `names` (all when empty), in the card's order, or the first name that
/// is none of them.
pub fn pick(names: &[String]) -> Result<Vec<Case>, String> {
    let cases = all();
    if let Some(unknown) = names
        .iter()
        .find(|n| !cases.iter().any(|c| c.name == n.trim()))
    {
        let known: Vec<&str> = cases.iter().map(|c| c.name).collect();
        return Err(format!(
            "--grade-cases: no case named {unknown:?} (have {})",
            known.join(", ")
        ));
    }
    Ok(cases
        .into_iter()
        .filter(|c| names.is_empty() || names.iter().any(|n| n.trim() == c.name))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mazegen::config::Config;

    #[test]
    fn every_valid_config_is_accepted_by_the_project_and_ends_in_a_newline() {
        for case in all()
            .into_iter()
            .filter(|c| matches!(c.kind, Kind::Valid { .. }))
        {
            let text = case.config.as_deref().unwrap();
            assert!(text.ends_with('\n'), "{}", case.name);
            let config = Config::parse(text, "config.txt");
            assert!(config.is_ok(), "{}: {config:?}", case.name);
            let config = config.unwrap();
            assert!(
                !config.stamp_named,
                "{}: no STAMP, the subject has none",
                case.name
            );
            assert_eq!(
                case.output_file(),
                Some(format!("maze-{}.txt", case.name).as_str())
            );
        }
    }

    #[test]
    fn every_bad_config_is_refused_by_the_project() {
        for case in all() {
            let Kind::Invalid { names } = case.kind else {
                continue;
            };
            assert!(!names.is_empty(), "{}", case.name);
            let Some(text) = case.config.as_deref() else {
                continue;
            };
            if case.name == "output-folder-missing" {
                // A config the parser takes: the write is what fails.
                continue;
            }
            assert!(Config::parse(text, "config.txt").is_err(), "{}", case.name);
        }
    }

    #[test]
    fn the_cases_stricter_than_the_subject_are_either_and_checked_without_the_excess() {
        for case in all().into_iter().filter(|c| c.kind == Kind::Either) {
            assert!(
                Config::parse(case.config.as_deref().unwrap(), "c").is_err(),
                "{}",
                case.name
            );
            assert!(
                Config::parse(case.reference.as_deref().unwrap(), "c").is_ok(),
                "{}",
                case.name
            );
        }
    }

    #[test]
    fn docs_grade_md_lists_every_case() {
        let docs =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/grade.md")).unwrap();
        for case in all() {
            assert!(
                docs.contains(&format!("| `{}` |", case.name)),
                "{}",
                case.name
            );
        }
    }

    #[test]
    fn names_are_unique_and_picked_by_name() {
        let cases = all();
        let mut names: Vec<&str> = cases.iter().map(|c| c.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), cases.len());
        let picked = pick(&["board".into(), "no-width".into()]).unwrap();
        let picked: Vec<&str> = picked.iter().map(|c| c.name).collect();
        assert_eq!(picked, ["board", "no-width"]);
        assert!(pick(&["nope".into()]).unwrap_err().contains("nope"));
        assert_eq!(pick(&[]).unwrap().len(), cases.len());
    }
}
