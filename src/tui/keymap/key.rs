//! One key, as a binding names it: parsed from the keys file (`"ctrl-c"`), matched against the
//! terminal's key events, and written on screen (`Ctrl-c`).

use std::fmt;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// A key and the modifiers held with it.
///
/// Normalised so that one key has one value however terminals report it: a character key
/// carries no Shift (the character says it: `'T'` is Shift+t), a Ctrl+letter is lower case,
/// and Shift+Tab is [`KeyCode::BackTab`]. Only Ctrl, Alt and Shift count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyPress {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

/// The modifiers a binding can name.
const MODIFIERS: KeyModifiers = KeyModifiers::CONTROL
    .union(KeyModifiers::ALT)
    .union(KeyModifiers::SHIFT);

/// The keys with names in the keys file, as written there (any case) and on screen.
const NAMED: [(&str, KeyCode, &str); 17] = [
    ("enter", KeyCode::Enter, "Enter"),
    ("esc", KeyCode::Esc, "Esc"),
    ("escape", KeyCode::Esc, "Esc"),
    ("tab", KeyCode::Tab, "Tab"),
    ("backtab", KeyCode::BackTab, "Shift-Tab"),
    ("space", KeyCode::Char(' '), "Space"),
    ("up", KeyCode::Up, "↑"),
    ("down", KeyCode::Down, "↓"),
    ("left", KeyCode::Left, "←"),
    ("right", KeyCode::Right, "→"),
    ("home", KeyCode::Home, "Home"),
    ("end", KeyCode::End, "End"),
    ("pageup", KeyCode::PageUp, "PgUp"),
    ("pagedown", KeyCode::PageDown, "PgDn"),
    ("backspace", KeyCode::Backspace, "Backspace"),
    ("delete", KeyCode::Delete, "Del"),
    ("insert", KeyCode::Insert, "Ins"),
];

impl KeyPress {
    /// A key pressed alone.
    pub const fn plain(code: KeyCode) -> KeyPress {
        KeyPress {
            code,
            modifiers: KeyModifiers::NONE,
        }
    }

    /// A character key pressed alone (`'T'` for Shift+t).
    pub const fn char(c: char) -> KeyPress {
        KeyPress::plain(KeyCode::Char(c))
    }

    /// A character key with Ctrl.
    pub const fn ctrl(c: char) -> KeyPress {
        KeyPress {
            code: KeyCode::Char(c),
            modifiers: KeyModifiers::CONTROL,
        }
    }

    /// Whether this is Ctrl-C or Ctrl-\\ (which a terminal sends as Ctrl-4): the keys that quit
    /// from everywhere, whatever the keys file says, and so can be bound to nothing.
    pub fn is_interrupt(self) -> bool {
        self == KeyPress::ctrl('c') || self == KeyPress::ctrl('4') || self == KeyPress::ctrl('\\')
    }

    /// `code` with `modifiers`, normalised (see [`KeyPress`]).
    pub fn new(code: KeyCode, modifiers: KeyModifiers) -> KeyPress {
        let mut modifiers = modifiers & MODIFIERS;
        let code = match code {
            KeyCode::Char(c) => {
                let shifted = modifiers.contains(KeyModifiers::SHIFT);
                modifiers.remove(KeyModifiers::SHIFT);
                if modifiers.contains(KeyModifiers::CONTROL) {
                    KeyCode::Char(c.to_ascii_lowercase())
                } else if shifted {
                    KeyCode::Char(c.to_ascii_uppercase())
                } else {
                    KeyCode::Char(c)
                }
            }
            KeyCode::Tab if modifiers.contains(KeyModifiers::SHIFT) => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            KeyCode::BackTab => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            other => other,
        };
        KeyPress { code, modifiers }
    }

    /// The key a terminal event is about; `None` for a key being released.
    pub fn of_event(event: &KeyEvent) -> Option<KeyPress> {
        (event.kind != KeyEventKind::Release).then(|| KeyPress::new(event.code, event.modifiers))
    }

    /// This key without Shift, if Shift is part of it: `'H'` gives `'h'`, Shift+← gives ←.
    pub fn unshifted(self) -> Option<KeyPress> {
        match self.code {
            KeyCode::Char(c) if c.is_ascii_uppercase() => Some(KeyPress {
                code: KeyCode::Char(c.to_ascii_lowercase()),
                ..self
            }),
            KeyCode::BackTab => Some(KeyPress::new(KeyCode::Tab, self.modifiers)),
            _ if self.modifiers.contains(KeyModifiers::SHIFT) => Some(KeyPress {
                modifiers: self.modifiers - KeyModifiers::SHIFT,
                ..self
            }),
            _ => None,
        }
    }

