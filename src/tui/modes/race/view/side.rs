//! A lane's own column, when the lanes go beside it (see [`super::layout`]): its number and
//! algorithm (reversed while it has the keys), its steps, its phase, OUTPUT_FILE's mark if it
//! was saved, and once the race is over its numbers, each column's winner starred as in the
//! summary table it stands for.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::{Column, NO_STAR, STAR, columns, own_dash};
use crate::tui::modes::race::Race;
use crate::tui::text::first_fitting;
use crate::tui::theme::Theme;
use mazegen::session::Phase;

/// Columns of a number in the column: `0.04 ms`.
const VALUE: usize = 7;

/// Draws lane `index`'s column in `area`; `saved` is OUTPUT_FILE's name if it holds the lane.
pub(super) fn draw(
    theme: &Theme,
    race: &Race,
    index: usize,
    saved: Option<&str>,
    area: Rect,
    buf: &mut Buffer,
) {
    let palette = &theme.palette;
    let room = usize::from(area.width);
    let lane = &race.lanes[index];
    let mut name = Style::new().fg(palette.accent).add_modifier(Modifier::BOLD);
    if index == race.focus {
        name = name.add_modifier(Modifier::REVERSED);
    }
    let text = Style::new().fg(palette.text);
    let quiet = Style::new().fg(palette.muted);
    let (number, algorithm) = (index + 1, lane.algorithm.name());
    let mut lines: Vec<Line> = if format!(" {number} {algorithm}").chars().count() <= room {
        vec![Line::styled(format!(" {number} {algorithm}"), name)]
    } else {
        // The longest name takes the whole width: the number goes above it.
        vec![
            Line::styled(format!(" {number}"), name),
            Line::styled(algorithm.to_owned(), name),
        ]
    };
    let session = &lane.session;
    let phase = match session.phase() {
        Phase::Carving => "carving",
        Phase::Solving => "solving",
        Phase::Done => "done",
    };
    // Once over, the steps are among the numbers below.
    if !race.is_over() {
        let steps = format!(" {} steps", session.carving_steps());
        lines.push(Line::styled(steps, text));
    }
    lines.push(Line::styled(format!(" {phase}"), text));
    if let Some(file) = saved {
        let mark = first_fitting([format!(" {file} ✓"), " saved ✓".to_owned()], room);
        lines.push(Line::styled(mark, text));
    }
    if race.is_over() {
        lines.push(Line::default());
        let won = Style::new().fg(palette.accent).add_modifier(Modifier::BOLD);
        for column in columns(race) {
            let winner = column.winner();
            let line = match &column.cells[index] {
                Some((value, shown)) => {
                    let star = if Some(*value) == winner {
                        STAR
                    } else {
                        NO_STAR
                    };
                    let style = if star == STAR { won } else { text };
                    Line::styled(row(&column, &brief(shown), star), style)
                }
                None => Line::styled(
                    row(&column, own_dash(&race.timing, &column), NO_STAR),
                    quiet,
                ),
            };
            lines.push(line);
        }
    }
    Paragraph::new(lines).render(area, buf);
}

/// ` dead ends    173 ★`: a column's header, the lane's number right-aligned, the star's room.
fn row(column: &Column, value: &str, star: &str) -> String {
    format!(" {:<9}{value:>VALUE$}{star}", column.header)
}

/// A number in [`VALUE`] columns: `12.35 ms` loses the space before its unit, then its
/// decimals (`123 ms`).
fn brief(shown: &str) -> String {
    if shown.chars().count() <= VALUE {
        return shown.to_owned();
    }
    let Some((number, unit)) = shown.split_once(' ') else {
        return shown.to_owned();
    };
    let close = format!("{number}{unit}");
    if close.chars().count() <= VALUE {
        return close;
    }
    let whole = number.split('.').next().unwrap_or(number);
    format!("{whole} {unit}")
}

#[cfg(test)]
mod tests {
    use super::brief;

    #[test]
    fn a_long_number_loses_its_space_then_its_decimals() {
        assert_eq!(brief("0.04 ms"), "0.04 ms");
        assert_eq!(brief("12.35 ms"), "12.35ms");
        assert_eq!(brief("123.45 ms"), "123 ms");
        assert_eq!(brief("3055"), "3055");
    }
}
