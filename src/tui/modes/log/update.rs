//! The message log's answers: `m` opens and closes it (Esc and `q` close it too), the help's
//! scroll keys and the wheel scroll it, and `x` dismisses the warning about the user's files,
//! whether the log is open or not. The log is shared state (every mode's messages go in it):
//! it is [`Ctx::log`].

use crate::tui::context::Ctx;
use crate::tui::kernel::action::{Action, HelpScroll};
use crate::tui::kernel::status::StatusKind;
use crate::tui::reply::Reply;

/// Answers `action` if it is the log's, in a terminal of `size`; else passes it on to the
/// layers below.
pub fn act(shared: &mut Ctx, size: (u16, u16), action: Action) -> Reply {
    match action {
        Action::ToggleLog => shared.log.toggle(),
        Action::DismissWarning => dismiss(shared),
        Action::Quit if shared.log.is_open() => shared.log.close(),
        Action::ScrollHelp(scroll) if shared.log.is_open() => scroll_log(shared, size, scroll),
        _ => return Reply::Pass(action),
    }
    Reply::done()
}

/// Moves the log's text, as far as a terminal of `size` lets it (see
/// [`super::view::scrolled`]).
pub fn scroll_log(shared: &mut Ctx, size: (u16, u16), scroll: HelpScroll) {
    let area = ratatui::layout::Rect::new(0, 0, size.0, size.1);
    let offset = super::view::scrolled(shared.log, area, shared.log.offset(), scroll);
    shared.log.set_offset(offset);
}

/// Takes the warning down, saying where it can still be read.
fn dismiss(shared: &mut Ctx) {
    let log_key = shared.keymap.first_key_label(Action::ToggleLog);
    let text = match (shared.log.dismiss(), log_key) {
        (true, Some(key)) => format!("Warning dismissed: {key} lists every message"),
        (true, None) => "Warning dismissed".to_owned(),
        (false, _) => "No warning to dismiss".to_owned(),
    };
    shared.set_status(StatusKind::Info, text);
}
