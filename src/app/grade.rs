//! `--grade CMD`: runs an A-Maze-ing program on the built-in cases and prints a scorecard.
//!
//! Each case runs `CMD CONFIG_PATH` (or CMD with `{}` replaced by the path) through `sh -c`, in a
//! fresh folder of its own (never the user's: OUTPUT_FILE is a relative name, so the maze is
//! written there), inside a pseudo-terminal, with a time limit. Words of CMD that name files in
//! the current folder (`a_maze_ing.py`, `./a_maze_ing`) are made absolute so that the program is
//! found from there. A line is printed per case as it ends, then the tally by rule, the total
//! and each failure with a command to look at it. Exit code 0 when every case passes, 1
//! otherwise, 2 on bad usage.
//!
//! The runner lives here; the rules a maze file must keep are the library's validator's.

mod card;
mod cases;
mod checks;
mod pty;
mod quit;
mod report;
mod runner;
mod waiting;
mod xvfb;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use color_eyre::eyre;

use super::cli::Cli;
use super::{AppError, say};
use card::{Card, CaseCard};
use cases::{Case, Kind};
use checks::{AGAIN, CONFIG, TRANSCRIPT};
use report::ReportKind;
use runner::{Run, Settings};

/// Said once when Xvfb is missing.
const NO_XVFB: &str = "Xvfb is not installed: programs that open a window (MiniLibX, X11) are \
                       graded on their file only";

/// The grader's temporary folder while it runs, removed if a signal ends the grader.
static TEMPORARY: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Ends what the grader started when a signal ends it: the programs' process groups (and the
/// X servers among them), and its temporary folder.
pub fn clean_up_for_exit() {
    pty::kill_all();
    let folder = TEMPORARY.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(folder) = folder {
        let _ = fs::remove_dir_all(folder);
    }
}

pub fn run(cli: &Cli, command: &str) -> eyre::Result<ExitCode> {
    let usage = |text: String| AppError::Usage(text);
    if command.trim().is_empty() {
        return Err(usage(
            "--grade needs the command that runs the program, e.g. --grade 'python3 a_maze_ing.py'"
                .into(),
        )
        .into());
    }
    let cases = cases::pick(&cli.grade_cases).map_err(usage)?;
    let report = match &cli.grade_report {
        Some(path) => Some((path, ReportKind::of(path).map_err(usage)?)),
        None => None,
    };
    let own_quit = cli
        .grade_quit
        .iter()
        .map(|keys| quit::parse_keys(keys))
        .collect::<Result<Vec<_>, _>>()
        .map_err(usage)?;
    let cwd =
        std::env::current_dir().map_err(|e| usage(format!("--grade: no current folder: {e}")))?;
    let (base, _temporary) = match &cli.grade_keep {
        Some(dir) => (keep_folder(dir).map_err(usage)?, None),
        None => {
            let folder = tempfile::Builder::new()
                .prefix("a-maze-ing-grade-")
                .tempdir()
                .map_err(|e| usage(format!("--grade: cannot make a temporary folder: {e}")))?;
            *TEMPORARY.lock().unwrap_or_else(|e| e.into_inner()) = Some(folder.path().to_owned());
            (folder.path().to_owned(), Some(folder))
        }
    };
    let tools = xvfb::Tools::find();
    let mut notes = Vec::new();
    if tools.xvfb.is_none() {
        say::out(format_args!("note: {NO_XVFB}"));
        notes.push(NO_XVFB.to_owned());
    }
    let mut grader = Grader {
        line: command_line(command, &cwd),
        settings: Settings {
            timeout: Duration::from_secs_f64(cli.grade_timeout),
            own_quit,
            xdotool: tools.xdotool,
        },
        displays: xvfb::Displays::new(tools.xvfb),
        strict: cli.strict,
        kept: cli.grade_keep.is_some(),
        cwd,
    };
    say::out(format_args!(
        "grading `{command}` on {} cases, {} s each at most",
        cases.len(),
        cli.grade_timeout
    ));
    let started = Instant::now();
    let mut card = Card {
        command: command.to_owned(),
        cases: Vec::new(),
        notes,
        seconds: 0.0,
    };
    for (i, case) in cases.iter().enumerate() {
        let dir = base.join(format!("case-{:02}", i + 1));
        let case_card = grader.grade(case, i + 1, &dir)?;
        say::out(case_card.line(cases.len()));
        card.cases.push(case_card);
    }
    card.seconds = started.elapsed().as_secs_f64();
    say::out_text(card.summary());
    if let Some((path, kind)) = report {
        report::write(&card, path, kind).map_err(AppError::from)?;
        say::out(format_args!(
            "wrote the scorecard to {}",
            crate::tui::shown_path(path)
        ));
    }
    *TEMPORARY.lock().unwrap_or_else(|e| e.into_inner()) = None;
    Ok(ExitCode::from(if card.passed() { 0 } else { 1 }))
}

/// What every case is run with.
struct Grader {
    /// The command line, its words naming files here made absolute.
    line: String,
    settings: Settings,
    displays: xvfb::Displays,
    strict: bool,
    /// The cases' folders are kept (`--grade-keep`).
    kept: bool,
    cwd: PathBuf,
}

