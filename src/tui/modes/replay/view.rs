//! The timeline at the right of the status line: where the carving is, as steps, and a bar.
//!
//! While scrubbing it is the replay's position (the step shown, of the live maze's steps),
//! always drawn, and a bar that fills as the cells of the moment shown are carved (the
//! sidebar's gauge, for the same moment). Otherwise it shows what there is to scrub, beside the status message when
//! there is room: while carving the live step and a bar that fills as the cells are carved;
//! once carved the whole carving's steps.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::Replay;
use super::update::position;
use crate::tui::theme::Theme;
use mazegen::session::{Phase, Session};

/// Columns of the bar itself.
const BAR: usize = 20;

/// The carving the timeline reads: the replay, the live session and the one shown (the replayed
/// one while scrubbing).
pub struct Carving<'a> {
    pub replay: &'a Replay,
    pub live: &'a Session,
    pub shown: &'a Session,
}

/// What the timeline says: its text, the filled share of the bar, and whether it must be
/// drawn even over the status message.
fn reading(carving: &Carving) -> (String, f64, bool) {
    let (at, of) = position(carving.replay, carving.live);
    // The bar and its percent are the cells carved, as the sidebar's gauge says them for the
    // same moment; the steps are the text's.
    let maze = carving.shown;
    let carved = match maze.phase() {
        Phase::Carving => {
            let (visited, open) = maze.carving_progress();
            visited as f64 / open.max(1) as f64
        }
        Phase::Solving | Phase::Done => 1.0,
    };
    if carving.replay.is_scrubbing() {
        return (format!(" step {at} of {of} "), carved, true);
    }
    match maze.phase() {
        Phase::Carving => (format!(" step {at}, live "), carved, false),
        Phase::Solving | Phase::Done => (format!(" step {at} of {of} "), 1.0, false),
    }
}

/// Draws the timeline of `carving` at the right of the status line, whose message takes
/// `message` columns; nothing when there is no carving to scrub (`None`: an opened file, a
/// game, no maze).
pub fn draw(
    carving: Option<Carving>,
    theme: &Theme,
    message: usize,
    status: Rect,
    buf: &mut Buffer,
) {
    let Some(carving) = carving else {
        return;
    };
    let (text, share, always) = reading(&carving);
    let width = text.chars().count() + BAR + 6;
    if !always && message + 1 + width > usize::from(status.width) {
        return;
    }
    let filled = ((share.clamp(0.0, 1.0) * BAR as f64) as usize).min(BAR);
    // Rounded as the sidebar's gauge rounds it.
    let percent = (share.clamp(0.0, 1.0) * 100.0).round() as u32;
    let width = width.min(usize::from(status.width)) as u16;
    let area = Rect::new(status.right() - width, status.y, width, 1);
    let palette = &theme.palette;
    let base = Style::new().fg(palette.footer).bg(palette.background);
    let line = Line::from(vec![
        Span::styled(text, base.fg(palette.accent)),
        Span::styled("━".repeat(filled), base.fg(palette.accent)),
        Span::styled("─".repeat(BAR - filled), base.fg(palette.muted)),
        Span::styled(format!(" {percent:>3}% "), base),
    ]);
    Paragraph::new(line).style(base).render(area, buf);
}
