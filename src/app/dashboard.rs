//! The dashboard's run loop: owns the terminal, turns terminal events and the clock into
//! messages for `crate::tui::update` (through `crate::tui::input`), draws with
//! `crate::tui::view`, and performs the effects `update` returns: each job (a write, a
//! measure, a search's start or its path, a new maze, freeing an old one) on a worker thread
//! whose messages come back through the same `update`, so the effects a result asks for are
//! performed too. The loop itself never waits long: not for a job, not for a key, not for a
//! frame of work (`update` keeps those short, see its docs).

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::tui::{
    APP_CONFIG_KEYS, Answer, ColorDepth, Effect, Holder, Keymap, Message, Model, Start, ThemeSet,
    config_for, convert_frame, message_for, open_at_start, placeholder_config, update,
    user_keys_file, user_theme_dir, view,
};
use color_eyre::eyre::{self, WrapErr};
use mazegen::config::Config;
use mazegen::validate::{Expected, Inspection};

use super::AppError;
use super::cli::Cli;
use super::worker::Worker;
use super::{events, signals, terminal};
use signal_hook::consts::SIGINT;

/// About 60 frames a second while something moves.
const FRAME: Duration = Duration::from_micros(16_667);
/// How long to wait for input when nothing moves: no busy redrawing of a still screen.
const IDLE_WAIT: Duration = Duration::from_millis(500);
/// How often to look for job messages while waiting for input.
const JOB_POLL: Duration = Duration::from_millis(20);
/// How long a job may take before the next frame is drawn without it: a small write ends
/// within it, so its file is on disk, and its message on screen, as if written in place.
const SETTLE: Duration = Duration::from_millis(50);

pub fn run(cli: &Cli) -> eyre::Result<ExitCode> {
    // Everything that can fail because of the user's files fails before the terminal is
    // touched, so the error prints on a normal screen.
    let opened = cli
        .open
        .as_deref()
        .map(|file| open(cli, file))
        .transpose()?;
    let config = match &opened {
        // The maze shown until a new one is asked for is the file: the dashboard's own is a
        // small placeholder, never drawn nor written.
        Some(opened) => placeholder_config(&opened.config),
        None => cli.load_config().map_err(AppError::from)?,
    };
    match &opened {
        // Opened with a CONFIG: `s` writes the file back to its OUTPUT_FILE.
        Some(opened) if opened.output_file.is_some() => cli.protect_files(&opened.config),
        Some(_) => {}
        None => cli.protect_files(&config),
    }
    if !io::stdout().is_terminal() {
        return Err(AppError::NotATerminal.into());
    }
    let seed = cli.seed.or(config.seed).unwrap_or_else(rand::random);
    let options = config.maze_options(seed);
    super::memory::check_fits(&options, Holder::Dashboard, cli.max_memory)
        .map_err(AppError::TooLarge)?;
    super::memory::check_walk_time(&options).map_err(AppError::TooSlow)?;
    let (themes, theme_problems) = match user_theme_dir(
        std::env::var_os("XDG_CONFIG_HOME"),
        std::env::var_os("HOME"),
    ) {
        Some(dir) => ThemeSet::bundled().with_user_themes(&dir),
        None => (ThemeSet::bundled(), Vec::new()),
    };
    let (keymap, key_problems) = match user_keys_file(
        std::env::var_os("XDG_CONFIG_HOME"),
        std::env::var_os("HOME"),
    ) {
        Some(file) => Keymap::built_in().with_user_file(&file),
        None => (Keymap::built_in(), Vec::new()),
    };
    // The status line has room for one; all are printed once the screen is given back.
    let problems: Vec<String> = theme_problems
        .iter()
        .map(ToString::to_string)
        .chain(key_problems.iter().map(ToString::to_string))
        .collect();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let size = crossterm::terminal::size().wrap_err("cannot read the terminal's size")?;
    let size = terminal::clamped(size);
    let (model, made_first) = crate::tui::launch(Start {
        config,
        seed,
        themes,
        theme_problems,
        keymap,
        key_problems,
        no_color,
        built_in_config: cli.uses_built_in_config(),
        size,
        memory_limit: cli.max_memory.or_else(super::memory::available_bytes),
    })
    .map_err(AppError::Session)?;
    let mut model = model;
    model.set_clock(Instant::now);
    // No export may replace the config (issue 23): the exports check against it.
    model.set_config_file(cli.config_or_default().to_owned());
    let first_jobs = match opened {
        Some(opened) => open_at_start(
            &mut model,
            opened.config,
            opened.path,
            opened.inspection,
            opened.expected,
            opened.output_file,
        ),
        // A big maze is made by a job, the screen up meanwhile.
        None => made_first,
    };
    if let Some(race) = &cli.race {
        crate::tui::start_race(&mut model, &race.0);
    }

    let depth = super::color_depth::detect();
    let outcome = terminal::take(depth)
        .wrap_err("cannot set up the terminal")
        .and_then(|mut terminal| {
            let mut input = events::Input::open().wrap_err("cannot read the terminal")?;
            event_loop(&mut terminal, &mut input, model, first_jobs, depth)
        });
    terminal::restore();
    if problems.len() > 1 {
        for problem in &problems {
            super::say::err(format_args!("warning: {}", mazegen::escaped(problem)));
        }
    }
    match outcome? {
        Ending::Clean | Ending::Suspend => Ok(ExitCode::SUCCESS),
        Ending::SaveFailed(reason) => Err(AppError::NotSaved(reason).into()),
        Ending::Interrupted { unwritten } => {
            // The writes still running are abandoned: their files keep their old content.
            mazegen::format::remove_temporaries();
            if let Some(path) = unwritten {
                super::say::err(not_written_message(&path));
            }
            Ok(ExitCode::from(signals::exit_code(SIGINT) as u8))
        }
    }
}

