//! End-to-end tests of the print and share outputs: `--png`, `--pdf` and `--animate`, each run
//! by the binary in a fresh temporary folder and read back as a user's program would.

#[path = "support/binary.rs"]
mod binary;

use std::fs;
use std::path::Path;

use a_maze_ing::tui::ThemeSet;
use mazegen::Pos;
use mazegen::format::MazeFile;
use mazegen::format::SvgStyle;

/// A 25x20 perfect maze from corner to corner, seed 42, written to `maze.txt`.
fn config(dir: &Path) {
    fs::write(
        dir.join("config.txt"),
        "WIDTH=25\nHEIGHT=20\nENTRY=0,0\nEXIT=24,19\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\n",
    )
    .unwrap();
}

/// Runs the binary in `dir`; panics with what it printed unless it succeeds.
fn run_ok(dir: &Path, args: &[&str]) -> String {
    let output = binary::run(dir, args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{args:?}: {stderr}");
    String::from_utf8(output.stdout).unwrap()
}

/// Runs the binary in `dir` and returns its error output; panics unless it fails with code 2.
fn run_usage_error(dir: &Path, args: &[&str]) -> String {
    let output = binary::run(dir, args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    String::from_utf8(output.stderr).unwrap()
}

fn theme_style(name: &str) -> SvgStyle {
    let themes = ThemeSet::bundled();
    themes
        .get(themes.position(name).unwrap())
        .unwrap()
        .svg_style()
}

/// `#rrggbb` as bytes.
fn rgb(css: &str) -> [u8; 3] {
    let hex = css.strip_prefix('#').expect("a #rrggbb colour");
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    [byte(0), byte(2), byte(4)]
}

/// A decoded PNG: width, height and pixel rows.
struct Picture {
    width: u32,
    height: u32,
    /// 4 (RGBA) or 3 (RGB).
    channels: usize,
    rgba: Vec<u8>,
}

impl Picture {
    fn load(path: &Path) -> Picture {
        let decoder = png::Decoder::new(fs::File::open(path).unwrap());
        let mut reader = decoder.read_info().unwrap();
        let mut rgba = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut rgba).unwrap();
        rgba.truncate(info.buffer_size());
        let channels = match info.color_type {
            png::ColorType::Rgba => 4,
            png::ColorType::Rgb => 3,
            other => panic!("{other:?}"),
        };
        Picture {
            width: info.width,
            height: info.height,
            channels,
            rgba,
        }
    }

    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = (y * self.width + x) as usize * self.channels;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }
}

/// The middle cell of the solution (far from the entry and exit markers), and a cell that is
/// neither on it nor in the 42.
fn path_and_passage_cells(file: &MazeFile) -> (Pos, Pos) {
    let grid = file.to_grid();
    let path: Vec<Pos> = file.solution().cells(&grid).collect();
    let on_path = path[path.len() / 2];
    let passage = grid
        .positions()
        .find(|&p| !grid.is_locked(p) && !path.contains(&p))
        .unwrap();
    (on_path, passage)
}

/// The pixel at the centre of `cell` in a picture of `px` pixels a cell (one cell of margin).
fn centre(cell: Pos, px: u32) -> (u32, u32) {
    ((cell.x + 1) * px + px / 2, (cell.y + 1) * px + px / 2)
}

