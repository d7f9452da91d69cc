//! Play mode's answers: entering and leaving, keys to moves, the clock, the won round's score.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use super::Recorded;
use super::{Record, Round, Score, ScoreRecord};
use crate::tui::effect::Effect;
use crate::tui::kernel::action::Action;
use crate::tui::kernel::job::{JobId, Owner};
use crate::tui::model::{Focus, Model, StatusKind};
use crate::tui::text::clock;
use mazegen::play::{Game, Moved, Outcome};
use mazegen::{Dir, Phase, Pos};

/// The maze a round would be played on.
pub enum ToPlay {
    Maze(Arc<mazegen::Maze>),
    /// The generated maze is not finished yet.
    NotFinished,
    /// The opened file cannot be played, and why.
    Unplayable(String),
}

/// What play mode made of an action.
pub enum Played {
    /// Handled: these effects are to run.
    Done(Vec<Effect>),
    /// A round needs the finished maze: the root finishes it and asks again once it is.
    NeedsTheMaze,
}

/// The key a maze's best time is kept under: `25x20 backtracker perfect seed 42`.
pub fn score_key(model: &Model) -> String {
    if let Some(file) = model.inspect.file() {
        return format!("file {}", file.path.display());
    }
    let options = model.shown_session().options();
    let kind = if options.perfect { "perfect" } else { "board" };
    format!(
        "{}x{} {} {kind} seed {}",
        options.width, options.height, options.algorithm, options.seed
    )
}

/// Whether `action` is refused while playing (it would show the way, or change the maze
/// under the walker); says so on the status line.
pub fn refuses(model: &mut Model, action: Action) -> bool {
    let refused = model.is_playing()
        && matches!(
            action,
            Action::NextSolver | Action::SolverList | Action::UseSolver(_) | Action::TogglePath
        );
    if refused {
        let leave = key(model, Action::LeavePlay);
        model.set_status(
            StatusKind::Info,
            format!("Not while playing: {leave} leaves play mode"),
        );
    }
    refused
}

/// Play mode's actions.
///
/// `to_play` says which maze `g` plays (the root's to know: the opened file's, or the
/// studio's); it is asked for only when a round starts.
pub fn act(model: &mut Model, action: Action, to_play: impl FnOnce(&Model) -> ToPlay) -> Played {
    let effects = match action {
        Action::TogglePlay => match &model.play.round {
            Some(round) if round.game.outcome() == Outcome::Playing => {
                leave(model);
                Vec::new()
            }
            _ => {
                let to_play = to_play(model);
                return start(model, to_play);
            }
        },
        Action::LeavePlay => {
            leave(model);
            Vec::new()
        }
        Action::ToggleFog => {
            model.play.fog = !model.play.fog;
            let text = if model.play.fog {
                "Fog on: only what you have seen is drawn"
            } else {
                "Fog off"
            };
            model.set_status(StatusKind::Info, text);
            Vec::new()
        }
        Action::Walk { towards, run } => walk(model, towards, run),
        _ => Vec::new(),
    };
    Played::Done(effects)
}

/// A new round from the entry, once the maze is finished (finishing it first if need be).
fn start(model: &mut Model, to_play: ToPlay) -> Played {
    let maze = match to_play {
        ToPlay::Maze(maze) => maze,
        // Settling starts the round once the maze is finished and measured.
        ToPlay::NotFinished => return Played::NeedsTheMaze,
        ToPlay::Unplayable(reason) => {
            model.set_status(StatusKind::Error, format!("Nothing to play: {reason}"));
            return Played::Done(Vec::new());
        }
    };
    if maze.solution().is_none() {
        let text = format!(
            "Nothing to play: no path from {} to {}",
            maze.entry(),
            maze.exit()
        );
        model.set_status(StatusKind::Error, text);
        return Played::Done(Vec::new());
    }
    let entry = maze.entry();
    let game = Game::new(maze);
    let chasers = game.chasers().len();
    model.play.round = Some(Round {
        game,
        elapsed: Duration::ZERO,
        shortest_cells: HashSet::new(),
        record: Record::NotWon,
        recording: None,
    });
    model.focus = Focus::Canvas;
    model.help = false;
    if let Some(screen) = model.screen() {
        let blocks = model.maze_blocks();
        model
            .viewport
            .show_block(block_of(entry), blocks, screen.canvas_size());
    }
    let walk: String = [Dir::West, Dir::South, Dir::North, Dir::East]
        .map(|towards| {
            key(
                model,
                Action::Walk {
                    towards,
                    run: false,
                },
            )
        })
        .concat();
    let (fog, leave) = (key(model, Action::ToggleFog), key(model, Action::LeavePlay));
    let chased = match chasers {
        0 => String::new(),
        1 => "; a chaser is after you".to_owned(),
        n => format!("; {n} chasers are after you"),
    };
    let text = format!("Play: {walk} walk, Shift runs, {fog} fog, {leave} leaves{chased}");
    model.set_status(StatusKind::Info, text);
    Played::Done(Vec::new())
}

