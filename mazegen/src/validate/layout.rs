//! The strict layout of a maze file, beyond what the reader needs to make sense of it: the
//! reader is lenient (a missing last newline, spaces around a coordinate, lowercase path
//! letters, blank lines at the end all read fine), but the subject says every line ends with
//! `\n`, and the checkers that grade a file may refuse anything else. Each deviation is a
//! [`LayoutProblem`], found in one pass over the bytes, a line at a time.

use std::fmt;
use std::io::{self, BufRead};

/// A way a maze file departs from the subject's layout, at a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LayoutProblem {
    /// The last line does not end with `\n`.
    NoFinalNewline {
        /// The last line.
        line: usize,
    },
    /// A space or a tab at a 1-based byte column.
    Whitespace {
        /// The line.
        line: usize,
        /// The byte column of the first space or tab.
        column: usize,
    },
    /// A path letter in lowercase (the subject writes `N`, `E`, `S`, `W`).
    LowercaseStep {
        /// The path line.
        line: usize,
        /// The byte column of the first lowercase letter.
        column: usize,
    },
    /// A line after the path line (blank or not).
    ExtraLine {
        /// The extra line.
        line: usize,
    },
}

impl fmt::Display for LayoutProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LayoutProblem::NoFinalNewline { line } => {
                write!(f, "format: line {line} does not end with a newline (\\n)")
            }
            LayoutProblem::Whitespace { line, column } => write!(
                f,
                "format: line {line} holds a space or a tab at column {column}"
            ),
            LayoutProblem::LowercaseStep { line, column } => write!(
                f,
                "format: line {line} has a lowercase path letter at column {column} (N, E, S, W)"
            ),
            LayoutProblem::ExtraLine { line } => {
                write!(
                    f,
                    "format: line {line} comes after the path line, the file's last"
                )
            }
        }
    }
}

/// Where a line is in the file's layout.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Rows,
    Entry,
    Exit,
    Path,
    After,
}

/// Every layout problem of the maze file `reader` reads, in line order (one of each kind a
/// line at most). Reads a line at a time: no more memory than its longest line.
pub(crate) fn layout_problems(mut reader: impl BufRead) -> io::Result<Vec<LayoutProblem>> {
    let mut problems = Vec::new();
    let mut line = Vec::new();
    let mut part = Part::Rows;
    let mut number = 0;
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        let ended = line.last() == Some(&b'\n');
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        if part == Part::After {
            problems.push(LayoutProblem::ExtraLine { line: number });
        }
        if let Some(at) = text.iter().position(|&b| b == b' ' || b == b'\t') {
            problems.push(LayoutProblem::Whitespace {
                line: number,
                column: at + 1,
            });
        }
        if part == Part::Path
            && let Some(at) = text.iter().position(|b| b"nesw".contains(b))
        {
            problems.push(LayoutProblem::LowercaseStep {
                line: number,
                column: at + 1,
            });
        }
        if !ended {
            problems.push(LayoutProblem::NoFinalNewline { line: number });
        }
        part = match part {
            Part::Rows if text.is_empty() => Part::Entry,
            Part::Rows => Part::Rows,
            Part::Entry => Part::Exit,
            Part::Exit => Part::Path,
            Part::Path | Part::After => Part::After,
        };
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "95\nA6\n\n0,0\n1,1\nES\n";

    fn problems(text: &str) -> Vec<LayoutProblem> {
        layout_problems(text.as_bytes()).unwrap()
    }

    #[test]
    fn a_file_as_the_subject_writes_it_has_none() {
        assert_eq!(problems(GOOD), []);
        // Lowercase hex digits are the v2.2 subject's own example.
        assert_eq!(problems("9b\na6\n\n0,0\n1,1\nES\n"), []);
    }

    #[test]
    fn each_deviation_is_named_with_its_line() {
        use LayoutProblem as P;
        assert_eq!(
            problems("95\nA6\n\n0,0\n1,1\nES"),
            [P::NoFinalNewline { line: 6 }]
        );
        assert_eq!(
            problems("95\nA6\n\n0, 0\n1,1\t\nES\n"),
            [
                P::Whitespace { line: 4, column: 3 },
                P::Whitespace { line: 5, column: 4 }
            ]
        );
        assert_eq!(
            problems("95\nA6\n\n0,0\n1,1\nEs\n"),
            [P::LowercaseStep { line: 6, column: 2 }]
        );
        assert_eq!(
            problems("95\nA6\n\n0,0\n1,1\nES\n\n  \n"),
            [
                P::ExtraLine { line: 7 },
                P::ExtraLine { line: 8 },
                P::Whitespace { line: 8, column: 1 }
            ]
        );
        assert_eq!(
            P::LowercaseStep { line: 6, column: 2 }.to_string(),
            "format: line 6 has a lowercase path letter at column 2 (N, E, S, W)"
        );
    }
}