#[test]
fn png_has_the_asked_size_and_the_themes_colours() {
    let dir = tempfile::tempdir().unwrap();
    config(dir.path());
    let args = [
        "--headless",
        "--png",
        "maze.png",
        "--svg-cell",
        "10",
        "--theme",
        "ocean",
        "config.txt",
    ];
    let stdout = run_ok(dir.path(), &args);
    assert!(
        stdout.starts_with("wrote maze.txt and maze.png: "),
        "{stdout}"
    );
    let picture = Picture::load(&dir.path().join("maze.png"));
    assert_eq!((picture.width, picture.height), (27 * 10, 22 * 10));
    let style = theme_style("ocean");
    let file = MazeFile::load(dir.path().join("maze.txt")).unwrap();
    let (on_path, passage) = path_and_passage_cells(&file);
    // The top border, 2 pixels wide on the line between the margin and row 0.
    assert_eq!(picture.at(35, 10), rgb(&style.walls), "a wall");
    let (x, y) = centre(on_path, 10);
    assert_eq!(picture.at(x, y), rgb(&style.path), "the path at {on_path}");
    let (x, y) = centre(passage, 10);
    assert_eq!(
        picture.at(x, y),
        rgb(&style.background),
        "a passage at {passage}"
    );
    assert_ne!(style.walls, style.background);

    // Without the solution, the path's cell is a passage like any other.
    run_ok(
        dir.path(),
        &[
            "--headless",
            "--png",
            "bare.png",
            "--svg-cell",
            "10",
            "--theme",
            "ocean",
            "--no-solution",
            "config.txt",
        ],
    );
    let bare = Picture::load(&dir.path().join("bare.png"));
    let (x, y) = centre(on_path, 10);
    assert_eq!(bare.at(x, y), rgb(&style.background));
}

#[test]
fn png_fits_a_screen_by_default_and_refuses_what_it_cannot_hold() {
    let dir = tempfile::tempdir().unwrap();
    config(dir.path());
    run_ok(
        dir.path(),
        &["--headless", "--png", "fit.png", "config.txt"],
    );
    let picture = Picture::load(&dir.path().join("fit.png"));
    // 27x22 cells at the 16 pixels a cell that fit allows for a small maze.
    assert_eq!((picture.width, picture.height), (27 * 16, 22 * 16));

    fs::write(
        dir.path().join("big.txt"),
        "WIDTH=1000\nHEIGHT=1000\nENTRY=0,0\nEXIT=999,999\nOUTPUT_FILE=big_maze.txt\nPERFECT=True\n",
    )
    .unwrap();
    let stderr = run_usage_error(
        dir.path(),
        &[
            "--headless",
            "--png",
            "big.png",
            "--svg-cell",
            "100",
            "big.txt",
        ],
    );
    assert!(stderr.contains("100200x100200 pixel PNG"), "{stderr}");
    assert!(!dir.path().join("big_maze.txt").exists(), "nothing written");

    let stderr = run_usage_error(
        dir.path(),
        &["--headless", "--png", "config.txt", "config.txt"],
    );
    assert!(stderr.contains("is the config file"), "{stderr}");
    let stderr = run_usage_error(
        dir.path(),
        &[
            "--headless",
            "--png",
            "fit.png",
            "--theme",
            "nope",
            "config.txt",
        ],
    );
    assert!(
        stderr.contains("--theme nope: no such theme (have classic"),
        "{stderr}"
    );
}

/// A program on the PATH, if it is there.
fn tool(name: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|path| path.is_file())
    })
}

/// Runs a poppler tool and returns what it printed, or `None` (with a note on why the check
/// is skipped) where it is not installed.
fn poppler(name: &str, args: &[&str], dir: &Path) -> Option<Vec<u8>> {
    let Some(program) = tool(name) else {
        eprintln!("skipped: {name} not found (apt-get install poppler-utils to run this check)");
        return None;
    };
    let output = std::process::Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "{name} {args:?}: {output:?}");
    Some(output.stdout)
}

/// The page's `/MediaBox` sizes and the page tree's `/Count`, read from the file itself.
fn pages_and_boxes(pdf: &[u8]) -> (u32, Vec<String>) {
    let text = String::from_utf8_lossy(pdf);
    let count = text
        .split("/Type /Pages")
        .nth(1)
        .and_then(|rest| rest.split("/Count ").nth(1))
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .expect("a page tree with a count");
    let boxes = text
        .split("/MediaBox [")
        .skip(1)
        .map(|rest| rest.split(']').next().unwrap().trim().to_owned())
        .collect();
    (count, boxes)
}

/// How many of a PNG's pixels are the print style's path grey (#808080, give or take
/// antialiasing).
fn path_grey_pixels(picture: &Picture) -> usize {
    (0..picture.height)
        .flat_map(|y| (0..picture.width).map(move |x| (x, y)))
        .filter(|&(x, y)| picture.at(x, y).iter().all(|&c| c.abs_diff(0x80) <= 6))
        .count()
}

