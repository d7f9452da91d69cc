//! The studio's side of the screen: the facts about the maze and the animation, its gauge,
//! and the solvers compared, and what the canvas legend says (the root draws the legend and
//! the shared theme list beside them). It draws from the studio's state and what it is handed ([`Around`]), never
//! the whole `Model`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{LineGauge, Paragraph, Widget};

use super::Studio;
use crate::tui::kernel::action::Action;
use crate::tui::keymap::Keymap;
use crate::tui::layout::Panes;
use crate::tui::pace::Pace;
use crate::tui::text::{compact, first_fitting, solver_label, two_counts};
use crate::tui::theme::Theme;
use crate::tui::view::pane::pane;
use crate::tui::view::roles::Role;
use crate::tui::view::sidebar::{short_number, titled_with_key};
use mazegen::config::Config;
use mazegen::session::Phase;
use mazegen::session::Session;
use mazegen::{Solver, Stamp};

/// What the studio's panes show besides its own state: the theme, the keys, the config, the
/// pace, and the maze on screen (the replayed moment while scrubbing, else the live maze).
pub struct Around<'a> {
    pub theme: &'a Theme,
    pub keymap: &'a Keymap,
    pub config: &'a Config,
    pub pace: &'a Pace,
    pub shown: &'a Session,
}

pub fn draw(studio: &Studio, around: &Around, screen: &Panes, buf: &mut Buffer) {
    facts(studio, around, screen.facts, buf);
    solvers(studio, around, screen.solvers, buf);
}

fn facts(studio: &Studio, around: &Around, area: Rect, buf: &mut Buffer) {
    let theme = around.theme;
    let label = Style::new().fg(theme.palette.muted);
    let row = |name: &'static str, value: String| {
        Line::from(vec![
            Span::styled(format!("{name:<10} "), label),
            Span::raw(value),
        ])
    };
    let config = around.config;
    let maze = around.shown;
    let kind = if config.perfect {
        "perfect".to_owned()
    } else {
        format!("board, braid {}", config.braid)
    };
    let pace = around.pace;
    let pace_text = match (studio.phase(), pace.is_paused()) {
        (Phase::Done, _) => format!("speed {}", pace.multiplier()),
        (_, true) => format!("paused · speed {}", pace.multiplier()),
        (_, false) => format!(
            "{} steps/s · {}",
            short_number(pace.steps_per_second()),
            pace.multiplier()
        ),
    };
    let stats = maze.stats();
    let or_dash = |value: Option<String>| value.unwrap_or_else(|| "–".to_owned());
    let stamp = match stats {
        None => "–".to_owned(),
        Some(_) if maze.grid().stamp().is_some() => "placed".to_owned(),
        Some(_) if config.courtyard => "no room beside the courtyard".to_owned(),
        Some(_) => format!("too small (< {}x{})", Stamp::MIN_WIDTH, Stamp::MIN_HEIGHT),
    };
    let percent = |share: f64| format!("{:.0}%", share * 100.0);
    // Not " Maze ": that is the canvas's title.
    let block = pane(" Statistics ", theme, false);
    let inner = block.inner(area);
    // A big maze's counts outgrow the value column: they shrink to compact numbers, then
    // the words beside them to short ones.
    let room = usize::from(inner.width).saturating_sub(11);
    let counted = |(a, b): (u64, u64), word: &str, short: &str| two_counts(a, word, short, b, room);
    // Least important last: a short terminal cuts the pane from the bottom.
    let lines =
        vec![
            row("Size", format!("{} x {}", config.width, config.height)),
            row("Seed", studio.seed().to_string()),
            // A stand-in's is the algorithm of the maze being made.
            row("Algorithm", maze.options().algorithm.to_string()),
            row("Kind", kind),
            row("Entry/exit", format!("{} → {}", config.entry, config.exit)),
            Line::default(),
            Line::default(), // the gauge
            row("Cells", cells_text(studio, maze)),
            row("Pace", pace_text),
            row(
                "Shortest",
                or_dash(stats.and_then(|s| s.path_length.zip(s.path_share)).map(
                    |(steps, share)| {
                        let share = percent(share);
                        first_fitting(
                            [
                                format!("{steps} steps · {share}"),
                                format!("{} steps · {share}", compact(steps)),
                            ],
                            room,
                        )
                    },
                )),
            ),
            row(
                "Difficulty",
                or_dash(
                    maze.difficulty()
                        .map(|d| format!("{} ({:.0})", d.level, d.score)),
                ),
            ),
            row(
                "Dead ends",
                or_dash(stats.map(|s| counted((s.dead_ends, s.junctions), "junctions", "junct."))),
            ),
            row(
                "Loops",
                or_dash(stats.map(|s| counted((s.loops, s.longest_corridor), "corridor", "corr."))),
            ),
            row("River", or_dash(stats.map(|s| percent(s.river_factor)))),
            row("42", stamp),
        ];
    block.render(area, buf);
    Paragraph::new(lines).render(inner, buf);
    let gauge_row = Rect::new(inner.x, inner.y + 6, inner.width, 1).intersection(inner);
    gauge(studio, maze, theme, gauge_row, buf);
}

