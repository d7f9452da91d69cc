//! The README's pictures of the dashboard (`assets/*.svg`) are real frames: each is a `Model`
//! driven by messages as the run loop would drive it, drawn by `view` into ratatui's
//! `TestBackend` (as the snapshot tests draw it), and turned into SVG by
//! `pictures/terminal_svg.rs`, each mode also at 80x24 (`NAME-80x24.svg`). A test fails when a
//! picture is stale; after a deliberate change
//! to the screen, `UPDATE_GOLDEN=1 cargo test --test pictures` draws them again.

#[path = "pictures/terminal_svg.rs"]
mod terminal_svg;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::Duration;

use a_maze_ing::tui::APP_CONFIG_KEYS;
use a_maze_ing::tui::Keymap;
use a_maze_ing::tui::ThemeSet;
use a_maze_ing::tui::{
    Action, Answer, Effect, Message, Model, Start, Work, open_at_start, update, view,
};
use mazegen::Dir;
use mazegen::config::Config;
use mazegen::session::Phase;
use mazegen::validate::Expected;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const FRAME: Duration = Duration::from_millis(16);

/// The dashboard on `config` (the text of a config file) in a `width` x `height` terminal.
fn dashboard(config: &str, (width, height): (u16, u16)) -> Model {
    let config = Config::parse_with_app_keys(config, "config.txt", APP_CONFIG_KEYS)
        .expect("the picture's config is valid");
    let mut model = Model::new(Start {
        seed: config.seed.expect("a picture has its SEED"),
        config,
        themes: ThemeSet::bundled(),
        theme_problems: Vec::new(),
        keymap: Keymap::built_in(),
        key_problems: Vec::new(),
        no_color: false,
        built_in_config: false,
        size: (width, height),
        memory_limit: None,
    })
    .expect("the picture's maze can be made");
    update(&mut model, Message::Resize { width, height });
    model
}

/// A `width` x `height` maze (a board unless `perfect`), seed 42, from the top-left corner to
/// the bottom-right one, in `theme`.
fn config(width: u32, height: u32, perfect: bool, theme: &str) -> String {
    let perfect = if perfect { "True" } else { "False" };
    format!(
        "WIDTH={width}\nHEIGHT={height}\nENTRY=0,0\nEXIT={},{}\nOUTPUT_FILE=maze.txt\n\
         PERFECT={perfect}\nSEED=42\nTHEME={theme}\n",
        width - 1,
        height - 1
    )
}

/// `config.txt`'s maze (25x20, seed 42) with `extra` config lines.
fn config_txt(extra: &str) -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("config.txt"))
        .expect("config.txt is readable");
    format!("{text}{extra}")
}

/// Sends `action`, answering the jobs it starts.
fn act(model: &mut Model, action: Action) {
    let effects = update(model, Message::Action(action));
    answer(model, effects);
}

fn tick(model: &mut Model, frames: usize) {
    for _ in 0..frames {
        let effects = update(model, Message::Tick(FRAME));
        answer(model, effects);
    }
}

/// Answers every job in `effects` here and at once, as the run loop's workers would a moment
/// later: writes succeed without touching the disk. A race's timing is left unanswered (it
/// measures this machine's speed, which no picture should show).
fn answer(model: &mut Model, effects: Vec<Effect>) {
    let mut queue: VecDeque<Effect> = effects.into();
    while let Some(effect) = queue.pop_front() {
        let reply = match effect {
            Effect::Work(Work::Write(job)) => Some(Message::Done {
                job: job.job,
                answer: Answer::Written(Ok(())),
            }),
            Effect::Work(Work::TimeRace(_)) => None,
            Effect::Work(work) => work.run(&mut |_| {}),
            _ => None,
        };
        if let Some(message) = reply {
            queue.extend(update(model, message));
        }
    }
}

/// The maze file the dashboard writes for `model`'s finished maze.
fn maze_file(model: &mut Model) -> Vec<u8> {
    let effects = update(model, Message::Action(Action::Save));
    let job = effects
        .iter()
        .find_map(|e| match e {
            Effect::Work(Work::Write(job)) => Some(job.clone()),
            _ => None,
        })
        .expect("s writes the maze");
    answer(model, effects);
    let mut bytes = Vec::new();
    job.outputs[0].format.write(&job.maze, &mut bytes).unwrap();
    bytes
}

