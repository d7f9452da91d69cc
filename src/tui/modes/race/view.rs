//! Race mode's screen: a pane a lane (side by side, or two by two for four), each with its
//! algorithm and step counter over the maze, the summary table once every lane is done, and
//! the race's own status and key lines.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
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

/// Rows of the summary: its border, its header and a row a lane.
fn summary_height(lanes: usize) -> u16 {
    3 + lanes as u16
}

/// The lanes' panes in `area` (the whole terminal), as drawn: side by side for two or three,
/// two by two for four, above the summary once the race is over.
pub fn race_lanes(area: Rect, lanes: usize, over: bool) -> Vec<Rect> {
    let [main, _status, _keys] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let summary = if over { summary_height(lanes) } else { 0 };
    let [panes, _summary] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(summary)]).areas(main);
    let columns = |area: Rect, count: usize| -> Vec<Rect> {
        Layout::horizontal(vec![Constraint::Fill(1); count])
            .split(area)
            .to_vec()
    };
    if lanes == 4 {
        let [top, bottom] =
            Layout::vertical([Constraint::Fill(1), Constraint::Fill(1)]).areas(panes);
        let mut all = columns(top, 2);
        all.extend(columns(bottom, 2));
        all
    } else {
        columns(panes, lanes)
    }
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
    let panes = race_lanes(area, race.lanes.len(), over);
    let config = around.config;
    let maze_blocks = blocks(config.width, config.height);
    for (index, (lane, &pane_area)) in race.lanes.iter().zip(&panes).enumerate() {
        let mut title = lane_title(index, lane);
        if around.saved_lane == Some(index) {
            // OUTPUT_FILE holds this lane's maze (`s` saved it).
            title.push_str(&format!(
                "· {} ✓ ",
                crate::tui::text::file_name(&config.output_file)
            ));
        }
        let block = pane(&title, theme, index == race.focus);
        let inner = block.inner(pane_area);
        block.render(pane_area, buf);
        let roles = MazeRoles::new(&lane.session, true);
        largest::draw(&roles, maze_blocks, theme, inner, buf);
    }
    let [main, status, keys] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    if over {
        let [_, summary_area] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(summary_height(race.lanes.len())),
        ])
        .areas(main);
        summary(theme, race, summary_area, buf);
    }
    let palette = &theme.palette;
    let base = Style::new().fg(palette.footer).bg(palette.background);
    let text = around.status.map_or_else(
        || format!("Race, seed {} · {}", around.seed, progress(race)),
        |s| s.text.clone(),
    );
    Paragraph::new(Line::styled(format!(" {text}"), base))
        .style(base)
        .render(status, buf);
    crate::tui::view::footer::draw_hints(race_keys(around.keymap), theme, keys, buf);
}

/// " 1 kruskal · 12345 steps · solving ": the lane's number, algorithm, steps and phase (the
/// times are in the summary).
fn lane_title(index: usize, lane: &Lane) -> String {
    let session = &lane.session;
    let state = match session.phase() {
        Phase::Carving => "",
        Phase::Solving => " · solving",
        Phase::Done => " · done",
    };
    format!(
        " {} {} · {} steps{state} ",
        index + 1,
        lane.algorithm,
        session.carving_steps()
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

/// The race's key line: what works in a race, with the keymap's keys.
fn race_keys(keymap: &Keymap) -> Vec<(String, &'static str)> {
    let leave = keymap.leave_key_label();
    [
        (Action::ToggleFocus, "next pane"),
        (Action::Save, "save pane"),
        (Action::TogglePause, "pause"),
        (Action::Faster, "faster"),
        (Action::Slower, "slower"),
        (Action::Finish, "finish"),
        (Action::Race, "again"),
    ]
    .into_iter()
    .filter_map(|(action, label)| Some((keymap.first_key_label(action)?, label)))
    .chain(leave.map(|key| (key, "leave race")))
    .collect()
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
    let widths = std::iter::once(Constraint::Length(16))
        .chain(columns.iter().map(|c| Constraint::Length(width(c))));
    Table::new(rows, widths)
        .header(header)
        .column_spacing(2)
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
