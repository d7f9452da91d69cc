//! The sidebar for an opened file: its facts, its Problems pane (one row per broken rule,
//! with its count), the theme list, and a legend of the problem colours; and the path prompt
//! on the status line.

#[cfg(test)]
mod tests;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::prompt::{MAX_BYTES, SHOWN};
use super::{OpenFile, PathPrompt, role_of};
use crate::tui::keymap::Keymap;
use crate::tui::layout::Panes;
use crate::tui::message::Action;
use crate::tui::text::{
    clipped, compact, first_fitting, listed, shown_path, solver_label, two_counts,
};
use crate::tui::theme::Theme;
use crate::tui::view::paint;
use crate::tui::view::pane::pane;
use crate::tui::view::roles::Role;
use crate::tui::view::sidebar::short_number;
use mazegen::escaped;
use mazegen::validate::ProblemKind;

/// The opened file's sidebar, but for the theme list (the root draws it, as for every mode).
pub fn draw_sidebar(
    theme: &Theme,
    keymap: &Keymap,
    file: &OpenFile,
    screen: &Panes,
    buf: &mut Buffer,
) {
    facts(theme, file, screen.facts, buf);
    problems(theme, keymap, file, screen.solvers, buf);
}

fn facts(theme: &Theme, file: &OpenFile, area: Rect, buf: &mut Buffer) {
    let label = Style::new().fg(theme.palette.muted);
    // The pane's inside less the label's 11 columns.
    let room = usize::from(area.width.saturating_sub(2 + 11));
    let row = |name: &'static str, value: String| {
        Line::from(vec![
            Span::styled(format!("{name:<10} "), label),
            Span::raw(clipped(&value, room)),
        ])
    };
    let inspection = &file.inspection;
    let dash = || "–".to_owned();
    let name = file.path.file_name().map_or_else(
        || shown_path(&file.path),
        |n| shown_path(std::path::Path::new(n)),
    );
    let size = match inspection.is_complete() {
        true => format!("{} x {}", inspection.width(), inspection.height()),
        false => format!(
            "{} x {} read, cut short",
            inspection.width(),
            inspection.height()
        ),
    };
    let end = |pos: Option<mazegen::Pos>| pos.map_or_else(dash, |p| p.to_string());
    // The value column, which a big maze's counts would outgrow.
    let room = usize::from(area.width.saturating_sub(2)).saturating_sub(11);
    let steps = |n: usize, after: &str| {
        first_fitting(
            [
                format!("{n} steps{after}"),
                format!("{} steps{after}", compact(n as u64)),
            ],
            room,
        )
    };
    let state = if file.is_checking() {
        "checking…".to_owned()
    } else if inspection.is_valid() {
        "valid".to_owned()
    } else {
        let kinds = inspection.problem_rows().len();
        format!(
            "{kinds} kind{} of problem",
            if kinds == 1 { "" } else { "s" }
        )
    };
    let shortest = match (file.is_checking(), inspection.shortest_path()) {
        (true, _) => dash(),
        (false, Some(path)) => steps(path.len(), ""),
        (false, None) => "no path".to_owned(),
    };
    let stats = file.stats.as_ref();
    let percent = |share: f64| format!("{:.0}%", share * 100.0);
    let solver = file
        .solver
        .and_then(|s| file.runs.iter().find(|r| r.0 == s))
        .map_or_else(dash, |&(solver, visited, path)| {
            let path = path.map_or_else(|| "lost".to_owned(), |n| n.to_string());
            format!(
                "{} {} seen, {path}",
                solver_label(solver),
                short_number(visited as f64)
            )
        });
    let lines = vec![
        row("File", name),
        row("Size", size),
        row(
            "Entry/exit",
            format!("{} → {}", end(inspection.entry()), end(inspection.exit())),
        ),
        row("State", state),
        row("Path", steps(inspection.recorded_path().len(), " recorded")),
        row("Shortest", shortest),
        row(
            "Dead ends",
            stats.map_or_else(dash, |s| {
                two_counts(s.dead_ends, "junctions", "junct.", s.junctions, room)
            }),
        ),
        row(
            "Loops",
            stats.map_or_else(dash, |s| {
                two_counts(s.loops, "corridor", "corr.", s.longest_corridor, room)
            }),
        ),
        row(
            "River",
            stats.map_or_else(dash, |s| percent(s.river_factor)),
        ),
        row("Solver", solver),
    ];
    let block = pane(" File ", theme, false);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(lines).render(inner, buf);
}

