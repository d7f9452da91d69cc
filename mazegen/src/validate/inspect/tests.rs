//! Tests of the inspector: valid mazes with bits flipped (one test per kind of problem),
//! malformed files read as far as they can be, files that are no maze at all, and agreement
//! with the validator.

use super::*;
use crate::format::MazeFile;
use crate::format::{Hex, HexErrorKind};
use crate::validate::{MazeKind, validate_file};
use crate::{Generator, MazeOptions, shortest_path};

const W: u32 = 13;
const H: u32 = 11;
const ENTRY: Pos = Pos::new(0, 0);
const EXIT: Pos = Pos::new(12, 10);

fn maze(perfect: bool) -> (Grid, Solution, String) {
    let grid = Generator::generate_grid(MazeOptions::new(W, H).seed(3).perfect(perfect)).unwrap();
    let path = shortest_path(&grid, ENTRY, EXIT).unwrap();
    let text = Hex::grid_to_string(&grid, ENTRY, EXIT, &path);
    (grid, path, text)
}

fn expected(kind: Option<MazeKind>) -> Expected {
    Expected {
        kind,
        size: Some((W, H)),
        entry: Some(ENTRY),
        exit: Some(EXIT),
        courtyard: false,
        stamp: Default::default(),
        exact_stamp: true,
    }
}

fn inspect(text: &str, kind: Option<MazeKind>) -> Inspection {
    Inspection::from_bytes(text.as_bytes(), &expected(kind)).unwrap()
}

fn digit(text: &str, cell: Pos) -> u8 {
    let c = text.lines().nth(cell.y as usize).unwrap().as_bytes()[cell.x as usize] as char;
    c.to_digit(16).unwrap() as u8
}

/// Replaces the character of `cell` in a maze file's text.
fn set_char(text: &str, cell: Pos, c: char) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let row = &mut lines[cell.y as usize];
    row.replace_range(cell.x as usize..cell.x as usize + 1, &c.to_string());
    lines.join("\n") + "\n"
}

fn set_digit(text: &str, cell: Pos, value: u8) -> String {
    set_char(
        text,
        cell,
        char::from_digit(value.into(), 16)
            .unwrap()
            .to_ascii_uppercase(),
    )
}

/// Closes the wall on side `dir` of `cell` in both digits that hold it.
fn close_wall(text: &str, grid: &Grid, cell: Pos, dir: Dir) -> String {
    let text = set_digit(text, cell, digit(text, cell) | dir.bit());
    match grid.neighbour(cell, dir) {
        Some(next) => set_digit(&text, next, digit(&text, next) | dir.opposite().bit()),
        None => text,
    }
}

/// Replaces the path line.
fn set_path(text: &str, path: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    *lines.last_mut().unwrap() = path;
    lines.join("\n") + "\n"
}

fn kinds(inspection: &Inspection) -> Vec<ProblemKind> {
    inspection.problem_rows().iter().map(|r| r.kind).collect()
}

fn row(inspection: &Inspection, kind: ProblemKind) -> ProblemRow {
    let rows = inspection.problem_rows();
    rows.into_iter()
        .find(|r| r.kind == kind)
        .unwrap_or_else(|| panic!("no {kind:?} row in {:?}", inspection.problem_rows()))
}

