//! Speed of every solver on one big perfect maze (cells of the maze per second).
//!
//! `cargo bench --bench solve`: a 2000x2000 perfect maze (seed 7) solved from its top-left to
//! its bottom-right corner by each solver, run to the end.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mazegen::{Generator, MazeOptions, Pos, Solver};

fn solvers(c: &mut Criterion) {
    let side = 2000;
    let grid = Generator::generate(MazeOptions::new(side, side).seed(7)).unwrap();
    let (entry, exit) = (Pos::new(0, 0), Pos::new(side - 1, side - 1));
    let mut group = c.benchmark_group("solve");
    group
        .sample_size(10)
        .throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
    for &solver in Solver::ALL {
        let mut search = solver.search(&grid, entry, exit);
        let path = search
            .run()
            .unwrap_or_else(|| panic!("{solver} finds the exit of a perfect maze"))
            .len();
        eprintln!(
            "{solver}: {} cells visited, path {path} steps",
            search.visited()
        );
        group.bench_function(format!("{solver} {side}x{side}"), |b| {
            b.iter(|| {
                let mut search = solver.search(&grid, entry, exit);
                black_box(search.run())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solvers);
criterion_main!(benches);
