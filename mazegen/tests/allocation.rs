//! Memory refused by the allocator is an error, never an abort: every algorithm, braiding,
//! the search, the statistics and the writers, under a byte budget.
//!
//! The test binary's global allocator ([`budget_alloc`]) refuses a thread's requests past a
//! byte budget set per test: `try_reserve` then fails, and an infallible allocation would abort
//! the whole binary (the bug this looks for). Requests under [`SMALL`] are always granted. The
//! budget is per thread, so the tests run alone or in parallel alike, and the allocations a seed
//! makes are the same every run, so each result is too.

use std::io;

use budget_alloc::{SMALL, measure, with_budget};

#[cfg(feature = "serde")]
use mazegen::format::StatsJson;
use mazegen::format::{Format, Hex, Svg};
use mazegen::session::{Phase, Session};
use mazegen::{Algorithm, Error, Generator, Maze, MazeOptions, Pos, Solver};

#[global_allocator]
static ALLOCATOR: budget_alloc::Budgeted = budget_alloc::Budgeted;

/// Whether `error` is memory refused (the grid's, or some work's), not some other failure.
fn is_memory(error: &Error) -> bool {
    matches!(
        error,
        Error::OutOfMemory { .. } | Error::NotEnoughMemory { .. }
    )
}

/// Budgets from the grid's size (the grid alone fits) to `peak`, the most the work held
/// unhindered, in `count` steps, then a few just under the peak (where a working set's last
/// growth is refused): each makes the work fail somewhere else, or not at all.
fn budgets(cells: usize, peak: usize, count: usize) -> Vec<usize> {
    let spread = (0..count).map(|k| cells + (peak.saturating_sub(cells)) * k / count);
    let last = (1..=8).map(|k| peak.saturating_sub(k * SMALL / 4).max(cells));
    spread.chain(last).collect()
}

/// The sizes tried: a square, and a wide strip whose rows (a row-by-row algorithm's, the
/// linking pass's) and shortest path are over [`SMALL`] bytes, so that they may be refused.
const SIZES: [(u32, u32); 2] = [(240, 160), (4000, 12)];
const WIDTH: u32 = SIZES[0].0;
const HEIGHT: u32 = SIZES[0].1;
const CELLS: usize = (WIDTH * HEIGHT) as usize;

fn options(algorithm: Algorithm, perfect: bool) -> MazeOptions {
    MazeOptions::new(WIDTH, HEIGHT)
        .seed(7)
        .algorithm(algorithm)
        .perfect(perfect)
}

/// Generates `options` under `count` budgets up to what it needs: either the maze a run without a
/// budget makes, or memory refused. Returns how many budgets were refused, and whether the
/// run keeps more than the grid in allocations that may be refused, so one had to be.
fn generate_under_budgets(options: &MazeOptions, count: usize) -> (usize, bool) {
    let (width, height) = (options.width, options.height);
    let cells = (width * height) as usize;
    let (expected, peak) = measure(|| Generator::generate(options.clone()).unwrap());
    let mut refused = 0;
    for budget in budgets(cells, peak.all, count) {
        match with_budget(budget, || Generator::generate(options.clone())) {
            Ok(grid) => assert_eq!(grid, expected, "{options:?} under {budget} bytes"),
            Err(error) if is_memory(&error) => {
                refused += 1;
                let text = error.to_string();
                assert!(
                    text.contains(&format!("{width}x{height} maze")),
                    "{options:?}: {text}"
                );
            }
            Err(other) => panic!("{options:?} under {budget} bytes: {other}"),
        }
    }
    // Binary tree keeps nothing but a few rows beside the grid, and Eller a few rows more.
    (refused, peak.large > cells)
}

#[test]
fn every_algorithm_refused_its_memory_returns_an_error() {
    for (width, height) in SIZES {
        for &algorithm in Algorithm::ALL {
            let options = MazeOptions::new(width, height).seed(7).algorithm(algorithm);
            let (refused, keeps_more) = generate_under_budgets(&options, 24);
            // The grid alone fits the smallest budget: whatever else the algorithm keeps
            // does not.
            assert!(
                refused >= 1 || !keeps_more,
                "{algorithm} {width}x{height}: never refused"
            );
        }
    }
}

