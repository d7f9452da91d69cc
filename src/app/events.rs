//! Reading the dashboard's terminal in batches: every event already waiting is taken at once,
//! so that a paste of thousands of keys is read as fast as it comes and drawn once, rather than
//! a frame for each key while the terminal's input buffer fills and its writer blocks.
//!
//! A batch holds at most [`MAX_BATCH`] events: the rest stay in the terminal, read by the next
//! batch after a frame is drawn, so a paste that never ends still shows. Events that replace
//! one another are coalesced: of a run of resizes only the last counts, and of a run of mouse
//! moves (which mean nothing to the dashboard) one is kept.

use std::io;
use std::time::Duration;

use crossterm::event::{self, Event, MouseEventKind};

/// The most events handled between two frames.
pub const MAX_BATCH: usize = 4096;

/// How long to look for the next waiting event of a batch. crossterm's terminal reader does
/// not look at the terminal at all with a zero timeout, and this is only waited when nothing
/// is left.
const NEXT: Duration = Duration::from_millis(1);

/// Waits up to `wait` for an event, then takes every event already waiting, up to
/// [`MAX_BATCH`], coalesced. Empty when nothing came in time.
pub fn read_batch(wait: Duration) -> io::Result<Vec<Event>> {
    let mut batch = Vec::new();
    if !event::poll(wait.max(NEXT))? {
        return Ok(batch);
    }
    batch.push(within_drawn(event::read()?));
    while batch.len() < MAX_BATCH && event::poll(NEXT)? {
        push_coalesced(&mut batch, within_drawn(event::read()?));
    }
    Ok(batch)
}

/// A resize to a window larger than the dashboard draws is one to what it draws.
fn within_drawn(event: Event) -> Event {
    match event {
        Event::Resize(columns, rows) => {
            let (columns, rows) = super::terminal::clamped((columns, rows));
            Event::Resize(columns, rows)
        }
        other => other,
    }
}

/// Appends `event` to `batch`, or lets it replace the last event when it makes it moot.
fn push_coalesced(batch: &mut Vec<Event>, event: Event) {
    let replaces_last = match (batch.last(), &event) {
        (Some(Event::Resize(..)), Event::Resize(..)) => true,
        (Some(Event::Mouse(before)), Event::Mouse(now)) => {
            before.kind == MouseEventKind::Moved && now.kind == MouseEventKind::Moved
        }
        _ => false,
    };
    if replaces_last {
        batch.pop();
    }
    batch.push(event);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent};

    fn key(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
    }

    fn mouse(kind: MouseEventKind, column: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind,
            column,
            row: 1,
            modifiers: KeyModifiers::NONE,
        })
    }

    fn coalesced(events: Vec<Event>) -> Vec<Event> {
        let mut batch = Vec::new();
        for event in events {
            push_coalesced(&mut batch, event);
        }
        batch
    }

    #[test]
    fn keys_are_all_kept_in_order() {
        let keys: Vec<Event> = "tt+v+".chars().map(key).collect();
        assert_eq!(coalesced(keys.clone()), keys);
    }

    #[test]
    fn a_run_of_resizes_is_its_last_and_a_run_of_moves_one_move() {
        let moved = |c| mouse(MouseEventKind::Moved, c);
        let events = vec![
            Event::Resize(80, 24),
            Event::Resize(90, 30),
            key('t'),
            moved(1),
            moved(2),
            moved(3),
            mouse(MouseEventKind::ScrollUp, 3),
            Event::Resize(100, 40),
        ];
        assert_eq!(
            coalesced(events),
            vec![
                Event::Resize(90, 30),
                key('t'),
                moved(3),
                mouse(MouseEventKind::ScrollUp, 3),
                Event::Resize(100, 40),
            ]
        );
    }
}
