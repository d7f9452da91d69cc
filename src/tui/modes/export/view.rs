//! The export list's drawing: a small box over the canvas naming each export and the file it
//! writes, with `replaces` before a file already there (`new` before one that is not, once the
//! list has heard), the cursor's row highlighted.

use std::path::Path;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::tui::kernel::export::Export;

use crate::tui::theme::Theme;
use crate::tui::view::pane::{pane, popup_for, scroll_cue};

use super::{ExportList, Target, label};

/// What a row says of its file.
fn verb(target: Target) -> &'static str {
    match target {
        Target::Unknown => "",
        Target::New => "new",
        Target::Replaces => "replaces",
    }
}

/// Draws the list centred in `area` (the canvas) while it is open.
pub fn draw(list: &ExportList, theme: &Theme, output_file: &Path, area: Rect, buf: &mut Buffer) {
    let Some(cursor) = list.cursor() else {
        return;
    };
    let palette = &theme.palette;
    let rows: Vec<(&str, String, Target)> = Export::ALL
        .iter()
        .map(|&export| {
            let file = export.path_next_to(output_file);
            let name = file.file_name().map_or_else(
                || file.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            (label(export), name, list.target(&file))
        })
        .collect();
    let widest = |column: &dyn Fn(&(&str, String, Target)) -> usize| {
        rows.iter().map(column).max().unwrap_or(0)
    };
    let label_width = widest(&|row| row.0.chars().count());
    let verb_width = widest(&|row| verb(row.2).len());
    let lines: Vec<Line> = Export::ALL
        .iter()
        .zip(&rows)
        .map(|(&export, (label, file, target))| {
            let style = if export == cursor {
                Style::new().fg(palette.background).bg(palette.accent)
            } else {
                Style::new().fg(palette.text)
            };
            let file_style = style.add_modifier(Modifier::DIM);
            let verb_style = match target {
                Target::Replaces => style.add_modifier(Modifier::BOLD),
                Target::New | Target::Unknown => file_style,
            };
            let mut spans = vec![Span::styled(format!(" {label:<label_width$}  "), style)];
            if verb_width > 0 {
                let verb = verb(*target);
                spans.push(Span::styled(format!("{verb:<verb_width$} "), verb_style));
            }
            spans.push(Span::styled(format!("{file} "), file_style));
            Line::from(spans)
        })
        .collect();
    let popup = popup_for(&lines, area);
    Clear.render(popup, buf);
    let mut block = pane(" Export ", theme, true);
    let inner = block.inner(popup);
    // A canvas too short for the list keeps the cursor in view, and says what is out of it.
    let shown = usize::from(inner.height).max(1);
    let at = Export::ALL.iter().position(|&e| e == cursor).unwrap_or(0);
    let first = at.saturating_sub(shown - 1);
    if let Some(cue) = scroll_cue(first, shown, lines.len(), popup.width) {
        let style = Style::new().fg(palette.muted);
        block = block.title_bottom(Line::styled(cue, style).right_aligned());
    }
    block.render(popup, buf);
    Paragraph::new(lines.into_iter().skip(first).collect::<Vec<_>>()).render(inner, buf);
}