#[test]
fn the_hunts_queue_refused_its_memory_returns_an_error() {
    // Started at the centre, the hunt's breadth-first queue holds a diamond of cells around
    // it, up to twice the side: at 640 over `SMALL` bytes, so its growth may be refused once
    // the per-cell state fits.
    let options = MazeOptions::new(640, 640)
        .seed(3)
        .start(Pos::new(320, 320))
        .algorithm(Algorithm::HuntAndKill);
    let (refused, _) = generate_under_budgets(&options, 24);
    assert!(refused >= 2, "refused {refused} times");
}

#[test]
fn braiding_refused_its_memory_returns_an_error() {
    // The square only: braiding's lists grow with the dead ends, whatever the shape.
    for (width, height) in [SIZES[0]] {
        for &algorithm in Algorithm::ALL {
            // Some dead ends opened, the others kept in a second list for later.
            for braid in [1.0, 0.3] {
                let perfect = MazeOptions::new(width, height).seed(7).algorithm(algorithm);
                let board = perfect.clone().perfect(false).braid(braid);
                let (refused, _) = generate_under_budgets(&board, 8);
                // A board keeps its list of dead ends, whatever the algorithm.
                assert!(refused >= 1, "{algorithm} {width}x{height}: never refused");
                // Just enough for the perfect maze: the board's dead ends are more.
                let (_, perfect_peak) = measure(|| Generator::generate(perfect.clone()));
                let (_, board_peak) = measure(|| Generator::generate(board.clone()));
                if board_peak.large > perfect_peak.large {
                    let error =
                        with_budget(perfect_peak.all, || Generator::generate(board.clone()));
                    assert_eq!(
                        error.unwrap_err().to_string(),
                        format!("not enough memory for the braiding of the {width}x{height} maze"),
                        "{algorithm}"
                    );
                }
            }
        }
    }
}

/// A finished maze of `algorithm`, made without a budget.
fn maze(algorithm: Algorithm, perfect: bool) -> Maze {
    let (entry, exit) = (Pos::new(0, 0), Pos::new(WIDTH - 1, HEIGHT - 1));
    Maze::generate(options(algorithm, perfect), entry, exit).unwrap()
}

#[test]
fn the_search_refused_its_memory_returns_an_error() {
    for (width, height) in SIZES {
        for perfect in [false, true] {
            let (entry, exit) = (Pos::new(0, 0), Pos::new(width - 1, height - 1));
            // Hunt-and-kill, whose paths are long (its corridors are): the backtracker's and
            // the newest-cell growing tree's are read from their carving, not walked for (see
            // the next test).
            let options = MazeOptions::new(width, height)
                .seed(7)
                .algorithm(Algorithm::HuntAndKill)
                .perfect(perfect);
            let maze = || Maze::generate(options.clone(), entry, exit).unwrap();
            // The search's own allocations, the maze made beforehand.
            let made = maze();
            let (_, peak) = measure(|| made.solution().cloned());
            let mut refused = 0;
            for budget in budgets(0, peak.all, 8) {
                let maze = maze();
                match with_budget(budget, || maze.try_solution().map(|p| p.cloned())) {
                    Ok(path) => assert!(path.is_some()),
                    Err(error) => {
                        assert!(is_memory(&error), "{error}");
                        refused += 1;
                    }
                }
            }
            // A perfect maze's path is walked along the tree, with no per-cell search: only
            // a path of more than `SMALL` steps may be refused.
            let long = peak.large > 0;
            assert!(
                long || (width, height) != SIZES[1],
                "the strip's path is long"
            );
            assert!(refused >= 1 || !long, "{width}x{height}: never refused");
            assert!(perfect || long, "a board's search keeps a byte a cell");
        }
    }
}

