//! The config file: `KEY=VALUE` lines that say which maze to make and where to write it.
//!
//! Parsing is strict on purpose: a typo in a key or a value is an error naming the file, the
//! line, the key and the bad value, never a silently ignored setting. Errors come in a fixed
//! order (per-line problems in line order, then missing keys, then checks that need several
//! keys) so the user always sees the earliest problem in the file first.

mod departure;
pub(crate) mod error;
mod key;

pub(crate) use error::ConfigError;
pub use error::ConfigErrorKind;
pub(crate) use key::Key;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::format::{MIB, read_limited, same_target};
use crate::generate::{Algorithm, MazeOptions};
use crate::geometry::Pos;
use crate::grid::{self, LandmarkNote, MAX_SIDE, MIN_SIDE, SizeError, StampChoice};
use crate::rules;

/// Share of dead ends removed when `PERFECT=False` and `BRAID` is not given: all of them, so an
/// imperfect maze has loops everywhere unless the user asks for fewer.
pub(crate) const DEFAULT_BRAID: f64 = 1.0;

/// Keys every config must give, in the order a missing one is reported.
#[cfg(test)]
pub(crate) const MANDATORY_KEYS: &[Key] = &[
    Key::Width,
    Key::Height,
    Key::Entry,
    Key::Exit,
    Key::OutputFile,
    Key::Perfect,
];

/// Keys of the library a config may give. Any other key is an error, unless the application
/// reading the config names it as one of its own (see [`Config::parse_with_app_keys`]).
#[cfg(test)]
pub(crate) const OPTIONAL_KEYS: &[Key] = &[
    Key::Seed,
    Key::Algorithm,
    Key::Braid,
    Key::Courtyard,
    Key::Stamp,
];

/// A parsed and fully checked config: every value is in range and the entry and exit are
/// usable cells of the maze, so callers can generate without re-validating.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// `WIDTH`: columns of cells.
    pub width: u32,
    /// `HEIGHT`: rows of cells.
    pub height: u32,
    /// `ENTRY`: where the path starts (and where carving starts).
    pub entry: Pos,
    /// `EXIT`: where the path ends.
    pub exit: Pos,
    /// `OUTPUT_FILE`: where the hex maze is written.
    pub output_file: PathBuf,
    /// `PERFECT`: one path between any two cells, or a braided board with loops.
    pub perfect: bool,
    /// `SEED`; `None` means "pick a random seed" (the caller shows it so it can be reproduced).
    pub seed: Option<u64>,
    /// `ALGORITHM`, [`Algorithm::default`] when absent.
    pub algorithm: Algorithm,
    /// `BRAID`, 0.0 to 1.0, 1.0 (every dead end removed) when absent; only used when `perfect` is false.
    pub braid: f64,
    /// `COURTYARD`: an open 3x3 courtyard at the centre, where carving starts; `False` when
    /// absent. The 42 moves aside for it (see [`Stamp::centred`](crate::Stamp::centred)).
    pub courtyard: bool,
    /// `STAMP`: `42` (the default, the 42 where the SPEC puts it), `none`, or a pattern of
    /// closed cells of the user's own, rows of `X` and `.` separated by `/` (see
    /// [`grid::Pattern`]), centred, which must fit with a one-cell margin.
    pub stamp: StampChoice,
    /// Whether the config names its `STAMP`: a check then requires that stamp exactly, where
    /// otherwise any 42 drawn near the centre passes (see [`crate::validate::Expected::exact_stamp`]).
    pub stamp_named: bool,
    /// The values of the application's own keys that the config gives, by key as the
    /// application named it (see [`Config::parse_with_app_keys`]), each with the 1-based line
    /// it was given on so the application can point at it; the library does not read them.
    /// A value is trimmed and not empty.
    pub app_settings: BTreeMap<&'static str, (String, usize)>,
}

impl Config {
    /// Reads and parses the config at `path`. crate::Error messages name `path` as given, so the user
    /// recognises what they typed.
    ///
    /// ```
    /// use mazegen::config::Config;
    ///
    /// let err = Config::load("/no/such/config.txt").unwrap_err();
    /// assert!(err.to_string().starts_with("/no/such/config.txt: cannot read the file"), "{err}");
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Config, crate::Error> {
        Config::load_with_app_keys(path, &[])
    }

