//! A global allocator for tests: it counts the bytes each thread holds and, while a thread has
//! a budget ([`with_budget`]), refuses that thread a request that would take it over budget.
//! It returns null then, so `try_reserve` fails and an infallible allocation aborts the test
//! binary: the bug such a test looks for. Requests under [`SMALL`] are always granted: a few
//! small allocations are not worth an error path. The budget is per thread, so tests that use
//! it run alone or in parallel alike.
//!
//! A test binary installs it with
//! `#[global_allocator] static ALLOCATOR: budget_alloc::Budgeted = budget_alloc::Budgeted;`.

#![deny(unsafe_op_in_unsafe_fn)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Requests below this are never refused.
pub const SMALL: usize = 4 << 10;

/// The allocator: the system's, with each thread's budget.
pub struct Budgeted;

thread_local! {
    /// Bytes this thread may hold, `None`: no limit.
    static BUDGET: Cell<Option<usize>> = const { Cell::new(None) };
    /// Bytes this thread holds (those it freed of another thread's are taken off too), and
    /// those of them in blocks of [`SMALL`] bytes or more.
    static HELD: Cell<Held> = const { Cell::new(Held { all: 0, large: 0 }) };
    /// The most it held since the last [`measure`], of each.
    static PEAK: Cell<Held> = const { Cell::new(Held { all: 0, large: 0 }) };
}

/// Bytes held: all of them, and those in blocks that may be refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// Every block's bytes.
    pub all: usize,
    /// The bytes of blocks of [`SMALL`] bytes or more: those a budget may refuse.
    pub large: usize,
}

fn held() -> Held {
    HELD.try_with(Cell::get).unwrap_or_default()
}

/// Whether this thread may have a block of `size` bytes, which takes `more` bytes beyond what
/// it holds (a block grown in place takes only the growth).
fn grants(size: usize, more: usize) -> bool {
    let budget = BUDGET.try_with(Cell::get).ok().flatten();
    size < SMALL || budget.is_none_or(|budget| held().all + more <= budget)
}

/// Counts a block of `size` bytes taken, or (`taken` false) given back.
fn count(size: usize, taken: bool) {
    let large = if size >= SMALL { size } else { 0 };
    let _ = HELD.try_with(|cell| {
        let mut held = cell.get();
        if taken {
            held.all += size;
            held.large += large;
        } else {
            held.all = held.all.saturating_sub(size);
            held.large = held.large.saturating_sub(large);
        }
        cell.set(held);
        let _ = PEAK.try_with(|peak| {
            let most = peak.get();
            peak.set(Held {
                all: most.all.max(held.all),
                large: most.large.max(held.large),
            });
        });
    });
}

// SAFETY: every call is passed on to the system allocator unchanged, or refused with null as
// `GlobalAlloc` allows.
unsafe impl GlobalAlloc for Budgeted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !grants(layout.size(), layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's layout, passed on.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            count(layout.size(), true);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !grants(layout.size(), layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's layout, passed on.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            count(layout.size(), true);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(layout.size(), false);
        // SAFETY: the caller's pointer and layout, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let growth = new_size.saturating_sub(layout.size());
        if growth > 0 && !grants(new_size, growth) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's pointer, layout and size, passed on.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            count(layout.size(), false);
            count(new_size, true);
        }
        new
    }
}

/// `work`'s result with this thread allowed `budget` bytes more than it holds now.
pub fn with_budget<T>(budget: usize, work: impl FnOnce() -> T) -> T {
    let before = held().all;
    BUDGET.with(|b| b.set(Some(before + budget)));
    let result = work();
    BUDGET.with(|b| b.set(None));
    result
}

/// `work`'s result and the most bytes it held at once beyond what the thread held before.
pub fn measure<T>(work: impl FnOnce() -> T) -> (T, Held) {
    let before = held();
    PEAK.with(|p| p.set(before));
    let result = work();
    let peak = PEAK.with(Cell::get);
    let beyond = Held {
        all: peak.all - before.all,
        large: peak.large - before.large,
    };
    (result, beyond)
}