/// The backtracker's and the newest-cell growing tree's path, read from their parent links
/// as the carving ends, is allocated fallibly: refused, the maze is made without it and the
/// path is walked for, which may be refused in turn (an error, never an abort).
#[test]
fn the_carvings_path_refused_its_memory_is_walked_for_or_an_error() {
    let linked = [Algorithm::Backtracker, Algorithm::GrowingTreeNewest];
    for ((width, height), algorithm) in SIZES.into_iter().flat_map(|s| linked.map(|a| (s, a))) {
        let (entry, exit) = (Pos::new(0, 0), Pos::new(width - 1, height - 1));
        let options = MazeOptions::new(width, height).seed(7).algorithm(algorithm);
        let solved = || -> Result<_, Error> {
            let maze = Maze::generate(options.clone(), entry, exit)?;
            let read = maze.known_solution().is_some();
            Ok((maze.try_solution()?.cloned(), read))
        };
        let (expected, peak) = measure(|| solved().unwrap());
        assert!(
            expected.1,
            "{algorithm} {width}x{height}: the path is read from the carving"
        );
        let (mut read, mut refused) = (0, 0);
        // The path is read only with room for all of it, at the peak.
        for budget in budgets((width * height) as usize, peak.all, 8)
            .into_iter()
            .chain([peak.all])
        {
            match with_budget(budget, solved) {
                Ok((path, known)) => {
                    assert_eq!(path, expected.0, "{algorithm} {width}x{height}");
                    read += usize::from(known);
                }
                Err(error) if is_memory(&error) => {
                    refused += 1;
                }
                Err(error) => panic!("{error}"),
            }
        }
        assert!(
            read >= 1,
            "{algorithm} {width}x{height}: never read under a budget"
        );
        assert!(
            refused >= 1 || peak.large == 0,
            "{algorithm} {width}x{height}: never refused"
        );
    }
}

#[test]
fn the_statistics_refused_their_memory_return_an_error() {
    for perfect in [true, false] {
        let mut refused = 0;
        for budget in budgets(0, 2 * CELLS, 6) {
            let maze = maze(Algorithm::Prim, perfect);
            maze.solution();
            let stats = with_budget(budget, || maze.try_stats().cloned());
            let difficulty = with_budget(budget, || maze.try_difficulty().map(|d| d.cloned()));
            for error in [stats.err(), difficulty.err()].into_iter().flatten() {
                assert!(is_memory(&error), "{error}");
                refused += 1;
            }
        }
        assert!(refused >= 2, "perfect {perfect}: refused {refused} times");
    }
}

#[test]
fn the_writers_refused_their_memory_return_an_error() {
    #[cfg_attr(not(feature = "serde"), allow(unused_mut))]
    let mut formats: Vec<Box<dyn Format>> = vec![Box::new(Hex), Box::new(Svg::default())];
    #[cfg(feature = "serde")]
    formats.push(Box::new(StatsJson::default()));
    for format in formats {
        let mut refused = 0;
        for budget in budgets(0, 2 * CELLS, 6) {
            // A board: its path is a search of a byte a cell, asked for by the writer.
            let maze = maze(Algorithm::Kruskal, false);
            match with_budget(budget, || format.write(&maze, &mut io::sink())) {
                Ok(()) => {}
                Err(error) => {
                    assert_eq!(error.kind(), io::ErrorKind::OutOfMemory, "{error}");
                    assert!(
                        error.to_string().starts_with("not enough memory for")
                            || error.to_string().starts_with("cannot allocate"),
                        "{}: {error}",
                        format.name()
                    );
                    refused += 1;
                }
            }
        }
        assert!(refused >= 1, "{}: never refused", format.name());
    }
}

