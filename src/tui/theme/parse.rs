use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use super::Theme;
use super::palette::{PartialPalette, ROLE_COUNT, RawColors};
use crate::tui::settings::{SettingsError, line_at};

/// A theme file as written (see the module docs of [`super`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTheme {
    extends: Option<Spanned<String>>,
    description: Option<String>,
    monochrome: Option<bool>,
    colors: Option<Spanned<RawColors>>,
}

/// A theme file read and checked on its own: everything but what its base theme gives.
#[derive(Clone, Debug)]
pub(super) struct Draft {
    /// The file's stem.
    pub name: String,
    pub file: PathBuf,
    /// The theme this one extends, and the line that says so.
    pub extends: Option<(String, usize)>,
    pub description: Option<String>,
    pub monochrome: Option<bool>,
    pub colors: PartialPalette,
    /// The line of the `[colors]` table, blamed for missing colours; `None` without one.
    pub colors_line: Option<usize>,
}

impl Draft {
    /// Reads a theme file's `text`. `file` is only used in errors; `name` is usually its stem.
    pub fn parse(name: &str, text: &str, file: &Path) -> Result<Draft, SettingsError> {
        let raw: RawTheme =
            toml::from_str(text).map_err(|error| SettingsError::from_toml(file, text, &error))?;
        let (colors, colors_line) = match raw.colors {
            Some(colors) => {
                let line = line_at(text, colors.span().start);
                (colors.into_inner().parse(text, file)?, Some(line))
            }
            None => (PartialPalette::default(), None),
        };
        Ok(Draft {
            name: name.to_owned(),
            file: file.to_owned(),
            extends: raw.extends.map(|base| {
                let line = line_at(text, base.span().start);
                (base.into_inner(), line)
            }),
            description: raw.description,
            monochrome: raw.monochrome,
            colors,
            colors_line,
        })
    }

    /// The theme of a file that extends no other: it must give every colour.
    pub fn standalone(&self) -> Result<Theme, SettingsError> {
        let palette = self.colors.complete().map_err(|role| {
            let (key, message) = match self.colors_line {
                Some(_) => (format!("colors.{role}"), "missing"),
                None => ("colors".to_owned(), "missing; add a [colors] table"),
            };
            let error = SettingsError::new(
                &self.file,
                format!(
                    "{message}; a theme sets all {ROLE_COUNT} colours, or starts with \
                     extends = \"classic\" (or another theme) and sets only those that change"
                ),
            )
            .key(key);
            match self.colors_line {
                Some(line) => error.on_line(line),
                None => error,
            }
        })?;
        Ok(Theme {
            name: self.name.clone(),
            description: self.description.clone().unwrap_or_default(),
            monochrome: self.monochrome.unwrap_or(false),
            palette,
        })
    }

