//! Terminal events into messages. The run loop calls [`message_for`] on every event it reads,
//! so `update` never sees a terminal type: keys become [`Action`]s through the keymap (in the
//! pane that has the keyboard), mouse events become the dashboard's own [`Mouse`].
//!
//! [`Action`]: super::message::Action

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::keymap::{Context, KeyPress, Keymap};
pub use super::layer::key_context;
use super::layer::{self, Layer};
use super::message::{Action, Message, Mouse, MouseKind};
use super::model::Model;
use super::modes::inspector::{InspectorMessage, PromptKey};

/// The message `event` means to the dashboard in its current state, if any.
pub fn message_for(event: &Event, model: &Model) -> Option<Message> {
    match event {
        // A release is no second Ctrl-C (terminals that report them send one after each press).
        Event::Key(key) if key.kind == KeyEventKind::Release => None,
        Event::Key(key) if Keymap::interrupts(key) => Some(Message::Action(Action::Interrupt)),
        Event::Key(key) => match layer::innermost(model) {
            // The path prompt takes every key while it is open, as text; a key that is none
            // (Ctrl-Z) suspends as it does everywhere.
            Layer::Prompt => prompt_key(key).or_else(|| suspend(model, key)),
            // The help takes the keys that close it, and Ctrl-Z.
            Layer::Help => model
                .keymap()
                .action_for(*key, Context::Help)
                .map(Message::Action)
                .or_else(|| suspend(model, key)),
            // The log takes its own keys, and Ctrl-Z.
            Layer::Log => model
                .keymap()
                .action_for(*key, Context::Log)
                .map(Message::Action)
                .or_else(|| suspend(model, key)),
            _ => model
                .keymap()
                .action_for(*key, key_context(model))
                .map(Message::Action),
        },
        Event::Mouse(mouse) => mouse_for(mouse).map(Message::Mouse),
        &Event::Resize(width, height) => Some(Message::Resize { width, height }),
        _ => None,
    }
}

/// The suspend key's message, if `key` is one of the keys bound to suspending.
fn suspend(model: &Model, key: &KeyEvent) -> Option<Message> {
    let key = KeyPress::of_event(key)?;
    let suspends = model.keymap().keys_for(Action::Suspend).contains(&key);
    suspends.then_some(Message::Action(Action::Suspend))
}

/// Presses, the wheel, and the left button's drags and release (which pan the canvas and the
/// minimap); moves and the other buttons' drags mean nothing to the dashboard.
fn mouse_for(mouse: &MouseEvent) -> Option<Mouse> {
    let kind = match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => MouseKind::LeftPress,
        MouseEventKind::Drag(MouseButton::Left) => MouseKind::LeftDrag,
        MouseEventKind::Up(MouseButton::Left) => MouseKind::LeftRelease,
        MouseEventKind::Down(_) => MouseKind::OtherPress,
        MouseEventKind::ScrollUp => MouseKind::ScrollUp,
        MouseEventKind::ScrollDown => MouseKind::ScrollDown,
        MouseEventKind::ScrollLeft => MouseKind::ScrollLeft,
        MouseEventKind::ScrollRight => MouseKind::ScrollRight,
        MouseEventKind::Up(_) | MouseEventKind::Drag(_) | MouseEventKind::Moved => return None,
    };
    Some(Mouse {
        column: mouse.column,
        row: mouse.row,
        kind,
        shift: mouse.modifiers.contains(KeyModifiers::SHIFT),
    })
}

