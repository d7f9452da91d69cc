//! The play mode's scores file: `$XDG_DATA_HOME/a-maze-ing/scores.toml` (else
//! `~/.local/share/a-maze-ing/scores.toml`), read and rewritten by the run loop when a game is
//! won ([`crate::tui::Effect::RecordScore`]). Written atomically, like every file the program
//! writes. A file that is not a scores file is never overwritten: it is renamed aside
//! (`scores.toml.broken-1`, `-2`, ...) and a new one started, and the status line says so.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::tui::{Recorded, ScoreBook, ScoreRecord};
use mazegen::write_atomically;

/// Where the scores are: `scores.toml` in `$XDG_DATA_HOME/a-maze-ing` (an absolute
/// `XDG_DATA_HOME` only, as the XDG spec says), else in `$HOME/.local/share/a-maze-ing`.
pub fn scores_file(xdg_data_home: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let data = xdg_data_home
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .or_else(|| {
            home.filter(|home| !home.is_empty())
                .map(|home| PathBuf::from(home).join(".local").join("share"))
        })?;
    Some(data.join("a-maze-ing").join("scores.toml"))
}

/// The scores file this process uses, from its environment.
pub fn default_scores_file() -> Option<PathBuf> {
    scores_file(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
}

/// Keeps `record` in the scores `file` if it is its maze's best; `Err` is the one-line reason
/// it could not (the file is then unchanged).
pub fn record(file: Option<&Path>, record: &ScoreRecord) -> Result<Recorded, String> {
    let file = file.ok_or("no folder for it: set XDG_DATA_HOME or HOME")?;
    let shown = file.display();
    let (mut book, set_aside) = match read_scores(file) {
        Ok(text) => match ScoreBook::parse(&text) {
            Ok(book) => (book, None),
            Err(_) => (ScoreBook::default(), Some(set_aside(file)?)),
        },
        Err(e) if e.kind() == io::ErrorKind::NotFound => (ScoreBook::default(), None),
        // More than any scores file grows to: not one, or not one to read whole.
        Err(e) if e.kind() == io::ErrorKind::FileTooLarge => {
            (ScoreBook::default(), Some(set_aside(file)?))
        }
        // Not UTF-8: not a scores file either.
        Err(e) if e.kind() == io::ErrorKind::InvalidData => {
            (ScoreBook::default(), Some(set_aside(file)?))
        }
        Err(e) => return Err(format!("cannot read {shown}: {e}")),
    };
    let (previous, new_best) = book.record(&record.key, record.score);
    if new_best || set_aside.is_some() {
        if let Some(folder) = file.parent() {
            fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        let text = book.to_text();
        write_atomically(file, |out| out.write_all(text.as_bytes())).map_err(|e| e.to_string())?;
    }
    Ok(Recorded {
        previous,
        new_best,
        set_aside,
    })
}

/// The most a scores file is read: a best score for each of about half a million mazes. The
/// settings' 1 MiB is far too little for it: a file that grew past it was never written again.
const MAX_SCORES_BYTES: u64 = 64 << 20;

/// The scores file's text.
fn read_scores(file: &Path) -> io::Result<String> {
    crate::tui::settings::read_text(file, MAX_SCORES_BYTES)
}

/// Renames a broken `file` to the first free `FILE.broken-N`, and returns that name.
fn set_aside(file: &Path) -> Result<PathBuf, String> {
    for n in 1..1000 {
        let mut name = file.as_os_str().to_owned();
        name.push(format!(".broken-{n}"));
        let aside = PathBuf::from(name);
        if fs::symlink_metadata(&aside).is_ok() {
            continue;
        }
        return fs::rename(file, &aside).map(|()| aside).map_err(|e| {
            format!(
                "{} is not a scores file and cannot be set aside: {e}",
                file.display()
            )
        });
    }
    Err(format!(
        "{} is not a scores file, and 999 broken ones are already set aside",
        file.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::Score;

    fn score(milliseconds: u64) -> ScoreRecord {
        ScoreRecord {
            key: "9x7 backtracker perfect seed 42".to_owned(),
            score: Score {
                milliseconds,
                moves: 20,
                shortest: 18,
            },
        }
    }

    #[test]
    fn the_file_is_under_xdg_data_home_else_home() {
        let file = |xdg: Option<&str>, home: Option<&str>| {
            scores_file(xdg.map(OsString::from), home.map(OsString::from))
        };
        assert_eq!(
            file(Some("/data"), Some("/home/u")),
            Some(PathBuf::from("/data/a-maze-ing/scores.toml"))
        );
        let fallback = Some(PathBuf::from("/home/u/.local/share/a-maze-ing/scores.toml"));
        assert_eq!(file(Some("relative"), Some("/home/u")), fallback);
        assert_eq!(file(None, Some("/home/u")), fallback);
        assert_eq!(file(None, Some("")), None);
    }

    #[test]
    fn the_first_score_creates_the_file_and_only_better_ones_replace_it() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a-maze-ing").join("scores.toml");
        let first = record(Some(&file), &score(12_000)).unwrap();
        assert_eq!((first.previous, first.new_best), (None, true));
        let written = fs::read_to_string(&file).unwrap();
        assert!(written.contains("milliseconds = 12000"), "{written}");
        let slower = record(Some(&file), &score(15_000)).unwrap();
        assert_eq!(slower.previous, Some(score(12_000).score));
        assert!(!slower.new_best);
        assert_eq!(fs::read_to_string(&file).unwrap(), written, "unchanged");
        let faster = record(Some(&file), &score(9_000)).unwrap();
        assert!(faster.new_best);
        let book = ScoreBook::parse(&fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(book.best.values().next().unwrap().milliseconds, 9_000);
        let names: Vec<_> = fs::read_dir(file.parent().unwrap()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
    }

    #[test]
    fn a_broken_file_is_set_aside_never_lost() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("scores.toml");
        let broken = "this is [not toml\n";
        fs::write(&file, broken).unwrap();
        fs::write(dir.path().join("scores.toml.broken-1"), "an older one").unwrap();
        let recorded = record(Some(&file), &score(12_000)).unwrap();
        let aside = dir.path().join("scores.toml.broken-2");
        assert_eq!(recorded.set_aside, Some(aside.clone()));
        assert_eq!(fs::read_to_string(&aside).unwrap(), broken);
        assert_eq!(
            fs::read_to_string(dir.path().join("scores.toml.broken-1")).unwrap(),
            "an older one"
        );
        assert!(recorded.new_best);
        assert!(ScoreBook::parse(&fs::read_to_string(&file).unwrap()).is_ok());
        fs::write(&file, [0xff, 0xfe, 0x00]).unwrap();
        let recorded = record(Some(&file), &score(12_000)).unwrap();
        assert_eq!(
            recorded.set_aside,
            Some(dir.path().join("scores.toml.broken-3")),
            "not UTF-8 is not a scores file either"
        );
    }

    #[test]
    fn a_scores_file_over_a_mebibyte_is_still_read_and_written() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("scores.toml");
        let mut book = ScoreBook::default();
        // 20,000 mazes' best scores: well over a mebibyte of TOML.
        let n = 20_000;
        for i in 0..n {
            book.record(
                &format!("{i}x9 backtracker perfect seed 42"),
                score(5_000).score,
            );
        }
        let text = book.to_text();
        assert!(text.len() > 1 << 20, "{} bytes", text.len());
        fs::write(&file, text).unwrap();
        let recorded = record(Some(&file), &score(12_000)).unwrap();
        assert!(recorded.new_best && recorded.set_aside.is_none());
        let kept = ScoreBook::parse(&fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(kept.best.len(), n + 1, "every older score kept");
    }

    #[test]
    fn a_file_that_cannot_be_read_or_written_is_an_error_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("scores.toml");
        fs::create_dir(&folder).unwrap();
        let error = record(Some(&folder), &score(1)).unwrap_err();
        assert!(error.starts_with("cannot read "), "{error}");
        assert!(folder.is_dir());
        assert!(
            record(None, &score(1))
                .unwrap_err()
                .contains("XDG_DATA_HOME")
        );
        let blocked = dir.path().join("a-file").join("scores.toml");
        fs::write(dir.path().join("a-file"), "").unwrap();
        let error = record(Some(&blocked), &score(1)).unwrap_err();
        assert!(error.contains("a-file"), "{error}");
    }
}
