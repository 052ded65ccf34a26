//! The `arbiter` command: `import`, `serve`, `search`, `check` (deck validation),
//! `adjudicate` (every game's rules engine), `judge` (judges' accounts) and `rulings`
//! (exporting the judges' rulings).
//! Each subcommand takes `--db PATH`; see `config` for the shared default.
//! This file holds the flags, the output macros, the helpers several subcommands share
//! and the dispatch; each subcommand's body is its own module under `cli/`.

/// `println!` to standard output, but a closed pipe (`arbiter adjudicate --json | head`)
/// ends the output quietly instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// `print!` to standard output, quiet on a closed pipe (see `outln!`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($arg)*);
    }};
}

// After the macros, so that the subcommands' modules see them.
mod cli;

use anyhow::Context;
use arbiter::catalogue::{self, Catalogue, ImportConfig, ImportError, Overwrite, Progress};
use arbiter::config::{default_data_dir, DEFAULT_DB};
use arbiter::search::{SearchIndex, SearchOptions};
use arbiter::web;
use clap::{Args, Parser, Subcommand};
use cli::adjudicate::{adjudicate, AdjudicateConfig};
use cli::check::{check, CheckConfig};
use cli::import::import;
use cli::judge::{judge, JudgeCommand};
use cli::rulings::export;
use cli::search::search;
use cli::serve::{serve, JudgeFlags, ServeLimits, StoreLimits};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// Card database and rules adjudicator.
#[derive(Parser)]
#[command(name = "arbiter", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Args, Clone)]
struct DbArg {
    /// The catalogue file.
    #[arg(long, env = "ARBITER_DB", default_value = DEFAULT_DB, global = true)]
    db: PathBuf,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a data directory and import it into the catalogue, atomically.
    Import {
        /// The data directory (see data/README.md).
        #[arg(long)]
        data: Option<PathBuf>,
        #[command(flatten)]
        db: DbArg,
        /// Replace the file at --db even when it is not an Arbiter catalogue (without it,
        /// only nothing or a catalogue is replaced).
        #[arg(long)]
        force: bool,
    },
    /// Serve the catalogue over HTTP, importing the bundled data first if there is none.
    Serve {
        #[command(flatten)]
        db: DbArg,
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// Worker threads (default: one per core).
        #[arg(long)]
        workers: Option<usize>,
        /// How the log on standard error is written: one line of text per event, or one
        /// JSON object per line (for log shippers). Either way each request is one line:
        /// method, path, status, bytes, duration.
        #[arg(long, value_enum, default_value_t = LogFormat::Text)]
        log_format: LogFormat,
        /// Entries in the cache of rendered search answers (0 disables it).
        #[arg(long, default_value_t = web::DEFAULT_SEARCH_CACHE)]
        search_cache: usize,
        /// MiB the cards may take in memory; a catalogue whose cards would take more keeps
        /// them in the file and reads them on demand (0: always in the file).
        #[arg(long, env = "ARBITER_CARD_MEMORY", default_value_t = catalogue::DEFAULT_CARD_MEMORY / (1024 * 1024))]
        card_memory: u64,
        #[command(flatten)]
        limits: ServeLimits,
        #[command(flatten)]
        store: StoreLimits,
        #[command(flatten)]
        judges: JudgeFlags,
    },
    /// Search cards, keywords and rules with the query language of /help/search.
    Search {
        /// The query, e.g. `fury -game:battleline` (quote it for the shell).
        query: String,
        #[command(flatten)]
        db: DbArg,
        /// Print the JSON of /api/search instead of text.
        #[arg(long)]
        json: bool,
        /// Results page (1-based).
        #[arg(long, default_value_t = 1)]
        page: usize,
        /// Results per page (at most 100).
        #[arg(long, default_value_t = 20)]
        per_page: usize,
    },
    /// Validate Heroes of Karth decklists (format: docs/decks.md). Exit code 0 when every
    /// deck is legal, 1 when any is illegal, 2 when an input cannot be read.
    Check {
        /// Decklist files: text, or the API's JSON form when the name ends in `.json`.
        files: Vec<PathBuf>,
        #[command(flatten)]
        db: DbArg,
        /// The format (a row of data/formats.csv); default `standard`, or the JSON list's own.
        #[arg(long)]
        format: Option<String>,
        /// Print the verdict as JSON (the API's shape) instead of text.
        #[arg(long)]
        json: bool,
        /// Validate every `*.txt` and `*.json` file in DIR (a tournament's lists).
        #[arg(long, value_name = "DIR")]
        batch: Option<PathBuf>,
        /// With --batch: write a CSV report here, and an HTML report beside it (`.html`).
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
        /// Check a whole event (docs/decks.md, "Events"): a registration CSV, a zip of
        /// decklists or decklist files; repeat for several. Exit 0 when every list is
        /// legal, 1 when any is illegal, 2 when an input or a row cannot be read.
        #[arg(long, value_name = "FILE")]
        event: Vec<PathBuf>,
        /// With --event: the event's date (YYYY-MM-DD), legality judged as of it; default today.
        #[arg(long, value_name = "DATE")]
        date: Option<String>,
        /// With --event: the registration date; a card whose status differs on it is flagged.
        #[arg(long, value_name = "DATE")]
        registered: Option<String>,
        /// With --event: write the judges' worklist here (CSV, one row per problem).
        #[arg(long, value_name = "FILE")]
        worklist: Option<PathBuf>,
        /// With --event: draw this many deck checks per round (seeded, the seed printed).
        #[arg(long, value_name = "N")]
        draw: Option<usize>,
        /// With --draw: how many rounds to draw for.
        #[arg(long, default_value_t = 1)]
        rounds: usize,
        /// With --draw: the draw's seed (default: a random one, printed).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Play a position out with its game's rules engine and print the log, every event
    /// citing what decided it. The position's `game` picks the game: battleline (the
    /// default, when there is no `game`), swtcg (Star Wars TCG), keyforge (KeyForge),
    /// arcane (Arcane Legions) or karth (Heroes of Karth); each game's format is in
    /// docs/positions.md. Exit code 0, or 2 for a position that cannot be read (every
    /// problem listed, each at its JSON path, line and column) or a judge's choice that
    /// names no candidate.
    Adjudicate {
        /// Position JSON file (`-` for standard input), or a state saved from the web
        /// step-through (`…/state.json`), whose position is played.
        position: PathBuf,
        #[command(flatten)]
        db: DbArg,
        /// Override the number of turns to play.
        #[arg(long)]
        turns: Option<u32>,
        /// Override the seed of the random generator.
        #[arg(long)]
        seed: Option<u64>,
        /// Print `{"steps": [...], "final": <position>, "outcome": ...}` instead of the log.
        #[arg(long)]
        json: bool,
    },
    /// Judges' accounts (kept in `<db>.rulings.sqlite`): only judges publish rulings.
    Judge {
        #[command(subcommand)]
        action: JudgeAction,
        #[command(flatten)]
        db: DbArg,
    },
    /// The judges' published rulings.
    Rulings {
        #[command(subcommand)]
        action: RulingsAction,
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Subcommand)]
enum JudgeAction {
    /// Add a judge; the password is read from standard input (asked twice, without echo,
    /// on a terminal; otherwise the first line).
    Add { name: String },
    /// List the judges and the day each was added.
    List,
    /// Remove a judge and end their sessions; their rulings stay published.
    Remove { name: String },
}

#[derive(Subcommand)]
enum RulingsAction {
    /// Write the judges' rulings as DIR/rulings.csv and DIR/rulings/<game>/<id>.json (the
    /// format of data/rulings.csv); DIR must be new or empty.
    Export { dir: PathBuf },
}

/// Exit code for input the user must fix.
const EXIT_BAD_INPUT: u8 = 2;

/// How the log (standard error) is written: `serve --log-format`.
#[derive(Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    /// One line of text per event: time, level, target, `key=value` fields.
    #[default]
    Text,
    /// One JSON object per line, for log shippers (`web::logging::JsonLines`).
    Json,
}

