//! The key bindings: one [`Keymap`] value, the built-in table with the user's `keys.toml`
//! merged over it (see [`Keymap::with_user_file`]). Key handling, the footer and the help
//! overlay all read the same value, so what the screen says a key does is what it does.

use crossterm::event::{KeyCode, KeyEvent};

use super::kernel::action::{Action, HelpScroll, Place, Scrub};
use mazegen::Dir;

mod key;
mod names;
mod user;

pub use key::KeyPress;
pub use names::action_name;
pub use user::user_keys_file;

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Everywhere (except under the help overlay).
    Global,
    /// When the maze canvas has the focus.
    Canvas,
    /// When the theme list has the focus.
    Themes,
    /// While the help overlay is open; nothing else applies then: the keys that open the
    /// help, the keys that quit and Esc close it, and the help's own keys scroll it.
    Help,
    /// While the message log is open: as under the help, only its keys apply (the help's
    /// scroll keys scroll it; Esc, the keys that open it and the keys that quit close it; the
    /// dismiss key dismisses).
    Log,
    /// While the export list is open: its keys come before the global ones (Esc closes it
    /// instead of quitting), and the other global keys keep working.
    Export,
    /// While the algorithm or the solver list is open: its keys come before the global ones
    /// (Enter picks, Esc closes it instead of quitting), and the other global keys keep
    /// working.
    Picker,
    /// In play mode: its keys come before the global ones (the arrows walk, Esc leaves play
    /// mode instead of quitting), and the other global keys keep working.
    Play,
}

impl Context {
    /// Whether one key press can be read in both contexts, so that a key bound in both is
    /// ambiguous: a pane's keys meet the global ones, not the other pane's.
    /// Play mode's, the export list's and the pickers' keys shadow the global ones instead: a key may mean one thing while playing
    /// and another otherwise.
    pub fn meets(self, other: Context) -> bool {
        let shadows = |a: Context, b: Context| {
            matches!(a, Context::Play | Context::Export | Context::Picker) && b == Context::Global
        };
        if shadows(self, other) || shadows(other, self) {
            return false;
        }
        // Under the help (or the log) nothing else applies, so its keys meet only each other.
        for alone in [Context::Help, Context::Log] {
            if self == alone || other == alone {
                return self == other;
            }
        }
        self == other || self == Context::Global || other == Context::Global
    }
}

/// An action, the keys that ask for it, and how the screen describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub context: Context,
    pub action: Action,
    /// In the order the screen lists them; the first is the one the footer shows. Empty when
    /// the user's keys took them all.
    pub keys: Vec<KeyPress>,
    /// The help overlay's description.
    pub help: &'static str,
    /// The footer's short label, for the bindings the footer shows.
    pub footer: Option<&'static str>,
}

impl Binding {
    /// The action's name in the keys file.
    pub fn name(&self) -> &'static str {
        action_name(self.action).expect("bound actions have names")
    }

    /// The keys as the help overlay lists them: `q 4 Esc`, or `(none)`.
    pub fn keys_label(&self) -> String {
        match self.keys.as_slice() {
            [] => "(none)".to_owned(),
            keys => keys
                .iter()
                .map(|key| key.label())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

/// The key bindings, in the order the help overlay lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        Keymap::built_in()
    }
}

/// A row of the built-in table.
struct Row {
    context: Context,
    keys: &'static [KeyPress],
    action: Action,
    help: &'static str,
    footer: Option<&'static str>,
}

const fn row(
    context: Context,
    keys: &'static [KeyPress],
    action: Action,
    help: &'static str,
    footer: Option<&'static str>,
) -> Row {
    Row {
        context,
        keys,
        action,
        help,
        footer,
    }
}

const fn pan(towards: Dir) -> Action {
    Action::Pan {
        towards,
        big: false,
    }
}

const fn walk(towards: Dir) -> Action {
    Action::Walk {
        towards,
        run: false,
    }
}

const fn ch(c: char) -> KeyPress {
    KeyPress::char(c)
}

