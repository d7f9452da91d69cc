//! Play mode on screen: the game drawn over the maze (the walker, its trail, the chasers, the
//! fog; once won, the shortest path beside the trail), its canvas title, and the Play pane that
//! takes the solver table's place while playing.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::{Play, Record, Round};
use crate::tui::kernel::action::Action;
use crate::tui::keymap::Keymap;
use crate::tui::text::clock;
use crate::tui::theme::Theme;
use crate::tui::view::paint;
use crate::tui::view::pane::pane;
use crate::tui::view::roles::{Overlay, Role};
use mazegen::Pos;
use mazegen::play::Outcome;

/// A round as drawn over the maze.
pub struct GameOverlay<'a> {
    round: &'a Round,
    fog: bool,
}

/// The overlay of the round being played, if play mode is on.
pub fn overlay(play: &Play) -> Option<GameOverlay<'_>> {
    Some(GameOverlay {
        round: play.round()?,
        fog: play.fog(),
    })
}

impl Overlay for GameOverlay<'_> {
    fn marker(&self, pos: Pos) -> Option<Role> {
        let game = self.round.game();
        match game.outcome() {
            // The walker stands on the exit: the exit shows, with the paths leading to it.
            Outcome::Won => None,
            // Caught: the chaser that did it stands on the walker.
            Outcome::Caught if game.chasers().contains(&pos) => Some(Role::Frontier),
            _ if pos == game.walker() => Some(Role::Head),
            _ if game.chasers().contains(&pos) => Some(Role::Frontier),
            _ => None,
        }
    }

    fn ground(&self, pos: Pos) -> Option<Role> {
        let game = self.round.game();
        if game.outcome() == Outcome::Won && self.round.shortest_cells.contains(&pos) {
            Some(Role::Path)
        } else if game.walked(pos) {
            Some(Role::Visited)
        } else {
            None
        }
    }

    fn hidden(&self, pos: Pos) -> bool {
        let game = self.round.game();
        // Once the round is over the whole maze shows, to see where the way was.
        self.fog && game.outcome() == Outcome::Playing && !game.seen(pos)
    }

    fn markers(&self) -> Vec<(Pos, Role)> {
        let game = self.round.game();
        if game.outcome() == Outcome::Won {
            return Vec::new();
        }
        let chasers = game.chasers().iter().map(|&c| (c, Role::Frontier));
        std::iter::once((game.walker(), Role::Head))
            .chain(chasers)
            .filter(|&(pos, _)| !self.hidden(pos))
            .collect()
    }
}

/// What the colours on the canvas mean while a round is on: the walker and the chasers take
/// the carving head's and stack's colours, the trail the searched cells', the fog the cells
/// not carved yet; once won, the shortest path shows beside the trail.
pub fn legend(play: &Play) -> Vec<(Role, &'static str)> {
    let mut items = vec![
        (Role::Wall, "wall"),
        (Role::Entry, "entry"),
        (Role::Exit, "exit"),
        (Role::Head, "you"),
        (Role::Frontier, "chaser"),
        (Role::Visited, "trail"),
        (Role::Stamp, "42"),
    ];
    let won = play
        .round()
        .is_some_and(|round| round.game().outcome() == Outcome::Won);
    if won {
        items.push((Role::Path, "shortest"));
    }
    if play.fog() {
        items.push((Role::Unvisited, "fog"));
    }
    items
}

/// The canvas title while playing: ` Play · fog · won (g: again) `; with the sidebar folded
/// (no Play pane), the clock and the moves too: ` Play · 0:12 · 8 moves (Esc leaves) `.
pub fn canvas_title(play: &Play, keymap: &Keymap, folded: bool) -> Option<String> {
    let round = play.round()?;
    let mut title = " Play".to_owned();
    if folded {
        let moves = round.game().moves();
        let plural = if moves == 1 { "" } else { "s" };
        title.push_str(&format!(
            " · {} · {moves} move{plural}",
            clock(round.elapsed())
        ));
    }
    if play.fog() {
        title.push_str(" · fog");
    }
    let key = |action| keymap.first_key_label(action);
    let hint = match round.game().outcome() {
        Outcome::Playing => key(Action::LeavePlay).map(|k| format!("{k} leaves")),
        outcome => {
            title.push_str(if outcome == Outcome::Won {
                " · won"
            } else {
                " · caught"
            });
            key(Action::TogglePlay).map(|k| format!("{k}: again"))
        }
    };
    if let Some(hint) = hint {
        title.push_str(&format!(" ({hint})"));
    }
    title.push(' ');
    Some(title)
}

/// The Play pane, over the solver table, while playing.
pub fn pane_over(play: &Play, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(round) = play.round() else {
        return;
    };
    let game = round.game();
    let label = Style::new().fg(theme.palette.muted);
    let row = |name: &'static str, value: String| {
        Line::from(vec![
            Span::styled(format!("{name:<10} "), label),
            Span::raw(value),
        ])
    };
    let shortest = game
        .shortest()
        .map_or_else(|| "–".to_owned(), |n| format!("{n} steps"));
    let ratio = game
        .ratio()
        .map_or_else(|| "–".to_owned(), |r| format!("{r:.2}"));
    let best = match round.record() {
        Record::NotWon => "–".to_owned(),
        Record::Pending => "…".to_owned(),
        Record::Failed(_) => "not recorded".to_owned(),
        Record::Done(recorded) => match (&recorded.previous, recorded.new_best) {
            (Some(was), true) => format!("new! was {}", seconds(was.milliseconds)),
            (None, _) => "new!".to_owned(),
            (Some(best), false) => seconds(best.milliseconds),
        },
    };
    let state = match (game.outcome(), game.chasers().len()) {
        (Outcome::Won, _) => "at the exit".to_owned(),
        (Outcome::Caught, _) => "caught".to_owned(),
        (Outcome::Playing, 0) => "walking".to_owned(),
        (Outcome::Playing, 1) => "1 chaser".to_owned(),
        (Outcome::Playing, n) => format!("{n} chasers"),
    };
    let legend = |items: &[(Role, &str)]| {
        let spans = items.iter().flat_map(|&(role, name)| {
            let (symbols, style) = paint::block(role, theme);
            [
                Span::styled(symbols.concat(), style),
                Span::raw(format!(" {name}  ")),
            ]
        });
        Line::from(spans.collect::<Vec<_>>())
    };
    let key_legend = if game.outcome() == Outcome::Won {
        legend(&[(Role::Visited, "trail"), (Role::Path, "shortest")])
    } else {
        legend(&[
            (Role::Head, "you"),
            (Role::Visited, "trail"),
            (Role::Frontier, "chaser"),
        ])
    };
    let lines = vec![
        row("Time", clock(round.elapsed())),
        row("Moves", game.moves().to_string()),
        row("Shortest", shortest),
        row("Ratio", ratio),
        row("Best", best),
        row("State", state),
        key_legend,
    ];
    let block = pane(" Play ", theme, true);
    let inner = block.inner(area);
    Clear.render(area, buf);
    block.render(area, buf);
    Paragraph::new(lines).render(inner, buf);
}

fn seconds(milliseconds: u64) -> String {
    clock(Duration::from_millis(milliseconds))
}

#[cfg(test)]
mod tests;
