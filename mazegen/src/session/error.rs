//! Why a session cannot start.

use crate::error::Error;
use crate::generate::GenError;
use crate::geometry::Pos;
use crate::grid::EndProblem;

/// Why a [`super::Session`] cannot start: its maze cannot be made, or its entry or exit is not
/// a usable cell (outside the maze, on the stamp, or both the same cell), checked as
/// [`MazeBuilder::build`](crate::MazeBuilder::build) checks them.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    #[error(transparent)]
    /// The maze cannot be made: its size, its stamp, or its generator's options (an
    /// [`Error::Size`], [`Error::Stamp`], [`Error::StartOutside`], [`Error::StartOnStamp`] or
    /// [`Error::Braid`]).
    Maze(Error),
    #[error("exit cell {exit} is outside the {width}x{height} maze")]
    /// The exit is not in the maze.
    ExitOutside {
        /// The exit asked for.
        exit: Pos,
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    #[error("entry cell {entry} is outside the {width}x{height} maze")]
    /// The entry is not in the maze.
    EntryOutside {
        /// The entry asked for.
        entry: Pos,
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    #[error("{end} {pos} is on the stamp (its cells are closed)")]
    /// The entry or the exit (`end` says which) is one of the stamp's closed cells.
    OnStamp {
        /// `"entry"` or `"exit"`.
        end: &'static str,
        /// The cell asked for.
        pos: Pos,
    },
    #[error("entry and exit are the same cell, {pos}")]
    /// The entry and the exit are the same cell.
    SameEnds {
        /// The cell given for both.
        pos: Pos,
    },
}

impl From<GenError> for SessionError {
    fn from(error: GenError) -> SessionError {
        SessionError::Maze(error.into())
    }
}

impl SessionError {
    /// The error for an entry or exit [`check_ends`](crate::grid::check_ends) refused.
    pub(crate) fn of_ends(problem: EndProblem, width: u32, height: u32) -> SessionError {
        match problem {
            EndProblem::Outside { end: "entry", pos } => SessionError::EntryOutside {
                entry: pos,
                width,
                height,
            },
            EndProblem::Outside { pos, .. } => SessionError::ExitOutside {
                exit: pos,
                width,
                height,
            },
            EndProblem::OnStamp { end, pos } => SessionError::OnStamp { end, pos },
            EndProblem::Same(pos) => SessionError::SameEnds { pos },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MazeOptions;
    use crate::session::Session;
    use crate::solve::Solver;

    #[test]
    fn an_exit_outside_is_the_sessions_error_and_bad_options_the_generators() {
        let options = MazeOptions::new(5, 4);
        let outside =
            Session::new(options.clone(), Pos::new(0, 0), Pos::new(5, 0), Solver::Bfs).unwrap_err();
        assert!(
            matches!(outside, SessionError::ExitOutside { exit, width: 5, height: 4 } if exit == Pos::new(5, 0)),
            "{outside:?}"
        );
        assert_eq!(outside.to_string(), "exit cell 5,0 is outside the 5x4 maze");
        let bad = Session::new(
            options.braid(2.0),
            Pos::new(0, 0),
            Pos::new(4, 3),
            Solver::Bfs,
        )
        .unwrap_err();
        assert!(matches!(bad, SessionError::Maze(Error::Braid(_))), "{bad}");
    }
}