    /// Reads a key as the keys file writes it: a single character (`"q"`, `"T"`, `"?"`), a
    /// named key (`"enter"`, `"esc"`, `"space"`, `"up"`, `"pageup"`, `"f1"`..`"f12"`, ...),
    /// either after any of `ctrl-`, `alt-` and `shift-` (`"ctrl-c"`, `"shift-up"`). Names and
    /// modifiers take any case; a single character keeps its own.
    pub fn parse(text: &str) -> Result<KeyPress, String> {
        let mut rest = text;
        let mut modifiers = KeyModifiers::NONE;
        'prefixes: loop {
            for (prefix, modifier) in [
                ("ctrl-", KeyModifiers::CONTROL),
                ("alt-", KeyModifiers::ALT),
                ("shift-", KeyModifiers::SHIFT),
            ] {
                // `ctrl--` is Ctrl with the minus key; `-` alone is the minus key.
                if rest.len() > prefix.len()
                    && rest.is_char_boundary(prefix.len())
                    && rest[..prefix.len()].eq_ignore_ascii_case(prefix)
                {
                    if modifiers.contains(modifier) {
                        return Err(format!("{text:?} names {prefix} twice"));
                    }
                    modifiers |= modifier;
                    rest = &rest[prefix.len()..];
                    continue 'prefixes;
                }
            }
            break;
        }
        let code = name_code(rest).ok_or_else(|| {
            format!(
                "unknown key {text:?} (use a character like \"q\", a name like \"enter\", \
                 \"space\", \"up\" or \"f1\", after ctrl-, alt- or shift- if need be)"
            )
        })?;
        let shifted_symbol = matches!(code, KeyCode::Char(c) if !c.is_ascii_alphabetic());
        if modifiers.contains(KeyModifiers::SHIFT) && shifted_symbol {
            return Err(format!(
                "{text:?}: a terminal cannot tell Shift on {rest:?}; write the character Shift \
                 gives instead (like \"+\" or \"?\")"
            ));
        }
        Ok(KeyPress::new(code, modifiers))
    }

    /// How the key is written on screen: `q`, `T`, `Space`, `Enter`, `←`, `Ctrl-c`, `F1`.
    pub fn label(self) -> String {
        self.to_string()
    }
}

/// The key named `name`: one character, a named key or `f1`..`f12`.
fn name_code(name: &str) -> Option<KeyCode> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return (!c.is_whitespace() && !c.is_control()).then_some(KeyCode::Char(c));
    }
    let lower = name.to_ascii_lowercase();
    if let Some(&(_, code, _)) = NAMED.iter().find(|(named, _, _)| *named == lower) {
        return Some(code);
    }
    let number: u8 = lower.strip_prefix('f')?.parse().ok()?;
    // `parse` also takes "+1" and "01"; only the plain way of writing a number names a key.
    let plain = lower == format!("f{number}");
    (plain && (1..=12).contains(&number)).then_some(KeyCode::F(number))
}

