use super::*;
use crate::generate::{Algorithm, CellState};
use crate::geometry::Pos;

/// A 60x45 maze (with its 42) by `algorithm`, perfect or a board.
fn options(algorithm: Algorithm, perfect: bool) -> MazeOptions {
    MazeOptions::new(60, 45)
        .seed(11)
        .algorithm(algorithm)
        .perfect(perfect)
}

/// A budget of `checkpoints` checkpoints of this maze, beside what they share: of the bigger
/// of one at its start and one halfway (a growing tree's active list grows).
fn budget(options: &MazeOptions, checkpoints: u64) -> u64 {
    let mut generator = Generator::build(options.clone()).unwrap();
    let first = generator.checkpoint();
    generator.run_steps(total_steps(options) / 2);
    let halfway = generator.checkpoint().heap_bytes();
    let shared = first.shared().map_or(0, |shared| shared.bytes as u64);
    shared + checkpoints * first.heap_bytes().max(halfway) as u64
}

/// Everything the dashboard draws from a generator: the grid, the step, the head and each
/// cell's state.
fn snapshot(generator: &Generator) -> (crate::Grid, u64, Option<Pos>, Vec<CellState>) {
    let grid = generator.grid().clone();
    let states = grid.positions().map(|p| generator.cell_state(p)).collect();
    (grid, generator.steps(), generator.head(), states)
}

/// The generator stepped `k` times from fresh, one `step` at a time.
fn stepped(options: &MazeOptions, k: u64) -> Generator {
    let mut generator = Generator::build(options.clone()).unwrap();
    for _ in 0..k {
        if generator.step() == crate::GenEvent::Done {
            break;
        }
    }
    generator
}

fn total_steps(options: &MazeOptions) -> u64 {
    // `run` goes at full speed without counting; `step` counts.
    let mut generator = Generator::build(options.clone()).unwrap();
    while generator.step() != crate::GenEvent::Done {}
    generator.steps()
}

/// Steps in the order a user might scrub: the end, back to the start, to and fro.
fn scrub_order(total: u64) -> Vec<u64> {
    vec![
        total,
        total - 1,
        total / 2,
        0,
        1,
        total / 3,
        total * 9 / 10,
        total / 10,
        total + 7,
        total * 2 / 3,
        total / 2 + 1,
    ]
}

#[test]
fn the_generator_at_step_k_is_the_one_stepped_k_times_for_every_algorithm() {
    for &algorithm in Algorithm::ALL {
        for perfect in [true, false] {
            let options = options(algorithm, perfect);
            let total = total_steps(&options);
            assert!(total > 100, "{algorithm}: {total} steps");
            // A small interval, so that the scrubs start from checkpoints.
            let mut timeline = Timeline::with_budget(options.clone(), budget(&options, 3))
                .unwrap()
                .with_interval(total / 7);
            for k in scrub_order(total) {
                let replayed = timeline.generator_at(k);
                let expected = stepped(&options, k);
                assert_eq!(
                    snapshot(&replayed),
                    snapshot(&expected),
                    "{algorithm} perfect={perfect} step {k} of {total}"
                );
                assert_eq!(replayed.steps(), k.min(total));
            }
            assert_eq!(timeline.total_steps(), Some(total));
            assert!(timeline.checkpoint_count() > 0, "{algorithm}");
            let first = timeline.checkpoint_steps().next().unwrap();
            assert_eq!(timeline.replay_steps(first + 3), 3);
            assert_eq!(timeline.replay_steps(first - 1), first - 1);
            // A replay carries on as the live generator would.
            let mut replayed = timeline.generator_at(total / 4);
            replayed.run();
            assert_eq!(replayed.grid(), &Generator::generate_grid(options).unwrap());
        }
    }
}