#[test]
fn pdf_has_the_pages_paper_seeds_and_answers_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    config(dir.path());
    let args = [
        "--headless",
        "--pdf",
        "sheet.pdf",
        "--count",
        "3",
        "config.txt",
    ];
    let stdout = run_ok(dir.path(), &args);
    assert!(
        stdout.starts_with("wrote maze.txt and sheet.pdf: "),
        "{stdout}"
    );
    let pdf = fs::read(dir.path().join("sheet.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let (pages, boxes) = pages_and_boxes(&pdf);
    assert_eq!(pages, 6, "three puzzles, then three answers");
    assert_eq!(boxes.len(), 6);
    assert!(
        boxes.iter().all(|b| b == "0 0 595.276 841.89"),
        "A4: {boxes:?}"
    );

    // Letter, two to a page: two pages of puzzles, two of answers.
    let letter = [
        "--headless",
        "--pdf",
        "letter.pdf",
        "--count",
        "3",
        "--per-page",
        "2",
        "--paper",
        "letter",
        "config.txt",
    ];
    run_ok(dir.path(), &letter);
    let (pages, boxes) = pages_and_boxes(&fs::read(dir.path().join("letter.pdf")).unwrap());
    assert_eq!(pages, 4);
    assert!(
        boxes.iter().all(|b| b == "0 0 612 792"),
        "Letter: {boxes:?}"
    );

    // Each puzzle page's text holds its seed; the answers follow in the same order.
    if let Some(info) = poppler("pdfinfo", &["sheet.pdf"], dir.path()) {
        let info = String::from_utf8(info).unwrap();
        assert!(info.contains("Pages:           6"), "{info}");
        assert!(info.contains("(A4)"), "{info}");
    }
    for (page, seed) in [(1, 42), (2, 43), (3, 44), (4, 42), (6, 44)] {
        let page_arg = page.to_string();
        let args = ["-f", &page_arg, "-l", &page_arg, "sheet.pdf", "-"];
        let Some(text) = poppler("pdftotext", &args, dir.path()) else {
            break;
        };
        let text = String::from_utf8(text).unwrap();
        let expected = format!("Seed {seed} - 25x20 - backtracker - ");
        assert!(text.contains(&expected), "page {page}: {text}");
        assert_eq!(text.contains("Answer: "), page > 3, "page {page}: {text}");
        assert!(
            ["easy (", "medium (", "hard ("]
                .iter()
                .any(|l| text.contains(l)),
            "a difficulty: {text}"
        );
    }

    // The answer page draws the path; its puzzle page does not.
    let render = |page: &str, stem: &str| {
        let args = [
            "-r",
            "72",
            "-png",
            "-f",
            page,
            "-l",
            page,
            "-singlefile",
            "sheet.pdf",
            stem,
        ];
        poppler("pdftoppm", &args, dir.path())
            .map(|_| Picture::load(&dir.path().join(format!("{stem}.png"))))
    };
    if let (Some(puzzle), Some(answer)) = (render("1", "puzzle"), render("4", "answer")) {
        assert_eq!((answer.width, answer.height), (596, 842), "A4 at 72 dpi");
        let (on_puzzle, on_answer) = (path_grey_pixels(&puzzle), path_grey_pixels(&answer));
        // 181 steps of a 0.3-cell-wide line at about 19 points a cell.
        assert!(
            on_answer > 181 * 19 * 3,
            "the path: {on_answer} grey pixels"
        );
        assert!(
            on_puzzle < on_answer / 20,
            "no path on the puzzle: {on_puzzle}"
        );
    }
}

#[test]
fn pdf_refuses_a_sheet_too_large_and_is_black_on_white_unless_a_theme_is_named() {
    let dir = tempfile::tempdir().unwrap();
    config(dir.path());
    fs::write(
        dir.path().join("big.txt"),
        "WIDTH=200\nHEIGHT=200\nENTRY=0,0\nEXIT=199,199\nOUTPUT_FILE=big_maze.txt\nPERFECT=True\n",
    )
    .unwrap();
    let stderr = run_usage_error(
        dir.path(),
        &["--headless", "--pdf", "s.pdf", "--count", "1000", "big.txt"],
    );
    assert!(
        stderr.contains("a sheet of 1000 mazes of 200x200"),
        "{stderr}"
    );
    assert!(!dir.path().join("big_maze.txt").exists());

    // The config's theme colours the pictures, not the paper; --theme colours both.
    fs::write(
        dir.path().join("themed.txt"),
        "WIDTH=25\nHEIGHT=20\nENTRY=0,0\nEXIT=24,19\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\nTHEME=ocean\n",
    )
    .unwrap();
    run_ok(
        dir.path(),
        &["--headless", "--pdf", "plain.pdf", "themed.txt"],
    );
    run_ok(
        dir.path(),
        &[
            "--headless",
            "--pdf",
            "ocean.pdf",
            "--theme",
            "ocean",
            "themed.txt",
        ],
    );
    let ocean_background = rgb(&theme_style("ocean").background);
    for (file, themed) in [("plain", false), ("ocean", true)] {
        let args = ["-r", "20", "-png", "-f", "1", "-l", "1", "-singlefile"];
        let pdf = format!("{file}.pdf");
        let args: Vec<&str> = args.iter().copied().chain([pdf.as_str(), file]).collect();
        if poppler("pdftoppm", &args, dir.path()).is_none() {
            return;
        }
        let page = Picture::load(&dir.path().join(format!("{file}.png")));
        // Inside the maze's margin, near the top left of the page.
        let inside = page.at(page.width / 2, page.height / 8);
        let expected = if themed {
            ocean_background
        } else {
            [255, 255, 255]
        };
        assert_eq!(inside, expected, "{file}");
    }
}

/// One wall segment a cell long: vertical or not, the line it is on, where along it.
type Segment = (bool, u32, u32);

/// The unit segments of path data made of `M`, `m`, `h` and `v` commands, as the drawings
/// write their walls.
fn segments(d: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let (mut x, mut y) = (0i64, 0i64);
    let mut rest = d;
    while let Some(command) = rest.chars().next() {
        let end = rest[1..]
            .find(|c: char| c.is_ascii_alphabetic())
            .map_or(rest.len(), |i| i + 1);
        let args: Vec<i64> = rest[1..end]
            .split(',')
            .map(|n| n.parse().unwrap())
            .collect();
        match command {
            'M' => (x, y) = (args[0], args[1]),
            'm' => (x, y) = (x + args[0], y + args[1]),
            'h' | 'v' => {
                let len = args[0];
                for i in 0..len.abs() {
                    let step = if len < 0 { -i - 1 } else { i };
                    out.push(if command == 'h' {
                        (false, y as u32, (x + step) as u32)
                    } else {
                        (true, x as u32, (y + step) as u32)
                    });
                }
                if command == 'h' { x += len } else { y += len }
            }
            other => panic!("unexpected command {other} in {d}"),
        }
        rest = &rest[end..];
    }
    out
}

/// Every closed wall of the maze file as unit segments (each once).
fn file_walls(file: &MazeFile) -> std::collections::BTreeSet<Segment> {
    let mut walls = std::collections::BTreeSet::new();
    for y in 0..file.height() {
        for x in 0..file.width() {
            let w = file.walls(Pos::new(x, y));
            for (dir, segment) in [
                (mazegen::Dir::North, (false, y, x)),
                (mazegen::Dir::South, (false, y + 1, x)),
                (mazegen::Dir::West, (true, x, y)),
                (mazegen::Dir::East, (true, x + 1, y)),
            ] {
                if w.is_closed(dir) {
                    walls.insert(segment);
                }
            }
        }
    }
    walls
}

/// Seconds from an SMIL clock value as the film writes them (`1.250s`).
fn seconds(value: &str) -> f64 {
    value.strip_suffix('s').unwrap().parse().unwrap()
}

/// The walls each carve step opens, in order, from the maze's own generator.
fn carved_in_order(options: mazegen::MazeOptions) -> Vec<Segment> {
    let mut generator = mazegen::Generator::new(options).unwrap();
    let mut before = generator.grid().clone();
    let mut carved = Vec::new();
    loop {
        match generator.step() {
            mazegen::GenEvent::Done => break,
            mazegen::GenEvent::Carve { from, to } => {
                let (a, b) = if (from.y, from.x) < (to.y, to.x) {
                    (from, to)
                } else {
                    (to, from)
                };
                let (dir, segment) = if a.y == b.y {
                    (mazegen::Dir::East, (true, a.x + 1, a.y))
                } else {
                    (mazegen::Dir::South, (false, a.y + 1, a.x))
                };
                if before.is_closed(a, dir) && !generator.grid().is_closed(a, dir) {
                    before.set_wall(a, dir, false);
                    carved.push(segment);
                }
            }
            _ => {}
        }
    }
    carved
}

#[test]
fn animate_replays_each_carve_step_and_ends_as_the_static_svg() {
    let dir = tempfile::tempdir().unwrap();
    config(dir.path());
    for algorithm in ["backtracker", "kruskal", "recursive-division"] {
        let args = [
            "--headless",
            "--animate",
            "film.svg",
            "--svg",
            "still.svg",
            "--duration",
            "4",
            "--algorithm",
            algorithm,
            "--theme",
            "forest",
            "config.txt",
        ];
        run_ok(dir.path(), &args);
        let text = fs::read_to_string(dir.path().join("film.svg")).unwrap();
        let doc = roxmltree::Document::parse(&text).expect("the film is well-formed XML");
        let walls = doc
            .descendants()
            .find(|n| n.attribute("id") == Some("walls"))
            .unwrap();
        let paths: Vec<roxmltree::Node> = walls
            .children()
            .filter(|n| n.has_tag_name("path"))
            .collect();

        // Each timed path is one frame's walls, with one <set> saying when.
        let mut hidden_at: std::collections::BTreeMap<Segment, f64> = Default::default();
        let mut last_frame: std::collections::BTreeSet<Segment> = Default::default();
        let mut timed = 0;
        for path in &paths {
            let sets: Vec<_> = path.children().filter(|n| n.has_tag_name("set")).collect();
            let segs = segments(path.attribute("d").unwrap());
            assert!(!segs.is_empty());
            let ends_open = path.attribute("visibility") == Some("hidden");
            if !ends_open {
                last_frame.extend(segs.iter().copied());
            }
            match sets.as_slice() {
                [] => assert!(!ends_open, "a still path is drawn"),
                [set] => {
                    timed += 1;
                    let end = seconds(set.attribute("end").unwrap());
                    assert!(end > 0.0 && end <= 4.0 * 0.8 + 1e-9, "{end}");
                    if ends_open {
                        for s in segs {
                            assert!(hidden_at.insert(s, end).is_none(), "{s:?} opened twice");
                        }
                    }
                }
                more => panic!("{} animations on one path", more.len()),
            }
        }
        // Merged runs: at most 30 frames a second of carving.
        assert!(
            timed >= 10 && timed <= (4.0 * 0.8 * 30.0) as usize + 1,
            "{algorithm}: {timed}"
        );

        // Every carve step's wall opens at its moment: in the order the generator carves.
        let file = MazeFile::load(dir.path().join("maze.txt")).unwrap();
        let config = mazegen::config::Config::load(dir.path().join("config.txt")).unwrap();
        let options = config
            .maze_options(42)
            .algorithm(algorithm.parse().unwrap());
        let carved = carved_in_order(options);
        if algorithm != "recursive-division" {
            assert!(
                carved.len() >= 25 * 20 - 18 - 1,
                "{algorithm}: {}",
                carved.len()
            );
            let moments: Vec<f64> = carved.iter().map(|s| hidden_at[s]).collect();
            assert!(
                moments.windows(2).all(|w| w[0] <= w[1]),
                "{algorithm}: in step order"
            );
            assert_eq!(hidden_at.len(), carved.len(), "nothing else opens");
        }

        // The last frame has every wall of the hex file, and no other.
        assert_eq!(last_frame, file_walls(&file), "{algorithm}");

        // Drawn still, the film is the static picture.
        let film = mazegen::format::Png::rasterize(text.as_bytes()).unwrap();
        let still = fs::read(dir.path().join("still.svg")).unwrap();
        let still = mazegen::format::Png::rasterize(&still).unwrap();
        assert_eq!(
            (film.width(), film.height()),
            (still.width(), still.height())
        );
        let differ = film
            .data()
            .chunks(4)
            .zip(still.data().chunks(4))
            .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 24))
            .count();
        let pixels = (film.width() * film.height()) as usize;
        // Only antialiasing, where the film splits a run of walls the still picture draws in
        // one stroke (their square caps overlap): under half a percent of the pixels.
        assert!(
            differ * 200 < pixels,
            "{algorithm}: {differ} of {pixels} pixels differ"
        );
    }
}

