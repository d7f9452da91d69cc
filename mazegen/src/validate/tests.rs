//! Tests of the validator: each rule broken on purpose, and mazes that keep them all.

use super::*;
use crate::format::Hex;
use crate::grid::Stamp;
use crate::{Generator, MazeOptions, shortest_path};

const ENTRY: Pos = Pos::new(0, 0);
const EXIT: Pos = Pos::new(12, 10);

fn maze(perfect: bool) -> (Grid, Solution) {
    let grid = Generator::generate_grid(MazeOptions::new(13, 11).seed(3).perfect(perfect)).unwrap();
    let path = shortest_path(&grid, ENTRY, EXIT).unwrap();
    (grid, path)
}

fn expected(kind: MazeKind) -> Expected {
    Expected {
        kind: Some(kind),
        size: Some((13, 11)),
        entry: Some(ENTRY),
        exit: Some(EXIT),
        courtyard: false,
        stamp: StampChoice::FortyTwo,
        exact_stamp: true,
    }
}

fn check_maze(grid: &Grid, path: &Solution, kind: MazeKind) -> Vec<Violation> {
    validate_maze(grid, ENTRY, EXIT, path, &expected(kind))
}

fn file_text(grid: &Grid, path: &Solution) -> String {
    Hex::grid_to_string(grid, ENTRY, EXIT, path)
}

/// Replaces the hex digit of `cell` in a maze file's text.
fn set_digit(text: &str, cell: Pos, digit: char) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let row = &mut lines[cell.y as usize];
    row.replace_range(cell.x as usize..cell.x as usize + 1, &digit.to_string());
    lines.join("\n") + "\n"
}

fn digit(text: &str, cell: Pos) -> u8 {
    let c = text.lines().nth(cell.y as usize).unwrap().as_bytes()[cell.x as usize] as char;
    c.to_digit(16).unwrap() as u8
}

fn check_text(text: &str, kind: MazeKind) -> Vec<Violation> {
    validate_file(&MazeFile::parse(text).unwrap(), &expected(kind))
}

#[test]
fn generated_mazes_pass() {
    let (grid, path) = maze(true);
    assert_eq!(check_maze(&grid, &path, MazeKind::Perfect), []);
    assert_eq!(check_text(&file_text(&grid, &path), MazeKind::Perfect), []);
    let (board, path) = maze(false);
    assert_eq!(
        check_text(&file_text(&board, &path), MazeKind::Board { braid: 1.0 }),
        []
    );
}

#[test]
fn a_flipped_bit_is_an_incoherent_wall() {
    let (grid, path) = maze(true);
    let text = file_text(&grid, &path);
    let cell = Pos::new(4, 2);
    let flipped = digit(&text, cell) ^ Dir::East.bit();
    let broken = set_digit(&text, cell, char::from_digit(flipped.into(), 16).unwrap());
    let found = check_text(&broken, MazeKind::Perfect);
    assert!(
        found.iter().any(|v| matches!(v, Violation::IncoherentWall { cell: c, .. } if *c == cell || *c == Pos::new(5, 2))),
        "{found:?}"
    );
}

#[test]
fn an_open_border_wall_is_reported() {
    let (grid, path) = maze(true);
    let text = file_text(&grid, &path);
    let cell = Pos::new(3, 0);
    let opened = digit(&text, cell) & !Dir::North.bit();
    let broken = set_digit(&text, cell, char::from_digit(opened.into(), 16).unwrap());
    assert!(
        check_text(&broken, MazeKind::Perfect).contains(&Violation::OpenBorder {
            cell,
            dir: Dir::North
        })
    );
}

#[test]
fn an_opened_42_cell_is_reported() {
    let (grid, path) = maze(true);
    let text = file_text(&grid, &path);
    let cell = grid.stamp().unwrap().cells().next().unwrap();
    let broken = set_digit(&text, cell, 'E');
    let found = check_text(&broken, MazeKind::Perfect);
    assert!(
        found.contains(&Violation::StampNotClosed { cell }),
        "{found:?}"
    );
}

#[test]
fn a_3x3_open_area_is_reported() {
    let (mut grid, _) = maze(false);
    let corner = Pos::new(0, 7);
    crate::rules::open_block(&mut grid, corner);
    let path = shortest_path(&grid, ENTRY, EXIT).unwrap();
    let found = check_maze(&grid, &path, MazeKind::Board { braid: 1.0 });
    assert!(found.contains(&Violation::OpenArea { corner }), "{found:?}");
}

