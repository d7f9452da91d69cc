//! The scorecard: each case's checks, passed or failed with what was expected and what
//! happened, its notes, and the tally by rule; drawn as text on the terminal and as Markdown.

use std::fmt::Write;

use serde::Serialize;

/// A check the grader makes of a run. The rules of the maze file itself are `--check`'s, from
/// the library's validator: [`Check::FileRules`] is one check that reports each broken rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    EndsInTime,
    NoTraceback,
    WritesOutputFile,
    OutputFileName,
    FileRules,
    SmallMazeMessage,
    SameSeed,
    ReportsError,
    WritesNothing,
    EndsOnBadConfig,
}

impl Check {
    /// Every check, in the tally's order.
    pub const ALL: [Check; 10] = [
        Check::EndsInTime,
        Check::NoTraceback,
        Check::WritesOutputFile,
        Check::OutputFileName,
        Check::FileRules,
        Check::SmallMazeMessage,
        Check::SameSeed,
        Check::ReportsError,
        Check::WritesNothing,
        Check::EndsOnBadConfig,
    ];

    /// Its name on the card.
    pub fn name(self) -> &'static str {
        match self {
            Check::EndsInTime => "ends in time",
            Check::NoTraceback => "no traceback or panic",
            Check::WritesOutputFile => "writes OUTPUT_FILE",
            Check::OutputFileName => "OUTPUT_FILE where the config says",
            Check::FileRules => "maze file rules (as --check)",
            Check::SmallMazeMessage => "says when the 42 does not fit",
            Check::SameSeed => "same SEED, same bytes",
            Check::ReportsError => "reports a bad config",
            Check::WritesNothing => "writes nothing on a bad config",
            Check::EndsOnBadConfig => "ends on a bad config, no wait",
        }
    }
}

/// One check of one case.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    pub check: Check,
    pub passed: bool,
    /// What the rule asks (said when it failed).
    pub expected: String,
    /// What the program did.
    pub happened: String,
}

impl Outcome {
    pub fn pass(check: Check) -> Outcome {
        Outcome {
            check,
            passed: true,
            expected: String::new(),
            happened: String::new(),
        }
    }

    pub fn fail(check: Check, expected: impl Into<String>, happened: impl Into<String>) -> Outcome {
        Outcome {
            check,
            passed: false,
            expected: expected.into(),
            happened: happened.into(),
        }
    }
}

/// One case's results.
#[derive(Clone, Debug, Serialize)]
pub struct CaseCard {
    pub number: usize,
    pub name: String,
    pub rule: String,
    /// `valid`, `invalid` or `either`.
    pub kind: &'static str,
    /// The config's text (`None`: its path did not exist).
    pub config: Option<String>,
    pub outcomes: Vec<Outcome>,
    pub notes: Vec<String>,
    pub seconds: f64,
    /// `a-maze-ing --open ...` on the kept folder's files, when the folder is kept.
    pub look: Option<String>,
}

impl CaseCard {
    pub fn passed(&self) -> bool {
        self.outcomes.iter().all(|o| o.passed)
    }

    /// The line printed as the case ends: `[ 7/40] board  pass  0.12 s`.
    pub fn line(&self, total: usize) -> String {
        let width = total.to_string().len();
        let verdict = match self.passed() {
            true => "pass".to_owned(),
            false => {
                let failed: Vec<&str> = self
                    .outcomes
                    .iter()
                    .filter(|o| !o.passed)
                    .map(|o| o.check.name())
                    .collect();
                format!("FAIL: {}", failed.join(", "))
            }
        };
        let notes = match self.notes.len() {
            0 => String::new(),
            n => format!(" ({n} note{})", if n == 1 { "" } else { "s" }),
        };
        format!(
            "[{:>width$}/{total}] {:<24} {verdict}{notes}  {:.2} s",
            self.number, self.name, self.seconds
        )
    }

    /// The config on one line, its lines joined by spaces (`(no file)` for a missing one,
    /// `(empty)`).
    fn config_line(&self) -> String {
        match &self.config {
            None => "(no file at the path given)".to_owned(),
            Some(text) if text.is_empty() => "(an empty file)".to_owned(),
            Some(text) => text.lines().collect::<Vec<_>>().join(" | "),
        }
    }
}

/// The whole card.
#[derive(Clone, Debug, Serialize)]
pub struct Card {
    pub command: String,
    pub cases: Vec<CaseCard>,
    /// Said once for the whole card (no Xvfb...).
    pub notes: Vec<String>,
    pub seconds: f64,
}

/// One rule's tally.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub check: Check,
    pub passed: usize,
    pub failed: usize,
}

impl Card {
    pub fn passed(&self) -> bool {
        self.cases.iter().all(CaseCard::passed)
    }

    /// Pass and fail counts by check, for the checks made at least once.
    pub fn tally(&self) -> Vec<Tally> {
        Check::ALL
            .iter()
            .map(|&check| {
                let outcomes = self.cases.iter().flat_map(|c| &c.outcomes);
                let (passed, failed) =
                    outcomes
                        .filter(|o| o.check == check)
                        .fold(
                            (0, 0),
                            |(p, f), o| if o.passed { (p + 1, f) } else { (p, f + 1) },
                        );
                Tally {
                    check,
                    passed,
                    failed,
                }
            })
            .filter(|t| t.passed + t.failed > 0)
            .collect()
    }

    fn total_line(&self) -> String {
        let passed = self.cases.iter().filter(|c| c.passed()).count();
        format!(
            "{passed}/{} cases pass, {} fail ({:.1} s)",
            self.cases.len(),
            self.cases.len() - passed,
            self.seconds
        )
    }

