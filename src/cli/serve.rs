//! `arbiter serve`: the server's limit flags (`ServeLimits`, `StoreLimits`, `JudgeFlags`)
//! and their translation into the web configuration, then opening the catalogue, the
//! search index, the permalink store and the judges' store, and running the server. The server itself is the
//! library's (`arbiter::web`); the other flags are read in `main.rs`.

use crate::open;
use anyhow::Context;
use arbiter::catalogue;
use arbiter::web::{self, AppState, ServeConfig};
use clap::Args;
use std::path::Path;

/// How long a client may take and how many may connect (docs/security.md).
#[derive(Args, Clone)]
pub(crate) struct ServeLimits {
    /// Seconds a request's line and headers may take to arrive (then 408).
    #[arg(long, value_name = "SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=3600))]
    head_timeout: u64,
    /// Seconds a request's body may take, from when it is first read (then 408).
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    body_timeout: u64,
    /// Seconds one connection may stay open in all, however it is used; then no new
    /// request is read, the one in progress is finished and the connection closed.
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    connection_timeout: u64,
    /// Seconds an idle keep-alive connection is kept.
    #[arg(long, value_name = "SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=3600))]
    keep_alive: u64,
    /// Connections open at once over all workers (default: three quarters of the
    /// open-file limit).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: Option<u64>,
}

impl ServeLimits {
    pub(crate) fn config(&self, addr: String, workers: Option<usize>) -> ServeConfig {
        use std::time::Duration;
        let defaults = ServeConfig::default();
        ServeConfig {
            addr,
            workers,
            head_timeout: Duration::from_secs(self.head_timeout),
            body_timeout: Duration::from_secs(self.body_timeout),
            keep_alive: Duration::from_secs(self.keep_alive),
            connection_timeout: Duration::from_secs(self.connection_timeout),
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
pub(crate) struct StoreLimits {
    /// Adjudications replayed at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    heavy_concurrent: Option<u64>,
    /// Adjudications that may wait for a turn; one more is answered 503 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = 64)]
    heavy_queue: usize,
    /// The Retry-After of that 503, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 5)]
    heavy_retry_after: u64,
    /// How long one adjudication (its replays, odds and answer) may run before it is
    /// stopped and answered 503 `deadline`, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = web::DEFAULT_DEADLINE.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    heavy_deadline: u64,
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
    /// Bytes of position JSON the permalinks one client (IPv4 address, IPv6 /64) created
    /// may hold; one more is 429 (default: a sixteenth of --permalinks-max-bytes).
    #[arg(long, value_name = "BYTES")]
    permalinks_client_bytes: Option<u64>,
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
            deadline: std::time::Duration::from_secs(self.heavy_deadline),
        }
    }

    fn permalinks(&self) -> arbiter::permalinks::PermalinkLimits {
        arbiter::permalinks::PermalinkLimits {
            max_bytes: self.permalinks_max_bytes,
            max_count: self.permalinks_max_count,
            keep_days: self.permalinks_keep_days,
            per_client_per_minute: self.permalinks_per_minute,
            per_client_bytes: self.permalinks_client_bytes,
        }
    }
}

/// How judges' sessions behave (docs/security.md).
#[derive(Args, Clone)]
pub(crate) struct JudgeFlags {
    /// The server runs behind TLS (a proxy that terminates HTTPS): judges' session
    /// cookies are marked `Secure`.
    #[arg(long)]
    behind_tls: bool,
    /// Hours a judge's session lasts from sign-in.
    #[arg(long, value_name = "HOURS", default_value_t = 12, value_parser = clap::value_parser!(u64).range(1..=24 * 30))]
    judge_session_hours: u64,
}

impl JudgeFlags {
    fn config(&self) -> web::judge::JudgeConfig {
        web::judge::JudgeConfig {
            secure_cookie: self.behind_tls,
            session_secs: self.judge_session_hours as i64 * 3600,
            ..Default::default()
        }
    }
}

pub(crate) fn serve(
    db: &Path,
    cfg: ServeConfig,
    search_cache: usize,
    cards: &catalogue::OpenConfig,
    store: &StoreLimits,
    judge_flags: &JudgeFlags,
) -> anyhow::Result<()> {
    use std::sync::Arc;
    let (catalogue, search) = open(db, cards)?;
    let links = arbiter::permalinks::Permalinks::open_with(
        &arbiter::permalinks::path_for(db),
        store.permalinks(),
    )?;
    let judges = Arc::new(arbiter::rulings::store::JudgeStore::open(
        &arbiter::rulings::store::path_for(db),
    )?);
    let from_catalogue = catalogue.rulings().to_vec();
    let from_judges = web::judge::shown_beside(&from_catalogue, judges.rulings()?);
    let rulings = arbiter::rulings::Rulings::new(from_catalogue, from_judges)
        .context("the judges' rulings do not hold together with the catalogue's")?;
    let state = AppState::with_search_cache(catalogue, search, search_cache)
        .with_permalinks(Arc::new(links))
        .with_heavy_work(store.heavy())
        .with_rulings(Arc::new(rulings))
        .with_judges(Arc::new(web::judge::Judges::new(
            judges,
            judge_flags.config(),
        )));
    actix_web::rt::System::new().block_on(web::serve(state, cfg))?;
    Ok(())
}
