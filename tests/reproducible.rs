//! Same config and seed, same bytes: on every platform, every build and every release.

use mazegen::config::Config;
use mazegen::format::hex;
use mazegen::{Generator, shortest_path};

/// `config.txt` (25x20, perfect, SEED=42) as this release writes it. If this test fails, a
/// change altered which maze a seed makes: that breaks every user's saved seeds, so it must
/// be deliberate, noted in the changelog, and this file regenerated with
/// `cargo run --release -- --headless` (then copy `maze.txt` here).
const CONFIG_TXT_MAZE: &str = include_str!("fixtures/config_txt_seed42.txt");

#[test]
fn the_default_config_makes_the_pinned_maze() {
    let config = Config::load("config.txt").expect("the repo's config.txt is valid");
    let seed = config.seed.expect("config.txt pins a SEED");
    let grid = Generator::generate(config.maze_options(seed)).unwrap();
    let path = shortest_path(&grid, config.entry, config.exit).unwrap();
    assert_eq!(
        hex::to_string(&grid, config.entry, config.exit, &path),
        CONFIG_TXT_MAZE
    );
}
