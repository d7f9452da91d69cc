//! Race mode's screen: a pane a lane (side by side, or two by two for four), each with its
//! algorithm and step counter over the maze, the summary table once every lane is done, and
//! the race's own status and key lines.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Cell, Paragraph, Row, Table, Widget};

use super::{Lane, Race, Timing};
use crate::tui::kernel::action::Action;
use crate::tui::kernel::status::Status;
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::view::largest;
use crate::tui::view::pane::pane;
use crate::tui::view::roles::MazeRoles;
use crate::tui::viewport::blocks;
use mazegen::config::Config;
use mazegen::session::Phase;

mod layout;
mod side;

pub use layout::Lanes;

/// The race's screen in `area` (the whole terminal), as drawn (see [`layout`]).
pub fn lanes_of(area: Rect, race: &Race) -> Lanes {
    let maze_blocks = race.lanes.first().map_or((1, 1), |lane| {
        let options = lane.session.options();
        blocks(options.width, options.height)
    });
    layout::lay_out(area, race.lanes.len(), race.is_over(), maze_blocks)
}

/// The lanes' areas in `area` (the whole terminal), as drawn: where a click focuses one.
pub fn race_lanes(area: Rect, race: &Race) -> Vec<Rect> {
    lanes_of(area, race).lanes
}

/// What the race's screen shows besides the race: the theme, the config the lanes were made
/// from, the seed, the status message and the keys.
pub struct Around<'a> {
    pub theme: &'a Theme,
    pub config: &'a Config,
    pub seed: u64,
    pub status: Option<&'a Status>,
    pub keymap: &'a Keymap,
    /// The lane OUTPUT_FILE holds, if `s` saved one: its pane's title says so.
    pub saved_lane: Option<usize>,
}

pub fn draw(around: &Around, race: &Race, area: Rect, buf: &mut Buffer) {
    let theme = around.theme;
    let over = race.is_over();
    let layout = lanes_of(area, race);
    let config = around.config;
    let maze_blocks = blocks(config.width, config.height);
    for (index, lane) in race.lanes.iter().enumerate() {
        // OUTPUT_FILE holds this lane's maze (`s` saved it).
        let saved = (around.saved_lane == Some(index))
            .then(|| crate::tui::text::file_name(&config.output_file));
        if layout.beside {
            side::draw(
                theme,
                race,
                index,
                saved.as_deref(),
                layout.side(index),
                buf,
            );
        } else {
            let pane_area = layout.lanes[index];
            // The corners, and a dash before the right one.
            let room = usize::from(pane_area.width.saturating_sub(3));
            let title = lane_title(index, lane, saved.as_deref(), room);
            pane(&title, theme, index == race.focus).render(pane_area, buf);
        }
        let roles = MazeRoles::new(&lane.session, true);
        largest::draw(&roles, maze_blocks, theme, layout.maze(index), buf);
    }
    let palette = &theme.palette;
    if over && layout.beside {
        // The lanes' columns hold their numbers: what wins each is said under them.
        let line = Line::styled(format!(" {WINNERS}"), Style::new().fg(palette.muted));
        Paragraph::new(line).render(layout.below, buf);
    } else if over {
        summary(theme, race, layout.below, buf);
    }
    let (status, keys) = (layout.status, layout.keys);
    let base = Style::new().fg(palette.footer).bg(palette.background);
    let text = around.status.map_or_else(
        || format!("Race, seed {} · {}", around.seed, progress(race)),
        |s| s.text.clone(),
    );
    // Too long for the line, its first words whole, then `…`, as the dashboard's own.
    let text = crate::tui::view::footer::fitted(format!(" {text}"), usize::from(status.width));
    Paragraph::new(Line::styled(text, base))
        .style(base)
        .render(status, buf);
    let hints = race_keys(around.keymap, usize::from(keys.width));
    crate::tui::view::footer::draw_hints(hints, theme, keys, buf);
}

/// " 1 kruskal · 12345 steps · solving ": the lane's number, algorithm, steps and phase (the
/// times are in the summary), then OUTPUT_FILE's name and mark if the lane was `saved` there;
/// in `room` columns, whole words only: the steps lose their word, then the phase, the file's
/// name (its mark stays), the steps, the algorithm.
pub(crate) fn lane_title(index: usize, lane: &Lane, saved: Option<&str>, room: usize) -> String {
    let session = &lane.session;
    let state = match session.phase() {
        Phase::Carving => "",
        Phase::Solving => " · solving",
        Phase::Done => " · done",
    };
    let (number, algorithm) = (index + 1, lane.algorithm);
    let steps = session.carving_steps();
    let (file, mark) = match saved {
        Some(name) => (format!(" · {name} ✓"), " ✓"),
        None => (String::new(), ""),
    };
    crate::tui::text::first_fitting(
        [
            format!(" {number} {algorithm} · {steps} steps{state}{file} "),
            format!(" {number} {algorithm} · {steps}{state}{file} "),
            format!(" {number} {algorithm} · {steps}{file} "),
            format!(" {number} {algorithm} · {steps}{mark} "),
            format!(" {number} {algorithm}{mark} "),
            format!(" {number}{mark} "),
        ],
        room,
    )
}

