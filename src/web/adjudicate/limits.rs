//! Bounds on what one server spends on adjudications (issue #12): at most
//! [`HeavyWorkConfig::concurrent`] replays run at once, at most
//! [`HeavyWorkConfig::queue`] more wait for a turn, and any beyond that are refused at
//! once with 503 and `Retry-After`. Every handler that plays a position out (the API, the
//! builder, the step, download, choose and compare pages) goes through [`HeavyWork`], on
//! the blocking pool, so the async workers stay free for `/ping` and ordinary pages.
//!
//! Also the refusals of this page family that are not plain [`Failure`]s: busy (503),
//! a client storing permalinks too fast or past its byte budget (429) and a full
//! permalink store (507), each with
//! `Retry-After` and a body in the request's format.

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::web;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::permalinks::PermalinkError;
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;

/// How much adjudication work runs at once. Defaults: [`HeavyWorkConfig::default`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeavyWorkConfig {
    /// Replays running at once (each holds up to ~100 MB while it runs). Default: the
    /// number of cores.
    pub concurrent: usize,
    /// Requests that may wait for a turn beyond those running; one more is a 503.
    /// Default: 64. A waiting request holds only its body (at most 64 KiB).
    pub queue: usize,
    /// The `Retry-After` of a 503, in seconds. Default: 5.
    pub retry_after_secs: u64,
}

impl Default for HeavyWorkConfig {
    fn default() -> Self {
        HeavyWorkConfig {
            concurrent: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue: 64,
            retry_after_secs: 5,
        }
    }
}

/// The shared bound: one per server, in [`crate::web::AppState`].
#[derive(Debug)]
pub struct HeavyWork {
    config: HeavyWorkConfig,
    /// Admission: running plus waiting.
    admitted: Arc<Semaphore>,
    /// Running.
    running: Arc<Semaphore>,
}

/// A turn at heavy work: dropping it lets the next request in.
#[derive(Debug)]
pub(super) struct HeavyPermit {
    _running: OwnedSemaphorePermit,
    _admitted: OwnedSemaphorePermit,
}

impl HeavyWork {
    /// The bound `config` sets (a `concurrent` of 0 counts as 1).
    pub fn new(config: HeavyWorkConfig) -> HeavyWork {
        let concurrent = config.concurrent.max(1);
        HeavyWork {
            config: HeavyWorkConfig {
                concurrent,
                ..config
            },
            admitted: Arc::new(Semaphore::new(concurrent.saturating_add(config.queue))),
            running: Arc::new(Semaphore::new(concurrent)),
        }
    }

    /// The configuration in force.
    pub fn config(&self) -> HeavyWorkConfig {
        self.config
    }

    /// Waits for a turn; a 503 at once when the queue is full.
    pub(super) async fn admit(&self, out: Format) -> Result<HeavyPermit, Refused> {
        let admitted = self.admitted.clone().try_acquire_owned().map_err(|_| {
            limited(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                self.config.retry_after_secs,
                format!(
                    "the server is busy: {} adjudications are running and {} more are \
                     waiting, its limit; try again in {} seconds",
                    self.config.concurrent, self.config.queue, self.config.retry_after_secs
                ),
                out,
            )
        })?;
        let running = self.running.clone().acquire_owned().await.map_err(|_| {
            WebError::Internal("the heavy-work bound is closed".into()).in_format(out)
        })?;
        Ok(HeavyPermit {
            _running: running,
            _admitted: admitted,
        })
    }

    /// Runs `f` on the blocking pool within the bound.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        out: Format,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let permit = self.admit(out).await?;
        let result = web::block(f).await.map_err(|e| {
            WebError::Internal(format!("the engine did not finish: {e}")).in_format(out)
        });
        drop(permit);
        result
    }
}

/// A refusal of this page family: a located [`Failure`], a limit reached among them
/// ([`WebError::Limited`]).
pub(super) type Refused = Failure;

/// A bound reached: the error the client sees, with when to try again.
fn limited(
    status: StatusCode,
    code: &'static str,
    retry_after: u64,
    message: String,
    format: Format,
) -> Refused {
    WebError::Limited {
        status,
        code,
        retry_after,
        message,
    }
    .in_format(format)
}

/// A permalink store error: a limit (429 for a client's rate or byte budget, 507 for a
/// full store), too large (413), or internal.
pub(super) fn permalink_refusal(e: PermalinkError, out: Format) -> Refused {
    match e {
        PermalinkError::TooLarge(_) => WebError::TooLarge(e.to_string()).in_format(out),
        PermalinkError::RateLimited { retry_after, .. } => limited(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            retry_after,
            e.to_string(),
            out,
        ),
        PermalinkError::OverBudget { retry_after, .. } => limited(
            StatusCode::TOO_MANY_REQUESTS,
            "over_budget",
            retry_after,
            e.to_string(),
            out,
        ),
        PermalinkError::Full { retry_after, .. } => limited(
            StatusCode::INSUFFICIENT_STORAGE,
            "store_full",
            retry_after,
            e.to_string(),
            out,
        ),
        other => WebError::Internal(other.to_string()).in_format(out),
    }
}
