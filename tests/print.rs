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

/// A decoded PNG: width, height and RGBA rows.
struct Picture {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Picture {
    fn load(path: &Path) -> Picture {
        let decoder = png::Decoder::new(fs::File::open(path).unwrap());
        let mut reader = decoder.read_info().unwrap();
        let mut rgba = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut rgba).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgba);
        rgba.truncate(info.buffer_size());
        Picture {
            width: info.width,
            height: info.height,
            rgba,
        }
    }

    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = (y * self.width + x) as usize * 4;
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