    /// [`Config::load`], also accepting the application's own keys (see
    /// [`Config::parse_with_app_keys`]).
    pub fn load_with_app_keys(
        path: impl AsRef<Path>,
        app_keys: &[&'static str],
    ) -> Result<Config, crate::Error> {
        Config::try_load(path.as_ref(), app_keys).map_err(crate::Error::from)
    }

    /// Parses config text. `source` is only used to name the file in error messages.
    ///
    /// ```
    /// use mazegen::config::Config;
    /// use mazegen::{Maze, Pos, StampChoice};
    ///
    /// let text = "WIDTH=12\nHEIGHT=9\nENTRY=0,0\nEXIT=11,8\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSTAMP=none\n";
    /// let config = Config::parse(text, "config.txt")?;
    /// assert_eq!((config.exit, config.stamp), (Pos::new(11, 8), StampChoice::None));
    /// let maze = Maze::generate(config.maze_options(7), config.entry, config.exit)?;
    /// assert_eq!(maze.grid().stamp(), None);
    /// assert!(Config::parse("WIDTH=12\n", "config.txt").is_err()); // HEIGHT and the rest missing
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn parse(text: &str, source: impl AsRef<Path>) -> Result<Config, crate::Error> {
        Config::parse_with_app_keys(text, source, &[])
    }

    /// Parses config text that may also hold `app_keys`, keys the application reading it
    /// documents (such as a dashboard's `THEME`), uppercase. They are matched in any case like
    /// the library's keys, and are errors like them when given twice or with no value, but
    /// their values are only kept, in [`Config::app_settings`], for the application to read.
    pub fn parse_with_app_keys(
        text: &str,
        source: impl AsRef<Path>,
        app_keys: &[&'static str],
    ) -> Result<Config, crate::Error> {
        Config::try_parse(text, source.as_ref(), app_keys).map_err(crate::Error::from)
    }

    /// The largest config file read: a real one is a few hundred bytes, so anything near this
    /// is a mistake (a maze file, a binary), refused before it is read.
    pub const MAX_BYTES: u64 = MIB;

    /// [`Config::load_with_app_keys`], with the error kept apart.
    pub(crate) fn try_load(path: &Path, app_keys: &[&'static str]) -> Result<Config, ConfigError> {
        let fail = |kind| ConfigError {
            file: path.to_path_buf(),
            line: None,
            kind,
        };
        let bytes = read_limited(path, Config::MAX_BYTES).map_err(|error| {
            fail(ConfigErrorKind::Unreadable {
                reason: error.to_string(),
            })
        })?;
        let text = String::from_utf8(bytes).map_err(|error| {
            fail(ConfigErrorKind::NotUtf8 {
                offset: error.utf8_error().valid_up_to(),
            })
        })?;
        let config = Config::try_parse(&text, path, app_keys)?;
        // Writing the maze over its own config would lose the config: refuse, whatever name
        // (./config.txt, a link, a hard link) OUTPUT_FILE gives the same file.
        if same_target(path, &config.output_file) {
            return Err(ConfigError {
                file: path.to_path_buf(),
                line: line_of_key(&text, Key::OutputFile),
                kind: ConfigErrorKind::OutputIsConfig {
                    value: config.output_file.to_string_lossy().into_owned(),
                },
            });
        }
        Ok(config)
    }

    /// [`Config::parse_with_app_keys`], with the error kept apart.
    pub(crate) fn try_parse(
        text: &str,
        source: &Path,
        app_keys: &[&'static str],
    ) -> Result<Config, ConfigError> {
        parse_text(text, app_keys).map_err(|Fault { line, kind }| ConfigError {
            file: source.to_path_buf(),
            line,
            kind,
        })
    }

    /// The application's own key `key` (as it was named to [`Config::parse_with_app_keys`]),
    /// if the config gives it: its value (trimmed, not empty) and the 1-based line it is on.
    pub fn app_setting(&self, key: &str) -> Option<(&str, usize)> {
        let (value, line) = self.app_settings.get(key)?;
        Some((value, *line))
    }

    /// The generator options for this config. The seed is passed in because a config without
    /// `SEED` needs a random one, which the caller picks (and reports).
    pub fn maze_options(&self, seed: u64) -> MazeOptions {
        MazeOptions::new(self.width, self.height)
            .seed(seed)
            .perfect(self.perfect)
            .braid(self.braid)
            .algorithm(self.algorithm)
            .start(self.entry)
            .courtyard(self.courtyard)
            .stamp(self.stamp)
    }

    /// Where the 42 and the courtyard go in this config's maze.
    pub(crate) fn landmarks(&self) -> grid::Landmarks {
        // A parsed config's stamp fits (see `check_layout`); one built by hand that does not
        // gets none here, and its maze is refused by the generator.
        grid::Landmarks::plan_or_leave_out(self.width, self.height, self.courtyard, self.stamp)
    }

    /// Each of the 42 and the courtyard that the maze has no room for (it is made without
    /// it), to tell the user: a lowercase sentence for a log line.
    pub fn landmark_notes(&self) -> Vec<impl std::fmt::Display + use<>> {
        self.landmark_note_list()
    }

    /// [`Config::landmark_notes`], as values.
    pub(crate) fn landmark_note_list(&self) -> Vec<LandmarkNote> {
        let notes = grid::Landmarks::notes(self.width, self.height, self.courtyard);
        // Only the 42 is left out for want of room: no stamp has nothing to leave out, and a
        // pattern of the user's own with no room is an error (see `check_layout`).
        match self.stamp {
            StampChoice::FortyTwo => notes,
            StampChoice::None | StampChoice::Custom(_) => notes
                .into_iter()
                .filter(|note| matches!(note, LandmarkNote::CourtyardTooSmall { .. }))
                .collect(),
        }
    }
}

/// A [`ConfigErrorKind`] with its line, before the file name is attached.
struct Fault {
    line: Option<usize>,
    kind: ConfigErrorKind,
}

impl Fault {
    fn at(line: Option<usize>, kind: ConfigErrorKind) -> Fault {
        Fault { line, kind }
    }
}

/// Parses config text: every line first, then the whole.
fn parse_text(text: &str, app_keys: &[&'static str]) -> Result<Config, Fault> {
    // Windows editors like to start UTF-8 files with a byte order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut draft = Draft {
        app_keys,
        ..Draft::default()
    };
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        draft
            .read_line(line_no, line)
            .map_err(|kind| Fault::at(Some(line_no), kind))?;
    }
    let lines = draft.lines;
    let config = draft.into_config()?;
    check_layout(&config, &lines)?;
    Ok(config)
}

/// The line each key was given on, so later checks can point at it.
#[derive(Clone, Copy, Default)]
struct KeyLines([Option<usize>; Key::ALL.len()]);

impl KeyLines {
    fn get(&self, key: Key) -> Option<usize> {
        self.0[key as usize]
    }

    fn set(&mut self, key: Key, line: usize) {
        self.0[key as usize] = Some(line);
    }
}

/// The values read so far; every one already parsed and range-checked on its own.
#[derive(Default)]
struct Draft<'a> {
    /// The application's own keys, accepted and kept in `app_settings`.
    app_keys: &'a [&'static str],
    app_settings: BTreeMap<&'static str, (String, usize)>,
    lines: KeyLines,
    width: Option<u32>,
    height: Option<u32>,
    entry: Option<Pos>,
    exit: Option<Pos>,
    output_file: Option<PathBuf>,
    perfect: Option<bool>,
    seed: Option<u64>,
    algorithm: Option<Algorithm>,
    braid: Option<f64>,
    courtyard: Option<bool>,
    stamp: Option<StampChoice>,
}

impl Draft<'_> {
    /// Reads one line: a comment, a blank, or a `KEY=VALUE` for a key not seen before.
    fn read_line(&mut self, line_no: usize, line: &str) -> Result<(), ConfigErrorKind> {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            return Ok(());
        }
        let Some((key, value)) = text.split_once('=') else {
            return Err(ConfigErrorKind::MissingEquals { text: text.into() });
        };
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() {
            return Err(ConfigErrorKind::EmptyKey { text: text.into() });
        }
        let Ok(key) = key.parse::<Key>() else {
            return self.read_app_key(line_no, key, value);
        };
        if let Some(first_line) = self.lines.get(key) {
            return Err(ConfigErrorKind::DuplicateKey {
                key: key.name(),
                first_line,
            });
        }
        if value.is_empty() {
            return Err(ConfigErrorKind::EmptyValue { key: key.name() });
        }
        self.set(key, value)?;
        self.lines.set(key, line_no);
        Ok(())
    }

    /// Reads `key=value` for a key that is not the library's: kept if it is one of the
    /// application's, an error otherwise.
    fn read_app_key(
        &mut self,
        line_no: usize,
        key: &str,
        value: &str,
    ) -> Result<(), ConfigErrorKind> {
        let Some(&key) = self.app_keys.iter().find(|k| k.eq_ignore_ascii_case(key)) else {
            return Err(ConfigErrorKind::UnknownKey {
                key: key.to_ascii_uppercase(),
                known: key::known_keys(self.app_keys),
            });
        };
        if let Some(first) = self.app_settings.get(key) {
            return Err(ConfigErrorKind::DuplicateKey {
                key,
                first_line: first.1,
            });
        }
        if value.is_empty() {
            return Err(ConfigErrorKind::EmptyValue { key });
        }
        self.app_settings.insert(key, (value.to_owned(), line_no));
        Ok(())
    }

    /// Parses `value` for `key` and stores it.
    fn set(&mut self, key: Key, value: &str) -> Result<(), ConfigErrorKind> {
        let name = key.name();
        match key {
            Key::Width => self.width = Some(parse_side(name, value)?),
            Key::Height => self.height = Some(parse_side(name, value)?),
            Key::Entry => self.entry = Some(parse_coordinate(name, value)?),
            Key::Exit => self.exit = Some(parse_coordinate(name, value)?),
            Key::OutputFile => self.output_file = Some(parse_output_file(value)?),
            Key::Perfect => self.perfect = Some(parse_bool(name, value)?),
            Key::Seed => self.seed = Some(parse_seed(value)?),
            Key::Algorithm => {
                let algorithm = crate::registry::parse(value).ok_or_else(|| {
                    ConfigErrorKind::UnknownAlgorithm {
                        name: value.trim().to_owned(),
                        valid: Algorithm::names(),
                    }
                })?;
                self.algorithm = Some(algorithm);
            }
            Key::Braid => self.braid = Some(parse_braid(value)?),
            Key::Courtyard => self.courtyard = Some(parse_bool(name, value)?),
            Key::Stamp => {
                let stamp = value
                    .parse()
                    .map_err(|error| ConfigErrorKind::BadStamp(Box::new(error)))?;
                self.stamp = Some(stamp);
            }
        }
        Ok(())
    }

    /// The config, or the first missing mandatory key in `Key::ALL` order.
    fn into_config(self) -> Result<Config, Fault> {
        // Struct fields are evaluated in the order written, which is MANDATORY_KEYS order.
        Ok(Config {
            width: require(self.width, Key::Width)?,
            height: require(self.height, Key::Height)?,
            entry: require(self.entry, Key::Entry)?,
            exit: require(self.exit, Key::Exit)?,
            output_file: require(self.output_file, Key::OutputFile)?,
            perfect: require(self.perfect, Key::Perfect)?,
            seed: self.seed,
            algorithm: self.algorithm.unwrap_or_default(),
            braid: self.braid.unwrap_or(DEFAULT_BRAID),
            courtyard: self.courtyard.unwrap_or(false),
            stamp: self.stamp.unwrap_or_default(),
            stamp_named: self.stamp.is_some(),
            app_settings: self.app_settings,
        })
    }
}

