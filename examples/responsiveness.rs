//! How long the dashboard's `update` takes, the longest call per kind of message, over a big
//! maze's whole life: what decides how soon a key is answered, since the run loop reads keys
//! between two messages.
//!
//! It drives a [`Model`] as the run loop does, without a terminal: ticks (each followed by the
//! `Worked` that teaches the pace its slice), keys, and the jobs' messages, the jobs running on
//! threads of their own. The life: the maze is carved by ticks for a while, `Enter` finishes it
//! in slices (the search starts and ends on the way), its measure and its first save come back,
//! `s` writes it again, `v` starts another solver, `r` makes a new maze and `a` the next
//! algorithm's, each animated a little, then `s` (which finishes that maze first) and at once `q`
//! (which waits for that save). A tick is labelled with the phases it went through, so the
//! hand-overs (carving to solving, solving to done) show on their own lines.
//!
//! ```sh
//! cargo run --release --example responsiveness -- 10000 20000
//! cargo run --release --example responsiveness -- 20000x20000 --short   # stop after `a`
//! cargo run --release --example responsiveness -- 10000 --board   # PERFECT=False: braided
//! cargo run --release --example responsiveness -- 10000 --algorithm eller
//! ```
//!
//! Each size is `SIDE` or `WIDTHxHEIGHT`; the maze file goes to a temporary folder. The README's
//! "Answering keys" table lists the figures.

use std::collections::BTreeMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use a_maze_ing::tui::Keymap;
use a_maze_ing::tui::ThemeSet;
use a_maze_ing::tui::{Action, Answer, Effect, Message, Model, Parcel, Start, Work, update};
use mazegen::config::Config;
use mazegen::session::Phase;

/// The run loop's frame while something moves.
const FRAME: Duration = Duration::from_micros(16_667);
/// How often a write job reports its progress (as the dashboard's worker does).
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// The longest and total time of one kind of message.
#[derive(Default)]
struct Timing {
    count: u64,
    longest: Duration,
    total: Duration,
}

struct Driver {
    model: Model,
    timings: BTreeMap<String, Timing>,
    sender: Sender<Message>,
    receiver: Receiver<Message>,
    /// Jobs started and not ended.
    running: usize,
    quit: bool,
    last_tick: Instant,
    /// The status line last printed, digits left out (so a percentage changing is no news).
    last_status: String,
    /// The longest time between a key sent and its answer, a tick of work before it included:
    /// what a user waits at worst, drawing aside.
    started: Instant,
}

impl Driver {
    fn new(model: Model) -> Driver {
        let (sender, receiver) = mpsc::channel();
        Driver {
            model,
            timings: BTreeMap::new(),
            sender,
            receiver,
            running: 0,
            quit: false,
            last_tick: Instant::now(),
            last_status: String::new(),
            started: Instant::now(),
        }
    }

    /// Runs `message` through `update`, timing it, and starts the jobs it asks for.
    fn send(&mut self, message: Message) {
        let before = self.model.phase();
        let label = match &message {
            Message::Tick(_) => "Tick".to_owned(),
            Message::Clock(_) => "Clock".to_owned(),
            Message::Worked(_) => "Worked".to_owned(),
            Message::Action(action) => format!("key: {action:?}"),
            Message::Mouse(_) => "Mouse".to_owned(),
            Message::Resize { .. } => "Resize".to_owned(),
            Message::Progress { .. } => "job: Progress".to_owned(),
            Message::Done { answer, .. } => match answer {
                Answer::Written(_) => "job: Written".to_owned(),
                Answer::Measured(_) => "job: Measured".to_owned(),
                Answer::MeasureRefused(_) => "job: MeasureRefused".to_owned(),
                Answer::SearchRefused(_) => "job: SearchRefused".to_owned(),
                Answer::Searched(_) => "job: Searched".to_owned(),
                Answer::Made(_) => "job: Made".to_owned(),
                Answer::Inspector(_) => "job: Inspector".to_owned(),
                Answer::RaceTimed(_) => "job: RaceTimed".to_owned(),
                Answer::ScoreRecorded(_) => "ScoreRecorded".to_owned(),
                Answer::ConfigWritten(_) => "ConfigWritten".to_owned(),
                Answer::Distances(_) => "job: Distances".to_owned(),
                Answer::Existing(_) => "job: Existing".to_owned(),
            },
            Message::Inspector(_) => "Inspector".to_owned(),
        };
        // The two answered in place by the run loop are no worker's job.
        let is_job_end = matches!(
            message,
            Message::Done { ref answer, .. }
                if !matches!(answer, Answer::ScoreRecorded(_) | Answer::ConfigWritten(_))
        );
        let at = Instant::now();
        let effects = update(&mut self.model, message);
        let took = at.elapsed();
        let after = self.model.phase();
        let label = if label == "Tick" {
            if before == after {
                format!("Tick: {}", phase_name(before))
            } else {
                format!("Tick: {} -> {}", phase_name(before), phase_name(after))
            }
        } else {
            label
        };
        let timing = self.timings.entry(label).or_default();
        timing.count += 1;
        timing.longest = timing.longest.max(took);
        timing.total += took;
        if is_job_end {
            self.running -= 1;
        }
        for effect in effects {
            self.perform(effect);
        }
        self.log_status();
    }

