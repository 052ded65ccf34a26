//! The HTTP face: routes, content negotiation, error pages. Only this module knows actix
//! and askama.
//!
//! Each page family has its own handler module and template folder (`templates/<family>/`)
//! and a documented page struct; every page has a JSON twin, reached by a `.json` suffix
//! or by `Accept: application/json`. Handlers read an immutable [`AppState`]; there is no
//! server-side session.

mod adjudicate;
mod assets;
mod card;
pub mod decks;
mod error;
mod format;
mod home;
pub mod json;
mod keyword;
pub mod links;
mod page;
mod rules;
mod search;

pub use adjudicate::{HeavyWork, HeavyWorkConfig};
pub use error::WebError;
pub use format::Format;
pub use search::{search_response, ResponseCache, SearchResponse};

use crate::catalogue::Catalogue;
use crate::permalinks::Permalinks;
use crate::search::SearchIndex;
use actix_web::{web, App, HttpServer};
use std::sync::Arc;

/// What every handler can read.
#[derive(Clone)]
pub struct AppState {
    pub catalogue: Arc<Catalogue>,
    /// The search index of `catalogue`.
    pub search: Arc<SearchIndex>,
    /// Rendered answers of recent `/api/search` and `/search.json` requests.
    pub search_cache: Arc<ResponseCache>,
    /// Step-through permalinks (a file beside the catalogue when serving; in memory by
    /// default).
    pub permalinks: Arc<Permalinks>,
    /// The bound on adjudications running and waiting at once, shared by every handler
    /// that plays a position out ([`HeavyWorkConfig::default`] unless set).
    pub heavy: Arc<HeavyWork>,
}

/// Default capacity of the search response cache (entries).
pub const DEFAULT_SEARCH_CACHE: usize = 4096;

impl AppState {
    /// The state for `catalogue` and its search index, with the default response cache.
    pub fn new(catalogue: Arc<Catalogue>, search: Arc<SearchIndex>) -> AppState {
        AppState::with_search_cache(catalogue, search, DEFAULT_SEARCH_CACHE)
    }

    /// The same state with permalinks kept in `permalinks` (a file, so they survive a
    /// restart).
    pub fn with_permalinks(mut self, permalinks: Arc<Permalinks>) -> AppState {
        self.permalinks = permalinks;
        self
    }

    /// The same state with adjudications bounded by `config`.
    pub fn with_heavy_work(mut self, config: HeavyWorkConfig) -> AppState {
        self.heavy = Arc::new(HeavyWork::new(config));
        self
    }

    /// The same, with a response cache of `capacity` entries (0: no cache).
    pub fn with_search_cache(
        catalogue: Arc<Catalogue>,
        search: Arc<SearchIndex>,
        capacity: usize,
    ) -> AppState {
        AppState {
            catalogue,
            search,
            search_cache: Arc::new(ResponseCache::new(capacity)),
            permalinks: Arc::new(Permalinks::in_memory()),
            heavy: Arc::new(HeavyWork::new(HeavyWorkConfig::default())),
        }
    }
}

/// How to serve.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// `host:port`.
    pub addr: String,
    /// Worker threads; `None` means one per core.
    pub workers: Option<usize>,
}

/// Registers every route; shared by [`serve`] and the route tests.
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        cfg.app_data(web::Data::new(state))
            .app_data(web::PathConfig::default().error_handler(error::path_error))
            .app_data(web::QueryConfig::default().error_handler(error::query_error))
            .configure(home::routes)
            .configure(keyword::routes)
            .configure(card::routes)
            .configure(rules::routes)
            .configure(search::routes)
            .configure(decks::routes)
            .configure(adjudicate::routes)
            .configure(assets::routes)
            .default_service(web::to(error::not_found));
    }
}

/// Serves until the process is stopped.
pub async fn serve(state: AppState, cfg: ServeConfig) -> std::io::Result<()> {
    let mut server = HttpServer::new(move || {
        App::new()
            .wrap(tracing_actix_web::TracingLogger::default())
            .configure(configure(state.clone()))
    });
    if let Some(w) = cfg.workers {
        server = server.workers(w);
    }
    tracing::info!(addr = %cfg.addr, "serving");
    server.bind(&cfg.addr)?.run().await
}
