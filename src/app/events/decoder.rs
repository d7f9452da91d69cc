//! The terminal's bytes into events: keys, mouse reports. Every sequence ends: at its final
//! byte, at the first byte that cannot continue it (that byte is then read afresh, so Ctrl-C
//! always gets through), past [`MAX_SEQUENCE`] bytes, or when the reader says nothing more
//! came in time ([`Decoder::give_up`]). An ended incomplete sequence is dropped; a lone Esc is
//! the Esc key.
//!
//! crossterm's own parser (0.29) waits without end for the rest of a sequence it has begun:
//! after a stray `ESC [ 2 0 0 ~` (a bracketed-paste start) it keeps every later byte until
//! `ESC [ 2 0 1 ~`, after `ESC [ <` until an `m` or `M`, and no key gets through meanwhile
//! (crossterm-rs/crossterm#1060, unbounded in time and in bytes, with no way to reset it).
//! The dashboard never turns bracketed paste on, so a paste marker here is a sequence like
//! any other, dropped, and what follows it is typed keys.
//!
//! The keys decode as crossterm's do (an uppercase letter has Shift, `0x01`-`0x1A` are
//! Ctrl-letters, `0x1C`-`0x1F` Ctrl-4 to Ctrl-7, a character after Esc has Alt), so that the
//! keymap reads them as before.

use std::collections::VecDeque;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The longest sequence kept: a mouse report in the largest window is under 20 bytes.
pub const MAX_SEQUENCE: usize = 64;

const ESC: u8 = 0x1b;

/// Bytes in, events out; at most one unfinished sequence held.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The bytes of a sequence not finished yet, at most [`MAX_SEQUENCE`].
    pending: Vec<u8>,
    events: VecDeque<Event>,
}

/// What the bytes at the start of the pending ones are.
#[derive(Debug, PartialEq)]
enum Scan {
    /// A whole sequence of this many bytes, meaning this event, or nothing the dashboard uses.
    Whole(usize, Option<Event>),
    /// The start of a sequence: more bytes may finish it.
    Unfinished,
    /// This many bytes begin no sequence that the next can continue: they are dropped and the
    /// next byte is read afresh.
    Broken(usize),
}

