//! End-to-end tests of the dashboard: the real `a-maze-ing` binary runs in a private tmux
//! server, the test sends it keys and reads the screen back with `capture-pane`.
//!
//! Each test starts its own tmux server (`-L` with a name unique to the test and the process)
//! with no user config (`-f /dev/null`), and a guard kills that server when the test ends,
//! passed or failed. Nothing waits a fixed time: every step polls the screen until what it
//! expects shows up, and on a timeout fails with the last screen, so a failure can be read.
//!
//! These tests need `tmux`. Without it they fail (they do not skip), saying to install it;
//! `.ci/run` installs it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread;
use std::time::{Duration, Instant};

use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

/// How long any one thing may take to show up. Generous: a loaded CI machine running a debug
/// build must not make the tests flaky. Passing runs take a fraction of it.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How often the screen is read while waiting.
const POLL: Duration = Duration::from_millis(50);

/// The size of the terminal the dashboard gets, unless a test says otherwise.
const WIDTH: u16 = 100;
const HEIGHT: u16 = 30;

/// The file the tmux command writes the binary's exit status to.
const EXIT_STATUS: &str = "exit-status";

// ---------------------------------------------------------------------------------------------
// The screen
// ---------------------------------------------------------------------------------------------

/// One capture of the pane: its rows as text, without colours.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Screen {
    lines: Vec<String>,
}

impl Screen {
    fn new(text: &str) -> Screen {
        Screen {
            lines: text.lines().map(str::to_owned).collect(),
        }
    }

    fn contains(&self, text: &str) -> bool {
        self.lines.iter().any(|line| line.contains(text))
    }

    /// Whether the dashboard is drawn (rather than the too-small message or a shell).
    fn is_dashboard(&self) -> bool {
        self.contains(" Themes (Tab) ") && self.keys().contains("q quit")
    }

    /// The inside of the left pane, the maze canvas: the rows between its top and bottom
    /// borders, the columns between its left and right borders.
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

    /// The value of a row of the sidebar's " Maze " box, e.g. `fact("Path")` → `"81 steps"`.
    fn fact(&self, label: &str) -> Option<String> {
        let key = format!("│{label} ");
        self.lines.iter().find_map(|line| {
            let start = line.find(&key)? + key.len();
            let value = line[start..].split('│').next().unwrap_or_default();
            Some(value.trim().to_owned())
        })
    }

    /// The phase the progress gauge names.
    fn phase(&self) -> Option<&'static str> {
        ["Carving", "Braiding", "Solving", "Done"]
            .into_iter()
            .find(|phase| self.fact(phase).is_some())
    }

    /// The theme the theme list marks with `●`.
    fn current_theme(&self) -> Option<String> {
        self.fact("●")
    }

    /// The status message, the second line from the bottom.
    fn status(&self) -> &str {
        let n = self.lines.len();
        self.lines.get(n.wrapping_sub(2)).map_or("", |l| l.trim())
    }

    /// The key hints, the bottom line.
    fn keys(&self) -> &str {
        self.lines.last().map_or("", String::as_str)
    }
}

impl std::fmt::Display for Screen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "┄┄┄┄┄ screen ({} rows) ┄┄┄┄┄", self.lines.len())?;
        for line in &self.lines {
            writeln!(f, "{line}")?;
        }
        write!(f, "┄┄┄┄┄ end of screen ┄┄┄┄┄")
    }
}

// ---------------------------------------------------------------------------------------------
// tmux
// ---------------------------------------------------------------------------------------------

/// The dashboard running in a private tmux server. Dropping it kills the server.
struct Dashboard {
    socket: String,
    /// The server's socket file, which outlives `kill-server` unless removed.
    socket_path: Option<PathBuf>,
    dir: PathBuf,
}

impl Dashboard {
    /// Runs `a-maze-ing config.txt` in `dir` in a `width` x `height` terminal. The test name
    /// makes the server's socket unique, with the process id.
    fn start(test: &str, dir: &Path, size: (u16, u16)) -> Dashboard {
        Dashboard::start_with(test, dir, size, "")
    }

    /// As `start`, with `env` (`NAME=value` words for `env`) added to the binary's
    /// environment, after the defaults so it can override them.
    fn start_with(test: &str, dir: &Path, (width, height): (u16, u16), env: &str) -> Dashboard {
        require_tmux();
        let mut dashboard = Dashboard {
            socket: format!("mazegen-{test}-{}", std::process::id()),
            socket_path: None,
            dir: dir.to_owned(),
        };
        // In case an earlier run with the same process id left one behind.
        let _ = dashboard.tmux().arg("kill-server").output();
        let d = quote(dir.to_str().expect("a UTF-8 temporary folder"));
        // No NO_COLOR from the environment and no user themes: the tests see only the
        // bundled themes, in their order. The status goes to a file written in one go.
        let script = format!(
            "cd {d} && env -u NO_COLOR XDG_CONFIG_HOME={d}/no-user-config {env} {bin} config.txt; \
             echo $? > {d}/{EXIT_STATUS}.tmp && mv {d}/{EXIT_STATUS}.tmp {d}/{EXIT_STATUS}",
            bin = quote(BIN),
        );
        let (width, height) = (width.to_string(), height.to_string());
        // remain-on-exit keeps the last screen after the binary ends, for failure messages.
        #[rustfmt::skip]
        dashboard.run(&[
            "set-option", "-g", "remain-on-exit", "on", ";",
            "new-session", "-d", "-s", "main", "-x", &width, "-y", &height,
            "sh", "-c", &script,
        ]);
        let socket_path = dashboard.run(&["display-message", "-p", "#{socket_path}"]);
        dashboard.socket_path = Some(PathBuf::from(socket_path.trim_end()));
        dashboard
    }

