use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::Theme;
use super::palette::RawColors;
use crate::tui::settings::SettingsError;

/// A theme file as written (see the module docs of [`super`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTheme {
    #[serde(default)]
    description: String,
    #[serde(default)]
    monochrome: bool,
    // Optional here only so that its absence gets a clearer message than serde's.
    colors: Option<Spanned<RawColors>>,
}

impl Theme {
    /// Reads a theme file's `text`. `file` is only used in errors; `name` is usually its stem.
    pub fn parse(name: &str, text: &str, file: &Path) -> Result<Theme, SettingsError> {
        let raw: RawTheme =
            toml::from_str(text).map_err(|error| SettingsError::from_toml(file, text, &error))?;
        let Some(colors) = raw.colors else {
            return Err(SettingsError::new(
                file,
                "missing; add a [colors] table with all 16 colours",
            )
            .key("colors"));
        };
        let table = colors.span();
        Ok(Theme {
            name: name.to_owned(),
            description: raw.description,
            monochrome: raw.monochrome,
            palette: colors.into_inner().into_palette(table, text, file)?,
        })
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
        Theme::parse("test", text, Path::new("/themes/test.toml"))
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
    fn a_missing_colour_is_named() {
        let error = rejected(&edit("frontier", ""));
        assert_eq!(error.key.as_deref(), Some("colors.frontier"));
        assert_eq!(error.line, Some(3), "the [colors] header");
        assert!(error.message.contains("missing"), "{error}");
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
