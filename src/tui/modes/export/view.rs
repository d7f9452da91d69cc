//! The export list's drawing: a small box over the canvas naming each export and the file it
//! writes, the cursor's row highlighted.

use std::path::Path;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::tui::kernel::export::Export;

use crate::tui::theme::Theme;
use crate::tui::view::pane::{pane, popup_for};

use super::{ExportList, label};

/// Draws the list centred in `area` (the canvas) while it is open.
pub fn draw(list: &ExportList, theme: &Theme, output_file: &Path, area: Rect, buf: &mut Buffer) {
    let Some(cursor) = list.cursor() else {
        return;
    };
    let palette = &theme.palette;
    let rows: Vec<(String, String)> = Export::ALL
        .iter()
        .map(|&export| {
            let file = export.path_next_to(output_file);
            let name = file.file_name().map_or_else(
                || file.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            (label(export).to_owned(), name)
        })
        .collect();
    let label_width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let lines: Vec<Line> = Export::ALL
        .iter()
        .zip(&rows)
        .map(|(&export, (label, file))| {
            let style = if export == cursor {
                Style::new().fg(palette.background).bg(palette.accent)
            } else {
                Style::new().fg(palette.text)
            };
            let file_style = style.add_modifier(Modifier::DIM);
            Line::from(vec![
                Span::styled(format!(" {label:<label_width$}  "), style),
                Span::styled(format!("{file} "), file_style),
            ])
        })
        .collect();
    let popup = popup_for(&lines, area);
    Clear.render(popup, buf);
    let block = pane(" Export ", theme, true);
    let inner = block.inner(popup);
    block.render(popup, buf);
    Paragraph::new(lines).render(inner, buf);
}