#[test]
fn a_loop_breaks_a_perfect_maze() {
    let (mut grid, _) = maze(true);
    let cell = grid
        .positions()
        .find(|&p| {
            grid.is_closed(p, Dir::East)
                && !grid.is_locked(p)
                && p.x < 12
                && !grid.is_locked(Pos::new(p.x + 1, p.y))
        })
        .unwrap();
    grid.set_wall(cell, Dir::East, false);
    let path = shortest_path(&grid, ENTRY, EXIT).unwrap();
    let found = check_maze(&grid, &path, MazeKind::Perfect);
    assert_eq!(found, [Violation::NotPerfect { loops: 1 }]);
}

#[test]
fn a_walled_in_cell_is_unreachable() {
    let (mut grid, _) = maze(true);
    // A dead end off the solution: walling it in cuts off that one cell.
    let path = shortest_path(&grid, ENTRY, EXIT).unwrap();
    let on_path: Vec<Pos> = path.cells(&grid).collect();
    let cell = grid
        .positions()
        .find(|&p| is_dead_end(&grid, p) && !on_path.contains(&p))
        .unwrap();
    for dir in Dir::ALL {
        grid.set_wall(cell, dir, true);
    }
    let path = shortest_path(&grid, ENTRY, EXIT).unwrap();
    let found = validate_maze(&grid, ENTRY, EXIT, &path, &Expected::default());
    assert!(
        found.contains(&Violation::Unreachable {
            count: 1,
            example: cell
        }),
        "{found:?}"
    );
}

#[test]
fn a_perfect_maze_is_not_a_board() {
    let (grid, path) = maze(true);
    let found = check_maze(&grid, &path, MazeKind::Board { braid: 1.0 });
    assert!(
        found.iter().any(|v| matches!(
            v,
            Violation::TooFewLoops {
                loops: 0,
                required: 2
            }
        )),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|v| matches!(v, Violation::TooManyDeadEnds { .. })),
        "{found:?}"
    );
    // A low BRAID asks for a classic maze: dead ends are allowed, loops still are not optional.
    let found = check_maze(&grid, &path, MazeKind::Board { braid: 0.2 });
    assert!(
        !found
            .iter()
            .any(|v| matches!(v, Violation::TooManyDeadEnds { .. })),
        "{found:?}"
    );
}

#[test]
fn path_errors_are_reported() {
    let (board, _) = maze(false);
    let shortest = shortest_path(&board, ENTRY, EXIT).unwrap();
    let check = |dirs: Vec<Dir>| {
        validate_maze(
            &board,
            ENTRY,
            EXIT,
            &Solution::new(ENTRY, dirs),
            &Expected::default(),
        )
    };

    let mut short = shortest.dirs().to_vec();
    short.pop();
    assert!(matches!(
        check(short)[..],
        [Violation::PathMissesExit { exit: EXIT, .. }]
    ));
    assert!(matches!(
        check(vec![Dir::North])[..],
        [Violation::PathLeavesMaze { step: 1, .. }]
    ));

    let (cell, through) = board
        .positions()
        .flat_map(|p| Dir::ALL.map(|d| (p, d)))
        .find(|&(p, d)| {
            board.neighbour(p, d).is_some() && board.is_closed(p, d) && !board.is_locked(p)
        })
        .unwrap();
    let mut walk = shortest_path(&board, ENTRY, cell).unwrap().dirs().to_vec();
    walk.push(through);
    let step = walk.len();
    assert_eq!(
        check(walk),
        [Violation::PathThroughWall {
            step,
            cell,
            dir: through
        }]
    );

    // A detour: out and back along the first step, then the shortest path.
    let first = shortest.dirs()[0];
    let mut detour = vec![first, first.opposite()];
    detour.extend_from_slice(shortest.dirs());
    let found = check(detour);
    assert_eq!(
        found,
        [Violation::PathNotShortest {
            length: shortest.len() + 2,
            shortest: shortest.len()
        }]
    );
}

