//! Race mode's screen: a pane a lane (side by side, or two by two for four), each with its
//! algorithm and step counter over the maze, the summary table once every lane is done, and
//! the race's own status and key lines.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Cell, Paragraph, Row, Table, Widget};

use super::{Lane, Race, Timing};
use crate::tui::kernel::action::Action;
use crate::tui::kernel::status::Status;
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::view::canvas;
use crate::tui::view::pane::pane;
use crate::tui::view::roles::MazeRoles;
use crate::tui::viewport::{Viewport, blocks};
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
}

pub fn draw(around: &Around, race: &Race, area: Rect, buf: &mut Buffer) {
    let theme = around.theme;
    let over = race.is_over();
    let panes = race_lanes(area, race.lanes.len(), over);
    let config = around.config;
    let maze_blocks = blocks(config.width, config.height);
    let viewport = Viewport::fitting();
    for (index, (lane, &pane_area)) in race.lanes.iter().zip(&panes).enumerate() {
        let title = lane_title(index, lane);
        let block = pane(&title, theme, index == race.focus);
        let inner = block.inner(pane_area);
        block.render(pane_area, buf);
        let roles = MazeRoles::new(&lane.session, true);
        canvas::draw(&roles, &viewport, maze_blocks, theme, inner, buf);
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
    let leave = leave_key(keymap);
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

/// The key that leaves a race: Esc if it is one of the quit keys, else the first of them.
pub fn leave_key(keymap: &Keymap) -> Option<String> {
    let keys = keymap.keys_for(Action::Quit);
    let esc = keys.iter().find(|key| key.label() == "Esc");
    esc.or(keys.first()).map(|key| key.label())
}

/// The summary table: a row a lane.
fn summary(theme: &Theme, race: &Race, area: Rect, buf: &mut Buffer) {
    let palette = &theme.palette;
    let header = Row::new(
        [
            "algorithm",
            "steps",
            "dead ends",
            "path",
            "river",
            "finish",
            "time",
        ]
        .map(Cell::from),
    )
    .style(Style::new().fg(palette.muted));
    let rows = race.lanes.iter().enumerate().map(|(index, lane)| {
        let session = &lane.session;
        let stats = session.measures().map(|m| &m.stats);
        let dash = || "–".to_owned();
        let path = session
            .solution()
            .map_or_else(dash, |path| path.len().to_string());
        Row::new([
            Cell::from(lane.algorithm.name()),
            Cell::from(session.carving_steps().to_string()),
            Cell::from(stats.map_or_else(dash, |s| s.dead_ends.to_string())),
            Cell::from(path),
            Cell::from(stats.map_or_else(dash, |s| format!("{:.0}%", s.river_factor * 100.0))),
            Cell::from(
                lane.finished_at
                    .map_or_else(dash, |at| format!("{:.1} s", at.as_secs_f64())),
            ),
            Cell::from(own_time(&race.timing, index)),
        ])
    });
    let widths = [
        Constraint::Length(20),
        Constraint::Length(10),
        Constraint::Length(10),
        Constraint::Length(8),
        Constraint::Length(6),
        Constraint::Length(8),
        Constraint::Length(10),
    ];
    Table::new(rows, widths)
        .header(header)
        .block(pane(" Race summary ", theme, false))
        .render(area, buf);
}

/// A lane's own time, carving and solving at full speed: "…" while it is measured.
fn own_time(timing: &Timing, lane: usize) -> String {
    match timing {
        Timing::NotAsked => "–".to_owned(),
        Timing::Asked(_) => "…".to_owned(),
        Timing::Timed(times) => match times.get(lane).copied().flatten() {
            Some(time) => format!("{:.2} ms", time.as_secs_f64() * 1000.0),
            None => "–".to_owned(),
        },
    }
}
