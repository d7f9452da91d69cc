//! The export list's state: which exports `e` offers (every [`Export`] of the library, in its
//! order) and where the cursor is. The list is a layer (see [`crate::tui::layer`]): while it
//! is open its keys move the cursor, Enter writes the export under it, Esc closes it.

pub mod update;
pub mod view;

#[cfg(test)]
mod tests;

use crate::tui::kernel::export::Export;

/// The export list: closed, or open with its cursor on one export.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExportList {
    /// The cursor's place in [`Export::ALL`], while the list is open.
    open: Option<usize>,
}

impl ExportList {
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Opens the list with its cursor on `at`.
    pub fn open_at(&mut self, at: Export) {
        self.open = Export::ALL.iter().position(|&e| e == at);
    }

    pub fn close(&mut self) {
        self.open = None;
    }

    /// The export under the cursor, while the list is open.
    pub fn cursor(&self) -> Option<Export> {
        self.open.map(|at| Export::ALL[at])
    }

    /// Moves the cursor one place up (`-1`) or down (`1`), staying in the list.
    pub fn move_cursor(&mut self, by: isize) {
        if let Some(at) = &mut self.open {
            *at = at.saturating_add_signed(by).min(Export::ALL.len() - 1);
        }
    }
}

/// How the list names an export.
pub fn label(export: Export) -> &'static str {
    match export {
        Export::Svg => "SVG picture",
        Export::Png => "PNG picture",
        Export::PdfSheet => "PDF + answer",
        Export::AnimatedSvg => "animated SVG",
    }
}
