//! The dashboard's hold on the terminal: taken once, given back on every way out (a normal
//! quit, an error, a panic, every ending signal) and around a stop (Ctrl-Z, or SIGTSTP sent
//! from outside), always the same way: mouse reporting off, cursor shown, raw mode off,
//! alternate screen left.
//!
//! One lock, [`HOLD`], says whether the terminal is held and is held itself while anything is
//! written to the screen: taking it, each frame, a stop. The signal thread takes it before it
//! restores the terminal and never gives it back, so a signal at any moment, even the first
//! milliseconds, finds the terminal either untouched or taken whole, restores it, and no frame
//! is written after the restore.
//!
//! The screen buffers are sized by what is drawn, not by what the terminal claims: a window of
//! 65535x65535 cells would ask for hundreds of gigabytes (see [`Clamped`]).

use std::io::{self, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crossterm::cursor::Show;
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Rect, Size};
use ratatui::{CompletedFrame, Frame};

use crate::tui::ColorDepth;
pub use basic_colours::BasicColours;

mod basic_colours;

/// The most columns and rows drawn: more than a screen shows (an 8K display in a tiny font is
/// about 1300 by 400), and ratatui's two buffers stay under 100 MB.
pub const MAX_COLUMNS: u16 = 1500;
pub const MAX_ROWS: u16 = 500;

/// The dashboard's terminal: colours 0 to 15 go out as basic codes on a 16-colour terminal.
pub type Screen = Terminal<Clamped<CrosstermBackend<BasicColours<Stdout>>>>;

/// Whether the dashboard holds the terminal; locked while anything is written to it.
static HOLD: Mutex<bool> = Mutex::new(false);

/// Set when the terminal was taken back after a stop from outside: the next frame redraws
/// everything.
static REDRAW: AtomicBool = AtomicBool::new(false);

fn hold() -> MutexGuard<'static, bool> {
    // A panic while it was held leaves a usable flag.
    HOLD.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `(columns, rows)` within what the dashboard draws.
pub fn clamped((columns, rows): (u16, u16)) -> (u16, u16) {
    (columns.min(MAX_COLUMNS), rows.min(MAX_ROWS))
}

/// Takes the terminal, which shows `depth` colours: raw mode, alternate screen, mouse
/// reporting, and a restore on panic. The hold is marked before anything is switched on, so a
/// signal from now on restores it.
pub fn take(depth: ColorDepth) -> io::Result<Screen> {
    let mut held = hold();
    *held = true;
    restore_on_panic();
    switch_on()?;
    let out = BasicColours::new(io::stdout(), depth);
    Terminal::new(Clamped(CrosstermBackend::new(out)))
}

/// Gives the terminal back (if it is held). Every step is tried, whatever failed before it: a
/// half-restored terminal is worse than an error message about it.
pub fn restore() {
    let mut held = hold();
    if *held {
        switch_off();
        *held = false;
    }
}

/// Draws a frame, the terminal held meanwhile; after a stop from outside, the whole screen.
pub fn draw<'a>(
    terminal: &'a mut Screen,
    render: impl FnOnce(&mut Frame<'_>),
) -> io::Result<CompletedFrame<'a>> {
    let _held = hold();
    if REDRAW.swap(false, Ordering::AcqRel) {
        redraw_all(terminal)?;
    }
    terminal.draw(render)
}

/// For the signal thread, about to end the process: restores the terminal if it is held and
/// keeps the lock, so that nothing is drawn after.
pub fn release_for_exit() {
    let held = hold();
    if *held {
        switch_off();
    }
    std::mem::forget(held);
}

/// Gives the terminal back and stops the process as the shell's Ctrl-Z would; when the shell
/// resumes it (`fg`), takes the terminal again and has everything redrawn.
#[cfg(unix)]
pub fn suspend(terminal: &mut Screen) -> io::Result<()> {
    let _held = hold();
    stop_and_resume(true)?;
    redraw_all(terminal)
}

/// Without job control there is no suspending: the key does nothing.
#[cfg(not(unix))]
pub fn suspend(_: &mut Screen) -> io::Result<()> {
    Ok(())
}

/// SIGTSTP from outside (`kill -TSTP`, the shell's Ctrl-Z when the terminal sends it), on the
/// signal thread: as [`suspend`], the next frame redrawing everything.
#[cfg(unix)]
pub fn stop_from_outside() {
    let held = hold();
    if stop_and_resume(*held).is_ok() && *held {
        REDRAW.store(true, Ordering::Release);
    }
}

