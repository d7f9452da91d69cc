//! The dashboard's own answers about the view of the maze: panning it with keys, the wheel
//! and drags, jumping with the minimap, centring it on the entry, the exit or the head, and
//! the distance heatmap (its switch, and the flood it runs as a job: four million cells are
//! too many for a frame).

#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::tui::effect::{DistanceJob, Effect, Work};
use crate::tui::heat::Distances;
use crate::tui::kernel::action::{Mouse, MouseKind, Place};
use crate::tui::kernel::job::Owner;
use crate::tui::layer::Layer;
use crate::tui::message::{JobId, Parcel};
use crate::tui::model::{Focus, Model, StatusKind};
use crate::tui::text::human_bytes;
use crate::tui::view::minimap;
use crate::tui::viewport::Drag;
use mazegen::{Dir, Pos};

/// Moves the panned view a cell (or half a screen) towards a side; says how to get a view
/// that pans from the others.
pub(super) fn pan(model: &mut Model, towards: Dir, big: bool) {
    if !model.viewport.zoom().is_panned() {
        model.set_status(
            StatusKind::Info,
            "The whole maze is shown: z zooms in to pan",
        );
        return;
    }
    if let Some(screen) = model.screen() {
        let blocks = model.maze_blocks();
        model
            .viewport
            .pan(towards, big, blocks, screen.canvas_size());
    }
}

/// Centres the view on `place`: the 1:1 view for a maze shown whole that is larger than the
/// canvas, so the place is more than a speck.
pub(super) fn centre(model: &mut Model, place: Place) {
    let Some(pos) = place_of(model, place) else {
        let text = match place {
            Place::Head => "Nothing is being carved or searched: there is no head to centre on",
            Place::Entry | Place::Exit => "This maze has no such place to centre on",
        };
        model.set_status(StatusKind::Info, text);
        return;
    };
    let Some(screen) = model.screen() else {
        return;
    };
    let (blocks, canvas) = (model.maze_blocks(), screen.canvas_size());
    model
        .viewport
        .centre_on((2 * pos.x + 1, 2 * pos.y + 1), blocks, canvas);
    if !model.viewport.pans(blocks, canvas) {
        model.set_status(StatusKind::Info, "The whole maze is on screen");
    }
}

/// Where `place` is in the maze shown: the opened file's, or the generated one's.
fn place_of(model: &Model, place: Place) -> Option<Pos> {
    if let Some(file) = model.stack.inspect.file() {
        return match place {
            Place::Entry => file.inspection.entry(),
            Place::Exit => file.inspection.exit(),
            Place::Head => None,
        };
    }
    let session = model.shown_session();
    match place {
        Place::Entry => Some(session.entry()),
        Place::Exit => Some(session.exit()),
        Place::Head => session.head(),
    }
}

/// The mouse on the canvas, where the view pans: a press on the minimap jumps there, a press
/// elsewhere starts a drag; a drag moves the view (or keeps jumping along the minimap); the
/// release ends it. The wheel moves the view by [`crate::tui::viewport::wheel_step`].
/// `false` for what it leaves to the rest of the mouse handling (the theme list, focus).
pub(super) fn mouse(model: &mut Model, mouse: Mouse) -> bool {
    let Some(screen) = model.screen() else {
        return false;
    };
    let at = (mouse.column, mouse.row);
    let (blocks, canvas) = (model.maze_blocks(), screen.canvas_size());
    let pans = model.viewport.pans(blocks, canvas) && !model.has_no_maze();
    let on_canvas = screen.canvas.contains(at.into());
    let cells = (blocks.0 / 2, blocks.1 / 2);
    let on_top = model.viewport.minimap_on_top(blocks, canvas);
    match mouse.kind {
        MouseKind::LeftPress if pans && on_canvas => {
            model.focus = Focus::Canvas;
            if minimap::covers(cells, screen.canvas, on_top, at) {
                // The minimap stays in its corner while it is dragged on.
                model.viewport.pin_minimap(Some(on_top));
                jump(model, at);
                model.drag = Some(Drag::Minimap);
            } else {
                let origin = model.viewport.origin(blocks, canvas);
                model.drag = Some(Drag::Canvas { from: at, origin });
            }
            true
        }
        MouseKind::LeftDrag => {
            match model.drag {
                Some(Drag::Minimap) => jump(model, at),
                Some(Drag::Canvas { from, origin }) if pans => {
                    let to = model.viewport.dragged(origin, from, at, canvas);
                    model.viewport.set_origin(to, blocks, canvas);
                }
                _ => return false,
            }
            true
        }
        MouseKind::LeftRelease => {
            model.viewport.pin_minimap(None);
            model.drag.take().is_some()
        }
        MouseKind::ScrollUp
        | MouseKind::ScrollDown
        | MouseKind::ScrollLeft
        | MouseKind::ScrollRight
            if pans && on_canvas =>
        {
            let towards = match (mouse.kind, mouse.shift) {
                (MouseKind::ScrollUp, false) => Dir::North,
                (MouseKind::ScrollDown, false) => Dir::South,
                (MouseKind::ScrollUp, true) | (MouseKind::ScrollLeft, _) => Dir::West,
                _ => Dir::East,
            };
            model.viewport.wheel(towards, blocks, canvas);
            true
        }
        _ => false,
    }
}

