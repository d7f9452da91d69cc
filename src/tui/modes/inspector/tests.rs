//! Files with each kind of violation, built from valid mazes by flipping bits: they open, list
//! the right problems with the right counts, draw them at the right cells, and `]` visits each.

use std::path::PathBuf;

use mazegen::format::Hex;
use mazegen::validate::{Expected, Inspection, ProblemKind};
use mazegen::{Dir, Generator, MazeOptions, Pos};
use tempfile::TempDir;

use super::*;
use crate::tui::configs::{config_for, placeholder_config};
use crate::tui::effect::Effect;
use crate::tui::message::{Action, Message};
use crate::tui::model::Model;
use crate::tui::testing::{answer, model};
use crate::tui::update;
use crate::tui::view::roles::{BlockRoles, Role};

/// The inspector's [`super::update::open_at_start`] as the root hands it its parts, without
/// the root's own steps (the placeholder's finish, the config) but the forgone first save.
fn open_at_start(
    m: &mut Model,
    path: PathBuf,
    inspection: Inspection,
    expected: Expected,
    output_file: Option<PathBuf>,
) -> Vec<Effect> {
    m.forgo_first_save();
    update::inspecting(m, |inspect, shared, canvas| {
        super::update::open_at_start(
            inspect,
            shared,
            canvas,
            path,
            inspection,
            expected,
            output_file,
        )
    })
}

pub(crate) const W: u32 = 15;
pub(crate) const H: u32 = 11;

/// A valid 15x11 perfect maze's file (seed 3), entry top-left, exit bottom-right.
pub(crate) fn valid_text() -> String {
    let grid = Generator::generate(MazeOptions::new(W, H).seed(3)).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(W - 1, H - 1));
    Hex::grid_to_string(
        &grid,
        entry,
        exit,
        &grid.shortest_path(entry, exit).unwrap(),
    )
}

/// `text` with the digit of `cell` xor `bits` (the digit only: its neighbour is untouched).
pub(crate) fn flip(text: &str, cell: Pos, bits: u8) -> String {
    let at = (cell.y * (W + 1) + cell.x) as usize;
    let digit = u8::from_str_radix(&text[at..=at], 16).unwrap() ^ bits;
    let mut text = text.to_owned();
    text.replace_range(at..=at, &format!("{digit:X}"));
    text
}

/// `text` with the wall on `dir` of `cell` opened on both sides (coherently).
fn open_wall(text: &str, cell: Pos, dir: Dir) -> String {
    let (dx, dy) = dir.delta();
    let next = Pos::new((cell.x as i64 + dx) as u32, (cell.y as i64 + dy) as u32);
    let digit = |t: &str, p: Pos| {
        let at = (p.y * (W + 1) + p.x) as usize;
        u8::from_str_radix(&t[at..=at], 16).unwrap()
    };
    let mut text = text.to_owned();
    if digit(&text, cell) & dir.bit() != 0 {
        text = flip(&text, cell, dir.bit());
    }
    if digit(&text, next) & dir.opposite().bit() != 0 {
        text = flip(&text, next, dir.opposite().bit());
    }
    text
}

/// `text` with its path line replaced.
fn with_path(text: &str, path: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let last = lines.len() - 1;
    lines[last] = path;
    lines.join("\n") + "\n"
}

fn recorded_path(text: &str) -> String {
    text.lines().last().unwrap().to_owned()
}

/// A 100x30 dashboard showing `text` as a file opened at start (without a config, unless
/// `output` gives OUTPUT_FILE), checked.
fn opened(text: &str, output: Option<PathBuf>) -> (Model, TempDir) {
    opened_as(text, output, None)
}