/// Draws `model` and compares the picture with `assets/NAME.svg` (or writes it, with
/// `UPDATE_GOLDEN=1`).
fn picture(name: &str, title: &str, model: &Model) {
    let (width, height) = model.size();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| view(model, frame)).unwrap();
    let drawn = terminal_svg::to_svg(terminal.backend().buffer(), title);
    let file: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(format!("{name}.svg"));
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&file, &drawn).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("{} is readable: {e}", file.display()));
    assert!(
        expected == drawn,
        "{} differs from the dashboard's frame; if the change is deliberate, draw it again \
         with UPDATE_GOLDEN=1 cargo test --test pictures",
        file.display()
    );
}

/// [`picture`] at `model`'s size, then as `NAME-80x24` in an 80x24 terminal (the size most
/// terminals open at: the sidebar folded, the footer's keys ranked).
fn pictures(name: &str, title: &str, model: &mut Model) {
    picture(name, title, model);
    update(
        model,
        Message::Resize {
            width: 80,
            height: 24,
        },
    );
    picture(&format!("{name}-80x24"), &format!("{title} (80x24)"), model);
}

/// The README's first picture: `cargo run --release` on `config.txt`, finished, every solver
/// run (`v`), in the `ocean` theme.
#[test]
fn the_dashboard_picture_is_up_to_date() {
    let mut m = dashboard(&config_txt("THEME=ocean\n"), (130, 48));
    act(&mut m, Action::Finish);
    // Round the six solvers, back to BFS, whose path the maze file records.
    for _ in 0..6 {
        act(&mut m, Action::NextSolver);
        act(&mut m, Action::Finish);
    }
    pictures(
        "dashboard",
        "The a-maze-ing dashboard on config.txt: a solved 25x20 maze, the sidebar's \
         statistics, every solver's result",
        &mut m,
    );
}

/// The carving studio: the same maze being carved, its stack and head drawn.
#[test]
fn the_carving_picture_is_up_to_date() {
    let mut m = dashboard(&config_txt("THEME=classic\n"), (100, 30));
    tick(&mut m, 80);
    assert_eq!(m.phase(), Phase::Carving, "still carving");
    pictures(
        "carving",
        "The dashboard carving a maze: the backtracker's stack and head",
        &mut m,
    );
}

/// The inspector: a maze file broken by hand, opened with every problem drawn where it is.
#[test]
fn the_inspector_picture_is_up_to_date() {
    let mut maker = dashboard(&config(20, 12, true, "classic"), (100, 30));
    act(&mut maker, Action::Finish);
    let mut file = maze_file(&mut maker);
    // Cell 3,1's east wall, flipped in its own digit only; the west border of 0,6 opened.
    let digit = |file: &mut Vec<u8>, x: usize, y: usize, bit: u8| {
        let at = y * 21 + x;
        let value = u8::from_str_radix(std::str::from_utf8(&file[at..=at]).unwrap(), 16).unwrap();
        file[at] = format!("{:X}", value ^ bit).as_bytes()[0];
    };
    digit(&mut file, 3, 1, Dir::East.bit());
    digit(&mut file, 0, 6, Dir::West.bit());
    let inspection =
        mazegen::validate::Inspection::from_bytes(&file, &Expected::default()).unwrap();

    let mut m = dashboard(&config(20, 12, true, "classic"), (100, 30));
    act(&mut m, Action::Finish);
    let config = m.config().clone();
    let effects = open_at_start(
        &mut m,
        config,
        PathBuf::from("broken.txt"),
        inspection,
        Expected::default(),
        None,
    );
    answer(&mut m, effects);
    act(&mut m, Action::NextProblem);
    pictures(
        "inspector",
        "The inspector on a broken maze file: an incoherent wall and an open border drawn \
         where they are, and the Problems pane",
        &mut m,
    );
}

/// Play mode on a board, in the fog, a few moves along the shortest path.
#[test]
fn the_play_picture_is_up_to_date() {
    let mut m = dashboard(&config(15, 10, false, "forest"), (100, 30));
    act(&mut m, Action::Finish);
    act(&mut m, Action::TogglePlay);
    act(&mut m, Action::ToggleFog);
    let dirs = m.shown_session().solution().unwrap().dirs().to_vec();
    for dir in dirs.into_iter().take(9) {
        act(
            &mut m,
            Action::Walk {
                towards: dir,
                run: false,
            },
        );
        let effects = update(&mut m, Message::Tick(Duration::from_millis(400)));
        answer(&mut m, effects);
    }
    pictures(
        "play",
        "Play mode in the fog of war: the walker, its trail, and the Play pane's clock",
        &mut m,
    );
}

