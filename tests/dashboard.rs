//! End-to-end tests of the dashboard: the real `a-maze-ing` binary runs in a pseudo-terminal
//! inside the test process (`support/pty.rs`), the test types keys and reads the screen back
//! from a terminal emulator, text and colours.
//!
//! Each test runs its own binary, in its own temporary folder, and the binary is killed when
//! the test ends, passed or failed. Nothing waits a fixed time: every step waits for what it
//! expects to show up, and on a timeout fails with the last screen, so a failure can be read.

#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;
#[path = "support/restored.rs"]
mod restored;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use pty::{Screen, Terminal};
use restored::assert_terminal_restored;
use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

/// The size of the terminal the dashboard gets, unless a test says otherwise.
const WIDTH: u16 = 100;
const HEIGHT: u16 = 30;

// ---------------------------------------------------------------------------------------------
// The screen
// ---------------------------------------------------------------------------------------------

/// Reading the dashboard's layout off a screen.
trait Layout {
    /// Whether the dashboard is drawn (rather than the too-small message or a shell).
    fn is_dashboard(&self) -> bool;
    /// The inside of the left pane, the maze canvas: the rows between its top and bottom
    /// borders, the columns between its left and right borders.
    fn canvas(&self) -> Vec<String>;
    fn canvas_contains(&self, glyph: char) -> bool;
    /// The background colours the canvas uses, each once.
    fn canvas_backgrounds(&self) -> Vec<vt100::Color>;
    /// The value of a row of the sidebar's " Maze " box, e.g. `fact("Path")` → `"81 steps"`.
    fn fact(&self, label: &str) -> Option<String>;
    /// The phase the progress gauge names.
    fn phase(&self) -> Option<&'static str>;
    /// The theme the theme list marks with `●`.
    fn current_theme(&self) -> Option<String>;
    /// The status message, the second line from the bottom, without the timeline.
    fn status(&self) -> &str;
    /// The timeline at the right of the status line, if it shows: `step 63, live`, say.
    fn timeline(&self) -> Option<&str>;
    /// The key hints, the bottom line.
    fn keys(&self) -> &str;
}

impl Layout for Screen {
    fn is_dashboard(&self) -> bool {
        self.contains(" Themes (Tab) ") && self.keys().contains("q quit")
    }

    fn canvas(&self) -> Vec<String> {
        let Some(top) = self.lines.first() else {
            return Vec::new();
        };
        let Some(right) = top.chars().position(|c| c == '┐') else {
            return Vec::new();
        };
        self.lines[1..]
            .iter()
            .take_while(|line| !line.starts_with('└'))
            .map(|line| line.chars().take(right).skip(1).collect())
            .collect()
    }

    fn canvas_contains(&self, glyph: char) -> bool {
        self.canvas().iter().any(|row| row.contains(glyph))
    }

    fn canvas_backgrounds(&self) -> Vec<vt100::Color> {
        let Some(right) = self
            .lines
            .first()
            .and_then(|top| top.chars().position(|c| c == '┐'))
        else {
            return Vec::new();
        };
        // The box is drawn in single-width characters, so its columns are the cells'.
        let rows = self.canvas().len();
        let mut colours = Vec::new();
        for row in &self.paint[1..=rows] {
            for cell in &row[1..right] {
                if !colours.contains(&cell.bg) {
                    colours.push(cell.bg);
                }
            }
        }
        colours
    }

    fn fact(&self, label: &str) -> Option<String> {
        let key = format!("│{label} ");
        self.lines.iter().find_map(|line| {
            let start = line.find(&key)? + key.len();
            let value = line[start..].split('│').next().unwrap_or_default();
            Some(value.trim().to_owned())
        })
    }

    fn phase(&self) -> Option<&'static str> {
        ["Carving", "Braiding", "Solving", "Done"]
            .into_iter()
            .find(|phase| self.fact(phase).is_some())
    }

    fn current_theme(&self) -> Option<String> {
        self.fact("●")
    }

    fn status(&self) -> &str {
        let n = self.lines.len();
        let line = self.lines.get(n.wrapping_sub(2)).map_or("", String::as_str);
        // The timeline at the right (" step 63, live ━━──  43% ") is not the message.
        let message = match line.find(['━', '─']) {
            Some(bar) => line[..bar].rfind(" step ").map_or(line, |at| &line[..at]),
            None => line,
        };
        message.trim()
    }

    /// The timeline at the right of the status line, if it shows: `step 63, live`, say.
    fn timeline(&self) -> Option<&str> {
        let n = self.lines.len();
        let line = self.lines.get(n.wrapping_sub(2))?;
        let bar = line.find(['━', '─'])?;
        let at = line[..bar].rfind(" step ")?;
        Some(line[at..bar].trim())
    }

    fn keys(&self) -> &str {
        self.lines.last().map_or("", String::as_str)
    }
}

// ---------------------------------------------------------------------------------------------
// The dashboard in a pseudo-terminal
// ---------------------------------------------------------------------------------------------

/// The dashboard running in a pseudo-terminal. Dropping it kills the binary.
struct Dashboard {
    terminal: Terminal,
}

impl Dashboard {
    /// The dashboard on the config in `dir`, its maze finished with Enter and solved.
    fn solved(dir: &Path) -> Dashboard {
        let app = Dashboard::start(dir, (WIDTH, HEIGHT));
        app.wait_for_first("dashboard", Screen::is_dashboard);
        app.press(&["Enter"]);
        app.wait_for("solved maze", |s| s.phase() == Some("Done"));
        app
    }
    /// Runs `a-maze-ing config.txt` in `dir` in a `width` x `height` terminal.
    fn start(dir: &Path, size: (u16, u16)) -> Dashboard {
        Dashboard::start_with(dir, size, &[])
    }

    /// As `start`, with `env` added to the binary's environment, after the defaults so it can
    /// override them.
    fn start_with(dir: &Path, size: (u16, u16), env: &[(&str, &str)]) -> Dashboard {
        let mut command = pty::command(BIN, dir);
        command.arg("config.txt");
        // No NO_COLOR from the environment and no user themes: the tests see only the bundled
        // themes, in their order.
        command.env_remove("NO_COLOR");
        command.env("XDG_CONFIG_HOME", dir.join("no-user-config"));
        for (name, value) in env {
            command.env(name, value);
        }
        Dashboard {
            terminal: Terminal::spawn(command, size),
        }
    }

    /// Presses keys, given by name (`Enter`, `Escape`, `C-c`, `p`, `?`: see `pty::key_bytes`).
    fn press(&self, keys: &[&str]) {
        self.terminal.press(keys);
    }

    fn screen(&self) -> Screen {
        self.terminal.screen()
    }

