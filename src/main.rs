//! `a-maze-ing`: the maze studio's command line.

fn main() -> std::process::ExitCode {
    a_maze_ing::app::main()
}