/// As [`opened`], the file named `name` on screen rather than by its temporary path, if given:
/// for snapshots, which must not change from run to run.
pub(crate) fn opened_as(
    text: &str,
    output: Option<PathBuf>,
    name: Option<&str>,
) -> (Model, TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken.txt");
    std::fs::write(&file, text).unwrap();
    let mut m = model(9, 7);
    update(
        &mut m,
        Message::Resize {
            width: 100,
            height: 30,
        },
    );
    let inspection = Inspection::open(&file, &Expected::default()).unwrap();
    let shown = name.map_or(file, PathBuf::from);
    let effects = open_at_start(&mut m, shown, inspection, Expected::default(), output);
    answer(&mut m, effects);
    (m, dir)
}

fn file(m: &Model) -> &OpenFile {
    m.stack.inspect.file().expect("a file is open")
}

fn rows(m: &Model) -> Vec<(ProblemKind, u64, String)> {
    file(m)
        .inspection
        .problem_rows()
        .into_iter()
        .map(|r| (r.kind, r.count, r.summary))
        .collect()
}

fn roles(m: &Model) -> FileRoles<'_> {
    FileRoles::new(file(m), true)
}

/// The block of the wall on `dir` of `cell`.
fn wall_block(cell: Pos, dir: Dir) -> (u32, u32) {
    let (x, y) = (2 * cell.x + 1, 2 * cell.y + 1);
    match dir {
        Dir::North => (x, y - 1),
        Dir::South => (x, y + 1),
        Dir::West => (x - 1, y),
        Dir::East => (x + 1, y),
    }
}

fn act(m: &mut Model, action: Action) -> Vec<Effect> {
    let effects = update(m, Message::Action(action));
    answer(m, effects)
}

#[test]
fn a_valid_file_opens_with_no_problems_and_its_facts() {
    let (m, _dir) = opened(&valid_text(), None);
    let f = file(&m);
    assert!(f.inspection.is_valid());
    assert!(!f.is_checking());
    assert!(rows(&m).is_empty());
    assert!(f.stats.is_some());
    let status = m.status().unwrap();
    assert!(
        status.text.ends_with(&format!(
            "valid {W}x{H} maze, path {} steps",
            f.inspection.recorded_path().len()
        )),
        "{status:?}"
    );
    // The placeholder maze under the file is never written.
    assert_eq!(
        m.stack.studio.first_save,
        crate::tui::model::FirstSave::NotOwed
    );
    assert_eq!(m.maze_blocks(), (2 * W + 1, 2 * H + 1));
}

#[test]
fn an_incoherent_wall_is_counted_and_drawn_on_that_wall() {
    let cell = Pos::new(4, 2);
    let (m, _dir) = opened(&flip(&valid_text(), cell, Dir::East.bit()), None);
    assert_eq!(
        rows(&m)[0],
        (ProblemKind::IncoherentWall, 1, "1 incoherent wall".into())
    );
    let (x, y) = wall_block(cell, Dir::East);
    assert_eq!(roles(&m).block(x, y), Role::BadWall);
    let bad: usize = (0..=2 * H)
        .flat_map(|y| (0..=2 * W).map(move |x| (x, y)))
        .filter(|&(x, y)| roles(&m).block(x, y) == Role::BadWall)
        .count();
    assert_eq!(bad, 1, "only that wall");
}

#[test]
fn open_border_walls_are_counted_and_drawn_on_the_border() {
    let text = flip(&valid_text(), Pos::new(0, 5), Dir::West.bit());
    let text = flip(&text, Pos::new(7, 0), Dir::North.bit());
    let (m, _dir) = opened(&text, None);
    assert!(rows(&m).contains(&(ProblemKind::OpenBorder, 2, "2 open border walls".into())));
    for (cell, dir) in [(Pos::new(0, 5), Dir::West), (Pos::new(7, 0), Dir::North)] {
        let (x, y) = wall_block(cell, dir);
        assert_eq!(roles(&m).block(x, y), Role::BadWall, "{cell} {dir:?}");
    }
}

