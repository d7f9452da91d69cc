//! A check's findings, bounded: every broken rule counted, only the first few of each kept.
//!
//! A hostile or badly broken file can break a rule at every cell (a wall digit disagreeing
//! with its neighbour, an open 3x3 area): keeping each [`Violation`] would take tens of bytes
//! a cell, gigabytes for a large accepted file. A [`Report`] keeps a fixed number per rule, so
//! its memory does not depend on the file at all.

use super::Violation;

/// The violations a check found, grouped by rule in the order each rule first broke.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    keep: usize,
    rules: Vec<RuleTally>,
}

/// One rule's violations: the first few, and how many there were in all.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleTally {
    rule: &'static str,
    kept: Vec<Violation>,
    count: u64,
}

impl Report {
    /// An empty report keeping at most `keep` violations of each rule.
    pub fn new(keep: usize) -> Report {
        Report {
            keep,
            rules: Vec::new(),
        }
    }

    /// Counts `violation`, and keeps it if its rule has fewer than `keep` kept.
    pub fn add(&mut self, violation: Violation) {
        let rule = violation.rule();
        // A linear search: there are at most a couple of dozen rules.
        let tally = match self.rules.iter().position(|t| t.rule == rule) {
            Some(i) => &mut self.rules[i],
            None => {
                self.rules.push(RuleTally {
                    rule,
                    kept: Vec::new(),
                    count: 0,
                });
                self.rules.last_mut().expect("just pushed")
            }
        };
        tally.count += 1;
        if tally.kept.len() < self.keep {
            tally.kept.push(violation);
        }
    }

    /// Whether every rule holds.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// How many violations were found in all, kept or not.
    pub fn total(&self) -> u64 {
        self.rules.iter().map(|t| t.count).sum()
    }

    /// Each broken rule, in the order it first broke.
    pub fn rules(&self) -> &[RuleTally] {
        &self.rules
    }
}

impl RuleTally {
    /// The rule, as a plural noun phrase ("incoherent walls").
    pub fn rule(&self) -> &'static str {
        self.rule
    }

    /// The first violations of the rule, in the order they were found.
    pub fn kept(&self) -> &[Violation] {
        &self.kept
    }

    /// How many times the rule broke.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// How many of its violations were counted but not kept.
    pub fn omitted(&self) -> u64 {
        self.count - self.kept.len() as u64
    }
}

impl Violation {
    /// The rule this breaks, as a plural noun phrase for a count ("and 12 more incoherent
    /// walls"). Violations of one rule share it; a `match`, so a new rule must be named.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::SizeMismatch { .. } => "size mismatches",
            Violation::EntryMismatch { .. } => "entry mismatches",
            Violation::ExitMismatch { .. } => "exit mismatches",
            Violation::IncoherentWall { .. } => "incoherent walls",
            Violation::OpenBorder { .. } => "open border walls",
            Violation::StampNotClosed { .. } => "42 cells not closed",
            Violation::CourtyardNotOpen { .. } => "closed courtyards",
            Violation::EntryOutside(_) | Violation::EntryOnStamp(_) => "misplaced entries",
            Violation::ExitOutside(_) | Violation::ExitOnStamp(_) => "misplaced exits",
            Violation::EntryIsExit(_) => "entries on the exit",
            Violation::Unreachable { .. } => "unreachable regions",
            Violation::OpenArea { .. } => "open 3x3 areas",
            Violation::NotPerfect { .. } => "loops in a perfect maze",
            Violation::TooFewLoops { .. } => "boards with too few loops",
            Violation::TooManyDeadEnds { .. } => "boards with too many dead ends",
            Violation::CentreUnreachable(_) => "unreachable centres",
            Violation::PathLeavesMaze { .. }
            | Violation::PathThroughWall { .. }
            | Violation::PathMissesExit { .. }
            | Violation::PathNotShortest { .. }
            | Violation::ExitUnreachable(_) => "path errors",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Dir, Pos};

    fn wall(x: u32) -> Violation {
        Violation::IncoherentWall {
            cell: Pos::new(x, 0),
            dir: Dir::East,
        }
    }

    fn area(x: u32) -> Violation {
        Violation::OpenArea {
            corner: Pos::new(x, 0),
        }
    }

    #[test]
    fn keeps_the_first_few_of_each_rule_and_counts_them_all() {
        let mut report = Report::new(2);
        for x in 0..5 {
            report.add(wall(x));
        }
        report.add(area(7));
        report.add(wall(9));
        assert_eq!(report.total(), 7);
        let [walls, areas] = report.rules() else {
            panic!("two rules, got {:?}", report.rules());
        };
        assert_eq!(walls.rule(), "incoherent walls");
        assert_eq!(walls.kept(), [wall(0), wall(1)]);
        assert_eq!((walls.count(), walls.omitted()), (6, 4));
        assert_eq!(areas.kept(), [area(7)]);
        assert_eq!(areas.omitted(), 0);
    }

    #[test]
    fn an_empty_report_has_no_rules() {
        let report = Report::new(3);
        assert!(report.is_empty());
        assert_eq!(report.total(), 0);
    }

    #[test]
    fn keeping_none_still_counts() {
        let mut report = Report::new(0);
        report.add(area(1));
        assert!(!report.is_empty());
        assert_eq!(report.rules()[0].omitted(), 1);
    }
}
