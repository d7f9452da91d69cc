//! The 16 colours as an 8/16-colour terminal reads them. crossterm sends every colour, the
//! named ones too, as a 256-colour escape (`ESC[38;5;1m` for red), which a terminal of 16
//! colours (`TERM=xterm`, no `COLORTERM`) may not read; the basic codes (`ESC[31m`, bright
//! `ESC[91m`, backgrounds `ESC[41m` and `ESC[101m`) every colour terminal reads. This writer
//! sits between the backend and the terminal and rewrites the one into the other.

use std::io::{self, Write};

use crate::tui::ColorDepth;

/// The longest escape sequence held back to be rewritten; a longer one goes out as it is.
const LONGEST: usize = 64;

/// A writer that, when on, sends colours 0 to 15 as basic SGR codes instead of `38;5;N` and
/// `48;5;N`; everything else goes through unchanged.
#[derive(Debug)]
pub struct BasicColours<W> {
    out: W,
    on: bool,
    /// An escape sequence begun and not yet ended, across writes.
    pending: Vec<u8>,
}

impl<W: Write> BasicColours<W> {
    /// Rewrites on a terminal of `depth` 16 colours, passes through on any other.
    pub fn new(out: W, depth: ColorDepth) -> BasicColours<W> {
        BasicColours {
            out,
            on: depth == ColorDepth::Ansi16,
            pending: Vec::new(),
        }
    }

    /// The writer written to.
    #[cfg(test)]
    pub fn inner(&self) -> &W {
        &self.out
    }
}

impl<W: Write> Write for BasicColours<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.on {
            return self.out.write(buf);
        }
        let mut sent = Vec::with_capacity(buf.len());
        for &byte in buf {
            if self.pending.is_empty() {
                if byte == 0x1b {
                    self.pending.push(byte);
                } else {
                    sent.push(byte);
                }
                continue;
            }
            self.pending.push(byte);
            let len = self.pending.len();
            let in_parameters = len > 2 && matches!(byte, b'0'..=b'9' | b';');
            if (len == 2 && byte == b'[') || (in_parameters && len < LONGEST) {
                continue;
            }
            let sequence = std::mem::take(&mut self.pending);
            match sequence.split_last() {
                Some((b'm', [0x1b, b'[', parameters @ ..])) => {
                    sent.extend_from_slice(b"\x1b[");
                    sent.extend_from_slice(&basic(parameters));
                    sent.push(b'm');
                }
                _ => sent.extend_from_slice(&sequence),
            }
        }
        self.out.write_all(&sent)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// SGR parameters with every `38;5;N` and `48;5;N` of N below 16 as its basic code.
fn basic(parameters: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(parameters);
    let parts: Vec<&str> = text.split(';').collect();
    let mut out: Vec<String> = Vec::with_capacity(parts.len());
    let mut i = 0;
    while i < parts.len() {
        let colour = parts.get(i + 2).and_then(|n| n.parse::<u8>().ok());
        match (parts[i], parts.get(i + 1), colour) {
            (layer @ ("38" | "48"), Some(&"5"), Some(n)) if n < 16 => {
                let base = match (layer, n < 8) {
                    ("38", true) => 30,
                    ("38", false) => 90 - 8,
                    (_, true) => 40,
                    (_, false) => 100 - 8,
                };
                out.push((base + u16::from(n)).to_string());
                i += 3;
            }
            // Another colour's parameters are not codes of their own: a cube or grey index,
            // or a 24-bit colour's three channels.
            ("38" | "48", Some(&kind @ ("5" | "2")), _) => {
                let end = (i + if kind == "5" { 3 } else { 5 }).min(parts.len());
                out.push(parts[i..end].join(";"));
                i = end;
            }
            (part, _, _) => {
                out.push(part.to_owned());
                i += 1;
            }
        }
    }
    out.join(";").into_bytes()
}

#[cfg(test)]
mod tests {
    use ratatui::backend::{Backend, CrosstermBackend};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Style};

    use super::*;

    /// What the backend writes for a 3x1 frame: red on blue, light cyan on dark grey, and an
    /// index of xterm's cube, after `depth` brought the frame's colours down.
    fn frame_bytes(depth: ColorDepth) -> String {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 3, 1));
        buffer.set_string(0, 0, "a", Style::new().fg(Color::Red).bg(Color::Blue));
        buffer.set_string(
            1,
            0,
            "b",
            Style::new().fg(Color::LightCyan).bg(Color::DarkGray),
        );
        buffer.set_string(2, 0, "c", Style::new().fg(Color::Indexed(208)));
        depth.convert_buffer(&mut buffer);
        let mut sent = Vec::new();
        let mut backend = CrosstermBackend::new(BasicColours::new(&mut sent, depth));
        let cells = buffer
            .content
            .iter()
            .enumerate()
            .map(|(i, cell)| (i as u16, 0, cell));
        backend.draw(cells).unwrap();
        Backend::flush(&mut backend).unwrap();
        drop(backend);
        String::from_utf8(sent).unwrap()
    }

    #[test]
    fn a_16_colour_terminal_gets_the_basic_codes() {
        let sent = frame_bytes(ColorDepth::Ansi16);
        assert!(
            !sent.contains("38;5;") && !sent.contains("48;5;"),
            "{sent:?}"
        );
        // Red on blue, then bright cyan on bright black; the cube's orange is brought down
        // to the nearest of the 16 (xterm's yellow, 205 205 0) first.
        assert!(sent.contains("\x1b[31;44ma"), "{sent:?}");
        assert!(sent.contains("\x1b[96;100mb"), "{sent:?}");
        assert!(sent.contains("\x1b[33;49mc"), "{sent:?}");
    }

    #[test]
    fn a_256_colour_terminal_gets_the_indices_as_before() {
        let sent = frame_bytes(ColorDepth::Indexed256);
        assert!(sent.contains("\x1b[38;5;1;48;5;4ma"), "{sent:?}");
        assert!(sent.contains("38;5;208"), "{sent:?}");
    }

    #[test]
    fn a_sequence_split_across_writes_is_rewritten_whole() {
        let mut writer = BasicColours::new(Vec::new(), ColorDepth::Ansi16);
        for piece in [
            "x\x1b[",
            "38;5",
            ";12",
            ";48;5;3m",
            "y\x1b[2J\x1b[1;38;2;1;2;3m",
        ] {
            writer.write_all(piece.as_bytes()).unwrap();
        }
        let sent = String::from_utf8(writer.inner().clone()).unwrap();
        assert_eq!(sent, "x\x1b[94;43my\x1b[2J\x1b[1;38;2;1;2;3m");
    }

    #[test]
    fn sgr_codes_other_than_the_16_colours_pass_through() {
        assert_eq!(basic(b"0"), b"0");
        assert_eq!(basic(b"38;5;16;48;5;255"), b"38;5;16;48;5;255");
        assert_eq!(basic(b"1;38;5;15"), b"1;97");
        assert_eq!(basic(b"48;5;8"), b"100");
        assert_eq!(basic(b"39;49"), b"39;49");
    }
}