fn all_cells(inspection: &Inspection) -> impl Iterator<Item = Pos> + use<> {
    let (w, h) = (inspection.width(), inspection.height());
    (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
}

fn cells_marked(inspection: &Inspection, mark: Marks) -> Vec<Pos> {
    all_cells(inspection)
        .filter(|&p| inspection.cell_marks(p).contains(mark))
        .collect()
}

/// `locations()` lists every cell's problems once, in reading order, and the jumps visit the
/// same cells forwards and backwards.
fn assert_locations_consistent(inspection: &Inspection) {
    let brute: Vec<(Pos, Problem)> = all_cells(inspection)
        .flat_map(|p| inspection.problems_at(p).into_iter().map(move |q| (p, q)))
        .collect();
    let listed: Vec<(Pos, Problem)> = inspection.locations().collect();
    assert_eq!(listed, brute);
    let mut cells: Vec<Pos> = listed.iter().map(|(p, _)| *p).collect();
    cells.dedup();
    let forward: Vec<Pos> = std::iter::successors(inspection.next_location(None), |&p| {
        inspection.next_location(Some(p))
    })
    .collect();
    assert_eq!(forward, cells);
    let mut backward: Vec<Pos> = std::iter::successors(inspection.previous_location(None), |&p| {
        inspection.previous_location(Some(p))
    })
    .collect();
    backward.reverse();
    assert_eq!(backward, cells);
}

#[test]
fn a_valid_maze_has_no_problem() {
    for perfect in [true, false] {
        let (grid, path, text) = maze(perfect);
        let kind = if perfect {
            MazeKind::Perfect
        } else {
            MazeKind::Board { braid: 1.0 }
        };
        let inspection = inspect(&text, Some(kind));
        assert!(inspection.is_valid(), "{:?}", inspection.problem_rows());
        assert!(inspection.is_complete());
        assert_eq!(inspection.first_unreadable(), None);
        assert_eq!(inspection.locations().count(), 0);
        assert_eq!(inspection.next_location(None), None);
        assert_eq!(inspection.shortest_path(), Some(&path));
        assert_eq!(inspection.to_grid().unwrap(), grid);
        let on_path: Vec<Pos> = path.cells(&grid).collect::<Vec<_>>();
        let mut sorted = on_path.clone();
        sorted.sort_by_key(|p| (p.y, p.x));
        assert_eq!(cells_marked(&inspection, Marks::ON_PATH), sorted);
        assert_eq!(cells_marked(&inspection, Marks::ON_SHORTEST), sorted);
        assert_eq!(cells_marked(&inspection, Marks::ENTRY), [ENTRY]);
        assert_eq!(cells_marked(&inspection, Marks::EXIT), [EXIT]);
        let stamp: Vec<Pos> = grid.stamp().unwrap().cells().collect();
        assert_eq!(cells_marked(&inspection, Marks::STAMP), stamp);
        for p in all_cells(&inspection) {
            assert_eq!(inspection.walls(p), grid.walls(p));
            assert!(!inspection.cell_marks(p).intersects(Marks::PROBLEMS), "{p}");
        }
    }
}

#[test]
fn a_flipped_bit_is_one_incoherent_wall_marked_on_both_sides() {
    let (_, _, text) = maze(true);
    let cell = Pos::new(4, 2);
    let east = Pos::new(5, 2);
    let broken = set_digit(&text, cell, digit(&text, cell) ^ Dir::East.bit());
    let inspection = inspect(&broken, Some(MazeKind::Perfect));
    let incoherent = row(&inspection, ProblemKind::IncoherentWall);
    assert_eq!(
        (incoherent.count, incoherent.summary.as_str()),
        (1, "1 incoherent wall")
    );
    // Named by the cell that has the wall open, as the validator names it.
    let expected = if digit(&broken, cell) & Dir::East.bit() == 0 {
        (cell, Dir::East)
    } else {
        (east, Dir::West)
    };
    let walls: Vec<(Pos, Problem)> = inspection
        .locations()
        .filter(|(_, p)| p.kind() == ProblemKind::IncoherentWall)
        .collect();
    assert_eq!(
        walls,
        [(
            expected.0,
            Problem::Rule(Violation::IncoherentWall {
                cell: expected.0,
                dir: expected.1
            })
        )]
    );
    assert_eq!(cells_marked(&inspection, Marks::BAD_EAST), [cell]);
    assert_eq!(cells_marked(&inspection, Marks::BAD_WEST), [east]);
    assert_locations_consistent(&inspection);
}

#[test]
fn an_open_border_wall_is_located_on_its_side() {
    let (_, _, text) = maze(true);
    let cell = Pos::new(3, 0);
    let broken = set_digit(&text, cell, digit(&text, cell) & !Dir::North.bit());
    let inspection = inspect(&broken, Some(MazeKind::Perfect));
    assert_eq!(kinds(&inspection), [ProblemKind::OpenBorder]);
    assert_eq!(
        row(&inspection, ProblemKind::OpenBorder).summary,
        "1 open border wall"
    );
    let listed: Vec<_> = inspection.locations().collect();
    assert_eq!(
        listed,
        [(
            cell,
            Problem::Rule(Violation::OpenBorder {
                cell,
                dir: Dir::North
            })
        )]
    );
    assert_eq!(
        inspection.cell_marks(cell) & Marks::PROBLEMS,
        Marks::BAD_NORTH
    );
}

#[test]
fn an_open_3x3_area_is_located_at_its_top_left_cell() {
    let (mut grid, _, _) = maze(false);
    let corner = Pos::new(0, 7);
    crate::rules::open_block(&mut grid, corner);
    let path = shortest_path(&grid, ENTRY, EXIT).unwrap();
    let text = Hex::grid_to_string(&grid, ENTRY, EXIT, &path);
    let inspection = inspect(&text, None);
    let area = row(&inspection, ProblemKind::OpenArea);
    assert_eq!((area.count, area.summary.as_str()), (1, "1 open 3x3 area"));
    let located: Vec<_> = inspection
        .locations()
        .filter(|(_, p)| p.kind() == ProblemKind::OpenArea)
        .collect();
    assert_eq!(
        located,
        [(corner, Problem::Rule(Violation::OpenArea { corner }))]
    );
    let marked = cells_marked(&inspection, Marks::OPEN_AREA);
    assert_eq!(marked.len(), 9);
    assert!(marked.iter().all(|p| p.x < 3 && (7..10).contains(&p.y)));
    assert_locations_consistent(&inspection);
}

/// Cells with one open wall, away from the entry, the exit and each other's neighbours.
fn dead_ends(grid: &Grid) -> Vec<Pos> {
    grid.positions()
        .filter(|&p| grid.walls(p).open_count() == 1 && p != ENTRY && p != EXIT)
        .collect()
}

#[test]
fn unreachable_cells_are_marked_and_located_by_region() {
    let (grid, _, text) = maze(true);
    let ends = dead_ends(&grid);
    let (a, b) = (ends[0], *ends.last().unwrap());
    let mut broken = text.clone();
    for cell in [a, b] {
        let open = grid.open_dirs(cell).next().unwrap();
        broken = close_wall(&broken, &grid, cell, open);
    }
    let inspection = inspect(&broken, Some(MazeKind::Perfect));
    assert_eq!(kinds(&inspection), [ProblemKind::Unreachable]);
    let unreachable = row(&inspection, ProblemKind::Unreachable);
    assert_eq!(
        (unreachable.count, unreachable.summary.as_str()),
        (2, "2 unreachable cells in 2 regions")
    );
    assert_eq!(cells_marked(&inspection, Marks::UNREACHABLE), [a, b]);
    let listed: Vec<_> = inspection.locations().collect();
    assert_eq!(
        listed,
        [
            (a, Problem::Unreachable { first: a }),
            (b, Problem::Unreachable { first: b })
        ]
    );
    // The validator agrees on the count.
    let file = MazeFile::parse(&broken).unwrap();
    let found = validate_file(&file, &expected(Some(MazeKind::Perfect)));
    assert!(
        found.contains(&Violation::Unreachable {
            count: 2,
            example: a
        }),
        "{found:?}"
    );
}

#[test]
fn a_region_walled_off_is_one_location() {
    let (grid, _, text) = maze(true);
    // Wall off the 3x2 block at the bottom-left corner (no entry or exit in it).
    let mut broken = text.clone();
    for x in 0..3 {
        broken = close_wall(&broken, &grid, Pos::new(x, H - 2), Dir::North);
    }
    broken = close_wall(&broken, &grid, Pos::new(2, H - 2), Dir::East);
    broken = close_wall(&broken, &grid, Pos::new(2, H - 1), Dir::East);
    let inspection = inspect(&broken, None);
    let unreachable = cells_marked(&inspection, Marks::UNREACHABLE);
    assert!(!unreachable.is_empty());
    let regions: Vec<_> = inspection
        .locations()
        .filter(|(_, p)| p.kind() == ProblemKind::Unreachable)
        .collect();
    // Each set of unreachable cells that open walls join is one region.
    let grid = inspection.to_grid().unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut expected_regions = 0;
    for &p in &unreachable {
        if seen.insert(p) {
            expected_regions += 1;
            let mut bfs = crate::solve::Bfs::flood(&grid, p);
            bfs.run();
            seen.extend(unreachable.iter().filter(|&&q| bfs.reached(q)));
        }
    }
    assert_eq!(regions.len(), expected_regions);
    assert_eq!(regions[0].0, unreachable[0]);
    assert_locations_consistent(&inspection);
}

#[test]
fn an_open_42_cell_is_located_and_marked() {
    let (grid, _, text) = maze(true);
    let cell = grid.stamp().unwrap().cells().next().unwrap();
    let broken = set_char(&text, cell, 'E');
    let inspection = inspect(&broken, Some(MazeKind::Perfect));
    assert_eq!(row(&inspection, ProblemKind::Stamp).count, 1);
    assert!(
        inspection
            .problems_at(cell)
            .contains(&Problem::Rule(Violation::StampNotClosed { cell }))
    );
    assert_eq!(cells_marked(&inspection, Marks::BAD_STAMP), [cell]);
    // Its north wall is open and the cell above says closed.
    assert!(inspection.cell_marks(cell).contains(Marks::BAD_NORTH));
    assert_locations_consistent(&inspection);
}

#[test]
fn the_first_illegal_step_is_located() {
    let (grid, path, text) = maze(true);
    // Off the grid at once: north of the top-left entry.
    let off = inspect(&set_path(&text, &format!("N{path}")), None);
    let leave = Violation::PathLeavesMaze {
        step: 1,
        cell: ENTRY,
        dir: Dir::North,
    };
    assert_eq!(row(&off, ProblemKind::Path).summary, leave.to_string());
    assert!(off.problems_at(ENTRY).contains(&Problem::Rule(leave)));
    assert_eq!(cells_marked(&off, Marks::ILLEGAL_STEP), [ENTRY]);
    // Through a wall: follow the path to its first cell with a closed inner wall.
    let cells: Vec<Pos> = path.cells(&grid).collect();
    let (k, at, dir) = cells
        .iter()
        .enumerate()
        .find_map(|(k, &c)| {
            Dir::ALL
                .into_iter()
                .find(|&d| grid.neighbour(c, d).is_some() && grid.is_closed(c, d))
                .map(|d| (k, c, d))
        })
        .unwrap();
    let letters: String = path.to_string()[..k].to_owned() + &d_letter(dir);
    let through = inspect(&set_path(&text, &letters), None);
    let wall = Violation::PathThroughWall {
        step: k + 1,
        cell: at,
        dir,
    };
    assert!(
        through.problems_at(at).contains(&Problem::Rule(wall)),
        "{:?}",
        through.problem_rows()
    );
    assert_eq!(cells_marked(&through, Marks::ILLEGAL_STEP), [at]);
    assert_locations_consistent(&through);
}

fn d_letter(dir: Dir) -> String {
    dir.letter().to_string()
}

#[test]
fn a_path_longer_than_the_shortest_is_compared_and_the_shortest_shown() {
    let (grid, path, text) = maze(true);
    let detour = grid.open_dirs(ENTRY).next().unwrap();
    let longer = format!("{}{}{path}", detour.letter(), detour.opposite().letter());
    let inspection = inspect(&set_path(&text, &longer), Some(MazeKind::Perfect));
    let n = path.len();
    let not_shortest = row(&inspection, ProblemKind::NotShortest);
    assert_eq!(
        not_shortest.summary,
        format!("exit path not shortest: {} vs {n}", n + 2)
    );
    assert_eq!(kinds(&inspection), [ProblemKind::NotShortest]);
    assert_eq!(inspection.shortest_path(), Some(&path));
    // Placed where the recorded path leaves the shortest one.
    let placed: Vec<_> = inspection.locations().collect();
    assert_eq!(placed.len(), 1);
    let at = placed[0].0;
    assert!(path.cells(&grid).any(|c| c == at));
    assert!(
        inspection
            .cell_marks(at)
            .contains(Marks::ON_PATH | Marks::ON_SHORTEST)
    );
}

#[test]
fn entry_and_exit_problems_are_reported() {
    let (grid, path, text) = maze(true);
    let stamp_cell = grid.stamp().unwrap().cells().next().unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let n = lines.len();
    lines[n - 3] = stamp_cell.to_string();
    lines[n - 2] = "100,100".into();
    lines[n - 1] = path.to_string();
    let inspection = inspect(&(lines.join("\n") + "\n"), None);
    let entry = row(&inspection, ProblemKind::Entry);
    assert_eq!(entry.count, 2, "{entry:?}"); // not the config's entry, on the 42
    assert!(entry.summary.contains("is on the 42"), "{}", entry.summary);
    let exit = row(&inspection, ProblemKind::Exit);
    assert_eq!(exit.count, 2, "{exit:?}"); // not the config's exit, outside the maze
    assert!(
        exit.summary.contains("100,100 is outside the maze"),
        "{}",
        exit.summary
    );
    assert!(
        inspection
            .problems_at(stamp_cell)
            .contains(&Problem::Rule(Violation::EntryOnStamp(stamp_cell)))
    );
    assert_locations_consistent(&inspection);
}

#[test]
fn board_rules_locate_the_dead_ends_and_perfect_rules_count_loops() {
    let (_, _, perfect) = maze(true);
    let board = inspect(&perfect, Some(MazeKind::Board { braid: 1.0 }));
    let dead = row(&board, ProblemKind::DeadEnds);
    let located: Vec<Pos> = board
        .locations()
        .filter(|(_, p)| matches!(p, Problem::DeadEnd { .. }))
        .map(|(p, _)| p)
        .collect();
    assert_eq!(located.len() as u64, dead.count);
    assert_eq!(cells_marked(&board, Marks::DEAD_END), located);
    assert!(kinds(&board).contains(&ProblemKind::TooFewLoops));
    let file = MazeFile::parse(&perfect).unwrap();
    let found = validate_file(&file, &expected(Some(MazeKind::Board { braid: 1.0 })));
    assert!(found.iter().any(
        |v| matches!(v, Violation::TooManyDeadEnds { count, .. } if *count as u64 == dead.count)
    ));
    assert_locations_consistent(&board);

    let (_, _, loops) = maze(false);
    let not_perfect = inspect(&loops, Some(MazeKind::Perfect));
    assert_eq!(kinds(&not_perfect), [ProblemKind::NotPerfect]);
    assert!(
        row(&not_perfect, ProblemKind::NotPerfect)
            .summary
            .starts_with("perfect: the maze has")
    );
}

#[test]
fn a_row_of_the_wrong_width_ends_the_maze_there() {
    let (grid, _, text) = maze(true);
    let k = 6; // line 6, the sixth row
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[k - 1].pop();
    let inspection = inspect(&(lines.join("\n") + "\n"), Some(MazeKind::Perfect));
    assert!(!inspection.is_complete());
    assert_eq!((inspection.width(), inspection.height()), (W, k as u32 - 1));
    let (line, kind) = inspection.first_unreadable().unwrap();
    assert_eq!(line, Some(k));
    assert_eq!(
        *kind,
        HexErrorKind::RowLength {
            expected: 13,
            found: 12
        }
    );
    assert_eq!(
        inspection.problem_rows(),
        [ProblemRow {
            kind: ProblemKind::Unreadable,
            count: 1,
            summary: "line 6: row has 12 cells, the rows above have 13".into()
        }]
    );
    for p in all_cells(&inspection) {
        assert_eq!(inspection.walls(p), grid.walls(p));
    }
    assert_eq!((inspection.entry(), inspection.exit()), (None, None));
    assert_eq!(inspection.stamp(), None);
}

#[test]
fn a_bad_digit_is_a_closed_cell_and_reading_goes_on() {
    let (_, path, text) = maze(true);
    let cell = Pos::new(5, 3);
    let inspection = inspect(&set_char(&text, cell, 'G'), Some(MazeKind::Perfect));
    assert!(inspection.is_complete());
    assert_eq!(inspection.walls(cell), Walls::CLOSED);
    assert_eq!(
        inspection
            .first_unreadable()
            .map(|(line, kind)| (line, kind.to_string())),
        Some((Some(4), "'G' in column 6 is not a hex digit".to_owned()))
    );
    assert_eq!(
        row(&inspection, ProblemKind::Unreadable).summary,
        "line 4: 'G' in column 6 is not a hex digit"
    );
    assert_eq!(
        row(&inspection, ProblemKind::BadDigit).summary,
        "1 unreadable digit, read as closed cells"
    );
    assert_eq!(inspection.problems_at(cell)[0], Problem::BadDigit { cell });
    assert!(inspection.cell_marks(cell).contains(Marks::BAD_DIGIT));
    assert_eq!(inspection.recorded_path(), path.dirs());
    assert_eq!(inspection.exit(), Some(EXIT));
    assert_locations_consistent(&inspection);
    // Before the check, only what reading found.
    let unchecked =
        Inspection::read(set_char(&text, cell, 'G').as_bytes(), &Expected::default()).unwrap();
    assert!(!unchecked.is_checked());
    let listed: Vec<_> = unchecked.locations().collect();
    assert_eq!(listed, [(cell, Problem::BadDigit { cell })]);
}

#[test]
fn a_truncated_file_keeps_its_whole_rows() {
    let (_, _, text) = maze(true);
    let rows: Vec<&str> = text.lines().take(5).collect();
    let at_a_row_end = rows.join("\n") + "\n";
    let inspection = inspect(&at_a_row_end, None);
    assert_eq!((inspection.height(), inspection.is_complete()), (5, false));
    assert_eq!(
        inspection.first_unreadable(),
        Some((Some(6), &HexErrorKind::MissingFooter))
    );
    let mid_row = at_a_row_end.clone() + &text.lines().nth(5).unwrap()[..4];
    let inspection = inspect(&mid_row, None);
    assert_eq!(inspection.height(), 5);
    assert_eq!(inspection.first_unreadable().unwrap().0, Some(6));
    assert_eq!(kinds(&inspection), [ProblemKind::Unreadable]);
    // The cut-off south side is no border: nothing is reported there.
    assert!(cells_marked(&inspection, Marks::BAD_SOUTH).is_empty());
}

#[test]
fn a_missing_path_line_is_named_and_the_rest_checked() {
    let (_, _, text) = maze(true);
    let mut lines: Vec<&str> = text.lines().collect();
    lines.pop();
    let inspection = inspect(&(lines.join("\n") + "\n"), Some(MazeKind::Perfect));
    let (line, kind) = inspection.first_unreadable().unwrap();
    assert_eq!(line, Some(H as usize + 4));
    assert_eq!(*kind, HexErrorKind::Missing("the path line"));
    assert_eq!(
        (inspection.entry(), inspection.exit()),
        (Some(ENTRY), Some(EXIT))
    );
    assert!(inspection.recorded_path().is_empty());
    assert_eq!(kinds(&inspection), [ProblemKind::Unreadable]);
    assert!(inspection.shortest_path().is_some());
    // A bad coordinate does not hide the next line.
    let bad_entry = text.replacen("\n0,0\n", "\n0;0\n", 1);
    let inspection = inspect(&bad_entry, None);
    assert_eq!(
        inspection.first_unreadable().unwrap().0,
        Some(H as usize + 2)
    );
    assert_eq!((inspection.entry(), inspection.exit()), (None, Some(EXIT)));
}

#[test]
fn what_is_no_maze_gets_the_error_check_gives() {
    let texts = [
        "",
        "\n0,0\n1,1\nE\n",
        "WIDTH=20\nHEIGHT=15\n",
        "9\n3\n\n0,0\n0,1\nS\n",
        "93\n\n0,0\n1,0\nE\n",
    ];
    for text in texts {
        let err = Inspection::from_text(text).unwrap_err().to_string();
        assert_eq!(
            err,
            MazeFile::parse(text).unwrap_err().to_string(),
            "{text:?}"
        );
    }
    let binary = [
        0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', 0, 0, 0xff, 0xfe,
    ];
    let err = Inspection::from_bytes(&binary, &Expected::default()).unwrap_err();
    assert!(
        matches!(
            err,
            Error::Hex {
                line: None,
                kind: HexErrorKind::NotText
            }
        ),
        "{err:?}"
    );
    // Through a file, the same line as `MazeFile::load`, which `--check` prints.
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in [
        ("empty.txt", &b""[..]),
        ("picture.png", &binary[..]),
        ("config.txt", b"WIDTH=20\n"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let ours = Inspection::load(&path).unwrap_err().to_string();
        assert_eq!(ours, MazeFile::load(&path).unwrap_err().to_string());
        assert!(!ours.contains('\n'), "{ours}");
    }
    let missing = Inspection::load(dir.path().join("none.txt"))
        .unwrap_err()
        .to_string();
    assert!(missing.starts_with("cannot read"), "{missing}");
    assert_eq!(
        Inspection::load(dir.path()).unwrap_err().to_string(),
        MazeFile::load(dir.path()).unwrap_err().to_string()
    );
}

#[test]
fn a_file_loads_like_its_text() {
    let (_, _, text) = maze(false);
    let broken = set_char(&text, Pos::new(2, 2), 'z');
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("maze.txt");
    std::fs::write(&path, &broken).unwrap();
    let loaded = Inspection::load(&path).unwrap();
    let parsed = Inspection::from_text(&broken).unwrap();
    assert_eq!(loaded.problem_rows(), parsed.problem_rows());
    assert_eq!(
        loaded.locations().collect::<Vec<_>>(),
        parsed.locations().collect::<Vec<_>>()
    );
    // With a config's size, a larger file is refused unread.
    let small = Expected {
        size: Some((3, 3)),
        ..Expected::default()
    };
    let err = Inspection::load_with(&path, &small)
        .unwrap_err()
        .to_string();
    assert!(err.contains("more than the"), "{err}");
}

#[test]
fn the_check_runs_on_another_thread_and_installs_once() {
    let (_, _, text) = maze(true);
    let broken = set_digit(
        &text,
        Pos::new(4, 2),
        digit(&text, Pos::new(4, 2)) ^ Dir::South.bit(),
    );
    let mut inspection = Inspection::read(broken.as_bytes(), &Expected::default()).unwrap();
    assert!(
        !inspection
            .cell_marks(Pos::new(4, 2))
            .intersects(Marks::PROBLEMS)
    );
    let job = inspection.check_job();
    let checked = std::thread::spawn(move || job.run()).join().unwrap();
    let mut other = Inspection::read(text.as_bytes(), &Expected::default()).unwrap();
    assert!(!other.install(checked.clone()));
    assert!(!other.is_checked());
    assert!(inspection.install(checked));
    assert_eq!(row(&inspection, ProblemKind::IncoherentWall).count, 1);
    assert!(
        inspection
            .cell_marks(Pos::new(4, 2))
            .contains(Marks::BAD_SOUTH)
    );
}

/// A tiny deterministic generator for the agreement test.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The validator's violations that have one place on the map, as the inspection lists them.
fn located(v: &Violation) -> bool {
    !matches!(
        v,
        Violation::SizeMismatch { .. }
            | Violation::EntryOutside(_)
            | Violation::ExitOutside(_)
            | Violation::NotPerfect { .. }
            | Violation::TooFewLoops { .. }
            | Violation::TooManyDeadEnds { .. }
            | Violation::Unreachable { .. }
    )
}

#[test]
fn the_inspection_agrees_with_the_validator_on_random_damage() {
    let mut rng = Lcg(7);
    let mut seen = std::collections::BTreeSet::new();
    for round in 0..60 {
        let perfect = round % 2 == 0;
        let (_, _, text) = maze(perfect);
        let mut broken = text.clone();
        for _ in 0..1 + rng.below(12) {
            let cell = Pos::new(rng.below(W.into()) as u32, rng.below(H.into()) as u32);
            let bit = 1 << rng.below(4);
            broken = set_digit(&broken, cell, digit(&broken, cell) ^ bit);
        }
        let kind = match rng.below(3) {
            0 => Some(MazeKind::Perfect),
            1 => Some(MazeKind::Board { braid: 1.0 }),
            _ => None,
        };
        let want = expected(kind);
        let found = validate_file(&MazeFile::parse(&broken).unwrap(), &want);
        let inspection = Inspection::from_bytes(broken.as_bytes(), &want).unwrap();
        seen.extend(found.iter().map(ProblemKind::of));
        let mut theirs: Vec<String> = found
            .iter()
            .filter(|v| located(v))
            .map(|v| format!("{v:?}"))
            .collect();
        let mut ours: Vec<String> = inspection
            .locations()
            .filter_map(|(_, p)| match p {
                Problem::Rule(v) => Some(format!("{v:?}")),
                _ => None,
            })
            .collect();
        theirs.sort();
        ours.sort();
        assert_eq!(ours, theirs, "round {round}:\n{broken}");
        let rows = inspection.problem_rows();
        let count = |kind| rows.iter().find(|r| r.kind == kind).map_or(0, |r| r.count);
        for v in &found {
            match *v {
                Violation::Unreachable { count: n, .. } => {
                    assert_eq!(count(ProblemKind::Unreachable), n);
                    assert_eq!(
                        cells_marked(&inspection, Marks::UNREACHABLE).len() as u64,
                        n
                    );
                }
                Violation::TooManyDeadEnds { count: n, .. } => {
                    assert_eq!(count(ProblemKind::DeadEnds), n as u64);
                    assert_eq!(cells_marked(&inspection, Marks::DEAD_END).len(), n);
                }
                ref v if !located(v) => {
                    let kind = ProblemKind::of(v);
                    assert!(
                        rows.iter()
                            .any(|r| r.kind == kind && r.summary.contains(&v.to_string())),
                        "{v}: {rows:?}"
                    );
                }
                _ => {}
            }
        }
        if !found
            .iter()
            .any(|v| matches!(v, Violation::Unreachable { .. }))
        {
            assert_eq!(count(ProblemKind::Unreachable), 0);
        }
        assert_eq!(inspection.is_valid(), found.is_empty());
        assert_eq!(
            inspection.to_grid().unwrap(),
            MazeFile::parse(&broken)
                .unwrap()
                .to_grid_with(Landmarks::plan(W, H, false))
        );
        assert_locations_consistent(&inspection);
    }
    // The damage reached most rules (open areas and the entry and exit have their own tests).
    use ProblemKind as K;
    let reached = [K::IncoherentWall, K::OpenBorder, K::Stamp, K::Unreachable];
    let reached = reached
        .into_iter()
        .chain([K::DeadEnds, K::Path, K::NotShortest]);
    assert!(reached.into_iter().all(|k| seen.contains(&k)), "{seen:?}");
}

/// Issue 18: a file the reader takes but `--check` refuses for its layout is opened, and its
/// problems list says what is off.
#[test]
fn a_file_off_the_strict_layout_is_opened_with_its_format_problems_listed() {
    let (_, _, text) = maze(true);
    let inspection = Inspection::from_text(text.trim_end()).unwrap();
    let rows = inspection.problem_rows();
    let format = rows
        .iter()
        .find(|r| r.kind == ProblemKind::Format)
        .expect("a format row");
    assert_eq!(format.count, 1);
    assert!(
        format
            .summary
            .ends_with("does not end with a newline (\\n)"),
        "{}",
        format.summary
    );
    let inspection = Inspection::from_text(&text).unwrap();
    assert!(
        !inspection
            .problem_rows()
            .iter()
            .any(|r| r.kind == ProblemKind::Format)
    );
}

#[test]
fn a_twenty_cell_42_is_accepted_as_check_accepts_it_unless_the_shape_is_required() {
    let twenty: crate::grid::StampChoice =
        "X.X.XXX/X.X...X/XXX.XXX/..X.X../..X.XXX".parse().unwrap();
    let options = crate::MazeOptions::new(21, 15)
        .seed(7)
        .perfect(true)
        .stamp(twenty);
    let grid = crate::Generator::generate_grid(options).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(20, 14));
    let path = crate::shortest_path(&grid, entry, exit).unwrap();
    let text = crate::format::Hex::grid_to_string(&grid, entry, exit, &path);
    let lenient = Inspection::from_bytes(text.as_bytes(), &Expected::default()).unwrap();
    assert_eq!(kinds(&lenient), []);
    let exact = Expected {
        exact_stamp: true,
        ..Expected::default()
    };
    let exact = Inspection::from_bytes(text.as_bytes(), &exact).unwrap();
    assert_eq!(kinds(&exact), [ProblemKind::Unreachable]);
}
