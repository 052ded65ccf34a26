//! The `arbiter` command: `import` and `serve` (and the subcommands later issues add).
//! Each subcommand takes `--db PATH`; see `config` for the shared default.

use anyhow::Context;
use arbiter::catalogue::{self, Catalogue, ImportConfig, ImportError, Progress};
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
        .init();
    let cli = Cli::parse();
    match cli.command {
        Command::Import { data, db } => import(&data.unwrap_or_else(default_data_dir), &db.db),
        Command::Serve {
            db,
            addr,
            workers,
            search_cache,
        } => match serve(&db.db, ServeConfig { addr, workers }, search_cache) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e:#}");
                ExitCode::FAILURE
            }
        },
        Command::Search {
            query,
            db,
            json,
            page,
            per_page,
        } => search(&db.db, &query, json, SearchOptions { page, per_page }),
    }
}

/// Opens the catalogue at `db` (importing the bundled data when there is none) and its
/// search index (building it when missing or stale).
fn open(db: &Path) -> anyhow::Result<(Arc<Catalogue>, Arc<SearchIndex>)> {
    if !catalogue::is_current(db) {
        let data = default_data_dir();
        tracing::info!(db = %db.display(), data = %data.display(), "no catalogue yet: importing the bundled data");
        let cfg = ImportConfig {
            data_dir: data,
            db_path: db.to_path_buf(),
            progress: Progress::Auto,
        };
        catalogue::import(&cfg).context("importing the bundled data")?;
    }
    let catalogue =
        Arc::new(Catalogue::open(db).with_context(|| format!("opening {}", db.display()))?);
    let index =
        SearchIndex::open_or_build(db, catalogue.clone()).context("opening the search index")?;
    Ok((catalogue, Arc::new(index)))
}

fn search(db: &Path, query: &str, json: bool, opts: SearchOptions) -> ExitCode {
    let (cat, index) = match open(db) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    match index.search(query, &opts) {
        Ok(r) => {
            if json {
                let resp = web::search_response(&cat, query, Some(opts.per_page), r);
                match serde_json::to_string_pretty(&resp) {
                    Ok(s) => println!("{s}"),
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
            println!(
                "{} result(s){}",
                resp.list.total,
                if resp.list.has_more {
                    format!(", page {}", resp.page)
                } else {
                    String::new()
                }
            );
            for item in &resp.list.data {
                println!(
                    "{:<8} {:<11} {}  {}",
                    item.kind, item.game, item.name, item.url
                );
                if !item.snippet.is_empty() {
                    println!("         {}", item.snippet.replace('\n', " "));
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

fn import(data: &Path, db: &Path) -> ExitCode {
    let cfg = ImportConfig {
        data_dir: data.to_path_buf(),
        db_path: db.to_path_buf(),
        progress: Progress::Auto,
    };
    match catalogue::import(&cfg) {
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
            println!("imported {} into {}", data.display(), db.display());
            println!(
                "{:<12} {:>8} {:>9} {:>6}",
                "game", "cards", "keywords", "rules"
            );
            for (game, (cards, keywords, rules)) in &report.counts {
                println!("{game:<12} {cards:>8} {keywords:>9} {rules:>6}");
            }
            ExitCode::SUCCESS
        }
        Err(e @ ImportError::Invalid(_)) => {
            eprintln!("{e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn serve(db: &Path, cfg: ServeConfig, search_cache: usize) -> anyhow::Result<()> {
    let (catalogue, search) = open(db)?;
    let state = AppState::with_search_cache(catalogue, search, search_cache);
    actix_web::rt::System::new().block_on(web::serve(state, cfg))?;
    Ok(())
}
