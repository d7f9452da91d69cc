//! Everything that can happen to the dashboard: raw input, the semantic actions input maps
//! to, the clock, and the results of effects the run loop performed.

use std::path::PathBuf;
use std::time::Duration;

use crossterm::event::{KeyEvent, MouseEvent};

use mazegen::Dir;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A frame has passed; carries how long it took, so the animation keeps time.
    Tick(Duration),
    /// A key press, mapped to an [`Action`] by the keymap.
    Key(KeyEvent),
    /// A mouse event: clicks pick themes, the wheel pans.
    Mouse(MouseEvent),
    /// The terminal's new size.
    Resize { width: u16, height: u16 },
    /// An action, however it was asked for.
    Action(Action),
    /// The run loop tried to write a file.
    Saved(SaveReport),
    /// The run loop tried to write an SVG export; `Err` holds the one-line reason.
    Exported {
        path: PathBuf,
        outcome: Result<(), String>,
    },
}

/// The result of a [`crate::tui::Effect::Save`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveReport {
    pub path: PathBuf,
    /// The saved maze's seed, for the status line.
    pub seed: u64,
    /// `Err` holds the one-line reason.
    pub outcome: Result<(), String>,
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
}
