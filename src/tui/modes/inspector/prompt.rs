//! The `o` prompt: a path typed on the status line, Tab completing it from the folder it
//! names (the current one for a bare name), and the folder's maze files listed over it, newest
//! first, for the arrows to pick from (see [`files`]). The folder is listed by a job;
//! completing from the listing is pure.

mod files;

use std::path::PathBuf;

pub use files::{MazeFiles, SHOWN, read as read_maze_files};

/// A key, as the prompt needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptKey {
    Char(char),
    Backspace,
    Tab,
    Enter,
    Esc,
    /// The arrows: the file picker's pick.
    Up,
    Down,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PathPrompt {
    pub text: String,
    /// The folder last listed and its entries (folders end in `/`).
    pub listing: Option<(PathBuf, Vec<String>)>,
    /// Tab was pressed before the folder's listing came: complete when it does.
    pub pending_tab: bool,
    /// What the last Tab found, when several names fit: shown under the prompt.
    pub candidates: Vec<String>,
    /// The maze files of the folder the text is in, for the arrows to pick from.
    pub files: MazeFiles,
}

/// What Tab does to a prompt's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// The text completed (to the one name that fits, or as far as all that fit agree).
    Text(String),
    /// Nothing fits.
    None,
}

/// The longest path the prompt takes: Linux's `PATH_MAX`.
pub const MAX_BYTES: usize = 4096;

impl PathPrompt {
    /// Whether the text is as long as a path may be: more typed is left out.
    pub fn is_full(&self) -> bool {
        self.text.len() >= MAX_BYTES
    }

    /// The folder the text's last part is in: what Tab needs listed (empty: the current one).
    pub fn folder(&self) -> PathBuf {
        match self.text.rfind('/') {
            Some(at) => PathBuf::from(&self.text[..=at]),
            None => PathBuf::new(),
        }
    }

    /// The text's last part, after the folder: the name being typed.
    pub fn typed(&self) -> &str {
        match self.text.rfind('/') {
            Some(at) => &self.text[at + 1..],
            None => &self.text,
        }
    }

    /// Whether the folder the text is in has been listed.
    pub fn is_listed(&self) -> bool {
        self.listing
            .as_ref()
            .is_some_and(|(dir, _)| *dir == self.folder())
    }

    /// Completes the text from the listing (which the caller made sure is of its folder).
    pub fn complete(&mut self) -> Completion {
        let Some((_, names)) = &self.listing else {
            return Completion::None;
        };
        let (folder, typed) = match self.text.rfind('/') {
            Some(at) => self.text.split_at(at + 1),
            None => ("", self.text.as_str()),
        };
        // Hidden files only when asked for, as shells do.
        let fitting: Vec<&String> = names
            .iter()
            .filter(|n| n.starts_with(typed) && (typed.starts_with('.') || !n.starts_with('.')))
            .collect();
        let Some(first) = fitting.first() else {
            self.candidates.clear();
            return Completion::None;
        };
        let common = fitting.iter().fold(first.as_str(), |common, name| {
            let agree = common
                .char_indices()
                .zip(name.chars())
                .find(|((_, a), b)| a != b)
                .map_or(common.len().min(name.len()), |((at, _), _)| at);
            &common[..agree]
        });
        self.candidates = if fitting.len() > 1 {
            fitting.iter().map(|n| n.to_string()).collect()
        } else {
            Vec::new()
        };
        self.text = format!("{folder}{common}");
        Completion::Text(self.text.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prompt(text: &str, dir: &str, names: &[&str]) -> PathPrompt {
        PathPrompt {
            text: text.to_owned(),
            listing: Some((
                PathBuf::from(dir),
                names.iter().map(|n| n.to_string()).collect(),
            )),
            ..PathPrompt::default()
        }
    }

    #[test]
    fn one_fitting_name_is_completed_whole() {
        let mut p = prompt("br", "", &["broken.txt", "config.txt", "mazes/"]);
        assert_eq!(p.complete(), Completion::Text("broken.txt".into()));
        assert!(p.candidates.is_empty());
        let mut p = prompt("ma", "", &["broken.txt", "config.txt", "mazes/"]);
        assert_eq!(p.complete(), Completion::Text("mazes/".into()));
    }

    #[test]
    fn several_are_completed_as_far_as_they_agree_and_listed() {
        let mut p = prompt("m", "", &["maze_a.txt", "maze_b.txt", "notes"]);
        assert_eq!(p.complete(), Completion::Text("maze_".into()));
        assert_eq!(p.candidates, ["maze_a.txt", "maze_b.txt"]);
    }

    #[test]
    fn a_path_completes_in_its_own_folder_and_hidden_files_only_when_asked() {
        let mut p = prompt("out/m", "out/", &["maze.txt", ".m"]);
        assert_eq!(p.folder(), PathBuf::from("out/"));
        assert!(p.is_listed());
        assert_eq!(p.complete(), Completion::Text("out/maze.txt".into()));
        let mut p = prompt("", "", &[".hidden", "shown"]);
        assert_eq!(p.complete(), Completion::Text("shown".into()));
        let mut p = prompt("x", "", &["shown"]);
        assert_eq!(p.complete(), Completion::None);
        assert_eq!(p.text, "x");
    }
}
