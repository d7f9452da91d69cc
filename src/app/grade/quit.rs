//! How a graded program is asked to quit: the keys that quit the programs tried, in order, each
//! typed only while the program waits for keys; then SIGTERM, then SIGKILL.
//!
//! `q` quit none of the five programs tried, and Ctrl-C does nothing in raw mode and prints a
//! traceback under Python's `input()`: neither is relied on. `--grade-quit KEYS` puts the
//! program's own keys first.

/// Enter, as a terminal sends it.
pub const ENTER: &[u8] = b"\r";
/// Down arrow.
const DOWN: &[u8] = b"\x1b[B";
/// Escape.
const ESC: &[u8] = b"\x1b";

/// One way to quit: key strokes typed one after the other, each once the program waits again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How the scorecard names it ("4 Enter").
    pub label: String,
    /// The keys, typed a part at a time.
    pub parts: Vec<Vec<u8>>,
}

/// The keys tried to reach a program's maze when it waits before writing OUTPUT_FILE: Enter
/// ("Press ENTER to start", or an arrow-key menu's first item), then `1` Enter (a numbered
/// menu's "Generate").
pub fn nudges() -> Vec<Step> {
    vec![step("Enter", &[ENTER]), step("1 Enter", &[b"1\r"])]
}

/// The ways to quit, in the order they are tried: the user's own first.
pub fn steps(own: &[Step]) -> Vec<Step> {
    let mut steps = own.to_vec();
    steps.extend([
        step("4 Enter", &[b"4\r"]),
        step("Enter, 4 Enter", &[ENTER, b"4\r"]),
        step("Down Down Enter", &[&[DOWN, DOWN, ENTER].concat()]),
        step("Esc", &[ESC]),
    ]);
    steps
}

/// The keys sent to a window (under Xvfb, by xdotool), by their X names.
pub const WINDOW_KEYS: [&str; 2] = ["Escape", "5"];

fn step(label: &str, parts: &[&[u8]]) -> Step {
    Step {
        label: label.to_owned(),
        parts: parts.iter().map(|p| p.to_vec()).collect(),
    }
}

/// `--grade-quit`'s value: the keys as typed, with `\n` (or `\r`) for Enter, `\e` for Esc,
/// `\t` for Tab and `\\` for a backslash.
pub fn parse_keys(text: &str) -> Result<Step, String> {
    let mut keys = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut utf8 = [0u8; 4];
            keys.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
            continue;
        }
        match chars.next() {
            Some('n' | 'r') => keys.push(b'\r'),
            Some('e') => keys.push(0x1b),
            Some('t') => keys.push(b'\t'),
            Some('\\') => keys.push(b'\\'),
            other => {
                let what = other.map_or("at the end".to_owned(), |c| format!("\\{c}"));
                return Err(format!(
                    "--grade-quit {text:?}: unknown escape {what} (use \\n for Enter, \\e for \
                     Esc, \\t for Tab, \\\\ for a backslash)"
                ));
            }
        }
    }
    if keys.is_empty() {
        return Err("--grade-quit needs at least one key".to_owned());
    }
    Ok(Step {
        label: text.to_owned(),
        parts: vec![keys],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_name_enter_esc_and_tab() {
        assert_eq!(parse_keys("q").unwrap().parts, [b"q".to_vec()]);
        assert_eq!(parse_keys(r"x\n").unwrap().parts, [b"x\r".to_vec()]);
        assert_eq!(parse_keys(r"\e:q\r").unwrap().parts, [b"\x1b:q\r".to_vec()]);
        assert_eq!(parse_keys(r"\t\\").unwrap().parts, [b"\t\\".to_vec()]);
        assert!(parse_keys(r"\x").unwrap_err().contains(r"\x"));
        assert!(parse_keys("a\\").unwrap_err().contains("at the end"));
        assert!(parse_keys("").is_err());
    }

    #[test]
    fn the_user_s_keys_come_first_then_the_usual_ones_with_no_q_or_ctrl_c() {
        let own = parse_keys("x").unwrap();
        let steps = steps(std::slice::from_ref(&own));
        assert_eq!(steps[0], own);
        let labels: Vec<&str> = steps[1..].iter().map(|s| s.label.as_str()).collect();
        assert_eq!(
            labels,
            ["4 Enter", "Enter, 4 Enter", "Down Down Enter", "Esc"]
        );
        let every_key: Vec<u8> = steps[1..].iter().flat_map(|s| s.parts.concat()).collect();
        assert!(!every_key.contains(&b'q') && !every_key.contains(&3));
    }
}