    /// Prints the status line when it says something new.
    fn log_status(&mut self) {
        let status = self.model.status().map_or("", |s| s.text.as_str());
        let skeleton: String = status.chars().filter(|c| !c.is_ascii_digit()).collect();
        if skeleton != self.last_status {
            println!(
                "  {:>7.2} s  | {status}",
                self.started.elapsed().as_secs_f64()
            );
            self.last_status = skeleton;
        }
    }

    fn perform(&mut self, effect: Effect) {
        let sender = self.sender.clone();
        match effect {
            Effect::Work(Work::Write(write)) => {
                self.running += 1;
                thread::spawn(move || {
                    let mut last: Option<Instant> = None;
                    let outcome = write.run(&mut |done, total| {
                        if last.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY) {
                            last = Some(Instant::now());
                            let job = write.job;
                            let _ = sender.send(Message::Progress { job, done, total });
                        }
                    });
                    let job = write.job;
                    let answer = Answer::Written(outcome);
                    let _ = sender.send(Message::Done { job, answer });
                });
            }
            Effect::Work(Work::Measure { job, work }) => {
                self.running += 1;
                thread::spawn(move || {
                    let answer = Answer::Measured(work.run());
                    let _ = sender.send(Message::Done { job, answer });
                });
            }
            // No game is played here, and the config is a file.
            Effect::RecordScore { .. } | Effect::WriteConfig { .. } => {}
            Effect::Work(Work::Distances(flood)) => {
                self.running += 1;
                thread::spawn(move || {
                    let job = flood.job;
                    let distances = Parcel::new(flood.run());
                    let answer = Answer::Distances(distances);
                    let _ = sender.send(Message::Done { job, answer });
                });
            }
            Effect::Work(Work::Inspector(work)) => {
                self.running += 1;
                thread::spawn(move || {
                    let (job, answer) = work.run();
                    let answer = Answer::Inspector(answer);
                    let _ = sender.send(Message::Done { job, answer });
                });
            }
            Effect::Work(Work::Search { job, work }) => {
                self.running += 1;
                thread::spawn(move || {
                    let answer = Answer::Searched(work.run());
                    let _ = sender.send(Message::Done { job, answer });
                });
            }
            Effect::Work(Work::Make { job, order }) => {
                self.running += 1;
                thread::spawn(move || {
                    let answer = Answer::Made(Parcel::new(order.run()));
                    let _ = sender.send(Message::Done { job, answer });
                });
            }
            Effect::Work(Work::Look(look)) => {
                self.running += 1;
                thread::spawn(move || {
                    let job = look.job;
                    let answer = Answer::Existing(look.run());
                    let _ = sender.send(Message::Done { job, answer });
                });
            }
            Effect::Work(Work::Discard(garbage)) => {
                thread::spawn(move || drop(garbage.take()));
            }
            Effect::Work(Work::TimeRace(job)) => {
                self.running += 1;
                thread::spawn(move || {
                    let (job, answer) = (job.job, Answer::RaceTimed(job.run()));
                    let _ = sender.send(Message::Done { job, answer });
                });
            }
            Effect::Quit | Effect::Abort => self.quit = true,
            Effect::Suspend => {}
        }
    }

    /// Hands over every job message that has come.
    fn pump(&mut self) {
        while let Ok(message) = self.receiver.try_recv() {
            self.send(message);
        }
    }

    /// One frame of the run loop: the job messages, a tick, and the tick's work for the pace;
    /// then the rest of the frame, if any, waiting for job messages.
    fn frame(&mut self) {
        self.pump();
        let now = Instant::now();
        let frame = now - self.last_tick;
        self.last_tick = now;
        if self.model.is_animating() {
            self.send(Message::Tick(frame));
            self.send(Message::Worked(now.elapsed()));
        }
        let deadline = now + FRAME;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.receiver.recv_timeout(left) {
                Ok(message) => self.send(message),
                Err(_) => break,
            }
        }
    }

    fn key(&mut self, action: Action) {
        println!(
            "  {:>7.2} s  key {action:?}",
            self.started.elapsed().as_secs_f64()
        );
        self.send(Message::Action(action));
    }

    fn frames(&mut self, count: u32) {
        for _ in 0..count {
            self.frame();
        }
    }

    /// Frames until `done` says so.
    fn frames_until(&mut self, what: &str, mut done: impl FnMut(&Model) -> bool) {
        while !done(&self.model) && !self.quit {
            self.frame();
        }
        println!("  {:>7.2} s  {what}", self.started.elapsed().as_secs_f64());
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Carving => "carving",
        Phase::Solving => "solving",
        Phase::Done => "done",
    }
}

