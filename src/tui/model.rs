//! Everything the dashboard shows, in one value.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::heat::Heat;
use super::kernel::job::{JobIds, Owner};
pub use super::kernel::status::{Status, StatusKind};
use super::keymap::Keymap;
use super::layout::Panes;
use super::message::JobId;
use super::modes::export::ExportList;
use super::modes::inspector::Inspect;
use super::modes::log::{Log, WARNING_RETURNS};
use super::modes::picker::Picker;
use super::modes::play::Play;
use super::modes::race::Race;
use super::modes::replay::Replay;
use super::pace::Pace;
use super::settings::SettingsError;
use super::theme::{DEFAULT_THEME, PLAIN_THEME, Theme, ThemeError, ThemeSet};
use super::view::aggregate::PathMemo;
use super::viewport::{Drag, Viewport, blocks};
use mazegen::Solver;
use mazegen::config::Config;
use mazegen::session::{Phase, Session};
use ratatui::layout::Rect;

pub use super::configs::THEME_KEY;
pub use super::modes::studio::{FirstSave, INLINE_CELLS, JobKind, Studio, StudioJob};
use super::modes::studio::{first_run, landmark_warning};
pub(crate) use super::modes::studio::{new_session, stand_in_session};

/// Which pane the keyboard talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Canvas,
    Themes,
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
    /// The config is the built-in default (a first run: see `modes/studio/first_run.rs`).
    pub built_in_config: bool,
    /// The terminal's size.
    pub size: (u16, u16),
    /// The most memory a maze may take (`--max-memory`, or what the system had available at
    /// start), if known: `a` skips the algorithms estimated to need more.
    pub memory_limit: Option<u64>,
}

/// The dashboard: the screen-wide state, and the state of each part of the mode stack
/// ([`Stack`]; which of them is open, and on top, is [`super::layer`]'s to say).
#[derive(Debug)]
pub struct Model {
    pub(crate) config: Config,
    /// The parts of the mode stack.
    pub(crate) stack: Stack,
    pub(crate) pace: Pace,
    pub(crate) themes: ThemeSet,
    pub(crate) keymap: Keymap,
    /// The theme shown: while the theme list has the focus, the one under its cursor.
    pub(crate) theme: usize,
    /// The theme list's cursor: moving it shows the theme under it at once.
    pub(crate) cursor: usize,
    /// The theme kept: what leaving the theme list with Esc goes back to (Enter keeps the one
    /// under the cursor). Outside the list it is the theme shown.
    pub(crate) theme_kept: usize,
    pub(crate) viewport: Viewport,
    pub(crate) focus: Focus,
    pub(crate) help: bool,
    /// The help overlay's first row shown (see [`super::help::scrolled`]).
    pub(crate) help_offset: u16,
    /// The user turned the sidebar's default for this width around with `b` (see
    /// [`super::layout::shows_sidebar`]).
    pub(crate) sidebar_flipped: bool,
    /// The newest message; [`Model::status`] is what the status line shows.
    pub(crate) status: Option<Status>,
    /// Every message said, when the newest was, the time now (as the run loop last said it,
    /// [`super::message::Message::Clock`]; zero in tests that do not say), and the warning
    /// about the user's files (see [`super::modes::log`]).
    pub(crate) log: Log,
    pub(crate) size: (u16, u16),
    /// Whether the starting zoom has been picked: that needs a terminal big enough for the
    /// layout, which may only come with a later resize.
    pub(crate) zoom_picked: bool,
    /// Where every job's id comes from (see [`JobIds`]).
    pub(crate) job_ids: JobIds,
    /// See [`Start::memory_limit`].
    pub(crate) memory_limit: Option<u64>,
    /// The distance heatmap (`d`): whether it is on, and the distances it draws.
    pub(crate) heat: Heat,
    /// The left button's drag on the canvas, while it lasts.
    pub(crate) drag: Option<Drag>,
    /// The whole view's walk of the path, kept from frame to frame (the view fills it).
    pub(crate) path_memo: PathMemo,
}