#[test]
fn an_open_3x3_area_is_counted_and_outlined() {
    let corner = Pos::new(5, 4);
    let mut text = valid_text();
    for dy in 0..3 {
        for dx in 0..3 {
            let cell = Pos::new(corner.x + dx, corner.y + dy);
            if dx < 2 {
                text = open_wall(&text, cell, Dir::East);
            }
            if dy < 2 {
                text = open_wall(&text, cell, Dir::South);
            }
        }
    }
    let (m, _dir) = opened(&text, None);
    assert!(rows(&m).contains(&(ProblemKind::OpenArea, 1, "1 open 3x3 area".into())));
    let r = roles(&m);
    // The outline: the walls around the area; inside, passages.
    assert_eq!(r.block(2 * corner.x, 2 * corner.y + 1), Role::OpenArea);
    assert_eq!(r.block(2 * corner.x + 6, 2 * corner.y + 3), Role::OpenArea);
    assert_eq!(r.block(2 * corner.x + 3, 2 * corner.y), Role::OpenArea);
    assert_eq!(r.block(2 * corner.x + 3, 2 * corner.y + 6), Role::OpenArea);
    assert_eq!(r.block(2 * corner.x + 2, 2 * corner.y + 2), Role::Passage);
}

#[test]
fn unreachable_cells_are_counted_and_shaded() {
    // Walling a dead end in (both sides of its one open wall) cuts it off.
    let text = valid_text();
    let inspection = Inspection::from_text(&text).unwrap();
    let dead_end = (0..H)
        .flat_map(|y| (0..W).map(move |x| Pos::new(x, y)))
        .find(|&p| {
            inspection.walls(p).open_count() == 1
                && p != Pos::new(0, 0)
                && p != Pos::new(W - 1, H - 1)
                && inspection.stamp().is_none_or(|s| !s.contains(p))
                && !inspection
                    .cell_marks(p)
                    .contains(mazegen::validate::Marks::ON_PATH)
        })
        .unwrap();
    let open = Dir::ALL
        .into_iter()
        .find(|&d| !inspection.walls(dead_end).is_closed(d))
        .unwrap();
    let (dx, dy) = open.delta();
    let next = Pos::new(
        (dead_end.x as i64 + dx) as u32,
        (dead_end.y as i64 + dy) as u32,
    );
    let text = flip(
        &flip(&text, dead_end, open.bit()),
        next,
        open.opposite().bit(),
    );
    let (m, _dir) = opened(&text, None);
    assert!(rows(&m).contains(&(ProblemKind::Unreachable, 1, "1 unreachable cell".into())));
    assert_eq!(roles(&m).cell(dead_end), Role::Unreachable);
}

#[test]
fn cells_of_the_42_not_closed_are_counted_and_drawn() {
    let text = valid_text();
    let stamp = Inspection::from_text(&text).unwrap().stamp().unwrap();
    let cell = (0..H)
        .flat_map(|y| (0..W).map(move |x| Pos::new(x, y)))
        .find(|&p| stamp.contains(p) && stamp.contains(Pos::new(p.x + 1, p.y)))
        .unwrap();
    let (m, _dir) = opened(&open_wall(&text, cell, Dir::East), None);
    assert!(
        rows(&m).contains(&(ProblemKind::Stamp, 2, "2 cells of the 42 not closed".into())),
        "{:?}",
        rows(&m)
    );
    assert_eq!(roles(&m).cell(cell), Role::BadCell);
}

#[test]
fn a_longer_path_is_not_shortest_and_the_shortest_is_drawn_beside_it() {
    let text = valid_text();
    let path = recorded_path(&text);
    // Out of the entry and back: two more steps, the same cells.
    let first = path.chars().next().unwrap();
    let back = Dir::from_letter(first).unwrap().opposite().letter();
    let longer = format!("{first}{back}{path}");
    let (m, _dir) = opened(&with_path(&text, &longer), None);
    let n = path.len();
    assert!(rows(&m).contains(&(
        ProblemKind::NotShortest,
        1,
        format!("exit path not shortest: {} vs {n}", n + 2)
    )));
}