    fn resize(&self, width: u16, height: u16) {
        self.terminal.resize(width, height);
    }

    /// The binary's exit status, once it has ended.
    fn exit_status(&self) -> Option<i32> {
        self.terminal.exit_status()
    }

    /// Waits until `ready` holds on a settled screen (the output has paused, so no frame is
    /// half drawn), and returns it. Fails with the last screen on a timeout, or at once if the
    /// binary ends first. Only for a still screen: see `wait_for_first`.
    fn wait_for(&self, what: &str, ready: impl Fn(&Screen) -> bool) -> Screen {
        self.terminal.wait_for(what, true, ready)
    }

    /// As `wait_for`, but returns the first screen where `ready` holds, settled or not: for
    /// while the animation runs and the screen never settles.
    fn wait_for_first(&self, what: &str, ready: impl Fn(&Screen) -> bool) -> Screen {
        self.terminal.wait_for(what, false, ready)
    }

    /// Waits for the binary to end, and all it wrote to be on the screen, and returns its exit
    /// status.
    fn wait_for_exit(&self) -> i32 {
        self.terminal.wait_for_exit()
    }

    /// Quits with `q` and checks the binary ended cleanly.
    fn quit(&self) {
        self.press(&["q"]);
        let status = self.wait_for_exit();
        assert_eq!(status, 0, "q must exit with 0:\n{}", self.screen());
        assert_terminal_restored(&self.terminal.raw());
    }
}

// ---------------------------------------------------------------------------------------------
// Files and the other modes of the binary
// ---------------------------------------------------------------------------------------------

fn tempdir() -> TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

fn config(width: u32, height: u32, seed: u64, extra: &str) -> String {
    format!(
        "WIDTH={width}\nHEIGHT={height}\nENTRY=0,0\nEXIT={},{}\nOUTPUT_FILE=maze.txt\n\
         PERFECT=True\nSEED={seed}\n{extra}",
        width - 1,
        height - 1
    )
}

/// A folder with `config.txt` holding `text`.
fn folder_with_config(text: &str) -> TempDir {
    let dir = tempdir();
    fs::write(dir.path().join("config.txt"), text).expect("writing config.txt");
    dir
}

fn run_binary(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn read_maze(dir: &Path) -> Vec<u8> {
    fs::read(dir.join("maze.txt")).unwrap_or_else(|e| panic!("reading maze.txt: {e}"))
}

/// `--check maze.txt config.txt` passes in `dir`.
fn assert_check_passes(dir: &Path) {
    let output = run_binary(dir, &["--check", "maze.txt", "config.txt"]);
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "--check failed ({}):\nstdout: {}\nstderr: {}\nthe file:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&read_maze(dir)),
    );
}

/// What `--headless config.txt` writes for `config`, in a folder of its own.
fn headless_maze(config: &str) -> Vec<u8> {
    let dir = folder_with_config(config);
    let output = run_binary(dir.path(), &["--headless", "config.txt"]);
    assert!(
        output.status.success(),
        "--headless failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    read_maze(dir.path())
}

/// The file is what a headless run of the same config writes, byte for byte.
fn assert_same_as_headless(dir: &Path, config: &str) {
    let dashboard = read_maze(dir);
    let headless = headless_maze(config);
    assert!(
        dashboard == headless,
        "the dashboard's file differs from --headless's:\n{}\n---- headless:\n{}",
        String::from_utf8_lossy(&dashboard),
        String::from_utf8_lossy(&headless),
    );
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

/// The issue's scenario: finish, `p`, `p`, `t`, `s`, `q`, reading the screen after each.
#[test]
fn finish_toggle_the_path_change_theme_save_and_quit() {
    let config = config(15, 10, 7, "THEME=plain\n");
    let dir = folder_with_config(&config);
    let dir = dir.path();
    let maze_file = dir.join("maze.txt");
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));

    let screen = app.wait_for_first("dashboard", Screen::is_dashboard);
    assert_eq!(
        screen.fact("Size").as_deref(),
        Some("15 x 10"),
        "\n{screen}"
    );
    assert_eq!(screen.fact("Seed").as_deref(), Some("7"), "\n{screen}");
    assert_eq!(
        screen.current_theme().as_deref(),
        Some("plain"),
        "THEME=plain starts on plain:\n{screen}"
    );

    // Enter: carved, solved, and the first maze written.
    app.press(&["Enter"]);
    let screen = app.wait_for("solved maze", |s| {
        s.phase() == Some("Done") && s.fact("Shortest").is_some_and(|p| p.contains(" steps · "))
    });
    assert!(
        screen.fact("Done").unwrap().starts_with("100%"),
        "\n{screen}"
    );
    assert!(
        maze_file.exists(),
        "the first finished maze is written:\n{screen}"
    );
    assert_check_passes(dir);
    let text = String::from_utf8(read_maze(dir)).expect("the maze file is UTF-8");
    let path = text.lines().last().expect("a path line");
    let shortest = screen.fact("Shortest").unwrap_or_default();
    assert!(
        shortest.starts_with(&format!("{} steps · ", path.len())),
        "the sidebar's path length is the file's:\n{screen}"
    );

    // The plain theme draws walls as █ and the path, shown by default, as ·.
    assert!(screen.canvas_contains('█'), "walls are drawn:\n{screen}");
    assert!(screen.canvas_contains('·'), "the path is shown:\n{screen}");

    app.press(&["p"]);
    let screen = app.wait_for("hidden path", |s| !s.canvas_contains('·'));
    assert_eq!(screen.status(), "Path hidden", "\n{screen}");
    assert!(
        screen.canvas_contains('█'),
        "the maze is still drawn:\n{screen}"
    );

    app.press(&["p"]);
    let screen = app.wait_for("shown path", |s| s.canvas_contains('·'));
    assert_eq!(screen.status(), "Path shown", "\n{screen}");

    // plain is the last theme: t wraps around to the first.
    app.press(&["t"]);
    let screen = app.wait_for("theme classic", |s| {
        s.current_theme().as_deref() == Some("classic")
    });
    assert!(
        !screen.contains("● plain"),
        "only one theme is marked:\n{screen}"
    );
    assert_eq!(screen.status(), "Theme: classic", "\n{screen}");
    assert!(
        screen.canvas_backgrounds().len() >= 3,
        "a colour theme paints walls, passages and the path in colours:\n{screen}"
    );
    // Colour themes paint cells as coloured spaces: no glyphs in a capture without colours.
    assert!(
        !screen.canvas_contains('█') && !screen.canvas_contains('·'),
        "a colour theme draws no glyphs:\n{screen}"
    );

    fs::remove_file(&maze_file).expect("removing maze.txt");
    app.press(&["s"]);
    let screen = app.wait_for("save message", |s| {
        s.status() == "Saved maze.txt: backtracker, seed 7"
    });
    assert!(maze_file.exists(), "s writes maze.txt:\n{screen}");
    assert_check_passes(dir);
    assert_same_as_headless(dir, &config);

    app.quit();
    assert_check_passes(dir);
}

