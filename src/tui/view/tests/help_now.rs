//! The help overlay lists as usable exactly the keys that act now, the way the footer shows
//! them (see `layer::acts_now`): the innermost layer's own keys first, the rest under "Not now"
//! headings.

use super::{act, finished_at, screen_text, sized};
use crate::tui::keymap::Context;
use crate::tui::layer;
use crate::tui::message::Action;
use crate::tui::model::Model;
use crate::tui::testing::model;

/// The help's lines in one column (80 wide) tall enough for all of them, trimmed.
fn help_lines(m: &mut Model) -> Vec<String> {
    let mut tall = sized(std::mem::replace(m, model(9, 7)), 80, 150);
    act(&mut tall, Action::ToggleHelp);
    let text = screen_text(&tall);
    act(&mut tall, Action::ToggleHelp);
    *m = tall;
    text.lines()
        .map(|line| {
            line.trim_matches(|c: char| c == '│' || c.is_whitespace())
                .to_owned()
        })
        .collect()
}

/// The help's line that describes `help`, and whether it comes before the first "Not now"
/// heading (that is, is listed as usable).
fn listed_as_usable(lines: &[String], help: &str) -> bool {
    let first_not_now = lines
        .iter()
        .position(|l| l.starts_with("Not now"))
        .unwrap_or(lines.len());
    let at = lines
        .iter()
        .position(|l| l.ends_with(help))
        .unwrap_or_else(|| panic!("{help:?} is not in the help:\n{}", lines.join("\n")));
    at < first_not_now
}

/// Every binding but the help's own is listed as usable exactly when it acts now.
fn assert_usable_exactly_what_acts(m: &mut Model) {
    let lines = help_lines(m);
    for binding in m.keymap().bindings() {
        // Keyless actions are listed apart, after everything (see the_help_lists_every_binding).
        if binding.context == Context::Help || binding.keys.is_empty() {
            continue;
        }
        let acts = layer::acts_now(m, binding);
        // A config's first-run key is left out where it cannot act.
        if binding.action == Action::WriteConfig && !acts {
            assert!(!lines.iter().any(|l| l.ends_with(binding.help)));
            continue;
        }
        assert_eq!(
            listed_as_usable(&lines, binding.help),
            acts,
            "{:?} ({}) acts now: {acts}\n{}",
            binding.action,
            binding.help,
            lines.join("\n")
        );
    }
}

/// The first heading of the help, under its title line.
fn first_heading(lines: &[String]) -> &str {
    let title = lines.iter().position(|l| l.contains("Keys ·"));
    title
        .and_then(|title| lines.get(title + 1))
        .map_or("", String::as_str)
}

#[test]
fn the_help_in_play_mode_does_not_offer_the_solver_or_the_path() {
    let mut m = finished_at(sized(model(15, 10), 100, 30));
    act(&mut m, Action::TogglePlay);
    assert!(m.is_playing());
    let lines = help_lines(&mut m);
    assert_eq!(
        first_heading(&lines),
        "Play mode (g)",
        "{}",
        lines.join("\n")
    );
    assert!(!listed_as_usable(&lines, "pick the solver, solve again"));
    assert!(!listed_as_usable(&lines, "show or hide the solution"));
    // The canvas's pans give way to the walk.
    assert!(!listed_as_usable(&lines, "pan left (Shift: half a screen)"));
    assert!(listed_as_usable(&lines, "walk left (Shift runs)"));
    assert!(listed_as_usable(&lines, "next theme"));
    assert_usable_exactly_what_acts(&mut m);
}

#[test]
fn the_help_on_a_finished_maze_does_not_offer_finishing_pausing_or_stepping() {
    let mut m = finished_at(sized(model(15, 10), 100, 30));
    let lines = help_lines(&mut m);
    assert_eq!(first_heading(&lines), "Maze view", "{}", lines.join("\n"));
    for idle in [
        "finish carving and solving now",
        "pause or resume the animation",
        "one step (while paused)",
        "walk left (Shift runs)",
        "keep the theme under the cursor",
    ] {
        assert!(
            !listed_as_usable(&lines, idle),
            "{idle}\n{}",
            lines.join("\n")
        );
    }
    assert!(listed_as_usable(&lines, "show or hide the solution"));
    assert_usable_exactly_what_acts(&mut m);
}

#[test]
fn the_help_while_carving_offers_finishing_and_pausing() {
    let mut m = sized(model(15, 10), 100, 30);
    let lines = help_lines(&mut m);
    assert!(listed_as_usable(&lines, "finish carving and solving now"));
    assert!(listed_as_usable(&lines, "pause or resume the animation"));
    assert_usable_exactly_what_acts(&mut m);
}

#[test]
fn the_help_follows_the_focused_pane_and_the_export_list() {
    let mut m = finished_at(sized(model(15, 10), 100, 30));
    act(&mut m, Action::ToggleFocus);
    let lines = help_lines(&mut m);
    assert_eq!(
        first_heading(&lines),
        "Theme list (Tab)",
        "{}",
        lines.join("\n")
    );
    assert!(listed_as_usable(&lines, "keep the theme under the cursor"));
    assert!(!listed_as_usable(&lines, "pan left (Shift: half a screen)"));
    assert_usable_exactly_what_acts(&mut m);

    let mut m = finished_at(sized(model(15, 10), 100, 30));
    act(&mut m, Action::Export);
    let lines = help_lines(&mut m);
    assert_eq!(
        first_heading(&lines),
        "Export list (e)",
        "{}",
        lines.join("\n")
    );
    assert!(listed_as_usable(&lines, "write it next to OUTPUT_FILE"));
    assert_usable_exactly_what_acts(&mut m);
}

/// The open list is drawn under the help and shows at its sides: the lines are read by what
/// they contain.
#[test]
fn the_help_over_an_open_list_leads_with_the_lists_keys() {
    let mut m = finished_at(sized(model(15, 10), 100, 30));
    act(&mut m, Action::AlgorithmList);
    let lines = help_lines(&mut m);
    let at = |text: &str| {
        lines
            .iter()
            .position(|l| l.contains(text))
            .unwrap_or_else(|| panic!("{text:?} is not in the help:\n{}", lines.join("\n")))
    };
    assert!(
        at("Keys ·") + 1 == at("Algorithm and solver lists (a v)"),
        "the list's keys lead:\n{}",
        lines.join("\n")
    );
    let not_now = at("Not now");
    assert!(at("about it: how, texture, speed") < not_now);
    assert!(
        at("pick the solver, solve again") < not_now,
        "v goes to the solver list"
    );
    assert!(at("pan left (Shift: half a screen)") > not_now);
    assert!(at("pause or resume the animation") > not_now);
}
