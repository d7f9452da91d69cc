//! `a-maze-ing`, the terminal maze studio, as a library so that its benchmarks and tests can
//! drive the dashboard's Elm core (`tui`) without a terminal. The binary (`main.rs`) only calls
//! [`app::main`]. The maze domain itself is the `mazegen` crate.

pub mod app;
pub mod tui;