/// Restores the terminal if `held`, stops the process, and on resuming takes the terminal
/// again. SIGSTOP, not SIGTSTP: SIGTSTP is caught, to come here.
#[cfg(unix)]
fn stop_and_resume(held: bool) -> io::Result<()> {
    if held {
        switch_off();
    }
    signal_hook::low_level::raise(signal_hook::consts::SIGSTOP)?;
    if held { switch_on() } else { Ok(()) }
}

/// The whole screen cleared and drawn again at the next frame, without asking the terminal
/// where its cursor is (a terminal that never answers would make that fail).
fn redraw_all(terminal: &mut Screen) -> io::Result<()> {
    let area = terminal.size()?;
    terminal.resize(Rect::from((Position::ORIGIN, area)))
}

fn switch_on() -> io::Result<()> {
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)
}

fn switch_off() {
    let mut out = io::stdout();
    let _ = execute!(out, DisableMouseCapture, Show, LeaveAlternateScreen);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Restores the terminal before the previous hook (color-eyre's) reports the panic. It does
/// not wait for the lock: the panic may have come while a frame held it.
fn restore_on_panic() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let held = HOLD.try_lock().map_or(true, |held| *held);
        if held {
            switch_off();
        }
        report(info);
    }));
}

/// A backend that reports at most [`MAX_COLUMNS`] x [`MAX_ROWS`], so that ratatui's buffers
/// (sized by the backend) stay small whatever size the terminal claims; larger, the dashboard
/// is drawn in its top-left corner.
#[derive(Debug)]
pub struct Clamped<B>(pub B);

impl<B: Backend> Backend for Clamped<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.0.draw(content)
    }

    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        self.0.append_lines(n)
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.0.hide_cursor()
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.0.show_cursor()
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.0.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.0.set_cursor_position(position)
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        self.0.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.0.clear_region(clear_type)
    }

    fn size(&self) -> Result<Size, Self::Error> {
        let size = self.0.size()?;
        let (width, height) = clamped((size.width, size.height));
        Ok(Size { width, height })
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        let mut size = self.0.window_size()?;
        let (width, height) = clamped((size.columns_rows.width, size.columns_rows.height));
        size.columns_rows = Size { width, height };
        Ok(size)
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;

    /// A backend that claims a huge window, and draws nowhere.
    struct Huge(TestBackend);

    impl Backend for Huge {
        type Error = <TestBackend as Backend>::Error;
        fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
        where
            I: Iterator<Item = (u16, u16, &'a Cell)>,
        {
            self.0.draw(content.filter(|(x, y, _)| *x < 4 && *y < 4))
        }
        fn hide_cursor(&mut self) -> Result<(), Self::Error> {
            self.0.hide_cursor()
        }
        fn show_cursor(&mut self) -> Result<(), Self::Error> {
            self.0.show_cursor()
        }
        fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
            self.0.get_cursor_position()
        }
        fn set_cursor_position<P: Into<Position>>(&mut self, p: P) -> Result<(), Self::Error> {
            self.0.set_cursor_position(p)
        }
        fn clear(&mut self) -> Result<(), Self::Error> {
            self.0.clear()
        }
        fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
            self.0.clear_region(clear_type)
        }
        fn size(&self) -> Result<Size, Self::Error> {
            Ok(Size::new(u16::MAX, u16::MAX))
        }
        fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
            Ok(WindowSize {
                columns_rows: Size::new(u16::MAX, u16::MAX),
                pixels: Size::new(0, 0),
            })
        }
        fn flush(&mut self) -> Result<(), Self::Error> {
            self.0.flush()
        }
    }

    #[test]
    fn a_huge_window_gets_buffers_the_size_of_what_is_drawn() {
        let mut terminal = Terminal::new(Clamped(Huge(TestBackend::new(4, 4)))).unwrap();
        let area = terminal.get_frame().area();
        assert_eq!((area.width, area.height), (MAX_COLUMNS, MAX_ROWS));
        assert_eq!(
            terminal.backend_mut().window_size().unwrap().columns_rows,
            Size::new(MAX_COLUMNS, MAX_ROWS)
        );
        // A resize to the size claimed is clamped too.
        terminal.autoresize().unwrap();
        assert_eq!(terminal.get_frame().area().width, MAX_COLUMNS);
    }

    #[test]
    fn sizes_within_the_limits_are_kept() {
        assert_eq!(clamped((80, 24)), (80, 24));
        assert_eq!(clamped((65535, 65535)), (MAX_COLUMNS, MAX_ROWS));
        assert_eq!(clamped((3000, 10)), (MAX_COLUMNS, 10));
    }
}
