//! The export list: opening, moving, closing, picking, and the refusals of a file that is the
//! config or OUTPUT_FILE.

use std::path::{Path, PathBuf};

use crate::tui::kernel::export::Export;
use crossterm::event::KeyCode;

use crate::tui::effect::{Effect, Work};
use crate::tui::layer;
use crate::tui::message::Answer;
use crate::tui::message::Message;
use crate::tui::model::{Model, StatusKind};
use crate::tui::modes::export::LookJob;
use crate::tui::testing::key;
use crate::tui::testing::{answer, config, model, start};
use crate::tui::update::update;
use crate::tui::view::tests::{screen_text, sized};

fn status(model: &Model) -> (Option<StatusKind>, String) {
    let status = model.status();
    (
        status.map(|s| s.kind),
        status.map(|s| s.text.clone()).unwrap_or_default(),
    )
}

/// A dashboard whose first maze is finished and saved (in memory), so that only the export
/// is left to write.
fn finished() -> Model {
    let mut m = model(9, 7);
    let effects = key(&mut m, KeyCode::Enter);
    answer(&mut m, effects);
    m
}

#[test]
fn e_opens_the_list_the_arrows_move_esc_and_q_close_it() {
    let mut m = finished();
    let effects = key(&mut m, KeyCode::Char('e'));
    assert!(
        matches!(effects.as_slice(), [Effect::Work(Work::Look(_))]),
        "{effects:?}"
    );
    assert_eq!(layer::innermost(&m), layer::Layer::Export);
    assert_eq!(m.stack.export.cursor(), Some(Export::Svg));
    assert!(status(&m).1.starts_with("Export: pick a file"));
    key(&mut m, KeyCode::Up);
    assert_eq!(
        m.stack.export.cursor(),
        Some(Export::Svg),
        "the top stays the top"
    );
    key(&mut m, KeyCode::Down);
    key(&mut m, KeyCode::Char('j'));
    assert_eq!(m.stack.export.cursor(), Some(Export::PdfSheet));
    for _ in 0..3 {
        key(&mut m, KeyCode::Down);
    }
    assert_eq!(m.stack.export.cursor(), Some(Export::AnimatedSvg));
    key(&mut m, KeyCode::Char('k'));
    assert_eq!(m.stack.export.cursor(), Some(Export::PdfSheet));
    assert!(key(&mut m, KeyCode::Esc).is_empty());
    assert!(!m.stack.export.is_open());
    assert_eq!(status(&m).1, "Export list closed");
    key(&mut m, KeyCode::Char('e'));
    assert!(
        key(&mut m, KeyCode::Char('q')).is_empty(),
        "q closes, not quits"
    );
    assert!(!m.stack.export.is_open());
    assert!(!m.stack.studio.quitting);
}

#[test]
fn enter_writes_the_pick_next_to_the_output_file_and_the_status_names_it() {
    let mut m = finished();
    key(&mut m, KeyCode::Char('e'));
    key(&mut m, KeyCode::Down);
    let effects = key(&mut m, KeyCode::Enter);
    assert!(!m.stack.export.is_open());
    let [Effect::Work(Work::Write(job))] = effects.as_slice() else {
        panic!("one write: {effects:?}");
    };
    assert_eq!(job.outputs[0].path(), Some(Path::new("out/maze.png")));
    let mut png = Vec::new();
    job.outputs[0].format.write(&job.maze, &mut png).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert_eq!(status(&m).1, "Writing the PNG picture to out/maze.png…");
    answer(&mut m, effects);
    assert_eq!(
        status(&m),
        (
            Some(StatusKind::Success),
            "Exported the maze to out/maze.png".to_owned()
        )
    );
    // The list opens on the last pick, and says so.
    key(&mut m, KeyCode::Char('e'));
    assert_eq!(m.stack.export.cursor(), Some(Export::Png));
    assert!(
        status(&m)
            .1
            .ends_with("(on the last one written, PNG picture)"),
        "{}",
        status(&m).1
    );
}

#[test]
fn the_pick_waits_for_the_maze_mid_carving() {
    let mut m = model(25, 20);
    update(&mut m, Message::Tick(std::time::Duration::from_millis(16)));
    key(&mut m, KeyCode::Char('e'));
    for _ in 0..2 {
        key(&mut m, KeyCode::Down);
    }
    let effects = key(&mut m, KeyCode::Enter);
    let paths: Vec<PathBuf> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Work(Work::Write(job)) => job.outputs[0].path().map(Path::to_owned),
            _ => None,
        })
        .collect();
    assert_eq!(
        paths,
        [PathBuf::from("out/maze.txt"), PathBuf::from("out/maze.pdf")],
        "the first maze's save, then the sheet"
    );
}

/// A finished dashboard writing to `folder`/maze.txt, started from `config_file`.
fn in_folder(folder: &Path, config_file: PathBuf) -> Model {
    let mut config = config(9, 7, "");
    config.output_file = folder.join("maze.txt");
    let mut m = Model::new(start(config)).unwrap();
    m.set_config_file(config_file);
    let effects = key(&mut m, KeyCode::Enter);
    answer(&mut m, effects);
    m
}