#[test]
fn the_first_illegal_step_is_marked_and_the_shortest_path_drawn() {
    let text = valid_text();
    let inspection = Inspection::from_text(&text).unwrap();
    // From the entry, a step through a closed wall.
    let wrong = [Dir::East, Dir::South]
        .into_iter()
        .find(|&d| inspection.walls(Pos::new(0, 0)).is_closed(d))
        .unwrap();
    let (m, _dir) = opened(
        &with_path(
            &text,
            &format!("{}{}", wrong.letter(), recorded_path(&text)),
        ),
        None,
    );
    assert!(rows(&m).iter().any(|r| r.0 == ProblemKind::Path));
    assert_eq!(file(&m).illegal_step, Some(Pos::new(0, 0)));
    let r = roles(&m);
    assert_eq!(r.cell(Pos::new(0, 0)), Role::IllegalStep);
    // The recorded path strays from the shortest: somewhere the shortest shows alone.
    let shortest_shown = (0..H)
        .flat_map(|y| (0..W).map(move |x| Pos::new(x, y)))
        .any(|p| r.cell(p) == Role::Shortest);
    assert!(shortest_shown);
}

#[test]
fn brackets_visit_every_problem_in_reading_order_and_wrap() {
    let text = flip(&valid_text(), Pos::new(4, 2), Dir::East.bit());
    let text = flip(&text, Pos::new(0, 5), Dir::West.bit());
    let text = flip(&text, Pos::new(9, 8), Dir::South.bit());
    let (mut m, _dir) = opened(&text, None);
    let mut expected: Vec<Pos> = file(&m).inspection.locations().map(|(p, _)| p).collect();
    expected.dedup();
    assert!(expected.len() >= 3, "{expected:?}");
    let mut visited = Vec::new();
    for _ in 0..expected.len() {
        act(&mut m, Action::NextProblem);
        visited.push(file(&m).selected.unwrap());
        let status = &m.status().unwrap().text;
        assert!(
            status.starts_with(&visited.last().unwrap().to_string()),
            "{status}"
        );
    }
    assert_eq!(visited, expected);
    act(&mut m, Action::NextProblem);
    assert_eq!(file(&m).selected, Some(expected[0]), "wraps to the first");
    assert!(m.status().unwrap().text.contains("(from the top)"));
    act(&mut m, Action::PreviousProblem);
    assert_eq!(file(&m).selected, expected.last().copied());
    assert_eq!(roles(&m).cell(expected[expected.len() - 1]), Role::Selected);
}

#[test]
fn a_truncated_file_opens_as_far_as_it_reads_naming_the_line() {
    let text = valid_text();
    let cut = &text[..(W + 1) as usize * 4 + 6];
    let (m, _dir) = opened(cut, None);
    let f = file(&m);
    assert_eq!((f.inspection.width(), f.inspection.height()), (W, 4));
    assert!(!f.inspection.is_complete());
    assert!(rows(&m)[0].2.starts_with("line 5: "), "{:?}", rows(&m));
    let status = &m.status().unwrap().text;
    assert!(status.contains("broken.txt: line 5: "), "{status}");
    assert_eq!(status.matches("line 5").count(), 1, "{status}");
}

#[test]
fn the_prompt_opens_a_file_tab_completing_its_name_and_refuses_a_non_maze_like_check() {
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("broken_maze.txt");
    std::fs::write(&maze, flip(&valid_text(), Pos::new(4, 2), 2)).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "WIDTH=20\n").unwrap();
    let mut m = model(9, 7);
    let folder = format!("{}/", dir.path().display());
    act(&mut m, Action::OpenFile);
    let type_in = |m: &mut Model, keys: Vec<PromptKey>| {
        for key in keys {
            let effects = update(m, Message::Inspector(InspectorMessage::Key(key)));
            answer(m, effects);
        }
    };
    let chars = |s: &str| s.chars().map(PromptKey::Char).collect::<Vec<_>>();
    type_in(&mut m, chars(&format!("{folder}b")));
    type_in(&mut m, vec![PromptKey::Tab]);
    assert_eq!(
        m.stack.inspect.prompt().unwrap().text,
        format!("{folder}broken_maze.txt")
    );
    type_in(&mut m, vec![PromptKey::Enter]);
    assert!(m.stack.inspect.prompt().is_none());
    assert_eq!(file(&m).path, maze);
    assert_eq!(rows(&m)[0].1, 1);

    act(&mut m, Action::OpenFile);
    type_in(&mut m, chars(&format!("{folder}notes.txt")));
    type_in(&mut m, vec![PromptKey::Enter]);
    let check_error = mazegen::format::MazeFile::load(dir.path().join("notes.txt"))
        .unwrap_err()
        .to_string();
    assert_eq!(m.status().unwrap().text, check_error);
    assert_eq!(file(&m).path, maze, "the open file stays");
}