#[test]
fn the_library_error_names_the_memory() {
    let error: Error = with_budget(CELLS + SMALL, || {
        Generator::generate(options(Algorithm::Kruskal, true))
    })
    .unwrap_err();
    // The grid fits; Kruskal's list of walls, eight bytes a cell, does not.
    assert!(
        matches!(
            error,
            Error::NotEnoughMemory {
                task: "the carving",
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "not enough memory for the carving of the 240x160 maze"
    );
}

#[test]
fn a_session_refused_its_memory_stops_carving_and_says_why() {
    let perfect = options(Algorithm::Prim, true);
    let board = options(Algorithm::Prim, false);
    let (entry, exit) = (Pos::new(0, 0), Pos::new(WIDTH - 1, HEIGHT - 1));
    let (_, perfect_peak) = measure(|| Generator::generate(perfect.clone()));
    with_budget(perfect_peak.all + SMALL, || {
        let mut session = Session::new(board, entry, exit, Solver::Bfs).unwrap();
        session.finish();
        // Stopped where the braiding was refused: never handed on to a search of a maze
        // that is not finished.
        assert_eq!(session.phase(), Phase::Carving);
        let failure = session.failure().map(|e| e.to_string());
        assert_eq!(
            failure.as_deref(),
            Some("not enough memory for the braiding of the 240x160 maze")
        );
        assert_eq!(session.advance(100), 0);
        assert!(session.maze().is_none());
    });
}

#[test]
fn a_measure_job_refused_its_memory_returns_an_error() {
    let board = options(Algorithm::Kruskal, false);
    let (entry, exit) = (Pos::new(0, 0), Pos::new(WIDTH - 1, HEIGHT - 1));
    let mut session = Session::new(board, entry, exit, Solver::Dfs)
        .unwrap()
        .hand_out_work();
    session.finish();
    let job = session
        .jobs()
        .into_iter()
        .find(|job| job.measures())
        .unwrap();
    let mut refused = 0;
    for budget in budgets(0, 2 * CELLS, 8) {
        if let Err(error) = with_budget(budget, || job.try_run()) {
            assert!(is_memory(&error), "{error}");
            refused += 1;
        }
    }
    // With no budget the measure runs, and the session takes it.
    assert!(session.install(job.try_run().unwrap()));
    // The search copies the walls, a byte a cell: under the grid's size it cannot run.
    assert!(refused >= 1, "never refused");
}

#[test]
fn every_solvers_start_refused_its_memory_returns_an_error() {
    for perfect in [true, false] {
        let maze = maze(Algorithm::Prim, perfect);
        let (grid, entry, exit) = (maze.grid(), maze.entry(), maze.exit());
        for &solver in Solver::ALL {
            let (expected, peak) = measure(|| solver.search(grid, entry, exit).run());
            // Each keeps at least a byte a cell: under the grid's size it cannot start.
            let refused = with_budget(CELLS / 2, || solver.try_search(grid, entry, exit));
            assert_eq!(
                refused.map(|_| ()).unwrap_err().to_string(),
                format!("not enough memory for the search of the {WIDTH}x{HEIGHT} maze"),
                "{solver}"
            );
            // With room for its start, it starts, and (unhindered) finds what `start` finds.
            let (_, start_peak) = measure(|| solver.try_search(grid, entry, exit).unwrap());
            let mut search = with_budget(start_peak.all, || solver.try_search(grid, entry, exit))
                .unwrap_or_else(|e| panic!("{solver}: {e}"));
            assert_eq!(search.run(), expected, "{solver}");
            // Every budget up to its start's peak: a search, or an error, never an abort.
            for budget in budgets(0, start_peak.all, 8) {
                if let Err(error) = with_budget(budget, || solver.try_search(grid, entry, exit)) {
                    assert!(is_memory(&error), "{solver}: {error}");
                }
            }
            assert!(peak.all >= CELLS, "{solver}: {peak:?}");
        }
    }
}

#[test]
fn a_search_job_refused_its_memory_returns_an_error_and_is_not_handed_out_again() {
    let board = options(Algorithm::Kruskal, false);
    let (entry, exit) = (Pos::new(0, 0), Pos::new(WIDTH - 1, HEIGHT - 1));
    for &solver in Solver::ALL {
        let mut session = Session::new(board.clone(), entry, exit, solver)
            .unwrap()
            .hand_out_work();
        // Carved only: `finish` would start the search itself.
        while session.phase() == Phase::Carving {
            session.advance(1 << 20);
        }
        let start = |session: &Session| session.jobs().into_iter().find(|job| job.is_start());
        let refused_job = start(&session).expect("a start handed out");
        let error = with_budget(CELLS / 2, || refused_job.try_run()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "not enough memory for the search of the 240x160 maze",
            "{solver}"
        );
        assert!(session.start_refused(&refused_job));
        assert!(session.is_start_refused());
        assert!(start(&session).is_none(), "{solver}: handed out again");
        // Another solver picked tries again, and, with the memory, starts.
        session.resolve_with(solver.next());
        assert!(!session.is_start_refused());
        let job = start(&session).expect("a new start handed out");
        // The old search's refusal is of no use now.
        assert!(!session.start_refused(&refused_job));
        assert!(session.install(job.try_run().unwrap()), "{solver}");
    }
}

/// The maze file of a board (its walls and its path), read back.
fn board_file() -> mazegen::format::MazeFile {
    let maze = maze(Algorithm::Kruskal, false);
    let mut text = Vec::new();
    Hex.write(&maze, &mut text).unwrap();
    mazegen::format::MazeFile::parse(std::str::from_utf8(&text).unwrap()).unwrap()
}

#[test]
fn the_check_refused_its_memory_returns_an_error() {
    use mazegen::validate::{Expected, Report};
    let file = board_file();
    let expected = Expected::default();
    let (report, peak) = measure(|| Report::check_file(&file, &expected, 10).unwrap());
    let mut refused = 0;
    for budget in budgets(0, peak.all, 12) {
        match with_budget(budget, || Report::check_file(&file, &expected, 10)) {
            Ok(got) => assert_eq!(got, report, "under {budget} bytes"),
            Err(error) => {
                assert_eq!(
                    error.to_string(),
                    "not enough memory for the check of the 240x160 maze"
                );
                refused += 1;
            }
        }
    }
    // The grid and the flood fill keep a byte a cell each: the smallest budgets are refused.
    assert!(refused >= 2, "refused {refused} times");
}

#[test]
fn the_inspectors_check_refused_its_memory_says_so() {
    let maze = maze(Algorithm::Kruskal, false);
    let mut text = Vec::new();
    Hex.write(&maze, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    // Read, not checked yet: the check is what runs under each budget.
    let fresh = || {
        let expected = mazegen::validate::Expected::default();
        mazegen::validate::Inspection::read(text.as_bytes(), &expected).unwrap()
    };
    let (_, peak) = measure(|| fresh().check());
    let mut refused = 0;
    for budget in budgets(0, peak.all, 12) {
        let mut inspection = fresh();
        with_budget(budget, || inspection.check());
        assert!(inspection.is_checked());
        let not_checked: Vec<String> = inspection
            .problem_rows()
            .into_iter()
            .map(|row| row.summary)
            .filter(|summary| summary.starts_with("not checked"))
            .collect();
        if let [summary] = not_checked.as_slice() {
            assert!(
                summary.starts_with("not checked: ")
                    && (summary.ends_with("not enough memory for the check of the 240x160 maze")
                        || summary.contains("out of memory")),
                "{summary}"
            );
            refused += 1;
        } else {
            assert!(not_checked.is_empty(), "{not_checked:?}");
        }
    }
    // The marks, the grid and the flood fill are each refused under some budget.
    assert!(refused >= 3, "refused {refused} times");
}

#[test]
fn finishing_a_session_whose_search_is_refused_its_memory_stays_solving() {
    let board = options(Algorithm::Kruskal, false);
    let (entry, exit) = (Pos::new(0, 0), Pos::new(WIDTH - 1, HEIGHT - 1));
    let mut session = Session::new(board, entry, exit, Solver::AStar)
        .unwrap()
        .hand_out_work();
    while session.phase() == Phase::Carving {
        session.advance(1 << 20);
    }
    // A* keeps five bytes a cell.
    with_budget(CELLS, || session.finish());
    assert_eq!(session.phase(), Phase::Solving);
    assert!(session.is_start_refused());
    assert!(session.jobs().iter().all(|job| !job.is_start()));
    // Another solver, with the memory, finishes.
    session.resolve_with(Solver::Bfs);
    session.finish();
    assert_eq!(session.phase(), Phase::Done);
}

#[test]
fn reading_a_file_refused_its_memory_is_an_error() {
    use mazegen::config::{Config, ConfigErrorKind};
    let dir = std::env::temp_dir().join(format!("mazegen-alloc-read-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.txt");
    // A config padded with comments to 256 KiB: reading it needs a buffer of that size.
    let mut text = String::from(
        "WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\n",
    );
    while text.len() < 256 << 10 {
        text.push_str("# a comment line that only makes the file larger\n");
    }
    std::fs::write(&path, &text).unwrap();
    let refused = with_budget(SMALL, || Config::load(&path));
    match refused.unwrap_err() {
        mazegen::Error::Config {
            kind: ConfigErrorKind::Unreadable { reason },
            ..
        } => assert!(reason.contains("not enough memory"), "{reason}"),
        other => panic!("expected an unreadable config, got {other}"),
    }
    // With the memory, the same file reads whole.
    let config = Config::load(&path).unwrap();
    assert_eq!((config.width, config.height), (20, 15));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn parsing_a_file_refused_its_memory_is_an_error() {
    use mazegen::format::{HexErrorKind, MazeFile};
    let row = "F".repeat(300);
    let text = format!("{}\n0,0\n1,1\n\n", format!("{row}\n").repeat(300));
    let refused = with_budget(SMALL, || MazeFile::parse(&text));
    let error = refused.unwrap_err();
    assert!(
        matches!(
            error,
            mazegen::Error::Hex {
                kind: HexErrorKind::OutOfMemory,
                ..
            }
        ),
        "{error:?}"
    );
    // With the memory, the same text parses (its path line is empty).
    assert!(MazeFile::parse(&text).is_ok());
}

/// How a search run under a budget ended.
#[derive(Debug, PartialEq)]
enum Ended {
    /// Its start was refused its per-cell state.
    StartRefused,
    /// Its working set was refused room to grow as it stepped.
    StepRefused,
    /// It finished, and its path was refused its memory.
    PathRefused,
    /// It finished: the path it found, if any.
    Solved(Option<mazegen::Solution>),
}

/// `solver`'s search of `maze` from its entry to its exit, started, run and traced under
/// `budget` bytes (`None`: no budget).
fn search_under(solver: Solver, maze: &Maze, budget: Option<usize>) -> Ended {
    let (grid, entry, exit) = (maze.grid(), maze.entry(), maze.exit());
    let (width, height) = (grid.width(), grid.height());
    let work = || {
        let Ok(mut search) = solver.try_search(grid, entry, exit) else {
            return Ended::StartRefused;
        };
        let found = loop {
            if let mazegen::SolveEvent::Done { found } = search.step() {
                break found;
            }
        };
        if let Some(error) = search.failure() {
            assert_eq!(
                error.to_string(),
                format!("not enough memory for the search of the {width}x{height} maze"),
                "{solver}"
            );
            assert!(!found && search.is_done(), "{solver}");
            assert_eq!(search.solution(), None, "{solver}");
            assert_eq!(search.step(), mazegen::SolveEvent::Done { found: false });
            return Ended::StepRefused;
        }
        match search.try_solution() {
            Ok(path) => Ended::Solved(path),
            Err(error) => {
                assert_eq!(
                    error.to_string(),
                    format!("not enough memory for the path of the {width}x{height} maze"),
                    "{solver}"
                );
                Ended::PathRefused
            }
        }
    };
    match budget {
        Some(budget) => with_budget(budget, work),
        None => work(),
    }
}

/// A maze of Kruskal's, perfect or with every dead end opened (braid 1), from corner to
/// corner.
fn kruskal(width: u32, height: u32, perfect: bool) -> Maze {
    let options = MazeOptions::new(width, height)
        .seed(7)
        .algorithm(Algorithm::Kruskal)
        .perfect(perfect)
        .braid(if perfect { 0.0 } else { 1.0 });
    let (entry, exit) = (Pos::new(0, 0), Pos::new(width - 1, height - 1));
    Maze::generate(options, entry, exit).unwrap()
}

#[test]
fn every_solver_refused_its_memory_as_it_steps_stops_with_an_error() {
    // For each solver, a maze where what it grows as it steps goes over `SMALL` bytes: BFS's
    // queue and dead-end filling's (no dead ends: its final search's) on a wide board, A*'s
    // heap, a wall follower's path on the strip's long corridors. DFS keeps its stack in its
    // cells: only its path, on a board where it wanders, may be refused.
    let cases = [
        (Solver::Bfs, kruskal(640, 480, false), Ended::StepRefused),
        (Solver::AStar, kruskal(240, 160, false), Ended::StepRefused),
        (Solver::Dfs, kruskal(240, 160, false), Ended::PathRefused),
        (
            Solver::LeftHand,
            kruskal(4000, 12, true),
            Ended::StepRefused,
        ),
        (
            Solver::RightHand,
            kruskal(4000, 12, true),
            Ended::StepRefused,
        ),
        (
            Solver::DeadEndFilling,
            kruskal(640, 480, false),
            Ended::StepRefused,
        ),
    ];
    for (solver, maze, wanted) in cases {
        let (expected, peak) = measure(|| search_under(solver, &maze, None));
        assert!(matches!(&expected, Ended::Solved(Some(_))), "{solver}");
        let (mut refused, mut solved) = (0, 0);
        for budget in budgets(0, peak.all, 24) {
            match search_under(solver, &maze, Some(budget)) {
                Ended::Solved(path) => {
                    assert_eq!(Ended::Solved(path), expected, "{solver} under {budget}");
                    solved += 1;
                }
                ended => refused += usize::from(ended == wanted),
            }
        }
        assert!(refused >= 1, "{solver}: never {wanted:?}");
        // With as much as it takes unhindered, the same path.
        let enough = search_under(solver, &maze, Some(peak.all));
        assert_eq!(enough, expected, "{solver} ({solved} solved)");
    }
}

#[test]
fn a_session_whose_search_is_refused_its_memory_as_it_steps_says_so() {
    let maze = kruskal(640, 480, false);
    let options = maze.options().clone();
    let (entry, exit) = (maze.entry(), maze.exit());
    for hand_out in [false, true] {
        let mut session = Session::new(options.clone(), entry, exit, Solver::Bfs).unwrap();
        if hand_out {
            session = session.hand_out_work();
        }
        while session.phase() == Phase::Carving {
            session.advance(1 << 20);
        }
        for job in session.jobs() {
            assert!(session.install(job.run()));
        }
        // Started already: no room for the queue's growth.
        with_budget(0, || {
            while session.failure().is_none() && session.advance(1 << 20) > 0 {}
        });
        assert_eq!(
            session.failure().map(|e| e.to_string()).as_deref(),
            Some("not enough memory for the search of the 640x480 maze")
        );
        assert_eq!(session.phase(), Phase::Solving);
        assert_eq!(session.advance(100), 0);
        session.finish();
        assert_eq!(session.phase(), Phase::Solving, "finish does not retry");
        assert!(session.jobs().iter().all(|job| job.measures()));
        // Another solver, with the memory, finishes, and the failure is forgotten.
        session.resolve_with(Solver::AStar);
        assert!(session.failure().is_none());
        for job in session
            .jobs()
            .into_iter()
            .filter(mazegen::session::Job::is_start)
        {
            assert!(session.install(job.run()));
        }
        session.finish();
        for job in session.jobs() {
            assert!(session.install(job.run()));
        }
        assert_eq!(session.phase(), Phase::Done, "hand out {hand_out}");
        // A* finds a shortest path, as BFS does.
        let len = |path: Option<&mazegen::Solution>| path.map(mazegen::Solution::len);
        assert_eq!(len(session.shown_path()), len(maze.solution()));
    }
}

#[test]
fn the_inspections_grid_refused_its_memory_is_an_error() {
    let maze = maze(Algorithm::Kruskal, false);
    let mut text = Vec::new();
    Hex.write(&maze, &mut text).unwrap();
    let inspection =
        mazegen::validate::Inspection::from_text(std::str::from_utf8(&text).unwrap()).unwrap();
    let (expected, peak) = measure(|| inspection.to_grid().unwrap());
    assert_eq!(&expected, maze.grid());
    let mut refused = 0;
    for budget in budgets(0, peak.all, 8) {
        match with_budget(budget, || inspection.to_grid()) {
            Ok(grid) => assert_eq!(grid, expected, "under {budget} bytes"),
            Err(error) => {
                assert!(is_memory(&error), "{error}");
                refused += 1;
            }
        }
    }
    assert!(refused >= 1, "never refused");
    // With room for it, the same grid.
    let grid = with_budget(peak.all, || inspection.to_grid()).unwrap();
    assert_eq!(grid, expected);
}

#[test]
fn the_film_refused_its_memory_is_an_error() {
    use mazegen::format::AnimatedSvg;
    let film = AnimatedSvg::default();
    let fresh = || maze(Algorithm::Kruskal, true);
    let write = |maze: &Maze| {
        let mut out = Vec::new();
        film.write(maze, &mut out).map(|()| out)
    };
    let (expected, peak) = measure(|| write(&fresh()).unwrap());
    let (mut refused, mut named) = (0, 0);
    for budget in budgets(0, peak.all, 16) {
        // A fresh maze each time: its path, asked for by the film, is kept once found.
        let maze = fresh();
        match with_budget(budget, || write(&maze)) {
            Ok(out) => assert!(out == expected, "under {budget} bytes: another film"),
            Err(error) => {
                assert_eq!(error.kind(), io::ErrorKind::OutOfMemory, "{error}");
                let text = error.to_string();
                assert!(
                    text.starts_with("not enough memory for")
                        || text.starts_with("cannot allocate"),
                    "{text}"
                );
                named += usize::from(text == "not enough memory for the film of the 240x160 maze");
                refused += 1;
            }
        }
    }
    assert!(
        refused >= 2 && named >= 1,
        "refused {refused}, of which {named} the film"
    );
    // With as much as it takes unhindered, the same film.
    let maze = fresh();
    assert!(with_budget(peak.all, || write(&maze)).unwrap() == expected);
}