/// Centres the view on the minimap's cell nearest `at`, which may have been dragged off it.
fn jump(model: &mut Model, at: (u16, u16)) {
    let Some(screen) = model.screen() else {
        return;
    };
    let (blocks, canvas) = (model.maze_blocks(), screen.canvas_size());
    let cells = (blocks.0 / 2, blocks.1 / 2);
    let on_top = model.viewport.minimap_on_top(blocks, canvas);
    let Some(map) = minimap::area(cells, screen.canvas, on_top) else {
        return;
    };
    let inside = (
        at.0.clamp(map.x, map.right() - 1),
        at.1.clamp(map.y, map.bottom() - 1),
    );
    if let Some(cell) = minimap::cell_at(cells, screen.canvas, on_top, inside) {
        model
            .viewport
            .centre_on((2 * cell.x + 1, 2 * cell.y + 1), blocks, canvas);
    }
}

/// `d`: the heatmap on or off. It needs the finished maze's distances, which settling asks
/// a worker for.
pub(super) fn toggle_heat(model: &mut Model) {
    if Layer::Inspector.is_open(model) {
        model.set_status(
            StatusKind::Info,
            "The distance heatmap is for the mazes made here, not opened files",
        );
        return;
    }
    model.heat.on = !model.heat.on;
    let text = match (model.heat.on, model.shown_session().maze().is_some()) {
        (false, _) => "Distance heatmap off".to_owned(),
        (true, true) => {
            "Distance heatmap: every cell coloured by its steps from the entry".to_owned()
        }
        (true, false) => "Distance heatmap: shown once the maze is carved and solved".to_owned(),
    };
    model.set_status(StatusKind::Info, text);
    if !model.heat.on {
        model.heat.map = None;
    }
}

/// Starts the flood of the maze shown when the heatmap wants its distances and nothing is
/// measuring them; forgets the distances of a maze no longer shown.
pub(super) fn settle(model: &mut Model) -> Option<Effect> {
    if !model.heat.on || Layer::Inspector.is_open(model) {
        return None;
    }
    let maze = Arc::clone(model.shown_session().maze()?);
    if model
        .heat
        .map
        .as_ref()
        .is_some_and(|(_, of)| !Arc::ptr_eq(of, &maze))
    {
        model.heat.map = None;
    }
    if model.heat.of(&maze).is_some() || model.heat.is_measuring(&maze) {
        return None;
    }
    // Four bytes a cell: more than the memory the dashboard may use is refused up front,
    // since an allocator that overcommits would say yes and the system kill the program.
    let needed = 4 * u64::from(maze.width()) * u64::from(maze.height());
    if let Some(limit) = model.memory_limit.filter(|&limit| needed > limit) {
        model.heat.on = false;
        let text = format!(
            "No heatmap: the distances need {}, more than the {} available",
            human_bytes(needed),
            human_bytes(limit)
        );
        model.set_status(StatusKind::Warning, text);
        return None;
    }
    let job = model.new_job_id(Owner::View);
    model.heat.job = Some((job, Arc::clone(&maze)));
    Some(Effect::Work(Work::Distances(DistanceJob { job, maze })))
}

/// The flood's answer: the distances, kept if they are still wanted, or why there are none.
pub(super) fn distances(
    model: &mut Model,
    job: JobId,
    distances: &Parcel<Result<Distances, String>>,
) {
    let Some((_, maze)) = model.heat.job.take_if(|(id, _)| *id == job) else {
        return;
    };
    match distances.take() {
        Some(Ok(map)) if model.heat.on => model.heat.map = Some((Arc::new(map), maze)),
        Some(Ok(_)) | None => {}
        Some(Err(reason)) => {
            model.heat.on = false;
            model.set_status(StatusKind::Warning, format!("No heatmap: {reason}"));
        }
    }
}