/// The prompt's message for a key press, while the prompt is open (every key is its own).
pub fn prompt_key(key: &KeyEvent) -> Option<Message> {
    if key.kind == crossterm::event::KeyEventKind::Release {
        return None;
    }
    let key = match key.code {
        KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => PromptKey::Char(c),
        KeyCode::Backspace => PromptKey::Backspace,
        KeyCode::Tab => PromptKey::Tab,
        KeyCode::Enter => PromptKey::Enter,
        KeyCode::Esc => PromptKey::Esc,
        KeyCode::Up => PromptKey::Up,
        KeyCode::Down => PromptKey::Down,
        _ => return None,
    };
    Some(Message::Inspector(InspectorMessage::Key(key)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::Focus;
    use crate::tui::testing::model;
    use crossterm::event::{KeyCode, KeyEvent};

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn keys_become_the_actions_of_the_pane_with_the_keyboard() {
        let mut m = model(9, 7);
        let enter = key(KeyCode::Enter);
        assert_eq!(
            message_for(&enter, &m),
            Some(Message::Action(Action::Finish))
        );
        m.focus = Focus::Themes;
        assert_eq!(
            message_for(&enter, &m),
            Some(Message::Action(Action::PickCursorTheme))
        );
        m.help = true;
        assert_eq!(message_for(&key(KeyCode::Char('r')), &m), None);
        assert_eq!(
            message_for(&key(KeyCode::Esc), &m),
            Some(Message::Action(Action::ToggleHelp))
        );
    }

    #[test]
    fn ctrl_c_and_ctrl_backslash_quit_everywhere_even_under_the_help() {
        let mut m = model(15, 10);
        let ctrl = |c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
        let quit = Some(Message::Action(Action::Interrupt));
        assert_eq!(message_for(&ctrl('c'), &m), quit);
        assert_eq!(message_for(&ctrl('4'), &m), quit);
        crate::tui::update(&mut m, Message::Action(Action::ToggleHelp));
        assert!(m.help_is_open());
        assert_eq!(message_for(&ctrl('c'), &m), quit);
        assert_eq!(
            message_for(&ctrl('x'), &m),
            None,
            "under the help only its own keys work"
        );
        assert_eq!(
            message_for(&ctrl('z'), &m),
            Some(Message::Action(Action::Suspend)),
            "and Ctrl-Z, which suspends from everywhere"
        );
    }

    #[test]
    fn unbound_keys_releases_and_other_events_mean_nothing() {
        let m = model(9, 7);
        assert_eq!(message_for(&key(KeyCode::Char('y')), &m), None);
        assert_eq!(message_for(&key(KeyCode::F(5)), &m), None);
        let mut release = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(message_for(&Event::Key(release), &m), None);
        assert_eq!(message_for(&Event::FocusGained, &m), None);
        assert_eq!(
            message_for(&Event::Resize(80, 24), &m),
            Some(Message::Resize {
                width: 80,
                height: 24
            })
        );
    }

    #[test]
    fn presses_and_the_wheel_become_mouse_messages() {
        let m = model(9, 7);
        let event = |kind, modifiers| {
            Event::Mouse(MouseEvent {
                kind,
                column: 5,
                row: 7,
                modifiers,
            })
        };
        let left = event(MouseEventKind::Down(MouseButton::Left), KeyModifiers::NONE);
        assert_eq!(
            message_for(&left, &m),
            Some(Message::Mouse(Mouse {
                column: 5,
                row: 7,
                kind: MouseKind::LeftPress,
                shift: false
            }))
        );
        let wheel = event(MouseEventKind::ScrollUp, KeyModifiers::SHIFT);
        let Some(Message::Mouse(mouse)) = message_for(&wheel, &m) else {
            panic!("a mouse message");
        };
        assert_eq!((mouse.kind, mouse.shift), (MouseKind::ScrollUp, true));
        let right = event(MouseEventKind::Down(MouseButton::Right), KeyModifiers::NONE);
        assert!(
            matches!(message_for(&right, &m), Some(Message::Mouse(m)) if m.kind == MouseKind::OtherPress)
        );
        for kind in [
            MouseEventKind::Moved,
            MouseEventKind::Up(MouseButton::Right),
            MouseEventKind::Drag(MouseButton::Middle),
        ] {
            assert_eq!(message_for(&event(kind, KeyModifiers::NONE), &m), None);
        }
        for (kind, ours) in [
            (MouseEventKind::Drag(MouseButton::Left), MouseKind::LeftDrag),
            (
                MouseEventKind::Up(MouseButton::Left),
                MouseKind::LeftRelease,
            ),
        ] {
            let Some(Message::Mouse(mouse)) = message_for(&event(kind, KeyModifiers::NONE), &m)
            else {
                panic!("a mouse message for {kind:?}");
            };
            assert_eq!((mouse.kind, mouse.column, mouse.row), (ours, 5, 7));
        }
    }
}
