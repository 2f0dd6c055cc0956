//! Work that allocates a lot and holds a core (drawing pictures, reading and processing
//! price lists) on a thread of its own per kind, taken in turn from a bounded queue.
//!
//! On tokio's blocking pool such work ran on whichever threads were free, glibc kept a heap
//! (arena) for each of them, and the memory stayed: drawing the demo shop's cards left the
//! server ~80 MB bigger for good, and each 100,000-row price list processed on yet another
//! thread added ~30 MB more. One thread reuses one heap; on a two-core machine one job at a
//! time is also as fast as the work goes, and a full queue answers at once instead of
//! piling requests up.

use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, SyncSender, TrySendError};
use std::thread;

type Job = Box<dyn FnOnce() + Send>;

/// Why a job did not run to its end.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// The queue is full: the caller answers "busy, try again".
    #[error("work queue full")]
    Busy,
    #[error("worker thread not running")]
    Stopped,
    #[error("work panicked")]
    Panicked,
}

/// A named thread and its queue of at most `queue` waiting jobs.
pub struct Worker {
    jobs: Option<SyncSender<Job>>,
}

impl Worker {
    pub fn start(name: &str, queue: usize) -> Self {
        let (jobs, waiting) = mpsc::sync_channel::<Job>(queue);
        let started = thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                for job in waiting {
                    job();
                }
            })
            .inspect_err(|err| tracing::error!(error = %err, name, "worker thread not started"))
            .is_ok();
        Worker {
            jobs: started.then_some(jobs),
        }
    }

    /// Runs `work` on the worker's thread and waits for it without blocking the caller's
    /// runtime; [`WorkerError::Busy`] at once when the queue is full.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkerError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = reply.send(panic::catch_unwind(AssertUnwindSafe(work)));
        });
        let jobs = self.jobs.as_ref().ok_or(WorkerError::Stopped)?;
        jobs.try_send(job).map_err(|e| match e {
            TrySendError::Full(_) => WorkerError::Busy,
            TrySendError::Disconnected(_) => WorkerError::Stopped,
        })?;
        match answer.await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_)) => Err(WorkerError::Panicked),
            Err(_) => Err(WorkerError::Stopped),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_off_the_caller_a_panic_is_an_error_and_a_full_queue_is_busy() {
        let worker = std::sync::Arc::new(Worker::start("test-worker", 1));
        let caller = std::thread::current().id();
        let ran_on = worker
            .run(|| std::thread::current().id())
            .await
            .expect("runs");
        assert_ne!(ran_on, caller);
        assert!(matches!(
            worker.run(|| panic!("bad job")).await,
            Err(WorkerError::Panicked)
        ));
        assert_eq!(worker.run(|| 2 + 2).await.expect("still runs"), 4);
        // One job running, one waiting: a third is refused at once.
        let (hold, release) = std::sync::mpsc::channel::<()>();
        let w = worker.clone();
        let running = tokio::spawn(async move { w.run(move || release.recv().ok()).await });
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let w = worker.clone();
        let waiting = tokio::spawn(async move { w.run(|| ()).await });
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert!(matches!(worker.run(|| ()).await, Err(WorkerError::Busy)));
        hold.send(()).unwrap();
        running.await.unwrap().unwrap();
        waiting.await.unwrap().unwrap();
    }
}