    fn tmux(&self) -> Command {
        let mut command = Command::new("tmux");
        command
            .args(["-u", "-L", &self.socket, "-f", "/dev/null"])
            .env_remove("TMUX")
            .env_remove("TMUX_PANE");
        command
    }

    /// Runs a tmux command, which must succeed.
    fn run(&self, args: &[&str]) -> String {
        let output = self.tmux().args(args).output().expect("tmux runs");
        assert!(
            output.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("tmux prints UTF-8")
    }

    /// Presses keys, given by tmux name (`Enter`, `Escape`, `p`, `?`).
    fn press(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "main"];
        args.extend(keys);
        self.run(&args);
    }

    fn screen(&self) -> Screen {
        Screen::new(&self.run(&["capture-pane", "-p", "-t", "main"]))
    }

    /// The screen and the lines scrolled off it: once the binary has ended, tmux's "Pane is
    /// dead" line can push the last output line into the history.
    fn screen_with_history(&self) -> Screen {
        Screen::new(&self.run(&["capture-pane", "-p", "-S", "-", "-t", "main"]))
    }

    fn resize(&self, width: u16, height: u16) {
        let (width, height) = (width.to_string(), height.to_string());
        self.run(&["resize-window", "-t", "main", "-x", &width, "-y", &height]);
    }

    /// The binary's exit status, once it has ended.
    fn exit_status(&self) -> Option<String> {
        fs::read_to_string(self.dir.join(EXIT_STATUS))
            .ok()
            .map(|s| s.trim().to_owned())
    }

    /// Polls the screen until `ready` holds on a settled screen (two captures in a row alike,
    /// so no frame is half drawn), and returns it. Fails with the last screen on a timeout,
    /// or at once if the binary ends first. Only for a still screen: see `wait_for_first`.
    fn wait_for(&self, what: &str, ready: impl Fn(&Screen) -> bool) -> Screen {
        self.poll(what, true, ready)
    }

    /// As `wait_for`, but returns the first screen where `ready` holds, settled or not: for
    /// while the animation runs and the screen never settles.
    fn wait_for_first(&self, what: &str, ready: impl Fn(&Screen) -> bool) -> Screen {
        self.poll(what, false, ready)
    }

    fn poll(&self, what: &str, settled: bool, ready: impl Fn(&Screen) -> bool) -> Screen {
        let start = Instant::now();
        let mut last: Option<Screen> = None;
        loop {
            let screen = self.screen();
            if ready(&screen) && (!settled || last.as_ref() == Some(&screen)) {
                return screen;
            }
            if let Some(status) = self.exit_status() {
                panic!("the dashboard ended (exit status {status}) before {what}:\n{screen}");
            }
            if start.elapsed() > TIMEOUT {
                panic!("no {what} after {TIMEOUT:?}; the last screen:\n{screen}");
            }
            last = Some(screen);
            thread::sleep(POLL);
        }
    }

    /// Waits for the binary to end and returns its exit code.
    fn wait_for_exit(&self) -> i32 {
        let start = Instant::now();
        loop {
            if let Some(status) = self.exit_status() {
                return status.parse().unwrap_or_else(|_| {
                    panic!("exit status {status:?} is not a number:\n{}", self.screen())
                });
            }
            if start.elapsed() > TIMEOUT {
                panic!(
                    "the dashboard still runs {TIMEOUT:?} later; the last screen:\n{}",
                    self.screen()
                );
            }
            thread::sleep(POLL);
        }
    }

    /// Quits with `q` and checks the binary ended cleanly.
    fn quit(&self) {
        self.press(&["q"]);
        let status = self.wait_for_exit();
        assert_eq!(status, 0, "q must exit with 0:\n{}", self.screen());
    }
}

impl Drop for Dashboard {
    fn drop(&mut self) {
        let _ = self.tmux().arg("kill-server").output();
        if let Some(path) = &self.socket_path {
            let _ = fs::remove_file(path);
        }
    }
}

/// Fails, with what to do, if tmux cannot run.
fn require_tmux() {
    let works = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success());
    assert!(
        works,
        "these tests drive the dashboard in tmux, and `tmux -V` does not run: install tmux \
         (e.g. `sudo apt-get install tmux`, `brew install tmux`); .ci/run installs it"
    );
}

