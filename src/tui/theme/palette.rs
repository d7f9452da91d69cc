use std::ops::Range;
use std::path::Path;
use std::str::FromStr;

use ratatui::style::Color;
use serde::Deserialize;
use toml::Spanned;

use crate::tui::settings::SettingsError;

/// The colour of every role the dashboard draws: the `[colors]` table of a theme file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The canvas around the maze.
    pub background: Color,
    pub walls: Color,
    /// Carved cells.
    pub passages: Color,
    /// Cells the generator has not reached yet.
    pub unvisited: Color,
    pub entry: Color,
    pub exit: Color,
    /// The solution overlay.
    pub path: Color,
    /// The "42" cells.
    pub stamp: Color,
    /// The carving head.
    pub head: Color,
    /// The carving stack, or the solver's frontier.
    pub frontier: Color,
    /// Cells the solver has reached.
    pub visited: Color,
    /// Sidebar text.
    pub text: Color,
    /// Labels and secondary text.
    pub muted: Color,
    pub footer: Color,
    /// Titles, key names, the selected theme.
    pub accent: Color,
    /// Pane borders.
    pub border: Color,
}

/// The `[colors]` table as written. Every colour is optional here so that a missing one is
/// reported by its key, and kept as a string with its position so that a bad one is reported
/// with its line and value rather than as a type error.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawColors {
    background: Option<Spanned<String>>,
    walls: Option<Spanned<String>>,
    passages: Option<Spanned<String>>,
    unvisited: Option<Spanned<String>>,
    entry: Option<Spanned<String>>,
    exit: Option<Spanned<String>>,
    path: Option<Spanned<String>>,
    stamp: Option<Spanned<String>>,
    head: Option<Spanned<String>>,
    frontier: Option<Spanned<String>>,
    visited: Option<Spanned<String>>,
    text: Option<Spanned<String>>,
    muted: Option<Spanned<String>>,
    footer: Option<Spanned<String>>,
    accent: Option<Spanned<String>>,
    border: Option<Spanned<String>>,
}

impl RawColors {
    /// `table` is where the `[colors]` table is written, blamed for missing colours.
    pub(super) fn into_palette(
        self,
        table: Range<usize>,
        text: &str,
        file: &Path,
    ) -> Result<Palette, SettingsError> {
        let colour = |key: &str, value: Option<Spanned<String>>| match value {
            Some(value) => parse_colour(value.get_ref()).map_err(|message| {
                SettingsError::new(file, message)
                    .at(text, value.span().start)
                    .key(format!("colors.{key}"))
            }),
            None => Err(
                SettingsError::new(file, "missing; a theme must set all 16 colours")
                    .at(text, table.start)
                    .key(format!("colors.{key}")),
            ),
        };
        // Destructured, not read field by field, so that a role added to one struct and not the
        // other does not compile.
        let RawColors {
            background,
            walls,
            passages,
            unvisited,
            entry,
            exit,
            path,
            stamp,
            head,
            frontier,
            visited,
            text: text_colour,
            muted,
            footer,
            accent,
            border,
        } = self;
        Ok(Palette {
            background: colour("background", background)?,
            walls: colour("walls", walls)?,
            passages: colour("passages", passages)?,
            unvisited: colour("unvisited", unvisited)?,
            entry: colour("entry", entry)?,
            exit: colour("exit", exit)?,
            path: colour("path", path)?,
            stamp: colour("stamp", stamp)?,
            head: colour("head", head)?,
            frontier: colour("frontier", frontier)?,
            visited: colour("visited", visited)?,
            text: colour("text", text_colour)?,
            muted: colour("muted", muted)?,
            footer: colour("footer", footer)?,
            accent: colour("accent", accent)?,
            border: colour("border", border)?,
        })
    }
}

/// ratatui's parser, with an error that says what it accepts.
fn parse_colour(value: &str) -> Result<Color, String> {
    Color::from_str(value).map_err(|_| {
        format!(r##"unknown colour {value:?} (use a name like "lightcyan", "#rrggbb" or 0-255)"##)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_names_hex_indices_or_reset() {
        assert_eq!(parse_colour("lightcyan"), Ok(Color::LightCyan));
        assert_eq!(parse_colour("dark gray"), Ok(Color::DarkGray));
        assert_eq!(parse_colour("#0a1B2c"), Ok(Color::Rgb(0x0a, 0x1b, 0x2c)));
        assert_eq!(parse_colour("244"), Ok(Color::Indexed(244)));
        assert_eq!(parse_colour("reset"), Ok(Color::Reset));
    }

    #[test]
    fn a_bad_colour_is_quoted_in_the_error() {
        assert_eq!(
            parse_colour("blu"),
            Err(
                r##"unknown colour "blu" (use a name like "lightcyan", "#rrggbb" or 0-255)"##
                    .into()
            )
        );
        assert!(parse_colour("256").is_err());
        assert!(parse_colour("#12345").is_err());
        assert!(parse_colour("").is_err());
    }
}