/// "2 of 4 done": how far the race is.
fn progress(race: &Race) -> String {
    let done = race
        .lanes
        .iter()
        .filter(|l| l.finished_at.is_some())
        .count();
    format!("{done} of {} done", race.lanes.len())
}

/// The race's key line in `width` columns: what works in a race, with the keymap's keys,
/// whole hints only. Where they do not all fit, the least used go first (slower, faster,
/// pause, again, save, finish, next pane) and the help's key says that more keys exist; the
/// key that leaves the race always stays.
pub(crate) fn race_keys(keymap: &Keymap, width: usize) -> Vec<(String, &'static str)> {
    // Each with the order it is dropped in, first dropped first.
    let all: Vec<(String, &'static str, usize)> = [
        (Action::ToggleFocus, "next pane", 6),
        (Action::Save, "save pane", 4),
        (Action::TogglePause, "pause", 2),
        (Action::Faster, "faster", 1),
        (Action::Slower, "slower", 0),
        (Action::Finish, "finish", 5),
        (Action::Race, "again", 3),
    ]
    .into_iter()
    .filter_map(|(action, label, drop)| Some((keymap.first_key_label(action)?, label, drop)))
    .collect();
    let leave = keymap.leave_key_label().map(|key| (key, "leave race"));
    let more = keymap
        .first_key_label(Action::ToggleHelp)
        .map(|key| (key, crate::tui::view::footer::MORE_KEYS));
    let columns = |hints: &[(String, &str)]| -> usize {
        hints
            .iter()
            .map(|(key, label)| key.chars().count() + label.chars().count() + 3)
            .sum()
    };
    let mut kept = all.clone();
    loop {
        let mut hints: Vec<(String, &'static str)> = kept
            .iter()
            .map(|(key, label, _)| (key.clone(), *label))
            .collect();
        if kept.len() < all.len() {
            hints.extend(more.clone());
        }
        hints.extend(leave.clone());
        let least = kept.iter().enumerate().min_by_key(|(_, hint)| hint.2);
        match least {
            Some((at, _)) if columns(&hints) > width => {
                kept.remove(at);
            }
            _ => return hints,
        }
    }
}

/// Which end of a summary column wins it.
#[derive(Clone, Copy)]
enum Best {
    Least,
    Most,
}

/// A lane's number in a summary column: as compared, and as shown.
type Value = (f64, String);

/// One number column of the summary: its header, which end wins, and each lane's value (as
/// compared) and text (as shown); `None` for a lane that has none.
struct Column {
    header: &'static str,
    best: Best,
    cells: Vec<Option<Value>>,
}

/// The least room the times take, so the column does not widen as they arrive ("12.35 ms").
const TIME_ROOM: usize = 8;

impl Column {
    /// The winning value, if one lane alone has it: a tie stars nobody, since four lanes
    /// starred for the same number win nothing.
    fn winner(&self) -> Option<f64> {
        let values = || self.cells.iter().flatten().map(|(value, _)| *value);
        let best = match self.best {
            Best::Least => values().reduce(f64::min),
            Best::Most => values().reduce(f64::max),
        }?;
        (values().filter(|&value| value == best).count() == 1).then_some(best)
    }
}

/// What wins each column, in the columns' order: said under the table, so the stars mean
/// something. Short enough for the bottom border of an 80-column summary.
pub const WINNERS: &str =
    "★ fewest steps, most dead ends, longest path, most river, first, fastest";

/// The marker after a column's winning number (a unique best; a tie has none), and the blank
/// after the others, so the numbers stay aligned.
const STAR: &str = " ★";
const NO_STAR: &str = "  ";

/// The summary's number columns, from the lanes.
fn columns(race: &Race) -> Vec<Column> {
    let lanes = &race.lanes;
    let column = |header, best, cell: &dyn Fn(usize, &Lane) -> Option<Value>| Column {
        header,
        best,
        cells: lanes
            .iter()
            .enumerate()
            .map(|(i, lane)| cell(i, lane))
            .collect(),
    };
    let count = |n: u64| Some((n as f64, n.to_string()));
    let stats = |lane: &Lane| lane.session.stats().cloned();
    vec![
        column("steps", Best::Least, &|_, lane| {
            count(lane.session.carving_steps())
        }),
        column("dead ends", Best::Most, &|_, lane| {
            stats(lane).and_then(|s| count(s.dead_ends))
        }),
        column("path", Best::Most, &|_, lane| {
            lane.session.solution().and_then(|p| count(p.len() as u64))
        }),
        column("river", Best::Most, &|_, lane| {
            let river = stats(lane)?.river_factor * 100.0;
            Some((river.round(), format!("{river:.0}%")))
        }),
        column("finish", Best::Least, &|_, lane| {
            let at = lane.finished_at?.as_secs_f64();
            // Compared as shown, so two lanes shown alike both win.
            Some(((at * 10.0).round(), format!("{at:.1} s")))
        }),
        column("time", Best::Least, &|index, _| {
            own_time(&race.timing, index)
        }),
    ]
}

/// The summary table: a row a lane, its numbers right-aligned, each column's winner starred.
fn summary(theme: &Theme, race: &Race, area: Rect, buf: &mut Buffer) {
    let palette = &theme.palette;
    let columns = columns(race);
    let right = |text: String, style: Style| Cell::from(Line::styled(text, style).right_aligned());
    let header = Row::new(
        std::iter::once(Cell::from("algorithm")).chain(
            columns
                .iter()
                .map(|c| right(format!("{}{NO_STAR}", c.header), Style::new())),
        ),
    )
    .style(Style::new().fg(palette.muted));
    let winners: Vec<Option<f64>> = columns.iter().map(Column::winner).collect();
    let won = Style::new().fg(palette.accent).add_modifier(Modifier::BOLD);
    let rows = race.lanes.iter().enumerate().map(|(index, lane)| {
        let numbers =
            columns
                .iter()
                .zip(&winners)
                .map(|(column, winner)| match &column.cells[index] {
                    Some((value, text)) if Some(*value) == *winner => {
                        right(format!("{text}{STAR}"), won)
                    }
                    Some((_, text)) => right(format!("{text}{NO_STAR}"), Style::new()),
                    None => right(
                        format!("{}{NO_STAR}", own_dash(&race.timing, column)),
                        Style::new(),
                    ),
                });
        Row::new(std::iter::once(Cell::from(lane.algorithm.name())).chain(numbers))
    });
    let width = |column: &Column| {
        let longest = column
            .cells
            .iter()
            .flatten()
            .map(|(_, t)| t.chars().count());
        let least = if column.header == "time" {
            TIME_ROOM
        } else {
            1
        };
        longest
            .chain([column.header.len(), least])
            .max()
            .unwrap_or(1) as u16
            + 2
    };
    // The names whole (the longest, `growing-tree-newest`, is 19 characters), and the columns
    // closer where two spaces apart would not fit.
    let names = race
        .lanes
        .iter()
        .map(|lane| lane.algorithm.name().len())
        .chain(["algorithm".len()])
        .max()
        .unwrap_or(0) as u16;
    let numbers: Vec<u16> = columns.iter().map(width).collect();
    let spread = names + numbers.iter().sum::<u16>() + 2 * numbers.len() as u16 + 2;
    let spacing = if spread <= area.width { 2 } else { 1 };
    let widths = std::iter::once(Constraint::Length(names))
        .chain(numbers.into_iter().map(Constraint::Length));
    Table::new(rows, widths)
        .header(header)
        .column_spacing(spacing)
        .block(
            pane(" Race summary ", theme, false).title_bottom(Line::styled(
                format!(" {WINNERS} "),
                Style::new().fg(palette.muted),
            )),
        )
        .render(area, buf);
}

/// What a lane with no value shows: "…" for a time still being measured, else "–".
fn own_dash(timing: &Timing, column: &Column) -> &'static str {
    match timing {
        Timing::Asked(_) if column.header == "time" => "…",
        _ => "–",
    }
}

