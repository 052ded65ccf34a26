//! Bounds on what one server spends on adjudications (issues #12, #27): at most
//! [`HeavyWorkConfig::concurrent`] adjudications run at once, at most
//! [`HeavyWorkConfig::queue`] more wait for a turn, and any beyond that are refused at
//! once with 503 and `Retry-After`. Every handler that plays a position out (the API, the
//! builder, the step, download, choose, decide, answer and compare pages) goes through
//! [`HeavyWork`], on the blocking pool, so the async workers stay free for `/ping` and
//! ordinary pages. A turn covers all of a request's work: its replays (both sides of a
//! comparison), its odds and the rendering of its answer, so no replay is alive outside
//! one ([`HeavyWork::most_holding`] counts them).
//!
//! Each turn has a [`Budget`]: a deadline ([`HeavyWorkConfig::deadline`], from when the
//! turn starts) and a cancel flag raised when the request is dropped (its client has
//! gone), which the engine's loops check once a step. The turn is given back only when
//! the work has stopped.
//!
//! Also the refusals of this page family that are not plain [`Failure`]s: busy and past
//! the deadline (503), a client storing permalinks too fast or past its byte budget
//! (429) and a full permalink store (507), each with `Retry-After` and a body in the request's format.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::web;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::permalinks::PermalinkError;
use crate::rules::budget::{Budget, Stop};
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;

/// How much adjudication work runs at once. Defaults: [`HeavyWorkConfig::default`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeavyWorkConfig {
    /// Adjudications running at once (each holds up to ~100 MB while it runs; a
    /// comparison's two replays are one). Default: the number of cores.
    pub concurrent: usize,
    /// Requests that may wait for a turn beyond those running; one more is a 503.
    /// Default: 64. A waiting request holds only its body (at most 64 KiB).
    pub queue: usize,
    /// The `Retry-After` of a 503, in seconds. Default: 5.
    pub retry_after_secs: u64,
    /// How long one turn may run (replays, odds and the answer's rendering; a streamed
    /// answer until it is sent) before it is stopped and answered 503 `deadline`.
    /// Default: 10 seconds.
    pub deadline: Duration,
}

/// [`HeavyWorkConfig::deadline`]'s default: a step-bound game's step page takes well under
/// a second in a release build.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(10);

impl Default for HeavyWorkConfig {
    fn default() -> Self {
        HeavyWorkConfig {
            concurrent: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue: 64,
            retry_after_secs: 5,
            deadline: DEFAULT_DEADLINE,
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
    /// Requests holding replays now, and the most at once.
    holding: Arc<Gauge>,
}

/// A count and its high-water mark.
#[derive(Debug, Default)]
struct Gauge {
    now: AtomicUsize,
    most: AtomicUsize,
}

/// One request's hold on replays, counted by [`HeavyWork::most_holding`] while it lives.
#[derive(Debug)]
pub(super) struct Holding(Arc<Gauge>);

impl Drop for Holding {
    fn drop(&mut self) {
        self.0.now.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A turn at heavy work: dropping it lets the next request in. It carries the turn's
/// [`Budget`].
#[derive(Debug)]
pub(super) struct HeavyPermit {
    _running: OwnedSemaphorePermit,
    _admitted: OwnedSemaphorePermit,
    budget: Budget,
}

impl HeavyPermit {
    /// The turn's deadline and cancel flag.
    pub(super) fn budget(&self) -> &Budget {
        &self.budget
    }
}

/// Cancels a budget when dropped: held by the request's future, so that a request
/// dropped before its work is done (its client gone) stops that work.
pub(super) struct CancelOnDrop(pub(super) Budget);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
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
            holding: Arc::default(),
        }
    }

    /// The configuration in force.
    pub fn config(&self) -> HeavyWorkConfig {
        self.config
    }

    /// The most requests that have held replays at once since the server started (a
    /// comparison's two replays count once): never more than
    /// [`HeavyWorkConfig::concurrent`], since a replay lives only within a turn.
    pub fn most_holding(&self) -> usize {
        self.holding.most.load(Ordering::SeqCst)
    }

    /// The requests holding replays now.
    pub fn holding(&self) -> usize {
        self.holding.now.load(Ordering::SeqCst)
    }

    /// Counts a request's hold on replays until the [`Holding`] is dropped.
    pub(super) fn hold(&self) -> Holding {
        let now = self.holding.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.holding.most.fetch_max(now, Ordering::SeqCst);
        Holding(self.holding.clone())
    }

    /// Waits for a turn; a 503 at once when the queue is full. The turn's deadline
    /// starts when it is granted.
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
        // The wait for a turn is bounded too, by the deadline the turn would have: a
        // request is never left queued longer than its connection may live.
        let wait = self.config.deadline;
        let running = tokio::time::timeout(wait, self.running.clone().acquire_owned())
            .await
            .map_err(|_| {
                limited(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "busy",
                    self.config.retry_after_secs,
                    format!(
                        "the server is busy: this request waited {} seconds for one of its {} \
                         turns at adjudication (`serve --heavy-deadline`) and got none; try \
                         again in {} seconds",
                        wait.as_secs_f64(),
                        self.config.concurrent,
                        self.config.retry_after_secs
                    ),
                    out,
                )
            })?
            .map_err(|_| {
                WebError::Internal("the heavy-work bound is closed".into()).in_format(out)
            })?;
        Ok(HeavyPermit {
            _running: running,
            _admitted: admitted,
            budget: Budget::new(Some(self.config.deadline)),
        })
    }

