//! What play mode costs on a big board, where the chasers' searches are bounded.
//!
//! `cargo bench -p mazegen --bench play`: on a 2000x2000 board (seed 7), starting a game (the
//! chasers' placing search, at most `PLACING_CELLS` cells) and two moves (the walker's, then
//! the chasers', whose search looks at no more than `SENSING_CELLS` cells).

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use mazegen::play::Game;
use mazegen::{Dir, Maze, MazeOptions, Pos};

fn play(c: &mut Criterion) {
    let side = 2000;
    let options = MazeOptions::new(side, side).seed(7).perfect(false);
    let exit = Pos::new(side - 1, side - 1);
    let maze = Arc::new(Maze::generate(options, Pos::new(0, 0), exit).unwrap());
    let mut group = c.benchmark_group("play");
    group.sample_size(10);
    group.bench_function(format!("start {side}x{side} board"), |b| {
        b.iter(|| black_box(Game::new(Arc::clone(&maze))))
    });
    let game = Game::new(Arc::clone(&maze));
    let out = Dir::ALL
        .into_iter()
        .find(|&d| maze.grid().is_open(maze.entry(), d))
        .unwrap();
    group.bench_function(format!("two moves on a {side}x{side} board"), |b| {
        b.iter_batched(
            || game.clone(),
            |mut game| {
                assert_eq!(game.step(out), 1);
                assert_eq!(game.step(out.opposite()), 1);
                game
            },
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, play);
criterion_main!(benches);
