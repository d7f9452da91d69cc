//! TEMPORARY STUB: replaced by the theme helper's module.

use std::path::{Path, PathBuf};

use ratatui::style::Color;

pub const DEFAULT_THEME: &str = "classic";
pub const PLAIN_THEME: &str = "plain";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    pub background: Color,
    pub walls: Color,
    pub passages: Color,
    pub unvisited: Color,
    pub entry: Color,
    pub exit: Color,
    pub path: Color,
    pub stamp: Color,
    pub head: Color,
    pub frontier: Color,
    pub visited: Color,
    pub text: Color,
    pub muted: Color,
    pub footer: Color,
    pub accent: Color,
    pub border: Color,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub name: String,
    pub description: String,
    pub monochrome: bool,
    pub palette: Palette,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", file.display())]
pub struct ThemeError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

#[derive(Clone, Debug)]
pub struct ThemeSet {
    themes: Vec<Theme>,
}

fn stub(name: &str, monochrome: bool) -> Theme {
    use Color::*;
    Theme {
        name: name.into(),
        description: format!("{name} theme"),
        monochrome,
        palette: Palette {
            background: Black,
            walls: White,
            passages: Black,
            unvisited: DarkGray,
            entry: Magenta,
            exit: Red,
            path: Cyan,
            stamp: Gray,
            head: Yellow,
            frontier: Blue,
            visited: Indexed(24),
            text: White,
            muted: Gray,
            footer: Gray,
            accent: Yellow,
            border: DarkGray,
        },
    }
}

impl ThemeSet {
    pub fn bundled() -> ThemeSet {
        ThemeSet {
            themes: vec![stub("classic", false), stub("light", false), stub("plain", true)],
        }
    }
    pub fn with_user_themes(self, _dir: &Path) -> (ThemeSet, Vec<ThemeError>) {
        (self, Vec::new())
    }
    pub fn len(&self) -> usize {
        self.themes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.themes.is_empty()
    }
    pub fn get(&self, index: usize) -> Option<&Theme> {
        self.themes.get(index)
    }
    pub fn iter(&self) -> impl Iterator<Item = &Theme> {
        self.themes.iter()
    }
    pub fn position(&self, name: &str) -> Option<usize> {
        self.themes.iter().position(|t| t.name.eq_ignore_ascii_case(name))
    }
}

pub fn user_theme_dir(
    xdg_config_home: Option<std::ffi::OsString>,
    home: Option<std::ffi::OsString>,
) -> Option<PathBuf> {
    xdg_config_home
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| home.filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".config")))
        .map(|base| base.join("a-maze-ing").join("themes"))
}
