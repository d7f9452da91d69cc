//! The view's messages: the centre keys, the mouse on the canvas and the minimap, the wheel at
//! each zoom, and the heatmap's switch and its flood job.

use crossterm::event::{KeyCode, KeyModifiers};

use crate::tui::effect::{Effect, Work};
use crate::tui::heat::Distances;
use crate::tui::message::{Action, Answer, Message, Mouse, MouseKind, Parcel};
use crate::tui::model::{Focus, Model, StatusKind};
use crate::tui::testing::act;
use crate::tui::testing::{answer, model, press};
use crate::tui::update;
use crate::tui::view::minimap;
use crate::tui::viewport::{Drag, Zoom};
use mazegen::session::Phase;

fn mouse(model: &mut Model, kind: MouseKind, at: (u16, u16)) -> Vec<Effect> {
    let (column, row) = at;
    update(
        model,
        Message::Mouse(Mouse {
            column,
            row,
            kind,
            shift: false,
        }),
    )
}

fn status_text(model: &Model) -> String {
    model.status().map(|s| s.text.clone()).unwrap_or_default()
}

/// A finished 200x200 maze in a 120x40 terminal, in the view `zoom`.
fn finished_in(zoom: Zoom) -> Model {
    let mut m = model(200, 200);
    act(&mut m, Action::Finish);
    assert_eq!(m.phase(), Phase::Done);
    while m.viewport().zoom() != zoom {
        act(&mut m, Action::ToggleZoom);
    }
    m
}

fn canvas(m: &Model) -> (u16, u16) {
    m.screen().unwrap().canvas_size()
}

fn centre(m: &Model) -> (u32, u32) {
    m.viewport().centre(m.maze_blocks(), canvas(m))
}

fn origin(m: &Model) -> (u32, u32) {
    m.viewport().origin(m.maze_blocks(), canvas(m))
}

#[test]
fn shift_e_and_shift_x_centre_the_whole_view_on_the_entry_and_the_exit() {
    let mut m = finished_in(Zoom::Fit);
    assert!(!m.viewport().zoom().is_panned(), "the whole maze is shown");
    press(&mut m, KeyCode::Char('X'), KeyModifiers::SHIFT);
    assert_eq!(
        m.viewport().zoom(),
        Zoom::Detail,
        "a place is more than a speck"
    );
    // The exit is the bottom-right cell: the view goes as far as the maze's corner.
    let (blocks, (columns, rows)) = (m.maze_blocks(), m.viewport().capacity(canvas(&m)));
    assert_eq!(origin(&m), (blocks.0 - columns, blocks.1 - rows));
    press(&mut m, KeyCode::Char('E'), KeyModifiers::SHIFT);
    assert_eq!(origin(&m), (0, 0));
    // At 1:4 the view stays at 1:4.
    let mut m = finished_in(Zoom::Braille);
    act(
        &mut m,
        Action::Centre(crate::tui::kernel::action::Place::Exit),
    );
    assert_eq!(m.viewport().zoom(), Zoom::Braille);
    let (blocks, (columns, rows)) = (m.maze_blocks(), m.viewport().capacity(canvas(&m)));
    assert_eq!(origin(&m), (blocks.0 - columns, blocks.1 - rows));
}

#[test]
fn shift_c_follows_the_carving_head_and_says_when_there_is_none() {
    use crate::tui::kernel::action::Place;
    let mut m = model(200, 200);
    act(&mut m, Action::ToggleZoom);
    for _ in 0..40 {
        update(&mut m, Message::Tick(std::time::Duration::from_millis(16)));
    }
    let head = m.shown_session().head().expect("carving");
    press(&mut m, KeyCode::Char('C'), KeyModifiers::SHIFT);
    let (blocks, view) = (m.maze_blocks(), canvas(&m));
    let (left, top) = origin(&m);
    let (columns, rows) = m.viewport().capacity(view);
    let block = (2 * head.x + 1, 2 * head.y + 1);
    assert!(
        (left..left + columns).contains(&block.0),
        "{block:?} from {left}"
    );
    assert!((top..top + rows).contains(&block.1), "{block:?} from {top}");
    assert!(blocks.0 > columns);
    // Once the maze is done there is no head: the view stays, the status line says why.
    act(&mut m, Action::Finish);
    let before = origin(&m);
    act(&mut m, Action::Centre(Place::Head));
    assert_eq!(origin(&m), before);
    assert!(status_text(&m).contains("no head"), "{}", status_text(&m));
}