fn model(width: u32, height: u32, kind: &Kind, output: &std::path::Path) -> Model {
    let perfect = if kind.perfect { "True" } else { "False" };
    let algorithm = kind
        .algorithm
        .as_ref()
        .map_or(String::new(), |a| format!("ALGORITHM={a}\n"));
    let text = format!(
        "WIDTH={width}\nHEIGHT={height}\nENTRY=0,0\nEXIT={},{}\nOUTPUT_FILE={}\n\
         PERFECT={perfect}\nSEED=1\n{algorithm}",
        width - 1,
        height - 1,
        output.display()
    );
    let config = Config::parse(&text, "responsiveness.txt").expect("a valid config");
    let mut model = Model::new(Start {
        config,
        seed: 1,
        themes: ThemeSet::bundled(),
        theme_problems: Vec::new(),
        keymap: Keymap::built_in(),
        key_problems: Vec::new(),
        no_color: false,
        built_in_config: false,
        size: (120, 40),
        memory_limit: None,
    })
    .expect("the maze can be made");
    // As the dashboard's run loop does: frames' steps stop on time too.
    model.set_clock(Instant::now);
    model
}

/// The mazes to try: perfect or not, of which algorithm (the config's default if `None`).
struct Kind {
    perfect: bool,
    algorithm: Option<String>,
}

fn life(width: u32, height: u32, short: bool, kind: &Kind) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let output = dir.path().join("maze.txt");
    let shape = if kind.perfect {
        "perfect"
    } else {
        "board (PERFECT=False)"
    };
    let algorithm = kind.algorithm.as_deref().unwrap_or("default algorithm");
    println!("{width}x{height}, {shape}, {algorithm}:");
    let at = Instant::now();
    let model = model(width, height, kind, &output);
    let start = at.elapsed();
    let mut d = Driver::new(model);
    println!("  {:>7.2} s  started", start.as_secs_f64());

    // Carving, animated, with a few keys on the way.
    d.frames(60);
    d.key(Action::NextTheme);
    d.key(Action::Faster);
    d.frames(60);
    // Enter: finished in slices; the search starts and ends on the way.
    d.key(Action::Finish);
    d.frames_until("solved", |m| m.phase() == Phase::Done);
    d.frames_until("measured and written", |m| {
        m.shown_session().maze().is_some() && m.jobs().is_empty()
    });
    d.key(Action::Save);
    d.frames_until("saved again", |m| m.jobs().is_empty());
    // Another solver on the same maze: a search starts.
    d.key(Action::NextSolver);
    d.frames(30);
    d.key(Action::Regenerate);
    d.frames(60);
    d.key(Action::NextAlgorithm);
    d.frames(60);
    if !short {
        d.key(Action::Save);
        d.frames(5);
        d.key(Action::Quit);
        d.frames_until("quit", |_| false);
    }
    println!("  {:>7.2} s  end", d.started.elapsed().as_secs_f64());

    println!(
        "  {:<34} {:>6} {:>12} {:>12}",
        "message", "count", "longest ms", "mean ms"
    );
    println!(
        "  {:<34} {:>6} {:>12.1} {:>12.1}",
        "(start: Model::new, before the screen)",
        1,
        ms(start),
        ms(start)
    );
    for (label, t) in &d.timings {
        let mean = t.total / u32::try_from(t.count.max(1)).unwrap_or(u32::MAX);
        println!(
            "  {label:<34} {:>6} {:>12.1} {:>12.3}",
            t.count,
            ms(t.longest),
            ms(mean)
        );
    }
    let worst = d
        .timings
        .iter()
        .max_by_key(|(_, t)| t.longest)
        .map(|(label, t)| format!("{label}, {:.1} ms", ms(t.longest)));
    println!("  worst update: {}", worst.unwrap_or_default());
    // The model (and its maze) goes before the folder.
    drop(d);
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let mut short = false;
    let mut kind = Kind {
        perfect: true,
        algorithm: None,
    };
    let mut sizes = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--algorithm" {
            kind.algorithm = args.next();
            continue;
        }
        if arg == "--short" {
            short = true;
            continue;
        }
        if arg == "--board" {
            kind.perfect = false;
            continue;
        }
        let size = match arg.split_once('x') {
            Some((w, h)) => w.parse().ok().zip(h.parse().ok()),
            None => arg.parse().ok().map(|side| (side, side)),
        };
        match size {
            Some(size) => sizes.push(size),
            None => {
                eprintln!(
                    "usage: responsiveness [--short] [--board] [--algorithm NAME] [SIDE | WIDTHxHEIGHT]..."
                );
                std::process::exit(2);
            }
        }
    }
    if sizes.is_empty() {
        sizes = vec![(10_000, 10_000), (20_000, 20_000)];
    }
    for (width, height) in sizes {
        life(width, height, short, &kind);
    }
}