/// Quitting while the maze is still being carved finishes it first, so OUTPUT_FILE holds what
/// a headless run would have written.
#[test]
fn quitting_mid_animation_still_writes_the_maze() {
    let config = config(60, 40, 3, "");
    let dir = folder_with_config(&config);
    let dir = dir.path();
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));

    let screen = app.wait_for_first("dashboard, carving", |s| {
        s.is_dashboard() && s.phase() == Some("Carving")
    });
    assert!(
        !dir.join("maze.txt").exists(),
        "nothing is written before the maze is finished:\n{screen}"
    );
    app.quit();
    assert_check_passes(dir);
    assert_same_as_headless(dir, &config);
}

/// A terminal below the minimum gets a message instead of the layout, and the dashboard once
/// it is made large enough.
#[test]
fn a_too_small_terminal_gets_a_message_until_it_grows() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let app = Dashboard::start(dir, (40, 10));

    // At 40 columns the message is its shorter form, which still says how to leave.
    let screen = app.wait_for("too-small message", |s| s.contains("Too small: 40x10"));
    let message = screen
        .lines
        .iter()
        .find(|line| line.contains("Too small"))
        .unwrap();
    assert_eq!(
        message.trim(),
        "Too small: 40x10 < 60x22 (q quits)",
        "\n{screen}"
    );
    assert!(!screen.is_dashboard(), "\n{screen}");

    app.resize(WIDTH, HEIGHT);
    // The frame drawn right after the resize can come before the binary reads the resize
    // event (ratatui sizes each frame itself), with the start view not yet picked: wait for
    // the one the event brings.
    let screen = app.wait_for_first("detailed dashboard after resizing", |s| {
        s.is_dashboard() && s.lines[0].starts_with("┌ Maze · maze.txt ")
    });
    assert!(!screen.contains("oo small"), "\n{screen}");
    // The start view is picked once there is room: this small maze fits the detailed one
    // (plainly " Maze ", then OUTPUT_FILE's mark).
    assert!(
        screen.lines[0].starts_with("┌ Maze · maze.txt "),
        "\n{screen}"
    );
    assert_eq!(
        screen.fact("Size").as_deref(),
        Some("15 x 10"),
        "\n{screen}"
    );

    app.quit();
    assert_check_passes(dir);
}

/// Shrinking a running dashboard below the minimum, to 10x5, swaps it for the message (its
/// shortest form); growing the terminal back brings the dashboard back as it was.
#[test]
fn shrinking_to_10x5_and_back() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));
    app.wait_for_first("dashboard", Screen::is_dashboard);
    app.press(&["Enter"]);
    let before = app.wait_for("solved maze", |s| s.phase() == Some("Done"));

    app.resize(10, 5);
    let screen = app.wait_for("too-small message at 10x5", |s| {
        s.lines.len() == 5 && s.contains("q quits")
    });
    assert_eq!(screen.lines[2].trim(), "q quits", "\n{screen}");
    assert!(!screen.is_dashboard(), "\n{screen}");

    app.resize(WIDTH, HEIGHT);
    let screen = app.wait_for("dashboard at the original size", |s| {
        s.lines.len() == usize::from(HEIGHT) && s.is_dashboard()
    });
    assert_eq!(screen.fact("Size"), before.fact("Size"), "\n{screen}");
    assert_eq!(screen.fact("Seed"), before.fact("Seed"), "\n{screen}");
    assert_eq!(
        screen.fact("Shortest"),
        before.fact("Shortest"),
        "\n{screen}"
    );
    assert_eq!(screen.phase(), Some("Done"), "\n{screen}");
    assert_eq!(
        screen.canvas(),
        before.canvas(),
        "the same maze is drawn:\n{screen}"
    );

    app.quit();
    assert_check_passes(dir);
}

/// Ctrl-C quits as `q` does: the maze is written, so the exit status is 0, and the terminal is
/// given back (in raw mode Ctrl-C is a key, not a signal).
#[test]
fn ctrl_c_quits_and_restores_the_terminal() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let app = Dashboard::solved(dir);

    app.press(&["C-c"]);
    assert_eq!(
        app.wait_for_exit(),
        0,
        "Ctrl-C must exit with 0 once the maze is written:\n{}",
        app.screen()
    );
    assert_terminal_restored(&app.terminal.raw());
    assert_check_passes(dir);
}

/// Out of memory in the dashboard: with the address space capped (`ulimit -v`) below what a
/// 30000x30000 grid needs (900 MB), and the estimate overridden, the first maze cannot be
/// allocated. The screen says so; `q` leaves with exit 1 and the reason, the terminal restored,
/// nothing written.
#[test]
fn out_of_memory_in_the_dashboard_is_a_message_and_q_restores_the_terminal() {
    let dir = folder_with_config(&config(30000, 30000, 1, ""));
    let dir = dir.path();
    let script = format!("ulimit -v 700000 && exec '{BIN}' --max-memory 100G config.txt");
    let mut command = pty::command("sh", dir);
    command.args(["-c", &script]);
    command.env_remove("NO_COLOR");
    command.env("XDG_CONFIG_HOME", dir.join("no-user-config"));
    // One malloc arena: each thread's own would reserve 64 MB of the capped address space.
    command.env("MALLOC_ARENA_MAX", "1");
    let app = Dashboard {
        terminal: Terminal::spawn(command, (WIDTH, HEIGHT)),
    };
    let screen = app.wait_for("the error", |s| {
        s.status().starts_with("Cannot make a new maze")
    });
    assert!(
        screen
            .status()
            .contains("cannot allocate the 30000x30000 maze"),
        "{screen}"
    );
    app.press(&["q"]);
    assert_eq!(app.wait_for_exit(), 1, "{}", app.screen());
    assert_terminal_restored(&app.terminal.raw());
    let screen = app.screen();
    assert!(
        screen.contains("maze.txt was not written: cannot allocate"),
        "{screen}"
    );
    assert_eq!(fs::read_dir(dir).unwrap().count(), 1, "only config.txt");
}