impl Decoder {
    /// Reads `bytes`: every sequence they finish becomes an event, waiting for [`Self::next`].
    pub fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.pending.push(byte);
            self.scan_pending();
        }
    }

    /// Whether a sequence has begun and is not finished.
    pub fn is_unfinished(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Nothing came to finish the pending sequence in time: a lone Esc is the Esc key, any
    /// other unfinished sequence is dropped.
    pub fn give_up(&mut self) {
        if self.pending == [ESC] {
            self.events.push_back(key(KeyCode::Esc, KeyModifiers::NONE));
        }
        self.pending.clear();
    }

    /// The next event decoded, oldest first.
    pub fn next(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// Takes every whole sequence at the start of the pending bytes.
    fn scan_pending(&mut self) {
        while !self.pending.is_empty() {
            match scan(&self.pending) {
                Scan::Whole(length, event) => {
                    self.events.extend(event);
                    self.pending.drain(..length);
                }
                Scan::Broken(length) => {
                    self.pending.drain(..length);
                }
                Scan::Unfinished if self.pending.len() > MAX_SEQUENCE => self.pending.clear(),
                Scan::Unfinished => return,
            }
        }
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

/// What the sequence at the start of `bytes` (never empty) is.
fn scan(bytes: &[u8]) -> Scan {
    match bytes[0] {
        ESC => escape(bytes),
        byte if byte < 0x20 || byte == 0x7f => Scan::Whole(1, Some(control(byte))),
        _ => utf8(bytes),
    }
}

/// A control byte's key.
fn control(byte: u8) -> Event {
    let ctrl = |c: u8| key(KeyCode::Char(char::from(c)), KeyModifiers::CONTROL);
    match byte {
        b'\r' => key(KeyCode::Enter, KeyModifiers::NONE),
        b'\t' => key(KeyCode::Tab, KeyModifiers::NONE),
        0x7f => key(KeyCode::Backspace, KeyModifiers::NONE),
        0 => ctrl(b' '),
        0x01..=0x1a => ctrl(byte - 0x01 + b'a'),
        // 0x1c-0x1f: Ctrl-4 to Ctrl-7 (0x1b is Esc, read before).
        _ => ctrl(byte - 0x1c + b'4'),
    }
}

/// A character, encoded in UTF-8; an uppercase one has Shift, as crossterm says.
fn utf8(bytes: &[u8]) -> Scan {
    let length = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Scan::Broken(1),
    };
    if bytes.len() < length {
        if bytes[1..].iter().all(|&b| (0x80..=0xbf).contains(&b)) {
            return Scan::Unfinished;
        }
        return Scan::Broken(1);
    }
    match std::str::from_utf8(&bytes[..length])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => {
            let modifiers = if c.is_uppercase() {
                KeyModifiers::SHIFT
            } else {
                KeyModifiers::NONE
            };
            Scan::Whole(length, Some(key(KeyCode::Char(c), modifiers)))
        }
        None => Scan::Broken(1),
    }
}

/// A sequence that starts with Esc.
fn escape(bytes: &[u8]) -> Scan {
    let Some(&second) = bytes.get(1) else {
        return Scan::Unfinished;
    };
    match second {
        b'[' => csi(bytes),
        b'O' => match bytes.get(2) {
            None => Scan::Unfinished,
            Some(&last @ 0x40..=0x7e) => Scan::Whole(3, ss3(last)),
            Some(_) => Scan::Broken(2),
        },
        // Esc then a control byte (another Esc, Ctrl-C) is the Esc key, and that byte is read
        // as itself.
        byte if byte < 0x20 => Scan::Whole(1, Some(key(KeyCode::Esc, KeyModifiers::NONE))),
        // Esc then a key: that key with Alt.
        _ => match scan(&bytes[1..]) {
            Scan::Whole(length, Some(Event::Key(mut alt))) => {
                alt.modifiers |= KeyModifiers::ALT;
                Scan::Whole(1 + length, Some(Event::Key(alt)))
            }
            Scan::Whole(length, other) => Scan::Whole(1 + length, other),
            Scan::Unfinished => Scan::Unfinished,
            Scan::Broken(length) => Scan::Broken(1 + length),
        },
    }
}

/// `ESC O` and a letter: an arrow, Home, End or F1-F4 (the keypad's application mode).
fn ss3(last: u8) -> Option<Event> {
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(1 + last - b'P'),
        _ => return None,
    };
    Some(key(code, KeyModifiers::NONE))
}

/// `ESC [`, parameter bytes (`0`-`?`), intermediate bytes (space to `/`), a final byte (`@`
/// to `~`); the old mouse report `ESC [ M` is followed by three bytes of any value.
fn csi(bytes: &[u8]) -> Scan {
    if bytes.get(2) == Some(&b'M') {
        let report = &bytes[3..bytes.len().min(6)];
        return match report.iter().position(|&b| b < 0x20) {
            Some(control) => Scan::Broken(3 + control),
            None if report.len() < 3 => Scan::Unfinished,
            None => Scan::Whole(6, x10_mouse(report)),
        };
    }
    let mut intermediates = false;
    for (at, &byte) in bytes.iter().enumerate().skip(2) {
        match byte {
            0x30..=0x3f if !intermediates => {}
            0x20..=0x2f => intermediates = true,
            0x40..=0x7e => {
                let event = if intermediates {
                    None
                } else {
                    csi_event(&bytes[2..at], byte)
                };
                return Scan::Whole(at + 1, event);
            }
            _ => return Scan::Broken(at),
        }
    }
    Scan::Unfinished
}

