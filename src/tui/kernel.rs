//! The vocabulary every part of the dashboard shares: the actions, the job names, the status
//! line's message and the hand-over of big job results; and what the dashboard and the command
//! line both know about a maze before making it (its memory, a random walk's time) and about a
//! race's lap. It imports only `std` and `mazegen`, so that everything else can import it (see
//! ARCHITECTURE.md).

pub mod action;
pub mod export;
pub mod guard;
pub mod handoff;
pub mod job;
pub mod lap;
pub mod log;
pub mod memory;
pub mod status;
pub mod walk_time;
