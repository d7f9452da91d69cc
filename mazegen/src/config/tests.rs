//! Tests of the config parser: every key, every error and where it is reported.

use super::key::known_keys;
use super::*;

/// The subject's example config, inlined so the crate tests alone (the file itself is
/// `tests/fixtures/subject_example_25x20.config.txt`, read by the integration tests).
const SUBJECT_EXAMPLE: &str = "\
# The config that goes with subject_example_25x20.txt (the subject's own example output).
WIDTH=25
HEIGHT=20
ENTRY=1,1
EXIT=19,14
OUTPUT_FILE=maze.txt
PERFECT=False
";

/// A valid config with one key per line, so line N is the Nth key.
const BASE: &str = "\
WIDTH=25
HEIGHT=20
ENTRY=1,1
EXIT=19,14
OUTPUT_FILE=maze.txt
PERFECT=False
";

const FILE: &str = "test.cfg";

/// `BASE` with the line of `key` replaced by `line`.
fn with_line(key: &str, line: &str) -> String {
    BASE.lines()
        .map(|l| {
            if l.starts_with(&format!("{key}=")) {
                line
            } else {
                l
            }
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `BASE` with `extra` appended as line 7 onwards.
fn with_extra(extra: &str) -> String {
    format!("{BASE}{extra}\n")
}

/// Parses `text` expecting an error at `line` about `key` whose message contains every
/// needle, the file name and the `:line:` marker, all on one line.
fn assert_error(text: &str, line: Option<usize>, key: Option<&str>, needles: &[&str]) {
    let error = Config::try_parse(text, Path::new(FILE), &[]).expect_err(text);
    let message = error.to_string();
    assert_eq!(error.line, line, "{message}");
    assert_eq!(error.key(), key, "{message}");
    assert_eq!(error.file, Path::new(FILE));
    match line {
        Some(line) => assert!(
            message.starts_with(&format!("{FILE}:{line}: ")),
            "{message}"
        ),
        None => assert!(message.starts_with(&format!("{FILE}: ")), "{message}"),
    }
    if let Some(key) = key {
        assert!(message.contains(key), "{message}");
    }
    for needle in needles {
        assert!(message.contains(needle), "{message:?} lacks {needle:?}");
    }
    assert!(!message.contains('\n'), "{message:?}");
}

fn kind(text: &str) -> ConfigErrorKind {
    Config::try_parse(text, Path::new(FILE), &[])
        .expect_err(text)
        .kind
}

fn expected_subject_config() -> Config {
    Config {
        width: 25,
        height: 20,
        entry: Pos::new(1, 1),
        exit: Pos::new(19, 14),
        output_file: PathBuf::from("maze.txt"),
        perfect: false,
        seed: None,
        algorithm: Algorithm::default(),
        braid: DEFAULT_BRAID,
        courtyard: false,
        stamp: StampChoice::FortyTwo,
        stamp_named: false,
        app_settings: BTreeMap::new(),
    }
}

#[test]
fn key_lists_match_the_key_enum() {
    let all: Vec<Key> = MANDATORY_KEYS
        .iter()
        .chain(OPTIONAL_KEYS)
        .copied()
        .collect();
    assert_eq!(all, Key::ALL);
    assert_eq!(
        known_keys(&[]).join(", "),
        "WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT, SEED, ALGORITHM, BRAID, COURTYARD, STAMP"
    );
    assert_eq!(known_keys(&["THEME"])[Key::ALL.len()..], ["THEME"]);
}

#[test]
fn keys_are_named_in_screaming_snake_case_and_parse_in_any_case() {
    for &key in Key::ALL {
        let name = key.name();
        assert!(
            name.chars().all(|c| c.is_ascii_uppercase() || c == '_'),
            "{name}"
        );
        assert_eq!(key.to_string(), name);
        assert_eq!(key.as_ref(), name);
        assert_eq!(name.parse().ok(), Some(key));
        assert_eq!(name.to_ascii_lowercase().parse().ok(), Some(key));
    }
    assert_eq!(Key::OutputFile.name(), "OUTPUT_FILE");
    assert_eq!("Output_File".parse().ok(), Some(Key::OutputFile));
    assert!("OUTPUT-FILE".parse::<Key>().is_err());
    assert!(
        "THEME".parse::<Key>().is_err(),
        "THEME is the dashboard's key"
    );
}

#[test]
fn subject_example_parses() {
    let config = Config::parse(SUBJECT_EXAMPLE, "config.txt").unwrap();
    assert_eq!(config, expected_subject_config());
}

#[test]
fn lenient_layout_parses() {
    let text = "\u{feff}# a comment\r\n\
                \r\n\
                \t  \r\n\
                \x20  # indented comment\r\n\
                width = 30\r\n\
                Height=12\r\n\
                entry = 0 , 0\r\n\
                exit=29, 11\r\n\
                output_file = out/maze 1.txt \r\n\
                perfect = TRUE\r\n\
                seed=18446744073709551615\r\n\
                algorithm = DFS\r\n\
                theme = Neon Night\r\n\
                braid=.25\r\n\
                courtyard=true\r\n";
    let config = Config::parse_with_app_keys(text, FILE, &["THEME"]).unwrap();
    assert_eq!(
        config,
        Config {
            width: 30,
            height: 12,
            entry: Pos::new(0, 0),
            exit: Pos::new(29, 11),
            output_file: PathBuf::from("out/maze 1.txt"),
            perfect: true,
            seed: Some(u64::MAX),
            algorithm: Algorithm::Backtracker,
            braid: 0.25,
            courtyard: true,
            stamp: StampChoice::FortyTwo,
            stamp_named: false,
            app_settings: BTreeMap::from([("THEME", ("Neon Night".into(), 13))]),
        }
    );
}

#[test]
fn app_keys_are_kept_in_any_case_with_their_line() {
    let text = with_extra("# the dashboard's\ntheme = Neon Night");
    let config = Config::parse_with_app_keys(&text, FILE, &["SOUND", "THEME"]).unwrap();
    assert_eq!(config.app_setting("THEME"), Some(("Neon Night", 8)));
    assert_eq!(config.app_setting("SOUND"), None);
    assert_eq!(config.app_settings.len(), 1);
    let without = Config::parse_with_app_keys(BASE, FILE, &["THEME"]).unwrap();
    assert_eq!(without, Config::parse(BASE, FILE).unwrap());
    assert!(without.app_settings.is_empty());
}

#[test]
fn app_keys_are_unknown_to_the_library_alone() {
    let text = with_extra("THEME=light");
    let message = "unknown key \"THEME\" (known keys: WIDTH, HEIGHT, ENTRY, EXIT, \
                   OUTPUT_FILE, PERFECT, SEED, ALGORITHM, BRAID, COURTYARD, STAMP)";
    assert_error(&text, Some(7), Some("THEME"), &[message]);
}

#[test]
fn app_keys_are_listed_as_known_and_checked_like_the_librarys() {
    let text = with_line("WIDTH", "widht=25");
    let error = Config::try_parse(&text, Path::new(FILE), &["THEME", "SOUND"]).unwrap_err();
    assert_eq!(error.line, Some(1));
    assert!(
        error.to_string().ends_with(
            "(known keys: WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT, SEED, \
                        ALGORITHM, BRAID, COURTYARD, STAMP, THEME, SOUND)"
        ),
        "{error}"
    );
    let twice = with_extra("THEME=light\ntheme=dark");
    let error = Config::try_parse(&twice, Path::new(FILE), &["THEME"]).unwrap_err();
    assert_eq!(error.line, Some(8));
    assert_eq!(error.key(), Some("THEME"));
    assert_eq!(
        error.to_string(),
        "test.cfg:8: duplicate key THEME (first given on line 7)"
    );
    let empty = with_extra("Theme =");
    let error = Config::try_parse(&empty, Path::new(FILE), &["THEME"]).unwrap_err();
    assert_eq!(error.to_string(), "test.cfg:7: THEME has no value");
}

#[test]
fn value_is_split_at_the_first_equals() {
    let config = Config::parse(&with_line("OUTPUT_FILE", "OUTPUT_FILE=a=b.txt"), FILE);
    assert_eq!(config.unwrap().output_file, PathBuf::from("a=b.txt"));
}

#[test]
fn small_maze_has_no_stamp_to_avoid() {
    let text = "WIDTH=8\nHEIGHT=6\nENTRY=3,2\nEXIT=4,3\nOUTPUT_FILE=m\nPERFECT=true\n";
    assert!(Config::parse(text, FILE).is_ok());
}

#[test]
fn load_reads_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.txt");
    std::fs::write(&path, SUBJECT_EXAMPLE).unwrap();
    assert_eq!(Config::load(&path).unwrap(), expected_subject_config());
    std::fs::write(&path, format!("{SUBJECT_EXAMPLE}THEME=light\n")).unwrap();
    assert!(Config::load(&path).is_err());
    let config = Config::load_with_app_keys(&path, &["THEME"]).unwrap();
    assert_eq!(config.app_setting("THEME").unwrap().0, "light");
}

#[test]
fn error_unreadable_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-config.txt");
    let error = Config::try_load(&path, &[]).unwrap_err();
    assert_eq!(error.file, path);
    assert_eq!(error.line, None);
    assert_eq!(error.key(), None);
    assert!(matches!(error.kind, ConfigErrorKind::Unreadable { .. }));
    let message = error.to_string();
    assert!(message.starts_with(&format!("{}: cannot read", path.display())));
    assert!(!message.contains('\n'));
}

#[test]
fn error_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.txt");
    std::fs::write(&path, b"WIDTH=25\nTHEME=caf\xe9\n").unwrap();
    let error = Config::try_load(&path, &[]).unwrap_err();
    assert_eq!(error.line, None);
    assert!(
        matches!(error.kind, ConfigErrorKind::NotUtf8 { offset: 18 }),
        "{:?}",
        error.kind
    );
    let message = error.to_string();
    assert!(message.starts_with(&format!("{}: not valid UTF-8", path.display())));
}

