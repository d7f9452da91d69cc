//! The worst scrub back of every algorithm at a size (default 2000x2000): the replay from the
//! checkpoint before the longest gap to just before the next one. `cargo run --release
//! --example replay_times -p mazegen [WIDTH HEIGHT] [board]`: `board` for playable boards
//! (braided) instead of perfect mazes.

use std::time::Instant;

use mazegen::{Algorithm, Generator, MazeOptions, Timeline};
use strum::VariantArray;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (width, height) = (
        *args.first().unwrap_or(&2000),
        *args.get(1).unwrap_or(&2000),
    );
    let perfect = !std::env::args().any(|a| a == "board");
    for &algorithm in Algorithm::VARIANTS {
        let options = MazeOptions::new(width, height)
            .seed(7)
            .algorithm(algorithm)
            .perfect(perfect);
        let mut timeline = Timeline::new(options.clone()).unwrap();
        let mut live = Generator::new(options).unwrap();
        let started = Instant::now();
        while !live.is_done() {
            live.run_steps(100_000);
            timeline.observe(&live);
        }
        let carving = started.elapsed();
        let total = live.steps();
        let worst = timeline.farthest_step().expect("the carving is done");
        let mut slowest = 0f64;
        for _ in 0..3 {
            let started = Instant::now();
            std::hint::black_box(timeline.generator_at(worst));
            slowest = slowest.max(started.elapsed().as_secs_f64() * 1e3);
        }
        println!(
            "{algorithm:>20}: {total:>11} steps in {:>6.0} ms, {:>2} checkpoints ({:>2} MiB), worst scrub {slowest:>6.1} ms",
            carving.as_secs_f64() * 1e3,
            timeline.checkpoint_count(),
            timeline.checkpoint_bytes() >> 20,
        );
    }
}
