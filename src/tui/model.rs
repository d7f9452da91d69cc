//! Everything the dashboard shows, in one value.

use super::keymap::Keymap;
use super::layout::Screen;
use super::pace::Pace;
use super::settings::SettingsError;
use super::theme::{DEFAULT_THEME, PLAIN_THEME, Theme, ThemeError, ThemeSet};
use super::viewport::{Viewport, blocks};
use mazegen::config::Config;
use mazegen::generate::GenError;
use mazegen::rng::MazeRng;
use mazegen::session::{Phase, Session};
use mazegen::solve::Solver;
use ratatui::layout::Rect;

/// Which pane the keyboard talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Canvas,
    Themes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusKind {
    Info,
    Success,
    Warning,
    Error,
}

/// The status line's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub kind: StatusKind,
    pub text: String,
}

/// Whether the first maze has been written to OUTPUT_FILE: the promise is that running the
/// dashboard leaves the same file as `--headless`, however the user leaves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstSave {
    Pending,
    Requested,
}

/// What the dashboard starts from.
#[derive(Clone, Debug)]
pub struct Start {
    pub config: Config,
    /// The first maze's seed (the config's, or the command line's, or a random one).
    pub seed: u64,
    pub themes: ThemeSet,
    /// Problems met while loading user themes, shown on the status line.
    pub theme_problems: Vec<ThemeError>,
    /// The key bindings: the built-in ones, with the user's keys file merged over them.
    pub keymap: Keymap,
    /// Problems met while loading the user's keys file, shown on the status line.
    pub key_problems: Vec<SettingsError>,
    /// NO_COLOR is set: start with the plain theme unless the config names one.
    pub no_color: bool,
    /// The terminal's size.
    pub size: (u16, u16),
}

#[derive(Debug)]
pub struct Model {
    pub(crate) config: Config,
    pub(crate) maze: Session,
    /// Draws the seeds of regenerated mazes: a config with SEED gives the same sequence of
    /// mazes every time.
    pub(crate) seeds: MazeRng,
    pub(crate) pace: Pace,
    pub(crate) show_path: bool,
    pub(crate) themes: ThemeSet,
    pub(crate) keymap: Keymap,
    pub(crate) theme: usize,
    /// The theme list's cursor (moves without changing the theme until picked).
    pub(crate) cursor: usize,
    pub(crate) viewport: Viewport,
    pub(crate) focus: Focus,
    pub(crate) help: bool,
    pub(crate) status: Option<Status>,
    pub(crate) size: (u16, u16),
    pub(crate) first_save: FirstSave,
    /// Whether the starting zoom has been picked: that needs a terminal big enough for the
    /// layout, which may only come with a later resize.
    pub(crate) zoom_picked: bool,
}

impl Model {
    pub fn new(start: Start) -> Result<Model, GenError> {
        let Start {
            config,
            seed,
            themes,
            theme_problems,
            keymap,
            key_problems,
            no_color,
            size,
        } = start;
        let maze = Session::from_config(&config, seed, Solver::default())?;
        let mut warnings: Vec<String> = theme_problems.iter().map(ToString::to_string).collect();
        warnings.extend(key_problems.iter().map(ToString::to_string));
        warnings.extend(config.landmark_notes().into_iter().map(|note| {
            let mut note = note;
            note[..1].make_ascii_uppercase();
            note
        }));
        let wanted = match &config.theme {
            Some(name) => name.as_str(),
            None if no_color => PLAIN_THEME,
            None => DEFAULT_THEME,
        };
        let theme = themes.position(wanted).unwrap_or_else(|| {
            let names: Vec<&str> = themes.iter().map(|t| t.name.as_str()).collect();
            warnings.insert(
                0,
                format!("THEME={wanted}: no such theme (have {})", names.join(", ")),
            );
            themes.position(DEFAULT_THEME).unwrap_or(0)
        });
        let status = warnings.first().map(|first| Status {
            kind: StatusKind::Warning,
            text: match warnings.len() {
                1 => first.clone(),
                n => format!("{first} (and {} more)", n - 1),
            },
        });
        let mut model = Model {
            seeds: MazeRng::from_seed(seed ^ 0x5EED_5EED_5EED_5EED),
            viewport: Viewport::fitting(),
            config,
            maze,
            pace: Pace::default(),
            show_path: true,
            themes,
            keymap,
            theme,
            cursor: theme,
            focus: Focus::Canvas,
            help: false,
            status,
            size: (0, 0),
            first_save: FirstSave::Pending,
            zoom_picked: false,
        };
        model.resize(size);
        Ok(model)
    }

    /// Takes the terminal's new size; the first size with room for the layout also picks
    /// the starting zoom.
    pub(crate) fn resize(&mut self, size: (u16, u16)) {
        self.size = size;
        if self.zoom_picked {
            return;
        }
        if self.screen().is_some() {
            self.viewport = Viewport::fitting();
            self.zoom_picked = true;
        }
    }

    /// The layout for the current terminal size, if it is big enough.
    pub fn screen(&self) -> Option<Screen> {
        Screen::of(Rect::new(0, 0, self.size.0, self.size.1), self.themes.len())
    }

    pub(crate) fn maze_blocks(&self) -> (u32, u32) {
        blocks(self.config.width, self.config.height)
    }

    pub fn theme(&self) -> &Theme {
        self.themes
            .get(self.theme)
            .expect("the theme index is kept in range")
    }

    /// The key bindings in use.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    pub fn phase(&self) -> Phase {
        self.maze.phase()
    }

    pub fn maze(&self) -> &Session {
        &self.maze
    }

    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    pub fn shows_path(&self) -> bool {
        self.show_path
    }

    pub fn focus(&self) -> Focus {
        self.focus
    }

    pub fn help_is_open(&self) -> bool {
        self.help
    }

    pub fn pace(&self) -> &Pace {
        &self.pace
    }

    pub fn viewport(&self) -> &Viewport {
        &self.viewport
    }

    pub fn seed(&self) -> u64 {
        self.maze.options().seed
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub(crate) fn set_status(&mut self, kind: StatusKind, text: impl Into<String>) {
        self.status = Some(Status {
            kind,
            text: text.into(),
        });
    }
}
