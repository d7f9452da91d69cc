//! The entry and the exit of a maze, checked the same way by every way of making one: inside
//! the maze, not on a closed cell of the stamp, and not the same cell.

use super::Stamp;
use crate::error::Error;
use crate::geometry::Pos;

/// What is wrong with an entry or an exit; `end` is `"entry"` or `"exit"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndProblem {
    Outside { end: &'static str, pos: Pos },
    OnStamp { end: &'static str, pos: Pos },
    Same(Pos),
}

impl EndProblem {
    /// The error for this problem of the ends of a `width`x`height` maze.
    pub(crate) fn into_error(self, width: u32, height: u32) -> Error {
        match self {
            EndProblem::Outside { end, pos } => Error::Outside {
                end,
                pos,
                width,
                height,
            },
            EndProblem::OnStamp { end, pos } => Error::OnStamp { end, pos },
            EndProblem::Same(pos) => Error::SameEnds { pos },
        }
    }
}

/// Checks `entry` and `exit` for a `width`x`height` maze with `stamp`, the entry first.
pub(crate) fn check_ends(
    width: u32,
    height: u32,
    stamp: Option<Stamp>,
    entry: Pos,
    exit: Pos,
) -> Result<(), EndProblem> {
    for (end, pos) in [("entry", entry), ("exit", exit)] {
        if pos.x >= width || pos.y >= height {
            return Err(EndProblem::Outside { end, pos });
        }
        if stamp.is_some_and(|s| s.contains(pos)) {
            return Err(EndProblem::OnStamp { end, pos });
        }
    }
    if entry == exit {
        return Err(EndProblem::Same(entry));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_is_checked_first_and_equal_ends_last() {
        let stamp = Stamp::centred(20, 15);
        let on = stamp.unwrap().cells().next().unwrap();
        let (a, b) = (Pos::new(0, 0), Pos::new(19, 14));
        assert_eq!(check_ends(20, 15, stamp, a, b), Ok(()));
        let far = Pos::new(20, 0);
        assert_eq!(
            check_ends(20, 15, stamp, far, Pos::new(0, 15)),
            Err(EndProblem::Outside {
                end: "entry",
                pos: far
            })
        );
        assert_eq!(
            check_ends(20, 15, stamp, a, on),
            Err(EndProblem::OnStamp {
                end: "exit",
                pos: on
            })
        );
        assert_eq!(check_ends(20, 15, None, a, on), Ok(()));
        assert_eq!(check_ends(20, 15, stamp, b, b), Err(EndProblem::Same(b)));
    }
}
