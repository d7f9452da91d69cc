use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::Theme;
use super::parse::Draft;
use crate::tui::settings::{SettingsError, read_settings_file, user_config_dir};

/// The repository's `themes/` folder, compiled in so the binary finds them wherever it runs.
/// The order is the picker's: the default first, the colourless fallback last.
const BUNDLED: [(&str, &str); 7] = [
    ("classic", include_str!("../../../themes/classic.toml")),
    ("light", include_str!("../../../themes/light.toml")),
    ("ocean", include_str!("../../../themes/ocean.toml")),
    ("forest", include_str!("../../../themes/forest.toml")),
    ("amber", include_str!("../../../themes/amber.toml")),
    ("synthwave", include_str!("../../../themes/synthwave.toml")),
    ("plain", include_str!("../../../themes/plain.toml")),
];

/// Where users put their theme files: the `themes` folder of [`user_config_dir`]
/// (`~/.config/a-maze-ing/themes` by default).
pub fn user_theme_dir(
    xdg_config_home: Option<OsString>,
    home: Option<OsString>,
) -> Option<PathBuf> {
    user_config_dir(xdg_config_home, home).map(|dir| dir.join("themes"))
}

/// The themes to choose from, in the order the dashboard cycles through them. Names are unique,
/// ignoring case.
#[derive(Clone, Debug)]
pub struct ThemeSet {
    themes: Vec<Theme>,
}

impl ThemeSet {
    /// The themes shipped with the program, [`DEFAULT_THEME`](super::DEFAULT_THEME) first.
    pub fn bundled() -> ThemeSet {
        // The tests load every bundled theme, so this cannot fail in a released binary.
        let broken = |error: SettingsError| panic!("bundled theme is broken: {error}");
        let drafts: Vec<Draft> = BUNDLED
            .iter()
            .map(|(name, text)| {
                let file = PathBuf::from(format!("themes/{name}.toml"));
                Draft::parse(name, text, &file).unwrap_or_else(broken)
            })
            .collect();
        let (themes, errors) = resolve(&drafts, &ThemeSet { themes: Vec::new() }, &[]);
        if let Some(error) = errors.into_iter().next() {
            broken(error);
        }
        ThemeSet { themes }
    }

    /// Adds every `*.toml` file of `dir`, in file name order. A theme named like one already in
    /// the set (ignoring case) replaces it where it stands, so a user can restyle "classic"
    /// without it moving in the picker; the others go at the end.
    ///
    /// A file may extend a theme of the set or another file of `dir` (see `resolve` in this file).
    ///
    /// A missing `dir` just adds nothing: most users have no themes. Files that cannot be read or
    /// parsed are skipped, and returned as errors for the caller to show (in file name order),
    /// so that one bad file does not cost the user their other themes.
    pub fn with_user_themes(mut self, dir: &Path) -> (ThemeSet, Vec<SettingsError>) {
        let mut errors = Vec::new();
        let mut drafts: Vec<Draft> = Vec::new();
        let mut broken = Vec::new();
        for file in theme_files(dir, &mut errors) {
            match load(&file) {
                // Of two files with one name, the later one wins (and takes the earlier's place).
                Ok(draft) => match drafts.iter().position(|d| same_name(&d.name, &draft.name)) {
                    Some(index) => drafts[index] = draft,
                    None => drafts.push(draft),
                },
                Err(error) => {
                    broken.push(stem(&file));
                    errors.push(error);
                }
            }
        }
        let (themes, problems) = resolve(&drafts, &self, &broken);
        errors.extend(problems);
        // Stable, and a folder sorts before its files: folder errors first, then file by file.
        errors.sort_by(|a, b| a.file.cmp(&b.file));
        for theme in themes {
            self.insert(theme);
        }
        (self, errors)
    }

    /// Of the problems [`Self::with_user_themes`] returned, the one that kept the user's theme
    /// `name` out (its file is `name.toml`, in any case), if any: why a theme asked for by
    /// name is missing.
    pub fn problem_with<'a>(
        problems: &'a [SettingsError],
        name: &str,
    ) -> Option<&'a SettingsError> {
        problems
            .iter()
            .find(|problem| problem.file.is_file() && same_name(&stem(&problem.file), name))
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

    /// The index of the theme called `name`, ignoring case.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.themes
            .iter()
            .position(|theme| same_name(&theme.name, name))
    }

    fn insert(&mut self, theme: Theme) {
        match self.position(&theme.name) {
            Some(index) => self.themes[index] = theme,
            None => self.themes.push(theme),
        }
    }
}

