//! The help overlay (`?`), its text laid out, how far it scrolls, and its drawing: every binding of the keymap (the user's keys included), grouped by where it
//! applies, and what the mouse does. The keys that do something now come first, the innermost
//! layer's own leading (the same answer the footer reads, see [`Now`]); the others follow
//! under "Not now" headings, dimmed, as a reference. It takes as many columns as the width allows, down to
//! one, and scrolls (with a scrollbar) when the terminal is too short for it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Margin, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Clear, Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget,
};

use crate::tui::kernel::action::HelpScroll;
use crate::tui::keymap::{Binding, Context, Keymap};
use crate::tui::layer;
use crate::tui::message::Action;
use crate::tui::model::Model;
use crate::tui::theme::Theme;
use crate::tui::view::pane::pane;

/// What the help overlay lists as usable: what the layer list says acts now.
pub(crate) fn now(model: &Model) -> Now<'_> {
    Now {
        context: layer::context_under_help(model),
        acts: Box::new(|binding| layer::acts_now(model, binding)),
        racing: layer::Layer::Race.is_open(model),
    }
}

/// The narrowest keys column (with the space after the keys), so short keys line their
/// descriptions up the same way.
const MIN_KEY_COLUMN: usize = 9;

/// What a click and the wheel do, as `update::mouse_action` and the race answer them.
const MOUSE: [(&str, &str); 8] = [
    ("click", "on the maze: give it the keys"),
    ("click", "on the minimap: go there (or drag)"),
    ("drag", "on the maze: pan it"),
    ("click", "on a theme: use it"),
    ("click", "on a race lane: focus it"),
    ("wheel", "over the maze: pan (Shift: sideways)"),
    ("wheel", "over the theme list: move the cursor"),
    ("wheel", "over this help: scroll it"),
];

/// The overlay laid out for a terminal of `area`: its place, its columns of lines, and how far
/// it can scroll.
struct Sheet<'a> {
    popup: Rect,
    columns: Vec<Vec<Line<'a>>>,
    /// The rows inside the border.
    visible: u16,
    /// The first row shown when scrolled to the end (0 when everything fits).
    last_offset: u16,
}

/// What the keys do now, as the layer list answers it (see [`crate::tui::layer::acts_now`]):
/// the help lists those first, and the others under "Not now" headings, as a reference.
pub struct Now<'n> {
    /// The keymap context keys are read in once the help closes (the focused pane's, play's
    /// the export list's or a picker's).
    pub context: Context,
    /// Whether a binding of that context or a global one does something now.
    pub acts: Box<dyn Fn(&Binding) -> bool + 'n>,
    /// Whether a race is on: its lanes take the clicks, and there is no theme list.
    pub racing: bool,
}

/// A heading and its lines.
type Section<'a> = Vec<Line<'a>>;

