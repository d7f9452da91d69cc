//! The dashboard's colour themes, read from TOML files.
//!
//! A set of themes is bundled in the binary (the repository's `themes/` folder); users add their
//! own, or replace a bundled one, by dropping files into [`user_theme_dir`]
//! (`~/.config/a-maze-ing/themes/` by default). See [`ThemeSet::with_user_themes`].
//!
//! # Theme files
//!
//! A theme's name is its file's stem: `neon.toml` is the theme "neon", and a user file named
//! like a bundled theme (ignoring case) replaces it. Every colour is a string: a terminal colour
//! name (`"black"`, `"red"`, `"lightcyan"`, `"dark gray"`, ...), `"#rrggbb"`, a 256-colour index
//! `"0"`..`"255"`, or `"reset"` for the terminal's own colour. Unknown keys are errors, so a typo
//! is reported rather than silently ignored.
//!
//! ```toml
//! description = "Shown next to the name in the theme picker"   # optional
//! monochrome = false   # optional, default false; true = roles are told apart by glyph, not colour
//!
//! # All sixteen are required (unless the theme extends another, see below).
//! [colors]
//! background = "black"   # canvas background around the maze
//! walls = "white"
//! passages = "black"     # carved cells
//! unvisited = "#202020"  # cells not carved yet (during the animation)
//! entry = "magenta"
//! exit = "red"
//! path = "cyan"          # the solution overlay
//! stamp = "gray"         # the 42 cells
//! head = "yellow"        # the carving head
//! frontier = "blue"      # the carving stack / the solver's frontier
//! visited = "#003040"    # cells the solver has reached
//! text = "white"         # sidebar text
//! muted = "gray"         # labels, secondary text
//! footer = "gray"        # footer text
//! accent = "yellow"      # titles, key names, the selected theme
//! border = "darkgray"    # pane borders
//!
//! # An opened file's problems (`--open`, `o`). Optional: each left out takes the colour of
//! # the role after it, so older themes still show problems.
//! bad_wall = "208"        # incoherent and open-border walls (exit)
//! bad_cell = "178"        # bad digits, open 42 cells, dead ends over the limit (bad_wall)
//! open_area = "magenta"   # the outline of open 3x3 areas (head)
//! unreachable = "52"      # cells the entry cannot reach (unvisited)
//! illegal_step = "red"    # the recorded path's first illegal step (exit)
//! shortest = "green"      # the true shortest path, when the recorded one is longer (frontier)
//! ```
//!
//! The `plain` theme (and any `monochrome = true` one) draws problems with glyphs instead:
//! `!!` a bad wall, `??` a bad cell, `==` an open area's outline, `~~` an unreachable cell,
//! `XX` the first illegal step, `::` the shortest path, `<>` the problem `]`/`[` went to.
//!
//! # Partial themes
//!
//! `extends = "NAME"` takes everything the file does not say (colours, description,
//! `monochrome`) from another theme: a bundled one or another user theme (user themes shadow
//! bundled ones of the same name, as in the picker, except that a file extending its own name
//! extends the theme it replaces, so `classic.toml` can restyle the bundled classic).
//!
//! ```toml
//! extends = "classic"
//! [colors]
//! path = "#ffff00"
//! ```
//!
//! A theme without `extends` must still give all sixteen colours: a missing one is an error
//! that names it, not a silent fallback. An unknown base, themes that extend each other in a
//! loop, and a base that is itself broken are errors on the `extends` line.
//!
//! # Contrast and colour depth
//!
//! Every bundled colour theme keeps the maze's roles 3:1 apart (WCAG contrast ratio; see
//! `contrast.rs`, whose test measures the theme files). The colours drawn are brought down to
//! what the terminal shows by [`ColorDepth`], frame by frame, so a theme's own colours stay
//! as written (for the SVG export).

mod basic;
mod contrast;
mod css;
mod depth;
mod palette;
mod parse;
mod set;
mod svg;

pub use basic::convert_frame;
pub use css::{css_color, rgb};
pub use depth::ColorDepth;
pub use palette::Palette;
pub use set::ThemeSet;
pub use set::user_theme_dir;

/// The theme loader's name for the errors of every user settings file.
pub use crate::tui::settings::SettingsError as ThemeError;

/// The theme used when the configuration names none.
pub const DEFAULT_THEME: &str = "classic";

/// The theme for terminals that must not get colour (`NO_COLOR`).
pub const PLAIN_THEME: &str = "plain";

/// A named palette, as read from one theme file (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The file's stem.
    pub name: String,
    pub description: String,
    /// Colours alone cannot tell the roles apart (they may all be `Reset`), so the renderer must
    /// use distinct glyphs.
    pub monochrome: bool,
    pub palette: Palette,
}
