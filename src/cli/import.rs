//! `arbiter import`: imports a data directory into the catalogue, builds its search
//! index and prints the counts per game. Validation and the atomic import are the
//! library's (`arbiter::catalogue::import`); the flags are read in `main.rs`. Its errors
//! quote the data files, so their control characters are escaped before they are printed.

use crate::{exit_code, EXIT_BAD_INPUT};
use arbiter::catalogue::{self, Catalogue, ImportConfig, ImportError};
use arbiter::search::SearchIndex;
use arbiter::text::escape_controls_by_line;
use std::process::ExitCode;
use std::sync::Arc;

pub(crate) fn import(cfg: &ImportConfig) -> ExitCode {
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
            eprintln!("{}", escape_controls_by_line(&e.to_string()));
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(e) => {
            eprintln!("error: {}", escape_controls_by_line(&e.to_string()));
            exit_code(e.is_bad_input())
        }
    }
}
