//! SVG export end to end, through the public API: the drawing is read back as XML and its
//! walls, path and markers are checked against the maze.
//!
//! The golden file (`tests/fixtures/maze_12x9_seed7.svg`) is
//! compared byte for byte. After a deliberate change to the drawing, regenerate them with
//! `UPDATE_GOLDEN=1 cargo test --test svg` and review the diff before committing.

use std::collections::{BTreeSet, HashSet};
use std::path::Path;

use mazegen::format::{CellSize, Svg, SvgOptions, SvgStyle};
use mazegen::write_atomically;
use mazegen::{Dir, Generator, Grid, MazeOptions, Pos, Solution};

/// A maze from `options` with its path from the top-left to the bottom-right corner.
fn solved(options: MazeOptions) -> (Grid, Pos, Pos, Solution) {
    let entry = Pos::new(0, 0);
    let exit = Pos::new(options.width - 1, options.height - 1);
    let grid = Generator::generate(options).unwrap();
    let path = grid.shortest_path(entry, exit).unwrap();
    (grid, entry, exit, path)
}

fn draw(grid: &Grid, entry: Pos, exit: Pos, path: &Solution, options: &SvgOptions) -> String {
    Svg::grid_to_string(grid, entry, exit, Some(path), options)
}

fn element_by_id<'a>(
    doc: &'a roxmltree::Document<'_>,
    id: &str,
) -> Option<roxmltree::Node<'a, 'a>> {
    doc.descendants().find(|n| n.attribute("id") == Some(id))
}

/// The `d` of the one `<path>` inside the layer `id`.
fn layer_path(doc: &roxmltree::Document<'_>, id: &str) -> String {
    let layer = element_by_id(doc, id).unwrap_or_else(|| panic!("no layer {id}"));
    assert!(layer.has_tag_name("g"), "{id} is a group");
    let paths: Vec<_> = layer.children().filter(|n| n.is_element()).collect();
    assert_eq!(paths.len(), 1, "{id} holds one element");
    assert!(paths[0].has_tag_name("path"));
    paths[0].attribute("d").unwrap().to_owned()
}

/// One command of path data, in the subset the writer uses.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Command {
    MoveTo(f64, f64),
    MoveBy(f64, f64),
    Across(f64),
    Down(f64),
    Close,
}

/// Reads path data made of `M`, `m`, `h`, `v` and `z`; each letter has its own numbers (the
/// writer never repeats a command implicitly), separated by a comma or by a minus sign.
fn parse_path(d: &str) -> Vec<Command> {
    let mut commands = Vec::new();
    let bytes = d.as_bytes();
    let mut i = 0;
    let number = |i: &mut usize| {
        let start = *i;
        if bytes.get(*i) == Some(&b',') {
            panic!("a comma where a number starts, at {start} in {d}");
        }
        if bytes.get(*i) == Some(&b'-') {
            *i += 1;
        }
        while bytes
            .get(*i)
            .is_some_and(|b| b.is_ascii_digit() || *b == b'.')
        {
            *i += 1;
        }
        let value: f64 = d[start..*i]
            .parse()
            .unwrap_or_else(|_| panic!("not a number at {start} in {d}"));
        if bytes.get(*i) == Some(&b',') {
            *i += 1;
        }
        value
    };
    while i < bytes.len() {
        let letter = bytes[i];
        i += 1;
        commands.push(match letter {
            b'M' => Command::MoveTo(number(&mut i), number(&mut i)),
            b'm' => Command::MoveBy(number(&mut i), number(&mut i)),
            b'h' => Command::Across(number(&mut i)),
            b'v' => Command::Down(number(&mut i)),
            b'z' => Command::Close,
            other => panic!("unexpected {:?} at {} in {d}", other as char, i - 1),
        });
    }
    commands
}

/// A wall one cell long: its top or left end, and whether it runs across (horizontal).
type Unit = (i64, i64, bool);

