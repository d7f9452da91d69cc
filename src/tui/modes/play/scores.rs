//! The best times of play mode, as the scores file keeps them: one entry per maze (size,
//! algorithm, kind and seed), the fastest game on it. Pure data and its TOML text; the run loop
//! reads and writes the file (`crate::app::scores`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// One game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// How long the game took, from the first move to the exit.
    pub milliseconds: u64,
    pub moves: u64,
    /// The shortest path's length, so the file alone says how good the game was.
    pub shortest: u64,
}

impl Score {
    /// Whether this game beats `other`: faster, or as fast in fewer moves.
    pub fn beats(&self, other: &Score) -> bool {
        (self.milliseconds, self.moves) < (other.milliseconds, other.moves)
    }
}

/// A score to record, under its maze's key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRecord {
    pub key: String,
    pub score: Score,
}

/// What recording a score did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The best score on this maze before this game, if there was one.
    pub previous: Option<Score>,
    /// Whether this game is the new best.
    pub new_best: bool,
    /// The scores file could not be read as scores: it was renamed to this path (kept, never
    /// lost) and a new file started.
    pub set_aside: Option<PathBuf>,
}

/// Every maze's best score: the whole scores file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreBook {
    #[serde(default)]
    pub best: BTreeMap<String, Score>,
}

/// The comment the scores file starts with.
const HEADER: &str = "# a-maze-ing: the best time of play mode (g) on each maze, by size, \
                      algorithm, kind and seed.\n\n";

impl ScoreBook {
    /// Reads a scores file; `Err` is the one-line reason it is not one (with its line).
    pub fn parse(text: &str) -> Result<ScoreBook, String> {
        toml::from_str(text).map_err(|e| {
            let line = e.span().map(|span| line_of(text, span.start));
            let message = e.message().trim().to_owned();
            match line {
                Some(line) => format!("line {line}: {message}"),
                None => message,
            }
        })
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let body = toml::to_string(self).expect("scores are plain numbers and strings");
        format!("{HEADER}{body}")
    }

    /// Keeps `score` for `key` if it is the best there; says what the best was before.
    pub fn record(&mut self, key: &str, score: Score) -> (Option<Score>, bool) {
        let previous = self.best.get(key).copied();
        let new_best = previous.is_none_or(|best| score.beats(&best));
        if new_best {
            self.best.insert(key.to_owned(), score);
        }
        (previous, new_best)
    }
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAST: Score = Score {
        milliseconds: 9_000,
        moves: 40,
        shortest: 36,
    };
    const SLOW: Score = Score {
        milliseconds: 12_000,
        moves: 38,
        shortest: 36,
    };

    #[test]
    fn the_fastest_game_is_kept_per_maze() {
        let mut book = ScoreBook::default();
        assert_eq!(book.record("9x7 a", SLOW), (None, true));
        assert_eq!(book.record("9x7 a", FAST), (Some(SLOW), true));
        assert_eq!(book.record("9x7 a", SLOW), (Some(FAST), false));
        assert_eq!(book.record("9x7 b", SLOW), (None, true));
        assert_eq!(book.best["9x7 a"], FAST);
        let tie = Score { moves: 39, ..FAST };
        assert_eq!(
            book.record("9x7 a", tie),
            (Some(FAST), true),
            "fewer moves breaks a tie"
        );
    }

    #[test]
    fn the_text_reads_back_as_the_same_book() {
        let mut book = ScoreBook::default();
        book.record("25x20 backtracker perfect seed 42", FAST);
        let text = book.to_text();
        assert!(text.starts_with("# a-maze-ing"), "{text}");
        assert!(
            text.contains("[best.\"25x20 backtracker perfect seed 42\"]\nmilliseconds = 9000\n"),
            "{text}"
        );
        assert_eq!(ScoreBook::parse(&text), Ok(book));
        assert_eq!(ScoreBook::parse(""), Ok(ScoreBook::default()));
    }

    #[test]
    fn a_broken_file_says_where() {
        let text = "[best.\"9x7\"]\nmilliseconds = 10\nmoves = \"many\"\nshortest = 3\n";
        let error = ScoreBook::parse(text).unwrap_err();
        assert!(
            error.starts_with("line 1: ") || error.starts_with("line 3: "),
            "{error}"
        );
        let error = ScoreBook::parse("best = [\n").unwrap_err();
        assert!(error.starts_with("line "), "{error}");
    }
}
