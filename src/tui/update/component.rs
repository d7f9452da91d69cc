//! Every layer of the mode stack as a component: it answers actions, the mouse and frames in
//! one shape, a [`Reply`] (taken, passed on to the layer below, or a request to the root). Each
//! layer is handed its own state and the parts it may share (see [`Ctx`]); the root
//! (`update.rs`) asks the layers in the stack's order and grants the requests.

use std::time::Duration;

use super::*;

/// What a layer of the stack answers.
pub(super) trait Component {
    /// Its answer to `action`, open or not (some keys open their layer: `o`, `g`, `R`).
    fn on_action(self, model: &mut Model, action: Action) -> Reply;
    /// Its answer to a mouse event while it is on top: taken, or the action the event means
    /// (passed on, to be routed as a key's).
    fn on_mouse(self, model: &mut Model, mouse: Mouse) -> Reply;
    /// Its answer to a frame while it is open: taken (nothing below moves), or passed on.
    fn on_tick(self, model: &mut Model, frame: Duration) -> Reply<Duration>;
}

impl Component for Layer {
    fn on_action(self, model: &mut Model, action: Action) -> Reply {
        match self {
            // The input layer gives the prompt and the help their keys; the help scrolls.
            Layer::Prompt => Reply::Pass(action),
            // The help's scroll keys scroll the log while it is open under no help.
            Layer::Help if Layer::Log.is_open(model) && !Layer::Help.is_open(model) => {
                Reply::Pass(action)
            }
            Layer::Help => match action {
                Action::ScrollHelp(scroll) => {
                    screen::scroll_help(model, scroll);
                    Reply::Done(Vec::new())
                }
                _ => Reply::Pass(action),
            },
            Layer::Log => {
                let size = model.size;
                log::act(&mut shared!(model), size, action)
            }
            // An opened file and a race have their own answers to `e`.
            Layer::Export
                if !Layer::Export.is_open(model)
                    && (Layer::Inspector.is_open(model) || Layer::Race.is_open(model)) =>
            {
                Reply::Pass(action)
            }
            Layer::Export => {
                let (list, pick) = (
                    &mut model.stack.export,
                    &mut model.stack.studio.export_format,
                );
                export::act(list, pick, &mut shared!(model), action)
            }
            Layer::Picker => picker::act(&mut model.stack.picker, &mut shared!(model), action),
            Layer::Play => play::refuses(&model.stack.play, &mut shared!(model), action),
            Layer::Race => race::act(&mut model.stack.race, &mut shared!(model), action),
            Layer::Replay => replay::act(&mut model.stack.replay, &mut shared!(model), action),
            Layer::Inspector => inspecting(model, |inspect, shared, canvas| {
                inspector::on_action(inspect, shared, canvas, action)
            }),
            Layer::Studio => act(model, action),
        }
    }

    fn on_mouse(self, model: &mut Model, mouse: Mouse) -> Reply {
        let wheel = |up: Action, down: Action| match mouse.kind {
            MouseKind::ScrollUp => Reply::Pass(up),
            MouseKind::ScrollDown => Reply::Pass(down),
            _ => Reply::Done(Vec::new()),
        };
        match self {
            Layer::Prompt => Reply::Done(Vec::new()),
            // Under the help the wheel scrolls it, over the log the log.
            Layer::Help => wheel(
                Action::ScrollHelp(HelpScroll::Up),
                Action::ScrollHelp(HelpScroll::Down),
            ),
            Layer::Log => {
                let scroll = match mouse.kind {
                    MouseKind::ScrollUp => Some(HelpScroll::Up),
                    MouseKind::ScrollDown => Some(HelpScroll::Down),
                    _ => None,
                };
                if let Some(scroll) = scroll {
                    let size = model.size;
                    log::scroll_log(&mut shared!(model), size, scroll);
                }
                Reply::Done(Vec::new())
            }
            // Over an open list the wheel moves its cursor: it would pan the maze under it.
            Layer::Export => wheel(Action::ExportUp, Action::ExportDown),
            Layer::Picker => wheel(Action::PickerUp, Action::PickerDown),
            Layer::Race => {
                race::mouse(&mut model.stack.race, model.size, mouse);
                Reply::Done(Vec::new())
            }
            // The canvas and the sidebar's panes answer under the activities and the bases.
            Layer::Play | Layer::Replay | Layer::Inspector | Layer::Studio => {
                if canvas::mouse(model, mouse) {
                    return Reply::Done(Vec::new());
                }
                match screen::mouse_action(model, mouse) {
                    Some(action) => Reply::Pass(action),
                    None => Reply::Done(Vec::new()),
                }
            }
        }
    }

    fn on_tick(self, model: &mut Model, frame: Duration) -> Reply<Duration> {
        match self {
            // The race draws over everything: nothing under it moves meanwhile.
            Layer::Race => {
                race::tick(&mut model.stack.race, &mut shared!(model), frame);
                Reply::Done(Vec::new())
            }
            Layer::Play => {
                play::tick(&mut model.stack.play, frame);
                Reply::Pass(frame)
            }
            // The studio's maze moves on under the rest; the replay observes it.
            Layer::Studio => {
                if studio::tick(&mut model.stack.studio, &mut shared!(model), frame) {
                    model.stack.replay.observe(&model.stack.studio.session);
                }
                Reply::Done(Vec::new())
            }
            _ => Reply::Pass(frame),
        }
    }
}