/// Quitting a big maze waits for it to be finished and written, saying so on the status line;
/// Ctrl-C while it waits leaves at once with the shell's status for SIGINT, 130, leaving no
/// temporary file, and says on the way out that OUTPUT_FILE was not written.
#[test]
fn ctrl_c_while_quitting_waits_leaves_at_once() {
    // Big enough that finishing, measuring and writing it takes seconds in a debug build.
    let dir = folder_with_config(&config(2500, 2500, 5, ""));
    let dir = dir.path();
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));
    app.wait_for_first("dashboard, carving", |s| {
        s.is_dashboard() && s.phase() == Some("Carving")
    });
    app.press(&["q"]);
    app.wait_for_first("what quitting waits for", |s| {
        s.status().starts_with("Finishing: carving ")
            && s.status().ends_with(", then quit (Ctrl-C: quit now)")
    });
    app.press(&["C-c"]);
    assert_eq!(
        app.wait_for_exit(),
        130,
        "a second Ctrl-C must leave at once:\n{}",
        app.screen()
    );
    assert_terminal_restored(&app.terminal.raw());
    assert!(
        app.screen()
            .contains("error: maze.txt was not written: interrupted"),
        "{}",
        app.screen()
    );
    let left: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["config.txt"], "no maze.txt, no temporary file");
}

/// SIGTERM (what `kill` and service managers send) ends the dashboard with the shell's status
/// for it, 143, and the terminal given back rather than left in the alternate screen with the
/// mouse captured.
#[test]
fn sigterm_restores_the_terminal() {
    let dir = folder_with_config(&config(60, 40, 3, ""));
    let dir = dir.path();
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));
    app.wait_for_first("dashboard, carving", |s| {
        s.is_dashboard() && s.phase() == Some("Carving")
    });

    // kill(1), not kill(2): the workspace forbids unsafe code. The pid is the test's own child,
    // not waited for yet, so it cannot have been reused by another process.
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &app.terminal.pid().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -TERM failed");
    assert_eq!(
        app.wait_for_exit(),
        143,
        "SIGTERM must end the binary with 128 + 15:\n{}",
        app.screen()
    );
    assert_terminal_restored(&app.terminal.raw());
}

/// The theme list from the keyboard: Tab gives it the focus, the arrows move its cursor and
/// show the theme under it at once (wrapping round), Enter keeps it and gives the focus back
/// to the maze.
#[test]
fn the_theme_list_from_the_keyboard() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));
    app.wait_for_first("dashboard", Screen::is_dashboard);
    app.press(&["Enter"]);
    let screen = app.wait_for("solved maze", |s| s.phase() == Some("Done"));
    assert_eq!(
        screen.current_theme().as_deref(),
        Some("classic"),
        "\n{screen}"
    );
    let classic = screen.canvas_backgrounds();

    app.press(&["Tab"]);
    let screen = app.wait_for("focus on the theme list", |s| {
        s.keys().contains("keep theme")
    });
    assert_eq!(
        screen.current_theme().as_deref(),
        Some("classic"),
        "\n{screen}"
    );
    // Up from the top wraps round to the last theme, down comes back; one more shows light.
    app.press(&["Up", "Down", "Down"]);
    let screen = app.wait_for("light shown", |s| s.status().starts_with("Theme: light ("));
    assert_eq!(
        screen.status(),
        "Theme: light (Enter keeps it, q goes back to classic)",
        "\n{screen}"
    );
    assert_ne!(
        screen.canvas_backgrounds(),
        classic,
        "shown at once:\n{screen}"
    );
    assert_eq!(
        screen.current_theme().as_deref(),
        Some("classic"),
        "classic is still the one kept:\n{screen}"
    );
    app.press(&["Enter"]);
    let screen = app.wait_for("theme light", |s| {
        s.current_theme().as_deref() == Some("light")
    });
    assert_eq!(screen.status(), "Theme: light", "\n{screen}");
    assert!(
        !screen.keys().contains("keep theme"),
        "focus back on the maze:\n{screen}"
    );
    app.quit();
}

/// Esc backs out of the theme list to the maze (it quit the program), back to the theme kept
/// however far the cursor went; from the bare dashboard it quits.
#[test]
fn tab_then_esc_goes_back_to_the_maze_and_esc_again_quits() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let app = Dashboard::solved(dir);
    app.press(&["Tab"]);
    app.wait_for("focus on the theme list", |s| {
        s.keys().contains("keep theme")
    });
    app.press(&["Down"]);
    app.wait_for("light shown", |s| s.status().starts_with("Theme: light ("));
    app.press(&["Escape"]);
    let screen = app.wait_for("focus back on the maze", |s| {
        s.is_dashboard() && !s.keys().contains("keep theme")
    });
    assert_eq!(screen.status(), "Theme: classic again", "\n{screen}");
    assert_eq!(screen.current_theme().as_deref(), Some("classic"));
    assert_eq!(
        app.exit_status(),
        None,
        "Esc in the theme list does not quit"
    );
    app.press(&["Escape"]);
    assert_eq!(app.wait_for_exit(), 0, "Esc quits from the bare dashboard");
    assert_terminal_restored(&app.terminal.raw());
}

/// `?` opens the help; Esc, `?` and `q` close it without quitting.
#[test]
fn the_help_opens_and_closes_without_quitting() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    // Finished, the screen holds still between key presses.
    let app = Dashboard::solved(dir);

    for close in ["Escape", "?", "q"] {
        app.press(&["?"]);
        let screen = app.wait_for("help", |s| s.contains("Keys"));
        assert!(
            screen.contains("next theme"),
            "the help describes the keys:\n{screen}"
        );
        app.press(&[close]);
        app.wait_for(&format!("help closed by {close}"), |s| {
            !s.contains("Keys") && s.is_dashboard()
        });
        assert_eq!(app.exit_status(), None, "{close} only closes the help");
    }

    app.quit();
}

