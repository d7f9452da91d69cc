//! The whole view of a big solved maze walks its path once, not every frame, and draws the
//! same either way (see `view/aggregate/memo.rs`).

use super::{act, render, sized};
use crate::tui::message::Action;
use crate::tui::model::Model;
use crate::tui::testing::inline_model;

/// A solved 600x600 maze in a 140x45 terminal: 1201x1201 blocks, too many for braille in the
/// canvas, so the whole view gathers cells into characters and walks the path.
fn solved() -> Model {
    let mut m = inline_model(600, 600);
    act(&mut m, Action::Finish);
    sized(m, 140, 45)
}

#[test]
fn frames_showing_the_same_path_walk_it_once_and_draw_the_same() {
    let m = solved();
    assert_eq!(m.path_memo.walks(), 0);
    let first = render(&m);
    assert_eq!(m.path_memo.walks(), 1, "the first frame walks the path");
    assert!(m.path_memo.holds_a_path());
    for _ in 0..3 {
        assert_eq!(render(&m), first, "a kept walk draws what a new one drew");
    }
    assert_eq!(m.path_memo.walks(), 1, "later frames reuse the walk");
}

#[test]
fn a_new_path_or_a_new_canvas_is_walked_again() {
    let mut m = solved();
    let before = render(&m);
    act(&mut m, Action::Regenerate);
    act(&mut m, Action::Finish);
    let after = render(&m);
    assert_eq!(m.path_memo.walks(), 2, "a new maze's path is walked");
    assert_ne!(after, before);
    let mut m = sized(m, 160, 50);
    render(&m);
    assert_eq!(m.path_memo.walks(), 3, "a new placement is walked");
    // The kept walk is for the old size: drawing the old size again walks again.
    m = sized(m, 140, 45);
    assert_eq!(render(&m), after);
    assert_eq!(m.path_memo.walks(), 4);
}

#[test]
fn a_frame_without_the_path_lets_the_kept_walk_go() {
    let mut m = solved();
    render(&m);
    act(&mut m, Action::TogglePath);
    let hidden = render(&m);
    assert!(!m.path_memo.holds_a_path(), "no path drawn, none held");
    act(&mut m, Action::TogglePath);
    let shown = render(&m);
    assert_eq!(m.path_memo.walks(), 2);
    assert_ne!(hidden, shown);
    // The 1:1 view draws cells, not the gathered view: nothing is held there either.
    act(&mut m, Action::ToggleZoom);
    render(&m);
    assert!(!m.path_memo.holds_a_path());
}