const fn named(code: KeyCode) -> KeyPress {
    KeyPress::plain(code)
}

use Context::{Canvas, Export, Global, Help, Log, Picker, Play, Themes};
const ENTER: KeyPress = named(KeyCode::Enter);
/// In raw mode the terminal sends Ctrl-Z as a key, not a signal: it suspends, as in a shell.
/// (Ctrl-C and Ctrl-\ always quit: see [`Keymap::interrupts`].)
const CTRL_Z: KeyPress = KeyPress::ctrl('z');
const ESC: KeyPress = named(KeyCode::Esc);
const TAB: KeyPress = named(KeyCode::Tab);
const LEFT: KeyPress = named(KeyCode::Left);
const RIGHT: KeyPress = named(KeyCode::Right);
const UP: KeyPress = named(KeyCode::Up);
const DOWN: KeyPress = named(KeyCode::Down);
const HOME: KeyPress = named(KeyCode::Home);
const END: KeyPress = named(KeyCode::End);

/// The built-in bindings, in the order the help overlay lists them. The digits are the
/// subject's own menu (1 regenerate, 2 path, 3 colours, 4 quit). Shift with a pan key pans half
/// a screen, so `H` (Shift+h) needs no row of its own.
#[rustfmt::skip]
const BUILT_IN: &[Row] = &[
    row(Global, &[ch('r'), ch('1')], Action::Regenerate, "new maze with a new seed", Some("new")),
    row(Global, &[ch('a')], Action::AlgorithmList, "pick the generation algorithm, same seed", Some("algorithm")),
    row(Global, &[ch('v')], Action::SolverList, "pick the solver, solve again", Some("solver")),
    // No built-in key: `a` and `v` open the lists. A keys file may bind them to cycle blind.
    row(Global, &[], Action::NextAlgorithm, "next algorithm, no list (keys.toml)", None),
    row(Global, &[], Action::NextSolver, "next solver, no list (keys.toml)", None),
    row(Picker, &[UP, ch('k')], Action::PickerUp, "previous entry in the list", None),
    row(Picker, &[DOWN, ch('j')], Action::PickerDown, "next entry in the list", None),
    row(Picker, &[ch('i')], Action::PickerInfo, "about it: how, texture, speed", Some("about")),
    row(Picker, &[ENTER], Action::PickerChoose, "use it (a new maze, or solve again)", Some("use")),
    row(Picker, &[ESC], Action::ClosePicker, "close the list, nothing changed", Some("close")),
    row(Global, &[ch('p'), ch('2')], Action::TogglePath, "show or hide the solution", Some("path")),
    row(Global, &[ch('t'), ch('3')], Action::NextTheme, "next theme", Some("theme")),
    row(Global, &[ch('T')], Action::PreviousTheme, "previous theme", None),
    row(Global, &[ch('s')], Action::Save, "save the maze to OUTPUT_FILE", Some("save")),
    row(Global, &[ch('e')], Action::Export, "export: SVG, PNG, PDF or animated", Some("export")),
    row(Export, &[UP, ch('k')], Action::ExportUp, "previous export in the list", None),
    row(Export, &[DOWN, ch('j')], Action::ExportDown, "next export in the list", None),
    row(Export, &[ENTER], Action::WriteExport, "write it next to OUTPUT_FILE", Some("write")),
    row(Export, &[ESC], Action::CloseExport, "close the export list", Some("close")),
    row(Canvas, &[ENTER], Action::Finish, "finish carving and solving now", Some("finish")),
    row(Themes, &[ENTER], Action::PickCursorTheme, "keep the theme under the cursor", Some("keep theme")),
    row(Global, &[ch('?')], Action::ToggleHelp, "this help", Some("help")),
    row(Global, &[ch('q'), ch('4'), ESC], Action::Quit, "quit", Some("quit")),
    row(Global, &[ch('x')], Action::DismissWarning, "dismiss the warning about your files", Some("dismiss warning")),
    row(Global, &[CTRL_Z], Action::Suspend, "suspend to the shell (fg comes back)", None),
    row(Global, &[ch(' ')], Action::TogglePause, "pause or resume the animation", Some("pause")),
    row(Global, &[ch('n')], Action::Step, "one step (while paused)", None),
    row(Global, &[ch('+'), ch('=')], Action::Faster, "animate faster", Some("faster")),
    row(Global, &[ch('-')], Action::Slower, "animate slower", Some("slower")),
    row(Global, &[ch('z')], Action::ToggleZoom, "view: fit / 1:1 / 1:4 / whole maze", Some("zoom")),
    row(Global, &[ch('d')], Action::ToggleHeat, "heatmap: distance from the entry", None),
    row(Global, &[ch('E')], Action::Centre(Place::Entry), "centre the view on the entry", None),
    row(Global, &[ch('X')], Action::Centre(Place::Exit), "centre the view on the exit", None),
    row(Global, &[ch('C')], Action::Centre(Place::Head), "centre the view on the carving head", None),
    row(Global, &[TAB], Action::ToggleFocus, "switch focus: maze / theme list", Some("themes")),
    row(Global, &[ch('o')], Action::OpenFile, "open a maze file (Tab completes)", Some("open")),
    row(Global, &[ch(']')], Action::NextProblem, "next problem of an opened file", Some("next problem")),
    row(Global, &[ch('[')], Action::PreviousProblem, "previous problem of an opened file", None),
    row(Canvas, &[LEFT, ch('h')], pan(Dir::West), "pan left (Shift: half a screen)", None),
    row(Canvas, &[DOWN, ch('j')], pan(Dir::South), "pan down (Shift: half a screen)", None),
    row(Canvas, &[UP, ch('k')], pan(Dir::North), "pan up (Shift: half a screen)", None),
    row(Canvas, &[RIGHT, ch('l')], pan(Dir::East), "pan right (Shift: half a screen)", None),
    row(Themes, &[UP, ch('k')], Action::CursorUp, "previous theme in the list (shown at once)", None),
    row(Themes, &[DOWN, ch('j')], Action::CursorDown, "next theme in the list (shown at once)", None),
    row(Global, &[ch('g')], Action::TogglePlay, "play: walk to the exit", Some("play")),
    row(Play, &[LEFT, ch('h')], walk(Dir::West), "walk left (Shift runs)", None),
    row(Play, &[DOWN, ch('j')], walk(Dir::South), "walk down (Shift runs)", None),
    row(Play, &[UP, ch('k')], walk(Dir::North), "walk up (Shift runs)", None),
    row(Play, &[RIGHT, ch('l')], walk(Dir::East), "walk right (Shift runs)", None),
    row(Play, &[ch('f')], Action::ToggleFog, "fog: draw only what was seen", Some("fog")),
    row(Play, &[ESC], Action::LeavePlay, "leave play mode (g too)", Some("leave")),
    row(Global, &[ch(',')], Action::Scrub(Scrub::Back), "replay: one step back (pauses)", Some("replay")),
    row(Global, &[ch('.')], Action::Scrub(Scrub::Forward), "replay: one step forward", None),
    row(Global, &[ch('<')], Action::Scrub(Scrub::BackFar), "replay: a tenth of the carving back", None),
    row(Global, &[ch('>')], Action::Scrub(Scrub::ForwardFar), "replay: a tenth of the carving forward", None),
    row(Global, &[HOME], Action::Scrub(Scrub::Start), "replay: the start of the carving", None),
    row(Global, &[END], Action::Scrub(Scrub::End), "replay: back to the live maze", None),
    row(Global, &[ch('R')], Action::Race, "race this algorithm and the next three", Some("race")),
    row(Global, &[ch('W')], Action::WriteConfig, "first run: write out config.txt", None),
    row(Global, &[ch('b')], Action::ToggleSidebar, "show or fold the sidebar", None),
    row(Global, &[ch('m')], Action::ToggleLog, "the message log: what was said, when", None),
    row(Help, &[DOWN, ch('j')], Action::ScrollHelp(HelpScroll::Down), "scroll down a line", None),
    row(Help, &[UP, ch('k')], Action::ScrollHelp(HelpScroll::Up), "scroll up a line", None),
    row(Help, &[named(KeyCode::PageDown)], Action::ScrollHelp(HelpScroll::PageDown), "scroll down a page", None),
    row(Help, &[named(KeyCode::PageUp)], Action::ScrollHelp(HelpScroll::PageUp), "scroll up a page", None),
    row(Help, &[HOME, ch('g')], Action::ScrollHelp(HelpScroll::Top), "the top of the help", None),
    row(Help, &[END, ch('G')], Action::ScrollHelp(HelpScroll::Bottom), "the end of the help", None),
];