/// The unit walls drawn by wall path data, in drawing order (repeats kept).
fn unit_walls(d: &str) -> Vec<Unit> {
    let (mut x, mut y) = (0i64, 0i64);
    let mut units = Vec::new();
    for command in parse_path(d) {
        match command {
            Command::MoveTo(a, b) => (x, y) = (whole(a), whole(b)),
            Command::MoveBy(a, b) => (x, y) = (x + whole(a), y + whole(b)),
            Command::Across(n) => {
                let n = whole(n);
                assert_ne!(n, 0, "empty run in {d}");
                units.extend((x.min(x + n)..x.max(x + n)).map(|ux| (ux, y, true)));
                x += n;
            }
            Command::Down(n) => {
                let n = whole(n);
                assert_ne!(n, 0, "empty run in {d}");
                units.extend((y.min(y + n)..y.max(y + n)).map(|uy| (x, uy, false)));
                y += n;
            }
            Command::Close => panic!("walls are open lines"),
        }
    }
    units
}

fn whole(n: f64) -> i64 {
    assert_eq!(n.fract(), 0.0, "wall coordinates are whole cells");
    n as i64
}

/// Every closed wall of the grid, border included, once.
fn closed_walls(grid: &Grid) -> BTreeSet<Unit> {
    let mut walls = BTreeSet::new();
    for p in grid.positions() {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        for (dir, unit) in [
            (Dir::North, (x, y, true)),
            (Dir::South, (x, y + 1, true)),
            (Dir::West, (x, y, false)),
            (Dir::East, (x + 1, y, false)),
        ] {
            if grid.is_closed(p, dir) {
                walls.insert(unit);
            }
        }
    }
    walls
}

/// Checks that the walls layer draws each closed wall of `grid` once and nothing else; returns
/// the number of runs (`h` and `v` commands).
fn assert_walls_match(grid: &Grid, text: &str) -> usize {
    let doc = roxmltree::Document::parse(text).unwrap();
    let d = layer_path(&doc, "walls");
    let drawn = unit_walls(&d);
    let mut seen = HashSet::new();
    for unit in &drawn {
        assert!(seen.insert(*unit), "{unit:?} drawn twice");
    }
    let drawn: BTreeSet<Unit> = drawn.into_iter().collect();
    let expected = closed_walls(grid);
    assert_eq!(
        drawn.difference(&expected).collect::<Vec<_>>(),
        Vec::<&Unit>::new(),
        "drawn but open"
    );
    assert_eq!(
        expected.difference(&drawn).collect::<Vec<_>>(),
        Vec::<&Unit>::new(),
        "closed but not drawn"
    );
    parse_path(&d)
        .iter()
        .filter(|c| matches!(c, Command::Across(_) | Command::Down(_)))
        .count()
}

#[test]
fn the_drawing_is_an_svg_document_sized_to_the_maze() {
    let (grid, entry, exit, path) = solved(MazeOptions::new(12, 9).seed(7));
    let text = draw(&grid, entry, exit, &path, &SvgOptions::default());
    let doc = roxmltree::Document::parse(&text).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("version"), Some("1.1"));
    assert_eq!(root.attribute("viewBox"), Some("-1 -1 14 11"));
    assert_eq!(root.attribute("width"), Some("224"));
    assert_eq!(root.attribute("height"), Some("176"));
    let first: Vec<&str> = root
        .children()
        .filter(|n| n.is_element())
        .take(2)
        .map(|n| n.tag_name().name())
        .collect();
    assert_eq!(first, ["title", "rect"], "no metadata, no desc");

    let scalable = {
        let mut options = SvgOptions::default();
        options.cell_size = CellSize::Scalable;
        options
    };
    let text = draw(&grid, entry, exit, &path, &scalable);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), None);
    assert_eq!(root.attribute("height"), None);
    assert_eq!(root.attribute("viewBox"), Some("-1 -1 14 11"));
}

