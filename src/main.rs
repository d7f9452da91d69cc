//! `a-maze-ing`: the maze studio's command line.

mod app;

fn main() -> std::process::ExitCode {
    app::main()
}