impl fmt::Display for KeyPress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (modifier, prefix) in [
            (KeyModifiers::CONTROL, "Ctrl-"),
            (KeyModifiers::ALT, "Alt-"),
            (KeyModifiers::SHIFT, "Shift-"),
        ] {
            if self.modifiers.contains(modifier) {
                f.write_str(prefix)?;
            }
        }
        if let Some((_, _, label)) = NAMED.iter().find(|(_, code, _)| *code == self.code) {
            return f.write_str(label);
        }
        match self.code {
            // Terminals send Ctrl-\ as the byte crossterm reads as Ctrl-4.
            KeyCode::Char('4') if self.modifiers.contains(KeyModifiers::CONTROL) => {
                f.write_str("\\")
            }
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "F{n}"),
            other => write!(f, "{other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> KeyPress {
        KeyPress::parse(text).unwrap_or_else(|error| panic!("{text:?}: {error}"))
    }

    fn with(code: KeyCode, modifiers: KeyModifiers) -> KeyPress {
        KeyPress { code, modifiers }
    }

    #[test]
    fn single_characters_keep_their_case() {
        assert_eq!(parsed("q"), KeyPress::char('q'));
        assert_eq!(parsed("P"), KeyPress::char('P'));
        assert_eq!(parsed("?"), KeyPress::char('?'));
        assert_eq!(parsed("-"), KeyPress::char('-'));
        assert_eq!(parsed("é"), KeyPress::char('é'));
    }

    #[test]
    fn named_keys_take_any_case() {
        assert_eq!(parsed("space"), KeyPress::char(' '));
        assert_eq!(parsed("Enter"), KeyPress::plain(KeyCode::Enter));
        assert_eq!(parsed("ESC"), KeyPress::plain(KeyCode::Esc));
        assert_eq!(parsed("escape"), KeyPress::plain(KeyCode::Esc));
        assert_eq!(parsed("tab"), KeyPress::plain(KeyCode::Tab));
        assert_eq!(parsed("backtab"), KeyPress::plain(KeyCode::BackTab));
        assert_eq!(parsed("up"), KeyPress::plain(KeyCode::Up));
        assert_eq!(parsed("pagedown"), KeyPress::plain(KeyCode::PageDown));
        assert_eq!(parsed("home"), KeyPress::plain(KeyCode::Home));
        assert_eq!(parsed("f1"), KeyPress::plain(KeyCode::F(1)));
        assert_eq!(parsed("F12"), KeyPress::plain(KeyCode::F(12)));
    }

    #[test]
    fn modifiers_come_first_in_any_order() {
        assert_eq!(
            parsed("ctrl-c"),
            with(KeyCode::Char('c'), KeyModifiers::CONTROL)
        );
        assert_eq!(
            parsed("Ctrl-C"),
            with(KeyCode::Char('c'), KeyModifiers::CONTROL)
        );
        assert_eq!(parsed("alt-x"), with(KeyCode::Char('x'), KeyModifiers::ALT));
        assert_eq!(
            parsed("ctrl--"),
            with(KeyCode::Char('-'), KeyModifiers::CONTROL)
        );
        assert_eq!(
            parsed("alt-ctrl-up"),
            with(KeyCode::Up, KeyModifiers::CONTROL | KeyModifiers::ALT)
        );
        assert_eq!(parsed("shift-up"), with(KeyCode::Up, KeyModifiers::SHIFT));
        assert_eq!(
            parsed("shift-x"),
            KeyPress::char('X'),
            "Shift+letter is the capital"
        );
        assert_eq!(parsed("shift-tab"), KeyPress::plain(KeyCode::BackTab));
    }

    #[test]
    fn bad_keys_say_why() {
        for bad in [
            "", "ctrl-", "ctr-c", "fn", "f0", "f13", "f01", "up-arrow", "qq", " ", "\t",
        ] {
            let error = KeyPress::parse(bad).expect_err(bad);
            assert!(error.starts_with("unknown key"), "{bad:?}: {error}");
        }
        assert!(
            KeyPress::parse("ctrl-ctrl-c")
                .unwrap_err()
                .contains("twice")
        );
        assert!(
            KeyPress::parse("shift-1")
                .unwrap_err()
                .contains("Shift gives")
        );
    }

    #[test]
    fn events_are_normalised_like_parsed_keys() {
        let event = |code, modifiers| KeyPress::of_event(&KeyEvent::new(code, modifiers)).unwrap();
        let shift = KeyModifiers::SHIFT;
        assert_eq!(event(KeyCode::Char('T'), shift), parsed("T"));
        assert_eq!(event(KeyCode::Char('t'), shift), parsed("T"));
        assert_eq!(
            event(KeyCode::Char('T'), KeyModifiers::NONE),
            parsed("shift-t")
        );
        assert_eq!(
            event(KeyCode::Char('C'), KeyModifiers::CONTROL),
            parsed("ctrl-c")
        );
        assert_eq!(event(KeyCode::BackTab, shift), parsed("backtab"));
        assert_eq!(
            event(KeyCode::Up, shift | KeyModifiers::SUPER),
            parsed("shift-up")
        );
        let mut release = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(KeyPress::of_event(&release), None);
    }

    #[test]
    fn unshifted_drops_shift_only() {
        assert_eq!(parsed("H").unshifted(), Some(parsed("h")));
        assert_eq!(parsed("shift-left").unshifted(), Some(parsed("left")));
        assert_eq!(parsed("backtab").unshifted(), Some(parsed("tab")));
        assert_eq!(parsed("alt-L").unshifted(), Some(parsed("alt-l")));
        assert_eq!(parsed("h").unshifted(), None);
        assert_eq!(parsed("+").unshifted(), None);
        assert_eq!(parsed("ctrl-left").unshifted(), None);
    }

    #[test]
    fn labels_are_short_and_read_back() {
        for (text, label) in [
            ("q", "q"),
            ("T", "T"),
            ("space", "Space"),
            ("enter", "Enter"),
            ("esc", "Esc"),
            ("left", "←"),
            ("pageup", "PgUp"),
            ("f5", "F5"),
            ("ctrl-c", "Ctrl-c"),
            ("alt-shift-down", "Alt-Shift-↓"),
            ("backtab", "Shift-Tab"),
        ] {
            assert_eq!(parsed(text).label(), label, "{text}");
        }
    }
}