/// Starts the log on standard error, filtered by `RUST_LOG` (default `info`).
fn start_log(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let log = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Json => log.event_format(web::logging::JsonLines).init(),
        // Colour codes only on a terminal: a log file or a pipe gets plain text.
        LogFormat::Text => log
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .init(),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    start_log(match &cli.command {
        Command::Serve { log_format, .. } => *log_format,
        _ => LogFormat::Text,
    });
    match cli.command {
        Command::Import { data, db, force } => import(&ImportConfig {
            data_dir: data.unwrap_or_else(default_data_dir),
            db_path: db.db,
            progress: Progress::Auto,
            overwrite: if force {
                Overwrite::Anything
            } else {
                Overwrite::Catalogue
            },
        }),
        Command::Serve {
            db,
            addr,
            workers,
            log_format: _,
            search_cache,
            card_memory,
            limits,
            store,
            judges,
        } => match serve(
            &db.db,
            limits.config(addr, workers),
            search_cache,
            &catalogue::OpenConfig {
                card_memory: card_memory.saturating_mul(1024 * 1024),
                ..Default::default()
            },
            &store,
            &judges,
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&e),
        },
        Command::Search {
            query,
            db,
            json,
            page,
            per_page,
        } => search(&db.db, &query, json, SearchOptions { page, per_page }),
        Command::Adjudicate {
            position,
            db,
            turns,
            seed,
            json,
        } => adjudicate(
            &db.db,
            &AdjudicateConfig {
                position,
                turns,
                seed,
                json,
            },
        ),
        Command::Judge { action, db } => judge(
            &db.db,
            match action {
                JudgeAction::Add { name } => JudgeCommand::Add(name),
                JudgeAction::List => JudgeCommand::List,
                JudgeAction::Remove { name } => JudgeCommand::Remove(name),
            },
        ),
        Command::Rulings {
            action: RulingsAction::Export { dir },
            db,
        } => export(&db.db, &dir),
        Command::Check {
            files,
            db,
            format,
            json,
            batch,
            report,
            event,
            date,
            registered,
            worklist,
            draw,
            rounds,
            seed,
        } if !event.is_empty() => cli::event::event(
            &db.db,
            &cli::event::EventConfig {
                uploads: event,
                format,
                json,
                date,
                registered,
                worklist,
                draw: draw.map(|n| (n, rounds, seed)),
                ignored: !files.is_empty() || batch.is_some() || report.is_some(),
            },
        ),
        Command::Check {
            files,
            db,
            format,
            json,
            batch,
            report,
            ..
        } => check(
            &db.db,
            &CheckConfig {
                files,
                format,
                json,
                batch,
                report,
            },
        ),
    }
}