#[test]
fn every_closed_wall_is_drawn_exactly_once() {
    let mazes = [
        MazeOptions::new(20, 20).seed(1),
        MazeOptions::new(12, 9).seed(7),
        MazeOptions::new(2, 2).seed(3),
        MazeOptions::new(2, 17).seed(4),
        MazeOptions::new(31, 3).seed(5),
        MazeOptions::new(25, 20).seed(6).perfect(false).braid(0.8),
        MazeOptions::new(25, 20).seed(8).courtyard(true),
    ];
    for options in mazes {
        let (grid, entry, exit, path) = solved(options);
        let text = draw(&grid, entry, exit, &path, &SvgOptions::default());
        assert_walls_match(&grid, &text);
    }
}

#[test]
fn walls_merge_into_long_runs() {
    let (grid, entry, exit, path) = solved(MazeOptions::new(20, 20).seed(1));
    let text = draw(&grid, entry, exit, &path, &SvgOptions::default());
    let runs = assert_walls_match(&grid, &text);
    let walls = closed_walls(&grid).len();
    assert!(runs * 2 <= walls, "{runs} runs for {walls} walls");

    // A fully closed grid: every line, border or not, is one run.
    let (w, h) = (17, 11);
    let closed = Grid::with_stamp(w, h, None).unwrap();
    let text = Svg::grid_to_string(&closed, entry, exit, None, &SvgOptions::default());
    let runs = assert_walls_match(&closed, &text);
    assert_eq!(runs, (w + 1 + h + 1) as usize);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let commands = parse_path(&layer_path(&doc, "walls"));
    let across: Vec<_> = commands
        .iter()
        .filter(|c| matches!(c, Command::Across(_)))
        .collect();
    assert_eq!(across.len(), h as usize + 1);
    assert!(across.iter().all(|c| **c == Command::Across(w.into())));
}

#[test]
fn layers_follow_the_options() {
    let ids = |text: &str| -> Vec<String> {
        let doc = roxmltree::Document::parse(text).unwrap();
        doc.root_element()
            .children()
            .filter_map(|n| n.attribute("id").map(str::to_owned))
            .collect()
    };
    let (grid, entry, exit, path) = solved(MazeOptions::new(25, 20).seed(8).courtyard(true));
    assert!(grid.has_courtyard() && grid.stamp().is_some());
    let all = SvgOptions::default();
    assert_eq!(
        ids(&draw(&grid, entry, exit, &path, &all)),
        [
            "background",
            "courtyard",
            "stamp",
            "solution",
            "walls",
            "markers"
        ]
    );
    assert_eq!(
        ids(&Svg::grid_to_string(&grid, entry, exit, None, &all)),
        ["background", "courtyard", "stamp", "walls", "markers"],
        "no path given, none drawn"
    );
    let none = {
        let mut options = SvgOptions::default();
        options.show_path = false;
        options.show_markers = false;
        options.show_stamp = false;
        options.show_courtyard = false;
        options
    };
    assert_eq!(
        ids(&draw(&grid, entry, exit, &path, &none)),
        ["background", "walls"]
    );
    let only_courtyard = {
        let mut options = none;
        options.show_courtyard = true;
        options
    };
    assert_eq!(
        ids(&draw(&grid, entry, exit, &path, &only_courtyard)),
        ["background", "courtyard", "walls"]
    );

    // A maze too small for the 42 has no stamp layer, whatever the options say.
    let (small, entry, exit, path) = solved(MazeOptions::new(8, 6).seed(1));
    assert!(small.stamp().is_none());
    assert_eq!(
        ids(&draw(&small, entry, exit, &path, &all)),
        ["background", "solution", "walls", "markers"]
    );
}

