//! End-to-end tests of the colour depth: the dashboard, in a pseudo-terminal, sends 24-bit
//! colours only to a terminal that says it shows them (`COLORTERM`), else 256-colour indices
//! to a `…-256color` terminal, else only the 16 ANSI colours, as the basic codes an 8/16-colour
//! terminal reads (`31`, `91`, `44`, `104`), never as `38;5;N`.

#![cfg(unix)]

#[path = "support/binary.rs"]
mod binary;
#[path = "support/pty.rs"]
mod pty;

use std::fs;

use pty::Terminal;

/// The colour sequences (`38;2;…`, `48;5;…`, `31`, `104`) the dashboard sent, drawing the ocean theme (all
/// 24-bit colours) in a terminal with `env`.
fn colours_sent(env: &[(&str, &str)]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("config.txt"),
        "WIDTH=12\nHEIGHT=9\nENTRY=0,0\nEXIT=11,8\nOUTPUT_FILE=maze.txt\nPERFECT=True\n\
         SEED=1\nTHEME=ocean\n",
    )
    .unwrap();
    let mut command = pty::command(binary::BIN, dir.path());
    command.arg("config.txt");
    command.env_remove("COLORTERM");
    command.env_remove("NO_COLOR");
    command.env("XDG_CONFIG_HOME", dir.path().join("no-user-config"));
    for (name, value) in env {
        command.env(name, value);
    }
    let app = Terminal::spawn(command, (100, 30));
    app.wait_for("the dashboard", false, |s| s.contains(" Themes (Tab) "));
    // The maze finished and drawn whole, passages and all.
    app.press(&["Enter"]);
    app.wait_for("the first save", false, |s| s.contains("Saved maze.txt"));
    app.press(&["q"]);
    assert_eq!(app.wait_for_exit(), 0, "{}", app.screen());
    let raw = String::from_utf8_lossy(&app.raw()).into_owned();
    let mut sent: Vec<String> = raw
        .split('\x1b')
        .filter_map(|sequence| sequence.strip_prefix('['))
        .filter_map(|sequence| sequence.split_once('m').map(|(params, _)| params))
        .flat_map(colour_params)
        .collect();
    sent.sort();
    sent.dedup();
    sent
}

/// The colours of one SGR sequence's parameters: `38;2;1;2;3`, `48;5;17` and the basic codes
/// of the 16 colours (`31`, `97`, `44`, `101`) as they are; other codes (bold, the default
/// colours `39` and `49`) are left out.
fn colour_params(params: &str) -> Vec<String> {
    let parts: Vec<&str> = params.split(';').collect();
    let mut colours = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        match (parts[i], parts.get(i + 1)) {
            ("38" | "48", Some(&"2")) => {
                colours.push(parts[i..(i + 5).min(parts.len())].join(";"));
                i += 5;
            }
            ("38" | "48", Some(&"5")) => {
                colours.push(parts[i..(i + 3).min(parts.len())].join(";"));
                i += 3;
            }
            (code, _) => {
                if code.parse::<u8>().is_ok_and(is_basic) {
                    colours.push(code.to_owned());
                }
                i += 1;
            }
        }
    }
    colours
}

/// Whether an SGR code is one of the 16 colours' own, foreground or background.
fn is_basic(code: u8) -> bool {
    matches!(code, 30..=37 | 40..=47 | 90..=97 | 100..=107)
}

fn is_24bit(colour: &str) -> bool {
    colour[2..].starts_with(";2;")
}

/// The index of a 256-colour sequence.
fn index(colour: &str) -> Option<u8> {
    colour[2..].strip_prefix(";5;")?.parse().ok()
}

#[test]
fn truecolor_gets_the_themes_own_colours() {
    let sent = colours_sent(&[("COLORTERM", "truecolor")]);
    // ocean's passages, as its theme file gives them.
    let theme = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/themes/ocean.toml"));
    let theme = theme.unwrap();
    let hex = theme
        .lines()
        .find_map(|line| line.strip_prefix("passages = \"#"))
        .and_then(|rest| rest.get(..6))
        .expect("ocean gives its passages as #rrggbb");
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    let passages = format!("48;2;{};{};{}", channel(0), channel(2), channel(4));
    assert!(sent.contains(&passages), "{passages} in {sent:?}");
    assert!(sent.iter().all(|c| is_24bit(c)), "{sent:?}");
}

#[test]
fn a_256color_terminal_gets_indices_only() {
    let sent = colours_sent(&[("TERM", "xterm-256color")]);
    assert!(!sent.iter().any(|c| is_24bit(c)), "{sent:?}");
    assert!(sent.iter().all(|c| index(c).is_some()), "{sent:?}");
    assert!(
        sent.iter().any(|c| index(c).is_some_and(|i| i >= 16)),
        "{sent:?}"
    );
}

#[test]
fn a_plain_terminal_gets_the_16_ansi_colours_only_as_basic_codes() {
    let sent = colours_sent(&[("TERM", "xterm")]);
    assert!(!sent.is_empty(), "colours are drawn");
    // No `38;5;N` or `48;5;N`, not even for N below 16: only `30`-`37`, `90`-`97` and the
    // backgrounds.
    assert!(
        sent.iter().all(|c| c.parse::<u8>().is_ok_and(is_basic)),
        "{sent:?}"
    );
    // Foregrounds and backgrounds both, the bright ones among them.
    let codes: Vec<u8> = sent.iter().map(|c| c.parse().unwrap()).collect();
    assert!(
        codes
            .iter()
            .any(|c| (30..=37).contains(c) || (90..=97).contains(c))
    );
    assert!(
        codes
            .iter()
            .any(|c| (40..=47).contains(c) || (100..=107).contains(c))
    );
}
