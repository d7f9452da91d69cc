//! Panes every part of the sidebar shares: the theme list, a legend, a pane title with its
//! key, short numbers, and the one-line summary that stands for the folded sidebar.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::pane::scroll_cue;
use super::roles::Role;
use super::{paint, pane};
use crate::tui::kernel::action::Action;
use crate::tui::keymap::Keymap;
use crate::tui::layout::theme_scroll;
use crate::tui::model::{Focus, Model};
use crate::tui::text::solver_label;
use crate::tui::theme::Theme;
use mazegen::session::Phase;

/// A pane title naming the key that works the pane: ` Solvers (v) `.
pub(crate) fn titled_with_key(keymap: &Keymap, title: &str, action: Action) -> String {
    match keymap.first_key_label(action) {
        Some(key) => format!(" {title} ({key}) "),
        None => format!(" {title} "),
    }
}

pub(crate) fn themes(model: &Model, area: Rect, buf: &mut Buffer) {
    let theme = model.theme();
    let focused = model.focus() == Focus::Themes;
    let title = titled_with_key(model.keymap(), "Themes", Action::ToggleFocus);
    let mut block = pane(&title, theme, focused);
    let inner = block.inner(area);
    let first = theme_scroll(model.cursor, inner.height);
    let total = model.themes.len();
    if let Some(cue) = scroll_cue(first, usize::from(inner.height), total, area.width) {
        let style = Style::new().fg(theme.palette.muted);
        block = block.title_bottom(Line::styled(cue, style).right_aligned());
    }
    block.render(area, buf);
    let palette = &theme.palette;
    let lines: Vec<Line> = model
        .themes
        .iter()
        .enumerate()
        .skip(first)
        .take(usize::from(inner.height))
        .map(|(i, t)| {
            // The kept theme: the one shown, unless the cursor shows another for now.
            let current = i == model.kept_theme();
            // The cursor shows without colour too: reversed, and marked where it is not on
            // the kept theme.
            let at_cursor = focused && i == model.cursor;
            let marker = match (current, at_cursor) {
                (true, _) => "● ",
                (false, true) => "▸ ",
                (false, false) => "  ",
            };
            let mut style = Style::new().fg(if current {
                palette.accent
            } else {
                palette.text
            });
            if at_cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            Line::styled(format!("{marker}{}", t.name), style)
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

/// A legend pane: each role drawn with the canvas's own painter beside its name, three a row,
/// and a `note` under them if there is one. A row whose names are too long for the padded
/// columns is written close, one space between its items, so that no name is cut.
///
/// Without colour, over a `whole` view (each character several blocks) the roles are drawn
/// as the whole view draws them: `E`, `X`, the bold path dot.
pub(crate) fn legend(
    theme: &Theme,
    items: &[(Role, &str)],
    note: Option<&str>,
    whole: bool,
    area: Rect,
    buf: &mut Buffer,
) {
    let swatch = |role: Role| -> (String, Style) {
        if theme.monochrome && whole {
            let style = Style::new()
                .fg(theme.palette.walls)
                .bg(theme.palette.background)
                .add_modifier(paint::mark_modifier(role));
            (format!("{} ", paint::mark(role)), style)
        } else {
            let (symbols, style) = paint::block(role, theme);
            (symbols.concat(), style)
        }
    };
    let block = pane(" Legend ", theme, false);
    let inner = block.inner(area);
    block.render(area, buf);
    let room = usize::from(inner.width);
    let mut lines: Vec<Line> = items
        .chunks(3)
        .map(|row| {
            let padded = |name: &str| format!(" {name:<6} ");
            let width: usize = row
                .iter()
                .map(|&(role, name)| swatch(role).0.chars().count() + padded(name).chars().count())
                .sum();
            let spans = row.iter().enumerate().flat_map(|(i, &(role, name))| {
                let (symbols, style) = swatch(role);
                let name = if width <= room {
                    padded(name)
                } else if i + 1 < row.len() {
                    format!(" {name} ")
                } else {
                    format!(" {name}")
                };
                [Span::styled(symbols, style), Span::raw(name)]
            });
            Line::from(spans.collect::<Vec<_>>())
        })
        .collect();
    if let Some(note) = note {
        lines.push(Line::styled(
            note.to_owned(),
            Style::new().fg(theme.palette.muted),
        ));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// The folded sidebar's line, right-aligned on the canvas pane's top border after its title
/// (which takes the first `title_width` columns): the maze (or the opened file), its
/// progress, size, seed and difficulty, the solver and the theme, then the key that unfolds
/// it. The parts that do not fit are left out from the end, whole.
pub(crate) fn summary(model: &Model, area: Rect, title_width: u16, buf: &mut Buffer) {
    let palette = &model.theme().palette;
    let mut parts: Vec<String> = match model.stack.inspect.file() {
        Some(file) => {
            let name = file.path.file_name().map_or_else(
                || file.path.display().to_string(),
                |name| name.to_string_lossy().into_owned(),
            );
            let inspection = &file.inspection;
            let verdict = match (inspection.is_checked(), inspection.is_valid()) {
                (false, _) => "checking…",
                (true, true) => "valid",
                (true, false) => "has problems",
            };
            let size = format!("{}x{}", inspection.width(), inspection.height());
            vec![name, size, verdict.to_owned()]
        }
        None => {
            let config = model.config();
            let maze = model.shown_session();
            let progress = match maze.phase() {
                _ if model.has_no_maze() => "making…".to_owned(),
                Phase::Carving => {
                    let (visited, open) = maze.carving_progress();
                    format!(
                        "carving {:.0}%",
                        100.0 * visited as f64 / open.max(1) as f64
                    )
                }
                Phase::Solving => "solving".to_owned(),
                Phase::Done => "done".to_owned(),
            };
            // The sidebar's Difficulty row, as its level, where there is room (else `b` shows
            // the row).
            let difficulty = maze.difficulty().map(|d| d.level.to_string());
            // Most telling first: what is left out is the end.
            [
                Some(maze.options().algorithm.to_string()),
                Some(progress),
                Some(format!("{}x{}", config.width, config.height)),
                Some(format!("seed {}", model.seed())),
                difficulty,
                Some(solver_label(maze.solver()).to_owned()),
            ]
            .into_iter()
            .flatten()
            .collect()
        }
    };
    // Whether OUTPUT_FILE holds the maze, after its progress: its name, or the mark alone.
    let mark = output_mark(model);
    if let Some((long, _)) = &mark {
        parts.insert(2.min(parts.len()), long.clone());
    }
    // A replay's progress is the timeline's, on the status line.
    if model.stack.inspect.file().is_none()
        && crate::tui::layer::title(model) == crate::tui::layer::Title::Replay
    {
        parts.remove(1);
    }
    parts.push(format!("theme {}", model.theme().name));
    let hint = match model.keymap().first_key_label(Action::ToggleSidebar) {
        Some(key) => format!(" {key} sidebar "),
        None => String::new(),
    };
    let room = usize::from(area.width.saturating_sub(title_width))
        .saturating_sub(hint.chars().count() + 1);
    let mut text = String::new();
    for part in parts {
        let joined = |part: &str| match text.is_empty() {
            true => format!(" {part}"),
            false => format!(" · {part}"),
        };
        let fits = |more: &String| text.chars().count() + more.chars().count() < room;
        let mut more = joined(&part);
        if !fits(&more)
            && let Some((long, short)) = &mark
            && *long == part
        {
            more = joined(short);
        }
        if !fits(&more) {
            break;
        }
        text.push_str(&more);
    }
    if !text.is_empty() {
        text.push(' ');
    }
    let line = Line::from(vec![
        Span::styled(text, Style::new().fg(palette.muted)),
        Span::styled(hint, Style::new().fg(palette.accent)),
    ]);
    Paragraph::new(line).right_aligned().render(area, buf);
}

/// Whether OUTPUT_FILE holds the studio's maze on screen, long and short: `maze.txt ✓` and
/// `✓`, or `maze.txt ● unsaved` and `● unsaved` (words and glyphs, legible without colour).
/// `None` for an opened file, whose own file is what is shown.
pub(crate) fn output_mark(model: &Model) -> Option<(String, String)> {
    if crate::tui::layer::Layer::Inspector.is_open(model) {
        return None;
    }
    let saves = &model.stack.studio.saves;
    let short = match saves.holds(saves.studio_maze()) {
        true => "✓",
        false => "● unsaved",
    };
    let name = crate::tui::text::file_name(&model.config().output_file);
    Some((format!("{name} {short}"), short.to_owned()))
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
