//! `MazeFile::load` on hostile files: larger than any maze of their width could be, larger than
//! the expected size, not regular files. Each is refused before it is read whole.

use std::fs;

use mazegen::format::{Hex, MazeFile};
use mazegen::{Generator, MazeOptions, Pos};

fn valid_maze_text(width: u32, height: u32) -> String {
    let grid = Generator::generate(MazeOptions::new(width, height).seed(3)).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(width - 1, height - 1));
    let path = grid.shortest_path(entry, exit).unwrap();
    Hex::grid_to_string(&grid, entry, exit, &path)
}

#[test]
fn a_valid_file_loads_with_or_without_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("maze.txt");
    let text = valid_maze_text(12, 9);
    assert!((text.len() as u64) < MazeFile::max_file_bytes(12, 9));
    fs::write(&path, &text).unwrap();
    assert_eq!(MazeFile::load(&path).unwrap().width(), 12);
    assert_eq!(MazeFile::load_sized(&path, 12, 9).unwrap().height(), 9);
}

#[test]
fn a_file_larger_than_its_expected_size_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("maze.txt");
    let mut text = valid_maze_text(12, 9);
    text.push_str(&"\n".repeat(MazeFile::max_file_bytes(12, 9) as usize));
    fs::write(&path, &text).unwrap();
    let err = MazeFile::load_sized(&path, 12, 9).unwrap_err();
    let message = err.to_string();
    assert!(
        message.starts_with(&format!("cannot read {}: it is", path.display())),
        "{message}"
    );
    assert!(message.contains("allowed"), "{message}");
}

#[test]
fn a_file_larger_than_any_maze_of_its_width_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("zeros.txt");
    // A first line of 4 cells: at most 100000 rows of 4 and a path through them, about 1 MB
    // in all. Then 4 MB of NUL bytes (sparse, so the test writes almost nothing).
    fs::write(&path, "9999\n").unwrap();
    fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(4_000_000)
        .unwrap();
    let err = MazeFile::load(&path).unwrap_err();
    assert!(err.to_string().contains("more than the"), "{err}");
}

#[test]
fn a_directory_is_not_a_maze_file() {
    let dir = tempfile::tempdir().unwrap();
    let err = MazeFile::load(dir.path()).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("it is a directory, not a regular file"),
        "{err}"
    );
}
