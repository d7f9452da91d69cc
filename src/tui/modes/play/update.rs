//! Play mode's answers: entering and leaving, keys to moves, the clock, the won round's score.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::Recorded;
use super::{Play, Record, Round, Score, ScoreRecord};
use crate::tui::context::Ctx;
use crate::tui::effect::Effect;
use crate::tui::kernel::action::Action;
use crate::tui::kernel::job::{JobId, Owner};
use crate::tui::kernel::status::StatusKind;
use crate::tui::keymap::Keymap;
use crate::tui::reply::{Reply, Request};
use crate::tui::text::clock;
use crate::tui::viewport::Viewport;
use mazegen::play::{Game, Outcome};
use mazegen::session::Phase;
use mazegen::{Dir, MazeOptions, Pos};

/// The maze a round would be played on.
pub enum ToPlay {
    Maze(Arc<mazegen::Maze>),
    /// The generated maze is not finished yet.
    NotFinished,
    /// The opened file cannot be played, and why.
    Unplayable(String),
}

/// What play mode reads of the maze the dashboard shows, and the viewport it keeps the walker
/// in sight with: the root hands it in, so play mode never reaches another mode's state.
pub struct Board<'a> {
    /// The canvas's viewport: it follows the walker.
    pub viewport: &'a mut Viewport,
    /// The shown maze's size in blocks.
    pub blocks: (u32, u32),
    /// The canvas's size, if the terminal has room for the dashboard.
    pub canvas: Option<(u16, u16)>,
    /// The opened file's path, when one is shown.
    pub file: Option<&'a Path>,
    /// What the shown session's maze is made from.
    pub options: &'a MazeOptions,
}

/// The key a maze's best time is kept under: `25x20 backtracker perfect seed 42`.
pub fn score_key(board: &Board) -> String {
    if let Some(path) = board.file {
        return format!("file {}", path.display());
    }
    let options = board.options;
    let kind = if options.perfect { "perfect" } else { "board" };
    format!(
        "{}x{} {} {kind} seed {}",
        options.width, options.height, options.algorithm, options.seed
    )
}

/// Refuses what would show the way while playing, or change the maze under the walker
/// (saying so on the status line); passes the rest on.
pub fn refuses(play: &Play, shared: &mut Ctx, action: Action) -> Reply {
    let refused = play.round.is_some()
        && matches!(
            action,
            Action::NextSolver | Action::SolverList | Action::UseSolver(_) | Action::TogglePath
        );
    if !refused {
        return Reply::Pass(action);
    }
    let leave = key(shared, Action::LeavePlay);
    shared.set_status(
        StatusKind::Info,
        format!("Not while playing: {leave} leaves play mode"),
    );
    Reply::done()
}

/// Play mode's actions.
///
/// `to_play` says which maze `g` plays (the root's to know: the opened file's, or the
/// studio's); it is asked for only when a round starts.
pub fn act(
    play: &mut Play,
    shared: &mut Ctx,
    board: &mut Board,
    action: Action,
    to_play: impl FnOnce() -> ToPlay,
) -> Reply {
    let effects = match action {
        Action::TogglePlay => match &play.round {
            Some(round) if round.game.outcome() == Outcome::Playing => {
                leave(play, shared, board);
                Vec::new()
            }
            _ => {
                let to_play = to_play();
                return start(play, shared, board, to_play, action);
            }
        },
        Action::LeavePlay => {
            leave(play, shared, board);
            Vec::new()
        }
        Action::ToggleFog => {
            play.fog = !play.fog;
            let text = if play.fog {
                "Fog on: only what you have seen is drawn"
            } else {
                "Fog off"
            };
            shared.set_status(StatusKind::Info, text);
            Vec::new()
        }
        Action::Walk { towards, run } => walk(play, shared, board, towards, run),
        _ => return Reply::Pass(action),
    };
    Reply::Done(effects)
}