/// One row per kind of broken rule, each with its colour key; the kind `]`/`[` went to is
/// highlighted and kept in view.
fn problems(theme: &Theme, keymap: &Keymap, file: &OpenFile, area: Rect, buf: &mut Buffer) {
    let title = match keymap.first_key_label(Action::NextProblem) {
        Some(key) => format!(" Problems ({key}) "),
        None => " Problems ".to_owned(),
    };
    let block = pane(&title, theme, false);
    let inner = block.inner(area);
    block.render(area, buf);
    let inspection = &file.inspection;
    let rows = inspection.problem_rows();
    let muted = Style::new().fg(theme.palette.muted);
    let mut lines: Vec<Line> = Vec::new();
    if rows.is_empty() {
        let text = if file.is_checking() {
            "checking…"
        } else {
            "none: the file is valid"
        };
        lines.push(Line::styled(text, muted));
    }
    let selected_kinds: Vec<ProblemKind> = file
        .selected
        .map(|p| inspection.problems_at(p).iter().map(|p| p.kind()).collect())
        .unwrap_or_default();
    let width = usize::from(inner.width.saturating_sub(3));
    for row in &rows {
        let (symbols, style) = paint::block(role_of(row.kind), theme);
        let mut text_style = Style::new().fg(theme.palette.text);
        if selected_kinds.contains(&row.kind) {
            text_style = text_style.add_modifier(Modifier::REVERSED);
        }
        let summary = clipped(&row.summary, width);
        lines.push(Line::from(vec![
            Span::styled(symbols.concat(), style),
            Span::raw(" "),
            Span::styled(summary, text_style),
        ]));
    }
    if file.is_checking() && !rows.is_empty() {
        lines.push(Line::styled("checking…", muted));
    }
    let height = usize::from(inner.height);
    let first = lines
        .iter()
        .position(|l| {
            l.spans
                .iter()
                .any(|s| s.style.add_modifier.contains(Modifier::REVERSED))
        })
        .map_or(0, |at| (at + 1).saturating_sub(height));
    let shown: Vec<Line> = lines.into_iter().skip(first).take(height).collect();
    Paragraph::new(shown).render(inner, buf);
}

/// The folder's maze files the typed name lets through, newest first, in a box standing on
/// the status line (at most [`SHOWN`] rows, scrolled to the pick, which is reversed); `false`
/// if there are none to show.
fn maze_files(theme: &Theme, prompt: &PathPrompt, status: Rect, buf: &mut Buffer) -> bool {
    let typed = prompt.typed();
    let files = &prompt.files;
    let names = files.matching(typed);
    if names.is_empty() {
        return false;
    }
    let rows = names.len().min(SHOWN) as u16;
    let widest = names
        .iter()
        .map(|n| escaped(n).to_string().chars().count())
        .max();
    let title = format!(" Maze files, newest first ({}) ", names.len());
    let width = (widest.unwrap_or(0) + 4)
        .max(title.chars().count() + 2)
        .min(usize::from(status.width)) as u16;
    let height = (rows + 2).min(status.y);
    let area = Rect::new(status.x, status.y - height, width, height);
    let block = crate::tui::view::pane::pane(&title, theme, true);
    let inner = block.inner(area);
    Clear.render(area, buf);
    block.render(area, buf);
    let first = files.first_shown(typed);
    let highlighted = files.highlighted(typed);
    let lines: Vec<Line> = names
        .iter()
        .enumerate()
        .skip(first)
        .take(usize::from(inner.height))
        .map(|(at, name)| {
            let picked = highlighted == Some(at);
            let style = match picked {
                true => Style::new()
                    .fg(theme.palette.accent)
                    .add_modifier(Modifier::REVERSED),
                false => Style::new().fg(theme.palette.text),
            };
            let mark = if picked { "▸ " } else { "  " };
            Line::styled(format!("{mark}{}", escaped(name)), style)
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
    true
}

/// What each problem colour (or glyph) means.
pub const PROBLEM_LEGEND: [(Role, &str); 9] = [
    (Role::BadWall, "bad wall"),
    (Role::BadCell, "bad cell"),
    (Role::OpenArea, "3x3"),
    (Role::Unreachable, "unreach"),
    (Role::Path, "path"),
    (Role::IllegalStep, "illegal"),
    (Role::Shortest, "shortest"),
    (Role::Selected, "here"),
    (Role::Stamp, "42"),
];

/// The path prompt, over the status line; the names Tab found, if several, over the keys.
pub fn prompt(theme: &Theme, prompt: &PathPrompt, status: Rect, keys: Rect, buf: &mut Buffer) {
    let palette = &theme.palette;
    let base = Style::new().fg(palette.text).bg(palette.background);
    let label = Style::new().fg(palette.accent).add_modifier(Modifier::BOLD);
    // Over the footer's lines, drawn first: nothing of them may show through.
    Clear.render(status, buf);
    Clear.render(keys, buf);
    Paragraph::new(Line::from(vec![
        Span::styled(" Open: ", label),
        // Names read from the folder may hold control characters: shown escaped.
        Span::raw(escaped(&prompt.text).to_string()),
        Span::styled("█", Style::new().fg(palette.accent)),
    ]))
    .style(base)
    .render(status, buf);
    let files = maze_files(theme, prompt, status, buf);
    let hint = if prompt.is_full() {
        format!(" A path holds at most {MAX_BYTES} bytes: the rest is left out · Esc cancels")
    } else if prompt.candidates.is_empty() && files {
        " ↑ ↓ pick a file · Tab completes · Enter opens · Esc cancels".to_owned()
    } else if prompt.candidates.is_empty() {
        " Tab completes · Enter opens · Esc cancels".to_owned()
    } else {
        let names: Vec<String> = prompt
            .candidates
            .iter()
            .map(|name| escaped(name).to_string())
            .collect();
        format!(
            " {}",
            listed(&names, usize::from(keys.width.saturating_sub(1)))
        )
    };
    Paragraph::new(Line::styled(hint, Style::new().fg(palette.footer)))
        .style(base)
        .render(keys, buf);
}