/// The issue-4 keys on the real binary: `e` then Enter exports the maze as SVG next to
/// OUTPUT_FILE, `v`
/// solves it again with the next solver and lists both in the sidebar, `a` carves the same
/// seed with the next algorithm.
#[test]
fn export_solvers_and_algorithms_from_the_keyboard() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let app = Dashboard::solved(dir);

    app.press(&["e"]);
    app.wait_for("the export list", |s| s.contains("┌ Export"));
    app.press(&["Enter"]);
    let screen = app.wait_for("export", |s| s.status().starts_with("Exported"));
    assert!(screen.status().contains("maze.svg"), "\n{screen}");
    let svg = fs::read_to_string(dir.join("maze.svg")).expect("the SVG was written");
    let doc = roxmltree::Document::parse(&svg).expect("the export is well-formed XML");
    assert!(
        doc.descendants()
            .any(|n| n.attribute("id") == Some("solution"))
    );

    // `v` opens the solver list on BFS; ↓ and Enter pick A*.
    app.press(&["v"]);
    app.wait_for("the solver list", |s| s.contains("┌ Solvers (v)"));
    app.press(&["Down", "Enter"]);
    app.wait_for("A* solving", |s| s.contains("Solver: A*"));
    app.press(&["Enter"]);
    let screen = app.wait_for("A* done", |s| s.phase() == Some("Done"));
    let rows: Vec<&String> = screen
        .lines
        .iter()
        .filter(|l| l.contains("│▸ A*") || l.contains("│  BFS"))
        .collect();
    assert_eq!(rows.len(), 2, "BFS and A* rows, A* marked:\n{screen}");
    assert!(rows.iter().all(|r| !r.contains('–')), "both ran:\n{screen}");

    app.press(&["a"]);
    app.wait_for("the algorithm list", |s| s.contains("┌ Algorithms (a)"));
    app.press(&["Down", "Enter"]);
    let screen = app.wait_for("next algorithm", |s| s.contains("Algorithm: prim"));
    assert!(screen.contains("seed 7"), "same seed:\n{screen}");
    assert_eq!(app.exit_status(), None);
    app.quit();
}

/// The export list on the real binary: `e` opens it, ↓ moves to PNG, Enter writes a PNG next
/// to OUTPUT_FILE that decodes, and the status line names it; the config and the maze file are
/// as they were.
#[test]
fn the_export_list_writes_a_png_next_to_the_output_file() {
    let text = config(15, 10, 7, "");
    let dir = folder_with_config(&text);
    let dir = dir.path();
    let app = Dashboard::solved(dir);
    app.wait_for("the first save", |s| s.status().starts_with("Saved"));
    let maze = read_maze(dir);

    app.press(&["e"]);
    let screen = app.wait_for("the export list", |s| s.contains("PNG picture"));
    assert!(screen.keys().contains("Enter write"), "\n{screen}");
    app.press(&["Down", "Enter"]);
    let screen = app.wait_for("export", |s| s.status().starts_with("Exported"));
    assert!(screen.status().contains("maze.png"), "\n{screen}");
    assert!(!screen.contains("┌ Export"), "the list closed:\n{screen}");

    let decoder = png::Decoder::new(fs::File::open(dir.join("maze.png")).unwrap());
    let reader = decoder.read_info().expect("maze.png is a PNG");
    let (width, height) = (reader.info().width, reader.info().height);
    assert!(width > 15 && height > 10, "{width}x{height}");
    assert_eq!(fs::read_to_string(dir.join("config.txt")).unwrap(), text);
    assert_eq!(read_maze(dir), maze);
    app.quit();
}

/// An OUTPUT_FILE that cannot be written: the status line says why and the dashboard goes on;
/// once the user makes room and saves, all is well.
#[test]
fn an_unwritable_output_file_is_reported_not_fatal() {
    let text =
        config(15, 10, 7, "").replace("OUTPUT_FILE=maze.txt", "OUTPUT_FILE=no/such/dir/maze.txt");
    let dir = folder_with_config(&text);
    let dir = dir.path();
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));
    app.wait_for_first("dashboard", Screen::is_dashboard);

    app.press(&["Enter"]);
    let screen = app.wait_for("save error", |s| s.status().starts_with("Not saved:"));
    assert!(
        screen.status().contains("no/such/dir/maze.txt"),
        "\n{screen}"
    );
    assert_eq!(screen.phase(), Some("Done"), "\n{screen}");

    // The user fixes the folder and saves again.
    fs::create_dir_all(dir.join("no/such/dir")).unwrap();
    app.press(&["s"]);
    let screen = app.wait_for("save", |s| s.status().starts_with("Saved"));
    assert!(dir.join("no/such/dir/maze.txt").exists(), "\n{screen}");

    // The file was written in the end, so quitting is clean.
    app.quit();
}

/// Leaving without OUTPUT_FILE ever written (here: quitting mid-animation, with nowhere to
/// write): exit 1, and the error is on the normal screen once the dashboard is gone.
#[test]
fn a_failed_write_on_the_way_out_exits_with_1() {
    let text =
        config(60, 40, 3, "").replace("OUTPUT_FILE=maze.txt", "OUTPUT_FILE=nowhere/maze.txt");
    let dir = folder_with_config(&text);
    let dir = dir.path();
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));
    app.wait_for_first("carving", |s| s.phase() == Some("Carving"));
    app.press(&["q"]);
    assert_eq!(app.wait_for_exit(), 1, "\n{}", app.screen());
    // All the binary wrote is on the screen once it has ended.
    let screen = app.screen();
    assert!(
        screen.contains("error: cannot write nowhere/maze.txt"),
        "no error on the screen:\n{screen}"
    );
    assert!(!screen.is_dashboard(), "the screen is restored:\n{screen}");
    assert_terminal_restored(&app.terminal.raw());
}

/// User themes come from $XDG_CONFIG_HOME: a new one joins the list, a broken one is named on
/// the status line; and NO_COLOR starts on the plain theme.
#[test]
fn user_themes_and_no_color() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let themes = dir.join("user-config/a-maze-ing/themes");
    fs::create_dir_all(&themes).unwrap();
    let classic = include_str!("../themes/classic.toml");
    fs::write(
        themes.join("neon.toml"),
        classic.replace("\"cyan\"", "\"#00ff00\""),
    )
    .unwrap();
    fs::write(
        themes.join("broken.toml"),
        classic.replace("walls = \"white\"", "walls = \"blu\""),
    )
    .unwrap();
    let user_config = dir.join("user-config");
    let env = [
        (
            "XDG_CONFIG_HOME",
            user_config.to_str().expect("a UTF-8 folder"),
        ),
        ("NO_COLOR", "1"),
    ];
    // Tall enough for the whole theme list.
    let app = Dashboard::start_with(dir, (WIDTH, HEIGHT + 12), &env);

    let screen = app.wait_for_first("dashboard", Screen::is_dashboard);
    assert_eq!(
        screen.current_theme().as_deref(),
        Some("plain"),
        "\n{screen}"
    );
    assert!(screen.status().contains("broken.toml"), "\n{screen}");
    assert!(screen.status().contains("colors.walls"), "\n{screen}");
    assert!(
        screen.contains("│  neon "),
        "neon is in the list:\n{screen}"
    );
    assert!(!screen.contains("│  broken"), "broken is not:\n{screen}");
    app.quit();
}

