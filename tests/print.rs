//! End-to-end tests of the print and share outputs: `--png`, `--pdf` and `--animate`, each run
//! by the binary in a fresh temporary folder and read back as a user's program would.

#[path = "support/binary.rs"]
mod binary;

use std::fs;
use std::path::Path;

use a_maze_ing::tui::theme::ThemeSet;
use mazegen::Pos;
use mazegen::format::MazeFile;
use mazegen::format::svg::SvgStyle;

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