impl Grader {
    /// Runs one case in `dir` (twice for a valid config with a SEED) and judges it.
    fn grade(&mut self, case: &Case, number: usize, dir: &Path) -> eyre::Result<CaseCard> {
        let started = Instant::now();
        let (line, settings, displays, cwd) =
            (&self.line, &self.settings, &mut self.displays, &self.cwd);
        let run = run_in(case, dir, line, settings, displays)?;
        let again_dir = dir.join(AGAIN);
        let seeded = matches!(case.kind, Kind::Valid { seeded: true, .. });
        let again = match seeded && case.output_file().is_some_and(|f| dir.join(f).exists()) {
            true => Some(run_in(case, &again_dir, line, settings, displays)?),
            false => None,
        };
        let verdict = checks::judge(
            case,
            dir,
            &run,
            again.as_ref().map(|run| (again_dir.as_path(), run)),
            self.strict,
        );
        let look = self.kept.then(|| {
            let shown =
                |p: &Path| crate::tui::shown_path(p.strip_prefix(cwd).unwrap_or(p)).to_string();
            match case
                .output_file()
                .map(|f| dir.join(f))
                .filter(|f| f.exists())
            {
                Some(maze) => format!(
                    "a-maze-ing --open {} {}",
                    shown(&maze),
                    shown(&dir.join(CONFIG))
                ),
                None => format!("less {}", shown(&dir.join(TRANSCRIPT))),
            }
        });
        Ok(CaseCard {
            number,
            name: case.name.to_owned(),
            rule: case.rule.to_owned(),
            kind: match case.kind {
                Kind::Valid { .. } => "valid",
                Kind::Invalid { .. } => "invalid",
                Kind::Either => "either",
            },
            config: case.config.clone(),
            outcomes: verdict.outcomes,
            notes: verdict.notes,
            seconds: started.elapsed().as_secs_f64(),
            look,
        })
    }
}

/// Makes `dir`, writes the case's config there, runs the program and keeps its transcript.
fn run_in(
    case: &Case,
    dir: &Path,
    line: &str,
    settings: &Settings,
    displays: &mut xvfb::Displays,
) -> eyre::Result<Run> {
    let cannot = |e: std::io::Error| {
        AppError::Usage(format!(
            "--grade: cannot prepare {}: {e}",
            crate::tui::shown_path(dir)
        ))
    };
    fs::create_dir_all(dir).map_err(cannot)?;
    if let Some(text) = &case.config {
        fs::write(dir.join(CONFIG), text).map_err(cannot)?;
    }
    let line = with_config(line, CONFIG);
    let nudge_until = match case.kind {
        Kind::Invalid { .. } => None,
        _ => case.output_file().map(Path::new),
    };
    let run = runner::run(&line, dir, nudge_until, displays.take(), settings);
    fs::write(dir.join(TRANSCRIPT), run.text()).map_err(cannot)?;
    Ok(run)
}

/// `--grade-keep DIR`, made if missing: refused when it holds anything, so that no file of the
/// user's is mixed with the cases'.
fn keep_folder(dir: &Path) -> Result<PathBuf, String> {
    let shown = crate::tui::shown_path(dir);
    if let Ok(mut entries) = fs::read_dir(dir)
        && entries.next().is_some()
    {
        return Err(format!(
            "--grade-keep {shown}: the folder is not empty; name a new or empty one"
        ));
    }
    fs::create_dir_all(dir).map_err(|e| format!("--grade-keep {shown}: {e}"))?;
    fs::canonicalize(dir).map_err(|e| format!("--grade-keep {shown}: {e}"))
}

/// CMD with each word that names a file in `cwd` made absolute, so that the program is found
/// from the case's folder.
fn command_line(command: &str, cwd: &Path) -> String {
    command
        .split(' ')
        .map(|word| {
            let plain = !word.is_empty()
                && !word.starts_with(['-', '/', '~', '$'])
                && word
                    .chars()
                    .all(|c| c.is_alphanumeric() || "._-/+@%,=:".contains(c));
            match plain && cwd.join(word).exists() && word.contains(['.', '/']) {
                true => shell_quote(&cwd.join(word).to_string_lossy()),
                false => word.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The command line for the config at `path`: `{}` in it replaced by the path, or the path
/// added at its end.
fn with_config(line: &str, path: &str) -> String {
    let quoted = shell_quote(path);
    match line.contains("{}") {
        true => line.replace("{}", &quoted),
        false => format!("{line} {quoted}"),
    }
}

/// `text` quoted for `sh`: as it is when it needs no quoting, else in single quotes.
fn shell_quote(text: &str) -> String {
    if !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "._-/+@%,=:".contains(c))
    {
        return text.to_owned();
    }
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_goes_at_the_end_or_in_place_of_braces() {
        assert_eq!(
            with_config("python3 x.py", "config.txt"),
            "python3 x.py config.txt"
        );
        assert_eq!(
            with_config("prog --config {} --fast", "c d.txt"),
            "prog --config 'c d.txt' --fast"
        );
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }

    #[test]
    fn words_naming_files_here_are_made_absolute() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("a_maze_ing.py"), "").unwrap();
        let line = command_line("python3 a_maze_ing.py --fast missing.py", dir.path());
        let absolute = dir.path().join("a_maze_ing.py");
        assert_eq!(
            line,
            format!(
                "python3 {} --fast missing.py",
                shell_quote(&absolute.to_string_lossy())
            )
        );
        assert_eq!(command_line("sh -c 'exit 1'", dir.path()), "sh -c 'exit 1'");
    }
}
