//! Whole-screen snapshots (insta + ratatui's TestBackend) and checks of what `view` draws.
//!
//! Colour themes draw the maze as coloured blank cells, which plain text cannot show, so the
//! snapshots write each canvas cell as the letter of the role its colour stands for.

use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;

use super::roles::Role;
use super::view;
use crate::tui::keymap::{Context, Keymap};
use crate::tui::message::{Action, Message};
use crate::tui::model::Model;
use crate::tui::testing::{answer, big_model, inline_model, model, tick_until_done};
use crate::tui::theme::Palette;
use crate::tui::update;

mod big;
mod help_now;
mod lists;
mod memo;
mod narrow;

const FRAME: Duration = Duration::from_millis(16);

pub(crate) fn sized(mut model: Model, width: u16, height: u16) -> Model {
    update(&mut model, Message::Resize { width, height });
    model
}

pub(crate) fn act(model: &mut Model, action: Action) {
    update(model, Message::Action(action));
}

pub(crate) fn theme(model: &mut Model, name: &str) {
    let index = model.themes.position(name).expect("a bundled theme");
    act(model, Action::PickTheme(index));
    act(model, Action::ToggleFocus);
}

pub(super) fn render(model: &Model) -> Buffer {
    let (width, height) = model.size;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| view(model, frame)).unwrap();
    terminal.backend().buffer().clone()
}

/// The letter for a maze colour of `palette` (passages and the background are blank), or the
/// whole view's shades of wall density as `.` `:` `=` `%`, lightest first.
fn role_letter(colour: Color, palette: &Palette) -> char {
    let roles = [
        (palette.walls, '#'),
        (palette.entry, 'E'),
        (palette.exit, 'X'),
        (palette.path, '*'),
        (palette.stamp, '4'),
        (palette.head, '@'),
        (palette.frontier, 'f'),
        (palette.visited, 'v'),
        (palette.unvisited, '~'),
        (palette.passages, ' '),
        (palette.background, ' '),
    ];
    // The whole view's shades of wall density, lightest first (the first is the passages').
    let shades = super::aggregate::shades(palette);
    let shade = shades[1..]
        .iter()
        .zip(['.', ':', '=', '%'])
        .find(|(c, _)| **c == colour)
        .map(|(_, letter)| letter);
    roles
        .iter()
        .find(|(c, _)| *c == colour)
        .map(|&(_, letter)| letter)
        .or(shade)
        .unwrap_or('?')
}

/// The screen as text, the canvas of a colour theme as role letters where colour is all
/// there is.
pub(crate) fn screen_text(model: &Model) -> String {
    let buf = render(model);
    let canvas = model.screen().map(|s| s.canvas);
    let theme = model.theme();
    let mut text = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            let cell = &buf[(x, y)];
            let in_canvas = canvas.is_some_and(|c| c.contains((x, y).into()));
            // Blank cells and half blocks are colour; anything else (braille, the minimap's
            // frame) is drawn as it is.
            let coloured = matches!(cell.symbol(), " " | "▀");
            if in_canvas && !theme.monochrome && !model.help_is_open() && coloured {
                // Half blocks show the top pixel in the foreground.
                let colour = if cell.symbol() == "▀" {
                    cell.fg
                } else {
                    cell.bg
                };
                text.push(role_letter(colour, &theme.palette));
            } else {
                text.push_str(cell.symbol());
            }
        }
        text.push('\n');
    }
    text
}

fn finished(width: u32, height: u32) -> Model {
    finished_at(sized(model(width, height), 100, 30))
}

/// `model`, its maze carved and solved at once.
fn finished_at(mut model: Model) -> Model {
    act(&mut model, Action::Finish);
    model
}