/// What the user hears when Ctrl-C twice left OUTPUT_FILE unwritten. The name comes from the
/// config: escaped, it cannot drive the terminal.
fn not_written_message(output_file: &Path) -> String {
    format!(
        "error: {} was not written: interrupted",
        crate::tui::shown_path(output_file)
    )
}

/// A maze file opened by `--open FILE [CONFIG]`, read (not yet checked) before the terminal is
/// touched: a file that is no maze at all fails here with `--check`'s one-line error.
struct Opened {
    path: PathBuf,
    inspection: Inspection,
    expected: Expected,
    /// The CONFIG, or one describing the file (its size, entry and exit) for `r` and `a`.
    config: Config,
    /// The CONFIG's OUTPUT_FILE: without a CONFIG, `s` has nowhere to write.
    output_file: Option<PathBuf>,
}

fn open(cli: &Cli, file: &Path) -> eyre::Result<Opened> {
    let given = cli
        .config_path()
        .map(|path| Config::load_with_app_keys(path, APP_CONFIG_KEYS))
        .transpose()
        .map_err(AppError::from)?;
    let expected = given
        .as_ref()
        .map(Expected::from_config)
        .unwrap_or_default();
    let inspection = Inspection::open(file, &expected).map_err(AppError::Load)?;
    let output_file = given.as_ref().map(|c| c.output_file.clone());
    let config = match given {
        Some(config) => config,
        None => config_for(&inspection),
    };
    Ok(Opened {
        path: file.to_owned(),
        inspection,
        expected,
        config,
        output_file,
    })
}

/// How the loop ended.
enum Ending {
    Clean,
    /// Not an end: the user suspended the program (Ctrl-Z). The loop gives the terminal back,
    /// stops, and goes on when resumed.
    Suspend,
    /// OUTPUT_FILE was never written: the user must hear of it after the screen is gone, and
    /// the exit code must say so, as it would for `--headless`.
    SaveFailed(String),
    /// Ctrl-C again while quitting waited for a write: leave at once, as SIGINT would (exit
    /// code 130), the write abandoned. `unwritten`: OUTPUT_FILE, if it was never written,
    /// which the user must hear of.
    Interrupted {
        unwritten: Option<PathBuf>,
    },
}