#[test]
fn v_solves_the_file_with_each_solver_in_turn() {
    let (mut m, _dir) = opened(&valid_text(), None);
    let shortest = file(&m).inspection.shortest_path().unwrap().len();
    for _ in Solver::ALL {
        act(&mut m, Action::NextSolver);
    }
    let runs = &file(&m).runs;
    assert_eq!(runs.len(), Solver::ALL.len());
    let bfs = runs.iter().find(|r| r.0 == Solver::Bfs).unwrap();
    assert_eq!(bfs.2, Some(shortest));
    assert!(runs.iter().all(|r| r.2.is_some() && r.1 > 0), "{runs:?}");
}

#[test]
fn s_writes_the_path_corrected_only_when_the_walls_are_valid() {
    let out = tempfile::tempdir().unwrap();
    let output = out.path().join("fixed.txt");
    let text = valid_text();
    let path = recorded_path(&text);
    let first = path.chars().next().unwrap();
    let back = Dir::from_letter(first).unwrap().opposite().letter();
    let longer = with_path(&text, &format!("{first}{back}{path}"));
    let (mut m, dir) = opened(&longer, Some(output.clone()));
    act(&mut m, Action::Save);
    assert_eq!(std::fs::read_to_string(&output).unwrap(), text);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("broken.txt")).unwrap(),
        longer,
        "the opened file is left alone"
    );

    std::fs::remove_file(&output).unwrap();
    let (mut m, _dir) = opened(&flip(&text, Pos::new(4, 2), 2), Some(output.clone()));
    act(&mut m, Action::Save);
    assert!(!output.exists());
    let status = &m.status().unwrap().text;
    assert!(
        status.starts_with("Not saved: its walls are not valid"),
        "{status}"
    );

    let (mut m, _dir) = opened(&text, None);
    act(&mut m, Action::Save);
    assert!(
        m.status()
            .unwrap()
            .text
            .contains("no config names an OUTPUT_FILE")
    );
}

#[test]
fn r_leaves_the_file_for_a_generated_maze_of_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let file_path = dir.path().join("m.txt");
    std::fs::write(&file_path, valid_text()).unwrap();
    let mut m = model(9, 7);
    let inspection = Inspection::open(&file_path, &Expected::default()).unwrap();
    m.config = config_for(&inspection);
    open_at_start(&mut m, file_path, inspection, Expected::default(), None);
    act(&mut m, Action::Regenerate);
    assert!(m.stack.inspect.file().is_none());
    assert_eq!(m.shown_session().grid().width(), W);
    assert_eq!(m.maze_blocks(), (2 * W + 1, 2 * H + 1));
}

#[test]
fn the_config_for_a_file_takes_its_size_and_ends() {
    let inspection = Inspection::from_text(&valid_text()).unwrap();
    let config = config_for(&inspection);
    assert_eq!((config.width, config.height), (W, H));
    assert_eq!(config.exit, Pos::new(W - 1, H - 1));
    let placeholder = placeholder_config(&config);
    assert!(placeholder.landmark_notes().is_empty());
}

