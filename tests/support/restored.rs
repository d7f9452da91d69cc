//! Checking that a program gave its terminal back: for the end-to-end tests that end the
//! dashboard in every way (a key, a signal, a paste) and read the bytes it wrote.

// Each test crate that includes this file uses only some of it.
#![allow(dead_code)]

/// The binary gave the terminal back as it found it: after it last entered the alternate
/// screen, it left it, showed the cursor and switched mouse reporting off (crossterm's
/// `DisableMouseCapture` writes `?1006l ?1015l ?1003l ?1002l ?1000l`).
pub fn assert_terminal_restored(raw: &[u8]) {
    let tail_of = |raw: &[u8]| {
        let tail = &raw[raw.len().saturating_sub(400)..];
        format!("{:?}", String::from_utf8_lossy(tail))
    };
    let entered = last(raw, "\x1b[?1049h").unwrap_or_else(|| {
        panic!(
            "the binary never entered the alternate screen; its output ends with {}",
            tail_of(raw)
        )
    });
    let after = &raw[entered..];
    for (sequence, what) in [
        ("\x1b[?1049l", "leave the alternate screen"),
        ("\x1b[?25h", "show the cursor"),
        ("\x1b[?1000l", "switch mouse reporting off"),
    ] {
        assert!(
            last(after, sequence).is_some(),
            "the binary did not {what} ({sequence:?}) after it last entered the alternate \
             screen; its output ends with {}",
            tail_of(raw)
        );
    }
    assert_nothing_left_on(raw);
}

/// Every mode the binary switched on (mouse reporting, the alternate screen), it switched off
/// later; it may never have switched any on.
pub fn assert_nothing_left_on(raw: &[u8]) {
    for mode in ["1000", "1002", "1003", "1015", "1006", "1049"] {
        let on = last(raw, &format!("\x1b[?{mode}h"));
        let off = last(raw, &format!("\x1b[?{mode}l"));
        assert!(
            on.is_none() || off > on,
            "mode {mode} is left on; the output ends with {:?}",
            String::from_utf8_lossy(&raw[raw.len().saturating_sub(400)..])
        );
    }
}

/// Whether the binary has left the alternate screen since it last entered it: for waiting on
/// a restore still on its way through the pty.
pub fn left_alternate_screen(raw: &[u8]) -> bool {
    last(raw, "\x1b[?1049l") > last(raw, "\x1b[?1049h")
}

/// Where `sequence` last starts in `raw`.
fn last(raw: &[u8], sequence: &str) -> Option<usize> {
    raw.windows(sequence.len())
        .rposition(|w| w == sequence.as_bytes())
}