/// A new round from the entry, once the maze is finished (the root finishing it first, and
/// running `action` again then, if need be).
fn start(
    play: &mut Play,
    shared: &mut Ctx,
    board: &mut Board,
    to_play: ToPlay,
    action: Action,
) -> Reply {
    let maze = match to_play {
        ToPlay::Maze(maze) => maze,
        // Settling starts the round once the maze is finished and measured.
        ToPlay::NotFinished => return Reply::Ask(Request::FinishFor(action)),
        ToPlay::Unplayable(reason) => {
            shared.set_status(StatusKind::Error, format!("Nothing to play: {reason}"));
            return Reply::done();
        }
    };
    if maze.solution().is_none() {
        let text = format!(
            "Nothing to play: no path from {} to {}",
            maze.entry(),
            maze.exit()
        );
        shared.set_status(StatusKind::Error, text);
        return Reply::done();
    }
    let entry = maze.entry();
    let game = Game::new(maze);
    play.round = Some(Round {
        game,
        elapsed: Duration::ZERO,
        shortest_cells: HashSet::new(),
        record: Record::NotWon,
        recording: None,
        view_before: *board.viewport,
    });
    if let Some(canvas) = board.canvas {
        board
            .viewport
            .show_block(block_of(entry), board.blocks, canvas);
    }
    if let Some(text) = hint(play, shared.keymap) {
        shared.set_status(StatusKind::Info, text);
    }
    Reply::Ask(Request::RoundStarted)
}

/// The round's keys, as the status line says them when it starts: `Play: hjkl walk, ...`;
/// `None` with no round on.
pub fn hint(play: &Play, keymap: &Keymap) -> Option<String> {
    let round = play.round.as_ref()?;
    let chasers = round.game.chasers().len();
    let key = |action| key_in(keymap, action);
    let walk: String = [Dir::West, Dir::South, Dir::North, Dir::East]
        .map(|towards| {
            key(Action::Walk {
                towards,
                run: false,
            })
        })
        .concat();
    let (fog, leave) = (key(Action::ToggleFog), key(Action::LeavePlay));
    let chased = match chasers {
        0 => String::new(),
        1 => "; a chaser is after you".to_owned(),
        n => format!("; {n} chasers are after you"),
    };
    Some(format!(
        "Play: {walk} walk, Shift runs, {fog} fog, {leave} leaves{chased}"
    ))
}

/// "The round is over: g plays again, Esc leaves".
fn over(again: &str, leave: &str) -> String {
    format!("The round is over: {again} plays again, {leave} leaves")
}

/// What a round says of itself on the status line: its keys while it is played, how to play
/// again or leave once it is won or lost; `None` with no round on.
pub fn status(play: &Play, keymap: &Keymap) -> Option<String> {
    let round = play.round.as_ref()?;
    if round.game.outcome() == Outcome::Playing {
        return hint(play, keymap);
    }
    let (again, leave) = (
        key_in(keymap, Action::TogglePlay),
        key_in(keymap, Action::LeavePlay),
    );
    Some(over(&again, &leave))
}

/// Says that play starts once the maze is finished, after the root has asked for the finish
/// (unless the finish already said how it goes, `finish_said`, or the round is on).
pub fn waiting(play: &Play, shared: &mut Ctx, phase: Phase, finish_said: bool) {
    if play.round.is_none() && phase != Phase::Done && !finish_said {
        shared.set_status(StatusKind::Info, "Play starts once the maze is finished…");
    }
}

fn leave(play: &mut Play, shared: &mut Ctx, board: &mut Board) {
    if let Some(round) = play.round.take() {
        *board.viewport = round.view_before;
        shared.set_status(StatusKind::Info, "Left play mode");
    }
}

fn walk(
    play: &mut Play,
    shared: &mut Ctx,
    board: &mut Board,
    towards: Dir,
    run: bool,
) -> Vec<Effect> {
    let again = key(shared, Action::TogglePlay);
    let leave = key(shared, Action::LeavePlay);
    let Some(round) = play.round.as_mut() else {
        return Vec::new();
    };
    if round.game.outcome() != Outcome::Playing {
        shared.set_status(StatusKind::Info, over(&again, &leave));
        return Vec::new();
    }
    let moved = if run {
        round.game.run(towards)
    } else {
        round.game.step(towards)
    };
    if moved == 0 {
        return Vec::new();
    }
    let walker = round.game.walker();
    if let Some(canvas) = board.canvas {
        board
            .viewport
            .follow(block_of(walker), board.blocks, canvas);
    }
    let round = play.round.as_mut().expect("still playing");
    match round.game.outcome() {
        Outcome::Playing => Vec::new(),
        Outcome::Caught => {
            let text = format!(
                "Caught after {} moves and {}: {again} plays again, {leave} leaves",
                round.game.moves(),
                clock(round.elapsed)
            );
            shared.set_status(StatusKind::Warning, text);
            Vec::new()
        }
        Outcome::Won => won(play, shared, board),
    }
}

