//! The vocabulary every part of the dashboard shares: the actions, the job names, the status
//! line's message and the hand-over of big job results. It imports only `std` and `mazegen`, so
//! that everything else can import it (see ARCHITECTURE.md).

pub mod action;
pub mod handoff;
pub mod job;
pub mod status;
