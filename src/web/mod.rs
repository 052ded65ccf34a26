//! The HTTP face: routes, content negotiation, error pages. Only this module knows actix
//! and askama.
//!
//! Each page family has its own handler module and template folder (`templates/<family>/`)
//! and a documented page struct; every page has a JSON twin, reached by a `.json` suffix
//! or by `Accept: application/json`. Handlers read an immutable [`AppState`]; the only
//! server-side session is a signed-in judge's (`judge`), needed only to publish rulings.

mod adjudicate;
mod assets;
mod card;
mod cards;
pub mod decks;
mod docs;
mod error;
pub mod events;
mod format;
pub mod head_guard;
mod home;
pub mod json;
pub mod judge;
mod keyword;
pub mod links;
pub mod logging;
pub mod middleware;
mod page;
mod reading;
mod rules;
mod rulings;
mod search;
mod sources;

pub use adjudicate::{HeavyWork, HeavyWorkConfig, DEFAULT_DEADLINE};
pub use error::WebError;
pub use format::Format;
pub use search::{search_response, ResponseCache, SearchResponse};

use crate::catalogue::Catalogue;
use crate::permalinks::Permalinks;
use crate::search::SearchIndex;
use actix_web::{web, App};
use std::sync::Arc;
use std::time::Duration;

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
    /// Every ruling shown: the catalogue's and the judges' (replaced whole when a judge
    /// publishes).
    pub rulings: Arc<crate::rulings::Rulings>,
    /// The judges' accounts, sessions and rulings (a file beside the catalogue when
    /// serving; in memory by default), and how they sign in.
    pub judges: Arc<judge::Judges>,
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

    /// The same state showing `rulings`.
    pub fn with_rulings(mut self, rulings: Arc<crate::rulings::Rulings>) -> AppState {
        self.rulings = rulings;
        self
    }

    /// The same state with judges kept in `judges` (their store and configuration).
    pub fn with_judges(mut self, judges: Arc<judge::Judges>) -> AppState {
        self.judges = judges;
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
            rulings: Arc::new(crate::rulings::Rulings::default()),
            judges: Arc::new(judge::Judges::in_memory()),
        }
    }
}

/// How to serve: the address, the workers, and the limits that keep a slow or hostile
/// client from holding connections. [`ServeConfig::new`] gives the documented defaults.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// `host:port`.
    pub addr: String,
    /// Worker threads; `None` means one per core.
    pub workers: Option<usize>,
    /// Time allowed for a request's head (request line and headers) to arrive; over it
    /// the connection answers 408 and closes. Default 5 s.
    pub head_timeout: Duration,
    /// Time allowed for a request's whole body, counted from when its handler starts
    /// reading it (at once, for the body extractors); over it
    /// the request answers 408 (in the page's format) and the connection closes. Default
    /// 10 s (a 1 MiB decklist at 100 KB/s).
    pub body_timeout: Duration,
    /// How long an idle keep-alive connection is kept open. Default 5 s.
    pub keep_alive: Duration,
    /// How long to wait for a client to close after the server shut its side. Default 1 s.
    pub disconnect_timeout: Duration,
    /// The total time one connection may stay open, counted from when it is accepted,
    /// however it is used (keep-alive requests, a body drained, an answer the client does
    /// not read): at it the server stops reading and finishes the request in progress
    /// (the keep-alive timer then closes it); it drops the connection once that request
    /// has had its time (`body_timeout`, plus twice the heavy-work deadline for a wait for
    /// a turn and the work, plus `disconnect_timeout`). Default 60 s.
    pub connection_timeout: Duration,
    /// Connections open at once, over all workers; beyond it the server stops accepting
    /// (new connections wait in the listen backlog) until one closes. Default
    /// [`default_max_connections`]: three quarters of the open-file limit, so the cap is
    /// met before the process runs out of file handles.
    pub max_connections: usize,
}

impl ServeConfig {
    /// `addr` with one worker per core and the default limits.
    pub fn new(addr: impl Into<String>) -> ServeConfig {
        ServeConfig {
            addr: addr.into(),
            ..ServeConfig::default()
        }
    }
}