impl Keymap {
    /// Whether `event` is Ctrl-C or Ctrl-\ (read as Ctrl-4), which a terminal in raw mode
    /// sends as keys instead of SIGINT and SIGQUIT. They quit in every pane and under the help,
    /// whatever the user's keys file says, as they would end any other program.
    pub fn interrupts(event: &KeyEvent) -> bool {
        KeyPress::of_event(event).is_some_and(KeyPress::is_interrupt)
    }

    /// The bindings the program comes with.
    pub fn built_in() -> Keymap {
        let bindings = BUILT_IN
            .iter()
            .map(|row| Binding {
                context: row.context,
                action: row.action,
                keys: row.keys.to_vec(),
                help: row.help,
                footer: row.footer,
            })
            .collect();
        Keymap { bindings }
    }

    /// Every binding, in the order the help overlay lists them.
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// The binding the keys file calls `name`.
    pub fn binding_named(&self, name: &str) -> Option<&Binding> {
        self.bindings.iter().find(|binding| binding.name() == name)
    }

    /// The keys bound to `action` (an action of the table; the pans by direction).
    pub fn keys_for(&self, action: Action) -> &[KeyPress] {
        let name = action_name(action);
        self.bindings
            .iter()
            .find(|binding| action_name(binding.action) == name)
            .map_or(&[], |binding| binding.keys.as_slice())
    }