fn require<T>(value: Option<T>, key: Key) -> Result<T, Fault> {
    value.ok_or(Fault::at(
        None,
        ConfigErrorKind::MissingKey { key: key.name() },
    ))
}

/// Checks that need several keys: the maze fits in memory, has room for a board's loops when
/// it is one, and the entry and exit are two distinct open cells inside it.
fn check_layout(config: &Config, lines: &KeyLines) -> Result<(), Fault> {
    let (width, height) = (config.width, config.height);
    grid::check_size(width, height).map_err(|error| size_fault(error, lines))?;
    let ends = [(Key::Entry, config.entry), (Key::Exit, config.exit)];
    for (key, pos) in ends {
        if pos.x >= width || pos.y >= height {
            let kind = ConfigErrorKind::OutsideMaze {
                key: key.name(),
                pos,
                width,
                height,
            };
            return Err(Fault::at(lines.get(key), kind));
        }
    }
    let room = rules::loop_room(width, height);
    if !config.perfect && room < rules::MIN_BOARD_LOOPS {
        let kind = ConfigErrorKind::NoRoomForLoops {
            width,
            height,
            room,
            needed: rules::MIN_BOARD_LOOPS,
        };
        return Err(Fault::at(lines.get(Key::Perfect), kind));
    }
    if config.entry == config.exit {
        let kind = ConfigErrorKind::EntryIsExit { pos: config.exit };
        return Err(Fault::at(lines.get(Key::Exit), kind));
    }
    let planned = grid::Landmarks::plan_with(width, height, config.courtyard, config.stamp);
    if let Err(error) = planned {
        return Err(Fault::at(
            lines.get(Key::Stamp),
            ConfigErrorKind::stamp(error),
        ));
    }
    if let Some(stamp) = config.landmarks().stamp {
        for (key, pos) in ends {
            if stamp.contains(pos) {
                let kind = ConfigErrorKind::OnStamp {
                    key: key.name(),
                    pos,
                };
                return Err(Fault::at(lines.get(key), kind));
            }
        }
    }
    Ok(())
}

