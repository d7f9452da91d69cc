//! The hand-over of a job's big result (a new maze's session, an opened file's inspection,
//! what is to be freed) through a message: one type for every job kind.

use std::fmt;
use std::sync::{Arc, Mutex};

/// A value a job made, for `update` to take once. It travels behind a lock, so that a message
/// stays `Clone` (a copy shares it) and comparable (by identity) whatever it carries: a new
/// maze's session is neither.
pub struct Parcel<T>(Arc<Mutex<Option<T>>>);

impl<T> Parcel<T> {
    pub fn new(value: T) -> Parcel<T> {
        Parcel(Arc::new(Mutex::new(Some(value))))
    }

    /// The value, the first time (`None` after).
    pub fn take(&self) -> Option<T> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

impl<T> Clone for Parcel<T> {
    fn clone(&self) -> Parcel<T> {
        Parcel(Arc::clone(&self.0))
    }
}

impl<T> PartialEq for Parcel<T> {
    fn eq(&self, other: &Parcel<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> fmt::Debug for Parcel<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Parcel")
    }
}