#[test]
fn a_click_on_the_minimap_jumps_there_and_a_drag_along_it_follows() {
    let mut m = finished_in(Zoom::Detail);
    let screen = m.screen().unwrap();
    let on_top = |m: &Model| m.viewport().minimap_on_top(m.maze_blocks(), canvas(m));
    assert!(
        !on_top(&m),
        "at the top of the maze, the minimap is at the bottom"
    );
    let map = minimap::area((200, 200), screen.canvas, false).expect("a minimap");
    // The bottom-right of the picture: the view goes to the maze's corner.
    let corner = (map.right() - 2, map.bottom() - 2);
    let cell = minimap::cell_at((200, 200), screen.canvas, false, corner).unwrap();
    mouse(&mut m, MouseKind::LeftPress, corner);
    assert_eq!(m.drag, Some(Drag::Minimap));
    // Showing the maze's last rows, the minimap would go to the top; dragged on, it stays.
    assert!(!on_top(&m));
    // The cell in the middle of that character of the picture is in the middle of the view
    // (as near as the maze's edges allow), near the maze's corner.
    assert!(cell.x > 180 && cell.y > 180, "{cell}");
    let block = (2 * cell.x + 1, 2 * cell.y + 1);
    let ((left, top), (columns, rows)) = (origin(&m), m.viewport().capacity(canvas(&m)));
    assert!(
        (left..left + columns).contains(&block.0),
        "{block:?} from {left}"
    );
    assert!((top..top + rows).contains(&block.1), "{block:?} from {top}");
    assert_eq!(left + columns, m.maze_blocks().0, "the right edge");
    // Dragged to the top-left (and past it, off the map), the view follows to the start.
    mouse(&mut m, MouseKind::LeftDrag, (map.x + 1, map.y + 1));
    let top_left = origin(&m);
    assert!(top_left.0 < 20 && top_left.1 < 40, "{top_left:?}");
    mouse(&mut m, MouseKind::LeftDrag, (map.x - 5, map.y - 3));
    assert_eq!(origin(&m), top_left, "off the map, its nearest character");
    mouse(&mut m, MouseKind::LeftRelease, (map.x - 5, map.y - 3));
    assert_eq!(m.drag, None);
    // A drag after the release moves nothing.
    mouse(&mut m, MouseKind::LeftDrag, corner);
    assert_eq!(origin(&m), top_left);
}

#[test]
fn the_minimap_moves_to_the_top_when_the_view_shows_the_exit_corner() {
    let mut m = finished_in(Zoom::Detail);
    let blocks = m.maze_blocks();
    assert!(!m.viewport().minimap_on_top(blocks, canvas(&m)));
    press(&mut m, KeyCode::Char('X'), KeyModifiers::SHIFT);
    assert!(m.viewport().minimap_on_top(blocks, canvas(&m)));
    // And a click lands on it there.
    let screen = m.screen().unwrap();
    let map = minimap::area((200, 200), screen.canvas, true).unwrap();
    assert_eq!(map.y, screen.canvas.y);
    mouse(&mut m, MouseKind::LeftPress, (map.x + 1, map.y + 1));
    mouse(&mut m, MouseKind::LeftRelease, (map.x + 1, map.y + 1));
    assert!(origin(&m).1 < 40, "{:?}", origin(&m));
}

#[test]
fn a_drag_on_the_canvas_pans_the_picture_with_the_pointer() {
    let mut m = finished_in(Zoom::Detail);
    m.focus = Focus::Themes;
    let c = m.screen().unwrap().canvas;
    let from = (c.x + 30, c.y + 10);
    mouse(&mut m, MouseKind::LeftPress, from);
    assert_eq!(m.focus(), Focus::Canvas);
    assert!(matches!(m.drag, Some(Drag::Canvas { .. })));
    // Ten columns and four rows up-left: five blocks across (two columns a block), four down.
    mouse(&mut m, MouseKind::LeftDrag, (from.0 - 10, from.1 - 4));
    assert_eq!(origin(&m), (5, 4));
    // Back past where it began: the view stops at the maze's edge.
    mouse(&mut m, MouseKind::LeftDrag, (from.0 + 20, from.1 + 8));
    assert_eq!(origin(&m), (0, 0));
    mouse(&mut m, MouseKind::LeftRelease, (from.0 + 20, from.1 + 8));
    assert_eq!(m.drag, None);
    // Where the view does not pan, a press only gives the canvas the focus.
    let mut whole = finished_in(Zoom::Whole);
    whole.focus = Focus::Themes;
    mouse(&mut whole, MouseKind::LeftPress, from);
    assert_eq!((whole.focus(), whole.drag), (Focus::Canvas, None));
}

#[test]
fn the_wheel_moves_four_times_as_far_at_1_4_as_at_1_1() {
    for (zoom, step) in [(Zoom::Detail, 6), (Zoom::Braille, 24)] {
        let mut m = finished_in(zoom);
        let c = m.screen().unwrap().canvas;
        let before = origin(&m);
        mouse(&mut m, MouseKind::ScrollDown, (c.x + 3, c.y + 3));
        assert_eq!(origin(&m), (before.0, before.1 + step), "{zoom:?}");
        mouse(&mut m, MouseKind::ScrollRight, (c.x + 3, c.y + 3));
        assert_eq!(origin(&m), (before.0 + step, before.1 + step), "{zoom:?}");
    }
    // The whole view does not pan: the wheel says how to zoom in.
    let mut m = finished_in(Zoom::Whole);
    let c = m.screen().unwrap().canvas;
    mouse(&mut m, MouseKind::ScrollDown, (c.x + 3, c.y + 3));
    assert!(status_text(&m).contains("zooms in"), "{}", status_text(&m));
}