impl Default for ServeConfig {
    fn default() -> ServeConfig {
        ServeConfig {
            addr: "127.0.0.1:8080".into(),
            workers: None,
            head_timeout: Duration::from_secs(5),
            body_timeout: middleware::BodyDeadline::default().0,
            keep_alive: Duration::from_secs(5),
            disconnect_timeout: Duration::from_secs(1),
            connection_timeout: DEFAULT_CONNECTION_TIMEOUT,
            max_connections: default_max_connections(),
        }
    }
}

/// [`ServeConfig::connection_timeout`]'s default: room for a slow head (5 s), a slow
/// body (10 s), a queued adjudication and its answer, and several keep-alive requests.
pub const DEFAULT_CONNECTION_TIMEOUT: Duration = Duration::from_secs(60);

/// Three quarters of the process's open-file limit (`ulimit -n`, read from
/// `/proc/self/limits`), the rest left for the catalogue, the index and the permalink
/// store; at least 64 and at most 25,000 (actix's own default per worker). 1024 where the
/// limit cannot be read (not Linux) or is unlimited.
pub fn default_max_connections() -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| open_files_limit(&text));
    match soft {
        Some(n) => (n / 4 * 3).clamp(64, 25_000),
        None => 1024,
    }
}

/// The soft "Max open files" of a `/proc/self/limits` text.
fn open_files_limit(limits: &str) -> Option<usize> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Registers every route; shared by [`serve`] and the route tests. Every answer goes
/// through [`middleware::surface`] (methods, body deadline, shared headers), and every
/// request is logged by [`logging::access`] (one line each).
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        cfg.app_data(web::Data::new(state))
            .app_data(web::PathConfig::default().error_handler(error::path_error))
            .app_data(web::QueryConfig::default().error_handler(error::query_error))
            .service(
                web::scope("")
                    .wrap(actix_web::middleware::from_fn(middleware::surface))
                    // Outermost: the request log sees what the client gets.
                    .wrap(actix_web::middleware::from_fn(logging::access))
                    .configure(home::routes)
                    .configure(keyword::routes)
                    .configure(card::routes)
                    .configure(cards::routes)
                    .configure(rules::routes)
                    .configure(rulings::routes)
                    .configure(search::routes)
                    .configure(decks::routes)
                    .configure(events::routes)
                    .configure(docs::routes)
                    .configure(adjudicate::routes)
                    .configure(judge::routes)
                    .configure(assets::routes)
                    .default_service(web::to(error::not_found)),
            )
            .default_service(web::to(error::not_found));
    }
}