/// The user's settings layered over the built-in ones: `keys.toml` rebinds keys (the footer
/// shows them, and they work), and a theme that extends a bundled one joins the list.
#[test]
fn user_keys_and_a_partial_theme() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let settings = dir.join("user-config/a-maze-ing");
    fs::create_dir_all(settings.join("themes")).unwrap();
    fs::write(
        settings.join("keys.toml"),
        "[keys]\nquit = \"x\"\ntoggle-path = \"P\"\n",
    )
    .unwrap();
    fs::write(
        settings.join("themes/dusk.toml"),
        "extends = \"classic\"\n[colors]\npath = \"yellow\"\n",
    )
    .unwrap();
    let user_config = dir.join("user-config");
    let user_config = user_config.to_str().expect("a UTF-8 temporary folder");
    let app = Dashboard::start_with(
        dir,
        (WIDTH + 20, HEIGHT + 12),
        &[("XDG_CONFIG_HOME", user_config)],
    );

    // `is_dashboard` looks for the built-in `q quit`.
    app.wait_for_first("dashboard", |s| {
        s.contains(" Themes (Tab) ") && s.keys().contains(" x quit")
    });
    // Finished, the footer has room for the studio's keys.
    app.press(&["Enter"]);
    let screen = app.wait_for("solved maze", |s| s.phase() == Some("Done"));
    assert!(screen.keys().contains(" P path"), "\n{screen}");
    assert!(
        screen.contains("│  dusk "),
        "dusk is in the list:\n{screen}"
    );
    assert!(!screen.status().contains(".toml"), "no problems:\n{screen}");
    app.press(&["x"]);
    assert_eq!(app.wait_for_exit(), 0, "x quits:\n{}", app.screen());
}

/// A broken `keys.toml` is named on the status line, and the built-in keys stay.
#[test]
fn a_broken_keys_file_is_reported_and_the_built_in_keys_stay() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let settings = dir.join("user-config/a-maze-ing");
    fs::create_dir_all(&settings).unwrap();
    fs::write(
        settings.join("keys.toml"),
        "[keys]\nquit = \"x\"\npause = \"space\"\n",
    )
    .unwrap();
    let user_config = dir.join("user-config");
    let user_config = user_config.to_str().expect("a UTF-8 temporary folder");
    let app = Dashboard::start_with(dir, (WIDTH, HEIGHT), &[("XDG_CONFIG_HOME", user_config)]);

    let screen = app.wait_for_first("dashboard", Screen::is_dashboard);
    assert!(
        screen.status().contains("keys.toml:3: key \"keys.pause\""),
        "\n{screen}"
    );
    assert!(screen.keys().contains(" q quit"), "\n{screen}");
    app.quit();
}

// ---------------------------------------------------------------------------------------------
// The inspector: --open on a broken file
// ---------------------------------------------------------------------------------------------

/// A folder with `config.txt` (15x11) and `broken.txt`: its maze with the east wall of cell
/// 4,2 flipped in that cell's digit only, so the two cells disagree.
fn folder_with_broken_maze() -> TempDir {
    let dir = folder_with_config(&config(15, 11, 3, ""));
    let output = run_binary(dir.path(), &["--headless", "config.txt"]);
    assert!(output.status.success(), "{output:?}");
    let mut text = read_maze(dir.path());
    let at = 2 * 16 + 4;
    let digit = u8::from_str_radix(std::str::from_utf8(&text[at..=at]).unwrap(), 16).unwrap();
    text[at] = format!("{:X}", digit ^ 2).as_bytes()[0];
    fs::write(dir.path().join("broken.txt"), &text).unwrap();
    dir
}

fn open_dashboard(dir: &Path, args: &[&str]) -> Dashboard {
    let mut command = pty::command(BIN, dir);
    command.arg("--open");
    command.args(args);
    command.env_remove("NO_COLOR");
    command.env("XDG_CONFIG_HOME", dir.join("no-user-config"));
    Dashboard {
        terminal: Terminal::spawn(command, (WIDTH, HEIGHT)),
    }
}

#[test]
fn open_shows_a_broken_files_problems_goes_to_them_and_opens_another_by_prompt() {
    let dir = folder_with_broken_maze();
    let before = read_maze(dir.path());
    let dashboard = open_dashboard(dir.path(), &["broken.txt", "config.txt"]);
    let screen = dashboard.wait_for("the problems of broken.txt", |s| {
        s.is_dashboard() && s.contains(" Problems (]) ") && s.contains("1 incoherent wall")
    });
    assert!(screen.status().starts_with("broken.txt: "), "{screen}");
    assert_eq!(
        screen.fact("File").as_deref(),
        Some("broken.txt"),
        "{screen}"
    );

    dashboard.press(&["]"]);
    let screen = dashboard.wait_for("the first problem named", |s| {
        s.status().contains("incoherent wall") || s.status().contains("connectivity")
    });
    assert!(screen.status().contains(": "), "{screen}");

    // `o`, part of a name, Tab: the prompt completes it from the folder; Enter opens it.
    fs::write(dir.path().join("cut.txt"), &before[..16 * 3 + 5]).unwrap();
    dashboard.press(&["o", "c", "u", "Tab"]);
    dashboard.wait_for("the name completed", |s| s.contains("Open: cut.txt"));
    dashboard.press(&["Enter"]);
    let screen = dashboard.wait_for("the cut file, named by its line", |s| {
        s.status().contains("cut.txt") && s.status().contains("line 4")
    });
    assert_eq!(screen.fact("File").as_deref(), Some("cut.txt"), "{screen}");

    dashboard.quit();
    assert_eq!(read_maze(dir.path()), before, "OUTPUT_FILE is left alone");
}

/// `g` on a file given with `--open` plays that file (it played a hidden 9x7 placeholder):
/// walking the file's own path wins, in as many moves.
#[test]
fn open_then_g_plays_the_opened_file() {
    let dir = folder_with_config(&config(15, 11, 3, ""));
    let output = run_binary(dir.path(), &["--headless", "config.txt"]);
    assert!(output.status.success(), "{output:?}");
    fs::rename(dir.path().join("maze.txt"), dir.path().join("mine.txt")).unwrap();
    let text = fs::read_to_string(dir.path().join("mine.txt")).unwrap();
    let path = text.lines().last().expect("a path line").to_owned();
    let data = dir.path().join("data");
    let mut command = pty::command(BIN, dir.path());
    command.args(["--open", "mine.txt"]);
    command.env_remove("NO_COLOR");
    command.env("XDG_CONFIG_HOME", dir.path().join("no-user-config"));
    command.env("XDG_DATA_HOME", &data);
    let dashboard = Dashboard {
        terminal: Terminal::spawn(command, (WIDTH, HEIGHT)),
    };
    dashboard.wait_for("the file, checked", |s| {
        s.is_dashboard() && s.fact("File").as_deref() == Some("mine.txt")
    });
    dashboard.press(&["g"]);
    dashboard.wait_for("play mode on the file", |s| {
        s.contains("┌ Play ") && s.keys().contains("Esc leave")
    });
    let keys: Vec<&str> = path
        .chars()
        .map(|letter| match letter {
            'N' => "Up",
            'E' => "Right",
            'S' => "Down",
            'W' => "Left",
            _ => panic!("not a path letter: {letter:?} in {path}"),
        })
        .collect();
    dashboard.press(&keys);
    let screen = dashboard.wait_for("the win", |s| s.status().starts_with("At the exit: "));
    assert!(screen.contains(" Play · won "), "\n{screen}");
    let moves = path.len().to_string();
    assert_eq!(screen.fact("Moves"), Some(moves), "\n{screen}");
    dashboard.quit();
}