    /// Runs `f` on the blocking pool within the bound, under one turn and its budget:
    /// the turn is held until `f` has returned, `f` is asked to stop when this future is
    /// dropped, and a stopped `f`'s result is replaced by the refusal naming the limit.
    pub(in crate::web) async fn run<T: Send + 'static>(
        &self,
        out: Format,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Failure> {
        let permit = self.admit(out).await?;
        let budget = permit.budget().clone();
        let _cancel = CancelOnDrop(budget.clone());
        let result = web::block(move || {
            let budget = permit.budget().clone();
            let result = budget.enter(f);
            drop(permit);
            result
        })
        .await
        .map_err(|e| {
            WebError::Internal(format!("the engine did not finish: {e}")).in_format(out)
        })?;
        match budget.stopped() {
            None => Ok(result),
            Some(stop) => Err(self.stopped(stop, out)),
        }
    }

    /// The refusal of work its budget stopped.
    pub(super) fn stopped(&self, stop: Stop, out: Format) -> Refused {
        let secs = self.config.deadline.as_secs_f64();
        let message = match stop {
            Stop::Deadline(_) => format!(
                "the adjudication was stopped at its deadline: it ran for longer than {secs} \
                 seconds, the server's limit (serve --heavy-deadline); pin some chance \
                 outcomes or play fewer turns"
            ),
            Stop::Cancelled => "the adjudication was stopped: its request was cancelled".into(),
        };
        limited(
            StatusCode::SERVICE_UNAVAILABLE,
            "deadline",
            self.config.retry_after_secs,
            message,
            out,
        )
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

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::ResponseError;

    /// A request waits for a turn at most the turn's deadline, then is refused as busy
    /// (503 with `Retry-After`), never left queued for as long as the queue takes.
    #[actix_web::test]
    async fn the_wait_for_a_turn_ends_at_the_deadline() {
        let heavy = HeavyWork::new(HeavyWorkConfig {
            concurrent: 1,
            queue: 4,
            retry_after_secs: 3,
            deadline: Duration::from_millis(200),
        });
        let held = heavy
            .admit(Format::Json)
            .await
            .expect("the first gets the turn");
        let started = std::time::Instant::now();
        let refused = heavy
            .admit(Format::Json)
            .await
            .expect_err("no turn in time");
        assert!(started.elapsed() >= Duration::from_millis(200));
        assert_eq!(refused.status_code(), StatusCode::SERVICE_UNAVAILABLE);
        let text = refused.error.to_string();
        assert!(text.contains("waited 0.2 seconds"), "{text}");
        assert!(text.contains("--heavy-deadline"), "{text}");
        drop(held);
        heavy
            .admit(Format::Json)
            .await
            .expect("a turn once it is free");
    }
}
