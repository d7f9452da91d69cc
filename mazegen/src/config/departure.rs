//! The opt-in options that make a maze break a rule of the 42 subject on purpose, so that a
//! user handing the file in hears of it: `COURTYARD=True` (an open 3x3 area, and loops in a
//! perfect maze) and `BRAID` below 1.0 on a board (dead ends left).

use std::fmt;

use super::Config;

/// A subject rule the config's maze breaks by design. Displays as a lowercase sentence naming
/// the option and the rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Departure {
    /// The courtyard is made (the maze has room for it).
    Courtyard {
        /// `PERFECT=True`: the courtyard's loops break the one-path rule too.
        perfect: bool,
    },
    /// A board braided less than fully.
    Braid {
        /// The config's BRAID, below 1.0.
        braid: f64,
    },
}

impl fmt::Display for Departure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Departure::Courtyard { perfect } => {
                f.write_str(
                    "COURTYARD=True breaks the subject's rule of no open area larger than 2x3 \
                     (the courtyard is an open 3x3)",
                )?;
                if perfect {
                    f.write_str(" and its rule of one path between two cells (it makes loops)")?;
                }
                f.write_str(": a 42 checker refuses this file")
            }
            Departure::Braid { braid } => write!(
                f,
                "BRAID={braid} breaks the subject's rule of a board with dead ends rare (at most \
                 2 not forced by the border or the 42): a 42 checker refuses this file"
            ),
        }
    }
}

impl Config {
    /// The subject rules this config's maze breaks by design, in the order of the keys, each a
    /// lowercase sentence naming the option and the rule (an application warns with them):
    /// `COURTYARD=True` (an open 3x3 area, and loops in a perfect maze) and `BRAID` below 1.0 on
    /// a board (dead ends left), which a 42 checker refuses.
    pub fn departures(&self) -> Vec<impl fmt::Display + use<>> {
        self.departure_list()
    }

    /// [`Config::departures`], as values.
    pub(crate) fn departure_list(&self) -> Vec<Departure> {
        let mut departures = Vec::new();
        if self.landmarks().courtyard.is_some() {
            departures.push(Departure::Courtyard {
                perfect: self.perfect,
            });
        }
        if !self.perfect && self.braid < 1.0 {
            departures.push(Departure::Braid { braid: self.braid });
        }
        departures
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(extra: &str) -> Config {
        let text =
            format!("WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=m.txt\n{extra}\n");
        Config::parse(&text, "c.txt").unwrap()
    }

    #[test]
    fn the_subjects_maze_departs_from_nothing() {
        assert_eq!(config("PERFECT=True").departure_list(), []);
        assert_eq!(config("PERFECT=False").departure_list(), []);
        assert_eq!(config("PERFECT=False\nBRAID=1.0").departure_list(), []);
        // BRAID means nothing to a perfect maze.
        assert_eq!(config("PERFECT=True\nBRAID=0.2").departure_list(), []);
    }

    #[test]
    fn a_courtyard_and_a_partial_braid_are_named_with_the_rule_they_break() {
        let both = config("PERFECT=False\nBRAID=0.5\nCOURTYARD=True").departure_list();
        assert_eq!(
            both,
            [
                Departure::Courtyard { perfect: false },
                Departure::Braid { braid: 0.5 }
            ]
        );
        assert_eq!(
            both[1].to_string(),
            "BRAID=0.5 breaks the subject's rule of a board with dead ends rare (at most 2 not \
             forced by the border or the 42): a 42 checker refuses this file"
        );
        let perfect = config("PERFECT=True\nCOURTYARD=True").departure_list();
        let text = perfect[0].to_string();
        assert!(text.starts_with("COURTYARD=True breaks the subject's rule of no open area"));
        assert!(text.contains("one path between two cells"), "{text}");
    }

    #[test]
    fn a_courtyard_with_no_room_is_not_made_and_breaks_nothing() {
        let text = "WIDTH=4\nHEIGHT=4\nENTRY=0,0\nEXIT=3,3\nOUTPUT_FILE=m.txt\nPERFECT=True\n\
                    COURTYARD=True\n";
        assert_eq!(Config::parse(text, "c.txt").unwrap().departure_list(), []);
    }
}
