//! The pickers' state: the algorithm list `a` opens and the solver list `v` opens, where the
//! cursor is, and whether the info panel (`i`: how the entry works, the texture it gives, its
//! measured speed) is shown. A picker is a layer (see [`crate::tui::layer`]): while it is open
//! its keys move the cursor (wrapping round), Enter uses the entry, Esc closes it.

pub mod about;
pub mod update;
pub mod view;

#[cfg(test)]
mod tests;

use mazegen::Algorithm;
use mazegen::Solver;

/// Which list a picker shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum List {
    Algorithms,
    Solvers,
}

impl List {
    /// How many entries it has.
    pub fn entries(self) -> usize {
        match self {
            List::Algorithms => Algorithm::ALL.len(),
            List::Solvers => Solver::ALL.len(),
        }
    }
}

/// The pickers: closed, or one list open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Picker {
    open: Option<Open>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Open {
    list: List,
    cursor: usize,
    info: bool,
}

impl Picker {
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The list shown, if one is open.
    pub fn list(&self) -> Option<List> {
        self.open.map(|open| open.list)
    }

    /// The cursor's place in the open list.
    pub fn cursor(&self) -> Option<usize> {
        self.open.map(|open| open.cursor)
    }

    /// Whether the info panel of the entry under the cursor is shown instead of the list.
    pub fn shows_info(&self) -> bool {
        self.open.is_some_and(|open| open.info)
    }

    /// Opens `list` with its cursor on entry `at` (the one in use).
    pub fn open(&mut self, list: List, at: usize) {
        let cursor = at.min(list.entries() - 1);
        self.open = Some(Open {
            list,
            cursor,
            info: false,
        });
    }

    pub fn close(&mut self) {
        self.open = None;
    }

    /// Moves the cursor `by` places, wrapping round at both ends.
    pub fn move_cursor(&mut self, by: isize) {
        if let Some(open) = &mut self.open {
            let len = open.list.entries() as isize;
            open.cursor = (open.cursor as isize + by).rem_euclid(len) as usize;
        }
    }

    /// Shows the info panel, or goes back to the list.
    pub fn toggle_info(&mut self) {
        if let Some(open) = &mut self.open {
            open.info = !open.info;
        }
    }

    /// The algorithm under the cursor, when the algorithm list is open.
    pub fn algorithm(&self) -> Option<Algorithm> {
        match self.open? {
            Open {
                list: List::Algorithms,
                cursor,
                ..
            } => Algorithm::ALL.get(cursor).copied(),
            _ => None,
        }
    }

    /// The solver under the cursor, when the solver list is open.
    pub fn solver(&self) -> Option<Solver> {
        match self.open? {
            Open {
                list: List::Solvers,
                cursor,
                ..
            } => Solver::ALL.get(cursor).copied(),
            _ => None,
        }
    }
}

/// Where `algorithm` is in its list.
pub fn algorithm_index(algorithm: Algorithm) -> usize {
    Algorithm::ALL
        .iter()
        .position(|&a| a == algorithm)
        .unwrap_or(0)
}

/// Where `solver` is in its list.
pub fn solver_index(solver: Solver) -> usize {
    Solver::ALL.iter().position(|&s| s == solver).unwrap_or(0)
}