/// Says that play starts once the maze is finished, after the root has asked for the finish
/// (unless the finish already says so, or the round is on).
pub fn waiting(model: &mut Model) {
    if !model.is_playing() && model.phase() != Phase::Done {
        let text = model.status().map(|s| s.text.clone()).unwrap_or_default();
        if !text.starts_with("Finishing") {
            model.set_status(StatusKind::Info, "Play starts once the maze is finished…");
        }
    }
}

fn leave(model: &mut Model) {
    if model.play.round.take().is_some() {
        model.set_status(StatusKind::Info, "Left play mode");
    }
}

fn walk(model: &mut Model, towards: Dir, run: bool) -> Vec<Effect> {
    let again = key(model, Action::TogglePlay);
    let leave = key(model, Action::LeavePlay);
    let Some(round) = model.play.round.as_mut() else {
        return Vec::new();
    };
    if round.game.outcome() != Outcome::Playing {
        let text = format!("The round is over: {again} plays again, {leave} leaves");
        model.set_status(StatusKind::Info, text);
        return Vec::new();
    }
    let moved = if run {
        round.game.run(towards)
    } else {
        round.game.step(towards)
    };
    if moved == Moved::Blocked {
        return Vec::new();
    }
    let walker = round.game.walker();
    if let Some(screen) = model.screen() {
        let blocks = model.maze_blocks();
        model
            .viewport
            .follow(block_of(walker), blocks, screen.canvas_size());
    }
    let round = model.play.round.as_mut().expect("still playing");
    match round.game.outcome() {
        Outcome::Playing => Vec::new(),
        Outcome::Caught => {
            let text = format!(
                "Caught after {} moves and {}: {again} plays again, {leave} leaves",
                round.game.moves(),
                clock(round.elapsed)
            );
            model.set_status(StatusKind::Warning, text);
            Vec::new()
        }
        Outcome::Won => won(model),
    }
}

/// The round is won: the shortest path is drawn beside the trail, and the score recorded.
fn won(model: &mut Model) -> Vec<Effect> {
    let key = score_key(model);
    let round = model.play.round.as_mut().expect("a won round");
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
    let job = model.job_ids.next_id(Owner::Play);
    round.recording = Some(job);
    let text = won_text(round);
    model.set_status(StatusKind::Success, text);
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
pub fn recorded(model: &mut Model, job: JobId, outcome: Result<Recorded, String>) {
    let round = model
        .play
        .round
        .as_mut()
        .filter(|r| r.recording == Some(job));
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
            model.set_status(kind, text);
            if let Some(round) = model
                .play
                .round
                .as_mut()
                .filter(|r| r.recording == Some(job))
            {
                round.record = Record::Done(recorded);
            }
        }
        Err(reason) => {
            model.set_status(StatusKind::Error, format!("Score not recorded: {reason}"));
            if let Some(round) = model
                .play
                .round
                .as_mut()
                .filter(|r| r.recording == Some(job))
            {
                round.record = Record::Failed(reason);
            }
        }
    }
}

/// A frame has passed: the clock runs from the first move until the round ends.
pub fn tick(model: &mut Model, frame: Duration) {
    if let Some(round) = model.play.round.as_mut().filter(|r| r.is_timing()) {
        round.elapsed += frame;
    }
}

/// The block a cell is drawn on.
fn block_of(pos: Pos) -> (u32, u32) {
    (2 * pos.x + 1, 2 * pos.y + 1)
}

/// The first key bound to `action`, as the screen writes it, or its name if it has none.
fn key(model: &Model, action: Action) -> String {
    model.keymap().first_key_label(action).unwrap_or_else(|| {
        let name = crate::tui::keymap::action_name(action).unwrap_or_default();
        format!("({name})")
    })
}