#[test]
fn the_whole_view_marks_located_problems_so_sampling_keeps_them() {
    let (m, _dir) = opened(&flip(&valid_text(), Pos::new(4, 2), Dir::East.bit()), None);
    let markers = roles(&m).markers();
    let bad: Vec<Pos> = markers
        .iter()
        .filter(|m| m.1 == Role::BadWall)
        .map(|m| m.0)
        .collect();
    assert_eq!(bad.len(), 1, "{markers:?}");
    assert!([Pos::new(4, 2), Pos::new(5, 2)].contains(&bad[0]));
    assert!(markers.contains(&(Pos::new(0, 0), Role::Entry)));
}

#[test]
fn malformed_files_draw_in_every_view_and_go_through_their_problems_without_a_panic() {
    let text = valid_text();
    let row = (W + 1) as usize;
    let garbled = text.replacen('\n', "zz\n", 3);
    let non_hex = {
        let mut t = text.clone().into_bytes();
        t[row + 3] = b'G';
        t[2 * row + 7] = 0xFF;
        String::from_utf8_lossy(&t).into_owned()
    };
    let cases = [
        text[..row + 4].to_owned(),         // one row and a piece
        text[..row * 3].to_owned(),         // whole rows, no end
        text[..text.len() - 10].to_owned(), // the path cut
        garbled,
        non_hex,
        with_path(&text, "NNNNWWWWXYZ"), // off the grid, then not a letter
    ];
    for (i, case) in cases.iter().enumerate() {
        let (mut m, _dir) = opened(case, None);
        for size in [(60, 22), (100, 30), (200, 60)] {
            update(
                &mut m,
                Message::Resize {
                    width: size.0,
                    height: size.1,
                },
            );
            // Fit, 1:1 and whole.
            for _ in 0..3 {
                act(&mut m, Action::ToggleZoom);
                for action in [
                    Action::NextProblem,
                    Action::PreviousProblem,
                    Action::NextSolver,
                ] {
                    act(&mut m, action);
                    let backend = ratatui::backend::TestBackend::new(size.0, size.1);
                    let mut terminal = ratatui::Terminal::new(backend).unwrap();
                    terminal
                        .draw(|frame| crate::tui::view(&m, frame))
                        .unwrap_or_else(|e| panic!("case {i}: {e}"));
                }
            }
        }
    }
}

#[test]
fn a_big_file_in_the_gathered_whole_view_shows_its_path_and_problems() {
    let (w, h) = (400u32, 300u32);
    let grid = Generator::generate(MazeOptions::new(w, h).seed(9)).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(w - 1, h - 1));
    let path = grid.shortest_path(entry, exit).unwrap();
    let mut text = Hex::grid_to_string(&grid, entry, exit, &path).into_bytes();
    let at = (150 * (w + 1) + 200) as usize;
    let digit = (text[at] as char).to_digit(16).unwrap() ^ 1;
    text[at] = char::from_digit(digit, 16).unwrap().to_ascii_uppercase() as u8;
    let (mut m, _dir) = opened(&String::from_utf8(text).unwrap(), None);
    update(
        &mut m,
        Message::Resize {
            width: 60,
            height: 22,
        },
    );
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(60, 22)).unwrap();
    terminal.draw(|frame| crate::tui::view(&m, frame)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let palette = m.theme().palette.clone();
    let canvas = m.screen().unwrap().canvas;
    let colours: Vec<_> = canvas
        .positions()
        .flat_map(|p| [buf[p].fg, buf[p].bg])
        .collect();
    assert!(colours.contains(&palette.path), "the path is drawn");
    assert!(
        colours.contains(&palette.bad_wall),
        "the flipped wall is marked"
    );
    // ] goes to it in the 1:1 view.
    act(&mut m, Action::NextProblem);
    assert_eq!(m.viewport().zoom(), crate::tui::viewport::Zoom::Detail);
}

