//! Reading the dashboard's terminal in batches: every event already waiting is taken at once,
//! so that a paste of thousands of keys is read as fast as it comes and drawn once, rather than
//! a frame for each key while the terminal's input buffer fills and its writer blocks.
//!
//! A batch holds at most [`MAX_BATCH`] events: the rest stay in the terminal, read by the next
//! batch after a frame is drawn, so a paste that never ends still shows. Events that replace
//! one another are coalesced: of a run of resizes only the last counts, and of a run of mouse
//! moves (which mean nothing to the dashboard) one is kept.
//!
//! The terminal's bytes are read here and decoded by [`decoder`], not by crossterm's reader:
//! its parser waits for ever for the end of a sequence it has begun (see [`decoder`]), while
//! here an unfinished sequence ends when nothing more comes for [`SEQUENCE_WAIT`]. The terminal
//! is watched with poll(2), level-triggered, as crossterm's `use-dev-tty` reader does (a paste
//! that fills the terminal faster than it is read is read to its end, issue 18).

mod decoder;

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::os::fd::AsFd;
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use crossterm::event::{Event, MouseEventKind};
use rustix::event::{PollFd, PollFlags, Timespec};
use signal_hook::SigId;

use decoder::Decoder;

/// The most events handled between two frames.
pub const MAX_BATCH: usize = 4096;

/// How long an unfinished sequence (a lone Esc, `ESC [ <` without its end) waits for its next
/// byte, as terminals and readline wait: a terminal sends a whole sequence at once, a person
/// types slower.
const SEQUENCE_WAIT: Duration = Duration::from_millis(80);

/// The most bytes read at once.
const CHUNK: usize = 1024;

/// The dashboard's keyboard and mouse, and its window's changes of size.
pub struct Input {
    terminal: File,
    /// Readable after a SIGWINCH.
    resized: UnixStream,
    resize_signal: SigId,
    decoder: Decoder,
    /// When the last byte came, while it left a sequence unfinished.
    unfinished_since: Option<Instant>,
}

/// What the terminal has for us.
enum Ready {
    Bytes,
    Resized,
    Nothing,
}

impl Input {
    /// Reads the terminal the program runs in: standard input when it is one, else
    /// `/dev/tty`.
    pub fn open() -> io::Result<Input> {
        let terminal = if io::stdin().is_terminal() {
            File::from(io::stdin().as_fd().try_clone_to_owned()?)
        } else {
            File::open("/dev/tty")?
        };
        let (resized, on_resize) = UnixStream::pair()?;
        resized.set_nonblocking(true)?;
        on_resize.set_nonblocking(true)?;
        let resize_signal =
            signal_hook::low_level::pipe::register(signal_hook::consts::SIGWINCH, on_resize)?;
        Ok(Input {
            terminal,
            resized,
            resize_signal,
            decoder: Decoder::default(),
            unfinished_since: None,
        })
    }

    /// Waits up to `wait` for an event, then takes every event already waiting, up to
    /// [`MAX_BATCH`], coalesced. Empty when nothing came in time.
    pub fn read_batch(&mut self, wait: Duration) -> io::Result<Vec<Event>> {
        let deadline = Instant::now() + wait;
        let mut batch = Vec::new();
        loop {
            while batch.len() < MAX_BATCH
                && let Some(event) = self.decoder.next()
            {
                push_coalesced(&mut batch, within_drawn(event));
            }
            if batch.len() >= MAX_BATCH {
                return Ok(batch);
            }
            let now = Instant::now();
            // With events in hand, only what is already waiting.
            let mut until = if batch.is_empty() { deadline } else { now };
            if let Some(since) = self.unfinished_since {
                until = until.min(since + SEQUENCE_WAIT);
            }
            match self.poll(until.saturating_duration_since(now))? {
                Ready::Bytes => self.read_bytes()?,
                Ready::Resized => {
                    while self.resized.read(&mut [0; 64]).is_ok_and(|n| n > 0) {}
                    let (columns, rows) = crossterm::terminal::size()?;
                    push_coalesced(&mut batch, within_drawn(Event::Resize(columns, rows)));
                }
                Ready::Nothing => {
                    let now = Instant::now();
                    if let Some(since) = self.unfinished_since
                        && now >= since + SEQUENCE_WAIT
                    {
                        self.decoder.give_up();
                        self.unfinished_since = None;
                    } else if !batch.is_empty() || now >= deadline {
                        return Ok(batch);
                    }
                }
            }
        }
    }

    /// Waits up to `timeout` for bytes or a resize.
    fn poll(&self, timeout: Duration) -> io::Result<Ready> {
        let timeout = Timespec::try_from(timeout).map_err(io::Error::other)?;
        let mut watched = [
            PollFd::new(&self.terminal, PollFlags::IN),
            PollFd::new(&self.resized, PollFlags::IN),
        ];
        match rustix::event::poll(&mut watched, Some(&timeout)) {
            // A signal came: the caller looks again.
            Err(rustix::io::Errno::INTR) => return Ok(Ready::Nothing),
            Err(error) => return Err(error.into()),
            Ok(_) => {}
        }
        let any = PollFlags::IN | PollFlags::HUP | PollFlags::ERR;
        Ok(if watched[1].revents().intersects(any) {
            Ready::Resized
        } else if watched[0].revents().intersects(any) {
            Ready::Bytes
        } else {
            Ready::Nothing
        })
    }

    /// Reads what the terminal has (poll said it has some) into the decoder.
    fn read_bytes(&mut self) -> io::Result<()> {
        let mut chunk = [0; CHUNK];
        let read = match self.terminal.read(&mut chunk) {
            Ok(0) => {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the terminal is gone",
                ));
            }
            Ok(read) => read,
            Err(error)
                if matches!(
                    error.kind(),
                    io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
                ) =>
            {
                return Ok(());
            }
            Err(error) => return Err(error),
        };
        self.decoder.feed(&chunk[..read]);
        self.unfinished_since = self.decoder.is_unfinished().then(Instant::now);
        Ok(())
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        signal_hook::low_level::unregister(self.resize_signal);
    }
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
