//! The right-hand panes: facts about the maze and the animation, the theme list, the legend.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{LineGauge, Paragraph, Widget};

use super::roles::Role;
use super::{paint, pane};
use crate::tui::layout::{Screen, theme_scroll};
use crate::tui::message::Action;
use crate::tui::model::{Focus, Model};
use crate::tui::text::solver_label;
use crate::tui::theme::Theme;
use mazegen::Phase;
use mazegen::grid::{STAMP_MIN_HEIGHT, STAMP_MIN_WIDTH};
use mazegen::solve::Solver;

pub fn draw(model: &Model, screen: &Screen, buf: &mut Buffer) {
    facts(model, screen.facts, buf);
    solvers(model, screen.solvers, buf);
    themes(model, screen.themes_pane, buf);
    if let Some(area) = screen.legend {
        legend(model.theme(), &CANVAS_LEGEND, area, buf);
    }
}

fn facts(model: &Model, area: Rect, buf: &mut Buffer) {
    let theme = model.theme();
    let label = Style::new().fg(theme.palette.muted);
    let row = |name: &'static str, value: String| {
        Line::from(vec![
            Span::styled(format!("{name:<10} "), label),
            Span::raw(value),
        ])
    };
    let config = model.config();
    let maze = model.shown_session();
    let kind = if config.perfect {
        "perfect".to_owned()
    } else {
        format!("board, braid {}", config.braid)
    };
    let pace = model.pace();
    let pace_text = match (model.phase(), pace.is_paused()) {
        (Phase::Done, _) => format!("speed {}", pace.multiplier()),
        (_, true) => format!("paused · speed {}", pace.multiplier()),
        (_, false) => format!(
            "{} steps/s · {}",
            short_number(pace.steps_per_second()),
            pace.multiplier()
        ),
    };
    let measures = maze.measures();
    let stats = measures.map(|m| &m.stats);
    let or_dash = |value: Option<String>| value.unwrap_or_else(|| "–".to_owned());
    let stamp = match measures {
        None => "–".to_owned(),
        Some(m) if m.stamp_placed => "placed".to_owned(),
        Some(_) if config.courtyard => "no room beside the courtyard".to_owned(),
        Some(_) => format!("too small (< {STAMP_MIN_WIDTH}x{STAMP_MIN_HEIGHT})"),
    };
    let percent = |share: f64| format!("{:.0}%", share * 100.0);
    // Least important last: a short terminal cuts the pane from the bottom.
    let lines = vec![
        row("Size", format!("{} x {}", config.width, config.height)),
        row("Seed", model.seed().to_string()),
        // A stand-in's is the algorithm of the maze being made.
        row("Algorithm", maze.options().algorithm.to_string()),
        row("Kind", kind),
        row("Entry/exit", format!("{} → {}", config.entry, config.exit)),
        Line::default(),
        Line::default(), // the gauge
        row("Cells", cells_text(model)),
        row("Pace", pace_text),
        row(
            "Shortest",
            or_dash(
                stats
                    .and_then(|s| s.path_length.zip(s.path_share))
                    .map(|(steps, share)| format!("{steps} steps · {}", percent(share))),
            ),
        ),
        row(
            "Dead ends",
            or_dash(stats.map(|s| format!("{} · junctions {}", s.dead_ends, s.junctions))),
        ),
        row(
            "Loops",
            or_dash(stats.map(|s| format!("{} · corridor {}", s.loops, s.longest_corridor))),
        ),
        row("River", or_dash(stats.map(|s| percent(s.river_factor)))),
        row("42", stamp),
    ];
    let block = pane(" Maze ", theme, false);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(lines).render(inner, buf);
    let gauge_row = Rect::new(inner.x, inner.y + 6, inner.width, 1).intersection(inner);
    gauge(model, theme, gauge_row, buf);
}

/// The counts behind the gauge.
fn cells_text(model: &Model) -> String {
    if model.has_no_maze() {
        return "–".to_owned();
    }
    let maze = model.shown_session();
    let (visited, open) = maze.carving_progress();
    let count = |n: u64| short_number(n as f64);
    match maze.phase() {
        Phase::Carving => format!("{} / {} carved", count(visited), count(open)),
        Phase::Solving => format!("{} / {} searched", count(maze.searched()), count(open)),
        Phase::Done => format!("{} searched", count(maze.searched())),
    }
}

