//! The `arbiter` command: `import` and `serve` (and the subcommands later issues add).
//! Each subcommand takes `--db PATH`; see `config` for the shared default.

use anyhow::Context;
use arbiter::catalogue::{self, Catalogue, ImportConfig, ImportError, Progress};
use arbiter::config::{default_data_dir, DEFAULT_DB};
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
        Command::Serve { db, addr, workers } => match serve(&db.db, addr, workers) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e:#}");
                ExitCode::FAILURE
            }
        },
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

fn serve(db: &Path, addr: String, workers: Option<usize>) -> anyhow::Result<()> {
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
    let catalogue = Catalogue::open(db).with_context(|| format!("opening {}", db.display()))?;
    let state = AppState {
        catalogue: Arc::new(catalogue),
    };
    actix_web::rt::System::new().block_on(web::serve(state, ServeConfig { addr, workers }))?;
    Ok(())
}
