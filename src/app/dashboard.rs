//! The dashboard's run loop: owns the terminal, turns terminal events and the clock into
//! messages for `crate::tui::update`, draws with `crate::tui::view`, and performs the
//! effects `update` returns (it does no I/O itself).

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::tui::keymap::{Keymap, user_keys_file};
use crate::tui::theme::{ThemeSet, user_theme_dir};
use crate::tui::{Effect, Message, Model, SaveReport, Start, update, view};
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind};
use crossterm::execute;
use mazegen::Phase;
use mazegen::memory::Use;
use mazegen::rng::random_seed;
use ratatui::DefaultTerminal;

use super::AppError;
use super::cli::Cli;

/// About 60 frames a second while something moves.
const FRAME: Duration = Duration::from_micros(16_667);
/// How long to wait for input when nothing moves: no busy redrawing of a still screen.
const IDLE_WAIT: Duration = Duration::from_millis(500);

pub fn run(cli: &Cli) -> Result<ExitCode, AppError> {
    // Everything that can fail because of the user's files fails before the terminal is
    // touched, so the error prints on a normal screen.
    let config = cli.load_config()?;
    if !io::stdout().is_terminal() {
        return Err(AppError::Runtime(
            "the dashboard needs a terminal, and standard output is not one; use --headless"
                .to_owned(),
        ));
    }
    let seed = cli.seed.or(config.seed).unwrap_or_else(random_seed);
    super::memory::check_fits(&config.maze_options(seed), Use::Dashboard, cli.max_memory)
        .map_err(AppError::Runtime)?;
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
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let size = crossterm::terminal::size().map_err(runtime)?;
    let model = Model::new(Start {
        config,
        seed,
        themes,
        theme_problems,
        keymap,
        key_problems,
        no_color,
        size,
    })
    .map_err(runtime)?;

    let mut terminal = ratatui::try_init().map_err(runtime)?;
    release_mouse_on_panic();
    let outcome =
        execute!(io::stdout(), EnableMouseCapture).and_then(|()| event_loop(&mut terminal, model));
    // Undo in reverse order; both are attempted whatever happened above.
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    match outcome.map_err(runtime)? {
        Ending::Clean => Ok(ExitCode::SUCCESS),
        Ending::SaveFailed(reason) => Err(AppError::Runtime(reason)),
    }
}

fn runtime(e: impl std::fmt::Display) -> AppError {
    AppError::Runtime(e.to_string())
}

/// ratatui's panic hook restores the screen; mouse reporting is ours to switch off.
fn release_mouse_on_panic() {
    let restore_screen = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        restore_screen(info);
    }));
}

/// How the loop ended.
enum Ending {
    Clean,
    /// OUTPUT_FILE was never written: the user must hear of it after the screen is gone, and
    /// the exit code must say so, as it would for `--headless`.
    SaveFailed(String),
}

/// What became of the writes so far.
#[derive(Default)]
struct Saves {
    /// A write has succeeded.
    written: bool,
    /// Why the last failed write failed.
    last_failure: Option<String>,
}

impl Saves {
    fn ending(&self) -> Ending {
        match (&self.last_failure, self.written) {
            (Some(reason), false) => Ending::SaveFailed(reason.clone()),
            _ => Ending::Clean,
        }
    }
}

fn event_loop(terminal: &mut DefaultTerminal, mut model: Model) -> io::Result<Ending> {
    let mut last_tick = Instant::now();
    let mut saves = Saves::default();
    loop {
        terminal.draw(|frame| view(&model, frame))?;
        let moving = model.phase() != Phase::Done && !model.pace().is_paused();
        let deadline = last_tick + if moving { FRAME } else { IDLE_WAIT };
        // Take every input that arrives before the next frame is due.
        while let Some(wait) = deadline.checked_duration_since(Instant::now()) {
            if !event::poll(wait)? {
                break;
            }
            let Some(message) = message_for(event::read()?) else {
                continue;
            };
            if let Some(ending) = perform(&mut model, message, &mut saves) {
                return Ok(ending);
            }
            if !moving {
                break;
            }
        }
        let now = Instant::now();
        if moving {
            let frame = now - last_tick;
            if let Some(ending) = perform(&mut model, Message::Tick(frame), &mut saves) {
                return Ok(ending);
            }
        }
        last_tick = now;
    }
}

fn message_for(event: Event) -> Option<Message> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => Some(Message::Key(key)),
        Event::Mouse(mouse) => Some(Message::Mouse(mouse)),
        Event::Resize(width, height) => Some(Message::Resize { width, height }),
        _ => None,
    }
}

/// Runs `message` through `update` and performs the effects, feeding their results back.
/// Returns how the dashboard ends, if it does.
fn perform(model: &mut Model, message: Message, saves: &mut Saves) -> Option<Ending> {
    for effect in update(model, message) {
        match effect {
            Effect::Save(request) => {
                let outcome = request.write().map_err(|e| e.to_string());
                match &outcome {
                    Ok(()) => saves.written = true,
                    Err(reason) => saves.last_failure = Some(reason.clone()),
                }
                let report = SaveReport {
                    path: request.path,
                    seed: request.seed,
                    outcome,
                };
                // Saving never asks for more effects.
                update(model, Message::Saved(report));
            }
            Effect::Export(request) => {
                let outcome = request.write().map_err(|e| e.to_string());
                let path = request.path;
                update(model, Message::Exported { path, outcome });
            }
            Effect::Quit => return Some(saves.ending()),
        }
    }
    None
}