#[test]
fn a_wrong_footer_is_reported() {
    let (grid, path) = maze(true);
    let text = file_text(&grid, &path).replace("\n0,0\n12,10\n", "\n0,0\n12,9\n");
    let found = check_text(&text, MazeKind::Perfect);
    assert!(
        found.contains(&Violation::ExitMismatch {
            expected: EXIT,
            found: Pos::new(12, 9)
        }),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|v| matches!(v, Violation::PathMissesExit { .. })),
        "{found:?}"
    );

    let outside = file_text(&grid, &path).replace("\n0,0\n12,10\n", "\n0,0\n13,10\n");
    let found = check_text(&outside, MazeKind::Perfect);
    assert!(
        found.contains(&Violation::ExitOutside(Pos::new(13, 10))),
        "{found:?}"
    );

    let on_stamp = grid.stamp().unwrap().cells().next().unwrap();
    let text = file_text(&grid, &path).replace("\n0,0\n12,10\n", &format!("\n{on_stamp}\n12,10\n"));
    let found = validate_file(&MazeFile::parse(&text).unwrap(), &Expected::default());
    assert!(
        found.contains(&Violation::EntryOnStamp(on_stamp)),
        "{found:?}"
    );
}

#[test]
fn messages_are_one_line_and_name_the_cell() {
    let v = Violation::IncoherentWall {
        cell: Pos::new(3, 4),
        dir: Dir::East,
    };
    assert_eq!(
        v.to_string(),
        "incoherent wall: cell 3,4 has its east wall open, its neighbour has it closed"
    );
    assert!(
        !Violation::TooManyDeadEnds {
            count: 24,
            limit: 2
        }
        .to_string()
        .contains('\n')
    );
}

fn courtyard_maze(perfect: bool) -> (Grid, Solution) {
    let options = MazeOptions::new(25, 20)
        .seed(8)
        .perfect(perfect)
        .courtyard(true);
    let grid = Generator::generate_grid(options).unwrap();
    let path = shortest_path(&grid, ENTRY, Pos::new(24, 19)).unwrap();
    (grid, path)
}

fn courtyard_expected(kind: MazeKind, courtyard: bool) -> Expected {
    Expected {
        kind: Some(kind),
        size: Some((25, 20)),
        entry: Some(ENTRY),
        exit: Some(Pos::new(24, 19)),
        courtyard,
        stamp: StampChoice::FortyTwo,
        exact_stamp: true,
    }
}

#[test]
fn the_courtyard_is_exempt_only_when_expected() {
    for (perfect, kind) in [
        (true, MazeKind::Perfect),
        (false, MazeKind::Board { braid: 1.0 }),
    ] {
        let (grid, path) = courtyard_maze(perfect);
        let text = Hex::grid_to_string(&grid, ENTRY, Pos::new(24, 19), &path);
        let file = MazeFile::parse(&text).unwrap();
        assert_eq!(validate_file(&file, &courtyard_expected(kind, true)), []);
        assert_eq!(
            validate_maze(
                &grid,
                ENTRY,
                Pos::new(24, 19),
                &path,
                &courtyard_expected(kind, true)
            ),
            []
        );
        // Checked as an ordinary maze, the courtyard is an open area and the 42 is missing.
        let found = validate_file(&file, &courtyard_expected(kind, false));
        let yard = grid.courtyard().unwrap();
        assert!(
            found.contains(&Violation::OpenArea {
                corner: yard.origin()
            }),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|v| matches!(v, Violation::StampNotClosed { .. }))
        );
    }
}

#[test]
fn only_the_courtyard_itself_is_exempt() {
    let (mut grid, _) = courtyard_maze(true);
    let yard = grid.courtyard().unwrap();
    // Open a second 3x3 area right of the courtyard, overlapping it by one column.
    let corner = Pos::new(yard.origin().x + 2, yard.origin().y);
    for dy in 0..3 {
        for dx in 0..3 {
            let p = Pos::new(corner.x + dx, corner.y + dy);
            if dx < 2 {
                grid.set_wall(p, Dir::East, false);
            }
            if dy < 2 {
                grid.set_wall(p, Dir::South, false);
            }
        }
    }
    let path = shortest_path(&grid, ENTRY, Pos::new(24, 19)).unwrap();
    let found = validate_maze(
        &grid,
        ENTRY,
        Pos::new(24, 19),
        &path,
        &courtyard_expected(MazeKind::Perfect, true),
    );
    assert!(found.contains(&Violation::OpenArea { corner }), "{found:?}");
    assert!(
        !found.contains(&Violation::OpenArea {
            corner: yard.origin()
        }),
        "{found:?}"
    );
}