/// Resolves `drafts` into themes, in their order, leaving out (and reporting) those that cannot
/// be made.
///
/// A draft's `extends = "NAME"` names another draft or, failing that, a theme of `known`: user
/// themes shadow bundled ones, as in the picker. A draft that extends its own name extends the
/// theme of `known` it replaces, so `classic.toml` can say `extends = "classic"` and restyle
/// the bundled classic. An unknown base, a cycle, or a base that is itself broken (another
/// draft that fails, or one of the `broken` files that could not even be read) is an error on
/// the `extends` line.
fn resolve(
    drafts: &[Draft],
    known: &ThemeSet,
    broken: &[String],
) -> (Vec<Theme>, Vec<SettingsError>) {
    let mut resolver = Resolver {
        drafts,
        known,
        broken,
        done: vec![None; drafts.len()],
        errors: vec![None; drafts.len()],
        stack: Vec::new(),
    };
    let themes = (0..drafts.len())
        .filter_map(|index| resolver.theme(index))
        .collect();
    (themes, resolver.errors.into_iter().flatten().collect())
}

struct Resolver<'a> {
    drafts: &'a [Draft],
    known: &'a ThemeSet,
    broken: &'a [String],
    /// Each draft's theme once resolved, `Some(None)` if it cannot be made.
    done: Vec<Option<Option<Theme>>>,
    /// Why each draft cannot be made.
    errors: Vec<Option<SettingsError>>,
    /// The drafts being resolved, each extending the next: a draft met again is a cycle.
    stack: Vec<usize>,
}

/// What a draft's `extends` names.
enum Base<'a> {
    Draft(usize),
    Known(&'a Theme),
    Unknown,
}

impl Resolver<'_> {
    fn theme(&mut self, index: usize) -> Option<Theme> {
        if let Some(done) = &self.done[index] {
            return done.clone();
        }
        if let Some(at) = self.stack.iter().position(|&i| i == index) {
            self.cycle(self.stack[at..].to_vec());
            return None;
        }
        let draft = &self.drafts[index];
        let result = match &draft.extends {
            None => draft.standalone(),
            Some((base, line)) => {
                let error = |message: String| {
                    SettingsError::new(&draft.file, message)
                        .on_line(*line)
                        .key("extends")
                };
                let has_errors = || {
                    error(format!(
                        "theme {base:?} has errors, so this one cannot be made"
                    ))
                };
                match self.base(index, base) {
                    Base::Known(theme) => Ok(draft.over(theme)),
                    Base::Unknown if same_name(base, &draft.name) => {
                        Err(error("a theme cannot extend itself".to_owned()))
                    }
                    Base::Unknown if self.broken.iter().any(|name| same_name(name, base)) => {
                        Err(has_errors())
                    }
                    Base::Unknown => Err(error(format!(
                        "unknown theme {base:?} (have {})",
                        self.names().join(", ")
                    ))),
                    Base::Draft(base_index) => {
                        self.stack.push(index);
                        let base_theme = self.theme(base_index);
                        self.stack.pop();
                        match base_theme {
                            Some(theme) => Ok(draft.over(&theme)),
                            None => Err(has_errors()),
                        }
                    }
                }
            }
        };
        // A cycle found deeper down has already failed this draft with a better error.
        if self.done[index].is_some() {
            return None;
        }
        let theme = match result {
            Ok(theme) => Some(theme),
            Err(error) => {
                self.errors[index] = Some(error);
                None
            }
        };
        self.done[index] = Some(theme.clone());
        theme
    }

    /// Where `drafts[index]`'s base `name` is: another draft first, then a known theme.
    fn base(&self, index: usize, name: &str) -> Base<'_> {
        let draft =
            (0..self.drafts.len()).find(|&i| i != index && same_name(&self.drafts[i].name, name));
        match (draft, self.known.position(name)) {
            (Some(i), _) => Base::Draft(i),
            (None, Some(i)) => Base::Known(&self.known.themes[i]),
            (None, None) => Base::Unknown,
        }
    }

    /// Fails every draft of `cycle` (each extends the next, the last the first), each error
    /// showing the loop from its own file.
    fn cycle(&mut self, cycle: Vec<usize>) {
        for (at, &index) in cycle.iter().enumerate() {
            let draft = &self.drafts[index];
            let path: Vec<&str> = cycle[at..]
                .iter()
                .chain(&cycle[..=at])
                .map(|&i| self.drafts[i].name.as_str())
                .collect();
            let line = draft.extends.as_ref().map_or(1, |(_, line)| *line);
            self.errors[index] = Some(
                SettingsError::new(
                    &draft.file,
                    format!("themes extend each other in a loop: {}", path.join(" → ")),
                )
                .on_line(line)
                .key("extends"),
            );
            self.done[index] = Some(None);
        }
    }

    /// Every theme name a draft can extend.
    fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.known.iter().map(|t| t.name.as_str()).collect();
        for draft in self.drafts {
            if !names.iter().any(|name| same_name(name, &draft.name)) {
                names.push(&draft.name);
            }
        }
        names
    }
}

