//! The file picker under the `o` prompt: the maze files of the folder the prompt's text is in,
//! the most recently changed first, filtered by the name being typed; the arrows pick one and
//! Enter opens it. The folder is read by a job (`InspectorWork::MazeFiles`); what is kept here
//! is its answer and the pick, and choosing from them is pure.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::tui::kernel::job::JobId;

/// The most names the picker shows at once; the pick scrolls through the rest.
pub const SHOWN: usize = 8;

/// A folder's maze files, newest first, and the one picked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MazeFiles {
    /// The folder read, as the prompt names it (empty: the current one).
    pub dir: PathBuf,
    /// Its maze files' names, the most recently changed first.
    pub names: Vec<String>,
    /// The place among the names the typed name lets through that an arrow picked, if one
    /// did since the text last changed (else the highlight is [`MazeFiles::highlighted`]'s).
    pub picked: Option<usize>,
    /// The reading under way, if any: an answer for another is an older folder's.
    pub request: Option<JobId>,
}

impl MazeFiles {
    /// The names the typed part of the prompt's text (`typed`) lets through: those that hold
    /// it, in the order of the folder's (newest first).
    pub fn matching(&self, typed: &str) -> Vec<&str> {
        let typed = typed.to_lowercase();
        self.names
            .iter()
            .filter(|name| name.to_lowercase().contains(&typed))
            .map(String::as_str)
            .collect()
    }

    /// The highlighted name's place among those `typed` lets through, the one Enter opens: the
    /// arrows' pick; else, once a name is typed, that name if it is listed (so that a name
    /// typed whole opens that file, not a newer one that holds it), else the newest that holds
    /// it. Nothing typed and no arrow: none, and Enter opens what is typed, as a path.
    pub fn highlighted(&self, typed: &str) -> Option<usize> {
        let names = self.matching(typed);
        match self.picked {
            Some(at) => (at < names.len()).then_some(at),
            None if typed.is_empty() || names.is_empty() => None,
            None => Some(names.iter().position(|&name| name == typed).unwrap_or(0)),
        }
    }

    /// Moves the highlight `by` places among the names `typed` lets through, wrapping round;
    /// with none yet, the first arrow picks the first (Down) or the last (Up).
    pub fn move_pick(&mut self, typed: &str, by: isize) {
        let count = self.matching(typed).len();
        if count == 0 {
            self.picked = None;
            return;
        }
        let next = match self.highlighted(typed) {
            None if by > 0 => 0,
            None => count - 1,
            Some(at) => (at as isize + by).rem_euclid(count as isize) as usize,
        };
        self.picked = Some(next);
    }

    /// The highlighted file's path, if a name `typed` lets through is highlighted.
    pub fn picked_path(&self, typed: &str) -> Option<PathBuf> {
        let name = *self.matching(typed).get(self.highlighted(typed)?)?;
        Some(self.dir.join(name))
    }

    /// The first of the names `typed` lets through that the picker shows, so that the pick is
    /// in view.
    pub fn first_shown(&self, typed: &str) -> usize {
        let count = self.matching(typed).len();
        match self.highlighted(typed) {
            Some(at) if at >= SHOWN => (at + 1 - SHOWN).min(count.saturating_sub(SHOWN)),
            _ => 0,
        }
    }
}

/// The maze files of `dir` (the current folder when empty), the most recently changed first:
/// regular files whose first line is hex digits, as a maze file's first row of cells is. Read
/// on a worker: a big folder takes a while, and each file's first bytes are read.
pub fn read(dir: &Path) -> Vec<String> {
    let folder = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<(SystemTime, String)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let meta = entry.metadata().ok()?;
            if !meta.is_file() {
                return None;
            }
            let name = entry.file_name().into_string().ok()?;
            let modified = meta.modified().ok()?;
            is_maze_file(&entry.path()).then_some((modified, name))
        })
        .collect();
    // Newest first; names break ties, so that the order is the same from run to run.
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().map(|(_, name)| name).collect()
}

