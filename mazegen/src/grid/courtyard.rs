//! The centre courtyard: an open 3x3 room at the middle of the maze, hollowed out and locked
//! before carving starts (`COURTYARD=True`). It is the one place allowed to break the SPEC's
//! "no 3x3 open area" rule, so the validator must know exactly where it is: this module is the
//! single source of that position, and of where the 42 moves to make room for it.

use std::fmt;

use super::StampError;
use super::stamp::{Pattern, STAMP_MIN_HEIGHT, STAMP_MIN_WIDTH, Stamp, StampChoice};
use crate::geometry::Pos;

/// Width and height of the courtyard in cells.
pub const COURTYARD_SIDE: u32 = 3;
/// Smallest side that fits the courtyard with a one-cell ring of ordinary cells around it (so
/// it never touches the border and can be reached from every side).
pub const COURTYARD_MIN_SIDE: u32 = COURTYARD_SIDE + 2;

/// Where the courtyard sits in a maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Courtyard {
    origin: Pos,
}

impl Courtyard {
    /// The courtyard at the centre of the maze, top-left at `((width-3)/2, (height-3)/2)` (the
    /// same rounding as the 42), or `None` when a side is under 5.
    pub fn centred(width: u32, height: u32) -> Option<Courtyard> {
        (width >= COURTYARD_MIN_SIDE && height >= COURTYARD_MIN_SIDE).then(|| Courtyard {
            origin: Pos::new((width - COURTYARD_SIDE) / 2, (height - COURTYARD_SIDE) / 2),
        })
    }

    /// The courtyard with its top-left corner at `origin`. The caller makes sure it fits.
    #[cfg(test)]
    pub const fn at(origin: Pos) -> Courtyard {
        Courtyard { origin }
    }

    /// Top-left cell of the courtyard.
    pub const fn origin(&self) -> Pos {
        self.origin
    }

    /// The middle cell of the courtyard.
    pub const fn centre(&self) -> Pos {
        Pos::new(self.origin.x + 1, self.origin.y + 1)
    }

    /// Whether `pos` is one of its nine cells.
    pub const fn contains(&self, pos: Pos) -> bool {
        pos.x >= self.origin.x
            && pos.y >= self.origin.y
            && pos.x < self.origin.x + COURTYARD_SIDE
            && pos.y < self.origin.y + COURTYARD_SIDE
    }

    /// The nine cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + use<> {
        let origin = self.origin;
        (0..COURTYARD_SIDE).flat_map(move |dy| {
            (0..COURTYARD_SIDE).map(move |dx| Pos::new(origin.x + dx, origin.y + dy))
        })
    }

    /// The eight cells on the courtyard's edge, clockwise from the top-left: the cells that
    /// have doors to the rest of the maze.
    pub fn edge(&self) -> [Pos; 8] {
        let Pos { x, y } = self.origin;
        [
            Pos::new(x, y),
            Pos::new(x + 1, y),
            Pos::new(x + 2, y),
            Pos::new(x + 2, y + 1),
            Pos::new(x + 2, y + 2),
            Pos::new(x + 1, y + 2),
            Pos::new(x, y + 2),
            Pos::new(x, y + 1),
        ]
    }
}

/// The courtyard and the 42 of a maze: where each one goes, decided in one place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Landmarks {
    /// The stamp, if it has room.
    pub stamp: Option<Stamp>,
    /// The courtyard, if asked for and it has room.
    pub courtyard: Option<Courtyard>,
}

impl Landmarks {
    /// Without a courtyard, the 42 at its SPEC position. With one, the courtyard at the centre
    /// and the 42 moved to the nearest of directly above, below, left or right of it, leaving
    /// a one-cell corridor between them and a one-cell margin at the border; no 42 when none
    /// of those fit (or no courtyard, when the maze is too small even for that).
    pub fn plan(width: u32, height: u32, courtyard: bool) -> Landmarks {
        Landmarks::plan_with(width, height, courtyard, StampChoice::FortyTwo)
            .expect("the 42 is left out, never refused, when it does not fit")
    }

    /// As [`Landmarks::plan`], with the stamp `stamp` instead of the 42: the same places for
    /// a pattern of the user's own, which is refused when it has no room rather than left out.
    pub fn plan_with(
        width: u32,
        height: u32,
        courtyard: bool,
        stamp: StampChoice,
    ) -> Result<Landmarks, StampError> {
        let yard = Courtyard::centred(width, height).filter(|_| courtyard);
        let Some(yard) = yard else {
            return Ok(Landmarks {
                stamp: stamp.try_place(width, height)?,
                courtyard: None,
            });
        };
        let beside = match stamp.pattern() {
            Some(pattern) => stamp_beside(width, height, yard, pattern),
            None => None,
        };
        if beside.is_none() && matches!(stamp, StampChoice::Custom(_)) {
            return Err(StampError::NoRoomBesideCourtyard {
                maze_width: width,
                maze_height: height,
            });
        }
        Ok(Landmarks {
            stamp: beside,
            courtyard: Some(yard),
        })
    }

