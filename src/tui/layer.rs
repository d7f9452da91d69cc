//! Who takes a key: the dashboard's layers, innermost first. One list, read by the input layer
//! (which keymap context a key is looked up in), by `update` (which part answers an action) and
//! by the footer, the help overlay and the status line (which keys they show as usable, what
//! is said), so that they never disagree.
//!
//! | layer     | open when                 | takes                                                |
//! |-----------|---------------------------|------------------------------------------------------|
//! | prompt    | the `o` prompt is open    | every key, as text (Ctrl-C, Ctrl-Z and Ctrl-\ aside) |
//! | help      | the overlay is open       | the keys that close it (Ctrl-C, Ctrl-Z aside)        |
//! | log       | the message log is open   | its scroll keys, `x`, and the keys that close it     |
//! | export    | the `e` list is open      | its cursor keys, Enter (writes), Esc and `q` (close) |
//! | picker    | the `a` or `v` list is    | its cursor keys, `i` (info), Enter (passes the pick  |
//! |           | open                      | on), Esc and `q` (close); opened by the studio below |
//! | play      | a round is on             | its walk/fog/leave keys; refuses `v` and `p`         |
//! | race      | a race is on              | `q` `s` Tab Enter `R`; refuses what needs one maze   |
//! | replay    | a moment is replayed      | Space and `q`/Esc (back to live)                     |
//! | inspector | a file is open            | `o` `]` `[` always; on a file `r` `a` (closing it),  |
//! |           |                           | `v` `s` `e`, and what moves nothing there            |
//! | studio    | always                    | the rest, and `q`/Esc: back to the maze from the     |
//! |           |                           | theme list, else quit                                |
//!
//! Ctrl-C and Ctrl-\ are no layer's: they quit from every one (see [`Action::Interrupt`]).
//!
//! [`Action::Interrupt`]: super::kernel::action::Action::Interrupt

#[cfg(test)]
mod tests;
pub(crate) mod transition;

use mazegen::Dir;
use mazegen::session::Phase;

use super::kernel::action::{Action, Place};
use super::kernel::log::WARNING_RETURNS;
use super::kernel::status::{Status, StatusKind};
use super::keymap::{Binding, Context, KeyPress};
use super::model::{Focus, Model};
use super::modes::play::update as play;
use super::modes::replay::update as replay;

/// A part of the dashboard that can hold the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Prompt,
    Help,
    Log,
    Export,
    Picker,
    Play,
    Race,
    Replay,
    Inspector,
    Studio,
}

impl Layer {
    /// Innermost first: the first open layer that answers a key takes it.
    pub const ORDER: [Layer; 10] = [
        Layer::Prompt,
        Layer::Help,
        Layer::Log,
        Layer::Export,
        Layer::Picker,
        Layer::Play,
        Layer::Race,
        Layer::Replay,
        Layer::Inspector,
        Layer::Studio,
    ];

    /// Whether the layer is open now (the studio always is). An action visits every layer in
    /// turn whether open or not, since some keys open their layer (`o`, `g`, `R`).
    pub fn is_open(self, model: &Model) -> bool {
        match self {
            Layer::Prompt => model.stack.inspect.is_prompting(),
            Layer::Help => model.help_is_open(),
            Layer::Log => model.log.is_open(),
            Layer::Export => model.stack.export.is_open(),
            Layer::Picker => model.stack.picker.is_open(),
            Layer::Play => model.is_playing(),
            Layer::Race => model.race().is_some(),
            Layer::Replay => model.replay().is_scrubbing(),
            Layer::Inspector => model.stack.inspect.file().is_some(),
            Layer::Studio => true,
        }
    }
}

/// What a layer is in the mode stack: the base (the studio, or the inspector on an opened
/// file), an activity on it (at most one: play, a race, a replay), or an overlay over both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    Overlay,
    Activity,
    Base,
}