/// The event of a whole CSI sequence with these parameter bytes and this final byte.
fn csi_event(parameters: &[u8], last: u8) -> Option<Event> {
    if let Some(rest) = parameters.strip_prefix(b"<") {
        return sgr_mouse(rest, last);
    }
    let numbers = numbers(parameters)?;
    let first = numbers.first().copied();
    let modifiers = modifiers(numbers.get(1).copied().unwrap_or(1));
    let code = match (last, first) {
        (b'A', _) => KeyCode::Up,
        (b'B', _) => KeyCode::Down,
        (b'C', _) => KeyCode::Right,
        (b'D', _) => KeyCode::Left,
        (b'H', _) => KeyCode::Home,
        (b'F', _) => KeyCode::End,
        (b'Z', _) => return Some(key(KeyCode::BackTab, KeyModifiers::SHIFT)),
        // `ESC [ row ; column R` answers a question the dashboard never asks; F3 has row 1.
        (b'P' | b'Q' | b'S', _) | (b'R', None | Some(1)) => KeyCode::F(1 + last - b'P'),
        (b'~', Some(number)) => tilde_key(number)?,
        (b'M', Some(_)) => return rxvt_mouse(&numbers),
        _ => return None,
    };
    Some(key(code, modifiers))
}

/// `;`-separated decimal numbers (of `:`-separated ones, the first); `None` when the
/// parameters are private (`?`, `=`, `>`) or not numbers.
fn numbers(parameters: &[u8]) -> Option<Vec<u16>> {
    if parameters.is_empty() {
        return Some(Vec::new());
    }
    let text = std::str::from_utf8(parameters).ok()?;
    text.split(';')
        .map(|field| match field.split(':').next() {
            Some("") => Some(1),
            Some(number) => number.parse().ok(),
            None => None,
        })
        .collect()
}

/// The keys of `ESC [ number ~`.
fn tilde_key(number: u16) -> Option<KeyCode> {
    Some(match number {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F((number - 10) as u8),
        17..=21 => KeyCode::F((number - 11) as u8),
        23..=26 => KeyCode::F((number - 12) as u8),
        28 | 29 => KeyCode::F((number - 13) as u8),
        31..=34 => KeyCode::F((number - 14) as u8),
        _ => return None,
    })
}

/// xterm's modifier parameter: one more than a mask of Shift, Alt, Ctrl, Super, Hyper, Meta.
fn modifiers(parameter: u16) -> KeyModifiers {
    let mask = parameter.saturating_sub(1);
    [
        KeyModifiers::SHIFT,
        KeyModifiers::ALT,
        KeyModifiers::CONTROL,
        KeyModifiers::SUPER,
        KeyModifiers::HYPER,
        KeyModifiers::META,
    ]
    .into_iter()
    .enumerate()
    .filter(|(bit, _)| mask & (1 << bit) != 0)
    .fold(KeyModifiers::NONE, |all, (_, one)| all | one)
}

/// `ESC [ < button ; column ; row M` (a press, a drag, the wheel) or `m` (a release), with
/// the column and row counted from 1.
fn sgr_mouse(parameters: &[u8], last: u8) -> Option<Event> {
    let numbers = numbers(parameters)?;
    let [button, column, row] = numbers[..] else {
        return None;
    };
    let mut event = mouse(button, column.checked_sub(1)?, row.checked_sub(1)?)?;
    if last == b'm' {
        if let MouseEventKind::Down(button) = event.kind {
            event.kind = MouseEventKind::Up(button);
        }
    } else if last != b'M' {
        return None;
    }
    Some(Event::Mouse(event))
}

/// `ESC [ button ; column ; row M` (urxvt's), the button offset by 32.
fn rxvt_mouse(numbers: &[u16]) -> Option<Event> {
    let [button, column, row] = numbers[..] else {
        return None;
    };
    let event = mouse(
        button.checked_sub(32)?,
        column.checked_sub(1)?,
        row.checked_sub(1)?,
    )?;
    Some(Event::Mouse(event))
}