/// The round is won: the shortest path is drawn beside the trail, and the score recorded.
fn won(play: &mut Play, shared: &mut Ctx, board: &Board) -> Vec<Effect> {
    let key = score_key(board);
    let round = play.round.as_mut().expect("a won round");
    let maze = Arc::clone(round.game.maze());
    if let Some(path) = maze.solution() {
        round.shortest_cells = path.cells(maze.grid()).collect();
    }
    let score = Score {
        milliseconds: u64::try_from(round.elapsed.as_millis()).unwrap_or(u64::MAX),
        moves: round.game.moves(),
        shortest: round.game.shortest().unwrap_or(0) as u64,
    };
    round.record = Record::Pending;
    let job = shared.new_job_id(Owner::Play);
    round.recording = Some(job);
    let text = won_text(round);
    shared.set_status(StatusKind::Success, text);
    vec![Effect::RecordScore {
        job,
        record: ScoreRecord { key, score },
    }]
}

/// "At the exit: 12.3 s, 40 moves, shortest path 36, ratio 1.11".
fn won_text(round: &Round) -> String {
    let game = &round.game;
    format!(
        "At the exit: {}, {} moves, shortest path {}, ratio {:.2}",
        clock(round.elapsed),
        game.moves(),
        game.shortest().unwrap_or(0),
        game.ratio().unwrap_or(0.0)
    )
}

/// The run loop's answer to [`Effect::RecordScore`].
pub fn recorded(play: &mut Play, shared: &mut Ctx, job: JobId, outcome: Result<Recorded, String>) {
    let round = play.round.as_mut().filter(|r| r.recording == Some(job));
    let won = round.as_ref().map(|r| won_text(r));
    match outcome {
        Ok(recorded) => {
            let mut text = won.unwrap_or_else(|| "Score recorded".to_owned());
            match (&recorded.previous, recorded.new_best) {
                (None, _) => text.push_str(" · first time on this maze"),
                (Some(was), true) => text.push_str(&format!(
                    " · a new best (was {})",
                    clock(Duration::from_millis(was.milliseconds))
                )),
                (Some(best), false) => text.push_str(&format!(
                    " · best {}",
                    clock(Duration::from_millis(best.milliseconds))
                )),
            }
            let kind = match &recorded.set_aside {
                Some(path) => {
                    text = format!(
                        "Broken scores file kept as {}, a new one started · {text}",
                        path.display()
                    );
                    StatusKind::Warning
                }
                None => StatusKind::Success,
            };
            shared.set_status(kind, text);
            if let Some(round) = play.round.as_mut().filter(|r| r.recording == Some(job)) {
                round.record = Record::Done(recorded);
            }
        }
        Err(reason) => {
            shared.set_status(StatusKind::Error, format!("Score not recorded: {reason}"));
            if let Some(round) = play.round.as_mut().filter(|r| r.recording == Some(job)) {
                round.record = Record::Failed(reason);
            }
        }
    }
}

/// A frame has passed: the clock runs from the first move until the round ends.
pub fn tick(play: &mut Play, frame: Duration) {
    if let Some(round) = play.round.as_mut().filter(|r| r.is_timing()) {
        round.elapsed += frame;
    }
}

/// The block a cell is drawn on.
fn block_of(pos: Pos) -> (u32, u32) {
    (2 * pos.x + 1, 2 * pos.y + 1)
}

/// The first key bound to `action`, as the screen writes it, or its name if it has none.
fn key(shared: &Ctx, action: Action) -> String {
    key_in(shared.keymap, action)
}

/// [`key`], from `keymap`.
fn key_in(keymap: &Keymap, action: Action) -> String {
    keymap.first_key_label(action).unwrap_or_else(|| {
        let name = crate::tui::keymap::action_name(action).unwrap_or_default();
        format!("({name})")
    })
}
