//! How a role looks in a theme: a colour, or for monochrome themes a glyph.

use ratatui::style::{Color, Modifier, Style};

use super::roles::Role;
use crate::tui::theme::{Palette, Theme};

pub fn colour(role: Role, palette: &Palette) -> Color {
    match role {
        Role::Outside => palette.background,
        Role::Wall => palette.walls,
        Role::Passage => palette.passages,
        Role::Unvisited => palette.unvisited,
        Role::Entry => palette.entry,
        Role::Exit => palette.exit,
        Role::Path => palette.path,
        Role::Stamp => palette.stamp,
        Role::Head => palette.head,
        Role::Frontier => palette.frontier,
        Role::Visited => palette.visited,
        Role::BadWall => palette.bad_wall,
        Role::BadCell => palette.bad_cell,
        Role::OpenArea => palette.open_area,
        Role::Unreachable => palette.unreachable,
        Role::IllegalStep => palette.illegal_step,
        Role::Shortest => palette.shortest,
        Role::Selected => palette.accent,
    }
}

/// The two characters a block is drawn with in a monochrome theme: every role its own
/// texture, since there is no colour to tell them apart.
pub fn glyphs(role: Role) -> [&'static str; 2] {
    match role {
        Role::Outside | Role::Passage => [" ", " "],
        Role::Wall => ["█", "█"],
        Role::Unvisited => ["░", "░"],
        Role::Entry => ["(", ")"],
        Role::Exit => ["[", "]"],
        Role::Path => ["·", "·"],
        Role::Stamp => ["▒", "▒"],
        Role::Head => ["@", "@"],
        Role::Frontier => ["+", "+"],
        Role::Visited => [".", "."],
        Role::BadWall => ["!", "!"],
        Role::BadCell => ["?", "?"],
        Role::OpenArea => ["=", "="],
        Role::Unreachable => ["~", "~"],
        Role::IllegalStep => ["X", "X"],
        Role::Shortest => [":", ":"],
        Role::Selected => ["<", ">"],
    }
}

/// The one character a role is drawn with where a character holds more than one block (the
/// whole views of a monochrome theme): the entry and the exit as whole marks, not the first
/// half of their pair, and the path as a dot bolder than the detailed view's.
pub fn mark(role: Role) -> char {
    match role {
        Role::Entry => 'E',
        Role::Exit => 'X',
        Role::Path => '•',
        role => glyphs(role)[0].chars().next().unwrap_or(' '),
    }
}

/// How a role's [`mark`] stands out without colour: the path and the 42 bold, the entry and
/// the exit bold in reverse video (a lit block with its letter), so that what the eye looks for
/// shows at every scale.
pub fn mark_modifier(role: Role) -> Modifier {
    match role {
        Role::Entry | Role::Exit => Modifier::BOLD | Modifier::REVERSED,
        Role::Path | Role::Stamp => Modifier::BOLD,
        _ => Modifier::empty(),
    }
}

/// The two terminal cells of one block in the detailed view: their symbols and style. Without
/// colour the path, the entry and the exit are bold: a plain `··` path reads as faint dots.
pub fn block(role: Role, theme: &Theme) -> ([&'static str; 2], Style) {
    if theme.monochrome {
        let bold = matches!(role, Role::Path | Role::Entry | Role::Exit);
        let style = Style::new()
            .fg(theme.palette.walls)
            .bg(theme.palette.background);
        (
            glyphs(role),
            if bold {
                style.add_modifier(Modifier::BOLD)
            } else {
                style
            },
        )
    } else {
        ([" ", " "], Style::new().bg(colour(role, &theme.palette)))
    }
}

/// Whether a role is drawn as ink in a monochrome half-block (the whole-maze view, where a
/// character holds two blocks and there is room for shape only).
pub fn is_ink(role: Role) -> bool {
    matches!(role, Role::Wall | Role::Stamp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::ThemeSet;

    /// Without colour the detailed view's path, entry and exit are bold, the rest plain.
    #[test]
    fn without_colour_the_path_and_its_ends_are_bold_at_one_to_one() {
        let themes = ThemeSet::bundled();
        let plain = themes.get(themes.position("plain").unwrap()).unwrap();
        assert!(plain.monochrome);
        let bold = |role| block(role, plain).1.add_modifier.contains(Modifier::BOLD);
        assert!(bold(Role::Path) && bold(Role::Entry) && bold(Role::Exit));
        assert!(!bold(Role::Wall) && !bold(Role::Passage) && !bold(Role::Visited));
    }
}