fn sheet<'a>(theme: &Theme, keymap: &'a Keymap, now: &Now, area: Rect) -> Sheet<'a> {
    let titled = |action: Action, name: &str| match keymap.first_key_label(action) {
        Some(key) => format!("{name} ({key})"),
        None => name.to_owned(),
    };
    // Where each context's keys apply, as its heading says it.
    let title_of = |context: Context| match context {
        Context::Global => "Anywhere".to_owned(),
        Context::Canvas => "Maze view".to_owned(),
        Context::Themes => titled(Action::ToggleFocus, "Theme list"),
        Context::Play => titled(Action::TogglePlay, "Play mode"),
        Context::Export => titled(Action::Export, "Export list"),
        Context::Picker => match (
            keymap.first_key_label(Action::AlgorithmList),
            keymap.first_key_label(Action::SolverList),
        ) {
            (Some(a), Some(v)) => format!("Algorithm and solver lists ({a} {v})"),
            _ => "Algorithm and solver lists".to_owned(),
        },
        Context::Help => "This help".to_owned(),
        Context::Log => titled(Action::ToggleLog, "Message log"),
    };
    let mouse: Vec<(&str, &str)> = MOUSE
        .iter()
        .copied()
        .filter(|(_, does)| {
            let lane = does.contains("race lane");
            // A race takes every click and the wheel over the screen (see `update`'s
            // mouse arms): only the help's own wheel stays.
            if now.racing {
                lane || does.contains("this help")
            } else {
                !lane
            }
        })
        .collect();
    let key_column = keymap
        .bindings()
        .iter()
        .map(|b| b.keys_label().chars().count() + 1)
        .chain(MOUSE.iter().map(|(what, _)| what.chars().count() + 1))
        .max()
        .unwrap_or(0)
        .max(MIN_KEY_COLUMN);
    let longest_help = keymap
        .bindings()
        .iter()
        .map(|b| b.help.chars().count())
        .chain(MOUSE.iter().map(|(_, does)| does.chars().count()))
        .max()
        .unwrap_or(0);
    // A column's width: a space, the keys column and the longest description.
    let column_width = u16::try_from(1 + key_column + longest_help).unwrap_or(u16::MAX);
    let heading = Style::new()
        .fg(theme.palette.accent)
        .add_modifier(Modifier::BOLD);
    let key = Style::new().fg(theme.palette.accent);
    // What does nothing now is dimmed, under a heading that says so.
    let dim = Style::new()
        .fg(theme.palette.footer)
        .add_modifier(Modifier::DIM);
    let entry = |keys: String, help: &'a str, key: Style, text: Style| {
        Line::from(vec![
            Span::styled(format!(" {keys:<key_column$}"), key),
            Span::styled(help, text),
        ])
    };
    // The replay and race keys apply anywhere, but get a heading of their own, so that the
    // columns stay even.
    let replay_or_race = |action: Action| matches!(action, Action::Scrub(_) | Action::Race);
    let acts = |b: &Binding| b.context == Context::Help || (now.acts)(b);
    let section = |context: Context, replay: bool, acting: bool| -> Section<'a> {
        let mut title = if replay {
            "Replay and race".to_owned()
        } else {
            title_of(context)
        };
        let (heading, key, text) = if acting {
            (heading, key, Style::new())
        } else {
            // "Not now: play mode (g)": lower case, so it reads as one heading.
            let mut chars = title.chars();
            let first = chars.next().map(|c| c.to_lowercase().collect::<String>());
            title = format!("Not now: {}{}", first.unwrap_or_default(), chars.as_str());
            (dim, dim, dim)
        };
        let entries: Vec<Line<'a>> = keymap
            .bindings()
            .iter()
            .filter(|b| b.context == context && replay_or_race(b.action) == replay)
            .filter(|b| acts(b) == acting && !b.keys.is_empty())
            // Writing the config out is for a first run only: with a config, never.
            .filter(|b| acting || b.action != Action::WriteConfig)
            .map(|b| entry(b.keys_label(), b.help, key, text))
            .collect();
        if entries.is_empty() {
            return Vec::new();
        }
        let mut lines = vec![Line::styled(title, heading)];
        lines.extend(entries);
        lines
    };
    let mut mouse_lines = vec![Line::styled("Mouse", heading)];
    mouse_lines.extend(
        mouse
            .iter()
            .map(|&(what, does)| entry(what.to_owned(), does, key, Style::new())),
    );
    // What acts now first, the innermost layer's own keys leading; then the rest, marked as
    // not available now; the help's own keys last.
    let mut sections = vec![
        section(now.context, false, true),
        section(Context::Global, false, true),
        section(Context::Global, true, true),
        mouse_lines,
    ];
    for context in [now.context, Context::Global] {
        sections.push(section(context, false, false));
    }
    sections.push(section(Context::Global, true, false));
    for context in [
        Context::Canvas,
        Context::Themes,
        Context::Play,
        Context::Export,
        Context::Picker,
    ] {
        if context != now.context {
            sections.push(section(context, false, false));
        }
    }
    // The actions without a key (the user's keys.toml can give one), by name.
    let unbound: Vec<Line<'a>> = keymap
        .bindings()
        .iter()
        .filter(|b| b.keys.is_empty())
        .map(|b| entry(String::new(), b.help, dim, dim))
        .collect();
    if !unbound.is_empty() {
        sections.push(
            std::iter::once(Line::styled("No key (keys.toml can give one)", dim))
                .chain(unbound)
                .collect(),
        );
    }
    // The help's own keys end the list.
    sections.push(section(Context::Help, false, true));
    sections.retain(|section| !section.is_empty());
    // As many columns as the terminal's width allows (up to three), so the list fits the
    // fewest rows; one column when narrow, scrolled.
    let count = if area.width >= column_width.saturating_mul(3) + 4 {
        3
    } else if area.width >= column_width.saturating_mul(2) + 4 {
        2
    } else {
        1
    };
    let columns = balanced(sections, count);
    let rows = u16::try_from(columns.iter().map(Vec::len).max().unwrap_or(0)).unwrap_or(u16::MAX);
    let width = column_width
        .saturating_mul(columns.len() as u16)
        .saturating_add(2)
        .min(area.width);
    // Centred between the title row and the status and key lines, clear of all three: the
    // footer's way to close the help stays in sight, and neither the title nor a message
    // shows cut at the box's edge (a short terminal).
    let height = rows.saturating_add(2).min(area.height.saturating_sub(3));
    let mut popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    let status_line = area.bottom().saturating_sub(2);
    if popup.bottom() > status_line {
        popup.y = status_line.saturating_sub(height).max(area.y + 1);
    }
    let visible = height.saturating_sub(2);
    Sheet {
        popup,
        columns,
        visible,
        last_offset: rows.saturating_sub(visible),
    }
}

