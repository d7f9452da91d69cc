//! `--grade-report FILE`: the scorecard written as Markdown (`.md`) or JSON (`.json`), the kind
//! told by the file's extension and checked before any case runs.

use std::path::Path;

use mazegen::write_atomically;

use super::card::Card;

/// The two kinds of report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportKind {
    Markdown,
    Json,
}

impl ReportKind {
    /// The kind `path`'s extension names, or why it names none.
    pub fn of(path: &Path) -> Result<ReportKind, String> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("md" | "markdown") => Ok(ReportKind::Markdown),
            Some("json") => Ok(ReportKind::Json),
            _ => Err(format!(
                "--grade-report {}: the file must end in .md (Markdown) or .json",
                crate::tui::shown_path(path)
            )),
        }
    }
}

/// Writes `card` to `path` as `kind`, replacing the file whole or not at all.
pub fn write(card: &Card, path: &Path, kind: ReportKind) -> Result<(), mazegen::Error> {
    let text = match kind {
        ReportKind::Markdown => card.markdown(),
        // Plain data of strings and numbers: serialising it cannot fail.
        ReportKind::Json => {
            serde_json::to_string_pretty(card).expect("a card is plain data") + "\n"
        }
    };
    write_atomically(path, |out| out.write_all(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_picks_the_kind() {
        assert_eq!(
            ReportKind::of(Path::new("card.md")),
            Ok(ReportKind::Markdown)
        );
        assert_eq!(
            ReportKind::of(Path::new("a/card.JSON")),
            Ok(ReportKind::Json)
        );
        assert!(
            ReportKind::of(Path::new("card.txt"))
                .unwrap_err()
                .contains(".md")
        );
        assert!(ReportKind::of(Path::new("card")).is_err());
    }
}