#[test]
fn a_walled_up_courtyard_is_reported() {
    let (grid, path) = courtyard_maze(true);
    let yard = grid.courtyard().unwrap();
    let text = Hex::grid_to_string(&grid, ENTRY, Pos::new(24, 19), &path);
    // Close the wall between the courtyard's centre and the cell east of it, both digits.
    let centre = yard.centre();
    let east = Pos::new(centre.x + 1, centre.y);
    let text = set_digit(
        &text,
        centre,
        char::from_digit((digit(&text, centre) | Dir::East.bit()).into(), 16).unwrap(),
    );
    let text = set_digit(
        &text,
        east,
        char::from_digit((digit(&text, east) | Dir::West.bit()).into(), 16).unwrap(),
    );
    let found = validate_file(
        &MazeFile::parse(&text).unwrap(),
        &courtyard_expected(MazeKind::Perfect, true),
    );
    assert!(
        found.contains(&Violation::CourtyardNotOpen {
            origin: yard.origin()
        }),
        "{found:?}"
    );
}

/// Closes every wall of `cell` in a maze file's text, on both sides of each wall.
fn wall_off(text: &str, cell: Pos) -> String {
    let mut text = set_digit(text, cell, 'F');
    for dir in Dir::ALL {
        let (dx, dy) = dir.delta();
        let (x, y) = (i64::from(cell.x) + dx, i64::from(cell.y) + dy);
        if x < 0 || y < 0 || x >= 13 || y >= 11 {
            continue;
        }
        let next = Pos::new(x as u32, y as u32);
        let closed = digit(&text, next) | dir.opposite().bit();
        text = set_digit(&text, next, char::from_digit(closed.into(), 16).unwrap());
    }
    text
}

#[test]
fn a_walled_off_centre_is_reported_on_a_board() {
    let (board, _) = maze(false);
    let centre = Pos::new(13 / 2, 11 / 2);
    assert!(!board.is_locked(centre));
    let exit_path = shortest_path(&board, ENTRY, EXIT).unwrap();
    let text = wall_off(&file_text(&board, &exit_path), centre);
    let found = check_text(&text, MazeKind::Board { braid: 1.0 });
    assert!(
        found.contains(&Violation::CentreUnreachable(centre)),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|v| matches!(v, Violation::Unreachable { example, .. } if *example == centre)),
        "{found:?}"
    );
    // The rule is the playable board's: a perfect maze reports the cell as unreachable only.
    let found = check_text(&text, MazeKind::Perfect);
    assert!(
        !found
            .iter()
            .any(|v| matches!(v, Violation::CentreUnreachable(_))),
        "{found:?}"
    );
}

#[test]
fn a_centre_on_the_42_is_reported_as_unreachable() {
    // 10x10 with the 42 where (WIDTH-7)/2 used to put it: its 2 covers the centre (5,5).
    let old = Stamp::at(Pos::new((10 - 7) / 2, (10 - 5) / 2));
    let centre = centre_cell(10, 10);
    assert!(old.contains(centre));
    let grid = Grid::with_stamp(10, 10, Some(old)).unwrap();
    let found = validate_maze(
        &grid,
        ENTRY,
        Pos::new(9, 9),
        &Solution::new(ENTRY, Vec::new()),
        &Expected {
            kind: Some(MazeKind::Board { braid: 1.0 }),
            ..Expected::default()
        },
    );
    assert!(
        found.contains(&Violation::CentreUnreachable(centre)),
        "{found:?}"
    );
    // Today's 42 leaves the centre alone.
    assert!(!Stamp::centred(10, 10).unwrap().contains(centre));
}

#[test]
fn the_centre_message_is_one_line_and_names_the_cell() {
    assert_eq!(
        Violation::CentreUnreachable(Pos::new(5, 5)).to_string(),
        "board: the centre cell 5,5 (WIDTH/2, HEIGHT/2) cannot be reached from the entry"
    );
}

