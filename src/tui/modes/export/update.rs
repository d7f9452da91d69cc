//! The export list's answers: `e` opens it, its keys move the cursor, Enter picks the export
//! (the studio writes it, see [`Model::export_format`]), Esc and `q` close it.

use crate::tui::effect::Effect;
use crate::tui::kernel::action::Action;
use crate::tui::model::{Model, StatusKind};

use super::label;

/// The list's answer to `action`: `Ok` if it took it, `Err` with the action to pass on to the
/// layers below (every action while the list is closed but `e`; Enter passes on as
/// [`Action::WriteExport`] once the pick is made, for the studio to write).
pub fn act(model: &mut Model, action: Action) -> Result<Vec<Effect>, Action> {
    if !model.export.is_open() {
        // An opened file and a race have their own answers to `e`.
        let elsewhere = model.inspect.file().is_some() || model.race().is_some();
        if action != Action::Export || elsewhere {
            return Err(action);
        }
        model.export.open_at(model.export_format);
        model.set_status(
            StatusKind::Info,
            "Export: pick a file to write next to OUTPUT_FILE",
        );
        return Ok(Vec::new());
    }
    match action {
        Action::ExportUp => model.export.move_cursor(-1),
        Action::ExportDown => model.export.move_cursor(1),
        Action::Export | Action::CloseExport | Action::Quit => {
            model.export.close();
            model.set_status(StatusKind::Info, "Export list closed");
        }
        Action::WriteExport => {
            if let Some(export) = model.export.cursor() {
                model.export_format = export;
                let file = export.path_next_to(&model.config().output_file);
                let text = format!("Writing the {} to {}…", label(export), file.display());
                model.set_status(StatusKind::Info, text);
            }
            model.export.close();
            return Err(Action::WriteExport);
        }
        _ => return Err(action),
    }
    Ok(Vec::new())
}