fn event_loop(
    terminal: &mut terminal::Screen,
    input: &mut events::Input,
    mut model: Model,
    first_jobs: Vec<Effect>,
    depth: ColorDepth,
) -> eyre::Result<Ending> {
    let mut worker = Worker::default();
    for effect in first_jobs {
        match effect {
            Effect::Work(work) => worker.start(work, SETTLE),
            // The start asks only for work (a big first maze, an opened file's check).
            Effect::Quit
            | Effect::Abort
            | Effect::Suspend
            | Effect::RecordScore { .. }
            | Effect::WriteConfig { .. } => {}
        }
    }
    // The message log's times are counted from here (see `Message::Clock`).
    let started = Instant::now();
    let ending = loop {
        match run_until_ending(terminal, input, &mut model, &mut worker, started, depth) {
            // Jobs go on while stopped; their messages wait in the channel.
            Ok(Ending::Suspend) => terminal::suspend(terminal).wrap_err("cannot suspend")?,
            ending => break ending,
        }
    };
    // The process ends now: freeing a maze of gigabytes would only keep the user waiting.
    std::mem::forget(model);
    ending
}

/// Runs the loop until the dashboard ends or is suspended.
fn run_until_ending(
    terminal: &mut terminal::Screen,
    input: &mut events::Input,
    model: &mut Model,
    worker: &mut Worker,
    started: Instant,
    depth: ColorDepth,
) -> eyre::Result<Ending> {
    let mut last_tick = Instant::now();
    // What is said next is stamped with this time (the log's clock; update reads none).
    let clock = |model: &mut Model, worker: &mut Worker| {
        dispatch(model, Message::Clock(started.elapsed()), worker)
    };
    loop {
        if let Some(ending) = clock(model, worker) {
            return Ok(ending);
        }
        while let Some(wait) = worker.settling() {
            if let Some(message) = worker.next(wait)?
                && let Some(ending) = dispatch(model, message, worker)
            {
                return Ok(ending);
            }
        }
        let drawn = terminal::draw(terminal, |frame| {
            view(model, frame);
            convert_frame(depth, frame.buffer_mut(), &model.theme().palette);
        })
        .wrap_err("cannot draw the dashboard")?
        .area;
        if (drawn.width, drawn.height) != model.size() {
            // The terminal changed size before its event came: mouse hit-testing must use
            // the layout just drawn.
            let (width, height) = (drawn.width, drawn.height);
            dispatch(model, Message::Resize { width, height }, worker);
            continue;
        }
        let moving = model.is_animating();
        let deadline = last_tick + if moving { FRAME } else { IDLE_WAIT };
        // Take every input and job message that arrives before the next frame is due, and
        // look at least once, however late the frame is.
        loop {
            let mut changed = false;
            while let Some(message) = worker.next(Duration::ZERO)? {
                if let Some(ending) = dispatch(model, message, worker) {
                    return Ok(ending);
                }
                changed = true;
            }
            let mut wait = deadline.saturating_duration_since(Instant::now());
            if worker.is_busy() {
                wait = wait.min(JOB_POLL);
            }
            // Every key of a paste is read and handled before the next frame (see `events`).
            let batch = input
                .read_batch(wait)
                .wrap_err("cannot read the terminal")?;
            if !batch.is_empty()
                && let Some(ending) = clock(model, worker)
            {
                return Ok(ending);
            }
            for event in batch {
                if let Some(message) = message_for(&event, model) {
                    if let Some(ending) = dispatch(model, message, worker) {
                        return Ok(ending);
                    }
                    changed = true;
                }
            }
            if (changed && !moving) || Instant::now() >= deadline {
                break;
            }
        }
        let now = Instant::now();
        if moving {
            let frame = now - last_tick;
            if let Some(ending) = dispatch(model, Message::Tick(frame), worker) {
                return Ok(ending);
            }
            let work = Message::Worked(now.elapsed());
            if let Some(ending) = dispatch(model, work, worker) {
                return Ok(ending);
            }
        }
        last_tick = now;
    }
}