#[test]
fn filled_cells_are_the_42_and_the_courtyard() {
    let (grid, entry, exit, path) = solved(MazeOptions::new(25, 20).seed(8).courtyard(true));
    let text = draw(&grid, entry, exit, &path, &SvgOptions::default());
    let doc = roxmltree::Document::parse(&text).unwrap();
    // Each filled run is a closed `M/m x,y h n v1 h -n z` rectangle one cell high.
    let filled = |id: &str| -> BTreeSet<Pos> {
        let (mut x, mut y) = (0i64, 0i64);
        let mut cells = BTreeSet::new();
        let commands = parse_path(&layer_path(&doc, id));
        for rectangle in commands.chunks(5) {
            match rectangle[0] {
                Command::MoveTo(a, b) => (x, y) = (whole(a), whole(b)),
                Command::MoveBy(a, b) => (x, y) = (x + whole(a), y + whole(b)),
                other => panic!("{other:?} starts a rectangle"),
            }
            let Command::Across(n) = rectangle[1] else {
                panic!("{rectangle:?}")
            };
            assert_eq!(
                rectangle[2..],
                [Command::Down(1.0), Command::Across(-n), Command::Close]
            );
            for dx in 0..whole(n) {
                assert!(cells.insert(Pos::new((x + dx) as u32, y as u32)));
            }
        }
        cells
    };
    let stamp: BTreeSet<Pos> = grid.stamp().unwrap().cells().collect();
    let yard: BTreeSet<Pos> = grid.courtyard_cells().collect();
    assert_eq!(filled("stamp"), stamp);
    assert_eq!(filled("courtyard"), yard);
}

#[test]
fn the_solution_goes_through_the_path_cells_in_order() {
    for options in [
        MazeOptions::new(20, 20).seed(1),
        MazeOptions::new(25, 20).seed(6).perfect(false).braid(0.8),
    ] {
        let (grid, entry, exit, path) = solved(options);
        let text = draw(&grid, entry, exit, &path, &SvgOptions::default());
        let doc = roxmltree::Document::parse(&text).unwrap();
        let commands = parse_path(&layer_path(&doc, "solution"));
        let Command::MoveTo(x, y) = commands[0] else {
            panic!("starts with {:?}", commands[0])
        };
        assert_eq!((x.fract(), y.fract()), (0.5, 0.5), "at a cell centre");
        let mut at = (x.floor() as i64, y.floor() as i64);
        let mut visited = vec![at];
        let mut last_step = None;
        for command in &commands[1..] {
            let (step, n) = match *command {
                Command::Across(n) => ((n.signum() as i64, 0), whole(n).abs()),
                Command::Down(n) => ((0, n.signum() as i64), whole(n).abs()),
                other => panic!("{other:?} in the solution"),
            };
            assert_ne!(last_step, Some(step), "straight stretches are merged");
            last_step = Some(step);
            for _ in 0..n {
                at = (at.0 + step.0, at.1 + step.1);
                visited.push(at);
            }
        }
        let expected: Vec<(i64, i64)> = path
            .cells(&grid)
            .map(|p| (i64::from(p.x), i64::from(p.y)))
            .collect();
        assert_eq!(visited, expected);
        assert!(commands.len() < path.len(), "fewer commands than steps");
    }
}

#[test]
fn markers_sit_on_the_entry_and_the_exit() {
    let (grid, _, _, _) = solved(MazeOptions::new(20, 15).seed(2));
    let (entry, exit) = (Pos::new(3, 14), Pos::new(19, 0));
    let path = grid.shortest_path(entry, exit).unwrap();
    let mut options = SvgOptions::default();
    options.style.entry = "lime".into();
    options.style.exit = "#ff00ff".into();
    let text = draw(&grid, entry, exit, &path, &options);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let markers = element_by_id(&doc, "markers").unwrap();
    let circles: Vec<_> = markers.children().filter(|n| n.is_element()).collect();
    assert_eq!(circles.len(), 2);
    for (circle, id, at, colour) in [
        (circles[0], "entry", entry, "lime"),
        (circles[1], "exit", exit, "#ff00ff"),
    ] {
        assert!(circle.has_tag_name("circle"));
        assert_eq!(circle.attribute("id"), Some(id));
        let centre = |name| circle.attribute(name).unwrap().parse::<f64>().unwrap();
        assert_eq!(
            (centre("cx"), centre("cy")),
            (f64::from(at.x) + 0.5, f64::from(at.y) + 0.5)
        );
        assert_eq!(circle.attribute("fill"), Some(colour));
    }
}

