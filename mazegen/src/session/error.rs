//! Why a session cannot start.

use crate::generate::GenError;
use crate::geometry::Pos;

/// Why a [`super::Session`] cannot start: its maze cannot be made, or the exit it solves to is
/// not in the maze. The generator knows nothing of exits, so that check is the session's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    /// The maze cannot be made.
    Gen(#[from] GenError),
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
        let expected = SessionError::ExitOutside {
            exit: Pos::new(5, 0),
            width: 5,
            height: 4,
        };
        assert_eq!(outside, expected);
        assert_eq!(outside.to_string(), "exit cell 5,0 is outside the 5x4 maze");
        let bad = Session::new(
            options.braid(2.0),
            Pos::new(0, 0),
            Pos::new(4, 3),
            Solver::Bfs,
        )
        .unwrap_err();
        assert!(
            matches!(bad, SessionError::Gen(GenError::Braid(_))),
            "{bad}"
        );
    }
}
