//! `arbiter search`: runs a query against the search index and prints the results as
//! text or as the JSON of /api/search. The query language and the index are the
//! library's (`arbiter::search`); opening the catalogue and index is `main.rs`'s `open`.

use crate::{fail, open, EXIT_BAD_INPUT};
use arbiter::catalogue;
use arbiter::search::{SearchError, SearchOptions};
use arbiter::web;
use std::path::Path;
use std::process::ExitCode;

pub(crate) fn search(db: &Path, query: &str, json: bool, opts: SearchOptions) -> ExitCode {
    let (cat, index) = match open(db, &catalogue::OpenConfig::default()) {
        Ok(x) => x,
        Err(e) => return fail(&e),
    };
    // The catalogue's rulings too (a judge's are the server's).
    let rulings = std::sync::Arc::new(
        arbiter::rulings::RulingSet::new(cat.rulings().to_vec()).unwrap_or_default(),
    );
    match index.search_with_rulings(query, &opts, &rulings) {
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
                    // A ruling's question may hold line breaks: one line a hit.
                    arbiter::text::escape_controls(&item.name),
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