#[test]
fn the_path_drawn_stops_where_it_leaves_the_maze() {
    let text = valid_text();
    let inspection = Inspection::from_text(&text).unwrap();
    assert_eq!(
        roles::steps_inside(&inspection),
        inspection.recorded_path().len()
    );
    let off = Inspection::from_text(&with_path(&text, "SSNNNE")).unwrap();
    // Down two, up two to the entry, then off the top.
    assert_eq!(roles::steps_inside(&off), 4);
}

/// A path through a closed wall, opened and shown at `size` in the plain theme.
fn illegal_step_at(size: (u16, u16)) -> String {
    let text = valid_text();
    let inspection = Inspection::from_text(&text).unwrap();
    let wrong = [Dir::East, Dir::South]
        .into_iter()
        .find(|&d| inspection.walls(Pos::new(0, 0)).is_closed(d))
        .unwrap();
    let broken = with_path(
        &text,
        &format!("{}{}", wrong.letter(), recorded_path(&text)),
    );
    let (m, _dir) = opened_as(&broken, None, Some("broken.txt"));
    let mut m = crate::tui::view::tests::sized(m, size.0, size.1);
    crate::tui::view::tests::theme(&mut m, "plain");
    crate::tui::view::tests::screen_text(&m)
}

/// The problems pane cuts a summary too long for it with an ellipsis, not mid-word.
#[test]
fn a_problem_too_long_for_its_pane_ends_with_an_ellipsis() {
    let text = illegal_step_at((140, 45));
    let row = text
        .lines()
        .find(|l| l.contains("path: step 1 goes"))
        .unwrap_or_else(|| panic!("{text}"));
    let pane: String = row.chars().skip_while(|&c| c != '│').collect();
    assert!(pane.contains("…│"), "{row}");
    insta::assert_snapshot!("problem_cut_140x45", text);
}

/// Tab on a name several files start with lists them under the prompt, as a shell does;
/// those that do not fit on the line are counted.
#[test]
fn tab_on_an_ambiguous_name_lists_the_names_under_the_prompt() {
    let names: Vec<String> = (0..12).map(|i| format!("maze_{i:02}.txt")).collect();
    let mut m = crate::tui::view::tests::sized(model(25, 20), 80, 24);
    act(&mut m, Action::OpenFile);
    let prompt = m.stack.inspect.prompt.as_mut().unwrap();
    prompt.text = "m".into();
    prompt.listing = Some((PathBuf::new(), names));
    let effects = update(
        &mut m,
        Message::Inspector(InspectorMessage::Key(PromptKey::Tab)),
    );
    answer(&mut m, effects);
    assert_eq!(m.stack.inspect.prompt().unwrap().text, "maze_");
    let text = crate::tui::view::tests::screen_text(&m);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with(" maze_00.txt  maze_01.txt"), "{text}");
    assert!(last.trim_end().ends_with("more"), "{text}");
    assert!(text.contains("Open: maze_"), "{text}");
}

#[test]
fn a_solve_refused_its_memory_says_why_and_records_no_run() {
    use crate::tui::effect::Work;
    use crate::tui::message::Answer;
    let (mut m, _dir) = opened(&valid_text(), None);
    let effects = update(&mut m, Message::Action(Action::NextSolver));
    let Some((request, solver)) = effects.iter().find_map(|e| match e {
        Effect::Work(Work::Inspector(InspectorJob {
            request,
            work: InspectorWork::Solve { solver, .. },
        })) => Some((*request, *solver)),
        _ => None,
    }) else {
        panic!("a solve is a job: {effects:?}")
    };
    let reason = "not enough memory for the search of the 9x7 maze";
    let refused = InspectorAnswer::SolveRefused {
        solver,
        reason: reason.to_owned(),
    };
    update(
        &mut m,
        Message::Done {
            job: request,
            answer: Answer::Inspector(refused),
        },
    );
    assert!(file(&m).runs.is_empty());
    assert!(file(&m).solving.is_none());
    let status = m.status().expect("a status");
    assert_eq!(status.kind, crate::tui::model::StatusKind::Error);
    assert!(status.text.ends_with(reason), "{}", status.text);
}