impl Layer {
    /// Where the layer sits in the mode stack.
    pub fn tier(self) -> Tier {
        match self {
            Layer::Prompt | Layer::Help | Layer::Log | Layer::Export | Layer::Picker => {
                Tier::Overlay
            }
            Layer::Play | Layer::Race | Layer::Replay => Tier::Activity,
            Layer::Inspector | Layer::Studio => Tier::Base,
        }
    }
}

/// The activity running on the base, if any: at most one is ever open (the root's
/// transitions end one or refuse the other, see `layer/transition.rs`).
pub fn activity(model: &Model) -> Option<Layer> {
    open(model).find(|layer| layer.tier() == Tier::Activity)
}

/// The base under everything: the inspector while a file is open, else the studio.
pub fn base(model: &Model) -> Layer {
    open(model)
        .find(|layer| layer.tier() == Tier::Base)
        .unwrap_or(Layer::Studio)
}

/// The open layers, innermost first.
pub fn open(model: &Model) -> impl Iterator<Item = Layer> + '_ {
    Layer::ORDER
        .into_iter()
        .filter(|layer| layer.is_open(model))
}

/// The innermost open layer: the one that has the keyboard.
pub fn innermost(model: &Model) -> Layer {
    open(model).next().unwrap_or(Layer::Studio)
}

/// The keymap context keys are looked up in: the help's, play's, or the focused pane's.
pub fn key_context(model: &Model) -> Context {
    match innermost(model) {
        Layer::Help => Context::Help,
        layer => context_of(layer, model),
    }
}

/// The keymap context keys will be looked up in once the help closes: the one the help's
/// "now" sections describe.
pub fn context_under_help(model: &Model) -> Context {
    let under = open(model).find(|layer| !matches!(layer, Layer::Prompt | Layer::Help));
    context_of(under.unwrap_or(Layer::Studio), model)
}

/// The keymap context of a layer other than the help: play's, the export list's, or the
/// focused pane's.
fn context_of(layer: Layer, model: &Model) -> Context {
    match layer {
        Layer::Log => Context::Log,
        Layer::Export => Context::Export,
        Layer::Picker => Context::Picker,
        Layer::Play => Context::Play,
        _ => match model.focus() {
            Focus::Canvas => Context::Canvas,
            Focus::Themes => Context::Themes,
        },
    }
}

/// Whether `binding` does something now, once the help is closed: it belongs to the context
/// keys are read in (or is global, with a key that context leaves to it) and
/// [`does_something`] says its action does. The help overlay lists exactly these as usable,
/// as the footer shows exactly these.
pub fn acts_now(model: &Model, binding: &Binding) -> bool {
    let context = context_under_help(model);
    let shadowed = |key: &KeyPress| {
        model
            .keymap()
            .bindings()
            .iter()
            .any(|b| b.context == context && b.keys.contains(key))
    };
    let reached = binding.context == context
        || (binding.context == Context::Global
            && (binding.keys.is_empty() || !binding.keys.iter().all(shadowed)));
    reached && does_something(model, binding.action)
}

/// Whether `action` does something now, as the open layers would answer it: the footer shows
/// a key only then. Play refuses the solver and the path; nothing moves on a finished maze,
/// so finishing, pausing and stepping do nothing there (but pausing returns to the live maze
/// while a moment is replayed); an opened file has no animation, no SVG export and no heatmap,
/// and there is a head to centre on only while something is carved or searched; only an
/// opened file has problems to go through.
pub fn does_something(model: &Model, action: Action) -> bool {
    if transition::refusal(model, action).is_some() {
        return false;
    }
    let file = Layer::Inspector.is_open(model);
    let playing = Layer::Play.is_open(model);
    // Under a round the animation is not on screen: its keys are not offered.
    let moving = !file && !playing && model.phase() != Phase::Done;
    match action {
        Action::TogglePath | Action::NextSolver | Action::SolverList => !playing,
        // Esc leaves play mode; `g` does too, but the footer names one way out. A file whose
        // walls do not hold cannot be played.
        Action::TogglePlay => !playing && (!file || model.stack.inspect.walls_hold()),
        Action::NextProblem | Action::PreviousProblem => {
            model.stack.inspect.has_problems_to_visit()
        }
        // Without a config naming OUTPUT_FILE, an opened file has nowhere to be written.
        Action::Save => !file || model.stack.inspect.can_save(),
        Action::TogglePause => moving || Layer::Replay.is_open(model),
        Action::Finish | Action::Step => moving,
        Action::Faster | Action::Slower => !file && !playing,
        Action::Export | Action::ToggleHeat => !file,
        Action::Centre(Place::Head) => !file && model.shown_session().head().is_some(),
        // The race draws its lanes over the whole screen, with no sidebar.
        Action::ToggleSidebar => !Layer::Race.is_open(model),
        // Only while the warning about the user's files is up.
        Action::DismissWarning => model.log.warning().is_some(),
        Action::ToggleZoom => zoom_changes_the_view(model),
        // Only a first run has the built-in config to write out.
        Action::WriteConfig => model.stack.studio.built_in_config,
        _ => true,
    }
}

