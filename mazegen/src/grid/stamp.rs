//! The stamp: fully closed cells drawn in the maze, the "42" (the SPEC's, and the default) or a
//! pattern of the user's own, or none at all ([`StampChoice`]).

mod pattern;

pub use pattern::Pattern;

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::error::stamp::StampError;
use crate::geometry::Pos;

/// Width of the 42 in cells.
pub(crate) const STAMP_WIDTH: u32 = 7;
/// Height of the 42 in cells.
pub(crate) const STAMP_HEIGHT: u32 = 5;
/// Smallest maze width that fits the 42 with a one-cell margin on each side.
pub(crate) const STAMP_MIN_WIDTH: u32 = STAMP_WIDTH + 2;
/// Smallest maze height that fits the 42 with a one-cell margin on each side.
pub(crate) const STAMP_MIN_HEIGHT: u32 = STAMP_HEIGHT + 2;
/// The 42's column between the 4 and the 2: open on every row, and the column the maze's
/// centre cell falls in (see [`Stamp::centred`]).
pub(crate) const STAMP_GAP_COLUMN: u32 = 3;

/// The maze's centre cell, `(width/2, height/2)` with integer division: the cell the 42
/// subject's board checker requires to be reachable (for an even side, the upper of the two
/// middle cells). The 42 is placed so that this cell is never one of its closed cells.
pub(crate) const fn centre_cell(width: u32, height: u32) -> Pos {
    Pos::new(width / 2, height / 2)
}

/// Where a stamp sits in a maze, and its picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    origin: Pos,
    pattern: Pattern,
}

impl Stamp {
    /// Width of the 42 in cells.
    pub const WIDTH: u32 = STAMP_WIDTH;
    /// Height of the 42 in cells.
    pub const HEIGHT: u32 = STAMP_HEIGHT;
    /// Smallest maze width that fits the 42 with a one-cell margin on each side.
    pub const MIN_WIDTH: u32 = STAMP_MIN_WIDTH;
    /// Smallest maze height that fits the 42 with a one-cell margin on each side.
    pub const MIN_HEIGHT: u32 = STAMP_MIN_HEIGHT;

    /// The 42 at its place in the middle of the maze, top-left at `((width-6)/2,
    /// (height-5)/2)` (integer division), or `None` when the maze is smaller than 9x7 and has
    /// no room for it and its margin. This is the one place the 42's position is computed: the
    /// generator, the config checks and the validator all come here.
    ///
    /// The column puts the maze's centre cell, `(width/2, height/2)`, in the 42's open gap column (its fourth), so
    /// the centre is never walled in. For an odd width this is the SPEC's `(width-7)/2`; for
    /// an even width, `(width-7)/2` would put the centre on a closed cell of the 2 (pattern
    /// column 4), which fails the 42 subject's "centre reachable" board check. Any row of the
    /// gap column is open, so `(height-5)/2` needs no such care.
    pub fn centred(width: u32, height: u32) -> Option<Stamp> {
        (width >= STAMP_MIN_WIDTH && height >= STAMP_MIN_HEIGHT).then(|| Stamp {
            origin: Pos::new(
                centre_cell(width, height).x - STAMP_GAP_COLUMN,
                (height - STAMP_HEIGHT) / 2,
            ),
            pattern: Pattern::FORTY_TWO,
        })
    }

    /// The 42 with its top-left corner at `origin`. The caller makes sure it fits the maze.
    pub const fn at(origin: Pos) -> Stamp {
        Stamp::with_pattern(origin, Pattern::FORTY_TWO)
    }

    /// `pattern` with its top-left corner at `origin`. The caller makes sure it fits the maze.
    pub const fn with_pattern(origin: Pos, pattern: Pattern) -> Stamp {
        Stamp { origin, pattern }
    }

    /// Top-left corner of the stamp's box.
    pub const fn origin(&self) -> Pos {
        self.origin
    }

    /// The stamp's picture.
    pub const fn pattern(&self) -> Pattern {
        self.pattern
    }

    /// Whether `pos` is one of the stamp's closed cells.
    #[inline]
    pub fn contains(&self, pos: Pos) -> bool {
        let (Some(dx), Some(dy)) = (
            pos.x.checked_sub(self.origin.x),
            pos.y.checked_sub(self.origin.y),
        ) else {
            return false;
        };
        self.pattern.is_closed(dx, dy)
    }

    /// The closed cells (18 for the 42), row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let origin = self.origin;
        self.pattern
            .cells()
            .map(move |p| Pos::new(origin.x + p.x, origin.y + p.y))
    }
}