#[test]
fn the_1_4_view_keeps_the_middle_of_the_1_1_view() {
    let mut m = finished_in(Zoom::Detail);
    act(
        &mut m,
        Action::Centre(crate::tui::kernel::action::Place::Exit),
    );
    act(
        &mut m,
        Action::Pan {
            towards: mazegen::Dir::North,
            big: true,
        },
    );
    let middle = centre(&m);
    act(&mut m, Action::ToggleZoom);
    assert_eq!(m.viewport().zoom(), Zoom::Braille);
    let after = centre(&m);
    // Kept, as near as the maze's edges allow.
    assert!(after.1.abs_diff(middle.1) <= m.viewport().capacity(canvas(&m)).1 / 2);
    assert!(m.viewport().pans(m.maze_blocks(), canvas(&m)));
}

/// The flood jobs among `effects`.
fn floods(effects: &[Effect]) -> Vec<crate::tui::heat::DistanceJob> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Work(Work::Distances(job)) => Some(job.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn d_floods_the_finished_maze_on_a_worker_and_draws_its_distances() {
    let mut m = model(30, 20);
    // While the maze is carved there is nothing to flood yet: it waits.
    let effects = press(&mut m, KeyCode::Char('d'), KeyModifiers::NONE);
    assert!(m.heat.on);
    assert!(floods(&effects).is_empty());
    assert!(
        status_text(&m).contains("once the maze is carved"),
        "{}",
        status_text(&m)
    );
    let effects = act(&mut m, Action::Finish);
    let jobs = floods(&effects);
    assert_eq!(jobs.len(), 1, "one flood, of the finished maze");
    let maze = std::sync::Arc::clone(m.shown_session().maze().unwrap());
    assert!(m.heat.is_measuring(&maze));
    assert!(m.heat.of(&maze).is_none(), "not until the worker answers");
    // Another message settles again: no second flood while one runs.
    let again = update(&mut m, Message::Tick(std::time::Duration::from_millis(16)));
    assert!(floods(&again).is_empty());
    answer(&mut m, effects);
    let map = m.heat.of(&maze).expect("the distances");
    assert_eq!(map.at(maze.entry()), Some(0));
    assert_eq!(
        map.at(maze.exit()),
        maze.solution().map(|path| path.len() as u32)
    );
    // Off forgets them; on again floods again.
    press(&mut m, KeyCode::Char('d'), KeyModifiers::NONE);
    assert!(!m.heat.on && m.heat.map.is_none());
    let effects = press(&mut m, KeyCode::Char('d'), KeyModifiers::NONE);
    assert_eq!(floods(&effects).len(), 1);
}

#[test]
fn a_new_maze_is_flooded_anew_and_a_stale_answer_is_dropped() {
    let mut m = model(30, 20);
    act(&mut m, Action::Finish);
    let first = floods(&act(&mut m, Action::ToggleHeat));
    assert_eq!(first.len(), 1);
    // A new maze before the answer: its own flood once it is finished.
    act(&mut m, Action::Regenerate);
    let second = floods(&act(&mut m, Action::Finish));
    assert_eq!(second.len(), 1);
    assert_ne!(first[0].job, second[0].job);
    // The first flood's answer comes late: it is not the new maze's.
    let stale = first[0].run();
    update(
        &mut m,
        Message::Done {
            job: first[0].job,
            answer: Answer::Distances(Parcel::new(stale)),
        },
    );
    let maze = std::sync::Arc::clone(m.shown_session().maze().unwrap());
    assert!(m.heat.of(&maze).is_none());
    assert!(m.heat.is_measuring(&maze));
}

#[test]
fn a_flood_that_fails_turns_the_heatmap_off_and_says_why() {
    let mut m = model(30, 20);
    act(&mut m, Action::Finish);
    let job = floods(&act(&mut m, Action::ToggleHeat))[0].job;
    let refused: Result<Distances, String> =
        Err("no memory for the distances of 30x20 cells".to_owned());
    update(
        &mut m,
        Message::Done {
            job,
            answer: Answer::Distances(Parcel::new(refused)),
        },
    );
    assert!(!m.heat.on);
    let status = m.status().unwrap();
    assert_eq!(status.kind, StatusKind::Warning);
    assert!(status.text.contains("no memory"), "{}", status.text);
}

#[test]
fn a_heatmap_bigger_than_the_memory_available_is_refused_before_it_starts() {
    use crate::tui::testing::{config, start};
    let mut start = start(config(30, 20, ""));
    // The flood needs four bytes a cell: 2400 here.
    start.memory_limit = Some(2000);
    let mut m = Model::new(start).unwrap();
    act(&mut m, Action::Finish);
    let effects = act(&mut m, Action::ToggleHeat);
    assert!(floods(&effects).is_empty());
    assert!(!m.heat.on);
    let status = m.status().unwrap();
    assert_eq!(status.kind, StatusKind::Warning);
    assert!(status.text.contains("more than the"), "{}", status.text);
}
