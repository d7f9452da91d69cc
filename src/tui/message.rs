//! Everything that can happen to the dashboard: the actions input maps to, the mouse, the
//! clock, the terminal's size, and what became of the jobs the run loop started. Nothing here
//! is a terminal type: the run loop translates terminal events (see [`crate::tui::input`]).

use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mazegen::session::{Measured, Searched};
use mazegen::{Dir, Session, SessionError};

pub use super::inspector::InspectorMessage;

use super::play::Recorded;

pub use super::timeline::Scrub;

#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A frame has passed; carries how long it took, so the animation keeps time.
    Tick(Duration),
    /// The last `Tick` took this long to handle (the run loop measures it), so the pace keeps
    /// each frame's work short (see [`crate::tui::pace`]).
    Worked(Duration),
    /// An action, however it was asked for (a key, a click).
    Action(Action),
    /// A mouse event: clicks pick themes, the wheel pans.
    Mouse(Mouse),
    /// The terminal's new size.
    Resize { width: u16, height: u16 },
    /// A job the run loop started is under way: `done` of about `total` (bytes, for a write).
    Progress { job: JobId, done: u64, total: u64 },
    /// A write job ended; `Err` holds the one-line reason.
    Written {
        job: JobId,
        outcome: Result<(), String>,
    },
    /// A measure job ended.
    Measured { job: JobId, measured: Measured },
    /// The inspector's: a key typed into its path prompt, or what one of its jobs found.
    Inspector(InspectorMessage),
    /// A search job ended: the search started, or its path traced.
    Searched { job: JobId, searched: Searched },
    /// A new maze was made (or could not be).
    Made {
        job: JobId,
        made: Parcel<Result<Session, SessionError>>,
    },
    /// The lanes of a race, each run once more on a worker: their own times, in lane order
    /// (`None` for one that could not be run).
    RaceTimed {
        job: JobId,
        times: Vec<Option<Duration>>,
    },
    /// The run loop recorded a play-mode score (see [`crate::tui::play`]); `Err` holds the
    /// one-line reason it could not.
    ScoreRecorded(Result<Recorded, String>),
    /// The run loop wrote the built-in default config out (see
    /// [`Effect::WriteConfig`](super::Effect::WriteConfig)): the file, or the one-line reason
    /// it could not.
    ConfigWritten(Result<std::path::PathBuf, String>),
}

/// A value a job made, for `update` to take once. It travels behind a lock, so that a message
/// stays `Clone` (a copy shares it) and comparable (by identity) whatever it carries: a new
/// maze's session is neither.
pub struct Parcel<T>(Arc<Mutex<Option<T>>>);

impl<T> Parcel<T> {
    pub fn new(value: T) -> Parcel<T> {
        Parcel(Arc::new(Mutex::new(Some(value))))
    }

    /// The value, the first time (`None` after).
    pub fn take(&self) -> Option<T> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

impl<T> Clone for Parcel<T> {
    fn clone(&self) -> Parcel<T> {
        Parcel(Arc::clone(&self.0))
    }
}

impl<T> PartialEq for Parcel<T> {
    fn eq(&self, other: &Parcel<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> fmt::Debug for Parcel<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Parcel")
    }
}

/// Names a job (a write, a measure) from the effect that starts it to the message that ends
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JobId(pub u64);

/// A mouse event, as the dashboard needs it: where, what, and whether Shift was held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mouse {
    pub column: u16,
    pub row: u16,
    pub kind: MouseKind,
    pub shift: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseKind {
    /// The left button went down.
    LeftPress,
    /// Another button went down.
    OtherPress,
    ScrollUp,
    ScrollDown,
    ScrollLeft,
    ScrollRight,
}

/// What a user can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A new maze from a new seed, animated.
    Regenerate,
    /// The same seed with the next generation algorithm, animated.
    NextAlgorithm,
    /// Solve the maze again with the next solver, animated.
    NextSolver,
    TogglePath,
    NextTheme,
    PreviousTheme,
    /// Write the maze to OUTPUT_FILE (finishing it first).
    Save,
    /// Write the maze as SVG next to OUTPUT_FILE, as shown (finishing it first).
    Export,
    /// Leave (finishing and writing the first maze first, if that has not happened yet).
    Quit,
    /// Ctrl-C (or Ctrl-\\): the first quits as [`Action::Quit`] does; another while that waits
    /// for a write leaves at once, the file unwritten (its old content intact).
    Interrupt,
    /// Stop the program and give the terminal back to the shell, until `fg`.
    Suspend,
    /// Move the view one cell (`big`: half a screen) towards a side.
    Pan {
        towards: Dir,
        big: bool,
    },
    /// The next view: fit, 1:1 detail, whole maze.
    ToggleZoom,
    ToggleHelp,
    TogglePause,
    /// One step while paused.
    Step,
    /// Carve and solve the rest at once.
    Finish,
    Faster,
    Slower,
    /// Move the keyboard focus between the canvas and the theme list.
    ToggleFocus,
    /// Give the keyboard focus to the canvas (a click on it).
    FocusCanvas,
    /// Move the theme list's cursor.
    CursorUp,
    CursorDown,
    /// Use the theme under the cursor.
    PickCursorTheme,
    /// Use the theme at this place in the list (a mouse click).
    PickTheme(usize),
    /// Ask for a maze file's path and open it in the inspector.
    OpenFile,
    /// Go to the opened file's next problem, in reading order.
    NextProblem,
    /// Go to the opened file's previous problem.
    PreviousProblem,
    /// Enter play mode (walk the maze from the entry), or leave it.
    TogglePlay,
    /// Leave play mode.
    LeavePlay,
    /// Draw only what the walker has seen, or everything.
    ToggleFog,
    /// Walk one cell towards a side (`run`: on to the next junction).
    Walk {
        towards: Dir,
        run: bool,
    },
    /// Move along the carving's timeline (see [`crate::tui::timeline`]).
    Scrub(Scrub),
    /// Race the current algorithm against the next three (see [`crate::tui::race`]).
    Race,
    /// On the built-in default config (a first run), write it out as `config.txt`.
    WriteConfig,
}