/// Picks PNG and returns the effects.
fn export_png(m: &mut Model) -> Vec<Effect> {
    key(m, KeyCode::Char('e'));
    key(m, KeyCode::Down);
    key(m, KeyCode::Enter)
}

#[test]
fn a_config_named_like_the_export_is_refused_and_untouched() {
    let folder = tempfile::tempdir().unwrap();
    let config_file = folder.path().join("maze.png");
    std::fs::write(&config_file, "WIDTH=9\n").unwrap();
    let mut m = in_folder(folder.path(), config_file.clone());
    let effects = export_png(&mut m);
    assert!(effects.is_empty(), "nothing written: {effects:?}");
    let (kind, text) = status(&m);
    assert_eq!(kind, Some(StatusKind::Error));
    assert!(text.starts_with("Not exported: "), "{text}");
    assert!(text.contains("is the config"), "{text}");
    assert_eq!(std::fs::read_to_string(&config_file).unwrap(), "WIDTH=9\n");
}

#[cfg(unix)]
#[test]
fn a_symlink_to_the_config_at_the_exports_name_is_refused_and_the_config_untouched() {
    let folder = tempfile::tempdir().unwrap();
    let config_file = folder.path().join("config.txt");
    std::fs::write(&config_file, "WIDTH=9\n").unwrap();
    std::os::unix::fs::symlink(&config_file, folder.path().join("maze.png")).unwrap();
    let mut m = in_folder(folder.path(), config_file.clone());
    let effects = export_png(&mut m);
    assert!(effects.is_empty(), "nothing written: {effects:?}");
    assert!(status(&m).1.contains("is the config"), "{:?}", status(&m));
    assert_eq!(std::fs::read_to_string(&config_file).unwrap(), "WIDTH=9\n");
}

#[test]
fn the_footer_shows_the_lists_keys_while_it_is_open() {
    let mut m = sized(finished(), 80, 24);
    key(&mut m, KeyCode::Char('e'));
    let screen = screen_text(&m);
    let footer = screen.lines().last().unwrap();
    assert!(footer.contains("Enter write"), "{footer}");
    assert!(footer.contains("Esc close"), "{footer}");
}

#[test]
fn snapshot_the_export_list_at_80x24() {
    let mut m = sized(finished(), 80, 24);
    key(&mut m, KeyCode::Char('e'));
    key(&mut m, KeyCode::Down);
    insta::assert_snapshot!(screen_text(&m));
}

/// The question the list asked as it opened.
fn asked(effects: &[Effect]) -> LookJob {
    let [Effect::Work(Work::Look(look))] = effects else {
        panic!("one question: {effects:?}");
    };
    look.clone()
}

#[test]
fn opening_the_list_asks_which_of_its_files_exist() {
    let mut m = finished();
    let look = asked(&key(&mut m, KeyCode::Char('e')));
    let files = ["maze.svg", "maze.png", "maze.pdf", "maze.animated.svg"];
    let files: Vec<PathBuf> = files.iter().map(|f| Path::new("out").join(f)).collect();
    assert_eq!(look.files, files);
}

#[test]
fn a_row_says_when_it_replaces_a_file_once_the_run_loop_answers() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("maze.svg"), "<svg/>").unwrap();
    let m = in_folder(folder.path(), folder.path().join("config.txt"));
    let mut m = sized(m, 80, 24);
    let effects = key(&mut m, KeyCode::Char('e'));
    let unanswered = screen_text(&m).replace('@', " ");
    assert!(
        unanswered.contains("SVG picture   maze.svg"),
        "{unanswered}"
    );
    assert!(!unanswered.contains("replaces"), "{unanswered}");
    // The job runs as a worker runs it: it looks at the folder.
    answer(&mut m, effects);
    // The cursor's row is drawn with `@` for its highlighted spaces.
    let screen = screen_text(&m).replace('@', " ");
    assert!(
        screen.contains("SVG picture   replaces maze.svg"),
        "{screen}"
    );
    assert!(
        screen.contains("PNG picture   new      maze.png"),
        "{screen}"
    );
    assert_eq!(
        std::fs::read_to_string(folder.path().join("maze.svg")).unwrap(),
        "<svg/>",
        "looking changes nothing"
    );
}

#[test]
fn an_answer_to_an_older_opening_is_not_shown() {
    let mut m = sized(finished(), 80, 24);
    let first = asked(&key(&mut m, KeyCode::Char('e')));
    key(&mut m, KeyCode::Esc);
    let second = asked(&key(&mut m, KeyCode::Char('e')));
    let stale = Answer::Existing(first.files.clone());
    update(
        &mut m,
        Message::Done {
            job: first.job,
            answer: stale,
        },
    );
    assert!(!screen_text(&m).contains("replaces"), "{}", screen_text(&m));
    let fresh = Answer::Existing(vec![second.files[1].clone()]);
    update(
        &mut m,
        Message::Done {
            job: second.job,
            answer: fresh,
        },
    );
    let screen = screen_text(&m).replace('@', " ");
    assert!(
        screen.contains("PNG picture   replaces maze.png"),
        "{screen}"
    );
    assert!(
        screen.contains("SVG picture   new      maze.svg"),
        "{screen}"
    );
}