/// Which stamp a maze gets: the 42 (the default), none, or a pattern of the user's own.
///
/// The 42 keeps the SPEC's rules: a maze too small for it (under 9x7) is made without it, not
/// refused. A pattern of the user's own must fit with a one-cell margin, or the maze is refused
/// with [`Error::StampDoesNotFit`]; it is centred, at `((width-w)/2, (height-h)/2)`.
///
/// Its text form, as the `STAMP` config key takes it: `42`, `none`, or a [`Pattern`]'s rows.
///
/// ```
/// use mazegen::{Pattern, StampChoice};
///
/// assert_eq!("42".parse().ok(), Some(StampChoice::FortyTwo));
/// assert_eq!("None".parse().ok(), Some(StampChoice::None));
/// let plus: StampChoice = ".X./XXX/.X.".parse()?;
/// assert_eq!(plus, StampChoice::Custom(".X./XXX/.X.".parse::<Pattern>()?));
/// # Ok::<(), mazegen::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StampChoice {
    /// The 42, where [`Stamp::centred`] puts it, when the maze has room for it.
    #[default]
    FortyTwo,
    /// No stamp: every cell is carved.
    None,
    /// The user's own pattern, centred; refused when it does not fit.
    Custom(Pattern),
}

impl StampChoice {
    /// The pattern stamped, if any.
    pub const fn pattern(&self) -> Option<Pattern> {
        match self {
            StampChoice::FortyTwo => Some(Pattern::FORTY_TWO),
            StampChoice::None => None,
            StampChoice::Custom(pattern) => Some(*pattern),
        }
    }

    /// Where the stamp goes in a `width` x `height` maze without a courtyard: `None` for no
    /// stamp, or for the 42 in a maze too small for it.
    pub fn place(&self, width: u32, height: u32) -> Result<Option<Stamp>, Error> {
        self.try_place(width, height).map_err(Error::from)
    }

    /// [`StampChoice::place`], with the error kept apart.
    pub(crate) fn try_place(&self, width: u32, height: u32) -> Result<Option<Stamp>, StampError> {
        match self {
            StampChoice::FortyTwo => Ok(Stamp::centred(width, height)),
            StampChoice::None => Ok(None),
            StampChoice::Custom(pattern) => {
                let (w, h) = (pattern.width(), pattern.height());
                if width < w + 2 || height < h + 2 {
                    return Err(StampError::DoesNotFit {
                        width: w,
                        height: h,
                        maze_width: width,
                        maze_height: height,
                    });
                }
                let origin = Pos::new((width - w) / 2, (height - h) / 2);
                Ok(Some(Stamp::with_pattern(origin, *pattern)))
            }
        }
    }
}

impl From<Pattern> for StampChoice {
    fn from(pattern: Pattern) -> StampChoice {
        StampChoice::Custom(pattern)
    }
}

impl FromStr for StampChoice {
    type Err = Error;

    /// `42`, `none` (any case), or a pattern (see [`Pattern`]'s text form).
    fn from_str(text: &str) -> Result<StampChoice, Error> {
        match text.trim() {
            "42" => Ok(StampChoice::FortyTwo),
            none if none.eq_ignore_ascii_case("none") => Ok(StampChoice::None),
            pattern => pattern.parse().map(StampChoice::Custom),
        }
    }
}

impl fmt::Display for StampChoice {
    /// The text form [`StampChoice::from_str`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StampChoice::FortyTwo => f.write_str("42"),
            StampChoice::None => f.write_str("none"),
            StampChoice::Custom(pattern) => pattern.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_eighteen_cells() {
        assert_eq!(Stamp::at(Pos::new(0, 0)).cells().count(), 18);
    }

    #[test]
    fn sits_where_the_spec_puts_it() {
        // The subject's 25x20 example has its 42 with top-left at (9, 7).
        assert_eq!(Stamp::centred(25, 20).unwrap().origin(), Pos::new(9, 7));
        assert_eq!(Stamp::centred(9, 7).unwrap().origin(), Pos::new(1, 1));
        // Even widths: (width-6)/2, the centre rounded right.
        assert_eq!(Stamp::centred(10, 8).unwrap().origin(), Pos::new(2, 1));
        assert_eq!(Stamp::centred(12, 9).unwrap().origin(), Pos::new(3, 2));
        assert_eq!(Stamp::centred(200, 150).unwrap().origin(), Pos::new(97, 72));
    }

    /// Widths and heights to try: every one from the smallest that fits the 42 to 60, and a
    /// few large ones of each parity.
    fn sides(min: u32) -> impl Iterator<Item = u32> + Clone {
        (min..=60).chain([99, 100, 149, 150, 199, 200, 1001, 1002, 99_999, 100_000])
    }

    #[test]
    fn the_gap_column_is_open_on_every_row() {
        assert!((0..STAMP_HEIGHT).all(|y| !Pattern::FORTY_TWO.is_closed(STAMP_GAP_COLUMN, y)));
    }