#[test]
fn animate_refuses_a_maze_whose_film_would_pass_20_mb() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("big.txt"),
        "WIDTH=1300\nHEIGHT=1300\nENTRY=0,0\nEXIT=1299,1299\nOUTPUT_FILE=big_maze.txt\nPERFECT=True\n",
    )
    .unwrap();
    let stderr = run_usage_error(dir.path(), &["--headless", "--animate", "f.svg", "big.txt"]);
    assert!(
        stderr.contains("--animate: a 1300x1300 maze has 1690000 cells"),
        "{stderr}"
    );
    assert!(stderr.contains("20 MB"), "{stderr}");
    assert!(!dir.path().join("big_maze.txt").exists());
    config(dir.path());
    let stderr = run_usage_error(
        dir.path(),
        &[
            "--headless",
            "--animate",
            "f.svg",
            "--duration",
            "0",
            "config.txt",
        ],
    );
    assert!(stderr.contains("0.5 to 600 seconds"), "{stderr}");
}

/// Each picture the library refuses as too large, and an unknown paper, are told in the app's
/// words: the library's message, then the app's hint at what to ask for instead.
#[test]
fn a_refused_picture_is_told_whole_with_the_apps_hint() {
    let dir = tempfile::tempdir().unwrap();
    let square = |side: u32| {
        let name = format!("c{side}.txt");
        fs::write(
            dir.path().join(&name),
            format!(
                "WIDTH={side}\nHEIGHT={side}\nENTRY=0,0\nEXIT={0},{0}\nOUTPUT_FILE=m{side}.txt\nPERFECT=True\n",
                side - 1
            ),
        )
        .unwrap();
        name
    };
    let (small, medium, large) = (square(100), square(1000), square(1300));
    let cases: [(&[&str], &str); 4] = [
        (
            &["--headless", "--png", "x.png", "--svg-cell", "500", &small],
            "error: a 100x100 maze at this cell size is a 51000x51000 pixel PNG, more than the 64 \
             million pixels a PNG may have: use a smaller --svg-cell, or none to fit 1600 pixels\n",
        ),
        (
            &["--headless", "--pdf", "x.pdf", "--count", "21", &medium],
            "error: a sheet of 21 mazes of 1000x1000 has 21000000 cells, more than the 20 million \
             a sheet may have: ask for fewer or smaller mazes\n",
        ),
        (
            &["--headless", "--animate", "x.svg", &large],
            "error: --animate: a 1300x1300 maze has 1690000 cells: an animated SVG of more than \
             1.5 million cells (1224x1224) could pass 20 MB\n",
        ),
        (
            &["--headless", "--pdf", "x.pdf", "--paper", "b5", &small],
            "error: invalid value 'b5' for '--paper <SIZE>': unknown paper \"b5\": a4 or letter \
             (see --help)\n",
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(run_usage_error(dir.path(), args), expected, "{args:?}");
    }
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        3,
        "nothing written"
    );
}
