//! The one shape in which every mode and overlay answers an action, a click or a frame:
//! taken (with the effects to run), passed on to the part below (perhaps changed, as a
//! picker's pick), or taken with a [`Request`] for the root, for what is another part's
//! business. The root (`update.rs`) routes by it through the mode stack.

use std::sync::Arc;

use mazegen::{Algorithm, Maze};

use super::effect::Effect;
use super::kernel::action::Action;

/// A part's answer to an input `T`: an action (the default), a click, a frame.
#[derive(Debug)]
pub enum Reply<T = Action> {
    /// Taken: these effects are to run.
    Done(Vec<Effect>),
    /// Not this part's: the input goes on to the part below (an action perhaps changed, as a
    /// picker's pick; a click the action it means).
    Pass(T),
    /// Taken, and the root is asked for what another part does.
    Ask(Request),
}

impl Reply {
    /// Taken, with nothing to run.
    pub fn done() -> Reply {
        Reply::Done(Vec::new())
    }
}

/// What a part asks of the root.
#[derive(Debug)]
pub enum Request {
    /// Start a race of these algorithms (`R` during a race starts it again).
    StartRace(Vec<Algorithm>),
    /// Write a race lane's maze to OUTPUT_FILE, as one of the studio's writes.
    SaveLane {
        maze: Arc<Maze>,
        algorithm: Algorithm,
    },
    /// A round of play started: the canvas takes the keys and the help closes.
    RoundStarted,
    /// A round needs the studio's maze finished: finish it, and run `action` again then.
    FinishFor(Action),
}