/// `ESC [ M` and three bytes, each a number offset by 32, the column and row from 1.
fn x10_mouse(report: &[u8]) -> Option<Event> {
    let number = |byte: u8| u16::from(byte - 0x20);
    let event = mouse(
        number(report[0]),
        number(report[1]).checked_sub(1)?,
        number(report[2]).checked_sub(1)?,
    )?;
    Some(Event::Mouse(event))
}

/// The mouse event of xterm's button number: the low two bits and bits 6-7 the button, bit 5
/// a motion, bits 2-4 Shift, Alt and Ctrl.
fn mouse(button: u16, column: u16, row: u16) -> Option<MouseEvent> {
    let number = (button & 0b11) | ((button & 0b1100_0000) >> 4);
    let moving = button & 0b10_0000 != 0;
    let kind = match (number, moving) {
        (0, false) => MouseEventKind::Down(MouseButton::Left),
        (1, false) => MouseEventKind::Down(MouseButton::Middle),
        (2, false) => MouseEventKind::Down(MouseButton::Right),
        (0, true) => MouseEventKind::Drag(MouseButton::Left),
        (1, true) => MouseEventKind::Drag(MouseButton::Middle),
        (2, true) => MouseEventKind::Drag(MouseButton::Right),
        (3, false) => MouseEventKind::Up(MouseButton::Left),
        (3..=5, true) => MouseEventKind::Moved,
        (4, false) => MouseEventKind::ScrollUp,
        (5, false) => MouseEventKind::ScrollDown,
        (6, false) => MouseEventKind::ScrollLeft,
        (7, false) => MouseEventKind::ScrollRight,
        _ => return None,
    };
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (0b100, KeyModifiers::SHIFT),
        (0b1000, KeyModifiers::ALT),
        (0b1_0000, KeyModifiers::CONTROL),
    ] {
        if button & bit != 0 {
            modifiers |= modifier;
        }
    }
    Some(MouseEvent {
        kind,
        column,
        row,
        modifiers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(bytes: &[u8]) -> (Vec<Event>, bool) {
        let mut decoder = Decoder::default();
        decoder.feed(bytes);
        let events = std::iter::from_fn(|| decoder.next()).collect();
        (events, decoder.is_unfinished())
    }

    fn events(bytes: &[u8]) -> Vec<Event> {
        decoded(bytes).0
    }

    fn char_key(c: char) -> Event {
        key(KeyCode::Char(c), KeyModifiers::NONE)
    }

    fn ctrl_c() -> Event {
        key(KeyCode::Char('c'), KeyModifiers::CONTROL)
    }

    #[test]
    fn keys_decode_as_crossterm_decodes_them() {
        assert_eq!(
            events(b"qT\r\t\x7f\x03\x1c\x00\x1b[A\x1bOB\x1b[5~\x1b[1;5C\x1b[Z\x1bx\xc3\xa9"),
            vec![
                char_key('q'),
                key(KeyCode::Char('T'), KeyModifiers::SHIFT),
                key(KeyCode::Enter, KeyModifiers::NONE),
                key(KeyCode::Tab, KeyModifiers::NONE),
                key(KeyCode::Backspace, KeyModifiers::NONE),
                ctrl_c(),
                key(KeyCode::Char('4'), KeyModifiers::CONTROL),
                key(KeyCode::Char(' '), KeyModifiers::CONTROL),
                key(KeyCode::Up, KeyModifiers::NONE),
                key(KeyCode::Down, KeyModifiers::NONE),
                key(KeyCode::PageUp, KeyModifiers::NONE),
                key(KeyCode::Right, KeyModifiers::CONTROL),
                key(KeyCode::BackTab, KeyModifiers::SHIFT),
                key(KeyCode::Char('x'), KeyModifiers::ALT),
                char_key('é'),
            ]
        );
    }

    #[test]
    fn mouse_reports_decode_counted_from_zero() {
        let at = |kind, column, row| {
            Event::Mouse(MouseEvent {
                kind,
                column,
                row,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(
            events(b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<32;11;5M\x1b[<65;1;1M\x1b[M *%\x1b[32;3;4M"),
            vec![
                at(MouseEventKind::Down(MouseButton::Left), 9, 4),
                at(MouseEventKind::Up(MouseButton::Left), 9, 4),
                at(MouseEventKind::Drag(MouseButton::Left), 10, 4),
                at(MouseEventKind::ScrollDown, 0, 0),
                at(MouseEventKind::Down(MouseButton::Left), 9, 4),
                at(MouseEventKind::Down(MouseButton::Left), 2, 3),
            ]
        );
    }

    #[test]
    fn a_stray_paste_start_is_dropped_and_what_follows_is_keys() {
        assert_eq!(
            decoded(b"\x1b[200~q\x1b[201~"),
            (vec![char_key('q')], false)
        );
    }

    #[test]
    fn an_unfinished_mouse_report_ends_at_a_byte_that_cannot_continue_it() {
        for stray in [
            &b"\x1b[<"[..],
            b"\x1b[<0;1;1",
            b"\x1b[",
            b"\x1bO",
            b"\x1b[M ",
        ] {
            let mut bytes = stray.to_vec();
            bytes.extend_from_slice(b"\x03\x03");
            assert_eq!(
                decoded(&bytes),
                (vec![ctrl_c(), ctrl_c()], false),
                "{stray:?}"
            );
            // Another Esc begins afresh.
            let mut bytes = stray.to_vec();
            bytes.extend_from_slice(b"\x1b[A");
            assert_eq!(
                events(&bytes),
                vec![key(KeyCode::Up, KeyModifiers::NONE)],
                "{stray:?}"
            );
        }
    }

    #[test]
    fn an_unfinished_sequence_waits_and_is_dropped_when_the_reader_gives_up() {
        let mut decoder = Decoder::default();
        decoder.feed(b"\x1b[<0;1;1");
        assert!(decoder.is_unfinished());
        assert_eq!(decoder.next(), None);
        decoder.give_up();
        assert!(!decoder.is_unfinished());
        decoder.feed(b"q");
        assert_eq!(decoder.next(), Some(char_key('q')));
    }

    #[test]
    fn a_lone_esc_is_the_esc_key_when_nothing_follows_in_time() {
        let mut decoder = Decoder::default();
        decoder.feed(b"\x1b");
        assert_eq!(decoder.next(), None);
        decoder.give_up();
        assert_eq!(decoder.next(), Some(key(KeyCode::Esc, KeyModifiers::NONE)));
        assert_eq!(
            events(b"\x1b\x1b\x03"),
            vec![
                key(KeyCode::Esc, KeyModifiers::NONE),
                key(KeyCode::Esc, KeyModifiers::NONE),
                ctrl_c()
            ]
        );
    }

    #[test]
    fn a_sequence_split_between_reads_is_one_key() {
        let mut decoder = Decoder::default();
        for byte in b"\x1b[1;5A\xc3\xa9" {
            decoder.feed(&[*byte]);
        }
        assert_eq!(
            decoder.next(),
            Some(key(KeyCode::Up, KeyModifiers::CONTROL))
        );
        assert_eq!(decoder.next(), Some(char_key('é')));
    }

    #[test]
    fn an_endless_sequence_holds_at_most_its_bound() {
        let mut decoder = Decoder::default();
        decoder.feed(b"\x1b[");
        for _ in 0..100_000 {
            decoder.feed(b"0;");
            assert!(decoder.pending.len() <= MAX_SEQUENCE + 1);
            while decoder.next().is_some() {}
        }
        decoder.feed(b"\x03");
        assert_eq!(decoder.next(), Some(ctrl_c()));
    }

    #[test]
    fn broken_utf8_is_dropped_and_the_next_byte_read() {
        assert_eq!(events(b"\xff\xc3q\x80"), vec![char_key('q')]);
    }
}