    /// What follows the case lines on the terminal: the tally by rule, the total, then each
    /// failure and each note.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let width = Check::ALL.iter().map(|c| c.name().len()).max().unwrap_or(0);
        let _ = writeln!(out, "\n{:<width$}  pass  fail", "rule");
        for t in self.tally() {
            let _ = writeln!(
                out,
                "{:<width$}  {:>4}  {:>4}",
                t.check.name(),
                t.passed,
                t.failed
            );
        }
        let _ = writeln!(out, "\n{}", self.total_line());
        for case in self.cases.iter().filter(|c| !c.passed()) {
            let _ = writeln!(out, "\nFAIL {} ({})", case.name, case.rule);
            let _ = writeln!(out, "  config: {}", case.config_line());
            for o in case.outcomes.iter().filter(|o| !o.passed) {
                let _ = writeln!(
                    out,
                    "  {}: expected {}; {}",
                    o.check.name(),
                    o.expected,
                    o.happened
                );
            }
            match &case.look {
                Some(look) => {
                    let _ = writeln!(out, "  look at it: {look}");
                }
                None => {
                    let _ = writeln!(out, "  keep its folder to look at it: --grade-keep DIR");
                }
            }
        }
        let noted: Vec<&CaseCard> = self.cases.iter().filter(|c| !c.notes.is_empty()).collect();
        if !noted.is_empty() || !self.notes.is_empty() {
            let _ = writeln!(out, "\nnotes (not failures):");
        }
        for note in &self.notes {
            let _ = writeln!(out, "  {note}");
        }
        for case in noted {
            for note in &case.notes {
                let _ = writeln!(out, "  {}: {note}", case.name);
            }
        }
        out
    }

    /// The card as Markdown: the command, the tally, every case, then the failures.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# A-Maze-ing scorecard\n\n`{}`\n",
            self.command.replace('`', "'")
        );
        let _ = writeln!(out, "{}\n", self.total_line());
        let _ = writeln!(out, "| rule | pass | fail |\n|---|---:|---:|");
        for t in self.tally() {
            let _ = writeln!(out, "| {} | {} | {} |", t.check.name(), t.passed, t.failed);
        }
        let _ = writeln!(
            out,
            "\n| # | case | checks | result | notes |\n|---:|---|---|---|---|"
        );
        for case in &self.cases {
            let result = if case.passed() { "pass" } else { "**FAIL**" };
            let _ = writeln!(
                out,
                "| {} | `{}` | {} | {result} | {} |",
                case.number,
                case.name,
                cell(&case.rule),
                cell(&case.notes.join("; "))
            );
        }
        for case in self.cases.iter().filter(|c| !c.passed()) {
            let _ = writeln!(
                out,
                "\n## {} failed\n\nConfig: `{}`\n",
                case.name,
                case.config_line()
            );
            for o in case.outcomes.iter().filter(|o| !o.passed) {
                let _ = writeln!(
                    out,
                    "- **{}**: expected {}; {}",
                    o.check.name(),
                    cell(&o.expected),
                    cell(&o.happened)
                );
            }
            if let Some(look) = &case.look {
                let _ = writeln!(out, "\nLook at it: `{look}`");
            }
        }
        if !self.notes.is_empty() {
            let _ = writeln!(out, "\n## Notes\n");
            for note in &self.notes {
                let _ = writeln!(out, "- {}", cell(note));
            }
        }
        out
    }
}

/// Text for a Markdown table cell: on one line, `|` escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(number: usize, outcomes: Vec<Outcome>) -> CaseCard {
        CaseCard {
            number,
            name: format!("case-{number}"),
            rule: "a rule".into(),
            kind: "valid",
            config: Some("WIDTH=3\nHEIGHT=3\n".into()),
            outcomes,
            notes: Vec::new(),
            seconds: 0.25,
            look: None,
        }
    }

    fn card() -> Card {
        let fail = Outcome::fail(Check::FileRules, "every rule", "incoherent wall at (1,2)");
        Card {
            command: "prog".into(),
            cases: vec![
                case(
                    1,
                    vec![
                        Outcome::pass(Check::EndsInTime),
                        Outcome::pass(Check::FileRules),
                    ],
                ),
                case(2, vec![Outcome::pass(Check::EndsInTime), fail]),
            ],
            notes: vec!["no Xvfb".into()],
            seconds: 1.0,
        }
    }

    #[test]
    fn the_tally_counts_each_check_made() {
        let card = card();
        assert!(!card.passed());
        assert_eq!(
            card.tally(),
            [
                Tally {
                    check: Check::EndsInTime,
                    passed: 2,
                    failed: 0
                },
                Tally {
                    check: Check::FileRules,
                    passed: 1,
                    failed: 1
                },
            ]
        );
    }

    #[test]
    fn a_failure_says_what_was_expected_what_happened_and_the_config() {
        let card = card();
        assert_eq!(
            card.cases[0].line(2),
            "[1/2] case-1                   pass  0.25 s"
        );
        assert!(card.cases[1].line(2).contains("FAIL: maze file rules"));
        let text = card.summary();
        assert!(text.contains("1/2 cases pass, 1 fail"), "{text}");
        assert!(text.contains("incoherent wall at (1,2)"), "{text}");
        assert!(text.contains("config: WIDTH=3 | HEIGHT=3"), "{text}");
        assert!(text.contains("--grade-keep"), "{text}");
        let md = card.markdown();
        assert!(
            md.contains("| maze file rules (as --check) | 1 | 1 |"),
            "{md}"
        );
        assert!(md.contains("## case-2 failed"), "{md}");
    }
}