/// Whether `z` would change the view: not when the whole maze is in view at 1:1 or larger
/// and the fit view draws it (see [`Viewport::next_zoom`](super::viewport::Viewport)).
pub fn zoom_changes_the_view(model: &Model) -> bool {
    let canvas = model.screen().map_or((0, 0), |s| s.canvas_size());
    let viewport = model.viewport();
    viewport.next_zoom(model.maze_blocks(), canvas) != viewport.zoom()
}

/// How the footer calls `action` now, in place of its binding's `label`: the pause key
/// resumes while paused or replaying; in a picker's info panel, `i` and Esc go back to the
/// list.
pub fn footer_label(model: &Model, action: Action, label: &'static str) -> &'static str {
    let info = model.stack.picker.shows_info();
    match action {
        Action::PickerInfo if info => "list",
        Action::ClosePicker if info => "back",
        Action::TogglePause if model.pace().is_paused() || Layer::Replay.is_open(model) => "resume",
        // `q` backs out of the layer on top; it quits only from the bare dashboard.
        Action::Quit if Layer::Picker.is_open(model) && info => "back",
        Action::Quit if Layer::Picker.is_open(model) || Layer::Export.is_open(model) => "close",
        Action::Quit if Layer::Replay.is_open(model) || model.focus() == Focus::Themes => "back",
        _ => label,
    }
}

/// What a layer on the stack shows of itself, beside what it draws: the footer's own hints
/// (the keys the keymap's footer labels do not cover: the replay's scrub keys, the theme list's
/// cursor) and the legend of the colours it puts on the canvas. The footer and the sidebar ask
/// the stack ([`own_hints`], [`legend`]), never a mode directly.
pub trait Shows {
    /// Each hint's actions (their first keys, joined) and its label; the footer leaves those
    /// actions' own bindings out.
    fn hints(self, model: &Model) -> Vec<(Vec<Action>, &'static str)>;
    /// What its colours mean, if it puts any on the canvas.
    fn legend(self, model: &Model) -> Option<Legend>;
    /// Whose the canvas's title is, if it is this layer's.
    fn title(self, model: &Model) -> Option<Title>;
    /// What it has to say on the status line of its own state, as that state is now (the
    /// replay's keys, the round's keys or how to play again), once no fresh message holds the
    /// line.
    fn status(self, model: &Model) -> Option<String>;
}

/// Whose the canvas's title is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Title {
    /// The view's name (fit, 1:1, whole, the cells in view) and whether OUTPUT_FILE holds it.
    View,
    /// The same, after the REPLAY badge.
    Replay,
    /// The round's: play, the fog, won or caught, and the way out.
    Play,
}

/// Which legend the sidebar shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legend {
    /// The carving's and the solving's roles.
    Carving,
    /// The heatmap's distances, with the roles it leaves their colours.
    Heat,
    /// A round's walker, chasers and trail.
    Play,
    /// An opened file's problems.
    Problems,
}