/// Runs `message` through `update` and performs the effects: each job starts on a worker,
/// whose messages the loop dispatches in turn. Returns how the dashboard ends, if it does.
fn dispatch(model: &mut Model, message: Message, worker: &mut Worker) -> Option<Ending> {
    for effect in update(model, message) {
        match effect {
            Effect::Quit => {
                return Some(match model.exit_error() {
                    Some(reason) => Ending::SaveFailed(reason.to_owned()),
                    None => Ending::Clean,
                });
            }
            Effect::Abort => {
                let unwritten =
                    (!model.output_written()).then(|| model.config().output_file.clone());
                return Some(Ending::Interrupted { unwritten });
            }
            Effect::Suspend => return Some(Ending::Suspend),
            Effect::WriteConfig { job } => {
                let outcome = super::first_run::write_default_config_here();
                let answer = Answer::ConfigWritten(outcome);
                let written = Message::Done { job, answer };
                if let Some(ending) = dispatch(model, written, worker) {
                    return Some(ending);
                }
            }
            Effect::RecordScore { job, record } => {
                let file = super::scores::default_scores_file();
                let outcome = super::scores::record(file.as_deref(), &record);
                let answer = Answer::ScoreRecorded(outcome);
                let recorded = Message::Done { job, answer };
                if let Some(ending) = dispatch(model, recorded, worker) {
                    return Some(ending);
                }
            }
            Effect::Work(work) => worker.start(work, SETTLE),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::Action;
    use crate::tui::testing::{config, start};
    use mazegen::Generator;
    use mazegen::format::Hex;

    /// Dispatches `message`, then every job message, as the loop does, until the dashboard
    /// ends (or nothing is left to wait for).
    fn run(model: &mut Model, message: Message) -> Option<Ending> {
        let mut worker = Worker::default();
        let mut ending = dispatch(model, message, &mut worker);
        while ending.is_none() && worker.is_busy() {
            if let Some(next) = worker.next(Duration::from_secs(30)).unwrap() {
                ending = dispatch(model, next, &mut worker);
            }
        }
        ending
    }

    #[test]
    fn quitting_mid_carving_writes_the_first_maze_on_a_worker_then_ends_clean() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = config(30, 20, "");
        config.output_file = dir.path().join("maze.txt");
        let mut model = Model::new(start(config.clone())).unwrap();
        update(&mut model, Message::Tick(Duration::from_millis(16)));
        let ending = run(&mut model, Message::Action(Action::Quit));
        assert!(matches!(ending, Some(Ending::Clean)));
        let grid = Generator::generate(config.maze_options(42)).unwrap();
        let path = grid.shortest_path(config.entry, config.exit).unwrap();
        assert_eq!(
            std::fs::read_to_string(&config.output_file).unwrap(),
            Hex::grid_to_string(&grid, config.entry, config.exit, &path)
        );
    }

    #[test]
    fn a_big_maze_is_measured_then_written_by_jobs_whose_results_ask_for_more() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = config(40, 30, "");
        config.output_file = dir.path().join("maze.txt");
        let mut model = Model::with_inline_cells(start(config.clone()), 0).unwrap();
        let mut worker = Worker::default();
        let saved = format!(
            "Saved {}: backtracker, seed 42",
            config.output_file.display()
        );
        let mut said_saved = false;
        let mut job_message = |model: &mut Model, worker: &mut Worker, message| {
            assert!(dispatch(model, message, worker).is_none());
            said_saved |= model.status().is_some_and(|s| s.text == saved);
        };
        dispatch(&mut model, Message::Action(Action::Finish), &mut worker);
        while model.phase() != mazegen::session::Phase::Done {
            dispatch(
                &mut model,
                Message::Tick(Duration::from_millis(16)),
                &mut worker,
            );
            // The search is started and its path traced by jobs; the measure's result asks
            // for the first save, another job, which may end before the search does.
            while let Some(message) = worker.next(Duration::from_millis(1)).unwrap() {
                job_message(&mut model, &mut worker, message);
            }
        }
        while worker.is_busy() {
            if let Some(message) = worker.next(Duration::from_secs(30)).unwrap() {
                job_message(&mut model, &mut worker, message);
            }
        }
        assert!(config.output_file.exists(), "the first maze was written");
        assert!(model.output_written());
        assert!(said_saved, "the status line said so");
    }

    /// The export list asks which of its files exist; the loop's worker looks, and the rows
    /// drawn next say which file an export replaces.
    #[test]
    fn the_export_list_says_which_file_it_would_replace() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = config(9, 7, "");
        config.output_file = dir.path().join("maze.txt");
        std::fs::write(dir.path().join("maze.pdf"), "%PDF").unwrap();
        let mut model = Model::new(start(config)).unwrap();
        run(&mut model, Message::Action(Action::Finish));
        run(&mut model, Message::Action(Action::Export));
        let backend = ratatui::backend::TestBackend::new(120, 40);
        let mut terminal = ratatui::Terminal::new(backend).unwrap();
        terminal.draw(|frame| view(&model, frame)).unwrap();
        let buffer = terminal.backend().buffer();
        let rows: Vec<String> = (0..buffer.area.height)
            .map(|y| {
                (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect()
            })
            .collect();
        let row = |file: &str| {
            rows.iter()
                .find(|row| row.contains(&format!(" {file} ")))
                .unwrap_or_else(|| panic!("no row for {file}: {rows:#?}"))
                .clone()
        };
        assert!(row("maze.pdf").contains("replaces maze.pdf"), "{rows:#?}");
        assert!(row("maze.svg").contains("new      maze.svg"), "{rows:#?}");
        assert_eq!(std::fs::read(dir.path().join("maze.pdf")).unwrap(), b"%PDF");
    }

    #[test]
    fn the_unwritten_output_file_is_named_escaped() {
        let name = Path::new("m\x1b]0;owned\x07\u{202e}txt.exe");
        assert_eq!(
            not_written_message(name),
            r"error: m\u{1b}]0;owned\u{7}\u{202e}txt.exe was not written: interrupted"
        );
    }

    /// Issue 20: a folder that takes no file (a read-only one; sysfs for root, whom
    /// permissions do not stop) fails the save with a message that names maze.txt, never the
    /// temporary file beside it.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_failed_save_names_the_target_not_the_temporary_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let locked = dir.path().join("locked");
        std::fs::create_dir(&locked).unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
        let folder = match std::fs::write(locked.join("probe"), "") {
            Err(_) => locked,
            Ok(()) => Path::new("/sys").to_owned(),
        };
        let mut config = config(9, 7, "");
        config.output_file = folder.join("maze.txt");
        let mut model = Model::new(start(config.clone())).unwrap();
        run(&mut model, Message::Action(Action::Save));
        let text = &model.status().unwrap().text;
        let target = config.output_file.display().to_string();
        assert!(
            text.starts_with(&format!("Not saved: cannot write {target}: ")),
            "{text}"
        );
        assert!(
            !text.contains(".tmp") && !text.contains("at path"),
            "{text}"
        );
        let log: Vec<&str> = model.log().entries().map(|e| e.text.as_str()).collect();
        assert!(log.iter().all(|t| !t.contains(".tmp")), "{log:?}");
    }

    #[test]
    fn leaving_without_output_file_ever_written_ends_with_the_reason() {
        let mut config = config(9, 7, "");
        config.output_file = "/nonexistent/dir/maze.txt".into();
        let mut model = Model::new(start(config)).unwrap();
        let Some(Ending::SaveFailed(reason)) = run(&mut model, Message::Action(Action::Quit))
        else {
            panic!("the save failed");
        };
        assert!(
            reason.starts_with("cannot write /nonexistent/dir/maze.txt"),
            "{reason}"
        );
    }
}
