//! The pickers' drawing: a box over the canvas listing each entry with its one line, the
//! cursor's row reversed and marked `▸` (so that it shows without colour too), the entry in
//! use marked `●`; or, with `i`, the info panel of the entry under the cursor.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use mazegen::Algorithm;
use mazegen::Solver;

use crate::tui::text::{clipped as cut, solver_label};
use crate::tui::theme::Theme;
use crate::tui::view::pane::{pane, popup_for, scroll_cue};

use super::about::{self, ALGORITHMS_MEASURED_ON, About, SOLVERS_MEASURED_ON};
use super::{List, Picker};

/// The widest the info panel grows, in columns: lines longer than this read badly.
const INFO_WIDTH: u16 = 76;

/// An entry as the list names it, its name in a config (`ALGORITHM=`; solvers have none), and
/// what the list says about it.
fn entries(list: List) -> Vec<(&'static str, Option<&'static str>, About)> {
    match list {
        List::Algorithms => Algorithm::ALL
            .iter()
            .map(|&a| (a.name(), Some(a.name()), about::algorithm(a)))
            .collect(),
        List::Solvers => Solver::ALL
            .iter()
            .map(|&s| (solver_label(s), None, about::solver(s)))
            .collect(),
    }
}

/// The list's title, with the key that opens it when it has one.
fn title(list: List, key: Option<&str>) -> String {
    let name = match list {
        List::Algorithms => "Algorithms",
        List::Solvers => "Solvers",
    };
    match key {
        Some(key) => format!(" {name} ({key}) "),
        None => format!(" {name} "),
    }
}

/// Draws the open picker centred in `area` (the canvas pane); `in_use` is the place of the
/// entry in use in the open list, `key` the label of the key that opens it.
pub fn draw(
    picker: &Picker,
    in_use: usize,
    key: Option<&str>,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let (Some(list), Some(cursor)) = (picker.list(), picker.cursor()) else {
        return;
    };
    let entries = entries(list);
    if picker.shows_info() {
        let (_, name, about) = entries[cursor];
        let measured_on = match list {
            List::Algorithms => ALGORITHMS_MEASURED_ON,
            List::Solvers => SOLVERS_MEASURED_ON,
        };
        info(name, &about, measured_on, theme, area, buf);
        return;
    }
    let palette = &theme.palette;
    let name_width = entries
        .iter()
        .map(|(name, _, _)| name.chars().count())
        .max()
        .unwrap_or(0);
    // The marks, the name and two spaces; the one line gets the rest of the box.
    let room = usize::from(area.width.saturating_sub(2));
    let line_room = room.saturating_sub(3 + name_width + 2 + 1);
    let lines: Vec<Line> = entries
        .iter()
        .enumerate()
        .map(|(i, (name, _, about))| {
            let at_cursor = i == cursor;
            let mark = if at_cursor { '▸' } else { ' ' };
            let used = if i == in_use { '●' } else { ' ' };
            let mut style = Style::new().fg(if i == in_use {
                palette.accent
            } else {
                palette.text
            });
            let mut quiet = Style::new().fg(palette.muted);
            if at_cursor {
                style = style.add_modifier(Modifier::REVERSED);
                quiet = quiet.add_modifier(Modifier::REVERSED);
            }
            Line::from(vec![
                Span::styled(format!("{mark}{used} {name:<name_width$}  "), style),
                Span::styled(format!("{} ", cut(about.line, line_room)), quiet),
            ])
        })
        .collect();
    let popup = popup_for(&lines, area);
    Clear.render(popup, buf);
    let title = title(list, key);
    let mut block = pane(&title, theme, true);
    let inner = block.inner(popup);
    // A list taller than the box keeps the cursor in view, and says what is out of it.
    let shown = usize::from(inner.height).max(1);
    let first = cursor.saturating_sub(shown - 1);
    if let Some(cue) = scroll_cue(first, shown, lines.len(), popup.width) {
        let style = Style::new().fg(palette.muted);
        block = block.title_bottom(Line::styled(cue, style).right_aligned());
    }
    block.render(popup, buf);
    Paragraph::new(lines.into_iter().skip(first).collect::<Vec<_>>()).render(inner, buf);
}

/// The info panel: how the entry works, the texture it gives, and its measured figures with
/// where they were measured.
fn info(
    name: Option<&str>,
    about: &About,
    measured_on: &str,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let palette = &theme.palette;
    let width = area.width.min(INFO_WIDTH);
    let text_width = usize::from(width.saturating_sub(4)).max(1);
    let heading = Style::new().fg(palette.accent).add_modifier(Modifier::BOLD);
    let mut lines: Vec<Line> = Vec::new();
    for (i, (what, text)) in [
        ("How it works", about.how),
        ("Texture", about.texture),
        ("Measured", about.measured),
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            lines.push(Line::raw(""));
        }
        lines.push(Line::styled(format!(" {what}"), heading));
        lines.extend(
            wrap(text, text_width)
                .into_iter()
                .map(|l| Line::raw(format!(" {l}"))),
        );
    }
    let quiet = Style::new().fg(palette.muted);
    lines.extend(
        wrap(measured_on, text_width)
            .into_iter()
            .map(|l| Line::styled(format!(" {l}"), quiet)),
    );
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(popup, buf);
    let title = match name {
        Some(name) => format!(" {} · {name} ", about.title),
        None => format!(" {} ", about.title),
    };
    let block = pane(&title, theme, true);
    let inner = block.inner(popup);
    block.render(popup, buf);
    Paragraph::new(lines).render(inner, buf);
}

/// `text` in lines of at most `width` characters, broken between words (a word longer than
/// the line is cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&cut(word, width));
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_between_words_and_cut_marks_the_cut() {
        assert_eq!(
            wrap("a long line of words", 8),
            ["a long", "line of", "words"]
        );
        assert_eq!(wrap("", 8), Vec::<String>::new());
        assert_eq!(cut("corridors", 5), "corr…");
        assert_eq!(cut("short", 5), "short");
    }
}
