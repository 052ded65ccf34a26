//! The `arbiter` command: `import`, `serve`, `search`, `check` (deck validation) and
//! `adjudicate` (the battle-line rules engine).
//! Each subcommand takes `--db PATH`; see `config` for the shared default.

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

use anyhow::Context;
use arbiter::catalogue::{self, Catalogue, ImportConfig, ImportError, Overwrite, Progress};
use arbiter::config::{default_data_dir, DEFAULT_DB};
use arbiter::search::{SearchError, SearchIndex, SearchOptions};
use arbiter::web::{self, AppState, ServeConfig};
use clap::{Args, Parser, Subcommand};
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
    #[arg(long, env = "ARBITER_DB", default_value = DEFAULT_DB)]
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
    },
    /// Play a battle-line position out with the rules engine (format: docs/positions.md)
    /// and print the log, every event citing its rule. Exit code 0, or 2 for a position
    /// that cannot be read or a judge's choice that names no candidate.
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
}

/// How long a client may take and how many may connect (docs/security.md).
#[derive(Args, Clone)]
struct ServeLimits {
    /// Seconds a request's line and headers may take to arrive (then 408).
    #[arg(long, value_name = "SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=3600))]
    head_timeout: u64,
    /// Seconds a request's body may take, from when it is first read (then 408).
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    body_timeout: u64,
    /// Seconds an idle keep-alive connection is kept.
    #[arg(long, value_name = "SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=3600))]
    keep_alive: u64,
    /// Connections open at once over all workers (default: three quarters of the
    /// open-file limit).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: Option<u64>,
}

impl ServeLimits {
    fn config(&self, addr: String, workers: Option<usize>) -> ServeConfig {
        use std::time::Duration;
        let defaults = ServeConfig::default();
        ServeConfig {
            addr,
            workers,
            head_timeout: Duration::from_secs(self.head_timeout),
            body_timeout: Duration::from_secs(self.body_timeout),
            keep_alive: Duration::from_secs(self.keep_alive),
            max_connections: self
                .max_connections
                .map_or(defaults.max_connections, |n| n as usize),
            ..defaults
        }
    }
}

/// How much adjudication work runs at once, and how large the permalink store may grow
/// (docs/reliability.md).
#[derive(Args, Clone)]
struct StoreLimits {
    /// Adjudications replayed at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    heavy_concurrent: Option<u64>,
    /// Adjudications that may wait for a turn; one more is answered 503 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = 64)]
    heavy_queue: usize,
    /// The Retry-After of that 503, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 5)]
    heavy_retry_after: u64,
    /// Total bytes of position JSON the permalink store keeps before pruning.
    #[arg(long, value_name = "BYTES", default_value_t = 256 << 20)]
    permalinks_max_bytes: u64,
    /// Permalinks the store keeps before pruning.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    permalinks_max_count: u64,
    /// A permalink opened this many days ago or less is never pruned.
    #[arg(long, value_name = "DAYS", default_value_t = 30)]
    permalinks_keep_days: u32,
    /// New permalinks one client (IP address) may create a minute; 0: no limit.
    #[arg(long, value_name = "N", default_value_t = 60)]
    permalinks_per_minute: u32,
}

impl StoreLimits {
    fn heavy(&self) -> web::HeavyWorkConfig {
        let defaults = web::HeavyWorkConfig::default();
        web::HeavyWorkConfig {
            concurrent: self
                .heavy_concurrent
                .map_or(defaults.concurrent, |n| n as usize),
            queue: self.heavy_queue,
            retry_after_secs: self.heavy_retry_after,
        }
    }

    fn permalinks(&self) -> arbiter::permalinks::PermalinkLimits {
        arbiter::permalinks::PermalinkLimits {
            max_bytes: self.permalinks_max_bytes,
            max_count: self.permalinks_max_count,
            keep_days: self.permalinks_keep_days,
            per_client_per_minute: self.permalinks_per_minute,
        }
    }
}

