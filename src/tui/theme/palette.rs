use std::path::Path;
use std::str::FromStr;

use ratatui::style::Color;
use serde::Deserialize;
use toml::Spanned;

use crate::tui::settings::SettingsError;

/// Defines, from one list of roles, the [`Palette`], the `[colors]` table as written
/// ([`RawColors`]) and a palette that may leave roles to a base theme ([`PartialPalette`]), so a
/// role cannot be added to one and forgotten in another.
///
/// The problem roles (an opened file's broken rules) come after `optional`: a theme file may
/// leave them out, and they then take the colour of the role named after each, so themes
/// written before them keep working and show problems in their own colours.
macro_rules! palette {
    (
        required {
            $($(#[doc = $doc:literal])* $role:ident,)+
        }
        optional {
            $($(#[doc = $odoc:literal])* $optional:ident = $fallback:ident,)+
        }
    ) => {
        /// The colour of every role the dashboard draws: the `[colors]` table of a theme file.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Palette {
            $($(#[doc = $doc])* pub $role: Color,)+
            $($(#[doc = $odoc])* pub $optional: Color,)+
        }

        /// The `[colors]` table as written. Every colour is optional here so that a missing one
        /// is reported by its key, and kept as a string with its position so that a bad one is
        /// reported with its line and value rather than as a type error.
        #[derive(Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub(super) struct RawColors {
            $($role: Option<Spanned<String>>,)+
            $($optional: Option<Spanned<String>>,)+
        }

        /// The colours a theme file gives; those it leaves out come from the theme it extends.
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub(super) struct PartialPalette {
            $($role: Option<Color>,)+
            $($optional: Option<Color>,)+
        }

        impl RawColors {
            /// Checks every colour given; `source` is the file's text, for line numbers.
            pub(super) fn parse(
                self,
                source: &str,
                file: &Path,
            ) -> Result<PartialPalette, SettingsError> {
                Ok(PartialPalette {
                    $($role: parse_role(stringify!($role), self.$role, source, file)?,)+
                    $($optional: parse_role(
                        stringify!($optional),
                        self.$optional,
                        source,
                        file,
                    )?,)+
                })
            }
        }

        impl PartialPalette {
            /// The palette, if every role is given, else the first missing role.
            pub(super) fn complete(&self) -> Result<Palette, &'static str> {
                $(let $role = self.$role.ok_or(stringify!($role))?;)+
                // In order, so that a problem role may fall back to one listed before it.
                $(let $optional = self.$optional.unwrap_or($fallback);)+
                Ok(Palette {
                    $($optional,)+
                    $($role,)+
                })
            }

            /// `base` with the roles given here changed.
            pub(super) fn over(&self, base: &Palette) -> Palette {
                Palette {
                    $($role: self.$role.unwrap_or(base.$role),)+
                    $($optional: self.$optional.unwrap_or(base.$optional),)+
                }
            }
        }

        /// How many roles a theme without `extends` must give (the optional ones aside).
        pub(super) const ROLE_COUNT: usize = [$(stringify!($role)),+].len();
    };
}

palette! {
    required {
    /// The canvas around the maze.
    background,
    walls,
    /// Carved cells.
    passages,
    /// Cells the generator has not reached yet.
    unvisited,
    entry,
    exit,
    /// The solution overlay.
    path,
    /// The "42" cells.
    stamp,
    /// The carving head.
    head,
    /// The carving stack, or the solver's frontier.
    frontier,
    /// Cells the solver has reached.
    visited,
    /// Sidebar text.
    text,
    /// Labels and secondary text.
    muted,
    footer,
    /// Titles, key names, the selected theme.
    accent,
    /// Pane borders.
    border,
    }
    optional {
        /// Walls an opened file gets wrong: incoherent (the two cells disagree) or open on the
        /// border.
        bad_wall = exit,
        /// Cells an opened file gets wrong: an unreadable digit, a cell of the 42 not closed, a
        /// dead end over a board's limit.
        bad_cell = bad_wall,
        /// The outline of open 3x3 areas.
        open_area = head,
        /// Cells the entry cannot reach.
        unreachable = unvisited,
        /// The recorded path's first illegal step (through a wall, off the grid).
        illegal_step = exit,
        /// The true shortest path, where the recorded one is longer.
        shortest = frontier,
    }
}

/// One role's colour, if given: `colors.ROLE` in errors.
fn parse_role(
    role: &str,
    value: Option<Spanned<String>>,
    source: &str,
    file: &Path,
) -> Result<Option<Color>, SettingsError> {
    value
        .map(|value| {
            parse_colour(value.get_ref()).map_err(|message| {
                SettingsError::new(file, message)
                    .at(source, value.span().start)
                    .key(format!("colors.{role}"))
            })
        })
        .transpose()
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
    fn a_partial_palette_is_complete_only_with_every_role() {
        let mut partial = PartialPalette {
            walls: Some(Color::Red),
            ..PartialPalette::default()
        };
        assert_eq!(partial.complete(), Err("background"));
        let base = Palette {
            walls: Color::White,
            ..PartialPalette::default().over(&plain())
        };
        let merged = partial.over(&base);
        assert_eq!(merged.walls, Color::Red);
        assert_eq!(
            merged,
            Palette {
                walls: Color::Red,
                ..base.clone()
            }
        );
        partial = PartialPalette::default();
        assert_eq!(partial.over(&base), base);
        assert_eq!(ROLE_COUNT, 16);
    }

    fn plain() -> Palette {
        Palette {
            background: Color::Reset,
            walls: Color::Reset,
            passages: Color::Reset,
            unvisited: Color::Reset,
            entry: Color::Reset,
            exit: Color::Reset,
            path: Color::Reset,
            stamp: Color::Reset,
            head: Color::Reset,
            frontier: Color::Reset,
            visited: Color::Reset,
            text: Color::Reset,
            muted: Color::Reset,
            footer: Color::Reset,
            accent: Color::Reset,
            border: Color::Reset,
            bad_wall: Color::Reset,
            bad_cell: Color::Reset,
            open_area: Color::Reset,
            unreachable: Color::Reset,
            illegal_step: Color::Reset,
            shortest: Color::Reset,
        }
    }

    #[test]
    fn problem_roles_may_be_left_out_and_fall_back_to_the_role_they_resemble() {
        let mut partial = PartialPalette::default().over(&plain());
        partial.exit = Color::Red;
        partial.head = Color::Yellow;
        let given = |p: &Palette| PartialPalette {
            background: Some(p.background),
            walls: Some(p.walls),
            passages: Some(p.passages),
            unvisited: Some(Color::DarkGray),
            entry: Some(p.entry),
            exit: Some(p.exit),
            path: Some(p.path),
            stamp: Some(p.stamp),
            head: Some(p.head),
            frontier: Some(Color::Blue),
            visited: Some(p.visited),
            text: Some(p.text),
            muted: Some(p.muted),
            footer: Some(p.footer),
            accent: Some(p.accent),
            border: Some(p.border),
            ..PartialPalette::default()
        };
        let palette = given(&partial).complete().unwrap();
        assert_eq!(palette.bad_wall, Color::Red);
        assert_eq!(palette.bad_cell, Color::Red);
        assert_eq!(palette.illegal_step, Color::Red);
        assert_eq!(palette.open_area, Color::Yellow);
        assert_eq!(palette.unreachable, Color::DarkGray);
        assert_eq!(palette.shortest, Color::Blue);
        let own = PartialPalette {
            bad_wall: Some(Color::Magenta),
            ..given(&partial)
        };
        assert_eq!(own.complete().unwrap().bad_wall, Color::Magenta);
        // A bad cell left out takes the bad wall's colour, the theme's own one too.
        assert_eq!(own.complete().unwrap().bad_cell, Color::Magenta);
        let both = PartialPalette {
            bad_cell: Some(Color::Cyan),
            ..own
        };
        assert_eq!(both.complete().unwrap().bad_cell, Color::Cyan);
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