/// `text` as one single-quoted `sh` word.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
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
    let app = Dashboard::start("main", dir, (WIDTH, HEIGHT));

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
    // Colour themes paint cells as coloured spaces: no glyphs in a capture without colours.
    assert!(
        !screen.canvas_contains('█') && !screen.canvas_contains('·'),
        "a colour theme draws no glyphs:\n{screen}"
    );

    fs::remove_file(&maze_file).expect("removing maze.txt");
    app.press(&["s"]);
    let screen = app.wait_for("save message", |s| {
        s.status() == "Saved the maze with seed 7 to maze.txt"
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
    let app = Dashboard::start("quit-early", dir, (WIDTH, HEIGHT));

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
    let app = Dashboard::start("too-small", dir, (40, 10));

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
    let screen = app.wait_for_first("dashboard after resizing", Screen::is_dashboard);
    assert!(!screen.contains("oo small"), "\n{screen}");
    // The start view is picked once there is room: this small maze fits the detailed one.
    assert!(screen.lines[0].starts_with("┌ Maze ─"), "\n{screen}");
    assert_eq!(
        screen.fact("Size").as_deref(),
        Some("15 x 10"),
        "\n{screen}"
    );

    app.quit();
    assert_check_passes(dir);
}

/// `?` opens the help; Esc, `?` and `q` close it without quitting.
#[test]
fn the_help_opens_and_closes_without_quitting() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let app = Dashboard::start("help", dir, (WIDTH, HEIGHT));
    app.wait_for_first("dashboard", Screen::is_dashboard);
    // Finished, the screen holds still between key presses.
    app.press(&["Enter"]);
    app.wait_for("solved maze", |s| s.phase() == Some("Done"));

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

/// The issue-4 keys on the real binary: `e` exports the maze as SVG next to OUTPUT_FILE, `v`
/// solves it again with the next solver and lists both in the sidebar, `a` carves the same
/// seed with the next algorithm.
#[test]
fn export_solvers_and_algorithms_from_the_keyboard() {
    let dir = folder_with_config(&config(15, 10, 7, ""));
    let dir = dir.path();
    let app = Dashboard::start("keys4", dir, (WIDTH, HEIGHT));
    app.wait_for_first("dashboard", Screen::is_dashboard);
    app.press(&["Enter"]);
    app.wait_for("solved maze", |s| s.phase() == Some("Done"));

    app.press(&["e"]);
    let screen = app.wait_for("export", |s| s.status().starts_with("Exported"));
    assert!(screen.status().contains("maze.svg"), "\n{screen}");
    let svg = fs::read_to_string(dir.join("maze.svg")).expect("the SVG was written");
    let doc = roxmltree::Document::parse(&svg).expect("the export is well-formed XML");
    assert!(
        doc.descendants()
            .any(|n| n.attribute("id") == Some("solution"))
    );

    app.press(&["v"]);
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
    let screen = app.wait_for("next algorithm", |s| s.contains("Algorithm: prim"));
    assert!(screen.contains("seed 7"), "same seed:\n{screen}");
    assert_eq!(app.exit_status(), None);
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
    let app = Dashboard::start("unwritable", dir, (WIDTH, HEIGHT));
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
    let app = Dashboard::start("exit-one", dir, (WIDTH, HEIGHT));
    app.wait_for_first("carving", |s| s.phase() == Some("Carving"));
    app.press(&["q"]);
    assert_eq!(app.wait_for_exit(), 1, "\n{}", app.screen());
    // The binary has ended, so poll the pane directly.
    let start = Instant::now();
    let mut screen = app.screen_with_history();
    while !screen.contains("error: cannot write nowhere/maze.txt") {
        assert!(
            start.elapsed() < TIMEOUT,
            "no error on the screen:\n{screen}"
        );
        thread::sleep(POLL);
        screen = app.screen_with_history();
    }
    assert!(!screen.is_dashboard(), "the screen is restored:\n{screen}");
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
    let env = format!(
        "XDG_CONFIG_HOME={} NO_COLOR=1",
        quote(&dir.join("user-config").to_string_lossy())
    );
    // Tall enough for the whole theme list.
    let app = Dashboard::start_with("user-themes", dir, (WIDTH, HEIGHT + 12), &env);

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
    let env = format!(
        "XDG_CONFIG_HOME={}",
        quote(&dir.join("user-config").to_string_lossy())
    );
    let app = Dashboard::start_with("user-keys", dir, (WIDTH + 20, HEIGHT + 12), &env);

    // `is_dashboard` looks for the built-in `q quit`.
    let screen = app.wait_for_first("dashboard", |s| {
        s.contains(" Themes (Tab) ") && s.keys().contains(" x quit")
    });
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
    let env = format!(
        "XDG_CONFIG_HOME={}",
        quote(&dir.join("user-config").to_string_lossy())
    );
    let app = Dashboard::start_with("broken-keys", dir, (WIDTH, HEIGHT), &env);

    let screen = app.wait_for_first("dashboard", Screen::is_dashboard);
    assert!(
        screen.status().contains("keys.toml:3: key \"keys.pause\""),
        "\n{screen}"
    );
    assert!(screen.keys().contains(" q quit"), "\n{screen}");
    app.quit();
}
