//! The export list's answers: `e` opens it, its keys move the cursor, Enter picks the export
//! (the studio writes it, see `Studio::export_format`), Esc and `q` close it. It works on its
//! own state (the list and the pick) and the [`Ctx`] parts; whether another layer answers
//! `e` instead (an opened file, a race) the root decides. Opening it asks a job which of its
//! files exist ([`LookJob`]), for each row to say whether it replaces one.

use std::path::PathBuf;

use crate::tui::kernel::export::Export;

use crate::tui::context::Ctx;
use crate::tui::effect::{Effect, Work};
use crate::tui::kernel::action::Action;
use crate::tui::kernel::job::{JobId, Owner};
use crate::tui::kernel::status::StatusKind;
use crate::tui::reply::Reply;

use super::{ExportList, LookJob, label};

/// The list's answer to `action`: taken, or passed on to the layers below (every action while the list is closed but `e`; Enter passes on as
/// [`Action::WriteExport`] once the pick is made, for the studio to write). `pick` is the
/// export last picked, which the list opens at and Enter sets.
pub fn act(list: &mut ExportList, pick: &mut Export, shared: &mut Ctx, action: Action) -> Reply {
    if !list.is_open() {
        if action != Action::Export {
            return Reply::Pass(action);
        }
        list.open_at(*pick);
        // The cursor starts on the export last written: said, so it is no surprise.
        let text = if *pick == Export::ALL[0] {
            "Export: pick a file to write next to OUTPUT_FILE".to_owned()
        } else {
            format!(
                "Export: pick a file to write next to OUTPUT_FILE (on the last one written, {})",
                label(*pick)
            )
        };
        shared.set_status(StatusKind::Info, text);
        return Reply::Done(vec![look(list, shared)]);
    }
    match action {
        Action::ExportUp => list.move_cursor(-1),
        Action::ExportDown => list.move_cursor(1),
        Action::Export | Action::CloseExport | Action::Quit => {
            list.close();
            shared.set_status(StatusKind::Info, "Export list closed");
        }
        Action::WriteExport => {
            if let Some(export) = list.cursor() {
                *pick = export;
                let file = export.path_next_to(&shared.config.output_file);
                let text = format!("Writing the {} to {}…", label(export), file.display());
                shared.set_status(StatusKind::Info, text);
            }
            list.close();
            return Reply::Pass(Action::WriteExport);
        }
        _ => return Reply::Pass(action),
    }
    Reply::done()
}

/// The files the list writes, one an export, next to OUTPUT_FILE.
pub fn targets(shared: &Ctx) -> Vec<PathBuf> {
    Export::ALL
        .iter()
        .map(|export| export.path_next_to(&shared.config.output_file))
        .collect()
}

/// Asks the run loop which of the list's files exist now.
fn look(list: &mut ExportList, shared: &mut Ctx) -> Effect {
    let files = targets(shared);
    let job = shared.new_job_id(Owner::Export);
    list.asking(job, &files);
    Effect::Work(Work::Look(LookJob { job, files }))
}

/// The answer to the list's question: the files that exist. One to an older question (the
/// list closed and opened again meanwhile) changes nothing.
pub fn found(list: &mut ExportList, job: JobId, existing: Vec<PathBuf>) {
    list.found(job, existing);
}