    /// How the first key bound to `action` is written, if it has one.
    pub fn first_key_label(&self, action: Action) -> Option<String> {
        self.keys_for(action).first().map(|key| key.label())
    }

    /// How the key that leaves a race is written, the one its footer names: Esc if it is one
    /// of the quit keys (Esc backs out, where `q` reads as quitting), else the first of them.
    pub fn leave_key_label(&self) -> Option<String> {
        let keys = self.keys_for(Action::Quit);
        let esc = keys.iter().find(|&&key| key == ESC);
        esc.or(keys.first()).map(|key| key.label())
    }

    /// The keys that close the help overlay: Esc, then the keys that open it.
    pub fn help_closing_keys(&self) -> Vec<KeyPress> {
        let mut keys = vec![ESC];
        let opening = self.keys_for(Action::ToggleHelp);
        keys.extend(opening.iter().filter(|&&key| key != ESC));
        keys
    }

    /// The action a key press asks for in `context` (`Canvas` or `Themes` for the focused
    /// pane, `Help` while the overlay is open).
    pub fn action_for(&self, event: KeyEvent, context: Context) -> Option<Action> {
        let key = KeyPress::of_event(&event)?;
        if context == Help {
            let closes = key == ESC
                || self.keys_for(Action::ToggleHelp).contains(&key)
                || self.keys_for(Action::Quit).contains(&key);
            if closes {
                return Some(Action::ToggleHelp);
            }
            return self
                .bindings
                .iter()
                .find(|b| b.context == Help && b.keys.contains(&key))
                .map(|b| b.action);
        }
        if context == Log {
            let closes = key == ESC
                || self.keys_for(Action::ToggleLog).contains(&key)
                || self.keys_for(Action::Quit).contains(&key);
            if closes {
                return Some(Action::ToggleLog);
            }
            if self.keys_for(Action::DismissWarning).contains(&key) {
                return Some(Action::DismissWarning);
            }
            // The help's scroll keys, which the log's layer answers.
            return self
                .bindings
                .iter()
                .find(|b| b.context == Help && b.keys.contains(&key))
                .map(|b| b.action);
        }
        if let Some(action) = self.lookup(key, context) {
            return Some(action);
        }
        // Shift on a pan key pans half a screen: Shift+← or H, when ← and h pan; on a walk key
        // it runs.
        match self.lookup(key.unshifted()?, context)? {
            Action::Pan { towards, .. } => Some(Action::Pan { towards, big: true }),
            Action::Walk { towards, .. } => Some(Action::Walk { towards, run: true }),
            _ => None,
        }
    }