#[test]
fn checkpoints_stay_within_the_budget_and_spread_over_the_carving() {
    let options = options(Algorithm::Backtracker, true);
    let total = total_steps(&options);
    let budget = budget(&options, 4);
    let mut timeline = Timeline::with_budget(options.clone(), budget)
        .unwrap()
        .with_interval(50);
    assert_eq!(timeline.capacity(), 4);
    // Live carving shows the timeline each frame's generator.
    let mut live = Generator::build(options).unwrap();
    while !live.is_done() {
        live.run_steps(13);
        timeline.observe(&live);
        assert!(timeline.checkpoint_count() <= 4);
        assert!(timeline.checkpoint_bytes() <= budget);
    }
    assert_eq!(timeline.total_steps(), Some(total));
    let steps: Vec<u64> = timeline.checkpoint_steps().collect();
    assert!(steps.len() >= 2, "{steps:?}");
    assert!(steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
    // Thinning keeps them spread: the last is in the second half of the carving.
    assert!(*steps.last().unwrap() > total / 2, "{steps:?} of {total}");
    // The farthest step from a checkpoint ends the widest gap, and replays that gap less one.
    let farthest = timeline.farthest_step().unwrap();
    let widest = [0]
        .into_iter()
        .chain(steps.iter().copied())
        .zip(steps.iter().copied().chain([total]))
        .map(|(start, end)| end - start)
        .max()
        .unwrap();
    assert_eq!(timeline.replay_steps(farthest), widest - 1);
    assert!(
        (0..=total).all(|k| timeline.replay_steps(k) < widest),
        "no step is farther"
    );
}

#[test]
fn with_no_room_for_a_checkpoint_it_replays_from_the_start() {
    let options = options(Algorithm::Kruskal, true);
    let total = total_steps(&options);
    let mut timeline = Timeline::with_budget(options.clone(), 1).unwrap();
    assert_eq!(timeline.capacity(), 0);
    assert_eq!(timeline.farthest_step(), None, "the total is not known yet");
    for k in [total / 2, 3, total] {
        assert_eq!(
            snapshot(&timeline.generator_at(k)),
            snapshot(&stepped(&options, k))
        );
    }
    assert_eq!(timeline.checkpoint_count(), 0);
}

#[test]
fn the_bytes_counted_are_the_walls_and_the_state_not_derived_from_them() {
    let cells = 60 * 45;
    let bytes = |algorithm| {
        let options = options(algorithm, true);
        let first = Generator::build(options).unwrap().checkpoint();
        (
            first.heap_bytes(),
            first.shared().map(|shared| shared.bytes),
        )
    };
    let walls = cells / 4;
    // The walls' quarter byte a cell, and the backtracker's marks in the grid, half a byte a
    // cell.
    assert_eq!(bytes(Algorithm::Backtracker), (walls + cells / 2, None));
    assert_eq!(bytes(Algorithm::BinaryTree), (walls, None));
    assert_eq!(bytes(Algorithm::AldousBroder), (walls, None));
    // Kruskal's wall list, about two walls a cell packed in 13 bits each here, is shared.
    let (own, shared) = bytes(Algorithm::Kruskal);
    assert_eq!(own, walls);
    assert!(shared.unwrap() > 3 * cells, "{shared:?}");
    // The default budget at 2000x2000 holds dozens of Kruskal checkpoints beside its list.
    let (one, list) = (2000 * 2000 / 4, 8 * 2000 * 2000);
    assert!((CHECKPOINT_BUDGET - list) / one >= 32);
}

#[test]
fn shared_state_is_counted_once_and_kept_within_the_budget() {
    let options = options(Algorithm::Kruskal, true);
    let total = total_steps(&options);
    let budget = budget(&options, 5);
    let mut timeline = Timeline::with_budget(options.clone(), budget)
        .unwrap()
        .with_interval(total / 20);
    let mut live = Generator::build(options.clone()).unwrap();
    while !live.is_done() {
        live.run_steps(17);
        timeline.observe(&live);
        assert!(timeline.checkpoint_bytes() <= budget);
    }
    // Five fit beside the list, not five lists.
    assert!(
        timeline.checkpoint_count() >= 3,
        "{}",
        timeline.checkpoint_count()
    );
    let start = Generator::build(options.clone()).unwrap().checkpoint();
    let list = start.shared().unwrap().bytes as u64;
    let walls = timeline.checkpoint_count() as u64 * (60 * 45 / 4);
    assert!(timeline.checkpoint_bytes() >= list + walls);
    let mut replayed = timeline.generator_at(total / 2);
    replayed.run();
    assert_eq!(replayed.grid(), &Generator::generate_grid(options).unwrap());
}

#[test]
fn checkpoints_are_spaced_by_the_cost_of_the_steps() {
    // A board: the backtracker's carving steps are cheap, braiding's opening steps dear, so
    // checkpoints come several times closer in steps once dead ends are being opened.
    let options = options(Algorithm::Backtracker, false);
    let mut carving = Generator::build(options.clone()).unwrap();
    while !carving.is_braiding() {
        carving.step();
    }
    let carved = carving.steps();
    let mut timeline = Timeline::with_budget(options.clone(), u64::MAX)
        .unwrap()
        .with_interval(carved / 10);
    let mut live = Generator::build(options.clone()).unwrap();
    while !live.is_done() {
        live.run_steps(7);
        timeline.observe(&live);
    }
    let steps: Vec<u64> = timeline.checkpoint_steps().collect();
    let gaps = |from: u64, to: u64| {
        let inside: Vec<u64> = steps
            .windows(2)
            .filter(|w| w[0] >= from && w[1] <= to)
            .map(|w| w[1] - w[0])
            .collect();
        inside.iter().sum::<u64>() / inside.len().max(1) as u64
    };
    let (in_carving, opening) = (gaps(0, carved), gaps(carved + 2 * 60 * 45, u64::MAX));
    assert!(in_carving >= carved / 11, "{steps:?}");
    assert!(
        opening * 5 < in_carving,
        "{in_carving} then {opening}: {steps:?}"
    );
    // Replays from them are still the live carving.
    let mut replayed = timeline.generator_at(live.steps() - 5);
    replayed.run();
    assert_eq!(replayed.grid(), live.grid());
}