#[test]
fn open_on_a_file_that_is_no_maze_fails_with_the_check_error() {
    let dir = folder_with_config(&config(9, 7, 1, ""));
    let open = run_binary(dir.path(), &["--open", "config.txt"]);
    let check = run_binary(dir.path(), &["--check", "config.txt"]);
    assert_eq!(open.status.code(), Some(1));
    assert_eq!(check.status.code(), Some(1));
    let error = String::from_utf8_lossy(&open.stderr);
    assert!(error.starts_with("error: config.txt:1: "), "{error}");
    assert_eq!(error.lines().count(), 1, "{error}");
    assert_eq!(error, String::from_utf8_lossy(&check.stderr));
}

/// Play mode end to end: a 9x7 maze is walked from the entry to the exit with the keys of its
/// shortest path (read from the maze file), arrows and hjkl mixed; the win screen shows the
/// moves, the ratio 1.00 and the trail beside the shortest path, and the score lands in
/// `$XDG_DATA_HOME/a-maze-ing/scores.toml`.
#[test]
fn playing_a_9x7_maze_along_its_shortest_path_wins() {
    let config = config(9, 7, 3, "THEME=plain\n");
    let dir = folder_with_config(&config);
    let dir = dir.path();
    let data = dir.join("data");
    let app = Dashboard::start_with(
        dir,
        (WIDTH, HEIGHT),
        &[("XDG_DATA_HOME", data.to_str().expect("a UTF-8 temp dir"))],
    );
    app.wait_for_first("dashboard", Screen::is_dashboard);

    // g mid-carving finishes the maze (writing maze.txt) and starts the round.
    app.press(&["g"]);
    let screen = app.wait_for("play mode", |s| {
        s.contains("┌ Play ") && s.keys().contains("Esc leave")
    });
    assert_eq!(screen.fact("Moves").as_deref(), Some("0"), "\n{screen}");
    let text = String::from_utf8(read_maze(dir)).expect("the maze file is UTF-8");
    let path = text.lines().last().expect("a path line").to_owned();
    let keys: Vec<&str> = path
        .chars()
        .enumerate()
        .map(|(i, letter)| match (letter, i % 2) {
            ('N', 0) => "Up",
            ('N', _) => "k",
            ('E', 0) => "Right",
            ('E', _) => "l",
            ('S', 0) => "Down",
            ('S', _) => "j",
            ('W', 0) => "Left",
            ('W', _) => "h",
            _ => panic!("not a path letter: {letter:?} in {path}"),
        })
        .collect();
    // The first step, then the rest at once.
    app.press(&keys[..1]);
    app.wait_for("the first move", |s| {
        s.fact("Moves").as_deref() == Some("1")
    });
    app.press(&keys[1..]);
    let steps = path.len();
    let screen = app.wait_for("the win screen", |s| {
        s.status().ends_with(" · first time on this maze")
    });
    assert!(screen.contains(" Play · won "), "\n{screen}");
    assert!(screen.status().starts_with("At the exit: "), "\n{screen}");
    assert!(
        screen.status().contains(&format!(
            " s, {steps} moves, shortest path {steps}, ratio 1.00 · "
        )),
        "\n{screen}"
    );
    assert_eq!(screen.fact("Moves"), Some(steps.to_string()), "\n{screen}");
    assert_eq!(screen.fact("Ratio").as_deref(), Some("1.00"), "\n{screen}");
    assert_eq!(
        screen.fact("State").as_deref(),
        Some("at the exit"),
        "\n{screen}"
    );
    assert!(
        screen.fact("Best").is_some_and(|b| b.starts_with("new!")),
        "\n{screen}"
    );
    // The trail is the shortest path: drawn as the path, with the exit at its end.
    assert!(screen.canvas_contains('·'), "\n{screen}");
    assert!(screen.canvas_contains('['), "\n{screen}");
    assert!(
        !screen.canvas_contains('@'),
        "the walker is on the exit:\n{screen}"
    );

    let scores = fs::read_to_string(data.join("a-maze-ing").join("scores.toml"))
        .expect("the score is recorded");
    assert!(
        scores.contains("[best.\"9x7 backtracker perfect seed 3\"]\n")
            && scores.contains(&format!("moves = {steps}\nshortest = {steps}\n")),
        "{scores}"
    );

    // Esc leaves play mode, and then quits.
    app.press(&["Escape"]);
    let screen = app.wait_for("left play mode", |s| s.status() == "Left play mode");
    assert!(screen.contains(" Solvers (v) "), "\n{screen}");
    app.quit();
}

/// `--race`: two algorithms side by side, finished with Enter, the summary, Tab to the second
/// lane, `s` saves its maze (the one `--headless --algorithm kruskal` writes), Esc leaves the
/// race for the dashboard's own maze, and `q` quits.
#[test]
fn race_two_algorithms_save_the_second_and_leave() {
    let config = config(21, 13, 5, "THEME=plain\n");
    let dir = folder_with_config(&config);
    let dir = dir.path();
    let mut command = pty::command(BIN, dir);
    command.args(["config.txt", "--race", "backtracker,kruskal"]);
    command.env_remove("NO_COLOR");
    command.env("XDG_CONFIG_HOME", dir.join("no-user-config"));
    let dashboard = Dashboard {
        terminal: Terminal::spawn(command, (110, 36)),
    };
    dashboard.wait_for_first("the two lanes", |s| {
        s.contains("1 backtracker ·") && s.contains("2 kruskal ·")
    });
    dashboard.press(&["Enter"]);
    let screen = dashboard.wait_for("the summary", |s| s.contains("Race summary"));
    for header in ["steps", "dead ends", "path", "river", "time"] {
        assert!(screen.contains(header), "{header}:\n{screen}");
    }
    dashboard.press(&["Tab", "s"]);
    dashboard.wait_for("the save", |s| {
        s.status().contains("Saved lane 2 (kruskal) to maze.txt")
    });
    let kruskal = headless_maze(&format!("{config}ALGORITHM=kruskal\n"));
    assert!(read_maze(dir) == kruskal, "the saved maze is kruskal's");
    assert_check_passes(dir);
    dashboard.press(&["Escape"]);
    dashboard.wait_for("the dashboard", |s| s.is_dashboard());
    dashboard.quit();
    // Leaving did not write the dashboard's own maze over the one saved from the race.
    assert!(read_maze(dir) == kruskal);
}

