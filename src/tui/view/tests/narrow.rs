//! Every mode at 80x24, the size most terminals open at: the sidebar folded to its summary
//! line, the help in one scrolled column, the 1:1 view's title whole.

use super::{FRAME, act, finished_at, render, screen_text, sized, theme};
use crate::tui::help;
use crate::tui::kernel::action::HelpScroll;
use crate::tui::kernel::action::Scrub;
use crate::tui::message::{Action, Message};
use crate::tui::model::Model;
use crate::tui::testing::model;
use crate::tui::update;
use crate::tui::viewport::Zoom;
use mazegen::Dir;
use mazegen::session::Phase;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

/// The default 25x20 maze in an 80x24 terminal, in the plain theme (glyphs, not colours).
fn narrow() -> Model {
    let mut m = sized(model(25, 20), 80, 24);
    theme(&mut m, "plain");
    m
}

#[test]
fn snapshot_80x24_carving() {
    let mut m = narrow();
    for _ in 0..40 {
        update(&mut m, Message::Tick(FRAME));
    }
    assert_eq!(m.phase(), Phase::Carving);
    let text = screen_text(&m);
    // The folded sidebar's summary shares the title's row, and names the key that unfolds it.
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("backtracker · carving"),
        "{text}"
    );
    assert!(text.contains("b sidebar"), "{text}");
    assert!(!text.contains("Themes (Tab)"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_80x24_finished() {
    let text = screen_text(&finished_at(narrow()));
    // OUTPUT_FILE's mark comes after the progress, before the size.
    assert!(
        text.contains("backtracker · done · maze.txt ● unsaved"),
        "{text}"
    );
    // The default maze in half blocks, not braille: 51 columns, 21 rows.
    assert!(
        !text.contains('⣿') && text.matches('█').count() > 100,
        "{text}"
    );
    insta::assert_snapshot!(text);
}

/// The default 25x20 maze is drawn in half blocks at every common terminal size: a short
/// terminal folds the sidebar, whose bordered canvas would have one row too few (100x24 drew
/// it in braille beside the sidebar, coarser than at 80x24).
#[test]
fn the_default_maze_is_in_half_blocks_at_80x24_100x24_and_140x45() {
    for (width, height) in [(80, 24), (100, 24), (120, 24), (100, 25), (140, 45)] {
        let text = screen_text(&finished_at(sized(model(25, 20), width, height)));
        let braille = text
            .chars()
            .filter(|c| ('\u{2800}'..='\u{28ff}').contains(c))
            .count();
        assert_eq!(braille, 0, "{width}x{height}:\n{text}");
        // Half blocks show as one character a block here: the outer wall's 51 in a row.
        assert!(text.contains(&"#".repeat(51)), "{width}x{height}:\n{text}");
    }
}

#[test]
fn snapshot_80x24_with_the_sidebar_unfolded() {
    let mut m = finished_at(narrow());
    act(&mut m, Action::ToggleSidebar);
    let text = screen_text(&m);
    assert!(text.contains("Themes (Tab)"), "{text}");
    assert!(!text.contains("b sidebar"), "{text}");
    insta::assert_snapshot!(text);
    // And `b` folds it again.
    act(&mut m, Action::ToggleSidebar);
    assert!(screen_text(&m).contains("b sidebar"));
}

/// A wide terminal shows the sidebar, and `b` folds it there too.
#[test]
fn b_folds_the_sidebar_of_a_wide_terminal() {
    let mut m = finished_at(sized(model(25, 20), 140, 45));
    assert!(screen_text(&m).contains("Themes (Tab)"));
    let canvas = m.screen().unwrap().canvas.width;
    act(&mut m, Action::ToggleSidebar);
    let text = screen_text(&m);
    assert!(
        !text.contains("Themes (Tab)") && text.contains("b sidebar"),
        "{text}"
    );
    assert!(m.screen().unwrap().canvas.width > canvas + 32);
    assert_eq!(m.screen().unwrap().canvas.width, 140);
}

#[test]
fn snapshot_80x24_one_to_one() {
    let mut m = finished_at(sized(model(60, 40), 80, 24));
    theme(&mut m, "plain");
    while m.viewport().zoom() != Zoom::Detail {
        act(&mut m, Action::ToggleZoom);
    }
    act(
        &mut m,
        Action::Pan {
            towards: Dir::East,
            big: true,
        },
    );
    let text = screen_text(&m);
    let title = text.lines().next().unwrap();
    // The title is whole, the summary after it.
    assert!(title.starts_with(" Maze · cells "), "{title}");
    assert!(title.contains("(arrows pan, z: whole) ─"), "{title}");
    assert!(title.ends_with(" b sidebar "), "{title}");
    insta::assert_snapshot!(text);
}

/// With the sidebar unfolded the canvas is 46 columns wide: the 1:1 title drops its hints
/// before it would be cut.
#[test]
fn the_one_to_one_title_drops_its_hints_before_it_is_cut() {
    let mut m = finished_at(sized(model(60, 40), 80, 24));
    act(&mut m, Action::ToggleSidebar);
    while m.viewport().zoom() != Zoom::Detail {
        act(&mut m, Action::ToggleZoom);
    }
    let text = screen_text(&m);
    let title = text.lines().next().unwrap();
    let pane: String = title.chars().take(48).collect();
    assert!(pane.starts_with("┌ Maze · cells 0–"), "{title}");
    // The canvas beside the sidebar is too small for the maze in braille: z goes to 1:4.
    assert!(
        pane.contains("(z: 1:4) ─") && pane.ends_with("─┐"),
        "{title}"
    );
    assert!(!pane.contains("arrows pan"), "{title}");
    // A terminal wide enough keeps every hint.
    let mut wide = sized(m, 100, 30);
    act(&mut wide, Action::ToggleSidebar);
    let text = screen_text(&wide);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("(arrows pan, z: whole)"),
        "{text}"
    );
}

#[test]
fn snapshot_80x24_inspector() {
    let (m, _dir) = crate::tui::modes::inspector::tests::opened_as(
        &crate::tui::modes::inspector::tests::valid_text(),
        None,
        Some("maze.txt"),
    );
    let mut m = sized(m, 80, 24);
    theme(&mut m, "plain");
    let text = screen_text(&m);
    assert!(text.contains("maze.txt"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_80x24_play() {
    let mut m = finished_at(narrow());
    act(&mut m, Action::TogglePlay);
    assert!(m.is_playing());
    for towards in [Dir::East, Dir::South] {
        act(&mut m, Action::Walk { towards, run: true });
    }
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_80x24_race() {
    let mut m = narrow();
    act(&mut m, Action::Race);
    for _ in 0..40 {
        update(&mut m, Message::Tick(FRAME));
    }
    assert!(m.race().is_some());
    insta::assert_snapshot!(screen_text(&m));
}

#[test]
fn snapshot_80x24_replay() {
    let mut m = finished_at(narrow());
    for _ in 0..5 {
        act(&mut m, Action::Scrub(Scrub::BackFar));
    }
    assert!(m.replay().is_scrubbing());
    insta::assert_snapshot!(screen_text(&m));
}

/// The help at 80x24: one column, scrolled from its first line to its last.
#[test]
fn snapshot_80x24_help_scrolled_from_top_to_bottom() {
    let mut m = finished_at(narrow());
    act(&mut m, Action::ToggleHelp);
    let top = screen_text(&m);
    assert!(
        top.contains("Anywhere") && top.contains("j k scroll"),
        "{top}"
    );
    assert!(!top.contains("over this help"), "{top}");
    insta::assert_snapshot!("80x24_help_top", top);
    act(&mut m, Action::ScrollHelp(HelpScroll::Bottom));
    let bottom = screen_text(&m);
    assert!(!bottom.contains("Anywhere"), "{bottom}");
    // The last section, the help's own keys, ends the list, just above the bottom border.
    let lines: Vec<&str> = bottom.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.contains("the end of the help"));
    let border = lines.iter().rposition(|l| l.contains('└'));
    assert_eq!(last.map(|l| l + 1), border, "{bottom}");
    // Above it, the actions without a key.
    assert!(bottom.contains("No key (keys.toml"), "{bottom}");
    insta::assert_snapshot!("80x24_help_bottom", bottom);
}

#[test]
fn help_scrolling_stops_at_both_ends_and_pages() {
    let mut m = finished_at(narrow());
    act(&mut m, Action::ToggleHelp);
    act(&mut m, Action::ScrollHelp(HelpScroll::Up));
    assert_eq!(m.help_offset(), 0, "no scrolling above the top");
    act(&mut m, Action::ScrollHelp(HelpScroll::Down));
    assert_eq!(m.help_offset(), 1);
    act(&mut m, Action::ScrollHelp(HelpScroll::PageDown));
    let page = m.help_offset() - 1;
    // A page is the rows shown less one, so one line stays in view.
    // 24 rows less the title row, the status and key lines, less the borders.
    assert_eq!(page, 24 - 3 - 2 - 1);
    act(&mut m, Action::ScrollHelp(HelpScroll::Bottom));
    let last = m.help_offset();
    act(&mut m, Action::ScrollHelp(HelpScroll::Down));
    act(&mut m, Action::ScrollHelp(HelpScroll::PageDown));
    assert_eq!(m.help_offset(), last, "no scrolling past the end");
    act(&mut m, Action::ScrollHelp(HelpScroll::PageUp));
    assert_eq!(m.help_offset(), last - page);
    act(&mut m, Action::ScrollHelp(HelpScroll::Top));
    assert_eq!(m.help_offset(), 0);
    // The wheel scrolls it too, and closing and opening starts at the top again.
    let wheel = crate::tui::message::Mouse {
        column: 40,
        row: 12,
        kind: crate::tui::message::MouseKind::ScrollDown,
        shift: false,
    };
    update(&mut m, Message::Mouse(wheel));
    assert_eq!(m.help_offset(), 1);
    act(&mut m, Action::ToggleHelp);
    act(&mut m, Action::ToggleHelp);
    assert_eq!(m.help_offset(), 0);
}

/// A terminal tall enough for the whole help does not scroll it.
#[test]
fn a_help_that_fits_does_not_scroll() {
    let m = model(9, 7);
    let tall = Rect::new(0, 0, 200, 80);
    let now = crate::tui::help::now(&m);
    let scrolled = help::scrolled(m.theme(), m.keymap(), &now, tall, 0, HelpScroll::Bottom);
    assert_eq!(scrolled, 0);
    let short = Rect::new(0, 0, 80, 24);
    assert!(help::scrolled(m.theme(), m.keymap(), &now, short, 0, HelpScroll::Bottom) > 0);
}

/// Whether the screen shows the entry, the exit and the path with glyphs.
/// Whether the canvas of `m` shows the entry, the exit and the path: in the whole views as
/// their whole marks, in the 1:1 view as their pairs; the path as dots, or under the walls
/// of a braille character in reverse video.
fn marks(m: &Model) -> [bool; 3] {
    let cells = canvas_symbols(m);
    let text = cells.iter().map(|(s, _)| s.as_str()).collect::<String>();
    let reversed_braille = cells.iter().any(|(s, m)| {
        m.contains(Modifier::REVERSED) && s.chars().all(|c| ('\u{2801}'..='\u{28FF}').contains(&c))
    });
    [
        text.contains('E') || text.contains('('),
        text.contains('X') || text.contains('['),
        text.contains('·') || text.contains('•') || reversed_braille,
    ]
}

/// Every character of `m`'s canvas, with its modifiers.
fn canvas_symbols(m: &Model) -> Vec<(String, Modifier)> {
    let buf = render(m);
    let canvas = m.screen().unwrap().canvas;
    let mut cells = Vec::new();
    for y in canvas.top()..canvas.bottom() {
        for x in canvas.left()..canvas.right() {
            let cell = &buf[(x, y)];
            cells.push((cell.symbol().to_owned(), cell.modifier));
        }
    }
    cells
}

/// NO_COLOR at 80x24, in every whole view (half blocks, braille, cells gathered): the entry
/// and the exit are whole marks (`E`, `X`, lit in reverse video), not the first halves `(`
/// and `[` of the 1:1 view's pairs; the 42 is its own texture `▒`, not the walls' `█`; the
/// path is bold.
#[test]
fn without_colour_the_whole_views_mark_the_entry_exit_42_and_path_whole() {
    let half_blocks = finished_at(narrow());
    let mut braille = finished_at(narrow());
    act(&mut braille, Action::ToggleSidebar);
    let mut gathered = finished_at(sized(model(400, 300), 80, 24));
    theme(&mut gathered, "plain");
    for (name, m) in [
        ("half blocks", &half_blocks),
        ("braille", &braille),
        ("gathered", &gathered),
    ] {
        let cells = canvas_symbols(m);
        let lit = Modifier::BOLD | Modifier::REVERSED;
        let find = |symbol: &str| cells.iter().find(|(s, _)| s == symbol).map(|(_, m)| *m);
        assert_eq!(find("E"), Some(lit), "{name}: the entry");
        assert_eq!(find("X"), Some(lit), "{name}: the exit");
        assert!(
            !cells.iter().any(|(s, _)| s == "(" || s == "["),
            "{name}: half marks"
        );
        assert_eq!(find("▒"), Some(Modifier::BOLD), "{name}: the 42");
        // The path: bold dots, or under the walls of a braille character the walls in
        // bold reverse video; never a faint dot.
        assert!(marks(m)[2], "{name}: the path");
        assert!(
            cells
                .iter()
                .filter(|(s, m)| s == "•" || m.contains(Modifier::REVERSED))
                .all(|(_, m)| m.contains(Modifier::BOLD)),
            "{name}: a faint path mark"
        );
        assert!(
            !cells.iter().any(|(s, _)| s == "·"),
            "{name}: a faint path dot"
        );
    }
}

/// With no colour (the plain theme NO_COLOR picks), every view at 80x24 draws the entry, the
/// exit and the path with glyphs: half blocks, 1:1, braille, the inspector, play (the
/// walker on the entry), a race and a replayed moment.
#[test]
fn without_colour_every_view_draws_the_entry_the_exit_and_the_path() {
    let finished = finished_at(narrow());
    assert_eq!(marks(&finished), [true; 3], "half blocks");
    let mut braille = finished_at(narrow());
    act(&mut braille, Action::ToggleSidebar);
    assert_eq!(marks(&braille), [true; 3], "braille");
    let mut one_to_one = finished_at(narrow());
    act(&mut one_to_one, Action::ToggleZoom);
    assert_eq!(one_to_one.viewport().zoom(), Zoom::Detail);
    let text = screen_text(&one_to_one);
    assert!(text.contains("()") && text.contains('·'), "1:1: {text}");
    let mut play = finished_at(narrow());
    act(&mut play, Action::TogglePlay);
    let text = screen_text(&play);
    // The walker stands on the entry.
    assert!(text.contains("@@"), "play: {text}");
    let (inspector, _dir) = crate::tui::modes::inspector::tests::opened_as(
        &crate::tui::modes::inspector::tests::valid_text(),
        None,
        Some("maze.txt"),
    );
    let mut inspector = sized(inspector, 80, 24);
    theme(&mut inspector, "plain");
    // An opened file's recorded path shows from the start.
    assert_eq!(marks(&inspector), [true; 3], "inspector");
    let mut race = narrow();
    act(&mut race, Action::Race);
    while !race.race().unwrap().is_over() {
        update(&mut race, Message::Tick(FRAME));
    }
    assert_eq!(marks(&race), [true; 3], "race");
    let mut replay = finished_at(narrow());
    act(&mut replay, Action::Scrub(Scrub::BackFar));
    assert!(replay.replay().is_scrubbing());
    let [entry, exit, _] = marks(&replay);
    assert!(entry && exit, "replay: {}", screen_text(&replay));
}

/// The folded line names the sidebar's difficulty where there is room: after the seed (at
/// 80x24 the saved mark takes that room; folded at 120 columns, play's title leaves it).
#[test]
fn the_folded_line_names_the_difficulty_where_there_is_room() {
    // Folded by hand at 120 columns.
    let mut play = finished_at(sized(model(25, 20), 120, 30));
    act(&mut play, Action::ToggleSidebar);
    act(&mut play, Action::TogglePlay);
    let title = screen_text(&play).lines().next().unwrap().to_owned();
    assert!(title.contains("seed 42 · hard  b sidebar"), "{title}");
    let wide = finished_at(sized(model(25, 20), 99, 30));
    let title = screen_text(&wide).lines().next().unwrap().to_owned();
    // The whole view's longer title leaves no room for it: it is left out whole, not cut.
    assert!(title.contains("seed 42  b sidebar"), "{title}");
}

/// The screen's rows as text (glyphs, whatever the colours).
fn rows(m: &Model) -> Vec<String> {
    let buf = render(m);
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect()
        })
        .collect()
}

/// Fails on a cut word in the texts of `m`'s screen at 80x24: the status line's message (as
/// far as the timeline leaves it) unless an overlay `covers` it, the footer's hints and,
/// unless `covered`, the canvas's title, each drawn whole where it goes.
fn assert_nothing_cut(name: &str, m: &Model, covered: bool) {
    assert_whole(name, m, covered, false);
}

fn assert_whole(name: &str, m: &Model, covered: bool, covers_status: bool) {
    let rows = rows(m);
    let screen = m.screen().expect("80x24 is big enough");
    let hints: String = crate::tui::view::footer::hints(m, 80)
        .iter()
        .map(|(key, label)| format!(" {key} {label} "))
        .collect();
    assert!(hints.chars().count() <= 80, "{name}: {hints:?}");
    assert_eq!(
        rows[usize::from(screen.keys.y)].trim_end(),
        hints.trim_end(),
        "{name}: the footer"
    );
    let status = crate::tui::view::footer::status_text(m);
    let drawn = &rows[usize::from(screen.status.y)];
    // Too long for the line, the message shows its first words whole, then `…`.
    let shown = drawn
        .split_once(" …")
        .map(|(words, _)| words)
        .filter(|words| status.starts_with(&format!("{words} ")));
    assert!(
        covers_status || drawn.starts_with(&status) || shown.is_some(),
        "{name}: the status line {status:?} is cut: {drawn:?}"
    );
    if !covered {
        let title = crate::tui::view::pane_title(m, &screen);
        assert!(
            rows[0].contains(title.trim()),
            "{name}: the title {title:?} is cut: {:?}",
            rows[0]
        );
    }
}

/// Every mode at 80x24, in a colour theme: no word of a hint, the status line or a title is
/// cut; the keys left out of the footer are announced; play shows its clock and moves in the
/// title; the replay keeps OUTPUT_FILE's mark on the title row.
#[test]
fn every_mode_at_80x24_draws_its_texts_whole() {
    let mut m = sized(model(25, 20), 80, 24);
    theme(&mut m, "ocean");
    let mut m = finished_at(m);
    assert_nothing_cut("studio", &m, false);
    let footer = rows(&m)[23].clone();
    assert!(footer.contains("? more keys"), "{footer}");

    act(&mut m, Action::TogglePlay);
    update(&mut m, Message::Tick(FRAME));
    assert_nothing_cut("play", &m, false);
    let title = rows(&m)[0].clone();
    assert!(
        title.contains("Play · 0.0 s · 0 moves"),
        "the clock and the moves: {title}"
    );
    act(&mut m, Action::LeavePlay);

    act(&mut m, Action::Scrub(Scrub::BackFar));
    assert_nothing_cut("replay", &m, false);
    let title = rows(&m)[0].clone();
    // OUTPUT_FILE's mark, short where its name does not fit.
    assert!(title.contains("● unsaved"), "{title}");
    act(&mut m, Action::Scrub(Scrub::End));

    act(&mut m, Action::Export);
    assert_nothing_cut("export", &m, false);
    act(&mut m, Action::CloseExport);

    act(&mut m, Action::AlgorithmList);
    assert_nothing_cut("algorithms", &m, true);
    act(&mut m, Action::AlgorithmList);

    act(&mut m, Action::ToggleFocus);
    assert_nothing_cut("themes", &m, false);
    act(&mut m, Action::ToggleFocus);

    act(&mut m, Action::ToggleLog);
    assert_nothing_cut("log", &m, true);
    act(&mut m, Action::ToggleLog);

    act(&mut m, Action::ToggleHelp);
    assert_whole("help", &m, true, false);
    act(&mut m, Action::ToggleHelp);

    let (mut file, _dir) = crate::tui::modes::inspector::tests::opened_as(
        &crate::tui::modes::inspector::tests::flip(
            &crate::tui::modes::inspector::tests::valid_text(),
            mazegen::Pos { x: 1, y: 1 },
            Dir::East.bit(),
        ),
        None,
        Some("broken.txt"),
    );
    update(
        &mut file,
        Message::Resize {
            width: 80,
            height: 24,
        },
    );
    assert_nothing_cut("inspector", &file, false);
    act(&mut file, Action::NextProblem);
    assert_nothing_cut("inspector, a problem", &file, false);
}

/// Fails on a cut text of a race's screen: the key line must be the race's fitting keys,
/// whole; every pane's title (a lane's, the summary's) must end before its border's corner
/// with a dash to spare; the summary's names and its line of winners must show whole.
fn assert_race_whole(name: &str, m: &Model) {
    let rows = rows(m);
    let (width, height) = m.size();
    let keys = crate::tui::modes::race::view::race_keys(m.keymap(), usize::from(width));
    let hints: String = keys
        .iter()
        .map(|(key, label)| format!(" {key} {label} "))
        .collect();
    assert!(
        hints.chars().count() <= usize::from(width),
        "{name}: {hints}"
    );
    assert!(hints.contains("Esc leave race"), "{name}: {hints}");
    assert_eq!(
        rows[usize::from(height) - 1].trim_end(),
        hints.trim_end(),
        "{name}: the key line"
    );
    for row in &rows {
        // Each title: from a top-left corner to the first dash, then a dash, not the corner.
        for (at, _) in row.match_indices('┌') {
            let title = &row[at + '┌'.len_utf8()..];
            let end = title.find('─').unwrap_or(title.len());
            let (text, rest) = title.split_at(end);
            assert!(
                text.is_empty() || (text.ends_with(' ') && rest.starts_with('─')),
                "{name}: a title is cut: {row}"
            );
            assert!(
                !text.contains('┐'),
                "{name}: a title runs into its corner: {row}"
            );
        }
    }
    let race = m.race().unwrap();
    let area = Rect::new(0, 0, width, height);
    let boxed = !crate::tui::modes::race::view::lanes_of(area, race).beside;
    if race.is_over() {
        let text = rows.join("\n");
        // The summary table's names (beside, each lane's column holds its numbers).
        for lane in race.lanes.iter().filter(|_| boxed) {
            let algorithm = lane.algorithm.name();
            assert!(text.contains(&format!("│{algorithm} ")), "{name}: {text}");
        }
        let winners = crate::tui::modes::race::view::WINNERS;
        assert!(text.contains(&format!(" {winners} ")), "{name}: {text}");
    }
    let status = &rows[usize::from(height) - 2];
    assert!(
        !status.trim_end().ends_with(|c: char| c.is_alphanumeric())
            || status.trim_end().chars().count() < usize::from(width) - 1,
        "{name}: the status line runs to the edge: {status}"
    );
}

/// The race draws its own screen: at 80x24 its keys, its lanes' titles (long algorithm names,
/// a saved lane's mark), its status and its summary show whole, with two, three and four
/// lanes, mid-race and over.
#[test]
fn a_race_at_80x24_draws_its_texts_whole() {
    use mazegen::Algorithm::*;
    let lineups: [&[mazegen::Algorithm]; 3] = [
        &[GrowingTreeNewest, RecursiveDivision],
        &[GrowingTreeRandom, RecursiveDivision, HuntAndKill],
        &[
            GrowingTreeNewest,
            RecursiveDivision,
            GrowingTreeMixed,
            AldousBroder,
        ],
    ];
    for lineup in lineups {
        let mut m = sized(model(25, 20), 80, 24);
        theme(&mut m, "ocean");
        crate::tui::update::start_race(&mut m, lineup);
        for _ in 0..40 {
            update(&mut m, Message::Tick(FRAME));
        }
        let name = format!("{} lanes", lineup.len());
        assert_race_whole(&format!("{name}, mid-race"), &m);
        // `? more keys` leads to the keys the line left out.
        act(&mut m, Action::ToggleHelp);
        assert!(m.help_is_open(), "{name}");
        assert!(screen_text(&m).contains("┌ Keys"), "{}", screen_text(&m));
        act(&mut m, Action::ToggleHelp);
        // OUTPUT_FILE's mark on the saved lane's title.
        act(&mut m, Action::Save);
        assert_race_whole(&format!("{name}, a lane saved"), &m);
        while !m.race().unwrap().is_over() {
            update(&mut m, Message::Tick(FRAME));
        }
        assert_race_whole(&format!("{name}, over"), &m);
    }
}

/// At 140x45 four lanes go beside columns of their own (see the race's layout): every line of
/// those columns shows whole, long names, a saved lane's mark and the numbers included.
#[test]
fn a_race_at_140x45_draws_its_lanes_columns_whole() {
    use mazegen::Algorithm::*;
    let mut m = sized(model(25, 20), 140, 45);
    theme(&mut m, "ocean");
    let lineup = [
        GrowingTreeNewest,
        RecursiveDivision,
        GrowingTreeMixed,
        AldousBroder,
    ];
    crate::tui::update::start_race(&mut m, &lineup);
    let area = Rect::new(0, 0, 140, 45);
    let check = |m: &Model, name: &str| {
        let layout = crate::tui::modes::race::view::lanes_of(area, m.race().unwrap());
        assert!(layout.beside, "{name}");
        let buf = render(m);
        for lane in 0..4 {
            let side = layout.side(lane);
            for y in side.y..side.bottom() {
                let line: String = (side.x..side.right())
                    .map(|x| buf[(x, y)].symbol())
                    .collect();
                let text = line.trim_end();
                // A line as wide as the column ending in a letter may have lost the rest.
                let full = text.chars().count() == usize::from(side.width);
                let whole = !full
                    || !text.ends_with(|c: char| c.is_alphanumeric())
                    || lineup.iter().any(|a| a.name() == text);
                assert!(whole, "{name}: lane {lane}: {line:?}");
            }
        }
    };
    for _ in 0..40 {
        update(&mut m, Message::Tick(FRAME));
    }
    check(&m, "mid-race");
    act(&mut m, Action::Save);
    check(&m, "a lane saved");
    while !m.race().unwrap().is_over() {
        update(&mut m, Message::Tick(FRAME));
    }
    check(&m, "over");
    assert_race_whole("140x45, over", &m);
}