/// Turns a size error into a fault on the line that caused it.
fn size_fault(error: SizeError, lines: &KeyLines) -> Fault {
    match error {
        // `check_size` never runs out of memory (it allocates nothing): the same blame fits.
        SizeError::TooManyCells { width, height }
        | SizeError::OutOfMemory { width, height }
        | SizeError::NotEnoughMemory { width, height, .. } => {
            // Blame whichever side was given last: that is the one that tipped it over.
            let key = match (lines.get(Key::Width), lines.get(Key::Height)) {
                (Some(w), Some(h)) if w > h => Key::Width,
                _ => Key::Height,
            };
            let kind = ConfigErrorKind::TooManyCells {
                key: key.name(),
                width,
                height,
            };
            Fault::at(lines.get(key), kind)
        }
        // Sides are range-checked as they are read, so this only happens if the limits diverge.
        SizeError::Side { side, value } => {
            let key = if side == Key::Width.name() {
                Key::Width
            } else {
                Key::Height
            };
            let kind = ConfigErrorKind::BadSize {
                key: key.name(),
                value: value.to_string(),
            };
            Fault::at(lines.get(key), kind)
        }
    }
}

/// A whole number written with ASCII digits only: no sign, no spaces, no decimal point.
/// `str::parse` alone would accept `+5`; a config value is rejected rather than guessed at.
fn parse_digits<T: std::str::FromStr>(text: &str) -> Option<T> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse().ok()).flatten()
}

