//! Opening a maze file in a viewer: reading it (the first frame) and checking every rule.
//!
//! `cargo bench -p mazegen --bench inspect`: a valid perfect maze of 2000x2000 and one of
//! 10000x10000 (seed 42), written to a temporary file with 20 wall bits flipped, then
//! `Inspection::open` (read, drawable at once) and `Inspection::load` (read and check).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use mazegen::format::Hex;
use mazegen::validate::{Expected, Inspection};
use mazegen::{Generator, MazeOptions, Pos};

/// A valid maze's file with `flips` wall bits flipped at places spread over the maze.
fn broken_maze_file(side: u32, flips: u64, dir: &tempfile::TempDir) -> std::path::PathBuf {
    let grid = Generator::generate(MazeOptions::new(side, side).seed(42)).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(side - 1, side - 1));
    let path = grid.shortest_path(entry, exit).unwrap();
    let mut text = Hex::grid_to_string(&grid, entry, exit, &path).into_bytes();
    drop(grid);
    let side = u64::from(side);
    for k in 0..flips {
        let (x, y) = ((k * 7919 + 13) % side, (k * 104_729 + 17) % side);
        let at = (y * (side + 1) + x) as usize;
        let value = (text[at] as char).to_digit(16).unwrap() ^ (1 << (k % 4));
        text[at] = char::from_digit(value, 16).unwrap().to_ascii_uppercase() as u8;
    }
    let file = dir.path().join(format!("maze-{side}.txt"));
    std::fs::write(&file, text).unwrap();
    file
}

fn inspect_files(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("inspect");
    // Flat: ten runs of a few seconds each, not 55 as linear sampling would make.
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(20));
    for side in [2000, 10_000] {
        let file = broken_maze_file(side, 20, &dir);
        let cells = u64::from(side) * u64::from(side);
        group.throughput(Throughput::Elements(cells));
        let inspection = Inspection::load(&file).unwrap();
        for row in inspection.problem_rows() {
            eprintln!(
                "{side}x{side}: {} {:?}: {}",
                row.count, row.kind, row.summary
            );
        }
        eprintln!(
            "{side}x{side}: inspection heap {:.2} bytes a cell",
            inspection.heap_bytes() as f64 / cells as f64
        );
        drop(inspection);
        group.bench_function(format!("open (first frame) {side}x{side}"), |b| {
            b.iter(|| black_box(Inspection::open(&file, &Expected::default()).unwrap()))
        });
        group.bench_function(format!("load (open and check) {side}x{side}"), |b| {
            b.iter(|| black_box(Inspection::load(&file).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, inspect_files);
criterion_main!(benches);
