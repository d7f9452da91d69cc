//! `--headless`: generate, solve and write OUTPUT_FILE (and whatever else the flags ask for),
//! then print a one-line summary.

use std::path::Path;
use std::process::ExitCode;
use std::thread;
use std::time::Instant;

use color_eyre::eyre;
use mazegen::Maze;
use mazegen::config::Config;
use mazegen::write_outputs;

use super::AppError;
use super::cli::{Cli, Looks};
use super::{memory, say};
use crate::tui::{Holder, THEME_KEY, ThemeSet, user_theme_dir};

pub fn run(cli: &Cli) -> eyre::Result<ExitCode> {
    let config = cli.load_config().map_err(AppError::from)?;
    cli.check_outputs(&config).map_err(AppError::Usage)?;
    cli.protect_files(&config);
    let seed = cli.seed.or(config.seed).unwrap_or_else(rand::random);
    let options = config.maze_options(seed);
    memory::check_fits(&options, Holder::Headless, cli.max_memory).map_err(AppError::TooLarge)?;
    memory::check_walk_time(&options).map_err(AppError::TooSlow)?;
    let started = Instant::now();
    let maze = Maze::generate(options, config.entry, config.exit).map_err(generate_error)?;
    if !maze.options().perfect || maze.options().courtyard {
        // The search copies the walls, a byte a cell: asked for here, before any file is
        // written, so that memory refused is the error it is rather than an abort. (A perfect
        // maze's walk keeps only the path, and runs beside the writing below.)
        maze.try_solution().map_err(AppError::from)?;
    }
    let looks = looks(cli, &config).map_err(AppError::Usage)?;
    let outputs = cli.outputs(&config, &looks);
    thread::scope(|scope| {
        // The search runs on the other core while the hex rows are written: they do not need
        // the path, and the hex format waits for it only for its last line (for a
        // 10000x10000 maze, the rows and the search each take a while).
        // Memory refused there is the writer's error when it asks again, not an abort.
        scope.spawn(|| drop(maze.try_solution()));
        crate::tui::check_protected(&outputs)
            .and_then(|()| write_outputs(&maze, &outputs, &mut |_, _, _| {}))
    })
    .or_else(|error| match &error {
        // `--stats | head -c 10`: the reader had what it wanted; the files are in place.
        mazegen::Error::Write { path, source }
            if path == Path::new(mazegen::Error::STDOUT) && say::is_closed_pipe(source) =>
        {
            Ok(())
        }
        _ => Err(AppError::from(error)),
    })?;
    if cli.uses_built_in_config() {
        say::err(format_args!("note: {}", super::first_run::HEADLESS_NOTE));
    }
    for note in config.landmark_notes() {
        say::err(format_args!("note: {note}"));
    }
    for departure in config.departures() {
        say::err(format_args!("warning: {departure}"));
    }
    let kind = if config.perfect {
        "perfect".to_owned()
    } else {
        format!("board (braid {})", config.braid)
    };
    let files: Vec<String> = outputs
        .iter()
        .filter_map(|o| o.path())
        .map(crate::tui::shown_path)
        .collect();
    let summary = format!(
        "wrote {}: {}x{} {kind} maze, seed {seed}, {}, path {} steps, {:.1} ms",
        files.join(" and "),
        config.width,
        config.height,
        config.algorithm,
        maze.solution().map_or(0, |p| p.len()),
        started.elapsed().as_secs_f64() * 1000.0,
    );
    if cli.stats {
        // stdout is pure JSON, for `jq` and scripts.
        say::err(summary);
    } else {
        say::out(summary);
    }
    Ok(ExitCode::SUCCESS)
}

/// The pictures' colours: those of the theme `--theme` names, or else the config's THEME, as the
/// dashboard shows it (bundled or from the user's themes folder); the library's light default
/// when neither names one. Paper is black on white unless `--theme` names a theme. An unknown `--theme` is an error; an unknown THEME only a note, as
/// in the dashboard.
fn looks(cli: &Cli, config: &Config) -> Result<Looks, String> {
    let configured = config.app_setting(THEME_KEY);
    let Some(name) = cli.theme.as_deref().or(configured.map(|(value, _)| value)) else {
        return Ok(Looks::default());
    };
    let (themes, problems) = match user_theme_dir(
        std::env::var_os("XDG_CONFIG_HOME"),
        std::env::var_os("HOME"),
    ) {
        Some(dir) => ThemeSet::bundled().with_user_themes(&dir),
        None => (ThemeSet::bundled(), Vec::new()),
    };
    match themes.position(name).and_then(|i| themes.get(i)) {
        Some(theme) => Ok(Looks {
            picture: theme.svg_style(),
            print: match &cli.theme {
                Some(_) => theme.svg_style(),
                None => Looks::default().print,
            },
        }),
        None => {
            // A theme of the user's own that is broken: why, rather than "no such theme".
            let problem = match ThemeSet::problem_with(&problems, name) {
                Some(broken) => format!("the theme is broken: {broken}"),
                None => {
                    let names: Vec<&str> = themes.iter().map(|t| t.name.as_str()).collect();
                    format!("no such theme (have {})", names.join(", "))
                }
            };
            match (&cli.theme, configured) {
                (Some(_), _) | (None, None) => Err(format!("--theme {name}: {problem}")),
                (None, Some((_, line))) => {
                    say::err(format_args!(
                        "note: config line {}: {THEME_KEY}={}: {problem}; the pictures use \
                         the default colours",
                        line,
                        mazegen::escaped(name),
                        problem = mazegen::escaped(&problem)
                    ));
                    Ok(Looks::default())
                }
            }
        }
    }
}

/// The library's refusal of a maze as the application's error: the size and the stamp as the
/// generator's (so memory refused is still told apart), the entry and exit (which the config
/// has already checked) as usage.
fn generate_error(error: mazegen::Error) -> AppError {
    match error {
        mazegen::Error::Side { .. }
        | mazegen::Error::TooManyCells { .. }
        | mazegen::Error::OutOfMemory { .. }
        | mazegen::Error::NotEnoughMemory { .. }
        | mazegen::Error::EmptyStamp
        | mazegen::Error::BadStampCell { .. }
        | mazegen::Error::EmptyStampRow { .. }
        | mazegen::Error::RaggedStamp { .. }
        | mazegen::Error::StampTooLarge { .. }
        | mazegen::Error::StampWallsIn { .. }
        | mazegen::Error::StampDoesNotFit { .. }
        | mazegen::Error::NoRoomBesideCourtyard { .. }
        | mazegen::Error::StartOutside { .. }
        | mazegen::Error::StartOnStamp(_)
        | mazegen::Error::Braid(_) => AppError::Generate(error),
        other => AppError::Usage(other.to_string()),
    }
}
