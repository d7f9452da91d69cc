//! Speed of the maze engine: generation (cells/s), solving and writing.
//!
//! `cargo bench --bench generate`; the README lists the figures measured on the project's
//! 2-core machine.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mazegen::format::Hex;
use mazegen::{Algorithm, Generator, MazeOptions, Pos};

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (side, perfect) in [(4000, true), (1000, true), (1000, false)] {
        group.throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
        let kind = if perfect { "perfect" } else { "board" };
        group.bench_function(format!("backtracker {side}x{side} {kind}"), |b| {
            b.iter(|| {
                let options = MazeOptions::new(side, side).seed(7).perfect(perfect);
                black_box(Generator::generate(options).unwrap())
            })
        });
    }
    group.finish();
}

/// Every algorithm at 2000x2000 (4 M cells), perfect, entry in the top-left corner: the
/// README's table of cells per second.
fn every_algorithm(c: &mut Criterion) {
    let side = 2000;
    let mut group = c.benchmark_group("algorithms");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(15))
        .throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
    for &algorithm in Algorithm::ALL {
        group.bench_function(format!("{algorithm} {side}x{side}"), |b| {
            b.iter(|| {
                let options = MazeOptions::new(side, side).seed(7).algorithm(algorithm);
                black_box(Generator::generate(options).unwrap())
            })
        });
    }
    group.finish();
}

fn solving_and_writing(c: &mut Criterion) {
    let side = 2000;
    let grid = Generator::generate(MazeOptions::new(side, side).seed(7)).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(side - 1, side - 1));
    let mut group = c.benchmark_group("solve and write");
    group
        .sample_size(10)
        .throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
    group.bench_function(format!("bfs {side}x{side}"), |b| {
        b.iter(|| black_box(grid.shortest_path(entry, exit).unwrap()))
    });
    let path = grid.shortest_path(entry, exit).unwrap();
    let mut out = Vec::with_capacity(grid.cell_count() + 64 * 1024);
    group.bench_function(format!("hex {side}x{side}"), |b| {
        b.iter(|| {
            out.clear();
            Hex::write_grid(&mut out, &grid, entry, exit, &path).unwrap();
            black_box(out.len())
        })
    });
    group.finish();
}

criterion_group!(benches, generation, every_algorithm, solving_and_writing);
criterion_main!(benches);