    /// As [`Landmarks::plan_with`], but a pattern with no room is left out rather than
    /// refused: where to look for the stamp when reading a maze back.
    pub fn plan_or_leave_out(
        width: u32,
        height: u32,
        courtyard: bool,
        stamp: StampChoice,
    ) -> Landmarks {
        Landmarks::plan_with(width, height, courtyard, stamp).unwrap_or_else(|_| {
            let stamp = StampChoice::None;
            Landmarks::plan_with(width, height, courtyard, stamp).expect("no stamp always fits")
        })
    }

    /// Whether a courtyard was asked for but the maze had no room for it.
    pub fn courtyard_skipped(width: u32, height: u32, courtyard: bool) -> bool {
        courtyard && Courtyard::centred(width, height).is_none()
    }

    /// Each landmark that a `width` x `height` maze (asked for a courtyard if `courtyard`) has
    /// no room for, and so is made without: the courtyard first, then the 42.
    pub fn notes(width: u32, height: u32, courtyard: bool) -> Vec<LandmarkNote> {
        let plan = Landmarks::plan(width, height, courtyard);
        let mut notes = Vec::new();
        if Landmarks::courtyard_skipped(width, height, courtyard) {
            notes.push(LandmarkNote::CourtyardTooSmall { width, height });
        }
        if plan.stamp.is_none() {
            notes.push(if plan.courtyard.is_some() {
                LandmarkNote::StampBesideCourtyard { width, height }
            } else {
                LandmarkNote::StampTooSmall { width, height }
            });
        }
        notes
    }
}

/// A landmark a maze has no room for, and is made without (see [`Landmarks::notes`]). It
/// displays as a lowercase sentence for a log line; an application may word it its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LandmarkNote {
    /// A courtyard was asked for, but a side of the maze is under [`COURTYARD_MIN_SIDE`].
    CourtyardTooSmall {
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    /// The maze is under [`STAMP_MIN_WIDTH`] x [`STAMP_MIN_HEIGHT`]: no room for the 42.
    StampTooSmall {
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    /// The courtyard fits, but the 42 does not fit beside it.
    StampBesideCourtyard {
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
}

impl fmt::Display for LandmarkNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LandmarkNote::CourtyardTooSmall { width, height } => {
                let side = COURTYARD_MIN_SIDE;
                write!(
                    f,
                    "the {width}x{height} maze is too small for the courtyard (it needs at least \
                     {side}x{side}); generated without it"
                )
            }
            LandmarkNote::StampTooSmall { width, height } => write!(
                f,
                "the {width}x{height} maze is too small for the 42 (it needs at least \
                 {STAMP_MIN_WIDTH}x{STAMP_MIN_HEIGHT}); generated without it"
            ),
            LandmarkNote::StampBesideCourtyard { width, height } => write!(
                f,
                "the {width}x{height} maze has no room for the 42 beside the courtyard; \
                 generated without it"
            ),
        }
    }
}

/// The stamp next to the courtyard, trying above, below, left and right in that order.
fn stamp_beside(width: u32, height: u32, yard: Courtyard, pattern: Pattern) -> Option<Stamp> {
    let (sw, sh) = (pattern.width() as i64, pattern.height() as i64);
    let (cx, cy) = (yard.origin.x as i64, yard.origin.y as i64);
    let side = COURTYARD_SIDE as i64;
    // Centre the 42 on the courtyard along the side it sits on.
    let mid_x = cx + side / 2 - sw / 2;
    let mid_y = cy + side / 2 - sh / 2;
    let gap = 1;
    let candidates = [
        (mid_x, cy - gap - sh),
        (mid_x, cy + side + gap),
        (cx - gap - sw, mid_y),
        (cx + side + gap, mid_y),
    ];
    let (w, h) = (width as i64, height as i64);
    candidates
        .into_iter()
        .find(|&(x, y)| x >= 1 && y >= 1 && x + sw < w && y + sh < h)
        .map(|(x, y)| Stamp::with_pattern(Pos::new(x as u32, y as u32), pattern))
}

#[cfg(test)]
mod tests;
