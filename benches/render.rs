//! Speed of drawing one dashboard frame: the whole screen around a 200x60 maze canvas, for a
//! small and a huge maze, since the canvas only looks at the blocks it shows (or, for the whole
//! view of a maze too big for braille, a bounded sample of cells and the path).
//!
//! `cargo bench --bench render`; `RENDER_BENCH_HUGE=1` adds a 20000x20000 maze (minutes to
//! set up). The README lists the figures. `cargo bench --bench render -- "colour depth"` times
//! what a terminal without 24-bit colour adds to a frame: its colours brought down.

use std::hint::black_box;
use std::time::Duration;

use a_maze_ing::tui::Keymap;
use a_maze_ing::tui::{Action, Answer, Effect, Message, Model, Start, Work, update, view};
use a_maze_ing::tui::{ColorDepth, ThemeSet};
use a_maze_ing::tui::{FOOTER_HEIGHT, SIDEBAR_WIDTH};
use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion, criterion_group, criterion_main};
use mazegen::config::Config;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A terminal whose canvas (inside its border) is 200x60.
const TERMINAL: (u16, u16) = (200 + 2 + SIDEBAR_WIDTH, 60 + 2 + FOOTER_HEIGHT);

fn dashboard(side: u32, steps: Option<u64>) -> Model {
    let text = format!(
        "WIDTH={side}\nHEIGHT={side}\nENTRY=0,0\nEXIT={last},{last}\nOUTPUT_FILE=maze.txt\n\
         PERFECT=True\nSEED=1\n",
        last = side - 1
    );
    let config = Config::parse(&text, "bench.txt").unwrap();
    let mut model = Model::new(Start {
        config,
        seed: 1,
        themes: ThemeSet::bundled(),
        theme_problems: Vec::new(),
        keymap: Keymap::built_in(),
        key_problems: Vec::new(),
        no_color: false,
        built_in_config: false,
        size: TERMINAL,
        memory_limit: None,
    })
    .unwrap();
    match steps {
        Some(steps) => {
            update(&mut model, Message::Action(Action::TogglePause));
            for _ in 0..steps {
                update(&mut model, Message::Action(Action::Step));
            }
        }
        None => finish(&mut model),
    }
    model
}

/// Finishes and measures the maze as the dashboard would, a slice a frame (a big maze is not
/// finished at once), running the measure job here.
fn finish(model: &mut Model) {
    let mut effects = update(model, Message::Action(Action::Finish));
    while model.shown_session().maze().is_none() {
        for effect in std::mem::take(&mut effects) {
            if let Effect::Work(Work::Measure { job, work }) = effect {
                let answer = Answer::Measured(work.run());
                effects.extend(update(model, Message::Done { job, answer }));
            }
        }
        effects.extend(update(model, Message::Tick(Duration::from_millis(16))));
    }
}

fn frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("render 200x60 canvas");
    let cases = [
        ("20x20 solved", dashboard(20, None), false),
        ("4000x4000 solved, detail", dashboard(4000, None), true),
        ("4000x4000 solved, whole", dashboard(4000, None), false),
        (
            "4000x4000 carving, whole",
            dashboard(4000, Some(100_000)),
            false,
        ),
        // About 30x60 cells a character: gathered, with a path of 370k steps to walk.
        ("2000x2000 solved, whole", dashboard(2000, None), false),
        // 201x201 blocks: too many for half blocks (200x120), not for braille (400x240).
        (
            "100x100 solved, whole in braille",
            dashboard(100, None),
            false,
        ),
    ];
    for (name, mut model, zoom) in cases {
        if zoom {
            update(&mut model, Message::Action(Action::ToggleZoom));
        }
        frame(&mut group, name, &model);
    }
    // A minute to set up and a few GB: only when asked for.
    if std::env::var_os("RENDER_BENCH_HUGE").is_some() {
        let mut model = dashboard(20_000, None);
        frame(&mut group, "20000x20000 solved, whole", &model);
        update(&mut model, Message::Action(Action::ToggleZoom));
        frame(&mut group, "20000x20000 solved, detail", &model);
    }
    group.finish();
}

/// Times drawing `model`'s screen.
fn frame(group: &mut BenchmarkGroup<WallTime>, name: &str, model: &Model) {
    let canvas = model.screen().unwrap().canvas;
    assert_eq!((canvas.width, canvas.height), (200, 60));
    let mut terminal = Terminal::new(TestBackend::new(TERMINAL.0, TERMINAL.1)).unwrap();
    group.bench_function(name, |b| {
        b.iter(|| {
            terminal
                .draw(|frame| view(black_box(model), frame))
                .unwrap();
        })
    });
}

/// Bringing a drawn frame's colours down to a terminal's depth, as the run loop does after each
/// frame: the whole screen around the canvas, in the ocean theme (every colour 24-bit).
fn colour_depth(c: &mut Criterion) {
    let mut model = dashboard(100, None);
    for _ in 0..2 {
        update(&mut model, Message::Action(Action::NextTheme));
    }
    assert_eq!(model.theme().name, "ocean");
    let mut terminal = Terminal::new(TestBackend::new(TERMINAL.0, TERMINAL.1)).unwrap();
    let frame = terminal
        .draw(|frame| view(&model, frame))
        .unwrap()
        .buffer
        .clone();
    let mut group = c.benchmark_group("colour depth");
    for (name, depth) in [
        ("256 colours", ColorDepth::Indexed256),
        ("16 colours", ColorDepth::Ansi16),
    ] {
        group.bench_function(name, |b| {
            b.iter_batched_ref(
                || frame.clone(),
                |buffer| depth.convert_buffer(black_box(buffer)),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, frames, colour_depth);
criterion_main!(benches);
