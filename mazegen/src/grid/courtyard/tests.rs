//! Tests of the courtyard and of where the landmarks go.

use super::*;
use crate::grid::{STAMP_HEIGHT, STAMP_WIDTH};

#[test]
fn notes_name_each_landmark_left_out_in_a_neutral_sentence() {
    use LandmarkNote::*;
    assert_eq!(Landmarks::notes(25, 20, true), []);
    assert_eq!(Landmarks::notes(9, 7, false), []);
    let small = StampTooSmall {
        width: 8,
        height: 6,
    };
    assert_eq!(Landmarks::notes(8, 6, false), [small]);
    let tiny = (4, 4);
    assert_eq!(
        Landmarks::notes(tiny.0, tiny.1, true),
        [
            CourtyardTooSmall {
                width: 4,
                height: 4
            },
            StampTooSmall {
                width: 4,
                height: 4
            }
        ]
    );
    let crowded = StampBesideCourtyard {
        width: 12,
        height: 12,
    };
    assert_eq!(Landmarks::notes(12, 12, true), [crowded]);
    assert_eq!(
        small.to_string(),
        "the 8x6 maze is too small for the 42 (it needs at least 9x7); generated without it"
    );
    assert_eq!(
        crowded.to_string(),
        "the 12x12 maze has no room for the 42 beside the courtyard; generated without it"
    );
    assert_eq!(
        Landmarks::notes(4, 4, true)[0].to_string(),
        "the 4x4 maze is too small for the courtyard (it needs at least 5x5); generated \
         without it"
    );
}

fn overlaps(stamp: Stamp, yard: Courtyard) -> bool {
    yard.cells().any(|c| {
        c.x + 1 >= stamp.origin().x
            && c.x <= stamp.origin().x + STAMP_WIDTH
            && c.y + 1 >= stamp.origin().y
            && c.y <= stamp.origin().y + STAMP_HEIGHT
    })
}

#[test]
fn sits_at_the_centre_with_the_stamps_rounding() {
    assert_eq!(
        Courtyard::centred(25, 20).unwrap().origin(),
        Pos::new(11, 8)
    );
    assert_eq!(Courtyard::centred(5, 5).unwrap().origin(), Pos::new(1, 1));
    assert_eq!(Courtyard::centred(6, 6).unwrap().centre(), Pos::new(2, 2));
    assert!(Courtyard::centred(4, 9).is_none());
}

#[test]
fn edge_is_every_cell_but_the_centre() {
    let yard = Courtyard::at(Pos::new(4, 2));
    let mut edge = yard.edge().to_vec();
    edge.sort();
    let mut cells: Vec<Pos> = yard.cells().filter(|&c| c != yard.centre()).collect();
    cells.sort();
    assert_eq!(edge, cells);
    assert_eq!(yard.cells().count(), 9);
    assert!(yard.contains(Pos::new(6, 4)) && !yard.contains(Pos::new(7, 4)));
}

#[test]
fn the_42_moves_clear_of_the_courtyard_with_a_corridor_between() {
    for (w, h) in [(25, 20), (25, 12), (30, 9), (9, 30), (100, 100), (21, 13)] {
        let plan = Landmarks::plan(w, h, true);
        let yard = plan.courtyard.unwrap();
        let stamp = plan
            .stamp
            .unwrap_or_else(|| panic!("{w}x{h} has room for the 42"));
        assert!(
            !overlaps(stamp, yard),
            "{w}x{h}: {stamp:?} touches {yard:?}"
        );
        let o = stamp.origin();
        assert!(o.x >= 1 && o.y >= 1, "{w}x{h}");
        assert!(o.x + STAMP_WIDTH < w && o.y + STAMP_HEIGHT < h, "{w}x{h}");
    }
    // Above is preferred; a flat maze has it on the left.
    assert_eq!(
        Landmarks::plan(25, 20, true).stamp.unwrap().origin(),
        Pos::new(9, 2)
    );
    assert_eq!(
        Landmarks::plan(25, 12, true).stamp.unwrap().origin(),
        Pos::new(3, 3)
    );
}

#[test]
fn the_42_is_skipped_without_room_and_kept_without_a_courtyard() {
    assert_eq!(Landmarks::plan(12, 12, true).stamp, None);
    assert!(Landmarks::plan(12, 12, true).courtyard.is_some());
    assert_eq!(
        Landmarks::plan(25, 20, false),
        Landmarks {
            stamp: Stamp::centred(25, 20),
            courtyard: None
        }
    );
    assert!(Landmarks::courtyard_skipped(4, 20, true));
    assert!(!Landmarks::courtyard_skipped(4, 20, false));
    assert_eq!(Landmarks::plan(4, 20, true).courtyard, None);
}

#[test]
fn the_centre_cell_is_never_on_the_42_and_is_in_the_courtyard() {
    use crate::grid::centre_cell;
    let sides = || (2..=60).chain([99, 100, 149, 150, 199, 200, 1001, 1002]);
    for w in sides() {
        for h in sides() {
            let centre = centre_cell(w, h);
            for courtyard in [false, true] {
                let plan = Landmarks::plan(w, h, courtyard);
                assert!(
                    !plan.stamp.is_some_and(|s| s.contains(centre)),
                    "{w}x{h} (courtyard {courtyard}): {centre} is on the 42"
                );
                if let Some(yard) = plan.courtyard {
                    assert!(yard.contains(centre), "{w}x{h}: {centre} outside {yard:?}");
                }
            }
        }
    }
}

#[test]
fn a_pattern_of_ones_own_goes_beside_the_courtyard_or_is_refused() {
    let bar = StampChoice::Custom("XXXXX".parse().unwrap());
    let plan = Landmarks::plan_with(25, 20, true, bar).unwrap();
    let (yard, stamp) = (plan.courtyard.unwrap(), plan.stamp.unwrap());
    assert!(stamp.cells().all(|c| !yard.contains(c)));
    // Directly above the courtyard, one corridor between them, centred on it.
    assert_eq!(
        stamp.origin(),
        Pos::new(yard.origin().x - 1, yard.origin().y - 2)
    );
    assert_eq!(
        Landmarks::plan_with(5, 5, true, bar),
        Err(StampError::NoRoomBesideCourtyard {
            maze_width: 5,
            maze_height: 5
        })
    );
    // No stamp: the courtyard alone; the 42: as ever.
    let none = Landmarks::plan_with(25, 20, true, StampChoice::None).unwrap();
    assert_eq!((none.stamp, none.courtyard), (None, plan.courtyard));
    for (w, h, yard) in [(25, 20, true), (9, 7, true), (30, 8, false), (5, 5, true)] {
        assert_eq!(
            Landmarks::plan_with(w, h, yard, StampChoice::FortyTwo),
            Ok(Landmarks::plan(w, h, yard))
        );
    }
}