/// The progress of the current phase.
fn gauge(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let maze = model.shown_session();
    let (name, done, total) = match maze.phase() {
        _ if model.has_no_maze() => ("Making", 0, 1),
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
fn solvers(model: &Model, area: Rect, buf: &mut Buffer) {
    let theme = model.theme();
    let palette = &theme.palette;
    let title = titled_with_key(model, "Solvers", Action::NextSolver);
    let block = pane(&title, theme, false);
    let inner = block.inner(area);
    block.render(area, buf);
    let maze = model.shown_session();
    let watched = maze.solver();
    let header = Line::styled(
        format!("  {:<13}{:>8}{:>7}", "solver", "visited", "path"),
        Style::new().fg(palette.muted),
    );
    let row = |solver: Solver| {
        let current = solver == watched;
        let run = maze.runs().iter().find(|r| r.solver == solver);
        let (visited, path) = match (current, model.phase(), run) {
            (true, Phase::Solving, _) => (short_number(maze.searched() as f64), "…".to_owned()),
            (_, _, Some(run)) => (
                short_number(run.visited as f64),
                run.path_len
                    .map_or_else(|| "lost".to_owned(), |n| n.to_string()),
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

/// A pane title naming the key that works the pane: ` Solvers (v) `.
fn titled_with_key(model: &Model, title: &str, action: Action) -> String {
    match model.keymap().first_key_label(action) {
        Some(key) => format!(" {title} ({key}) "),
        None => format!(" {title} "),
    }
}

pub(crate) fn themes(model: &Model, area: Rect, buf: &mut Buffer) {
    let theme = model.theme();
    let focused = model.focus() == Focus::Themes;
    let title = titled_with_key(model, "Themes", Action::ToggleFocus);
    let block = pane(&title, theme, focused);
    let inner = block.inner(area);
    block.render(area, buf);
    let palette = &theme.palette;
    let first = theme_scroll(model.cursor, inner.height);
    let lines: Vec<Line> = model
        .themes
        .iter()
        .enumerate()
        .skip(first)
        .take(usize::from(inner.height))
        .map(|(i, t)| {
            let current = i == model.theme;
            let marker = if current { "● " } else { "  " };
            let mut style = Style::new().fg(if current {
                palette.accent
            } else {
                palette.text
            });
            if focused && i == model.cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            Line::styled(format!("{marker}{}", t.name), style)
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

/// What each colour (or glyph) on the canvas means.
const CANVAS_LEGEND: [(Role, &str); 9] = [
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

/// A legend pane: each role drawn with the canvas's own painter beside its name, three a row.
pub(crate) fn legend(theme: &Theme, items: &[(Role, &str)], area: Rect, buf: &mut Buffer) {
    let block = pane(" Legend ", theme, false);
    let inner = block.inner(area);
    block.render(area, buf);
    let lines: Vec<Line> = items
        .chunks(3)
        .map(|row| {
            let spans = row.iter().flat_map(|&(role, name)| {
                let (symbols, style) = paint::block(role, theme);
                [
                    Span::styled(symbols.concat(), style),
                    Span::raw(format!(" {name:<6} ")),
                ]
            });
            Line::from(spans.collect::<Vec<_>>())
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

/// 950 → "950", 12_345 → "12.3k", 4_500_000 → "4.5M".
pub fn short_number(n: f64) -> String {
    match n {
        n if n >= 999_950.0 => format!("{:.1}M", n / 1e6),
        n if n >= 999.5 => format!("{:.1}k", n / 1e3),
        n => format!("{n:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::short_number;

    #[test]
    fn numbers_are_shortened() {
        assert_eq!(short_number(0.0), "0");
        assert_eq!(short_number(950.2), "950");
        assert_eq!(short_number(12_345.0), "12.3k");
        assert_eq!(short_number(4_500_000.0), "4.5M");
    }
}