/// The sections in `count` columns, in order, split where the tallest column is shortest.
fn balanced(sections: Vec<Section<'_>>, count: usize) -> Vec<Vec<Line<'_>>> {
    // A column's height: its lines and a blank line between each two sections.
    let height = |part: &[Section]| -> usize {
        part.iter().map(Vec::len).sum::<usize>() + part.len().saturating_sub(1)
    };
    let n = sections.len();
    // The first section of each column after the first: every way to cut, the best kept.
    let mut best: Option<(usize, Vec<usize>)> = None;
    let mut cuts = vec![0; count.saturating_sub(1)];
    loop {
        let mut bounds = vec![0];
        bounds.extend(cuts.iter().copied());
        bounds.push(n);
        // No empty column, unless there are fewer sections than columns.
        if bounds
            .windows(2)
            .all(|w| w[0] < w[1] || (n < count && w[0] <= w[1]))
        {
            let tallest = bounds
                .windows(2)
                .map(|w| height(&sections[w[0]..w[1]]))
                .max()
                .unwrap_or(0);
            if best.as_ref().is_none_or(|(rows, _)| tallest < *rows) {
                best = Some((tallest, bounds));
            }
        }
        // The next combination of cuts, like an odometer.
        let Some(i) = cuts.iter().rposition(|&cut| cut < n) else {
            break;
        };
        cuts[i] += 1;
        for later in &mut cuts[i + 1..] {
            *later = 0;
        }
    }
    let bounds = best.map_or_else(|| vec![0, n], |(_, bounds)| bounds);
    let mut sections = sections.into_iter();
    bounds
        .windows(2)
        .map(|w| spaced(sections.by_ref().take(w[1] - w[0])))
        .filter(|column| !column.is_empty())
        .collect()
}

/// The sections one after the other, a blank line between each two.
fn spaced<'a>(sections: impl Iterator<Item = Section<'a>>) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    for (i, section) in sections.enumerate() {
        if i > 0 {
            lines.push(Line::default());
        }
        lines.extend(section);
    }
    lines
}

/// The first row shown after `scroll` from `offset`, in a terminal of `area`: never past the
/// row that shows the last line at the bottom.
pub fn scrolled(
    theme: &Theme,
    keymap: &Keymap,
    now: &Now,
    area: Rect,
    offset: u16,
    scroll: HelpScroll,
) -> u16 {
    let sheet = sheet(theme, keymap, now, area);
    let page = sheet.visible.saturating_sub(1).max(1);
    let offset = offset.min(sheet.last_offset);
    let moved = match scroll {
        HelpScroll::Up => offset.saturating_sub(1),
        HelpScroll::Down => offset.saturating_add(1),
        HelpScroll::PageUp => offset.saturating_sub(page),
        HelpScroll::PageDown => offset.saturating_add(page),
        HelpScroll::Top => 0,
        HelpScroll::Bottom => sheet.last_offset,
    };
    moved.min(sheet.last_offset)
}

/// Draws the overlay over `area`, its text scrolled down `offset` rows.
pub fn draw(theme: &Theme, keymap: &Keymap, now: &Now, offset: u16, area: Rect, buf: &mut Buffer) {
    let Sheet {
        popup,
        columns,
        visible,
        last_offset,
    } = sheet(theme, keymap, now, area);
    let offset = offset.min(last_offset);
    Clear.render(popup, buf);
    let closing: Vec<String> = keymap
        .help_closing_keys()
        .iter()
        .take(2)
        .map(|key| key.label())
        .collect();
    let title = if last_offset > 0 {
        format!(" Keys · {} closes · j k scroll ", closing.join(" or "))
    } else {
        format!(" Keys · {} closes ", closing.join(" or "))
    };
    let block = pane(&title, theme, true);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let count = columns.len();
    let areas = Layout::horizontal(vec![Constraint::Fill(1); count]).split(inner);
    for (lines, column) in columns.into_iter().zip(areas.iter()) {
        Paragraph::new(lines)
            .scroll((offset, 0))
            .render(*column, buf);
    }
    if last_offset > 0 {
        // Drawn over the right border. The state's content length is the scroll positions,
        // so the thumb reaches the bottom exactly when the last line is shown.
        let mut state = ScrollbarState::new(usize::from(last_offset) + 1)
            .position(usize::from(offset))
            .viewport_content_length(usize::from(visible));
        Scrollbar::new(ScrollbarOrientation::VerticalRight)
            .style(Style::new().fg(theme.palette.accent))
            .render(popup.inner(Margin::new(0, 1)), buf, &mut state);
    }
}