    /// The theme of a file that extends `base`: what the file does not say comes from `base`,
    /// its description and `monochrome` flag too.
    pub fn over(&self, base: &Theme) -> Theme {
        Theme {
            name: self.name.clone(),
            description: self
                .description
                .clone()
                .unwrap_or_else(|| base.description.clone()),
            monochrome: self.monochrome.unwrap_or(base.monochrome),
            palette: self.colors.over(&base.palette),
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::style::Color;

    use super::*;

    const FULL: &str = r##"description = "Test theme"

[colors]
background = "black"
walls = "white"
passages = "black"
unvisited = "#202020"
entry = "magenta"
exit = "red"
path = "cyan"
stamp = "gray"
head = "yellow"
frontier = "blue"
visited = "#003040"
text = "white"
muted = "gray"
footer = "gray"
accent = "yellow"
border = "darkgray"
"##;

    fn parse(text: &str) -> Result<Theme, SettingsError> {
        Draft::parse("test", text, Path::new("/themes/test.toml"))?.standalone()
    }

    fn rejected(text: &str) -> SettingsError {
        let error = parse(text).expect_err("the theme should be rejected");
        assert!(!error.to_string().contains('\n'), "multi-line: {error}");
        error
    }

    /// `FULL` with its line holding `old` replaced by `new` (removed if empty).
    fn edit(old: &str, new: &str) -> String {
        assert!(FULL.contains(old), "{old:?} is not in FULL");
        let lines: Vec<&str> = FULL
            .lines()
            .filter_map(|line| match line.starts_with(old) {
                true if new.is_empty() => None,
                true => Some(new),
                false => Some(line),
            })
            .collect();
        lines.join("\n")
    }

    #[test]
    fn a_full_theme_is_read() {
        let theme = parse(FULL).unwrap();
        assert_eq!(theme.name, "test");
        assert_eq!(theme.description, "Test theme");
        assert!(!theme.monochrome);
        let palette = &theme.palette;
        assert_eq!(palette.background, Color::Black);
        assert_eq!(palette.walls, Color::White);
        assert_eq!(palette.unvisited, Color::Rgb(0x20, 0x20, 0x20));
        assert_eq!(palette.entry, Color::Magenta);
        assert_eq!(palette.stamp, Color::Gray);
        assert_eq!(palette.visited, Color::Rgb(0x00, 0x30, 0x40));
        assert_eq!(palette.text, Color::White);
        assert_eq!(palette.border, Color::DarkGray);
    }

    #[test]
    fn description_and_monochrome_are_optional() {
        let theme = parse(&edit("description", "")).unwrap();
        assert_eq!(theme.description, "");
        assert!(!theme.monochrome);
        let theme = parse(&format!("monochrome = true\n{FULL}")).unwrap();
        assert!(theme.monochrome);
    }

    #[test]
    fn a_bad_colour_names_its_key_line_and_value() {
        let error = rejected(&edit("walls", "walls = \"blu\""));
        assert_eq!(error.file, Path::new("/themes/test.toml"));
        assert_eq!(error.line, Some(5));
        assert_eq!(error.key.as_deref(), Some("colors.walls"));
        assert_eq!(
            error.to_string(),
            r##"/themes/test.toml:5: key "colors.walls": unknown colour "blu" (use a name like "lightcyan", "#rrggbb" or 0-255)"##
        );
    }

    #[test]
    fn a_colour_that_is_not_a_string_names_its_key_and_line() {
        let error = rejected(&edit("path", "path = 6"));
        assert_eq!(error.line, Some(10));
        assert_eq!(error.key.as_deref(), Some("colors.path"));
        assert!(error.message.contains("expected a string"), "{error}");
    }

    #[test]
    fn a_missing_colour_is_named_and_extends_suggested() {
        let error = rejected(&edit("frontier", ""));
        assert_eq!(error.key.as_deref(), Some("colors.frontier"));
        assert_eq!(error.line, Some(3), "the [colors] header");
        assert!(error.message.starts_with("missing;"), "{error}");
        assert!(error.message.contains("extends = \"classic\""), "{error}");
    }

    #[test]
    fn a_partial_file_is_read_with_what_it_says_and_where() {
        let text = "# neon\n\nextends = \"classic\"\n[colors]\nwalls = \"#00ffcc\"\n";
        let draft = Draft::parse("neon", text, Path::new("neon.toml")).unwrap();
        assert_eq!(draft.extends, Some(("classic".to_owned(), 3)));
        assert_eq!(draft.description, None);
        assert_eq!(draft.monochrome, None);
        assert_eq!(draft.colors_line, Some(4));
        assert_eq!(draft.colors.complete(), Err("background"));
        let base = parse(FULL).unwrap();
        let theme = draft.over(&base);
        assert_eq!(theme.name, "neon");
        assert_eq!(theme.description, "Test theme", "inherited");
        assert_eq!(theme.palette.walls, Color::Rgb(0, 0xff, 0xcc));
        assert_eq!(theme.palette.exit, base.palette.exit);
    }

    #[test]
    fn a_partial_file_may_change_the_description_and_flag_only() {
        let text = "extends = \"x\"\ndescription = \"mine\"\nmonochrome = true\n";
        let draft = Draft::parse("mine", text, Path::new("mine.toml")).unwrap();
        let theme = draft.over(&parse(FULL).unwrap());
        assert_eq!(theme.description, "mine");
        assert!(theme.monochrome);
        assert_eq!(theme.palette, parse(FULL).unwrap().palette);
    }

    #[test]
    fn a_bad_colour_in_a_partial_file_names_its_key_and_line() {
        let text = "extends = \"classic\"\n\n[colors]\npath = \"cyan\"\nwalls = \"blu\"\n";
        let error = Draft::parse("neon", text, Path::new("neon.toml")).unwrap_err();
        assert_eq!(
            error.to_string(),
            r##"neon.toml:5: key "colors.walls": unknown colour "blu" (use a name like "lightcyan", "#rrggbb" or 0-255)"##
        );
    }

    #[test]
    fn extends_must_be_a_string() {
        let error = Draft::parse("t", "\nextends = 3\n", Path::new("t.toml")).unwrap_err();
        assert_eq!(error.line, Some(2));
        assert_eq!(error.key.as_deref(), Some("extends"));
    }

    #[test]
    fn a_missing_colors_table_is_named() {
        let error = rejected("description = \"nothing else\"\n");
        assert_eq!(error.key.as_deref(), Some("colors"));
        assert!(error.message.contains("missing"), "{error}");
    }

    #[test]
    fn an_unknown_colour_key_is_named() {
        let error = rejected(&edit("exit", "exti = \"red\""));
        // The misspelt key is reported before the (now) missing `exit`.
        assert_eq!(error.key.as_deref(), Some("colors.exti"));
        assert_eq!(error.line, Some(9));
        assert!(
            error.message.starts_with("unknown key, expected one of"),
            "{error}"
        );
        assert!(error.message.contains("`exit`"), "{error}");
    }

    #[test]
    fn an_unknown_top_level_key_is_named() {
        let error = rejected(&edit("description", "descripton = \"typo\""));
        assert_eq!(error.key.as_deref(), Some("descripton"));
        assert_eq!(error.line, Some(1));
        let error = rejected(&edit("[colors]", "[colours]"));
        assert_eq!(error.key.as_deref(), Some("colours"));
        assert_eq!(error.line, Some(3));
    }

    #[test]
    fn a_wrongly_typed_flag_is_named() {
        let error = rejected(&format!("\nmonochrome = \"yes\"\n{FULL}"));
        assert_eq!(error.key.as_deref(), Some("monochrome"));
        assert_eq!(error.line, Some(2));
    }

    #[test]
    fn a_syntax_error_has_a_line_and_one_line_message() {
        let error = rejected(&edit("head", "head = \"yellow"));
        assert_eq!(error.line, Some(12));
        assert_eq!(error.key, None);
        assert!(
            error.to_string().starts_with("/themes/test.toml:12: "),
            "{error}"
        );

        let error = rejected(&edit("muted", "muted == \"gray\""));
        assert_eq!(error.line, Some(16));
    }

    #[test]
    fn a_duplicate_key_has_its_line() {
        let error = rejected(&format!("{FULL}walls = \"red\"\n"));
        assert_eq!(error.line, Some(20));
        assert!(error.message.contains("duplicate"), "{error}");
    }
}