/// A lane's own time, carving and solving at full speed, once measured: compared and
/// shown in hundredths of a millisecond.
fn own_time(timing: &Timing, lane: usize) -> Option<(f64, String)> {
    let Timing::Timed(times) = timing else {
        return None;
    };
    let ms = times.get(lane).copied().flatten()?.as_secs_f64() * 1000.0;
    Some(((ms * 100.0).round(), format!("{ms:.2} ms")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(best: Best, values: &[Option<f64>]) -> Column {
        Column {
            header: "dead ends",
            best,
            cells: values
                .iter()
                .map(|value| value.map(|v| (v, v.to_string())))
                .collect(),
        }
    }

    /// A unique best is starred; a best that lanes share is not (the summary once read
    /// "2 ★" four times over in its dead ends).
    #[test]
    fn only_a_unique_best_wins_a_column() {
        let most = |values: &[Option<f64>]| column(Best::Most, values).winner();
        let least = |values: &[Option<f64>]| column(Best::Least, values).winner();
        assert_eq!(most(&[Some(2.0), Some(5.0), None, Some(3.0)]), Some(5.0));
        assert_eq!(least(&[Some(2.0), Some(5.0), None, Some(3.0)]), Some(2.0));
        assert_eq!(most(&[Some(2.0), Some(2.0), Some(2.0), Some(2.0)]), None);
        assert_eq!(least(&[Some(4.0), Some(1.0), Some(1.0)]), None);
        // A tie below the best does not matter.
        assert_eq!(most(&[Some(1.0), Some(1.0), Some(3.0)]), Some(3.0));
        assert_eq!(most(&[None, None]), None);
        assert_eq!(most(&[Some(7.0)]), Some(7.0));
    }
}