#[test]
fn snapshot_mid_carving() {
    let mut m = sized(model(15, 10), 100, 30);
    for _ in 0..60 {
        update(&mut m, Message::Tick(FRAME));
    }
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_mid_solving() {
    let mut m = sized(model(15, 10), 100, 30);
    theme(&mut m, "plain");
    while m.phase() == mazegen::session::Phase::Carving {
        update(&mut m, Message::Tick(FRAME));
    }
    for _ in 0..20 {
        update(&mut m, Message::Tick(FRAME));
    }
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_finished_with_the_path() {
    insta::assert_snapshot!(screen_text(&finished(15, 10)));
}

#[test]
fn snapshot_finished_without_the_path() {
    let mut m = finished(15, 10);
    act(&mut m, Action::TogglePath);
    insta::assert_snapshot!(screen_text(&m));
}

/// Three solvers compared on a board (loops make their paths differ), the last one, dead-end
/// filling, caught mid-run with filled cells dark; then a courtyard maze by another algorithm.
#[test]
fn snapshot_solvers_compared_on_a_board() {
    let mut config = crate::tui::testing::config(15, 10, "");
    config.perfect = false;
    let mut m = sized(
        Model::new(crate::tui::testing::start(config)).unwrap(),
        100,
        30,
    );
    act(&mut m, Action::Finish);
    for _ in 0..4 {
        act(&mut m, Action::NextSolver);
        act(&mut m, Action::Finish);
    }
    act(&mut m, Action::NextSolver);
    for _ in 0..8 {
        update(&mut m, Message::Tick(FRAME));
    }
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_courtyard_by_prim() {
    let mut config = crate::tui::testing::config(21, 13, "COURTYARD=True\nALGORITHM=prim\n");
    config.exit = mazegen::Pos::new(20, 12);
    let mut m = sized(
        Model::new(crate::tui::testing::start(config)).unwrap(),
        100,
        32,
    );
    act(&mut m, Action::Finish);
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_help_overlay() {
    let mut m = finished(15, 10);
    act(&mut m, Action::ToggleHelp);
    insta::assert_snapshot!(screen_text(&m));
}

/// The user's keys file of the snapshots below: the footer, the help, the status hint and the
/// pane titles must all show these keys rather than the built-in ones.
const USER_KEYS: &str = r#"
[keys]
quit = ["ctrl-c", "q"]
toggle-help = "f1"
toggle-path = "P"
finish = "f"
toggle-focus = "backtab"
export = []
"#;

/// A finished 15x10 maze, as `finished` makes it, with [`USER_KEYS`].
fn finished_with_user_keys() -> Model {
    let keymap = Keymap::built_in()
        .with_user_keys(USER_KEYS, std::path::Path::new("keys.toml"))
        .expect("the test keys are valid");
    let start = crate::tui::model::Start {
        keymap,
        ..crate::tui::testing::start(crate::tui::testing::config(15, 10, ""))
    };
    let mut m = sized(Model::new(start).unwrap(), 100, 30);
    act(&mut m, Action::Finish);
    m
}

#[test]
fn snapshot_footer_with_user_keys() {
    let m = finished_with_user_keys();
    let text = screen_text(&m);
    assert!(text.contains(" P path "), "{text}");
    assert!(!text.contains(" svg "), "export has no key left:\n{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_help_overlay_with_user_keys() {
    let mut m = finished_with_user_keys();
    act(&mut m, Action::ToggleHelp);
    let text = screen_text(&m);
    assert!(text.contains("Esc or F1 closes"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_theme_plain() {
    let mut m = finished(15, 10);
    theme(&mut m, "plain");
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_theme_light() {
    let mut m = finished(15, 10);
    theme(&mut m, "light");
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_whole_maze_zoomed_out() {
    let mut m = sized(model(80, 50), 100, 30);
    act(&mut m, Action::Finish);
    theme(&mut m, "plain");
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_whole_maze_in_braille() {
    let mut m = sized(model(40, 30), 100, 30);
    act(&mut m, Action::Finish);
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_terminal_too_small() {
    insta::assert_snapshot!(screen_text(&sized(model(15, 10), 50, 12)));
}

#[test]
fn every_maze_role_gets_its_theme_colour() {
    for name in ["classic", "light", "ocean"] {
        let mut m = finished(15, 10);
        theme(&mut m, name);
        let buf = render(&m);
        let canvas = m.screen().unwrap().canvas;
        let palette = &m.theme().palette;
        let mut seen = std::collections::HashSet::new();
        for y in canvas.top()..canvas.bottom() {
            for x in canvas.left()..canvas.right() {
                seen.insert(buf[(x, y)].bg);
            }
        }
        for (role, colour) in [
            ("walls", palette.walls),
            ("passages", palette.passages),
            ("entry", palette.entry),
            ("exit", palette.exit),
            ("path", palette.path),
            ("42", palette.stamp),
        ] {
            assert!(seen.contains(&colour), "{name}: no {role} on the canvas");
        }
    }
}

#[test]
fn the_footer_shows_the_keymaps_footer_keys() {
    let m = sized(model(15, 10), 200, 40);
    let buf = render(&m);
    let keys_row = m.screen().unwrap().keys.y;
    let line: String = (0..200)
        .map(|x| buf[(x, keys_row)].symbol().to_owned())
        .collect();
    for binding in m.keymap().footer_bindings(Context::Canvas) {
        // Only the keys that do something now: `]` only on an opened file.
        let now = crate::tui::layer::does_something(&m, binding.action);
        assert_eq!(line.contains(binding.footer.unwrap()), now, "{line}");
    }
}

#[test]
fn the_help_lists_every_binding() {
    let mut m = sized(model(15, 10), 200, 60);
    act(&mut m, Action::ToggleHelp);
    let text = screen_text(&m);
    for binding in m.keymap().bindings() {
        // With a config of one's own, the first run's `W` never acts.
        if binding.action == Action::WriteConfig {
            continue;
        }
        assert!(text.contains(binding.help), "missing {:?}", binding.help);
    }
    assert!(!text.contains("first run"), "{text}");
    // The actions without a key are named under their own heading, not as "(none)".
    assert!(!text.contains("(none)"), "{text}");
    let unbound = text
        .find("No key (keys.toml can give one)")
        .expect("a heading");
    let next_algorithm = text.find("next algorithm, no list").unwrap();
    assert!(unbound < next_algorithm, "{text}");
}

#[test]
fn the_legend_uses_the_canvas_colours() {
    let m = sized(model(15, 10), 120, 50);
    let buf = render(&m);
    let legend = m.screen().unwrap().legend.unwrap();
    let palette = &m.theme().palette;
    let mut colours = std::collections::HashSet::new();
    for y in legend.top()..legend.bottom() {
        for x in legend.left()..legend.right() {
            colours.insert(buf[(x, y)].bg);
        }
    }
    for role in [Role::Wall, Role::Path, Role::Entry, Role::Exit, Role::Stamp] {
        assert!(
            colours.contains(&super::paint::colour(role, palette)),
            "{role:?}"
        );
    }
}

#[test]
fn any_terminal_size_renders_without_panicking() {
    let mut m = finished(30, 20);
    for (width, height) in [
        (0, 0),
        (1, 1),
        (59, 40),
        (60, 21),
        (60, 22),
        (61, 23),
        (500, 7),
    ] {
        m = sized(m, width, height);
        act(&mut m, Action::ToggleHelp);
        render(&m);
        act(&mut m, Action::ToggleHelp);
        act(&mut m, Action::ToggleZoom);
        render(&m);
    }
}

#[test]
fn solver_labels_are_short_and_unique() {
    let solvers = mazegen::Solver::ALL;
    for (i, &a) in solvers.iter().enumerate() {
        let label = crate::tui::text::solver_label(a);
        assert!(!label.is_empty() && label.chars().count() <= 13, "{label}");
        for &b in &solvers[i + 1..] {
            assert_ne!(label, crate::tui::text::solver_label(b));
        }
    }
}

// --- Fit, 1:1, whole, and the minimap ---

/// A terminal whose canvas (inside its border) is `width` x `height`.
fn canvas_sized(model: Model, width: u16, height: u16) -> Model {
    use crate::tui::layout::{FOOTER_HEIGHT, SIDEBAR_WIDTH};
    let m = sized(model, width + 2 + SIDEBAR_WIDTH, height + 2 + FOOTER_HEIGHT);
    let canvas = m.screen().unwrap().canvas;
    assert_eq!((canvas.width, canvas.height), (width, height));
    m
}

/// The canvas alone, as [`screen_text`] writes it.
fn canvas_text(model: &Model) -> String {
    let canvas = model.screen().unwrap().canvas;
    screen_text(model)
        .lines()
        .skip(usize::from(canvas.y))
        .take(usize::from(canvas.height))
        .map(|line| {
            let row: String = line
                .chars()
                .skip(usize::from(canvas.x))
                .take(usize::from(canvas.width))
                .collect();
            row + "\n"
        })
        .collect()
}

/// A 25x20 maze in a 130x48 canvas: blocks of 2x1 are the largest that fit (4x2 would take
/// 204 x 82), centred.
#[test]
fn snapshot_fit_in_a_130x48_canvas() {
    let mut m = canvas_sized(model(25, 20), 130, 48);
    act(&mut m, Action::Finish);
    assert_eq!(m.viewport().zoom(), crate::tui::viewport::Zoom::Fit);
    let text = canvas_text(&m);
    let rows: Vec<&str> = text.lines().collect();
    // 102 x 41 characters, centred: 14 columns and 3 rows of margin before.
    assert!(
        rows[2].trim().is_empty() && !rows[3].trim().is_empty(),
        "{text}"
    );
    assert_eq!(rows[3].find('#'), Some(14), "{text}");
    insta::assert_snapshot!(screen_text(&m));
}

/// The same maze in a 130x48 terminal (a 96x44 canvas): too narrow for blocks of 2x1, so cells
/// keep 2x1 and walls take one column, 76 x 41 characters, where the whole-maze view would
/// draw it in 51 x 21.
#[test]
fn snapshot_fit_with_thin_walls_in_a_130x48_terminal() {
    let mut m = sized(model(25, 20), 130, 48);
    act(&mut m, Action::Finish);
    let text = canvas_text(&m);
    let width = text.lines().map(|row| row.trim().chars().count()).max();
    assert_eq!(width, Some(76), "{text}");
    assert_eq!(
        text.lines().filter(|row| !row.trim().is_empty()).count(),
        41
    );
    insta::assert_snapshot!(screen_text(&m));
}

/// A tiny maze fits at 4x2 a block; in the plain theme each block's glyphs are doubled, the
/// first on its left half and the second on its right (`(())`). `z` then shows 1:1, then fit
/// again: the whole-maze view would be the same maze smaller still.
#[test]
fn snapshot_fit_twice_the_size_then_one_to_one() {
    use crate::tui::viewport::Zoom;
    let mut m = finished(7, 5);
    theme(&mut m, "plain");
    let fit = screen_text(&m);
    assert!(fit.contains("(())"), "{fit}");
    insta::assert_snapshot!(fit);
    act(&mut m, Action::ToggleZoom);
    assert_eq!(m.viewport().zoom(), Zoom::Detail);
    let one_to_one = screen_text(&m);
    assert!(
        one_to_one.contains("┌ Maze · 1:1 (z: fit) "),
        "{one_to_one}"
    );
    assert!(one_to_one.contains("██()██"), "{one_to_one}");
    act(&mut m, Action::ToggleZoom);
    assert_eq!(m.viewport().zoom(), Zoom::Fit);
}

/// A solved 2000x2000 maze, seed 42, in the classic theme.
fn solved_2000() -> Model {
    // Finished and measured at once, as a small maze is, rather than a slice a tick.
    let mut m = sized(inline_model(2000, 2000), 100, 30);
    act(&mut m, Action::Finish);
    let canvas = m.screen().unwrap().canvas_size();
    let shown = m.viewport().shown(m.maze_blocks(), canvas);
    assert_eq!(shown, crate::tui::viewport::Shown::Whole);
    m
}

/// The whole view of a 2000x2000 maze: every character gathers about 30x60 cells; the path
/// is one solid line a character wide from the entry `E` to the exit `X`, the maze an even
/// shade of its wall density (`:`), the 42 a mark in the middle. The path's characters make one
/// 8-connected chain from the entry's character to the exit's.
#[test]
fn snapshot_whole_view_of_a_2000x2000_maze_with_the_path_as_one_line() {
    let mut m = solved_2000();
    let text = canvas_text(&m);
    assert!(text.contains('E') && text.contains('X'), "{text}");
    // The 42 is in the middle, on the path's colour if the path passes by.
    assert!(text.contains('4') || text.contains('▒'), "{text}");
    insta::assert_snapshot!(screen_text(&m));

    let buf = render(&m);
    let canvas = m.screen().unwrap().canvas;
    let palette = m.theme().palette.clone();
    let mut path = std::collections::HashSet::new();
    let (mut entry, mut exit) = (None, None);
    for y in canvas.top()..canvas.bottom() {
        for x in canvas.left()..canvas.right() {
            let bg = buf[(x, y)].bg;
            if bg == palette.entry {
                entry = Some((x, y));
            } else if bg == palette.exit {
                exit = Some((x, y));
            } else if bg != palette.path && buf[(x, y)].fg != palette.path {
                continue;
            }
            path.insert((x, y));
        }
    }
    let (entry, exit) = (entry.unwrap(), exit.unwrap());
    // A thin line: its route across the 52x26 characters, not the area the path winds over.
    assert!(
        (52..200).contains(&path.len()),
        "a thin line: {} characters",
        path.len()
    );
    let mut reached = std::collections::HashSet::from([entry]);
    let mut todo = vec![entry];
    while let Some((x, y)) = todo.pop() {
        for dy in -1..=1_i16 {
            for dx in -1..=1_i16 {
                let next = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
                if path.contains(&next) && reached.insert(next) {
                    todo.push(next);
                }
            }
        }
    }
    assert!(
        reached.contains(&exit),
        "the exit is not reached from the entry"
    );
    assert_eq!(reached.len(), path.len(), "path characters off the line");

    // Hiding the path leaves only the entry and the exit.
    act(&mut m, Action::TogglePath);
    let buf = render(&m);
    let painted = buf
        .content()
        .iter()
        .filter(|c| c.bg == palette.path || c.fg == palette.path)
        .count();
    assert_eq!(painted, 0);
}

/// Carving a 300x300 maze, seen whole: the carved part is a shade of its wall density (`:`),
/// the rest `~` (not carved yet), with the backtracker's stack `f` and head `@` between them.
#[test]
fn snapshot_whole_view_mid_carving_shows_the_carved_area() {
    let mut m = sized(model(300, 300), 100, 30);
    for _ in 0..100 {
        update(&mut m, Message::Tick(FRAME));
    }
    assert_eq!(m.phase(), mazegen::session::Phase::Carving);
    let text = canvas_text(&m);
    assert!(text.contains('~') && text.contains('@'), "{text}");
    assert!(text.contains(':'), "{text}");
    insta::assert_snapshot!(text);
}

/// The 1:1 view of a maze larger than the canvas has a minimap in its bottom-right corner,
/// with the part on screen outlined; it follows the view as it pans.
#[test]
fn snapshot_minimap_in_the_one_to_one_view() {
    let mut m = sized(model(200, 120), 140, 44);
    act(&mut m, Action::Finish);
    act(&mut m, Action::ToggleZoom);
    assert_eq!(m.viewport().zoom(), crate::tui::viewport::Zoom::Detail);
    for _ in 0..6 {
        act(
            &mut m,
            Action::Pan {
                towards: mazegen::Dir::East,
                big: true,
            },
        );
        act(
            &mut m,
            Action::Pan {
                towards: mazegen::Dir::South,
                big: true,
            },
        );
    }
    let text = screen_text(&m);
    let canvas = canvas_text(&m);
    // The minimap's frame, and the outline of the part on screen inside it.
    assert_eq!(canvas.matches('┌').count(), 2, "{canvas}");
    assert_eq!(canvas.matches('┘').count(), 2, "{canvas}");
    insta::assert_snapshot!(text);
    // No minimap when the whole maze is on screen.
    let mut small = finished(15, 10);
    act(&mut small, Action::ToggleZoom);
    let canvas = canvas_text(&small);
    assert!(!canvas.contains('│'), "{canvas}");
}

/// A finished maze scrubbed back to the middle of its carving, in the plain theme: the
/// timeline on the status line, the carving as it was (stack and head), no path.
#[test]
fn snapshot_timeline_scrubbed_back() {
    let mut m = finished(15, 10);
    theme(&mut m, "plain");
    for _ in 0..5 {
        act(
            &mut m,
            Action::Scrub(crate::tui::kernel::action::Scrub::BackFar),
        );
    }
    insta::assert_snapshot!(screen_text(&m));
}

/// Four algorithms racing on a 15x10 maze, mid-carving, in the plain theme.
#[test]
fn snapshot_race_carving() {
    let mut m = sized(model(15, 10), 100, 30);
    theme(&mut m, "plain");
    act(&mut m, Action::Race);
    for _ in 0..40 {
        update(&mut m, Message::Tick(FRAME));
    }
    insta::assert_snapshot!(screen_text(&m));
}

/// Three algorithms after the race, with the summary table.
#[test]
fn snapshot_race_summary() {
    let mut m = sized(model(15, 10), 100, 34);
    theme(&mut m, "plain");
    crate::tui::update::start_race(
        &mut m,
        &[
            mazegen::Algorithm::Backtracker,
            mazegen::Algorithm::Kruskal,
            mazegen::Algorithm::Sidewinder,
        ],
    );
    while !m.race().unwrap().is_over() {
        update(&mut m, Message::Tick(FRAME));
    }
    act(&mut m, Action::ToggleFocus);
    insta::assert_snapshot!(screen_text(&m));
    // The lanes' own times, once measured, replace the "…".
    let race = m.stack.race.as_mut().unwrap();
    race.timing = crate::tui::modes::race::Timing::Timed(vec![
        Some(Duration::from_micros(1500)),
        None,
        Some(Duration::from_micros(12_345)),
    ]);
    let text = screen_text(&m);
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(" s ")).collect();
    // Right-aligned, the fastest starred, the star's room kept blank in the other rows.
    assert!(rows[0].contains("5.1 s     1.50 ms ★"), "{text}");
    assert!(rows[1].contains("4.5 s ★         –   "), "{text}");
    assert!(rows[2].contains("6.1 s    12.35 ms   "), "{text}");
}

/// Each column of the summary stars its winner (a unique best: a tie stars nobody), and the
/// table says what wins each one.
#[test]
fn the_race_summary_stars_each_columns_winner() {
    let mut m = sized(model(15, 10), 100, 34);
    theme(&mut m, "plain");
    crate::tui::update::start_race(
        &mut m,
        &[mazegen::Algorithm::Backtracker, mazegen::Algorithm::Kruskal],
    );
    while !m.race().unwrap().is_over() {
        update(&mut m, Message::Tick(FRAME));
    }
    let text = screen_text(&m);
    let row = |name: &str| {
        text.lines()
            .find(|l| l.contains(&format!("│{name} ")))
            .unwrap()
    };
    // Kruskal carves in fewer steps and finishes first; backtracker's path is longer.
    assert!(row("kruskal").contains(" 205 ★"), "{text}");
    assert!(row("backtracker").contains(" 262   "), "{text}");
    assert!(row("backtracker").contains(" 69 ★"), "{text}");
    assert!(row("kruskal").contains(" s ★"), "{text}");
    assert!(!row("backtracker").contains(" s ★"), "{text}");
    assert!(
        text.contains(crate::tui::modes::race::view::WINNERS),
        "{text}"
    );
    // Numbers end at the column's right edge: the header's last letter over the last digit.
    let header = text.lines().find(|l| l.contains("│algorithm")).unwrap();
    let steps_end = header.find("steps").unwrap() + "steps".len();
    let digits_end = row("kruskal").find(" 205").unwrap() + " 205".len();
    assert_eq!(
        header[..steps_end].chars().count(),
        row("kruskal")[..digits_end].chars().count(),
        "{text}"
    );
}

/// While a big new maze is made, the old one is freed: the canvas names the maze being made
/// and the sidebar its facts, with nothing of the old maze's.
#[test]
fn a_maze_being_made_is_named_on_an_empty_canvas() {
    let mut m = sized(crate::tui::testing::big_model(30, 20), 120, 40);
    use crate::tui::testing::{answer, answer_hand_overs};
    let mut effects = update(&mut m, Message::Action(Action::Finish));
    for _ in 0..1000 {
        if m.shown_session().maze().is_some() {
            break;
        }
        let tick = update(&mut m, Message::Tick(FRAME));
        effects.extend(answer_hand_overs(&mut m, tick));
    }
    answer(&mut m, effects);
    update(&mut m, Message::Action(Action::Regenerate));
    assert!(m.has_no_maze());
    let text = screen_text(&m);
    let making = format!(
        "Making the 30x20 {} maze, seed {}…",
        m.config().algorithm,
        m.seed()
    );
    assert!(text.matches(&making).count() >= 1, "{text}");
    assert!(text.contains("Making       0%"), "{text}");
    assert!(text.contains(&format!("Seed       {}", m.seed())), "{text}");
    // No wall of any maze is drawn.
    let canvas = canvas_text(&m);
    assert!(!canvas.contains('#'), "{canvas}");
}

/// The sidebar's difficulty (issue 22 part 5) comes with the big maze's measures, from the
/// job: a dash until it answers, then the level and the score `Maze::difficulty` gives.
#[test]
fn the_sidebar_shows_the_difficulty_the_measure_job_found() {
    let mut m = sized(big_model(40, 30), 120, 40);
    let effects = tick_until_done(&mut m);
    assert!(
        screen_text(&m).contains("Difficulty –"),
        "not measured yet:\n{}",
        screen_text(&m)
    );
    answer(&mut m, effects);
    let maze = m.shown_session().maze().expect("measured").clone();
    let fresh = mazegen::Maze::generate(maze.options().clone(), maze.entry(), maze.exit()).unwrap();
    let difficulty = fresh.difficulty().unwrap();
    let row = format!("Difficulty {} ({:.0})", difficulty.level, difficulty.score);
    assert!(
        screen_text(&m).contains(&row),
        "{row}:\n{}",
        screen_text(&m)
    );
}

/// The default 25x20 maze raced by four algorithms at `size`, in the plain theme, run to its
/// end when `over`.
fn default_race(size: (u16, u16), over: bool) -> Model {
    let mut m = sized(model(25, 20), size.0, size.1);
    theme(&mut m, "plain");
    act(&mut m, Action::Race);
    for _ in 0..40 {
        update(&mut m, Message::Tick(FRAME));
    }
    while over && !m.race().unwrap().is_over() {
        update(&mut m, Message::Tick(FRAME));
    }
    m
}

/// The columns and rows of the first lane's maze area that are drawn on (not blank).
fn first_lane_drawing(text: &str, m: &Model) -> (usize, usize) {
    let (width, height) = m.size();
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    let lane = crate::tui::modes::race::view::lanes_of(area, m.race().unwrap()).maze(0);
    let rows: Vec<Vec<char>> = text
        .lines()
        .skip(usize::from(lane.y))
        .take(usize::from(lane.height))
        .map(|l| {
            l.chars()
                .skip(usize::from(lane.x))
                .take(usize::from(lane.width))
                .collect()
        })
        .collect();
    let drawn_rows = rows.iter().filter(|r| r.iter().any(|c| *c != ' ')).count();
    let drawn_columns = (0..rows[0].len())
        .filter(|&x| rows.iter().any(|r| r[x] != ' '))
        .count();
    (drawn_columns, drawn_rows)
}

/// At 140x45 each of four lanes is a quarter of the screen: boxed, too short for half blocks
/// (41 pixel rows in 19 rows). Bare, beside a column of its own, a lane has 51 columns and
/// 21 rows for its maze: the whole 25x20 maze in half blocks, 51x21.
#[test]
fn snapshot_race_140x45_carving() {
    let m = default_race((140, 45), false);
    let text = screen_text(&m);
    assert_eq!(first_lane_drawing(&text, &m), (51, 21), "{text}");
    assert!(!text.contains('⣿'), "no braille: {text}");
    assert!(text.contains(" 1 backtracker"), "{text}");
    insta::assert_snapshot!(text);
}

/// Once over, each lane's column holds its numbers (no table takes the lanes' rows): still
/// half blocks, and the line under the lanes says what wins each number.
#[test]
fn snapshot_race_140x45_summary() {
    let m = default_race((140, 45), true);
    let text = screen_text(&m);
    assert!(text.contains(" ★"), "{text}");
    assert_eq!(first_lane_drawing(&text, &m), (51, 21), "{text}");
    assert!(
        text.contains(crate::tui::modes::race::view::WINNERS),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_race_80x24_summary() {
    let m = default_race((80, 24), true);
    let text = screen_text(&m);
    assert!(text.contains(" ★"), "{text}");
    insta::assert_snapshot!(text);
}

/// Two lanes at 140x45 have half the screen each: half blocks, the whole maze in 51x21.
#[test]
fn two_lanes_at_140x45_are_drawn_in_half_blocks() {
    let mut m = sized(model(25, 20), 140, 45);
    theme(&mut m, "plain");
    crate::tui::update::start_race(
        &mut m,
        &[mazegen::Algorithm::Backtracker, mazegen::Algorithm::Kruskal],
    );
    for _ in 0..40 {
        update(&mut m, Message::Tick(FRAME));
    }
    let text = screen_text(&m);
    assert_eq!(first_lane_drawing(&text, &m), (51, 21), "{text}");
    assert!(!text.contains('⣿'), "{text}");
}

/// The default maze fits at 1:1 in a 140x45 terminal: `z` says the whole maze is in view
/// rather than switching to a whole-maze view of the same maze, smaller, and the footer leaves
/// `z` out. At 80x24 the maze is bigger than the canvas at 1:1, and `z` zooms.
#[test]
fn z_says_so_when_the_whole_maze_is_in_view_at_one_to_one() {
    use crate::tui::viewport::Zoom;
    let mut m = sized(model(25, 20), 140, 45);
    assert!(!crate::tui::layer::does_something(&m, Action::ToggleZoom));
    assert!(!screen_text(&m).contains("z zoom"));
    act(&mut m, Action::ToggleZoom);
    assert_eq!(m.viewport().zoom(), Zoom::Fit);
    assert_eq!(
        m.status().unwrap().text,
        "The whole maze is in view at 1:1 already: nothing to zoom"
    );
    let mut narrow = sized(model(25, 20), 80, 24);
    assert!(crate::tui::layer::does_something(
        &narrow,
        Action::ToggleZoom
    ));
    act(&mut narrow, Action::ToggleZoom);
    assert_eq!(narrow.viewport().zoom(), Zoom::Detail);
}

/// In play the legend names the walker and the chasers ("you", "chaser"; not the carving's
/// head and stack) in the colours the canvas draws them in, in every colour theme.
#[test]
fn the_play_legend_shows_the_walker_and_chaser_colours() {
    use crate::tui::configs::APP_CONFIG_KEYS;
    use crate::tui::testing::start;
    let text = "WIDTH=15\nHEIGHT=10\nENTRY=0,0\nEXIT=14,9\nOUTPUT_FILE=out/maze.txt\n\
                PERFECT=False\nSEED=42\n";
    for name in ["classic", "light", "ocean", "forest", "amber", "synthwave"] {
        let board = mazegen::config::Config::parse_with_app_keys(text, "c", APP_CONFIG_KEYS);
        let board = board.unwrap();
        let mut m = sized(Model::new(start(board)).unwrap(), 120, 50);
        theme(&mut m, name);
        act(&mut m, Action::Finish);
        act(&mut m, Action::TogglePlay);
        let game = m.play().round().unwrap().game();
        assert!(!game.chasers().is_empty(), "a board has a chaser");
        let buf = render(&m);
        let screen = m.screen().unwrap();
        let mut canvas = std::collections::HashSet::new();
        for y in screen.canvas.top()..screen.canvas.bottom() {
            for x in screen.canvas.left()..screen.canvas.right() {
                canvas.insert(buf[(x, y)].fg);
                canvas.insert(buf[(x, y)].bg);
            }
        }
        let legend = screen.legend.unwrap();
        let swatch = |label: &str| -> Color {
            for y in legend.top()..legend.bottom() {
                let row: String = (legend.left()..legend.right())
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect();
                if let Some(at) = row.find(&format!(" {label} ")) {
                    // The swatch's two cells, then a space, then the name.
                    let at = row[..at].chars().count() as u16;
                    return buf[(legend.left() + at - 1, y)].bg;
                }
            }
            panic!("{name}: no {label:?} in the legend");
        };
        let (you, chaser) = (swatch("you"), swatch("chaser"));
        let palette = &m.theme().palette;
        assert_eq!(you, super::paint::colour(Role::Head, palette), "{name}");
        assert_eq!(
            chaser,
            super::paint::colour(Role::Frontier, palette),
            "{name}"
        );
        assert_ne!(you, chaser, "{name}");
        assert!(canvas.contains(&you), "{name}: the walker on the canvas");
        assert!(canvas.contains(&chaser), "{name}: a chaser on the canvas");
    }
}

/// One name for one thing: the canvas is "Maze", the sidebar's facts about it "Statistics".
#[test]
fn the_canvas_and_the_sidebar_have_different_titles() {
    let m = finished_at(sized(model(15, 10), 120, 50));
    let text = screen_text(&m);
    assert_eq!(text.matches("┌ Maze").count(), 1, "{text}");
    assert!(text.contains("┌ Statistics ─"), "{text}");
}

/// Without colour, the legend of a whole view shows the marks the canvas draws there (`E`,
/// `X`, the bold path dot), and the 1:1 view's pairs (`()`, `[]`) where the canvas has them.
#[test]
fn the_legend_without_colour_shows_the_canvas_marks() {
    let mut big = finished_at(sized(model(200, 150), 140, 45));
    theme(&mut big, "plain");
    let canvas = big.screen().unwrap().canvas_size();
    let shown = big.viewport().shown(big.maze_blocks(), canvas);
    assert_eq!(shown, crate::tui::viewport::Shown::Whole);
    let text = screen_text(&big);
    for mark in ["E  entry", "X  exit", "•  path"] {
        assert!(text.contains(mark), "{mark}: {text}");
    }
    let mut small = finished_at(sized(model(15, 10), 140, 45));
    theme(&mut small, "plain");
    let text = screen_text(&small);
    assert!(
        text.contains("() entry") && text.contains("[] exit"),
        "{text}"
    );
}