/// Whether the file at `path` starts as a maze file does: a first line of hex digits.
fn is_maze_file(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 256];
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let Ok(read) = file.read(&mut head) else {
        return false;
    };
    let first = head[..read].split(|&b| b == b'\n').next().unwrap_or(&[]);
    let first = first.strip_suffix(b"\r").unwrap_or(first);
    !first.is_empty() && first.iter().all(u8::is_ascii_hexdigit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(names: &[&str]) -> MazeFiles {
        MazeFiles {
            names: names.iter().map(|n| n.to_string()).collect(),
            ..MazeFiles::default()
        }
    }

    /// Writes `text` to `name` in `dir`, last modified `age` seconds ago.
    fn write_aged(dir: &std::path::Path, name: &str, text: &str, age: u64) {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let when = SystemTime::now() - std::time::Duration::from_secs(age);
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(when).unwrap();
    }

    #[test]
    fn the_typed_name_filters_and_the_arrows_pick_round() {
        let mut f = files(&["new.txt", "maze_b.txt", "maze_a.txt"]);
        assert_eq!(f.matching("MAZE"), ["maze_b.txt", "maze_a.txt"]);
        assert_eq!(
            f.highlighted(""),
            None,
            "nothing typed, nothing highlighted"
        );
        f.move_pick("maze", 1);
        assert_eq!(f.picked_path("maze"), Some(PathBuf::from("maze_a.txt")));
        f.move_pick("maze", 1);
        assert_eq!(f.picked, Some(0), "wraps round");
        f.move_pick("maze", -1);
        assert_eq!(f.picked_path("maze"), Some(PathBuf::from("maze_a.txt")));
        assert_eq!(
            f.picked_path("zzz"),
            None,
            "the pick is on no name let through"
        );
    }

    #[test]
    fn a_typed_name_highlights_the_newest_that_holds_it_or_itself_when_listed() {
        let f = files(&["maze.txt.bak", "new.txt", "maze_b.txt", "maze.txt"]);
        assert_eq!(f.picked_path("b"), Some(PathBuf::from("maze.txt.bak")));
        assert_eq!(f.picked_path("_"), Some(PathBuf::from("maze_b.txt")));
        assert_eq!(f.picked_path("maze.txt"), Some(PathBuf::from("maze.txt")));
        assert_eq!(f.picked_path("zzz"), None, "nothing holds it");
        assert_eq!(f.first_shown("maze"), 0);
    }

    #[test]
    fn the_folder_is_read_newest_first_and_only_its_maze_files() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str, age: u64| write_aged(dir.path(), name, text, age);
        write("old.txt", "9515\nC3A6\n\n0,0\n1,1\nSE\n", 300);
        write("new.txt", "9515\r\nC3A6\r\n", 10);
        write("config.txt", "WIDTH=2\n", 5);
        write("notes.md", "# notes\n", 1);
        std::fs::create_dir(dir.path().join("folder")).unwrap();
        assert_eq!(read(dir.path()), ["new.txt", "old.txt"]);
    }

    /// `o`, a folder typed, the arrows and Enter: the picked file opens, and the screen listed
    /// the folder's maze files newest first meanwhile.
    #[test]
    fn o_lists_the_folders_maze_files_and_enter_opens_the_picked_one() {
        use crossterm::event::KeyCode;

        use crate::tui::message::Message;
        use crate::tui::modes::inspector::{InspectorMessage, PromptKey};
        use crate::tui::testing::{answer, key, model};
        use crate::tui::update;
        use crate::tui::view::tests::{screen_text, sized};

        let dir = tempfile::tempdir().unwrap();
        let text = crate::tui::modes::inspector::tests::valid_text();
        let maze = |name: &str, age: u64| write_aged(dir.path(), name, &text, age);
        maze("older.txt", 600);
        maze("newer.txt", 60);
        let mut m = sized(model(9, 7), 100, 30);
        let effects = key(&mut m, KeyCode::Char('o'));
        answer(&mut m, effects);
        for c in format!("{}/", dir.path().display()).chars() {
            let typed = Message::Inspector(InspectorMessage::Key(PromptKey::Char(c)));
            let effects = update(&mut m, typed);
            answer(&mut m, effects);
        }
        let screen = screen_text(&m);
        let (newer, older) = (screen.find("newer.txt"), screen.find("older.txt"));
        assert!(screen.contains("Maze files, newest first (2)"), "{screen}");
        assert!(newer.is_some() && newer < older, "{screen}");
        assert!(screen.contains("↑ ↓ pick a file"), "{screen}");
        key(&mut m, KeyCode::Down);
        key(&mut m, KeyCode::Down);
        let effects = key(&mut m, KeyCode::Enter);
        answer(&mut m, effects);
        let opened = m.stack.inspect.file().map(|file| file.path.clone());
        assert_eq!(opened, Some(dir.path().join("older.txt")));
    }

    /// A filter typed and Enter, no arrow: the highlighted file opens, the newest that holds
    /// the name; Tab still completes, and a name typed whole opens that file.
    #[test]
    fn enter_opens_the_file_the_typed_name_highlights() {
        use crossterm::event::KeyCode;

        use crate::tui::message::Message;
        use crate::tui::model::Model;
        use crate::tui::modes::inspector::{InspectorMessage, PromptKey};
        use crate::tui::testing::{answer, key, model};
        use crate::tui::update;
        use crate::tui::view::tests::{screen_text, sized};

        let dir = tempfile::tempdir().unwrap();
        let text = crate::tui::modes::inspector::tests::valid_text();
        let maze = |name: &str, age: u64| write_aged(dir.path(), name, &text, age);
        maze("maze.txt", 600);
        maze("maze.txt.old", 300);
        maze("other.txt", 60);
        let typing = |m: &mut Model, text: &str, then: Option<KeyCode>| {
            let effects = key(m, KeyCode::Char('o'));
            answer(m, effects);
            for c in text.chars() {
                let typed = Message::Inspector(InspectorMessage::Key(PromptKey::Char(c)));
                let effects = update(m, typed);
                answer(m, effects);
            }
            if let Some(then) = then {
                let effects = key(m, then);
                answer(m, effects);
            }
        };
        let opened = |m: &Model| m.stack.inspect.file().map(|file| file.path.clone());
        let folder = format!("{}/", dir.path().display());
        let mut m = sized(model(9, 7), 100, 30);

        typing(&mut m, &format!("{folder}maze"), None);
        let screen = screen_text(&m);
        assert!(screen.contains("▸ maze.txt.old"), "{screen}");
        let effects = key(&mut m, KeyCode::Enter);
        answer(&mut m, effects);
        assert_eq!(opened(&m), Some(dir.path().join("maze.txt.old")));

        typing(&mut m, &format!("{folder}maze.txt"), Some(KeyCode::Enter));
        assert_eq!(opened(&m), Some(dir.path().join("maze.txt")));

        typing(&mut m, &format!("{folder}ot"), Some(KeyCode::Tab));
        let screen = screen_text(&m);
        assert!(
            screen.contains(&format!("Open: {folder}other.txt")),
            "{screen}"
        );
        let effects = key(&mut m, KeyCode::Enter);
        answer(&mut m, effects);
        assert_eq!(opened(&m), Some(dir.path().join("other.txt")));
    }
}