#[test]
fn a_courtyard_maze_is_recognised_without_its_config() {
    for perfect in [true, false] {
        let (grid, path) = courtyard_maze(perfect);
        let text = Hex::grid_to_string(&grid, ENTRY, Pos::new(24, 19), &path);
        assert!(looks_like_courtyard_maze(&MazeFile::parse(&text).unwrap()));

        // A wall closed inside the courtyard: not one any more.
        let yard = grid.courtyard().unwrap();
        let centre = yard.centre();
        let closed = digit(&text, centre) | Dir::East.bit();
        let walled = set_digit(&text, centre, char::from_digit(closed.into(), 16).unwrap());
        assert!(!looks_like_courtyard_maze(
            &MazeFile::parse(&walled).unwrap()
        ));

        // A cell of the moved 42 opened: not one either.
        let cell = grid.stamp().unwrap().cells().next().unwrap();
        let opened = set_digit(&text, cell, 'E');
        assert!(!looks_like_courtyard_maze(
            &MazeFile::parse(&opened).unwrap()
        ));
    }
    // An ordinary maze is not.
    let (grid, path) = maze(false);
    assert!(!looks_like_courtyard_maze(
        &MazeFile::parse(&file_text(&grid, &path)).unwrap()
    ));
    // With no room for the 42 beside the courtyard, the open courtyard alone says it.
    let options = MazeOptions::new(12, 12).seed(4).courtyard(true);
    let grid = Generator::generate_grid(options).unwrap();
    assert_eq!(grid.stamp(), None);
    let path = shortest_path(&grid, ENTRY, Pos::new(11, 11)).unwrap();
    let text = Hex::grid_to_string(&grid, ENTRY, Pos::new(11, 11), &path);
    assert!(looks_like_courtyard_maze(&MazeFile::parse(&text).unwrap()));
}

/// A file whose every digit is 0 (all walls open) breaks the border and open-area rules at
/// most cells: the bounded report counts exactly what the full list holds, in the same order
/// within each rule, keeping only the first few.
#[test]
fn a_bounded_check_counts_every_violation_and_keeps_the_first_of_each_rule() {
    let (grid, path) = maze(true);
    let mut text = file_text(&grid, &path);
    for y in 0..11 {
        for x in 0..13 {
            text = set_digit(&text, Pos::new(x, y), '0');
        }
    }
    let file = MazeFile::parse(&text).unwrap();
    let all = validate_file(&file, &expected(MazeKind::Perfect));
    let report = check_file(&file, &expected(MazeKind::Perfect), 3);
    assert_eq!(report.total(), all.len() as u64);
    assert!(report.rules().len() >= 3, "{report:?}");
    for tally in report.rules() {
        let of_rule: Vec<&Violation> = all.iter().filter(|v| v.rule() == tally.rule()).collect();
        assert_eq!(tally.count(), of_rule.len() as u64, "{}", tally.rule());
        let kept: Vec<&Violation> = tally.kept().iter().collect();
        assert_eq!(kept, of_rule[..of_rule.len().min(3)], "{}", tally.rule());
    }
    let areas = report
        .rules()
        .iter()
        .find(|t| t.rule() == "open 3x3 areas")
        .expect("open areas are reported");
    assert_eq!(
        areas.count(),
        11 * 9,
        "every 3x3 block of an all-open 13x11 maze"
    );
    assert_eq!(areas.omitted(), 11 * 9 - 3);
}

/// Issue 18: one wall of one 42 cell opened (both sides, so the walls agree) is reported once
/// as that cell, and the other 17 cells of the 42 are not counted as unreachable.
#[test]
fn a_42_with_one_wall_opened_is_reported_once_and_not_as_unreachable_cells() {
    let options = MazeOptions::new(20, 15).seed(3);
    let grid = Generator::generate_grid(options).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(19, 14));
    let path = shortest_path(&grid, entry, exit).unwrap();
    let text = Hex::grid_to_string(&grid, entry, exit, &path);
    let stamp = grid.stamp().unwrap();
    let cell = stamp
        .cells()
        .find(|c| !stamp.contains(Pos::new(c.x - 1, c.y)))
        .unwrap();
    let west = Pos::new(cell.x - 1, cell.y);
    // West is the digit's bit 3, east its bit 1.
    let opened = set_digit(&text, cell, char::from_digit(0xF & !8, 16).unwrap());
    let west_digit = digit(&text, west) & !2;
    let opened = set_digit(
        &opened,
        west,
        char::from_digit(west_digit.into(), 16).unwrap(),
    );
    for kind in [MazeKind::Perfect, MazeKind::Board { braid: 0.0 }] {
        let expected = Expected {
            size: Some((20, 15)),
            entry: Some(entry),
            exit: Some(exit),
            ..expected(kind)
        };
        let found = validate_file(&MazeFile::parse(&opened).unwrap(), &expected);
        assert_eq!(
            found
                .iter()
                .filter(|v| matches!(v, Violation::StampNotClosed { .. }))
                .collect::<Vec<_>>(),
            [&Violation::StampNotClosed { cell }],
            "{found:?}"
        );
        assert!(
            !found
                .iter()
                .any(|v| matches!(v, Violation::Unreachable { .. })),
            "{found:?}"
        );
    }
}

