//! Speed of scrubbing back through a carving (see `mazegen::Timeline`): the dashboard must
//! answer a step back within 100 ms at 2000x2000.
//!
//! `cargo bench --bench replay`; the README lists the figures measured on the project's
//! 2-core machine.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use mazegen::{Algorithm, Generator, MazeOptions, Timeline};

/// A timeline of a 2000x2000 maze carved live, as the dashboard shows it each frame's
/// generator, and the steps of its whole carving.
fn watched(algorithm: Algorithm) -> (Timeline, u64) {
    let options = MazeOptions::new(2000, 2000).seed(7).algorithm(algorithm);
    let mut timeline = Timeline::new(options.clone()).unwrap();
    let mut live = Generator::new(options).unwrap();
    while !live.is_done() {
        live.run_steps(100_000);
        timeline.observe(&live);
    }
    (timeline, live.steps())
}

fn scrub_back(c: &mut Criterion) {
    let mut group = c.benchmark_group("scrub back 2000x2000");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    for &algorithm in Algorithm::ALL {
        let (mut timeline, total) = watched(algorithm);
        // The worst place: just before a checkpoint, the longest replay from the one before.
        let worst = timeline.farthest_step().expect("the carving is done");
        let steps: Vec<u64> = timeline.checkpoint_steps().collect();
        group.bench_function(format!("{algorithm} to the middle"), |b| {
            b.iter(|| black_box(timeline.generator_at(total / 2)))
        });
        group.bench_function(format!("{algorithm} worst step"), |b| {
            b.iter(|| black_box(timeline.generator_at(worst)))
        });
        eprintln!(
            "{algorithm}: {total} steps, {} checkpoints ({} MiB counted) at {steps:?}",
            timeline.checkpoint_count(),
            timeline.checkpoint_bytes() >> 20
        );
    }
    group.finish();
}

criterion_group!(benches, scrub_back);
criterion_main!(benches);