/// The counts behind the gauge, of the maze `maze` shown.
fn cells_text(studio: &Studio, maze: &Session) -> String {
    if studio.showing_stand_in {
        return "–".to_owned();
    }
    let (visited, open) = maze.carving_progress();
    let count = |n: u64| short_number(n as f64);
    match maze.phase() {
        Phase::Carving => format!("{} / {} carved", count(visited), count(open)),
        Phase::Solving => format!("{} / {} searched", count(maze.searched()), count(open)),
        Phase::Done => format!("{} searched", count(maze.searched())),
    }
}

/// The progress of the current phase of `maze`, the maze shown.
fn gauge(studio: &Studio, maze: &Session, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let (name, done, total) = match maze.phase() {
        _ if studio.showing_stand_in => ("Making", 0, 1),
        Phase::Carving if maze.is_braiding() => ("Braiding", 1, 1),
        Phase::Carving if maze.is_linking() => ("Linking", 1, 1),
        Phase::Carving => {
            let (visited, open) = maze.carving_progress();
            ("Carving", visited, open)
        }
        Phase::Solving => ("Solving", maze.searched(), maze.carving_progress().1),
        Phase::Done => ("Done", 1, 1),
    };
    let ratio = if total == 0 {
        1.0
    } else {
        (done as f64 / total as f64).clamp(0.0, 1.0)
    };
    let palette = &theme.palette;
    LineGauge::default()
        .ratio(ratio)
        .label(Span::styled(
            format!("{name:<10} {:>3.0}%", ratio * 100.0),
            Style::new().fg(palette.muted),
        ))
        .filled_style(Style::new().fg(palette.accent))
        .unfilled_style(Style::new().fg(palette.border))
        .render(area, buf);
}

/// Every solver with what it did on this maze, so they can be compared; the watched one is
/// marked, and shows its live count while it runs.
fn solvers(studio: &Studio, around: &Around, area: Rect, buf: &mut Buffer) {
    let theme = around.theme;
    let palette = &theme.palette;
    // The key of the list, or of the blind cycling if a keys file gave the list's key to it.
    let keymap = around.keymap;
    let title = match keymap.keys_for(Action::SolverList) {
        [] => titled_with_key(keymap, "Solvers", Action::NextSolver),
        _ => titled_with_key(keymap, "Solvers", Action::SolverList),
    };
    let block = pane(&title, theme, false);
    let inner = block.inner(area);
    block.render(area, buf);
    let maze = around.shown;
    let watched = maze.solver();
    let header = Line::styled(
        format!("  {:<13}{:>8}{:>7}", "solver", "visited", "path"),
        Style::new().fg(palette.muted),
    );
    let row = |solver: Solver| {
        let current = solver == watched;
        let run = maze.runs().iter().find(|r| r.solver == solver);
        let (visited, path) = match (current, studio.phase(), run) {
            (true, Phase::Solving, _) => (short_number(maze.searched() as f64), "…".to_owned()),
            (_, _, Some(run)) => (
                short_number(run.visited as f64),
                run.path_len.map_or_else(
                    || "lost".to_owned(),
                    // The column holds six digits.
                    |n| first_fitting([n.to_string(), compact(n as u64)], 6),
                ),
            ),
            _ => ("–".to_owned(), "–".to_owned()),
        };
        let marker = if current { "▸ " } else { "  " };
        let style = Style::new().fg(if current {
            palette.accent
        } else {
            palette.text
        });
        Line::styled(
            format!("{marker}{:<13}{visited:>8}{path:>7}", solver_label(solver)),
            style,
        )
    };
    // The watched solver always gets a row, even when the pane is short.
    let rows = usize::from(inner.height.saturating_sub(1));
    let first = Solver::ALL
        .iter()
        .position(|&s| s == watched)
        .map_or(0, |at| (at + 1).saturating_sub(rows));
    let lines: Vec<Line> = std::iter::once(header)
        .chain(Solver::ALL.iter().skip(first).map(|&s| row(s)))
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

/// What each colour (or glyph) on the canvas means.
pub const CANVAS_LEGEND: [(Role, &str); 9] = [
    (Role::Wall, "wall"),
    (Role::Entry, "entry"),
    (Role::Exit, "exit"),
    (Role::Path, "path"),
    (Role::Stamp, "42"),
    (Role::Head, "head"),
    (Role::Frontier, "stack"),
    (Role::Visited, "seen"),
    (Role::Unvisited, "to do"),
];