    #[test]
    fn a_choice_places_the_42_as_ever_nothing_or_its_own_pattern_centred() {
        assert_eq!(
            StampChoice::FortyTwo.try_place(25, 20),
            Ok(Stamp::centred(25, 20))
        );
        assert_eq!(
            StampChoice::FortyTwo.try_place(8, 7),
            Ok(None),
            "the 42 is left out"
        );
        assert_eq!(StampChoice::None.try_place(25, 20), Ok(None));
        let bar = StampChoice::Custom("XXX".parse().unwrap());
        let placed = bar.try_place(10, 6).unwrap().unwrap();
        assert_eq!(placed.origin(), Pos::new(3, 2));
        let cells: Vec<Pos> = placed.cells().collect();
        assert_eq!(cells, [Pos::new(3, 2), Pos::new(4, 2), Pos::new(5, 2)]);
        assert!(placed.contains(Pos::new(5, 2)) && !placed.contains(Pos::new(6, 2)));
        // A one-cell margin: 5x3 is the least a 3x1 bar fits in.
        assert!(bar.try_place(5, 3).is_ok());
        assert_eq!(
            bar.try_place(4, 3),
            Err(StampError::DoesNotFit {
                width: 3,
                height: 1,
                maze_width: 4,
                maze_height: 3
            })
        );
        assert!(bar.try_place(5, 2).is_err());
    }

    #[test]
    fn a_choice_reads_and_writes_its_text() {
        for text in ["42", "none", "X.X/XXX"] {
            let choice: StampChoice = text.parse().unwrap();
            assert_eq!(choice.to_string(), text);
        }
        assert_eq!(" NONE ".parse().ok(), Some(StampChoice::None));
        assert_eq!(
            "XOX".parse::<StampChoice>().unwrap_err().to_string(),
            "the stamp pattern has 'O' at row 1, column 2: only X, # and . are cells"
        );
        assert_eq!(StampChoice::FortyTwo.pattern(), Some(Pattern::FORTY_TWO));
        assert_eq!(StampChoice::None.pattern(), None);
    }

    #[test]
    fn origin_is_width_minus_6_halved_and_the_spec_position_for_odd_widths() {
        for w in sides(STAMP_MIN_WIDTH) {
            for h in sides(STAMP_MIN_HEIGHT) {
                let o = Stamp::centred(w, h).unwrap().origin();
                assert_eq!(o, Pos::new((w - 6) / 2, (h - 5) / 2), "{w}x{h}");
                if w % 2 == 1 {
                    assert_eq!(o.x, (w - STAMP_WIDTH) / 2, "{w}x{h}");
                }
                // Still a one-cell margin on every side.
                assert!(o.x >= 1 && o.y >= 1, "{w}x{h}");
                assert!(o.x + STAMP_WIDTH < w && o.y + STAMP_HEIGHT < h, "{w}x{h}");
            }
        }
    }

    #[test]
    fn the_centre_cell_is_never_a_cell_of_the_42() {
        for w in sides(STAMP_MIN_WIDTH) {
            for h in sides(STAMP_MIN_HEIGHT) {
                let stamp = Stamp::centred(w, h).unwrap();
                let centre = centre_cell(w, h);
                assert!(!stamp.contains(centre), "{w}x{h}: {centre} is on the 42");
                // It is in the 42's box, in the gap column, on row 2 or 3 (the 4's bar or
                // below it): the vertical rounding can never reach a closed cell.
                let (dx, dy) = (centre.x - stamp.origin().x, centre.y - stamp.origin().y);
                assert_eq!(dx, STAMP_GAP_COLUMN, "{w}x{h}");
                assert!(dy == 2 || dy == 3, "{w}x{h}: row {dy}");
            }
        }
    }

    #[test]
    fn needs_a_one_cell_margin() {
        assert!(Stamp::centred(8, 7).is_none());
        assert!(Stamp::centred(9, 6).is_none());
        assert!(Stamp::centred(9, 7).is_some());
    }

    #[test]
    fn contains_matches_cells_and_the_picture() {
        let stamp = Stamp::at(Pos::new(3, 2));
        let cells: Vec<Pos> = stamp.cells().collect();
        for y in 0..10 {
            for x in 0..12 {
                let p = Pos::new(x, y);
                assert_eq!(stamp.contains(p), cells.contains(&p), "at {p}");
            }
        }
        // Spot checks against the picture: the 4's stem and the 2's bottom bar.
        assert!(stamp.contains(Pos::new(3, 2)));
        assert!(!stamp.contains(Pos::new(4, 2)));
        assert!(stamp.contains(Pos::new(9, 6)));
        assert!(!stamp.contains(Pos::new(3, 5)));
    }
}