#[test]
fn metadata_and_colours_are_escaped() {
    let (grid, entry, exit, path) = solved(MazeOptions::new(12, 9).seed(7));
    let mut options = {
        let mut options = SvgOptions::default();
        options.metadata = vec![
            ("seed".into(), "7".into()),
            ("note".into(), "<&> \"quoted\" 'single'".into()),
        ];
        options
    };
    options.style.walls = "red\" onload=\"alert(1)".into();
    let text = draw(&grid, entry, exit, &path, &options);
    assert!(text.contains("note=&lt;&amp;&gt; &quot;quoted&quot; &apos;single&apos;"));
    let doc = roxmltree::Document::parse(&text).unwrap();
    let desc = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    assert_eq!(desc.text(), Some("seed=7 note=<&> \"quoted\" 'single'"));
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("Maze 12x9"));
    let walls = element_by_id(&doc, "walls").unwrap();
    assert_eq!(walls.attribute("stroke"), Some("red\" onload=\"alert(1)"));
    assert_eq!(walls.attribute("onload"), None);

    // Control characters XML cannot hold do not break the document.
    options.metadata = vec![("bell".into(), "\u{7}".into())];
    let text = draw(&grid, entry, exit, &path, &options);
    roxmltree::Document::parse(&text).unwrap();
}

#[test]
fn the_theme_colours_reach_their_layers() {
    let (grid, entry, exit, path) = solved(MazeOptions::new(12, 9).seed(7));
    let style = SvgStyle {
        background: "black".into(),
        walls: "white".into(),
        path: "gold".into(),
        entry: "cyan".into(),
        exit: "orange".into(),
        stamp: "gray".into(),
        courtyard: "navy".into(),
    };
    let options = {
        let mut options = SvgOptions::default();
        options.style = style;
        options
    };
    let text = draw(&grid, entry, exit, &path, &options);
    let doc = roxmltree::Document::parse(&text).unwrap();
    for (id, attribute, colour) in [
        ("background", "fill", "black"),
        ("walls", "stroke", "white"),
        ("solution", "stroke", "gold"),
        ("entry", "fill", "cyan"),
        ("exit", "fill", "orange"),
        ("stamp", "fill", "gray"),
    ] {
        let element = element_by_id(&doc, id).unwrap();
        assert_eq!(element.attribute(attribute), Some(colour), "{id}");
    }
}

#[test]
fn the_same_maze_gives_the_same_bytes_and_writes_atomically() {
    let options = {
        let mut options = SvgOptions::default();
        options.metadata = SvgOptions::maze_metadata(
            &MazeOptions::new(30, 20).seed(9),
            Pos::new(0, 0),
            Pos::new(29, 19),
        );
        options
    };
    let (grid, entry, exit, path) = solved(MazeOptions::new(30, 20).seed(9));
    let first = draw(&grid, entry, exit, &path, &options);
    let (grid, entry, exit, path) = solved(MazeOptions::new(30, 20).seed(9));
    assert_eq!(draw(&grid, entry, exit, &path, &options), first);

    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("maze.svg");
    write_atomically(&target, |out| {
        Svg::write_grid(out, &grid, entry, exit, Some(&path), &options)
    })
    .unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), first);
}

