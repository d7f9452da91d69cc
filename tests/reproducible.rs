//! Same config and seed, same bytes: on every platform, every build and every release.

use mazegen::Generator;
use mazegen::config::Config;
use mazegen::format::Hex;

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
    let path = grid.shortest_path(config.entry, config.exit).unwrap();
    assert_eq!(
        Hex::grid_to_string(&grid, config.entry, config.exit, &path),
        CONFIG_TXT_MAZE
    );
}

/// Playable boards (PERFECT=False) as written before braiding was set up in steps, and mazes of
/// the algorithms that may leave islands around the 42 or the courtyard as written before
/// linking was: the dead-end and wall lists, their shuffles and the counts, spread over steps,
/// must give the same mazes as when they were done at once.
#[test]
fn boards_and_linked_mazes_make_the_pinned_mazes() {
    let pinned = [
        (
            "WIDTH=40\nHEIGHT=30\nENTRY=0,0\nEXIT=39,29\nOUTPUT_FILE=m.txt\nPERFECT=True\n\
             SEED=11\nALGORITHM=eller\n",
            include_str!("fixtures/eller_40x30_seed11.txt"),
        ),
        (
            "WIDTH=25\nHEIGHT=20\nENTRY=0,0\nEXIT=24,19\nOUTPUT_FILE=m.txt\nPERFECT=True\n\
             SEED=3\nALGORITHM=recursive-division\nCOURTYARD=True\n",
            include_str!("fixtures/recursive_division_25x20_seed3_courtyard.txt"),
        ),
        (
            "WIDTH=40\nHEIGHT=30\nENTRY=0,0\nEXIT=39,29\nOUTPUT_FILE=m.txt\nPERFECT=False\n\
             SEED=11\nBRAID=0.1\n",
            include_str!("fixtures/board_40x30_seed11_braid01.txt"),
        ),
        (
            "WIDTH=30\nHEIGHT=30\nENTRY=0,0\nEXIT=29,29\nOUTPUT_FILE=m.txt\nPERFECT=False\n\
             SEED=4\nCOURTYARD=True\n",
            include_str!("fixtures/board_30x30_seed4_courtyard.txt"),
        ),
    ];
    for (text, maze) in pinned {
        let config = Config::parse(text, "board.txt").expect("a valid config");
        let seed = config.seed.expect("a pinned SEED");
        let grid = Generator::generate(config.maze_options(seed)).unwrap();
        let path = grid.shortest_path(config.entry, config.exit).unwrap();
        assert_eq!(
            Hex::grid_to_string(&grid, config.entry, config.exit, &path),
            maze,
            "{text}"
        );
    }
}
