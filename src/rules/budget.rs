//! A computation's budget: a deadline and a cancel flag, checked by the engine's loops
//! (the recorder and replayer of `game.rs`, the enumeration of `odds.rs`, a game's own
//! odds model) so that a replay or an odds computation nobody waits for any more stops.
//!
//! The budget reaches those loops through the thread that runs them, not through their
//! signatures: whoever sets one runs the work inside [`Budget::enter`], and a loop asks
//! [`exhausted`] once a step. A loop whose budget has run out returns early with what it
//! has (a shorter replay, a "too many branches" error), and whoever set the budget must
//! throw that result away and report [`Budget::stopped`] instead; without a budget (the
//! command line, the tests) [`exhausted`] is always `false` and nothing changes.
//!
//! Leaves out: what the client is told (the web's heavy-work bound words the refusal) and
//! any clock of its own beyond [`Instant`].

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why a budget stopped its computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The deadline passed: the work ran for longer than the budget's limit.
    Deadline(Duration),
    /// [`Budget::cancel`] was called: nobody waits for the answer any more.
    Cancelled,
}

/// A deadline and a cancel flag shared by the work and whoever waits for it (clones
/// share them).
#[derive(Debug, Clone)]
pub struct Budget {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    limit: Option<Duration>,
    deadline: Option<Instant>,
    cancelled: AtomicBool,
    /// Set once the deadline has been seen to pass, so that [`Budget::stopped`] agrees
    /// with what a loop saw.
    expired: AtomicBool,
}

impl Inner {
    fn exhausted(&self) -> bool {
        if self.cancelled.load(Ordering::Relaxed) || self.expired.load(Ordering::Relaxed) {
            return true;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.expired.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

impl Budget {
    /// A budget whose deadline is `limit` from now (`None`: no deadline, only the flag).
    pub fn new(limit: Option<Duration>) -> Budget {
        Budget {
            inner: Arc::new(Inner {
                limit,
                deadline: limit.and_then(|l| Instant::now().checked_add(l)),
                cancelled: AtomicBool::new(false),
                expired: AtomicBool::new(false),
            }),
        }
    }

    /// When the deadline passes, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.inner.deadline
    }

    /// Asks the work to stop at its next check.
    pub fn cancel(&self) {
        self.inner.cancelled.store(true, Ordering::Relaxed);
    }

    /// Why the work was stopped: it was cancelled, or a check ([`exhausted`]) found its
    /// deadline passed; `None` while neither (work that finished late without checking
    /// again is complete, and not reported).
    pub fn stopped(&self) -> Option<Stop> {
        if self.inner.cancelled.load(Ordering::Relaxed) {
            return Some(Stop::Cancelled);
        }
        if self.inner.expired.load(Ordering::Relaxed) {
            return Some(Stop::Deadline(self.inner.limit.unwrap_or_default()));
        }
        None
    }

    /// Runs `work` with this budget as the current thread's (the one [`exhausted`]
    /// reads), the previous one back afterwards (a panic included).
    pub fn enter<T>(&self, work: impl FnOnce() -> T) -> T {
        struct Restore(Option<Arc<Inner>>);
        impl Drop for Restore {
            fn drop(&mut self) {
                let previous = self.0.take();
                CURRENT.with(|c| *c.borrow_mut() = previous);
            }
        }
        let previous = CURRENT.with(|c| c.borrow_mut().replace(self.inner.clone()));
        let _restore = Restore(previous);
        work()
    }
}

thread_local! {
    /// The budget of the work this thread is running, if any ([`Budget::enter`]).
    static CURRENT: RefCell<Option<Arc<Inner>>> = const { RefCell::new(None) };
}

/// Whether the current thread's budget has run out (its deadline passed or it was
/// cancelled): the check the engine's loops make once a step. Always `false` outside
/// [`Budget::enter`].
pub fn exhausted() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(|b| b.exhausted()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_budget_never_runs_out() {
        assert!(!exhausted());
    }

    #[test]
    fn a_cancelled_budget_is_seen_inside_enter_only() {
        let budget = Budget::new(None);
        budget.enter(|| assert!(!exhausted()));
        budget.cancel();
        assert!(budget.enter(exhausted));
        assert!(!exhausted());
        assert_eq!(budget.stopped(), Some(Stop::Cancelled));
    }

    #[test]
    fn a_passed_deadline_says_its_limit() {
        let budget = Budget::new(Some(Duration::ZERO));
        assert!(budget.enter(exhausted));
        assert_eq!(budget.stopped(), Some(Stop::Deadline(Duration::ZERO)));
        let later = Budget::new(Some(Duration::from_secs(3600)));
        assert!(!later.enter(exhausted));
        assert_eq!(later.stopped(), None);
    }
}