/// Compares `actual` with the file at `relative` (from the crate root), or rewrites the file
/// when `UPDATE_GOLDEN=1`.
fn assert_golden(relative: &str, actual: &str) {
    // Found when the test runs: a kept test binary may come from the package built elsewhere.
    let package = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo test sets it");
    let path = Path::new(&package).join(relative);
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{relative}: {e} (UPDATE_GOLDEN=1 writes it)"));
    assert!(
        expected == actual,
        "{relative} differs from the drawing; if the change is deliberate, regenerate it with \
         UPDATE_GOLDEN=1 cargo test --test svg\n--- expected\n{expected}\n--- actual\n{actual}"
    );
}

/// A 12x9 maze, seed 7, with its path, markers and 42: the whole drawing, byte for byte.
#[test]
fn golden_12x9_seed_7() {
    let maze = MazeOptions::new(12, 9).seed(7);
    let (grid, entry, exit, path) = solved(maze.clone());
    assert!(grid.stamp().is_some());
    let options = {
        let mut options = SvgOptions::default();
        options.metadata = SvgOptions::maze_metadata(&maze, entry, exit);
        options
    };
    let text = draw(&grid, entry, exit, &path, &options);
    assert_walls_match(&grid, &text);
    assert_golden("tests/fixtures/maze_12x9_seed7.svg", &text);
}

/// A size check, not a timing test: a 1000x1000 perfect maze with its path and markers takes
/// under 15 bytes a cell.
#[test]
fn a_million_cells_take_under_15_bytes_each() {
    let (grid, entry, exit, path) = solved(MazeOptions::new(1000, 1000).seed(1));
    let options = SvgOptions::default();
    let mut bytes = Vec::new();
    Svg::write_grid(&mut bytes, &grid, entry, exit, Some(&path), &options).unwrap();
    let per_cell = bytes.len() as f64 / grid.cell_count() as f64;
    println!(
        "1000x1000: {} bytes, {per_cell:.2} bytes a cell",
        bytes.len()
    );
    assert!(per_cell < 15.0, "{per_cell:.2} bytes a cell");
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.contains("<g id=\"solution\"") && text.contains("<g id=\"markers\">"));
}

/// The root's `width` and `height`, as numbers.
fn pixel_size(text: &str) -> (u64, u64) {
    let doc = roxmltree::Document::parse(text).unwrap();
    let root = doc.root_element();
    let number = |name| root.attribute(name).unwrap().parse().unwrap();
    (number("width"), number("height"))
}

#[test]
fn a_big_maze_fits_a_screen_and_a_small_one_keeps_16_pixels_a_cell() {
    let (grid, entry, exit, path) = solved(MazeOptions::new(1000, 1000).seed(2));
    let text = draw(&grid, entry, exit, &path, &SvgOptions::default());
    assert_eq!(
        pixel_size(&text),
        (1600, 1600),
        "the long side fits 1600 px"
    );
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(
        doc.root_element().attribute("viewBox"),
        Some("-1 -1 1002 1002"),
        "the viewBox stays in maze units"
    );

    let (grid, entry, exit, path) = solved(MazeOptions::new(400, 100).seed(2));
    let (w, h) = pixel_size(&draw(&grid, entry, exit, &path, &SvgOptions::default()));
    assert_eq!(w, 1600);
    assert_eq!(h, (102 * 1600 + 201) / 402, "the short side in proportion");
    assert!(w as f64 / 402.0 >= 3.9, "about 4 px a cell where it fits");

    let (grid, entry, exit, path) = solved(MazeOptions::new(25, 20).seed(2));
    let small = draw(&grid, entry, exit, &path, &SvgOptions::default());
    assert_eq!(pixel_size(&small), (27 * 16, 22 * 16));
}

#[test]
fn a_chosen_cell_size_is_kept_at_any_size() {
    let (grid, entry, exit, path) = solved(MazeOptions::new(1000, 10).seed(2));
    let options = {
        let mut options = SvgOptions::default();
        options.cell_size = CellSize::Pixels(3);
        options
    };
    assert_eq!(
        pixel_size(&draw(&grid, entry, exit, &path, &options)),
        (1002 * 3, 12 * 3)
    );
}