/// A valid 21x15 maze whose 42 is the 20-cell one student programs draw: a "4" with both
/// strokes, two closed cells more than the project's, at the project's place.
fn twenty_cell_42_maze() -> String {
    let twenty: StampChoice = "X.X.XXX/X.X...X/XXX.XXX/..X.X../..X.XXX".parse().unwrap();
    let options = MazeOptions::new(21, 15).seed(7).perfect(true).stamp(twenty);
    let grid = Generator::generate_grid(options).unwrap();
    let exit = Pos::new(20, 14);
    let path = shortest_path(&grid, ENTRY, exit).unwrap();
    Hex::grid_to_string(&grid, ENTRY, exit, &path)
}

#[test]
fn a_twenty_cell_42_passes_with_a_note_unless_the_config_names_its_stamp() {
    let file = MazeFile::parse(&twenty_cell_42_maze()).unwrap();
    let config = |extra: &str| {
        let text = format!(
            "WIDTH=21\nHEIGHT=15\nENTRY=0,0\nEXIT=20,14\nOUTPUT_FILE=m.txt\nPERFECT=True\n{extra}"
        );
        Expected::from_config(&Config::parse(&text, "c.txt").unwrap())
    };
    let lenient = config("");
    assert!(!lenient.exact_stamp);
    assert_eq!(validate_file(&file, &lenient), []);
    assert_eq!(validate_file(&file, &Expected::default()), []);
    let note = stamp_note(&file, &lenient).expect("a note on the differing shape");
    assert_eq!(note.drawn.cells().count(), 20);
    assert!(note.to_string().contains("accepted"), "{note}");

    let named = config("STAMP=42\n");
    assert!(named.exact_stamp);
    assert_eq!(stamp_note(&file, &named), None);
    let found = validate_file(&file, &named);
    assert!(
        matches!(found.as_slice(), [Violation::Unreachable { count: 2, .. }]),
        "{found:?}"
    );
    let strict = Expected {
        exact_stamp: true,
        ..Expected::default()
    };
    assert!(!validate_file(&file, &strict).is_empty());
}

#[test]
fn the_project_s_own_42_gets_no_note() {
    let (grid, path) = maze(true);
    let file = MazeFile::parse(&file_text(&grid, &path)).unwrap();
    assert_eq!(stamp_note(&file, &Expected::default()), None);
}

/// Issue 41: the stamp checked is the expected one. A maze with the 42, checked for no stamp,
/// has 18 closed cells the entry cannot reach; checked for the 42, none.
#[test]
fn the_42_checked_for_no_stamp_is_unreachable_cells() {
    let options = MazeOptions::new(20, 15).seed(3);
    let grid = Generator::generate_grid(options).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(19, 14));
    let path = shortest_path(&grid, entry, exit).unwrap();
    let file = MazeFile::parse(&Hex::grid_to_string(&grid, entry, exit, &path)).unwrap();
    let unreached = |stamp| {
        let expected = Expected {
            stamp,
            ..expected(MazeKind::Perfect)
        };
        validate_file(&file, &expected)
            .into_iter()
            .filter_map(|v| match v {
                Violation::Unreachable { count, .. } => Some(count),
                _ => None,
            })
            .sum::<u64>()
    };
    assert_eq!(unreached(StampChoice::FortyTwo), 0);
    assert_eq!(unreached(StampChoice::None), 18);
}