/// Replay, then race from a finished maze: `<` shows the timeline on the status line, `>`
/// returns to the live maze (a tenth forward reaches it), `R` races four algorithms, which animate to their summary by
/// themselves (the run loop keeps sending frames although the dashboard's maze is done).
#[test]
fn scrub_back_return_live_then_race_to_the_summary() {
    let config = config(21, 13, 5, "THEME=plain\n");
    let dir = folder_with_config(&config);
    let dashboard = Dashboard::start(dir.path(), (110, 36));
    dashboard.wait_for_first("the dashboard", |s| s.is_dashboard());
    dashboard.press(&["Enter"]);
    let screen = dashboard.wait_for("the save", |s| s.status().starts_with("Saved"));
    // Once carved, the timeline spans the whole carving, and shows its end.
    let whole = screen
        .timeline()
        .expect("a timeline beside the message")
        .to_owned();
    let steps: Vec<&str> = whole
        .split(' ')
        .filter(|w| w.parse::<u64>().is_ok())
        .collect();
    assert!(steps.len() == 2 && steps[0] == steps[1], "{whole}");
    dashboard.press(&["<"]);
    let screen = dashboard.wait_for("the timeline", |s| {
        s.timeline()
            .is_some_and(|t| t != whole && t.contains(" of "))
    });
    assert!(screen.status().starts_with("Replay:"), "{screen}");
    assert!(
        !screen.canvas_contains('·'),
        "no path while scrubbed back:\n{screen}"
    );
    dashboard.press(&[">"]);
    dashboard.wait_for("live", |s| s.status() == "Live");
    dashboard.press(&["R", "+", "+", "+", "+"]);
    let screen = dashboard.wait_for("the summary", |s| s.contains("Race summary"));
    for name in ["backtracker", "prim", "kruskal", "wilson"] {
        assert!(screen.contains(&format!(" {name} ·")), "{name}:\n{screen}");
    }
    dashboard.press(&["Escape"]);
    dashboard.wait_for("the dashboard", |s| s.is_dashboard());
    dashboard.quit();
}

/// The most memory process `pid` has held resident so far (`VmHWM`), in bytes.
#[cfg(target_os = "linux")]
fn peak_resident_bytes(pid: u32) -> u64 {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc/PID/status");
    let line = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .expect("a VmHWM line");
    let kib: u64 = line.trim().trim_end_matches("kB").trim().parse().unwrap();
    kib * 1024
}

/// `r` on a big maze frees it before the next one is made, so making it does not raise the
/// dashboard's peak. Holding both, as it once did, adds at least the new grid's byte a cell to
/// what the first held at its peak (finished, measured and written, with its search, its path
/// and its replay checkpoints). The peak is read as soon as the new maze shows, before its own
/// checkpoints (up to 64 MiB, taken as it is carved) could blur the comparison.
#[cfg(target_os = "linux")]
#[test]
fn a_new_big_maze_does_not_share_the_memory_with_the_old_one() {
    let (width, height) = (3000, 3000);
    let dir = folder_with_config(&config(width, height, 5, ""));
    let dir = dir.path();
    let app = Dashboard::start(dir, (WIDTH, HEIGHT));
    let pid = app.terminal.pid();
    app.wait_for_first("dashboard", |s| s.is_dashboard());
    app.press(&["Enter"]);
    // Carving, solving, measuring and writing 9 million cells in a debug build: seconds on an
    // idle machine, a minute and more with both cores busy. The guard is against a hang.
    let guard = std::time::Duration::from_secs(300);
    app.terminal
        .wait_for_within(guard, "the first maze finished and written", true, |s| {
            s.phase() == Some("Done") && s.status().starts_with("Saved maze.txt: ")
        });
    let first = peak_resident_bytes(pid);
    app.press(&["r"]);
    app.terminal
        .wait_for_within(guard, "the second maze", false, |s| {
            s.status().starts_with("New maze, seed") && s.phase() == Some("Carving")
        });
    let second = peak_resident_bytes(pid);
    let cells = u64::from(width) * u64::from(height);
    assert!(
        second < first + cells / 2,
        "the peak grew from {first} to {second} bytes as the second {width}x{height} maze was \
         made"
    );
    app.quit();
}

/// At 80x24 the sidebar is folded to a summary on the canvas's top row; the help opens in one
/// column with a scrollbar, and End (after a page down) scrolls it to its last line, just
/// above its bottom border. `b` brings the sidebar back.
#[test]
fn at_80x24_the_help_scrolls_to_its_last_line() {
    let dir = folder_with_config(&config(25, 20, 42, ""));
    let app = Dashboard::start(dir.path(), (80, 24));
    let folded = |s: &Screen| s.lines[0].contains("b sidebar") && s.keys().contains("q quit");
    let screen = app.wait_for_first("the folded dashboard at 80x24", folded);
    assert!(!screen.contains("Themes (Tab)"), "\n{screen}");
    app.press(&["?"]);
    let top = app.wait_for("the help at its top", |s| {
        s.contains("j k scroll") && s.contains("Anywhere")
    });
    assert!(
        !top.contains("the end of the help"),
        "the help fits?\n{top}"
    );
    assert!(top.contains("▲") && top.contains("▼"), "a scrollbar\n{top}");
    app.press(&["PgDn"]);
    let paged = app.wait_for("a page down", |s| !s.contains("Anywhere"));
    assert!(!paged.contains("the end of the help"), "\n{paged}");
    app.press(&["End"]);
    let bottom = app.wait_for("the help's last line", |s| {
        s.contains("the end of the help")
    });
    let last = bottom
        .lines
        .iter()
        .position(|line| line.contains("the end of the help"))
        .unwrap();
    assert!(bottom.lines[last + 1].contains('└'), "\n{bottom}");
    // One more line down does nothing: End is the end.
    app.press(&["j"]);
    let still = app.wait_for("the help still at its end", |s| {
        s.contains("the end of the help")
    });
    assert_eq!(still.lines[last], bottom.lines[last], "\n{still}");
    app.press(&["Escape"]);
    app.wait_for("the help closed", |s| !s.contains("j k scroll"));
    app.press(&["b"]);
    app.wait_for("the sidebar back", |s| s.contains("Themes (Tab)"));
    app.quit();
}