/// Exit code for input the user must fix.
const EXIT_BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        // Colour codes only on a terminal: a log file or a pipe gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let cli = Cli::parse();
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
            search_cache,
            card_memory,
            limits,
            store,
        } => match serve(
            &db.db,
            limits.config(addr, workers),
            search_cache,
            &catalogue::OpenConfig {
                card_memory: card_memory.saturating_mul(1024 * 1024),
                ..Default::default()
            },
            &store,
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
        Command::Check {
            files,
            db,
            format,
            json,
            batch,
            report,
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

/// What `arbiter adjudicate` was asked to do.
struct AdjudicateConfig {
    position: PathBuf,
    turns: Option<u32>,
    seed: Option<u64>,
    json: bool,
}

fn adjudicate(db: &Path, cfg: &AdjudicateConfig) -> ExitCode {
    use arbiter::adjudicate::errors_text;
    use arbiter::games::{self, battleline::Battleline, GameId};
    let file = cfg.position.display().to_string();
    let cap = arbiter::rules::position::JSON_BYTES;
    let bytes = if file == "-" {
        read_capped_from(std::io::stdin().lock(), cap)
    } else {
        read_capped(&cfg.position, cap)
    };
    let text = match bytes.map(String::from_utf8) {
        Ok(Ok(t)) => t,
        Ok(Err(e)) => {
            let line = arbiter::diag::utf8_error_line(&e);
            eprintln!("error: {file}:{line}: the file is not valid UTF-8; save it as UTF-8 text");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
        Err(ReadCapped::TooLarge(n)) => {
            eprintln!("error: {file}: the position is {n} bytes; the limit is {cap} bytes");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
        Err(ReadCapped::Io(e)) => {
            eprintln!("error: {file}: {e}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    // The position's `game` picks the game that reads and plays it.
    match games::which(&text) {
        Ok(GameId::Battleline) => adjudicate_game::<Battleline>(db, cfg, &file, &text),
        Ok(GameId::Swtcg) => adjudicate_game::<games::swtcg::Swtcg>(db, cfg, &file, &text),
        Ok(GameId::Keyforge) => adjudicate_game::<games::keyforge::Keyforge>(db, cfg, &file, &text),
        Ok(GameId::Arcane) => adjudicate_game::<games::arcane::Arcane>(db, cfg, &file, &text),
        Ok(GameId::Karth) => adjudicate_game::<games::karth::Karth>(db, cfg, &file, &text),
        Err(e) => {
            eprint!("{}", errors_text(&file, &[e]));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// `adjudicate` for game `G`: read the position (or saved state, or fixture), open the
/// catalogue, play it out, print the log or the JSON.
fn adjudicate_game<G: arbiter::adjudicate::CatalogueGame>(
    db: &Path,
    cfg: &AdjudicateConfig,
    file: &str,
    text: &str,
) -> ExitCode {
    use arbiter::adjudicate::{errors_text, log_text, read_opened};
    use arbiter::rules::{self, PlayConfig, RecordConfig};
    // A position, or a state saved from the step-through (its step is named below).
    let (mut position, saved_step) = match read_opened::<G>(text) {
        Ok(opened) => opened,
        Err(e) => {
            eprint!("{}", errors_text(file, &[e]));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    G::configure(
        &mut position,
        &PlayConfig {
            seed: cfg.seed,
            turns: cfg.turns,
        },
    );
    let cat = match open_catalogue(db) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let record = RecordConfig { states: cfg.json };
    let adjudicated = G::with_cards(&cat, |cards| {
        rules::adjudicate::<G>(&position, cards, record)
    });
    let adj = match adjudicated {
        Ok(a) => a,
        Err(errors) => {
            eprint!("{}", errors_text(file, &errors));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    if cfg.json {
        match serde_json::to_string_pretty(&adj) {
            Ok(j) => outln!("{j}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        out!("{}", log_text(&adj));
        if saved_step > 0 {
            outln!("(the saved state was at step {saved_step})");
        }
    }
    if let Some(e) = rules::input_error(&adj) {
        eprintln!("{file}: {e}");
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    ExitCode::SUCCESS
}

/// Why [`read_capped`] gave up.
enum ReadCapped {
    /// The input is larger than the cap: its size, or the cap + 1 for a stream.
    TooLarge(u64),
    Io(std::io::Error),
}

/// Reads the file at `path`, refusing one over `cap` bytes before reading it (and a file
/// that grows past the cap while read, without reading further).
fn read_capped(path: &Path, cap: usize) -> Result<Vec<u8>, ReadCapped> {
    let file = std::fs::File::open(path).map_err(ReadCapped::Io)?;
    let len = file.metadata().map_err(ReadCapped::Io)?.len();
    if len > cap as u64 {
        return Err(ReadCapped::TooLarge(len));
    }
    read_capped_from(file, cap)
}

/// Reads at most `cap` bytes of `input`; more is an error, found by reading one byte past.
fn read_capped_from(input: impl std::io::Read, cap: usize) -> Result<Vec<u8>, ReadCapped> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    input
        .take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadCapped::Io)?;
    if bytes.len() > cap {
        return Err(ReadCapped::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// What `arbiter check` was asked to do.
struct CheckConfig {
    files: Vec<PathBuf>,
    format: Option<String>,
    json: bool,
    batch: Option<PathBuf>,
    report: Option<PathBuf>,
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

/// Prints `e` with its causes and returns its exit code (see [`exit_code`]).
fn fail(e: &anyhow::Error) -> ExitCode {
    eprintln!("error: {e:#}");
    use arbiter::permalinks::PermalinkError;
    exit_code(
        e.downcast_ref::<ImportError>()
            .is_some_and(ImportError::is_bad_input)
            || matches!(
                e.downcast_ref::<PermalinkError>(),
                Some(PermalinkError::NotAStore { .. })
            ),
    )
}

fn check(db: &Path, cfg: &CheckConfig) -> ExitCode {
    use arbiter::decks::{self, Batch, Checked, Tally};
    let cat = match open_catalogue(db) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let files = match deck_files(cfg) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let mut batch = Batch::new(&cat, cfg.format.clone());
    let checked: Vec<Checked> = files
        .iter()
        .map(|path| {
            let bytes = read_capped(path, decks::MAX_BYTES).map_err(|e| match e {
                ReadCapped::TooLarge(n) => format!(
                    "the file is {n} bytes; a decklist is at most {} bytes (1 MiB)",
                    decks::MAX_BYTES
                ),
                ReadCapped::Io(e) => format!("cannot read the file: {e}"),
            });
            let json = path.extension().is_some_and(|e| e == "json");
            batch.check(path.display().to_string(), json, bytes)
        })
        .collect();
    let tally = Tally::of(&checked);
    if cfg.json {
        let value = decks::batch_json(&checked, cfg.batch.is_none());
        match serde_json::to_string_pretty(&value) {
            Ok(s) => outln!("{s}"),
            Err(e) => eprintln!("error: {e}"),
        }
    } else {
        for c in &checked {
            print_verdict(&c.file, &c.outcome);
        }
        if checked.len() > 1 {
            outln!(
                "{} deck(s): {} legal, {} illegal, {} unreadable",
                checked.len(),
                tally.legal,
                tally.illegal,
                tally.unreadable
            );
        }
    }
    if let Some(report) = &cfg.report {
        if let Err(e) = write_reports(report, &checked, cfg.batch.as_deref()) {
            eprintln!("error: {e:#}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    }
    if tally.unreadable > 0 || tally.illegal > 0 {
        exit_code(tally.unreadable > 0)
    } else {
        ExitCode::SUCCESS
    }
}

/// The files `check` was given, then the decklists (`*.txt`, `*.json`) of `--batch DIR`
/// in name order; an error when there are none or DIR cannot be listed.
fn deck_files(cfg: &CheckConfig) -> Result<Vec<PathBuf>, String> {
    let mut files = cfg.files.clone();
    if let Some(dir) = &cfg.batch {
        let entries = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: cannot list the directory: {e}", dir.display()))?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "txt" || e == "json"))
            .collect();
        found.sort();
        files.extend(found);
    }
    if files.is_empty() {
        return Err("no decklist to check: name files, or a directory with --batch DIR".into());
    }
    Ok(files)
}

/// `FILE:LINE: error [3.1] 103 / 100 gold: …`, one line per violation, then a summary.
fn print_verdict(file: &str, outcome: &Result<arbiter::decks::Verdict, String>) {
    let v = match outcome {
        Ok(v) => v,
        Err(e) => {
            outln!("{file}: unreadable: {e}");
            return;
        }
    };
    let who = [v.title.as_deref(), v.player.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ");
    outln!(
        "{file}: {} ({}format {}, faction {}{}): {} error(s), {} warning(s)",
        if v.legal { "legal" } else { "ILLEGAL" },
        if who.is_empty() {
            String::new()
        } else {
            format!("{who}; ")
        },
        v.format,
        v.faction.as_deref().unwrap_or("unknown"),
        v.side
            .map(|s| format!(", {}", s.as_str()))
            .unwrap_or_default(),
        v.errors,
        v.warnings
    );
    for x in &v.violations {
        let at = match x.lines.first() {
            Some(l) => format!("{file}:{l}"),
            None => file.to_string(),
        };
        outln!("{at}: {} [{}] {}", x.severity.as_str(), x.rule, x.message);
        if let Some(s) = &x.suggestion {
            outln!("  hint: {s}");
        }
    }
    let s = &v.summary;
    outln!(
        "  {} main-deck cards (Barrack {}, Treasury {}, Spellbook {}), {} heroes, {} terrain ({} affect movement), {} tokens; {} gold",
        s.main_deck,
        s.counts.barrack,
        s.counts.treasury,
        s.counts.spellbook,
        s.counts.heroes,
        s.counts.terrain,
        s.counts.movement_terrain,
        s.counts.tokens,
        s.gold_total
    );
}

/// The tournament report: a CSV at `path` and an HTML page beside it, each deck named by
/// its path relative to `folder` (the `--batch` folder).
fn write_reports(
    path: &Path,
    checked: &[arbiter::decks::Checked],
    folder: Option<&Path>,
) -> anyhow::Result<()> {
    use arbiter::catalogue::csvfile::CsvWriter;
    use arbiter::decks::{report_name, ReportRow};
    let rows: Vec<ReportRow> = checked
        .iter()
        .map(|c| {
            let mut row = ReportRow::of(c);
            row.file = report_name(Path::new(&c.file), folder);
            row
        })
        .collect();
    let html_path = path.with_extension("html");
    ensure_own_report(path, |text| {
        text.starts_with(ReportRow::COLUMNS.join(",").as_str())
    })?;
    ensure_own_report(&html_path, |text| text.contains(REPORT_HTML_MARK))?;
    let writing = || format!("writing {}", path.display());
    let mut w = CsvWriter::create(path)
        .with_context(writing)?
        .spreadsheet_safe();
    w.row(ReportRow::COLUMNS)?;
    for r in &rows {
        w.row(r.cells())?;
    }
    w.finish().with_context(writing)?;
    let html = arbiter::web::decks::report_html(&rows).context("rendering the HTML report")?;
    std::fs::write(&html_path, html).with_context(|| format!("writing {}", html_path.display()))?;
    eprintln!("wrote {} and {}", path.display(), html_path.display());
    Ok(())
}

/// Text every HTML report holds (its title), by which an earlier report is known.
const REPORT_HTML_MARK: &str = "<title>Deck check report · Arbiter</title>";

/// Refuses to replace a file at `path` unless `is_report` recognises it as an earlier
/// report: `check --report` writes only files of its own.
fn ensure_own_report(path: &Path, is_report: impl Fn(&str) -> bool) -> anyhow::Result<()> {
    let Ok(file) = std::fs::File::open(path) else {
        return Ok(()); // nothing there (or nothing readable, which the write will report)
    };
    let head = read_capped_from(file, 64 * 1024).unwrap_or_default();
    let text = String::from_utf8_lossy(&head);
    if path.metadata().is_ok_and(|m| m.len() == 0) || is_report(&text) {
        return Ok(());
    }
    anyhow::bail!(
        "{} exists and is not a deck check report; it was left as it is. Name another --report path",
        path.display()
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

fn search(db: &Path, query: &str, json: bool, opts: SearchOptions) -> ExitCode {
    let (cat, index) = match open(db, &catalogue::OpenConfig::default()) {
        Ok(x) => x,
        Err(e) => return fail(&e),
    };
    match index.search(query, &opts) {
        Ok(r) => {
            if json {
                let resp = web::search_response(&cat, query, Some(opts.per_page), r);
                match serde_json::to_string_pretty(&resp) {
                    Ok(s) => outln!("{s}"),
                    Err(e) => {
                        eprintln!("error: {e}");
                        return ExitCode::FAILURE;
                    }
                }
                return ExitCode::SUCCESS;
            }
            for w in &r.warnings {
                eprintln!("warning: offset {}: {}", w.offset, w.message);
            }
            let resp = web::search_response(&cat, query, Some(opts.per_page), r);
            outln!(
                "{} result(s){}",
                resp.list.total,
                if resp.list.has_more {
                    format!(", page {}", resp.page)
                } else {
                    String::new()
                }
            );
            for item in &resp.list.data {
                outln!(
                    "{:<8} {:<11} {}  {}",
                    item.kind,
                    item.game,
                    item.name,
                    item.url
                );
                if !item.snippet.is_empty() {
                    outln!("         {}", item.snippet.replace('\n', " "));
                }
            }
            ExitCode::SUCCESS
        }
        Err(SearchError::NothingToRun { warnings }) => {
            for w in warnings {
                eprintln!("query offset {}: {}", w.offset, w.message);
            }
            eprintln!("nothing in the query can be searched for");
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(e @ SearchError::EmptyQuery) => {
            eprintln!("{e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn import(cfg: &ImportConfig) -> ExitCode {
    let (data, db) = (cfg.data_dir.as_path(), cfg.db_path.as_path());
    match catalogue::import(cfg) {
        Ok(report) => {
            // The search index is derived data; build it now so `serve` starts at once.
            let built = Catalogue::open(db)
                .map_err(anyhow::Error::from)
                .and_then(|cat| {
                    SearchIndex::open_or_build(db, Arc::new(cat)).map_err(anyhow::Error::from)
                });
            if let Err(e) = built {
                eprintln!(
                    "error: the catalogue was imported but its search index was not built: {e:#}"
                );
                return ExitCode::FAILURE;
            }
            outln!("imported {} into {}", data.display(), db.display());
            outln!(
                "{:<12} {:>8} {:>9} {:>6}",
                "game",
                "cards",
                "keywords",
                "rules"
            );
            for (game, (cards, keywords, rules)) in &report.counts {
                outln!("{game:<12} {cards:>8} {keywords:>9} {rules:>6}");
            }
            ExitCode::SUCCESS
        }
        Err(e @ ImportError::Invalid(_)) => {
            eprintln!("{e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(e) => {
            eprintln!("error: {e}");
            exit_code(e.is_bad_input())
        }
    }
}

fn serve(
    db: &Path,
    cfg: ServeConfig,
    search_cache: usize,
    cards: &catalogue::OpenConfig,
    store: &StoreLimits,
) -> anyhow::Result<()> {
    let (catalogue, search) = open(db, cards)?;
    let links = arbiter::permalinks::Permalinks::open_with(
        &arbiter::permalinks::path_for(db),
        store.permalinks(),
    )?;
    let state = AppState::with_search_cache(catalogue, search, search_cache)
        .with_permalinks(std::sync::Arc::new(links))
        .with_heavy_work(store.heavy());
    actix_web::rt::System::new().block_on(web::serve(state, cfg))?;
    Ok(())
}