/// OUTPUT_FILE as a path: any text but one holding a NUL byte, which the system cannot take
/// (it would fail only when the maze is written, after the work of making it).
fn parse_output_file(value: &str) -> Result<PathBuf, ConfigErrorKind> {
    if value.contains('\0') {
        return Err(ConfigErrorKind::NulInOutputFile {
            value: value.to_owned(),
        });
    }
    Ok(PathBuf::from(value))
}

fn parse_side(key: &'static str, value: &str) -> Result<u32, ConfigErrorKind> {
    parse_digits(value)
        .filter(|side| (MIN_SIDE..=MAX_SIDE).contains(side))
        .ok_or_else(|| ConfigErrorKind::BadSize {
            key,
            value: value.to_owned(),
        })
}

/// `x,y` with optional spaces around each number.
fn parse_coordinate(key: &'static str, value: &str) -> Result<Pos, ConfigErrorKind> {
    value.parse().map_err(|_| ConfigErrorKind::BadCoordinate {
        key,
        value: value.to_owned(),
    })
}

/// `True` or `False` in any case; `yes`, `1` and friends are refused as ambiguous.
fn parse_bool(key: &'static str, value: &str) -> Result<bool, ConfigErrorKind> {
    if value.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if value.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(ConfigErrorKind::BadBool {
            key,
            value: value.to_owned(),
        })
    }
}

fn parse_seed(value: &str) -> Result<u64, ConfigErrorKind> {
    parse_digits(value).ok_or_else(|| ConfigErrorKind::BadSeed {
        value: value.to_owned(),
    })
}

/// A finite number in 0.0..=1.0 (`NaN` and infinities fall outside the range check).
fn parse_braid(value: &str) -> Result<f64, ConfigErrorKind> {
    value
        .parse::<f64>()
        .ok()
        .filter(|braid| (0.0..=1.0).contains(braid))
        .ok_or_else(|| ConfigErrorKind::BadBraid {
            value: value.to_owned(),
        })
}

/// The 1-based line that sets `key`, for errors found after parsing.
fn line_of_key(text: &str, key: Key) -> Option<usize> {
    text.lines()
        .position(|line| {
            line.split_once('=').is_some_and(|(k, _)| {
                k.trim()
                    .trim_start_matches('\u{feff}')
                    .eq_ignore_ascii_case(key.name())
            })
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests;