impl Shows for Layer {
    fn hints(self, _model: &Model) -> Vec<(Vec<Action>, &'static str)> {
        use super::kernel::action::Scrub;
        match self {
            Layer::Replay => vec![
                (
                    vec![Action::Scrub(Scrub::Back), Action::Scrub(Scrub::Forward)],
                    "step",
                ),
                (
                    vec![
                        Action::Scrub(Scrub::BackFar),
                        Action::Scrub(Scrub::ForwardFar),
                    ],
                    "tenth",
                ),
                (vec![Action::Scrub(Scrub::Start)], "start"),
                (vec![Action::Scrub(Scrub::End)], "live"),
            ],
            // The four ways to walk, as the status line names them.
            Layer::Play => vec![(
                [Dir::West, Dir::South, Dir::North, Dir::East]
                    .map(|towards| Action::Walk {
                        towards,
                        run: false,
                    })
                    .to_vec(),
                "walk, Shift runs",
            )],
            _ => Vec::new(),
        }
    }

    fn legend(self, model: &Model) -> Option<Legend> {
        match self {
            Layer::Play => Some(Legend::Play),
            Layer::Inspector => Some(Legend::Problems),
            Layer::Studio if model.heat.on && model.shown_session().maze().is_some() => {
                Some(Legend::Heat)
            }
            Layer::Studio => Some(Legend::Carving),
            _ => None,
        }
    }

    fn status(self, model: &Model) -> Option<String> {
        match self {
            Layer::Replay => replay::status(&model.stack.replay, model.keymap()),
            Layer::Play => play::status(&model.stack.play, model.keymap()),
            _ => None,
        }
    }

    fn title(self, _model: &Model) -> Option<Title> {
        match self {
            Layer::Play => Some(Title::Play),
            Layer::Replay => Some(Title::Replay),
            Layer::Inspector | Layer::Studio => Some(Title::View),
            _ => None,
        }
    }
}

/// Whose the canvas's title is: the first open layer's, from the top, that titles it (see
/// [`Shows::title`]).
pub fn title(model: &Model) -> Title {
    open(model)
        .find_map(|layer| layer.title(model))
        .unwrap_or(Title::View)
}

/// The footer's own hints, while the keys are read in a pane's context (not under the help,
/// the log or a list): the theme list's cursor first while it has the focus, whatever layer
/// is under it, then the top layer's (see [`Shows::hints`]).
pub fn own_hints(model: &Model) -> Vec<(Vec<Action>, &'static str)> {
    if !matches!(
        key_context(model),
        Context::Canvas | Context::Themes | Context::Play
    ) {
        return Vec::new();
    }
    let mut hints = Vec::new();
    if model.focus() == Focus::Themes {
        hints.push((vec![Action::CursorUp, Action::CursorDown], "choose"));
    }
    hints.extend(innermost(model).hints(model));
    hints
}

/// The legend of what is on the canvas: the first open layer's, from the top, that puts
/// colours there (see [`Shows::legend`]).
pub fn legend(model: &Model) -> Legend {
    open(model)
        .find_map(|layer| layer.legend(model))
        .unwrap_or(Legend::Carving)
}

/// How long a message keeps the status line from the open layers' own texts: as long as it
/// keeps it from the warning about the user's files, so that it can be read.
pub const MESSAGE_HOLDS: std::time::Duration = WARNING_RETURNS;

/// What the status line says: a message said less than [`MESSAGE_HOLDS`] ago (or the warning
/// about the user's files, which [`Model::status`] brings back), else the first open layer's,
/// from the top, that has something to say of its own state (see [`Shows::status`]), else the
/// newest message.
pub fn status(model: &Model) -> Option<Status> {
    let said = model.status();
    let fresh = model.status.is_some() && model.log.since_said() < MESSAGE_HOLDS;
    if fresh || model.log.warning().is_some() {
        return said.cloned();
    }
    open(model)
        .find_map(|layer| layer.status(model))
        .map(|text| Status::new(StatusKind::Info, text))
        .or_else(|| said.cloned())
}