/// The state of each part of the mode stack: the bases (the studio, always there under an
/// opened file; the inspector), the activities (play, a race, a replay) and the overlays that
/// are modes (the export list, the pickers). The help, the message log and the theme list are
/// screen-wide, in the [`Model`].
#[derive(Debug)]
pub(crate) struct Stack {
    /// The generated maze's life (see [`super::modes::studio`]).
    pub(crate) studio: Studio,
    /// An opened maze file and the path prompt (see [`super::modes::inspector`]).
    pub(crate) inspect: Inspect,
    /// Play mode (see [`super::modes::play`]).
    pub(crate) play: Play,
    /// The carving's timeline, and the moment shown while scrubbing.
    pub(crate) replay: Replay,
    /// The race shown instead of the maze, if one is on.
    pub(crate) race: Option<Race>,
    /// The export list `e` opens.
    pub(crate) export: ExportList,
    /// The algorithm list `a` opens and the solver list `v` opens.
    pub(crate) picker: Picker,
}

impl Model {
    pub fn new(start: Start) -> Result<Model, mazegen::Error> {
        Model::with_inline_cells(start, INLINE_CELLS)
    }

    /// The dashboard on a stand-in for a big maze (more than [`INLINE_CELLS`] cells) whose
    /// making the root starts as a job (see `update::launch`), so the screen is up at once.
    pub(crate) fn standing_in(start: Start) -> Result<Model, mazegen::Error> {
        let config = &start.config;
        let maze = stand_in_session(config, config.algorithm, start.seed, Solver::default())?;
        let mut model = Model::around(start, maze, INLINE_CELLS);
        model.stack.studio.showing_stand_in = true;
        Ok(model)
    }

    /// A model that handles mazes of more than `inline_cells` cells as big ones.
    pub(crate) fn with_inline_cells(
        start: Start,
        inline_cells: u64,
    ) -> Result<Model, mazegen::Error> {
        let maze = new_session(&start.config, start.seed, Solver::default(), inline_cells)?;
        Ok(Model::around(start, maze, inline_cells))
    }

