//! This project against the knossos crate, end to end, on each algorithm both have: generate
//! a perfect maze, solve it and write it out as text (ours: the hex file with its shortest
//! path, the rows written while the path is found, as `--headless` does; knossos: its ASCII
//! rendering, it has no solver). Both write into memory, so no disk is timed.
//!
//! `cargo bench --bench peers`; `cargo bench --bench peers -- sidewinder` for one algorithm.
//! 2000x2000, Prim and Aldous-Broder 1000x1000 (knossos's take seconds a maze there), Kruskal
//! 250x250: knossos's Kruskal grows with the square of the cells or faster (65 ms a maze at
//! 125x125, 1.46 s at 250x250, 40 s at 500x500, 225 s at 707x707), so at any larger size the
//! bench would not end. The table in docs/speed.md is the ratio of the two times.

use std::hint::black_box;
use std::thread;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use knossos::maze::{self as kn, AsciiNarrow, OrthogonalMazeBuilder};
use mazegen::format::{Format, Hex};
use mazegen::{Algorithm, Maze, MazeOptions, Pos};

/// Makes knossos's algorithm.
type Theirs = fn() -> Box<dyn kn::Algorithm>;

/// Our algorithm, knossos's same one, and the side of the square maze both make.
fn shared() -> Vec<(Algorithm, Theirs, u32)> {
    vec![
        (
            Algorithm::Backtracker,
            || Box::new(kn::RecursiveBacktracking),
            2000,
        ),
        (Algorithm::Prim, || Box::new(kn::Prim::new()), 1000),
        (Algorithm::Kruskal, || Box::new(kn::Kruskal), 250),
        (Algorithm::AldousBroder, || Box::new(kn::AldousBroder), 1000),
        (
            Algorithm::HuntAndKill,
            || Box::new(kn::HuntAndKill::new()),
            2000,
        ),
        (
            Algorithm::GrowingTreeNewest,
            || Box::new(kn::GrowingTree::new(kn::Method::Newest)),
            2000,
        ),
        (
            Algorithm::GrowingTreeRandom,
            || Box::new(kn::GrowingTree::new(kn::Method::Random)),
            2000,
        ),
        (
            Algorithm::BinaryTree,
            || Box::new(kn::BinaryTree::new(kn::Bias::NorthEast)),
            2000,
        ),
        (Algorithm::Sidewinder, || Box::new(kn::Sidewinder), 2000),
        (Algorithm::Eller, || Box::new(kn::Eller), 2000),
        (
            Algorithm::RecursiveDivision,
            || Box::new(kn::RecursiveDivision),
            2000,
        ),
    ]
}

/// Ours as `--headless` does it, into memory: the maze file's bytes.
fn ours(algorithm: Algorithm, side: u32, seed: u64) -> Vec<u8> {
    let options = MazeOptions::new(side, side).seed(seed).algorithm(algorithm);
    let exit = Pos::new(side - 1, side - 1);
    let maze = Maze::generate(options, Pos::new(0, 0), exit).expect("a valid size");
    let mut out = Vec::with_capacity((side as usize + 1) * side as usize + side as usize * 4);
    // The search runs beside the rows, as --headless runs it: the hex format waits for the
    // path only for its last line.
    thread::scope(|scope| {
        scope.spawn(|| maze.solution());
        Hex.write(&maze, &mut out)
            .expect("memory takes every write");
    });
    out
}

/// knossos's maze and its ASCII rendering. On a thread with a big stack: its backtracker
/// recurses once a cell, which overflows the main thread's 8 MiB at 2000x2000.
fn theirs(algorithm: Theirs, side: u32, seed: u64) -> String {
    let build = move || {
        let maze = OrthogonalMazeBuilder::new()
            .width(side as usize)
            .height(side as usize)
            .seed(Some(seed))
            .algorithm(algorithm())
            .build();
        maze.format(AsciiNarrow).into_inner()
    };
    std::thread::Builder::new()
        .stack_size(4 << 30)
        .spawn(build)
        .expect("a thread")
        .join()
        .expect("knossos does not panic")
}

fn peers(c: &mut Criterion) {
    for (algorithm, knossos, side) in shared() {
        let mut group = c.benchmark_group(format!("peers/{algorithm}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(5))
            .throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
        let mut seed = 0;
        group.bench_function(format!("a-maze-ing {side}x{side}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(ours(algorithm, side, seed))
            })
        });
        group.bench_function(format!("knossos {side}x{side}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(theirs(knossos, side, seed))
            })
        });
        group.finish();
    }
}

criterion_group!(benches, peers);
criterion_main!(benches);