/// The server for `cfg`, bound but not yet running, and the addresses it listens on (so
/// a test can bind port 0 and learn the port).
///
/// Built like actix-web's `HttpServer` (the same head, body, keep-alive and disconnect
/// timeouts, workers, per-worker connection cap, listen backlog of 1024 and graceful
/// shutdown), but with half-closed connections not allowed (a client that closes its
/// side has gone, and its request is dropped), and one more difference: each new
/// connection meets the [`head_guard`] first, which answers itself, with a body, the
/// first heads actix-http would refuse with an empty one. The app sees actix-web's default `AppConfig` (its host, `localhost:8080`, is
/// only used for a request without a `Host` header).
pub fn bind(
    state: AppState,
    cfg: &ServeConfig,
) -> std::io::Result<(actix_web::dev::Server, Vec<std::net::SocketAddr>)> {
    use actix_http::HttpService;
    use actix_service::{fn_service, map_config, IntoServiceFactory, ServiceFactoryExt};
    use actix_web::dev::AppConfig;

    let deadline = middleware::BodyDeadline(cfg.body_timeout);
    let workers = cfg.workers.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let mut builder = actix_server::Server::build()
        .workers(workers)
        .backlog(LISTEN_BACKLOG)
        .max_concurrent_connections(cfg.max_connections.div_ceil(workers.max(1)).max(1));
    let shutdown = builder.graceful_shutdown_signal();
    // A request in progress at a connection's deadline is finished before its hard end:
    // its body (`body_timeout`), a wait for a turn at heavy work and the work itself
    // (each at most the heavy-work deadline), and the close.
    let heavy_deadline = state.heavy.config().deadline;
    let guard = head_guard::HeadGuard {
        head_timeout: cfg.head_timeout,
        linger: cfg.disconnect_timeout,
        connection_timeout: cfg.connection_timeout,
        grace: cfg.body_timeout + heavy_deadline * 2 + cfg.disconnect_timeout,
    };
    let mut addrs = Vec::new();
    for listener in listeners(&cfg.addr)? {
        let addr = listener.local_addr()?;
        addrs.push(addr);
        let (state, cfg, shutdown) = (state.clone(), cfg.clone(), shutdown.clone());
        builder = builder.listen(format!("arbiter-{addr}"), listener, move || {
            let state = state.clone();
            let app = App::new()
                .app_data(deadline)
                .configure(configure(state))
                .into_factory()
                .map_err(|err| err.error_response());
            let shutdown = shutdown.clone();
            let http = HttpService::build()
                .graceful_shutdown_signal(move || {
                    let signal = shutdown.clone();
                    async move { signal.notified().await }
                })
                .keep_alive(cfg.keep_alive)
                // A client that closes its side has gone: actix then drops the request's
                // future, and with it the heavy work it waits for (issue 27). Allowing
                // half-closed connections (actix's default) kept computing for nobody.
                .h1_allow_half_closed(false)
                .client_request_timeout(cfg.head_timeout)
                .client_disconnect_timeout(cfg.disconnect_timeout)
                .local_addr(addr)
                .finish(map_config(app, |_| AppConfig::default()));
            fn_service(move |io: tokio::net::TcpStream| async move {
                let peer = io.peer_addr().ok();
                // An answer streamed in small writes (the API's) would otherwise wait on
                // the client's delayed acknowledgement, ~40 ms a request (Nagle's
                // algorithm; BENCHMARKS.md, Star Wars TCG odds, second round). A socket
                // that refuses the option still serves.
                let _ = io.set_nodelay(true);
                match guard.accept(io).await {
                    Some(io) => Ok((io, actix_http::Protocol::Http1, peer)),
                    None => Err(actix_http::error::DispatchError::Io(std::io::Error::other(
                        "answered by the head guard",
                    ))),
                }
            })
            .and_then(http)
        })?;
    }
    Ok((builder.run(), addrs))
}

/// Pending connections the kernel queues per listener (actix-web's default).
const LISTEN_BACKLOG: u32 = 1024;

/// A listener for every address `addr` resolves to, as actix-web binds them
/// (`SO_REUSEADDR`, a backlog of [`LISTEN_BACKLOG`]); an error if none binds.
fn listeners(addr: &str) -> std::io::Result<Vec<std::net::TcpListener>> {
    use socket2::{Domain, Protocol, Socket, Type};
    use std::net::ToSocketAddrs;
    let mut bound = Vec::new();
    let mut last_err = None;
    for addr in addr.to_socket_addrs()? {
        let made = (|| {
            let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
            socket.set_reuse_address(true)?;
            socket.bind(&addr.into())?;
            socket.listen(LISTEN_BACKLOG as i32)?;
            Ok::<_, std::io::Error>(std::net::TcpListener::from(socket))
        })();
        match made {
            Ok(listener) => bound.push(listener),
            Err(err) => last_err = Some(err),
        }
    }
    if bound.is_empty() {
        return Err(last_err.unwrap_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::AddrNotAvailable,
                format!("{addr} resolves to no address"),
            )
        }));
    }
    Ok(bound)
}

/// Serves until the process is stopped.
pub async fn serve(state: AppState, cfg: ServeConfig) -> std::io::Result<()> {
    let (server, addrs) = bind(state, &cfg)?;
    tracing::info!(addr = %cfg.addr, ?addrs, "serving");
    server.await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connection_cap_follows_the_open_file_limit() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max cpu time              unlimited            unlimited            seconds\n\
                      Max open files            1024                 524288               files\n";
        assert_eq!(open_files_limit(limits), Some(1024));
        assert_eq!(
            open_files_limit("Max open files  unlimited  unlimited  files"),
            None
        );
        assert_eq!(open_files_limit(""), None);
        let cap = default_max_connections();
        assert!((64..=25_000).contains(&cap), "{cap}");
    }
}