/// Opens the catalogue for `check` and `adjudicate`: like [`open`], without the search
/// index. Only where nothing exists is the bundled data imported; anything else that is
/// not a catalogue is refused and left untouched.
fn open_catalogue(db: &Path) -> anyhow::Result<Catalogue> {
    let (cat, _) = catalogue::open_or_create(db, &default_data_dir(), Progress::Hidden)?;
    Ok(cat)
}

/// 2 when the user must fix something (a refused or unreadable `--db`, bad data), 1
/// otherwise.
fn exit_code(bad_input: bool) -> ExitCode {
    if bad_input {
        ExitCode::from(EXIT_BAD_INPUT)
    } else {
        ExitCode::FAILURE
    }
}

/// Prints `e` with its causes (its control characters escaped: it may quote an input) and
/// returns its exit code (see [`exit_code`]).
fn fail(e: &anyhow::Error) -> ExitCode {
    eprintln!(
        "error: {}",
        arbiter::text::escape_controls_by_line(&format!("{e:#}"))
    );
    use arbiter::permalinks::PermalinkError;
    exit_code(
        e.downcast_ref::<ImportError>()
            .is_some_and(ImportError::is_bad_input)
            || matches!(
                e.downcast_ref::<PermalinkError>(),
                Some(PermalinkError::NotAStore { .. })
            )
            || e.downcast_ref::<arbiter::rulings::store::StoreError>()
                .is_some_and(arbiter::rulings::store::StoreError::is_bad_input),
    )
}

/// Opens the catalogue at `db` (importing the bundled data when there is none) and its
/// search index (building it when missing or stale).
fn open(
    db: &Path,
    cfg: &catalogue::OpenConfig,
) -> anyhow::Result<(Arc<Catalogue>, Arc<SearchIndex>)> {
    let (catalogue, _) =
        catalogue::open_or_create_with(db, &default_data_dir(), Progress::Auto, cfg)?;
    let catalogue = Arc::new(catalogue);
    let index =
        SearchIndex::open_or_build(db, catalogue.clone()).context("opening the search index")?;
    Ok((catalogue, Arc::new(index)))
}
