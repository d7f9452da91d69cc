//! Whether a second core is there to share the work of one maze: the path found beside the
//! carving, two walks racing for it.

use std::sync::OnceLock;
use std::thread;

/// Whether this process may run on more than one core (asked once: the answer reads the
/// cgroup files on Linux).
pub(crate) fn two_cores() -> bool {
    static TWO: OnceLock<bool> = OnceLock::new();
    *TWO.get_or_init(|| thread::available_parallelism().is_ok_and(|n| n.get() > 1))
}
