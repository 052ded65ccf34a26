//! Where passwords are checked: a few threads of their own, started on the first sign-in,
//! each reusing its memory from one check to the next.
//!
//! Why not actix's blocking pool: an Argon2id check allocates its 19 MiB of memory blocks
//! on whichever of the pool's many threads runs it, and the allocator keeps each thread's
//! freed blocks for that thread: under a flood of sign-ins the server's peak RSS grew by
//! 19 MiB a thread (766 MiB, docs/reliability.md). Here the threads are at most half the
//! cores, so the checks never take every core from the pages either, and a check asked
//! for while every thread is busy is refused at once (the caller answers 503), never
//! queued. It owns no password and no store: it runs what it is given.

use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::{oneshot, Semaphore};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// The password-checking threads.
pub(super) struct Hashers {
    threads: usize,
    started: OnceLock<Started>,
}

struct Started {
    jobs: Mutex<mpsc::Sender<Job>>,
    idle: Arc<Semaphore>,
}

impl Hashers {
    /// `threads` checking threads (at least one), started on first use.
    pub(super) fn new(threads: usize) -> Hashers {
        Hashers {
            threads: threads.max(1),
            started: OnceLock::new(),
        }
    }

    /// Half the cores, at least one: the pages keep the rest.
    pub(super) fn for_this_machine() -> Hashers {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Hashers::new(cores / 2)
    }

    fn started(&self) -> &Started {
        self.started.get_or_init(|| {
            let (jobs, queue) = mpsc::channel::<Job>();
            let queue = Arc::new(Mutex::new(queue));
            for i in 0..self.threads {
                let queue = queue.clone();
                // A thread that cannot be started leaves fewer; the semaphore still
                // bounds the checks waiting for the rest.
                let _ = std::thread::Builder::new()
                    .name(format!("arbiter-password-{i}"))
                    .spawn(move || loop {
                        let next = match queue.lock() {
                            Ok(queue) => queue.recv(),
                            Err(_) => return,
                        };
                        match next {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    });
            }
            Started {
                jobs: Mutex::new(jobs),
                idle: Arc::new(Semaphore::new(self.threads)),
            }
        })
    }

    /// Runs `check` on a checking thread and answers with its result; `None` at once
    /// when every thread is busy. The thread is held until `check` returns, even when
    /// the client has gone.
    pub(super) fn try_run<T: Send + 'static>(
        &self,
        check: impl FnOnce() -> T + Send + 'static,
    ) -> Option<oneshot::Receiver<T>> {
        let started = self.started();
        let permit = started.idle.clone().try_acquire_owned().ok()?;
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move || {
            let answer = check();
            // Free before answering: the next sign-in the answer lets through finds the
            // thread idle.
            drop(permit);
            let _ = reply.send(answer);
        });
        started.jobs.lock().ok()?.send(job).ok()?;
        Some(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_runs_on_its_own_thread_and_a_busy_pool_refuses_at_once() {
        let hashers = Hashers::new(1);
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let first = hashers
            .try_run(move || {
                let _ = wait.recv();
                std::thread::current().name().map(str::to_string)
            })
            .expect("an idle thread");
        assert!(
            hashers.try_run(|| ()).is_none(),
            "refused while the only thread is busy"
        );
        release.send(()).unwrap();
        let name = first.blocking_recv().unwrap();
        assert_eq!(name.as_deref(), Some("arbiter-password-0"));
        // Free again once the check is done.
        let again = loop {
            if let Some(r) = hashers.try_run(|| 7) {
                break r;
            }
            std::thread::yield_now();
        };
        assert_eq!(again.blocking_recv().unwrap(), 7);
    }
}