/// Names come from file names, which need not be ASCII.
fn same_name(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

/// The theme files of `dir`, sorted so that which of two same-named files wins does not depend
/// on the file system's order.
fn theme_files(dir: &Path, errors: &mut Vec<SettingsError>) -> Vec<PathBuf> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Vec::new(),
        Err(error) => {
            errors.push(SettingsError::new(
                dir,
                format!("cannot read the theme folder: {error}"),
            ));
            return Vec::new();
        }
    };
    let mut files = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => files.push(entry.path()),
            Err(error) => errors.push(SettingsError::new(
                dir,
                format!("cannot read the theme folder: {error}"),
            )),
        }
    }
    files.retain(|path| is_toml(path) && !path.is_dir());
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    files
}

fn is_toml(path: &Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("toml"))
}

fn load(file: &Path) -> Result<Draft, SettingsError> {
    let text = read_settings_file(file)
        .map_err(|error| SettingsError::new(file, format!("cannot read: {error}")))?;
    Draft::parse(&stem(file), &text, file)
}

/// A theme's name: its file's stem.
fn stem(file: &Path) -> String {
    file.file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use ratatui::style::Color;

    use super::super::contrast::contrast_ratio;
    use super::super::{DEFAULT_THEME, PLAIN_THEME, Palette};
    use super::*;

    #[test]
    fn every_bundled_theme_sets_its_problem_colours_itself_and_colour_themes_tell_them_apart() {
        for (name, text) in BUNDLED {
            for role in [
                "bad_wall",
                "bad_cell",
                "open_area",
                "unreachable",
                "illegal_step",
                "shortest",
            ] {
                assert!(
                    text.lines().any(|l| l.starts_with(&format!("{role} = "))),
                    "{name} sets {role}"
                );
            }
        }
        for theme in ThemeSet::bundled().iter().filter(|t| !t.monochrome) {
            let p = &theme.palette;
            assert_ne!(p.bad_wall, p.walls, "{}", theme.name);
            assert_ne!(p.bad_wall, p.passages, "{}", theme.name);
            assert_ne!(p.unreachable, p.passages, "{}", theme.name);
            assert_ne!(p.shortest, p.path, "{}", theme.name);
        }
    }

    fn theme_text(description: &str, walls: &str) -> String {
        BUNDLED[0]
            .1
            .lines()
            .map(|line| {
                if line.starts_with("description") {
                    format!("description = {description:?}")
                } else if line.starts_with("walls") {
                    format!("walls = {walls:?}")
                } else {
                    line.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn names(set: &ThemeSet) -> Vec<&str> {
        set.iter().map(|theme| theme.name.as_str()).collect()
    }

    #[test]
    fn every_bundled_theme_parses_with_a_description() {
        let set = ThemeSet::bundled();
        assert_eq!(set.len(), BUNDLED.len());
        assert!(set.len() >= 7);
        assert!(!set.is_empty());
        for theme in set.iter() {
            assert!(
                !theme.description.is_empty(),
                "{} has no description",
                theme.name
            );
        }
    }

    #[test]
    fn bundled_names_are_unique_and_match_their_files() {
        let set = ThemeSet::bundled();
        for (index, theme) in set.iter().enumerate() {
            assert_eq!(set.position(&theme.name), Some(index), "{}", theme.name);
        }
        assert_eq!(
            names(&set),
            [
                "classic",
                "light",
                "ocean",
                "forest",
                "amber",
                "synthwave",
                "plain"
            ]
        );
    }

    #[test]
    fn classic_is_first_and_light_and_plain_are_found() {
        let set = ThemeSet::bundled();
        assert_eq!(set.position(DEFAULT_THEME), Some(0));
        assert_eq!(set.get(0).unwrap().name, "classic");
        assert!(set.position("light").is_some());
        assert!(set.position(PLAIN_THEME).is_some());
        assert_eq!(set.position("CLASSIC"), Some(0));
        assert_eq!(set.position("Plain"), set.position("plain"));
        assert_eq!(set.position("nope"), None);
        assert!(set.get(set.len()).is_none());
    }

    #[test]
    fn plain_is_monochrome_and_colourless_and_the_others_are_not() {
        let set = ThemeSet::bundled();
        for theme in set.iter() {
            assert_eq!(
                theme.monochrome,
                theme.name == PLAIN_THEME,
                "{}",
                theme.name
            );
        }
        let plain = set.get(set.position(PLAIN_THEME).unwrap()).unwrap();
        assert!(
            roles(&plain.palette)
                .iter()
                .all(|(_, colour)| *colour == Color::Reset)
        );
    }

    #[test]
    fn classic_is_the_subjects_look() {
        let set = ThemeSet::bundled();
        let classic = &set.get(0).unwrap().palette;
        assert_eq!(classic.background, Color::Black);
        assert_eq!(classic.walls, Color::White);
        assert_eq!(classic.passages, Color::Black);
        assert_eq!(classic.entry, Color::Magenta);
        assert_eq!(classic.exit, Color::Red);
        // A dark cyan: the subject's cyan, dimmed to stand 3:1 apart from the white walls.
        assert_eq!(classic.path, Color::Indexed(30));
        let (r, g, b) = approx_rgb(classic.path);
        assert!(r == 0 && g == b && g > 96, "a cyan");
        assert_eq!(classic.stamp, Color::Indexed(244));
        let (r, g, b) = approx_rgb(classic.stamp);
        assert!(r == g && g == b && (64..=192).contains(&r), "a mid grey");
    }

    /// What a coloured theme must offer: maze roles far enough apart to tell at a glance, and
    /// text that reads on the background.
    #[test]
    fn coloured_bundled_themes_are_distinct_and_readable() {
        let mut problems = Vec::new();
        for theme in ThemeSet::bundled().iter().filter(|theme| !theme.monochrome) {
            let palette = &theme.palette;
            let name = &theme.name;
            let maze = &roles(palette)[1..11];
            for (i, (role_a, a)) in maze.iter().enumerate() {
                for (role_b, b) in &maze[i + 1..] {
                    let distance = distance(*a, *b);
                    if distance < 40.0 {
                        problems.push(format!("{name}: {role_a} ~ {role_b} ({distance:.0})"));
                    }
                }
            }
            for (role, colour, minimum) in [
                ("text", palette.text, 7.0),
                ("muted", palette.muted, 4.5),
                ("footer", palette.footer, 4.5),
                ("accent", palette.accent, 4.5),
                ("border", palette.border, 1.5),
            ] {
                let contrast = contrast_ratio(colour, palette.background).expect("a colour theme");
                if contrast < minimum {
                    problems.push(format!("{name}: {role} on background ({contrast:.1})"));
                }
            }
        }
        assert_eq!(problems, Vec::<String>::new());
    }

    #[test]
    fn user_themes_replace_by_name_in_place_and_append_new_ones() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join("Light.toml"),
            theme_text("my light", "#123456"),
        )
        .unwrap();
        fs::write(
            dir.path().join("neon.toml"),
            theme_text("neon", "lightmagenta"),
        )
        .unwrap();
        let bundled = ThemeSet::bundled();

        let (set, errors) = bundled.clone().with_user_themes(dir.path());

        assert_eq!(errors, []);
        assert_eq!(set.len(), bundled.len() + 1);
        let light = set.get(bundled.position("light").unwrap()).unwrap();
        assert_eq!(light.name, "Light");
        assert_eq!(light.description, "my light");
        assert_eq!(light.palette.walls, Color::Rgb(0x12, 0x34, 0x56));
        let neon = set.get(set.len() - 1).unwrap();
        assert_eq!(neon.name, "neon");
        assert_eq!(neon.palette.walls, Color::LightMagenta);
        assert_eq!(set.position("NEON"), Some(set.len() - 1));
        let others = |set: &ThemeSet| -> Vec<String> {
            set.iter()
                .map(|theme| theme.name.to_lowercase())
                .filter(|name| name != "light" && name != "neon")
                .collect()
        };
        assert_eq!(others(&set), others(&bundled), "the rest keep their order");
    }

    #[test]
    fn broken_user_themes_are_skipped_and_reported() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("a-good.toml"), theme_text("good", "white")).unwrap();
        fs::write(dir.path().join("b-bad.toml"), theme_text("bad", "blu")).unwrap();
        fs::write(dir.path().join("c-binary.toml"), [0xff, 0xfe, 0x00]).unwrap();
        fs::write(dir.path().join("d-good.toml"), theme_text("good", "black")).unwrap();

        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());

        assert_eq!(set.len(), ThemeSet::bundled().len() + 2);
        assert!(set.position("a-good").is_some());
        assert!(set.position("d-good").is_some());
        assert!(set.position("b-bad").is_none());
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(errors[0].file, dir.path().join("b-bad.toml"));
        assert_eq!(errors[0].key.as_deref(), Some("colors.walls"));
        assert!(errors[0].line.is_some());
        assert_eq!(errors[1].file, dir.path().join("c-binary.toml"));
        assert!(
            errors[1].message.starts_with("cannot read"),
            "{}",
            errors[1]
        );
        for error in &errors {
            let shown = error.to_string();
            assert!(
                shown.starts_with(&error.file.display().to_string()),
                "{shown}"
            );
            assert!(!shown.contains('\n'), "{shown}");
        }
    }

    /// A user folder holding `files` (name, text).
    fn user_dir(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    fn theme<'a>(set: &'a ThemeSet, name: &str) -> &'a Theme {
        set.get(set.position(name).unwrap()).unwrap()
    }

    #[test]
    fn the_readme_themes_load() {
        let dir = tempfile::tempdir().unwrap();
        let examples = crate::tui::settings::readme_examples();
        let mut names = Vec::new();
        for (path, text) in &examples {
            if let Some(file) = path.strip_prefix("themes/") {
                fs::write(dir.path().join(file), text).unwrap();
                names.push(file.trim_end_matches(".toml"));
            }
        }
        assert_eq!(names, ["neon", "dusk"]);
        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());
        assert_eq!(errors, []);
        assert_eq!(theme(&set, "dusk").palette.path, Color::Yellow);
    }

    #[test]
    fn a_partial_theme_takes_the_rest_from_its_base() {
        let dir = user_dir(&[(
            "neon.toml",
            "extends = \"ocean\"\n[colors]\nwalls = \"#00ffcc\"\npath = \"yellow\"\n",
        )]);
        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());
        assert_eq!(errors, []);
        let ocean = theme(&set, "ocean").clone();
        let neon = theme(&set, "neon");
        assert_eq!(neon.palette.walls, Color::Rgb(0, 0xff, 0xcc));
        assert_eq!(neon.palette.path, Color::Yellow);
        assert_eq!(
            neon.palette,
            Palette {
                walls: Color::Rgb(0, 0xff, 0xcc),
                path: Color::Yellow,
                ..ocean.palette
            }
        );
        assert_eq!(neon.description, ocean.description);
        assert!(!neon.monochrome);
    }

    #[test]
    fn a_partial_theme_named_like_its_base_restyles_the_bundled_one_in_place() {
        let dir = user_dir(&[
            (
                "classic.toml",
                "extends = \"classic\"\ncolors.path = \"green\"\n",
            ),
            // Another user theme extending "classic" gets the user's classic.
            (
                "mine.toml",
                "extends = \"Classic\"\ncolors.walls = \"gray\"\n",
            ),
        ]);
        let bundled = ThemeSet::bundled();
        let (set, errors) = bundled.clone().with_user_themes(dir.path());
        assert_eq!(errors, []);
        assert_eq!(names(&set)[..bundled.len()], names(&bundled)[..]);
        let classic = theme(&set, "classic");
        assert_eq!(classic.palette.path, Color::Green);
        assert_eq!(classic.palette.walls, Color::White);
        let mine = theme(&set, "mine");
        assert_eq!(
            (mine.palette.path, mine.palette.walls),
            (Color::Green, Color::Gray)
        );
    }

    #[test]
    fn user_themes_extend_each_other_in_any_file_order() {
        let dir = user_dir(&[
            ("a.toml", "extends = \"b\"\ncolors.walls = \"red\"\n"),
            (
                "b.toml",
                "extends = \"plain\"\ndescription = \"b\"\ncolors.path = \"blue\"\n",
            ),
        ]);
        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());
        assert_eq!(errors, []);
        let a = theme(&set, "a");
        assert_eq!((a.palette.walls, a.palette.path), (Color::Red, Color::Blue));
        assert_eq!(a.palette.exit, Color::Reset, "from plain, through b");
        assert_eq!(a.description, "b");
        assert!(a.monochrome, "plain's flag is inherited too");
    }

    #[test]
    fn an_unknown_base_is_named_on_its_line() {
        let dir = user_dir(&[("neon.toml", "# mine\nextends = \"clasic\"\n")]);
        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());
        assert_eq!(set.position("neon"), None);
        let file = dir.path().join("neon.toml");
        assert_eq!(
            errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [format!(
                "{}:2: key \"extends\": unknown theme \"clasic\" (have classic, light, ocean, \
                 forest, amber, synthwave, plain, neon)",
                file.display()
            )]
        );
    }

    #[test]
    fn a_theme_that_extends_itself_with_nothing_to_replace_is_an_error() {
        let dir = user_dir(&[("neon.toml", "extends = \"NEON\"\n")]);
        let (_, errors) = ThemeSet::bundled().with_user_themes(dir.path());
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, Some(1));
        assert_eq!(errors[0].message, "a theme cannot extend itself");
    }

    #[test]
    fn a_cycle_fails_each_theme_on_it_and_those_built_on_them() {
        let dir = user_dir(&[
            ("a.toml", "extends = \"b\"\n"),
            ("b.toml", "description = \"b\"\n\nextends = \"c\"\n"),
            ("c.toml", "\nextends = \"a\"\n"),
            ("d.toml", "extends = \"c\"\n"),
            ("e.toml", "extends = \"light\"\n"),
        ]);
        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());
        assert_eq!(set.len(), ThemeSet::bundled().len() + 1, "only e");
        assert!(set.position("e").is_some());
        let shown: Vec<String> = errors
            .iter()
            .map(|error| {
                let shown = error.to_string();
                let file = error.file.display().to_string();
                shown.strip_prefix(&file).unwrap().to_owned()
            })
            .collect();
        assert_eq!(
            shown,
            [
                ":1: key \"extends\": themes extend each other in a loop: a → b → c → a",
                ":3: key \"extends\": themes extend each other in a loop: b → c → a → b",
                ":2: key \"extends\": themes extend each other in a loop: c → a → b → c",
                ":1: key \"extends\": theme \"c\" has errors, so this one cannot be made",
            ]
        );
    }

    #[test]
    fn a_broken_base_is_reported_in_both_files() {
        let dir = user_dir(&[
            (
                "base.toml",
                "extends = \"classic\"\ncolors.walls = \"blu\"\n",
            ),
            ("top.toml", "extends = \"base\"\n"),
            ("whole.toml", "[colors]\nwalls = \"red\"\n"),
        ]);
        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());
        assert_eq!(set.len(), ThemeSet::bundled().len());
        let keys: Vec<(Option<usize>, Option<&str>)> = errors
            .iter()
            .map(|error| (error.line, error.key.as_deref()))
            .collect();
        assert_eq!(
            keys,
            [
                (Some(2), Some("colors.walls")),
                (Some(1), Some("extends")),
                (Some(1), Some("colors.background")),
            ]
        );
        assert!(
            errors[1].message.contains("\"base\" has errors"),
            "{}",
            errors[1]
        );
    }

    #[test]
    fn only_toml_files_count_in_file_name_order() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("zeta.toml"), theme_text("z", "white")).unwrap();
        fs::write(dir.path().join("alpha.toml"), theme_text("a", "white")).unwrap();
        fs::write(dir.path().join("README.md"), "not a theme").unwrap();
        fs::write(dir.path().join("broken.toml.bak"), "not = [toml").unwrap();
        fs::write(dir.path().join("toml"), "not = [toml").unwrap();
        fs::create_dir(dir.path().join("folder.toml")).unwrap();

        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());

        assert_eq!(errors, []);
        let names = names(&set);
        assert_eq!(names[names.len() - 2..], ["alpha", "zeta"]);
    }

    #[test]
    fn later_files_win_over_earlier_ones_with_the_same_name() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("Mine.toml"), theme_text("first", "white")).unwrap();
        fs::write(dir.path().join("mine.toml"), theme_text("second", "white")).unwrap();

        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());

        assert_eq!(errors, []);
        assert_eq!(set.len(), ThemeSet::bundled().len() + 1);
        assert_eq!(set.get(set.len() - 1).unwrap().description, "second");
    }

    #[test]
    fn a_huge_theme_is_refused_unread_and_the_others_load() {
        let dir = tempfile::tempdir().unwrap();
        fs::File::create(dir.path().join("huge.toml"))
            .unwrap()
            .set_len(200 << 20) // sparse: no disk used
            .unwrap();
        fs::write(
            dir.path().join("dusk.toml"),
            "extends = \"classic\"\n[colors]\npath = \"yellow\"\n",
        )
        .unwrap();
        let (set, errors) = ThemeSet::bundled().with_user_themes(dir.path());
        let [error] = errors.as_slice() else {
            panic!("one error: {errors:?}")
        };
        assert!(error.to_string().contains("huge.toml"), "{error}");
        assert!(
            error.to_string().contains("more than the 1.0 MiB allowed"),
            "{error}"
        );
        assert!(names(&set).contains(&"dusk"));
    }

    #[test]
    fn a_missing_dir_adds_nothing_and_is_no_error() {
        let dir = tempfile::tempdir().unwrap();
        let (set, errors) = ThemeSet::bundled().with_user_themes(&dir.path().join("absent"));
        assert_eq!(errors, []);
        assert_eq!(names(&set), names(&ThemeSet::bundled()));
    }

    #[test]
    fn a_dir_that_is_a_file_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("themes");
        fs::write(&file, "").unwrap();
        let (set, errors) = ThemeSet::bundled().with_user_themes(&file);
        assert_eq!(set.len(), ThemeSet::bundled().len());
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].file, file);
        assert!(
            errors[0]
                .message
                .starts_with("cannot read the theme folder")
        );
    }

    #[test]
    fn user_themes_live_in_the_config_folder() {
        assert_eq!(
            user_theme_dir(Some("/cfg".into()), Some("/home/u".into())),
            Some(PathBuf::from("/cfg/a-maze-ing/themes"))
        );
        assert_eq!(user_theme_dir(None, None), None);
    }

    #[test]
    fn names_compare_ignoring_case_beyond_ascii() {
        assert!(same_name("Éclair", "éCLAIR"));
        assert!(!same_name("classic", "classics"));
    }

    /// `palette`'s roles: the background, then the ten maze roles, then the five interface ones.
    fn roles(palette: &Palette) -> [(&'static str, Color); 16] {
        [
            ("background", palette.background),
            ("walls", palette.walls),
            ("passages", palette.passages),
            ("unvisited", palette.unvisited),
            ("entry", palette.entry),
            ("exit", palette.exit),
            ("path", palette.path),
            ("stamp", palette.stamp),
            ("head", palette.head),
            ("frontier", palette.frontier),
            ("visited", palette.visited),
            ("text", palette.text),
            ("muted", palette.muted),
            ("footer", palette.footer),
            ("accent", palette.accent),
            ("border", palette.border),
        ]
    }

    /// The colour as xterm shows it by default; terminals differ, but not by enough to make
    /// distinct colours here look alike.
    fn approx_rgb(colour: Color) -> (u8, u8, u8) {
        super::super::css::rgb(colour).expect("Reset has no colour of its own")
    }

    fn distance(a: Color, b: Color) -> f64 {
        let (a, b) = (approx_rgb(a), approx_rgb(b));
        let d = |x: u8, y: u8| (f64::from(x) - f64::from(y)).powi(2);
        (d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)).sqrt()
    }
}
