//! The dashboard's colour depth, read from the environment the terminal sets: what
//! `crate::tui::theme::ColorDepth` brings every drawn colour down to.

use crate::tui::ColorDepth;

/// The depth of the terminal this process runs in (see [`from_env`]).
pub fn detect() -> ColorDepth {
    let var = |name: &str| std::env::var(name).ok();
    from_env(var("COLORTERM").as_deref(), var("TERM").as_deref())
}

/// The depth a terminal announces: `COLORTERM` says 24-bit colour (`truecolor`, `24bit`, as
/// terminals that have it set), or `TERM` names a direct-colour terminfo entry (`…-direct`);
/// else `TERM` names a 256-colour terminal (`…-256color`); else only the 16 ANSI colours are
/// safe. The values are passed in so that the rule is tested without touching the process's
/// environment.
fn from_env(colorterm: Option<&str>, term: Option<&str>) -> ColorDepth {
    let colorterm = colorterm.unwrap_or("").trim().to_ascii_lowercase();
    let term = term.unwrap_or("").trim().to_ascii_lowercase();
    if matches!(colorterm.as_str(), "truecolor" | "24bit") || term.ends_with("-direct") {
        ColorDepth::TrueColor
    } else if term.contains("256color") {
        ColorDepth::Indexed256
    } else {
        ColorDepth::Ansi16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colorterm_truecolor_or_24bit_means_every_colour() {
        for colorterm in ["truecolor", "24bit", "TrueColor", " 24BIT "] {
            assert_eq!(
                from_env(Some(colorterm), Some("xterm")),
                ColorDepth::TrueColor,
                "{colorterm}"
            );
        }
        assert_eq!(from_env(Some("truecolor"), None), ColorDepth::TrueColor);
        assert_eq!(from_env(None, Some("xterm-direct")), ColorDepth::TrueColor);
    }

    #[test]
    fn a_256color_term_without_truecolor_means_256_colours() {
        for term in ["xterm-256color", "screen-256color", "tmux-256color"] {
            assert_eq!(from_env(None, Some(term)), ColorDepth::Indexed256, "{term}");
        }
        // A COLORTERM that names no depth (some terminals set their own name) is no promise.
        assert_eq!(
            from_env(Some("yes"), Some("xterm-256color")),
            ColorDepth::Indexed256
        );
    }

    #[test]
    fn anything_else_gets_the_16_ansi_colours() {
        for (colorterm, term) in [
            (None, Some("xterm")),
            (None, Some("linux")),
            (None, Some("vt100")),
            (Some(""), Some("dumb")),
            (None, None),
            (Some("yes"), Some("xterm-color")),
        ] {
            assert_eq!(
                from_env(colorterm, term),
                ColorDepth::Ansi16,
                "{colorterm:?} {term:?}"
            );
        }
    }
}
