//! The characters the path takes in the whole view, kept from one frame to the next.
//!
//! Walking the path is the one part of a gathered frame whose cost grows with the maze: a
//! solved 20000x20000 maze has a path of tens of millions of steps, which took most of a
//! 33 ms frame to walk. Between frames the path and the characters it falls in do not change
//! unless the maze, the path or the canvas does, so the walk's result is kept, keyed by both.
//!
//! The key holds the [`Solution`] itself, a cheap clone of its shared steps: while it is
//! held, no other path can be allocated where its steps are, so comparing the steps' address
//! and length tells the same path from a new one without reading it. So that the kept clone
//! never keeps a replaced maze's path alive for long, a frame that does not use the memo
//! empties it ([`PathMemo::begin_frame`], [`PathMemo::end_frame`]).
//!
//! The memo changes nothing drawn: a frame with it is the same as one without (a test below
//! checks it). It sits behind a `RefCell` so that the view, which takes the model by shared
//! reference, can fill it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use mazegen::Solution;

use super::Placement;

/// What the path lights in each character of one placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PathMarks {
    /// Whether the path passes through each character.
    pub on: Vec<bool>,
}

/// The last whole view's path characters, and what they were drawn for.
#[derive(Default)]
pub struct PathMemo {
    kept: RefCell<Option<Kept>>,
    /// Whether this frame has asked for the path's characters.
    used: Cell<bool>,
    /// How many times the path was walked (a test's way to see the memo work).
    walks: Cell<u64>,
}

struct Kept {
    solution: Solution,
    placement: Placement,
    marks: Rc<PathMarks>,
}

impl Kept {
    fn is_for(&self, solution: &Solution, placement: &Placement) -> bool {
        let (kept, asked) = (self.solution.dirs(), solution.dirs());
        self.solution.start() == solution.start()
            && kept.as_ptr() == asked.as_ptr()
            && kept.len() == asked.len()
            && self.placement == *placement
    }
}

/// A summary: the kept path's length, not its steps (tens of millions of them).
impl std::fmt::Debug for PathMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.kept.borrow();
        f.debug_struct("PathMemo")
            .field("steps", &kept.as_ref().map(|k| k.solution.dirs().len()))
            .field("walks", &self.walks.get())
            .finish()
    }
}

impl PathMemo {
    /// A frame starts: nothing asked yet.
    pub fn begin_frame(&self) {
        self.used.set(false);
    }

    /// A frame ends: what it did not ask for is let go, so no replaced path stays held.
    pub fn end_frame(&self) {
        if !self.used.get() {
            self.kept.take();
        }
    }

    /// The marks of `solution` in `placement`: the kept ones if they are for the same, else
    /// `walk`'s, which are kept for the next frame.
    pub(super) fn marks(
        &self,
        solution: &Solution,
        placement: &Placement,
        walk: impl FnOnce() -> PathMarks,
    ) -> Rc<PathMarks> {
        self.used.set(true);
        let mut kept = self.kept.borrow_mut();
        if let Some(kept) = kept.as_ref().filter(|k| k.is_for(solution, placement)) {
            return Rc::clone(&kept.marks);
        }
        // The old path goes before the new one is walked: never two held at once.
        *kept = None;
        self.walks.set(self.walks.get() + 1);
        let marks = Rc::new(walk());
        *kept = Some(Kept {
            solution: solution.clone(),
            placement: placement.clone(),
            marks: Rc::clone(&marks),
        });
        marks
    }

    /// How many times a path has been walked since the memo was made.
    #[cfg(test)]
    pub fn walks(&self) -> u64 {
        self.walks.get()
    }

    /// Whether a path is held.
    #[cfg(test)]
    pub fn holds_a_path(&self) -> bool {
        self.kept.borrow().is_some()
    }
}