#[test]
fn error_missing_equals() {
    let text = with_line("WIDTH", "WIDTH 20");
    assert_error(
        &text,
        Some(1),
        None,
        &[r#"expected KEY=VALUE, got "WIDTH 20""#],
    );
}

#[test]
fn error_empty_key() {
    assert_error(
        &with_extra(" = 5"),
        Some(7),
        None,
        &[r#"no key before '=' in "= 5""#],
    );
}

#[test]
fn error_empty_value() {
    let text = with_line("HEIGHT", "HEIGHT =  ");
    assert_error(&text, Some(2), Some("HEIGHT"), &["HEIGHT has no value"]);
}

#[test]
fn error_unknown_key() {
    let text = with_line("WIDTH", "widht=25");
    let message = "unknown key \"WIDHT\" (known keys: WIDTH, HEIGHT, ENTRY, EXIT, \
                   OUTPUT_FILE, PERFECT, SEED, ALGORITHM, BRAID, COURTYARD, STAMP)";
    assert_error(&text, Some(1), Some("WIDHT"), &[message]);
}

#[test]
fn error_duplicate_key() {
    let text = with_extra("# again\nentry=2,2");
    let needles = ["duplicate key ENTRY (first given on line 3)"];
    assert_error(&text, Some(8), Some("ENTRY"), &needles);
}

#[test]
fn error_missing_mandatory_key() {
    let text = with_line("OUTPUT_FILE", "# no output");
    assert_error(
        &text,
        None,
        Some("OUTPUT_FILE"),
        &["missing mandatory key OUTPUT_FILE"],
    );
}

#[test]
fn missing_keys_are_reported_in_mandatory_order() {
    let text = "PERFECT=true\nEXIT=1,1\n";
    assert_error(text, None, Some("WIDTH"), &["missing mandatory key WIDTH"]);
    assert_error("", None, Some("WIDTH"), &[]);
    let text = "WIDTH=5\nHEIGHT=5\nOUTPUT_FILE=x\n";
    assert_error(text, None, Some("ENTRY"), &[]);
}

#[test]
fn error_bad_size() {
    let bad = [
        "abc",
        "+5",
        "-3",
        "5.0",
        "1 2",
        "1",
        "0",
        "100001",
        "4294967296",
        "2e3",
    ];
    for value in bad {
        let text = with_line("HEIGHT", &format!("HEIGHT={value}"));
        let message =
            format!("HEIGHT must be a whole number between 2 and 100000, got \"{value}\"");
        assert_error(&text, Some(2), Some("HEIGHT"), &[&message]);
    }
    let text = with_line("WIDTH", "WIDTH=abc");
    assert_error(&text, Some(1), Some("WIDTH"), &[r#"got "abc""#]);
}

#[test]
fn sides_at_the_limits_are_accepted() {
    let text = "WIDTH=2\nHEIGHT=100000\nENTRY=0,0\nEXIT=1,99999\nOUTPUT_FILE=m\nPERFECT=true";
    let config = Config::parse(text, FILE).unwrap();
    assert_eq!((config.width, config.height), (2, 100_000));
}

#[test]
fn error_too_many_cells_is_on_the_later_side() {
    let big = "ENTRY=0,0\nEXIT=1,1\nOUTPUT_FILE=m\nPERFECT=true\n";
    let limit = grid::MAX_CELLS.to_string();
    let text = format!("WIDTH=100000\nHEIGHT=20000\n{big}");
    assert_error(
        &text,
        Some(2),
        Some("HEIGHT"),
        &["20000", &limit, "100000x20000"],
    );
    let text = format!("HEIGHT=20000\n# width last\nWIDTH=100000\n{big}");
    assert_error(
        &text,
        Some(3),
        Some("WIDTH"),
        &["100000", &limit, "100000x20000"],
    );
}

#[test]
fn error_bad_coordinate() {
    let bad = [
        "1", "1,2,3", "a,b", "-1,0", "1,", " , ", ",", "1.5,2", "+1,2", "1 2,3",
    ];
    for value in bad {
        let text = with_line("ENTRY", &format!("ENTRY={value}"));
        let message = format!(
            "ENTRY must be x,y (two whole numbers, column then row), got \"{}\"",
            value.trim()
        );
        assert_error(&text, Some(3), Some("ENTRY"), &[&message]);
    }
    let text = with_line("EXIT", "EXIT=1,2,3");
    assert_error(&text, Some(4), Some("EXIT"), &[r#"got "1,2,3""#]);
}

#[test]
fn error_outside_maze() {
    let text = with_line("EXIT", "EXIT=25,3");
    let message = "EXIT 25,3 is outside the 25x20 maze (x must be below 25, y below 20)";
    assert_error(&text, Some(4), Some("EXIT"), &[message]);
    let text = with_line("ENTRY", "ENTRY=0,20");
    assert_error(&text, Some(3), Some("ENTRY"), &["ENTRY 0,20 is outside"]);
    let text = with_line("ENTRY", "ENTRY=0,99999999999");
    assert_error(&text, Some(3), Some("ENTRY"), &["must be x,y"]);
}

#[test]
fn error_entry_is_exit() {
    let text = with_line("EXIT", "EXIT=1, 1");
    let message = "EXIT 1,1 is the same cell as ENTRY";
    assert_error(&text, Some(4), Some("EXIT"), &[message]);
}

#[test]
fn error_on_the_42_stamp() {
    let text = with_line("ENTRY", "ENTRY=9,7");
    let message = "ENTRY 9,7 is on the 42 pattern (its cells are closed)";
    assert_error(&text, Some(3), Some("ENTRY"), &[message]);
    let text = with_line("EXIT", "EXIT=15,11");
    assert_error(&text, Some(4), Some("EXIT"), &["EXIT 15,11 is on the 42"]);
    // An open cell inside the stamp's box is fine.
    assert!(Config::parse(&with_line("EXIT", "EXIT=10,7"), FILE).is_ok());
}

#[test]
fn error_bad_bool() {
    for value in ["yes", "1", "Tru", "true false"] {
        let text = with_line("PERFECT", &format!("PERFECT={value}"));
        let message = format!("PERFECT must be True or False, got \"{value}\"");
        assert_error(&text, Some(6), Some("PERFECT"), &[&message]);
    }
}

#[test]
fn error_bad_bool_names_its_own_key() {
    let text = with_extra("COURTYARD=yes");
    let message = "COURTYARD must be True or False, got \"yes\"";
    assert_error(&text, Some(7), Some("COURTYARD"), &[message]);
}

#[test]
fn error_bad_seed() {
    for value in ["-1", "abc", "1.0", "+4", "18446744073709551616"] {
        let text = with_extra(&format!("SEED={value}"));
        let message = format!(
            "SEED must be a whole number between 0 and 18446744073709551615, got \"{value}\""
        );
        assert_error(&text, Some(7), Some("SEED"), &[&message]);
    }
}

#[test]
fn error_bad_braid() {
    for value in ["NaN", "inf", "-inf", "1.5", "-0.1", "abc", "0,5"] {
        let text = with_extra(&format!("BRAID={value}"));
        let message = format!("BRAID must be a number between 0.0 and 1.0, got \"{value}\"");
        assert_error(&text, Some(7), Some("BRAID"), &[&message]);
    }
    for (value, braid) in [("0", 0.0), ("1", 1.0), ("0.5", 0.5), ("1e-1", 0.1)] {
        let text = with_extra(&format!("BRAID={value}"));
        assert_eq!(Config::parse(&text, FILE).unwrap().braid, braid);
    }
}

#[test]
fn error_unknown_algorithm() {
    let text = with_extra("ALGORITHM=prims-ish");
    let message = format!(
        "ALGORITHM: unknown algorithm \"prims-ish\" (valid: {})",
        Algorithm::names()
    );
    assert_error(&text, Some(7), Some("ALGORITHM"), &[&message]);
}

#[test]
fn line_errors_come_first_in_line_order() {
    // Line 2 is bad and line 4 is bad; the missing keys and the layout are never reached.
    let text = "WIDTH=25\nHEIGHT=x\nEXIT=1,1\nbogus=1\n";
    assert_error(text, Some(2), Some("HEIGHT"), &[]);
    let text = "WIDTH=25\nHEIGHT=20\nEXIT=1,1\nbogus=1\n";
    assert_error(text, Some(4), Some("BOGUS"), &[]);
}

#[test]
fn missing_keys_come_before_layout_checks() {
    let text = "WIDTH=25\nHEIGHT=20\nENTRY=99,99\nEXIT=99,99\nPERFECT=true\n";
    let kind = kind(text);
    assert!(
        matches!(kind, ConfigErrorKind::MissingKey { key: "OUTPUT_FILE" }),
        "{kind:?}"
    );
}

#[test]
fn layout_checks_come_in_order() {
    // Outside beats equal; equal beats the stamp.
    let text = with_line("ENTRY", "ENTRY=30,0").replace("EXIT=19,14", "EXIT=30,0");
    assert_error(&text, Some(3), Some("ENTRY"), &["outside"]);
    let text = with_line("ENTRY", "ENTRY=9,7").replace("EXIT=19,14", "EXIT=9,7");
    assert_error(&text, Some(4), Some("EXIT"), &["same cell"]);
}

#[test]
fn maze_options_maps_fields() {
    let text = with_extra("BRAID=0.5\nALGORITHM=backtracker");
    let options = Config::parse(&text, FILE).unwrap().maze_options(42);
    assert_eq!(
        options,
        MazeOptions {
            width: 25,
            height: 20,
            seed: 42,
            perfect: false,
            braid: 0.5,
            algorithm: Algorithm::Backtracker,
            start: Pos::new(1, 1),
            courtyard: false,
            stamp: StampChoice::FortyTwo,
        }
    );
}

/// Parses `text` (with an application key); an error must still be a one-line message
/// naming the file.
fn check_no_panic(text: &str) {
    if let Err(error) = Config::try_parse(text, Path::new("fuzz.cfg"), &["THEME"]) {
        let message = error.to_string();
        assert!(message.starts_with("fuzz.cfg"), "{message:?}");
        assert!(!message.contains(char::is_control), "{message:?}");
        // A quoted value is cut at 80 characters, so only the key lists make a message long.
        assert!(message.len() < 600, "{message:?}");
    }
}

#[test]
fn mangled_configs_never_panic() {
    let base = format!("{SUBJECT_EXAMPLE}SEED=7\nBRAID=0.5\nALGORITHM=dfs\nTHEME=x\n");
    let inserts = [
        "=",
        ",",
        "#",
        "\n",
        "\r",
        "\r\n",
        "\u{feff}",
        "9",
        "-",
        " ",
        "é",
        "0",
        "x",
        "\0",
        "99999999999999999999",
        "WIDTH=3\n",
        "HEIGHT=100000\n",
    ];
    for (i, c) in base.char_indices() {
        let rest = &base[i + c.len_utf8()..];
        check_no_panic(&base[..i]);
        check_no_panic(&format!("{}{rest}", &base[..i]));
        for insert in inserts {
            check_no_panic(&format!("{}{insert}{rest}", &base[..i]));
            check_no_panic(&format!("{}{insert}{}", &base[..i], &base[i..]));
        }
    }
    for cut in 0..base.lines().count() {
        let text: String = base
            .lines()
            .enumerate()
            .filter(|&(n, _)| n != cut)
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        check_no_panic(&text);
    }
}

proptest::proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "(\\PC|[\\x00-\\x1f\\x7f])*") {
        check_no_panic(&text);
    }

    #[test]
    fn arbitrary_key_values_never_panic(
        lines in proptest::collection::vec(
            (
                proptest::sample::select(vec![
                    "WIDTH", "height", "ENTRY", "EXIT", "OUTPUT_FILE", "PERFECT", "SEED",
                    "ALGORITHM", "THEME", "BRAID", "", "#", "BOGUS",
                ]),
                "[0-9a-zA-Z ,.+=-]{0,10}",
            ),
            0..12,
        )
    ) {
        let text: String = lines.iter().map(|(k, v)| format!("{k}={v}\n")).collect();
        check_no_panic(&text);
    }
}

#[test]
fn bad_values_are_escaped_and_cut_in_the_message() {
    let long = format!("WIDTH={}\n", "9".repeat(500_000));
    let message = Config::try_parse(&long, Path::new("c.txt"), &[])
        .unwrap_err()
        .to_string();
    assert!(
        message.ends_with(&format!("got \"{}…\"", "9".repeat(80))),
        "{message}"
    );

    let text = "WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=m\0.txt\nPERFECT=True\n";
    let error = Config::try_parse(text, Path::new("c.txt"), &[]).unwrap_err();
    assert_eq!((error.line, error.key()), (Some(5), Some("OUTPUT_FILE")));
    assert!(error.to_string().contains(r#""m\0.txt""#), "{error}");

    let text = "ALGORITHM=back\x1b[31mtracker\n";
    let message = Config::try_parse(text, Path::new("c\n.txt"), &[])
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with(r#"c\n.txt:1: ALGORITHM: unknown algorithm "back\u{1b}[31mtracker""#),
        "{message}"
    );
}

#[test]
fn a_board_without_room_for_two_loops_is_an_impossible_parameter() {
    let text = "WIDTH=2\nHEIGHT=2\nENTRY=0,0\nEXIT=1,1\nOUTPUT_FILE=m.txt\nPERFECT=False\n";
    let error = Config::try_parse(text, Path::new(FILE), &[]).unwrap_err();
    assert_eq!(error.line, Some(6), "the PERFECT line");
    assert_eq!(error.key(), Some("PERFECT"));
    assert_eq!(
        error.to_string(),
        "test.cfg:6: PERFECT=False asks for a board with at least 2 independent loops, and a \
         2x2 maze has room for 1: make it larger (2x3 at least) or set PERFECT=True"
    );
    // A perfect 2x2 maze, and the smallest boards with room for two loops, are fine.
    assert!(Config::parse(&text.replace("False", "True"), FILE).is_ok());
    for (width, height) in [(2, 3), (3, 2)] {
        let text = format!(
            "WIDTH={width}\nHEIGHT={height}\nENTRY=0,0\nEXIT=1,1\nOUTPUT_FILE=m.txt\nPERFECT=False\n"
        );
        assert!(Config::parse(&text, FILE).is_ok(), "{width}x{height}");
    }
}

#[test]
fn stamp_is_the_42_unless_the_config_says_none_or_gives_a_pattern() {
    let config = Config::parse(BASE, FILE).unwrap();
    assert_eq!(config.stamp, StampChoice::FortyTwo);
    assert_eq!(config.maze_options(1).stamp, StampChoice::FortyTwo);
    let none = Config::parse(&with_extra("stamp=None"), FILE).unwrap();
    assert_eq!(none.stamp, StampChoice::None);
    assert_eq!(none.landmarks().stamp, None);
    let own = Config::parse(&with_extra("STAMP = XXX/X../XXX"), FILE).unwrap();
    let placed = own.landmarks().stamp.expect("fits in 25x20");
    assert_eq!(placed.cells().count(), 7);
    assert_eq!(own.maze_options(1).stamp, own.stamp);
}

#[test]
fn a_bad_or_oversized_stamp_is_an_error_on_its_line() {
    let line = BASE.lines().count() + 1;
    let err =
        Config::try_parse(&with_extra("STAMP=XXX/X.X/XXX"), Path::new(FILE), &[]).unwrap_err();
    assert_eq!(err.line, Some(line));
    assert_eq!(err.key(), Some("STAMP"));
    assert!(err.to_string().contains("walls in its open cell"), "{err}");
    // An empty row is an error too, never dropped (`X//X` is not `X/X`).
    for (stamp, row) in [("X//X", 2), ("X/", 2)] {
        let err = Config::try_parse(&with_extra(&format!("STAMP={stamp}")), Path::new(FILE), &[])
            .unwrap_err();
        assert_eq!(
            (err.line, err.key()),
            (Some(line), Some("STAMP")),
            "{stamp}"
        );
        assert!(
            err.to_string().ends_with(&format!(
                "STAMP: the stamp pattern's row {row} is empty: every row needs its cells"
            )),
            "{err}"
        );
    }
    let tall = ["X"; 16].join("/");
    let text = BASE.replace("HEIGHT=20", "HEIGHT=17");
    let err =
        Config::try_parse(&format!("{text}STAMP={tall}\n"), Path::new(FILE), &[]).unwrap_err();
    assert_eq!(err.line, Some(line));
    let ConfigErrorKind::BadStamp(inner) = &err.kind else {
        panic!("{err}");
    };
    assert!(
        matches!(**inner, crate::Error::StampDoesNotFit { .. }),
        "{inner:?}"
    );
    // The message is the stamp error's, after the key, and the error is its source too.
    assert!(
        err.to_string().contains(&format!(": STAMP: {inner}")),
        "{err}"
    );
    assert_eq!(
        std::error::Error::source(&err.kind).map(ToString::to_string),
        Some(inner.to_string())
    );
}

#[test]
fn only_the_42_is_noted_as_left_out_for_want_of_room() {
    let small = BASE
        .replace("WIDTH=25", "WIDTH=8")
        .replace("EXIT=19,14", "EXIT=7,14");
    let config = Config::parse(&small, FILE).unwrap();
    assert_eq!(
        config.landmark_note_list(),
        [LandmarkNote::StampTooSmall {
            width: 8,
            height: 20
        }]
    );
    for stamp in ["none", "X"] {
        let config = Config::parse(&format!("{small}STAMP={stamp}\n"), FILE).unwrap();
        assert_eq!(config.landmark_note_list(), [], "STAMP={stamp}");
    }
}
