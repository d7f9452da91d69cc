//! The studio's sentences: what the status line says while a maze is finished, made,
//! written, or waited for, and what quitting waits for.

use super::*;

/// "Finishing: carving 43%, then save": how far a slow finish is, and what waits for it.
pub(super) fn finishing_text(studio: &Studio) -> String {
    let maze = &studio.session;
    let (visited, open) = maze.carving_progress();
    let percent = |done: u64| done * 100 / open.max(1);
    let mut text = match maze.phase() {
        Phase::Carving if maze.is_linking() || maze.is_braiding() => {
            "Finishing: carving 100%".to_owned()
        }
        Phase::Carving => format!("Finishing: carving {}%", percent(visited)),
        _ => format!("Finishing: solving {}%", percent(maze.searched()).min(99)),
    };
    text.push_str(&then_text(studio));
    text
}

/// ", then save, quit (Ctrl-C: quit now)": what waits for the maze, and whether quitting does.
pub(super) fn then_text(studio: &Studio) -> String {
    let mut then: Vec<&str> = studio
        .waiting
        .iter()
        .filter_map(|a| waiting_label(*a))
        .collect();
    if studio.quitting {
        then.push("quit");
    }
    match then.is_empty() {
        true => String::new(),
        false => format!(", then {}{}", then.join(", "), quit_now_hint(studio)),
    }
}

/// What a second Ctrl-C does while quitting waits (see [`Action::Interrupt`]).
pub(super) fn quit_now_hint(studio: &Studio) -> &'static str {
    if studio.quitting {
        " (Ctrl-C: quit now)"
    } else {
        ""
    }
}

/// "Writing maze.txt… 43%": the first write under way, if any.
pub(super) fn writing_text(studio: &Studio) -> Option<String> {
    studio.jobs.iter().find_map(|job| match &job.kind {
        JobKind::Save { path, .. } | JobKind::Export { path } => {
            let percent = job.done * 100 / job.total.max(1);
            Some(format!("Writing {}… {percent}%", path.display()))
        }
        _ => None,
    })
}

/// What quitting waits for, for the status line: the write under way, the finish or the
/// measure the first save needs. `None` if it waits for nothing (it quits).
pub(crate) fn quitting_text(studio: &Studio, config: &Config) -> Option<String> {
    if let Some(text) = writing_text(studio) {
        return Some(format!("{text}, then quit{}", quit_now_hint(studio)));
    }
    if studio.finishing && studio.phase() != Phase::Done {
        return Some(finishing_text(studio));
    }
    let first_pending = studio.first_save == FirstSave::Owed;
    if studio.is_making() && (first_pending || !studio.waiting.is_empty()) {
        return Some(making_text(studio, config));
    }
    if (first_pending || !studio.waiting.is_empty()) && !is_ready(studio) {
        return Some(format!("Measuring the maze…{}", then_text(studio)));
    }
    None
}

/// What `action` is called in ", then save, export": `None` for finishing, which the text
/// says already.
pub(super) fn waiting_label(action: Action) -> Option<&'static str> {
    match action {
        Action::Save => Some("save"),
        Action::WriteExport => Some("export"),
        Action::Regenerate => Some("new maze"),
        Action::NextAlgorithm => Some("next algorithm"),
        Action::UseAlgorithm(_) => Some("new algorithm"),
        Action::TogglePlay => Some("play"),
        Action::Finish => None,
        _ => Some("more"),
    }
}

/// "Making the 10000x10000 prim maze, seed 7…, then save": the new maze under way.
pub(super) fn making_text(studio: &Studio, config: &Config) -> String {
    let (algorithm, seed) = next_maze(studio, config);
    let (width, height) = (config.width, config.height);
    format!(
        "Making the {width}x{height} {algorithm} maze, seed {seed}…{}",
        then_text(studio)
    )
}

/// "No maze: r makes a new one", after a new maze could not be made.
pub(crate) fn no_maze_text(keymap: &Keymap) -> String {
    match keymap.first_key_label(Action::Regenerate) {
        Some(key) => format!("No maze: {key} makes a new one"),
        None => "No maze".to_owned(),
    }
}