    /// A model on `maze`, which `start` describes.
    fn around(start: Start, maze: Session, inline_cells: u64) -> Model {
        let Start {
            config,
            seed,
            themes,
            theme_problems,
            keymap,
            key_problems,
            no_color,
            built_in_config,
            size,
            memory_limit,
        } = start;
        let mut warnings: Vec<String> = theme_problems.iter().map(ToString::to_string).collect();
        warnings.extend(key_problems.iter().map(ToString::to_string));
        warnings.extend(config.landmark_notes().into_iter().map(landmark_warning));
        warnings.extend(config.departures().iter().map(ToString::to_string));
        let configured = config.app_setting(THEME_KEY);
        let wanted = match configured {
            Some((value, _)) => value,
            None if no_color => PLAIN_THEME,
            None => DEFAULT_THEME,
        };
        let theme = themes.position(wanted).unwrap_or_else(|| {
            let names: Vec<&str> = themes.iter().map(|t| t.name.as_str()).collect();
            let at =
                configured.map_or_else(String::new, |(_, line)| format!("config line {line}: "));
            warnings.insert(
                0,
                format!(
                    "{at}{THEME_KEY}={}: no such theme (have {})",
                    mazegen::escaped(wanted),
                    names.join(", ")
                ),
            );
            themes.position(DEFAULT_THEME).unwrap_or(0)
        });
        let mut log = Log::default();
        for warning in &warnings {
            log.record(Duration::ZERO, StatusKind::Warning, warning);
        }
        let status = warnings.first().map(|first| Status {
            kind: StatusKind::Warning,
            text: match warnings.len() {
                1 => first.clone(),
                // The count first, where a long message cannot cut it off; the run loop prints
                // them all on stderr when the dashboard ends.
                n => format!("1 of {n} warnings, all listed on quitting: {first}"),
            },
        });
        // They are about the user's own files: they stay until the user dismisses them.
        if let Some(warning) = &status {
            log.keep_up(warning.clone());
        }
        let mut model = Model {
            viewport: Viewport::fitting(),
            config,
            stack: Stack {
                studio: Studio::new(maze, seed, inline_cells, built_in_config),
                inspect: Inspect::default(),
                play: Play::default(),
                replay: Replay::default(),
                race: None,
                export: ExportList::default(),
                picker: Picker::default(),
            },
            pace: Pace::default(),
            themes,
            keymap,
            theme,
            cursor: theme,
            theme_kept: theme,
            focus: Focus::Canvas,
            help: false,
            help_offset: 0,
            sidebar_flipped: false,
            status,
            log,
            size: (0, 0),
            zoom_picked: false,
            job_ids: JobIds::default(),
            memory_limit,
            heat: Heat::default(),
            drag: None,
            path_memo: PathMemo::default(),
        };
        model.resize(size);
        if model.stack.studio.built_in_config && model.status.is_none() {
            let text = first_run::start_text(&model.keymap);
            model.set_status(StatusKind::Info, text);
        }
        model
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

    /// The terminal's size, as last heard.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// The layout for the current terminal size, if it is big enough: the one `view` draws
    /// (both call [`Model::screen_of`]).
    pub fn screen(&self) -> Option<Panes> {
        self.screen_of(Rect::new(0, 0, self.size.0, self.size.1))
    }

    /// The layout for a terminal of `area`, the sidebar shown or folded as the user has it.
    pub fn screen_of(&self, area: Rect) -> Option<Panes> {
        let sidebar = super::layout::shows_sidebar((area.width, area.height), self.sidebar_flipped);
        Panes::with_sidebar(area, self.themes.len(), sidebar)
    }

    pub(crate) fn maze_blocks(&self) -> (u32, u32) {
        if let Some(file) = self.stack.inspect.file() {
            return blocks(file.inspection.width(), file.inspection.height());
        }
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
        self.stack.studio.phase()
    }

    /// The maze on screen: the replayed moment while scrubbing, else the live maze.
    pub fn shown_session(&self) -> &Session {
        self.stack
            .replay
            .shown()
            .unwrap_or(&self.stack.studio.session)
    }

    /// The race, if one is on.
    pub fn race(&self) -> Option<&Race> {
        self.stack.race.as_ref()
    }

    pub fn replay(&self) -> &Replay {
        &self.stack.replay
    }

    /// What the status line shows: the newest message, unless the warning about the user's
    /// files is up and that message has had the line for [`WARNING_RETURNS`] already.
    pub fn status(&self) -> Option<&Status> {
        match self.log.warning() {
            Some(warning) if self.status.is_none() || self.log.since_said() >= WARNING_RETURNS => {
                Some(warning)
            }
            _ => self.status.as_ref(),
        }
    }

    /// The message log (see [`super::modes::log`]).
    pub fn log(&self) -> &Log {
        &self.log
    }

    pub fn shows_path(&self) -> bool {
        self.stack.studio.show_path
    }

    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// The theme the theme list marks as kept: the one Esc goes back to.
    pub fn kept_theme(&self) -> usize {
        self.theme_kept
    }

    /// The solver of the maze shown: the opened file's, else the studio's.
    pub(crate) fn solver_in_use(&self) -> Solver {
        match self.stack.inspect.file() {
            Some(file) => file.solver.unwrap_or_default(),
            None => self.stack.studio.session.solver(),
        }
    }

    /// The algorithm and solver lists.
    pub fn picker(&self) -> &Picker {
        &self.stack.picker
    }

    pub fn help_is_open(&self) -> bool {
        self.help
    }

    /// How far the help overlay is scrolled down, in rows.
    pub fn help_offset(&self) -> u16 {
        self.help_offset
    }

    pub fn pace(&self) -> &Pace {
        &self.pace
    }

    pub fn viewport(&self) -> &Viewport {
        &self.viewport
    }

    pub fn seed(&self) -> u64 {
        self.stack.studio.seed()
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Whether the maze moves on by itself: carving or solving, unpaused or being finished,
    /// or the play clock runs; during a race, whether the race does.
    pub fn is_animating(&self) -> bool {
        if let Some(race) = &self.stack.race {
            return !race.is_over() && !self.pace.is_paused();
        }
        let moving =
            self.phase() != Phase::Done && (self.stack.studio.finishing || !self.pace.is_paused());
        moving || self.is_timing_play()
    }

    /// Whether the maze is being finished in slices (a big one: see [`INLINE_CELLS`]).
    pub fn is_finishing(&self) -> bool {
        self.stack.studio.finishing
    }

    /// Whether the user has asked to leave and the dashboard waits for a write to end.
    pub fn is_quitting(&self) -> bool {
        self.stack.studio.quitting
    }

    /// Lets `update` look at `clock` while it takes a frame's steps, to stop them once they
    /// have run for [`STEP_TIME_LIMIT`](super::modes::studio::update::STEP_TIME_LIMIT). The pace sizes each frame's slice of
    /// steps from how long the last ones took, which steps that suddenly cost more (or a busy
    /// machine) overshoot; the clock is what bounds a frame whatever the steps cost. It is
    /// the only clock `update` reads, and only the run loop gives it one.
    pub fn set_clock(&mut self, clock: fn() -> Instant) {
        self.stack.studio.clock = Some(clock);
    }

    /// Whether the maze held is a stand-in for one being made, or one that could not be: there
    /// is no maze to draw, solve or write.
    pub fn has_no_maze(&self) -> bool {
        self.stack.studio.showing_stand_in
    }

    /// Whether a new maze is being made on a worker.
    pub fn is_making(&self) -> bool {
        self.stack.studio.is_making()
    }

    /// The jobs the run loop is running for the dashboard.
    pub fn jobs(&self) -> &[StudioJob] {
        &self.stack.studio.jobs
    }

    /// Why the dashboard failed, if the user leaves now: OUTPUT_FILE never written, and the
    /// reason of the last failure to write it.
    pub fn exit_error(&self) -> Option<&str> {
        match (
            &self.stack.studio.saves.last_failure,
            self.stack.studio.saves.written,
        ) {
            (Some(reason), false) => Some(reason),
            _ => None,
        }
    }

    /// Whether OUTPUT_FILE has been written since the dashboard started.
    pub fn output_written(&self) -> bool {
        self.stack.studio.saves.written
    }

    /// Control characters in `text` (from a file name, a config value) are escaped: written
    /// raw they would move the cursor or change colours in the middle of the frame.
    pub(crate) fn set_status(&mut self, kind: StatusKind, text: impl Into<String>) {
        let status = Status::new(kind, text);
        self.log.said(&status);
        self.status = Some(status);
    }

    /// As [`Model::set_status`], for a passing message (see [`Log::said_in_passing`]).
    pub(crate) fn set_passing_status(&mut self, kind: StatusKind, text: impl Into<String>) {
        let status = Status::new(kind, text);
        self.log.said_in_passing(&status);
        self.status = Some(status);
    }
}

impl Model {
    pub fn play(&self) -> &Play {
        &self.stack.play
    }

    /// Whether play mode is on (its keys apply).
    pub fn is_playing(&self) -> bool {
        self.stack.play.round.is_some()
    }

    /// Whether the play clock runs, so the screen must be redrawn every frame.
    pub(crate) fn is_timing_play(&self) -> bool {
        self.stack
            .play
            .round
            .as_ref()
            .is_some_and(crate::tui::modes::play::Round::is_timing)
    }
}

/// What a mode asks of the others goes through the root (a mode never imports another).
impl Model {
    /// The first maze's write is no longer owed: the user made another file the output (a race
    /// lane saved to OUTPUT_FILE, a file opened with `--open`).
    pub(crate) fn forgo_first_save(&mut self) {
        self.stack.studio.first_save = FirstSave::NotOwed;
    }

    /// The studio's maze was replaced by another (it asks in its
    /// [`StudioCtx`](super::modes::studio::update::StudioCtx)): what other modes held of the old one
    /// ends (the replay's timeline and moment, play's round).
    pub(crate) fn maze_replaced(&mut self) {
        self.stack.replay.reset();
        self.stack.play.round = None;
    }
}

impl Model {
    /// Names the config file the dashboard was started from: the exports refuse to replace it.
    pub fn set_config_file(&mut self, path: PathBuf) {
        self.stack.studio.config_file = Some(path);
    }

    /// A new job's id, from the one registry every part uses, for a job `owner` asks for: its
    /// answer goes there.
    pub(crate) fn new_job_id(&mut self, owner: Owner) -> JobId {
        self.job_ids.next_id(owner)
    }
}
