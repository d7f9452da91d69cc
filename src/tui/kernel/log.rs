//! What the status line has said: every message with the time it was said (the message log
//! `m` shows, see `modes/log`), and the warning about the user's own files that stays on the
//! status line until dismissed. It is shared vocabulary, beside [`Status`]: every part says
//! things, through `context::Ctx::set_status`, which keeps them here.

use std::collections::VecDeque;
use std::time::Duration;

use super::status::{Status, StatusKind};

/// The most messages kept: the oldest go first (a long session says thousands of things).
pub const KEPT: usize = 1_000;

/// How long a newer message holds the status line before the warning about the user's files
/// comes back to it, until that is dismissed.
pub const WARNING_RETURNS: Duration = Duration::from_secs(5);

/// One message, as the status line said it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// When, since the dashboard started.
    pub at: Duration,
    pub kind: StatusKind,
    pub text: String,
}

/// The log, open or not, and the warning still up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    entries: VecDeque<Entry>,
    /// `Some` while the overlay is open: the first row shown, or `None` to follow the end
    /// (the newest message, where it opens).
    open: Option<Option<u16>>,
    /// The warning about the user's files the status line goes back to, until dismissed.
    warning: Option<Status>,
    /// The time since the dashboard started, as the run loop last said.
    now: Duration,
    /// When the newest message was said.
    said_at: Duration,
    /// Whether the newest entry is a passing one (a theme previewed under the cursor), which
    /// the next passing one takes the place of.
    passing: bool,
}

impl Log {
    /// The run loop's time, since the dashboard started: what is said next is stamped with it.
    pub fn set_now(&mut self, now: Duration) {
        self.now = now;
    }

    /// Keeps `status`, the status line's newest message, said now.
    pub fn said(&mut self, status: &Status) {
        self.record(self.now, status.kind, &status.text);
        self.said_at = self.now;
        self.passing = false;
    }

    /// As [`Log::said`], for a passing message: it takes the place of the passing one before
    /// it, so a cursor run over a list leaves one line.
    pub fn said_in_passing(&mut self, status: &Status) {
        if self.passing
            && let Some(last) = self.entries.back_mut()
        {
            last.text.clone_from(&status.text);
            last.at = self.now;
            last.kind = status.kind;
        } else {
            self.record(self.now, status.kind, &status.text);
        }
        self.said_at = self.now;
        self.passing = true;
    }

    /// How long the newest message has had the status line.
    pub fn since_said(&self) -> Duration {
        self.now.saturating_sub(self.said_at)
    }

    /// Keeps `text`, said at `at`. A message that only says how far something under way has
    /// got ("Writing maze.txt… 43%" after "Writing maze.txt… 12%", the same text up to its
    /// `…`) takes the place of the one before, and whatever follows a bare percentage takes
    /// its place too, so that a long write leaves one line: how it ended.
    pub fn record(&mut self, at: Duration, kind: StatusKind, text: &str) {
        let entry = Entry {
            at,
            kind,
            text: text.to_owned(),
        };
        if let Some(last) = self.entries.back_mut()
            && (last.text == text || same_progress(&last.text, text) || is_percentage(&last.text))
        {
            *last = entry;
            return;
        }
        if self.entries.len() == KEPT {
            self.entries.pop_front();
        }
        self.entries.push_back(entry);
    }

    /// The messages, oldest first.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = &Entry> + DoubleEndedIterator {
        self.entries.iter()
    }

    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Opens the overlay at its end, or closes it.
    pub fn toggle(&mut self) {
        self.open = match self.open {
            Some(_) => None,
            None => Some(None),
        };
    }

    pub fn close(&mut self) {
        self.open = None;
    }

    /// The first row shown while open: `None` follows the end.
    pub fn offset(&self) -> Option<u16> {
        self.open.flatten()
    }

    pub(crate) fn set_offset(&mut self, offset: Option<u16>) {
        if self.open.is_some() {
            self.open = Some(offset);
        }
    }

    /// The warning about the user's files still up, if any.
    pub fn warning(&self) -> Option<&Status> {
        self.warning.as_ref()
    }

    /// Keeps `warning` up on the status line until [`Log::dismiss`].
    pub fn keep_up(&mut self, warning: Status) {
        self.warning = Some(warning);
    }

    /// Takes the warning down; `false` if there was none.
    pub fn dismiss(&mut self) -> bool {
        self.warning.take().is_some()
    }
}

/// Whether `text` only says how far something has got: `Writing maze.txt… 43%`.
fn is_percentage(text: &str) -> bool {
    let Some((_, after)) = text.split_once('…') else {
        return false;
    };
    after
        .trim()
        .strip_suffix('%')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// Whether `new` says how far the same thing as `old` has got: both are one text up to an
/// ellipsis, and differ after it.
fn same_progress(old: &str, new: &str) -> bool {
    match (old.find('…'), new.find('…')) {
        (Some(a), Some(b)) => old[..a] == new[..b],
        _ => false,
    }
}
