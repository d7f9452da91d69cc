//! The message log's drawing: a pane over the screen above the status and key lines, a row a
//! message (wrapped, its time first), newest at the bottom, with a scrollbar when they do not
//! fit. Each message's kind is a glyph as well as a colour, legible without colour.

use ratatui::buffer::Buffer;
use ratatui::layout::{Margin, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Clear, Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget,
};

use super::{Entry, Log};
use crate::tui::kernel::action::HelpScroll;
use crate::tui::kernel::status::StatusKind;
use crate::tui::keymap::Keymap;
use crate::tui::text::since_start;
use crate::tui::theme::{Palette, Theme};
use crate::tui::view::pane::pane;

/// The pane for a terminal of `area`: all of it but the status and key lines.
fn popup(area: Rect) -> Rect {
    Rect {
        height: area.height.saturating_sub(2),
        ..area
    }
}

/// The glyph that says a message's kind without colour.
fn glyph(kind: StatusKind) -> &'static str {
    match kind {
        StatusKind::Info => "·",
        StatusKind::Success => "✓",
        StatusKind::Warning => "!",
        StatusKind::Error => "✗",
    }
}

/// One row of the log: the time and glyph on a message's first row, blanks on the rest.
struct Row<'a> {
    entry: &'a Entry,
    lead: String,
    text: String,
}

/// The columns before a message's text, `12:34 ! `, its time right-aligned in `width`.
fn lead(entry: &Entry, width: usize) -> String {
    format!("{:>width$} {} ", since_start(entry.at), glyph(entry.kind))
}

/// The widest time of the log, so the messages line up: 5 columns up to an hour (`59:59`).
fn time_width(log: &Log) -> usize {
    let longest = log.entries().last().map_or(0, |e| since_start(e.at).len());
    longest.max(5)
}

/// Every message cut into rows of `width` columns, at spaces where it can be.
fn rows(log: &Log, width: usize) -> Vec<Row<'_>> {
    let mut rows = Vec::new();
    let times = time_width(log);
    for entry in log.entries() {
        let lead = lead(entry, times);
        let room = width.saturating_sub(lead.chars().count()).max(8);
        for (index, text) in wrap(&entry.text, room).into_iter().enumerate() {
            rows.push(Row {
                entry,
                lead: match index {
                    0 => lead.clone(),
                    _ => " ".repeat(lead.chars().count()),
                },
                text,
            });
        }
    }
    rows
}

/// `text` in lines of at most `room` characters, broken after a space where there is one.
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest: Vec<char> = text.chars().collect();
    while rest.len() > room {
        let cut = rest[..=room]
            .iter()
            .rposition(|&c| c == ' ')
            .filter(|&at| at > 0)
            .unwrap_or(room);
        lines.push(rest[..cut].iter().collect::<String>().trim_end().to_owned());
        rest.drain(..cut);
        while rest.first() == Some(&' ') {
            rest.remove(0);
        }
    }
    lines.push(rest.into_iter().collect());
    lines
}

/// The rows inside the border, and the first row shown when scrolled to the end.
fn extent(log: &Log, area: Rect) -> (usize, u16, u16) {
    let inner = popup(area).inner(Margin::new(1, 1));
    let count = rows(log, usize::from(inner.width)).len();
    let visible = inner.height;
    let last = u16::try_from(count.saturating_sub(usize::from(visible))).unwrap_or(u16::MAX);
    (count, visible, last)
}

/// The offset after `scroll` from `offset` (`None`: the end), in a terminal of `area`: `None`
/// again once it reaches the end, so the log follows new messages from there.
pub fn scrolled(log: &Log, area: Rect, offset: Option<u16>, scroll: HelpScroll) -> Option<u16> {
    let (_, visible, last) = extent(log, area);
    let at = offset.unwrap_or(last).min(last);
    let page = visible.saturating_sub(1).max(1);
    let moved = match scroll {
        HelpScroll::Up => at.saturating_sub(1),
        HelpScroll::Down => at.saturating_add(1),
        HelpScroll::PageUp => at.saturating_sub(page),
        HelpScroll::PageDown => at.saturating_add(page),
        HelpScroll::Top => 0,
        HelpScroll::Bottom => last,
    };
    (moved < last).then_some(moved)
}

/// Draws `log` over `area` (the whole terminal) while it is open.
pub fn draw(log: &Log, theme: &Theme, keymap: &Keymap, area: Rect, buf: &mut Buffer) {
    if !log.is_open() {
        return;
    }
    let palette = &theme.palette;
    let popup = popup(area);
    Clear.render(popup, buf);
    let (_, visible, last) = extent(log, area);
    let offset = log.offset().unwrap_or(last).min(last);
    let close = keymap
        .first_key_label(crate::tui::message::Action::ToggleLog)
        .map_or_else(
            || "Esc closes".to_owned(),
            |key| format!("Esc or {key} closes"),
        );
    let scroll = if last > 0 { " · j k scroll" } else { "" };
    let title = format!(" Messages ({}) · {close}{scroll} ", log.entries().len());
    let block = pane(&title, theme, true);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let rows = rows(log, usize::from(inner.width));
    let lines: Vec<Line> = if rows.is_empty() {
        vec![Line::styled(
            "Nothing said yet.",
            Style::new().fg(palette.muted),
        )]
    } else {
        rows.iter()
            .skip(usize::from(offset))
            .take(usize::from(visible))
            .map(|row| line(row, palette))
            .collect()
    };
    Paragraph::new(lines).render(inner, buf);
    if last > 0 {
        let mut state = ScrollbarState::new(usize::from(last) + 1)
            .position(usize::from(offset))
            .viewport_content_length(usize::from(visible));
        Scrollbar::new(ScrollbarOrientation::VerticalRight)
            .style(Style::new().fg(palette.accent))
            .render(popup.inner(Margin::new(0, 1)), buf, &mut state);
    }
}

fn line<'a>(row: &Row<'a>, palette: &Palette) -> Line<'a> {
    let style = match row.entry.kind {
        StatusKind::Info => Style::new().fg(palette.text),
        StatusKind::Success => Style::new().fg(palette.accent),
        StatusKind::Warning => Style::new().fg(palette.accent).add_modifier(Modifier::BOLD),
        StatusKind::Error => Style::new().fg(palette.exit).add_modifier(Modifier::BOLD),
    };
    Line::from(vec![
        Span::styled(row.lead.clone(), Style::new().fg(palette.muted)),
        Span::styled(row.text.clone(), style),
    ])
}