/// A race of four algorithms on one maze, mid-way.
#[test]
fn the_race_picture_is_up_to_date() {
    let mut m = dashboard(&config(20, 8, true, "synthwave"), (100, 30));
    act(&mut m, Action::Race);
    tick(&mut m, 150);
    assert!(!m.race().unwrap().is_over(), "mid-race");
    pictures(
        "race",
        "A race: four algorithms carving the same maze side by side at one pace",
        &mut m,
    );
}

/// Replay: the finished maze scrubbed back to the middle of its carving.
#[test]
fn the_replay_picture_is_up_to_date() {
    let mut m = dashboard(&config_txt("THEME=amber\n"), (100, 30));
    act(&mut m, Action::Finish);
    for _ in 0..5 {
        act(&mut m, Action::Scrub(a_maze_ing::tui::Scrub::BackFar));
    }
    pictures(
        "replay",
        "Replay: the finished maze scrubbed back to the middle of its carving, with the \
         timeline on the status line",
        &mut m,
    );
}

/// Every picture, with its screen's columns and rows.
const PICTURES: [(&str, (f64, f64)); 12] = [
    ("dashboard", (130.0, 48.0)),
    ("carving", (100.0, 30.0)),
    ("inspector", (100.0, 30.0)),
    ("play", (100.0, 30.0)),
    ("race", (100.0, 30.0)),
    ("replay", (100.0, 30.0)),
    ("dashboard-80x24", (80.0, 24.0)),
    ("carving-80x24", (80.0, 24.0)),
    ("inspector-80x24", (80.0, 24.0)),
    ("play-80x24", (80.0, 24.0)),
    ("race-80x24", (80.0, 24.0)),
    ("replay-80x24", (80.0, 24.0)),
];

/// Each picture is well-formed XML with an SVG root of the screen's size, so that a browser
/// shows it (the README's `<img>`s would show nothing otherwise).
#[test]
fn every_picture_is_an_svg_of_its_screen() {
    for (name, (columns, rows)) in PICTURES {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/{name}.svg"));
        let text = std::fs::read_to_string(&file).unwrap();
        let svg =
            roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}.svg is XML: {e}"));
        let root = svg.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{name}");
        let size = |attribute: &str| root.attribute(attribute).unwrap().parse::<f64>().unwrap();
        // 9x18 pixels a cell, and a margin of 10 around.
        assert_eq!(
            (size("width"), size("height")),
            (columns * 9.0 + 20.0, rows * 18.0 + 20.0),
            "{name}"
        );
        assert!(
            root.descendants().any(|n| n.has_tag_name("title")),
            "{name}: a title"
        );
    }
}

/// A real renderer draws each picture at its size, and not blank. Runs where `rsvg-convert`
/// (Debian's librsvg2-bin) is installed, and says so where it is not.
#[test]
fn rsvg_convert_renders_every_picture() {
    use std::process::Command;
    let dir = tempfile::tempdir().unwrap();
    for (name, (columns, rows)) in PICTURES {
        let svg = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/{name}.svg"));
        let png = dir.path().join(format!("{name}.png"));
        let Ok(rendered) = Command::new("rsvg-convert")
            .arg("-o")
            .arg(&png)
            .arg(&svg)
            .output()
        else {
            println!(
                "note: rsvg-convert is not installed (apt install librsvg2-bin); not rendered"
            );
            return;
        };
        assert!(
            rendered.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&rendered.stderr)
        );
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{name}: a PNG");
        // The IHDR chunk: width and height, big-endian, at bytes 16..24.
        let size = |at: usize| f64::from(u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()));
        assert_eq!(
            (size(16), size(20)),
            (columns * 9.0 + 20.0, rows * 18.0 + 20.0),
            "{name}"
        );
        // A screen of colours and text compresses to tens of kilobytes; a flat one to almost
        // nothing.
        assert!(bytes.len() > 20_000, "{name}: {} bytes", bytes.len());
    }
}
