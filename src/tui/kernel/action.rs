//! What a user can ask for, as the dashboard's own values: the actions keys map to, the mouse,
//! and the timeline's scrub moves. No terminal types: the input layer translates (see
//! [`crate::tui::input`]).

use mazegen::Solver;
use mazegen::{Algorithm, Dir};

/// What a user can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A new maze from a new seed, animated.
    Regenerate,
    /// The same seed with the next generation algorithm, animated (no built-in key: `a`
    /// opens the list instead; a keys file may bind it to cycle blind).
    NextAlgorithm,
    /// Solve the maze again with the next solver, animated (no built-in key, as
    /// [`Action::NextAlgorithm`]).
    NextSolver,
    /// Open the list of generation algorithms (see [`crate::tui::modes::picker`]).
    AlgorithmList,
    /// Open the list of solvers.
    SolverList,
    /// Move the open list's cursor (wrapping round).
    PickerUp,
    PickerDown,
    /// Show what the entry under the cursor is (how it works, its texture, its speed), or go
    /// back to the list.
    PickerInfo,
    /// Use the entry under the cursor: passes on as [`Action::UseAlgorithm`] or
    /// [`Action::UseSolver`].
    PickerChoose,
    /// Close the list, changing nothing.
    ClosePicker,
    /// The same seed carved by this algorithm (the algorithm list's pick).
    UseAlgorithm(Algorithm),
    /// Solve the maze again with this solver (the solver list's pick).
    UseSolver(Solver),
    TogglePath,
    NextTheme,
    PreviousTheme,
    /// Write the maze to OUTPUT_FILE (finishing it first).
    Save,
    /// Open the export list (SVG, PNG, PDF sheet, animated SVG; see
    /// [`crate::tui::modes::export`]).
    Export,
    /// Move the export list's cursor.
    ExportUp,
    ExportDown,
    /// Write the export under the list's cursor next to OUTPUT_FILE, as shown (finishing the
    /// maze first).
    WriteExport,
    /// Close the export list.
    CloseExport,
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
    /// The next view: fit, 1:1 detail, 1:4 (a big maze's step between), whole maze.
    ToggleZoom,
    /// Show the place in the middle of the view (the 1:1 view, for a maze larger than the
    /// canvas shown whole).
    Centre(Place),
    /// Colour the maze by each cell's distance from the entry, or stop (the heatmap).
    ToggleHeat,
    ToggleHelp,
    /// Show the sidebar, or fold it to a one-line summary (narrow terminals start folded).
    ToggleSidebar,
    /// Scroll the help overlay (see [`HelpScroll`]); the message log too, while it is open.
    ScrollHelp(HelpScroll),
    /// Open or close the message log (see [`crate::tui::modes::log`]).
    ToggleLog,
    /// Take down the warning about the user's files that stays on the status line.
    DismissWarning,
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
    /// Move along the carving's timeline (see [`crate::tui::modes::replay`]).
    Scrub(Scrub),
    /// Race the current algorithm against the next three (see [`crate::tui::modes::race`]).
    Race,
    /// On the built-in default config (a first run), write it out as `config.txt`.
    WriteConfig,
}

/// A place the view can be centred on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    Entry,
    Exit,
    /// The carving head, or the search's, while there is one.
    Head,
}

/// Where a scrub key moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scrub {
    /// One step back.
    Back,
    /// One step forward.
    Forward,
    /// A tenth of the carving back.
    BackFar,
    /// A tenth of the carving forward.
    ForwardFar,
    /// The first step: a closed grid.
    Start,
    /// The live maze.
    End,
}

/// Where a help-scrolling key moves the overlay's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HelpScroll {
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
}

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
    /// The pointer moved with the left button down.
    LeftDrag,
    /// The left button went up.
    LeftRelease,
}
