//! The pictures the README shows are what the code draws today.

use std::path::Path;

use mazegen::format::{Svg, SvgOptions};
use mazegen::{Generator, MazeOptions, Pos};

/// `assets/example.svg` is what `cargo run -p mazegen --example svg_export --
/// assets/example.svg` writes: a 30x20 maze, seed 42, with its path. After a deliberate change
/// to the drawing, `UPDATE_GOLDEN=1 cargo test --test assets` rewrites it.
#[test]
fn the_example_svg_is_up_to_date() {
    let maze = MazeOptions::new(30, 20).seed(42);
    let (entry, exit) = (Pos::new(0, 0), Pos::new(29, 19));
    let grid = Generator::generate(maze.clone()).unwrap();
    let path = grid.shortest_path(entry, exit).unwrap();
    let options = {
        let mut options = SvgOptions::default();
        options.metadata = SvgOptions::maze_metadata(&maze, entry, exit);
        options
    };
    let drawn = Svg::grid_to_string(&grid, entry, exit, Some(&path), &options);

    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/example.svg");
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&file, &drawn).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&file).expect("assets/example.svg is readable");
    assert!(
        expected == drawn,
        "assets/example.svg differs from the drawing; if the change is deliberate, rewrite it \
         with UPDATE_GOLDEN=1 cargo test --test assets"
    );
}

/// A real renderer draws the example at the size its root asks for. Runs where `rsvg-convert`
/// (Debian's librsvg2-bin) is installed, and says so where it is not.
#[test]
fn rsvg_convert_renders_the_example_at_its_size() {
    use std::process::Command;
    let svg = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/example.svg");
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("example.png");
    let rendered = Command::new("rsvg-convert")
        .arg("-o")
        .arg(&png)
        .arg(&svg)
        .output();
    let Ok(rendered) = rendered else {
        println!("note: rsvg-convert is not installed (apt install librsvg2-bin); not rendered");
        return;
    };
    assert!(
        rendered.status.success(),
        "rsvg-convert failed: {}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    // The IHDR chunk: width and height, big-endian, at bytes 16..24.
    let size = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(
        (size(16), size(20)),
        (32 * 16, 22 * 16),
        "30x20 cells and the margin, 16 px each"
    );
    // Not blank: a PNG of one flat colour compresses to almost nothing.
    assert!(bytes.len() > 2_000, "{} bytes", bytes.len());
}
