//! The message log's answers: `m` opens and closes it (Esc and `q` close it too), the help's
//! scroll keys and the wheel scroll it, and `x` dismisses the warning about the user's files,
//! whether the log is open or not.

use crate::tui::kernel::action::{Action, HelpScroll};
use crate::tui::model::{Model, StatusKind};

/// Answers `action` if it is the log's; `false` passes it on to the layers below.
pub fn act(model: &mut Model, action: Action) -> bool {
    match action {
        Action::ToggleLog => model.log.toggle(),
        Action::DismissWarning => dismiss(model),
        Action::Quit if model.log.is_open() => model.log.close(),
        Action::ScrollHelp(scroll) if model.log.is_open() => scroll_log(model, scroll),
        _ => return false,
    }
    true
}

/// Moves the log's text, as far as the terminal's size lets it (see [`super::view::scrolled`]).
pub fn scroll(model: &mut Model, scroll: HelpScroll) {
    scroll_log(model, scroll);
}

fn scroll_log(model: &mut Model, scroll: HelpScroll) {
    let area = ratatui::layout::Rect::new(0, 0, model.size.0, model.size.1);
    let offset = super::view::scrolled(&model.log, area, model.log.offset(), scroll);
    model.log.set_offset(offset);
}

/// Takes the warning down, saying where it can still be read.
fn dismiss(model: &mut Model) {
    let log_key = model.keymap().first_key_label(Action::ToggleLog);
    let text = match (model.log.dismiss(), log_key) {
        (true, Some(key)) => format!("Warning dismissed: {key} lists every message"),
        (true, None) => "Warning dismissed".to_owned(),
        (false, _) => "No warning to dismiss".to_owned(),
    };
    model.set_status(StatusKind::Info, text);
}