    /// The action bound to `key` in `context`: the pane's own bindings come first (Enter
    /// finishes on the canvas but picks a theme in the list), then the global ones.
    fn lookup(&self, key: KeyPress, context: Context) -> Option<Action> {
        [context, Global].into_iter().find_map(|wanted| {
            self.bindings
                .iter()
                .find(|b| b.context == wanted && b.keys.contains(&key))
                .map(|b| b.action)
        })
    }

    /// The bindings the footer shows in `context`, in table order: those with a footer label
    /// and a key. In play mode and the export list their own come first, so a narrow footer drops
    /// global ones first.
    pub fn footer_bindings(&self, context: Context) -> impl Iterator<Item = &Binding> {
        let shown = |b: &&Binding| b.footer.is_some() && !b.keys.is_empty();
        let own_first = matches!(context, Play | Export | Picker);
        let leading = move |b: &&Binding| own_first && b.context == context;
        let rest = move |b: &&Binding| {
            (b.context == context && !own_first) || (b.context == Global && context != Help)
        };
        let first = self.bindings.iter().filter(shown).filter(leading);
        first.chain(self.bindings.iter().filter(shown).filter(rest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventKind, KeyModifiers};
    use std::collections::HashSet;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn action_for(event: KeyEvent, context: Context) -> Option<Action> {
        Keymap::built_in().action_for(event, context)
    }

    use KeyCode::{Char, Enter, Esc, Left, Right, Tab, Up};

    #[test]
    fn the_issue_keys_map_to_their_actions() {
        let canvas = |code| action_for(press(code), Canvas);
        assert_eq!(canvas(Char('r')), Some(Action::Regenerate));
        assert_eq!(canvas(Char('p')), Some(Action::TogglePath));
        assert_eq!(canvas(Char('t')), Some(Action::NextTheme));
        assert_eq!(canvas(Char('T')), Some(Action::PreviousTheme));
        assert_eq!(canvas(Char('s')), Some(Action::Save));
        assert_eq!(canvas(Char('q')), Some(Action::Quit));
        assert_eq!(canvas(Esc), Some(Action::Quit));
        assert_eq!(canvas(Char('z')), Some(Action::ToggleZoom));
        assert_eq!(canvas(Char('?')), Some(Action::ToggleHelp));
        assert_eq!(canvas(Char(' ')), Some(Action::TogglePause));
        assert_eq!(canvas(Char('n')), Some(Action::Step));
        assert_eq!(canvas(Enter), Some(Action::Finish));
        assert_eq!(canvas(Char('+')), Some(Action::Faster));
        assert_eq!(canvas(Char('=')), Some(Action::Faster));
        assert_eq!(canvas(Char('-')), Some(Action::Slower));
        assert_eq!(canvas(Tab), Some(Action::ToggleFocus));
        assert_eq!(canvas(Left), Some(pan(Dir::West)));
        assert_eq!(canvas(Char('j')), Some(pan(Dir::South)));
        assert_eq!(
            canvas(Char('K')),
            Some(Action::Pan {
                towards: Dir::North,
                big: true
            })
        );
        assert_eq!(canvas(Char('y')), None);
        assert_eq!(canvas(Char('V')), None, "Shift only matters to pans");
    }

    #[test]
    fn the_subjects_digits_work_too() {
        let canvas = |c| action_for(press(Char(c)), Canvas);
        assert_eq!(canvas('1'), Some(Action::Regenerate));
        assert_eq!(canvas('2'), Some(Action::TogglePath));
        assert_eq!(canvas('3'), Some(Action::NextTheme));
        assert_eq!(canvas('4'), Some(Action::Quit));
    }

    #[test]
    fn the_focused_pane_decides_arrows_and_enter() {
        assert_eq!(action_for(press(Up), Themes), Some(Action::CursorUp));
        assert_eq!(
            action_for(press(Char('j')), Themes),
            Some(Action::CursorDown)
        );
        assert_eq!(
            action_for(press(Enter), Themes),
            Some(Action::PickCursorTheme)
        );
        assert_eq!(
            action_for(press(Char('t')), Themes),
            Some(Action::NextTheme)
        );
        assert_eq!(action_for(press(Tab), Themes), Some(Action::ToggleFocus));
    }

    #[test]
    fn only_closing_keys_work_under_the_help() {
        assert_eq!(action_for(press(Esc), Help), Some(Action::ToggleHelp));
        assert_eq!(action_for(press(Char('?')), Help), Some(Action::ToggleHelp));
        assert_eq!(action_for(press(Char('q')), Help), Some(Action::ToggleHelp));
        assert_eq!(action_for(press(Char('r')), Help), None);
        let scroll = |scroll| Some(Action::ScrollHelp(scroll));
        assert_eq!(action_for(press(Char('j')), Help), scroll(HelpScroll::Down));
        assert_eq!(action_for(press(Up), Help), scroll(HelpScroll::Up));
        assert_eq!(
            action_for(press(KeyCode::PageDown), Help),
            scroll(HelpScroll::PageDown)
        );
        assert_eq!(
            action_for(press(KeyCode::End), Help),
            scroll(HelpScroll::Bottom)
        );
        assert_eq!(
            action_for(press(KeyCode::Home), Help),
            scroll(HelpScroll::Top)
        );
        // Out of the help, Home and End scrub the carving.
        assert_eq!(
            action_for(press(KeyCode::End), Canvas),
            Some(Action::Scrub(Scrub::End))
        );
        assert_eq!(Keymap::built_in().help_closing_keys(), [ESC, ch('?')]);
    }

    #[test]
    fn the_terminal_control_keys_quit_and_suspend_as_in_a_shell() {
        let ctrl = |c| KeyEvent::new(Char(c), KeyModifiers::CONTROL);
        assert!(Keymap::interrupts(&ctrl('c')));
        // What crossterm reads for Ctrl-\ (byte 0x1C).
        assert!(Keymap::interrupts(&ctrl('4')));
        assert!(!Keymap::interrupts(&press(Char('c'))));
        assert!(!Keymap::interrupts(&ctrl('z')));
        for context in [Canvas, Themes] {
            assert_eq!(action_for(ctrl('z'), context), Some(Action::Suspend));
        }
        assert_eq!(KeyPress::ctrl('4').to_string(), "Ctrl-\\");
        assert_eq!(KeyPress::ctrl('c').to_string(), "Ctrl-c");
    }

    #[test]
    fn shift_makes_a_big_pan_and_modifiers_or_releases_do_nothing() {
        let shifted = KeyEvent::new(Right, KeyModifiers::SHIFT);
        let big = Action::Pan {
            towards: Dir::East,
            big: true,
        };
        assert_eq!(action_for(shifted, Canvas), Some(big));
        let ctrl = KeyEvent::new(Char('r'), KeyModifiers::CONTROL);
        assert_eq!(action_for(ctrl, Canvas), None);
        let mut release = press(Char('r'));
        release.kind = KeyEventKind::Release;
        assert_eq!(action_for(release, Canvas), None);
    }

    #[test]
    fn no_key_means_two_things_where_contexts_meet() {
        let bindings = Keymap::built_in().bindings;
        let mut seen = HashSet::new();
        for (i, a) in bindings.iter().enumerate() {
            for b in &bindings[i + 1..] {
                if a.context.meets(b.context) {
                    for key in &a.keys {
                        assert!(
                            !b.keys.contains(key),
                            "{key} is {} and {}",
                            a.name(),
                            b.name()
                        );
                    }
                }
            }
            assert!(seen.insert(a.name()), "{} has two rows", a.name());
        }
    }

    #[test]
    fn built_in_labels_are_the_familiar_ones() {
        let keymap = Keymap::built_in();
        let label = |name| keymap.binding_named(name).unwrap().keys_label();
        assert_eq!(label("quit"), "q 4 Esc");
        assert_eq!(label("toggle-pause"), "Space");
        assert_eq!(label("pan-left"), "← h");
        assert_eq!(label("faster"), "+ =");
        assert_eq!(label("finish"), "Enter");
    }

    #[test]
    fn play_keys_come_before_the_global_ones_while_playing() {
        let play = |code| action_for(press(code), Play);
        let walk = |towards, run| Some(Action::Walk { towards, run });
        assert_eq!(play(Left), walk(Dir::West, false));
        assert_eq!(play(Char('j')), walk(Dir::South, false));
        assert_eq!(play(Char('K')), walk(Dir::North, true), "Shift runs");
        let shifted = KeyEvent::new(Right, KeyModifiers::SHIFT);
        assert_eq!(action_for(shifted, Play), walk(Dir::East, true));
        assert_eq!(
            play(Esc),
            Some(Action::LeavePlay),
            "Esc leaves instead of quitting"
        );
        assert_eq!(play(Char('f')), Some(Action::ToggleFog));
        assert_eq!(
            play(Char('g')),
            Some(Action::TogglePlay),
            "the global g leaves too"
        );
        assert_eq!(play(Char('q')), Some(Action::Quit));
        assert_eq!(play(Char('t')), Some(Action::NextTheme));
        assert_eq!(play(Enter), None, "the canvas's keys are not play's");
        // Out of play, the same keys pan and quit, and f means nothing.
        assert_eq!(action_for(press(Left), Canvas), Some(pan(Dir::West)));
        assert_eq!(action_for(press(Esc), Canvas), Some(Action::Quit));
        assert_eq!(action_for(press(Char('f')), Canvas), None);
        assert_eq!(
            action_for(press(Char('g')), Canvas),
            Some(Action::TogglePlay)
        );
        assert!(!Play.meets(Global) && !Global.meets(Play) && Play.meets(Play));
    }

    #[test]
    fn the_play_footer_leads_with_its_own_keys() {
        let keymap = Keymap::built_in();
        let labels: Vec<&str> = keymap
            .footer_bindings(Play)
            .map(|b| b.footer.unwrap())
            .collect();
        // The walking keys come first, as play's own hint (see `layer::Shows`).
        assert_eq!(labels[..2], ["fog", "leave"]);
        assert!(labels.contains(&"quit") && labels.contains(&"play"));
        assert!(!labels.contains(&"finish"));
    }

    #[test]
    fn the_footer_shows_each_pane_its_own_keys() {
        let keymap = Keymap::built_in();
        let labels = |c| {
            keymap
                .footer_bindings(c)
                .map(|b| b.footer.unwrap())
                .collect::<Vec<_>>()
        };
        assert!(labels(Canvas).contains(&"finish"));
        // Every mode has its key in the footer, when the terminal is wide enough.
        for mode in ["play", "replay", "race", "open"] {
            assert!(labels(Canvas).contains(&mode), "{mode}");
        }
        assert!(!labels(Canvas).contains(&"keep theme"));
        assert!(labels(Themes).contains(&"keep theme"));
        assert!(labels(Picker).starts_with(&["about", "use", "close"]));
        assert!(labels(Themes).contains(&"quit"));
        assert_eq!(labels(Help), Vec::<&str>::new());
    }
}
