//! Image work (drawing product cards, re-encoding fetched pictures) on one thread of its own.
//!
//! Each image takes megabytes of pixels. On tokio's blocking pool the work ran on whichever
//! threads were free, glibc kept a heap for each of them, and drawing the demo shop's cards
//! at start-up left the server about 80 MB bigger for good. One thread reuses one heap; one
//! image at a time is also as fast as a two-core machine draws them, and it bounds the
//! memory a burst of large pictures can take.

use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::LazyLock;
use std::thread;

use anyhow::anyhow;

type Job = Box<dyn FnOnce() + Send>;

static JOBS: LazyLock<Option<mpsc::Sender<Job>>> = LazyLock::new(|| {
    let (jobs, queue) = mpsc::channel::<Job>();
    thread::Builder::new()
        .name("images".into())
        .spawn(move || {
            for job in queue {
                job();
            }
        })
        .inspect_err(|err| tracing::error!(error = %err, "image thread not started"))
        .ok()?;
    Some(jobs)
});

/// Runs `work` on the image thread and waits for it without blocking the caller's runtime.
pub async fn run<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    let (reply, answer) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = reply.send(panic::catch_unwind(AssertUnwindSafe(work)));
    });
    let jobs = JOBS
        .as_ref()
        .ok_or_else(|| anyhow!("image thread not running"))?;
    jobs.send(job)
        .map_err(|_| anyhow!("image thread stopped"))?;
    match answer.await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(_)) => Err(anyhow!("image work panicked")),
        Err(_) => Err(anyhow!("image thread stopped")),
    }
}

#[cfg(test)]
mod tests {
    use super::run;

    #[tokio::test]
    async fn work_runs_off_the_caller_and_a_panic_is_an_error_not_a_dead_thread() {
        let caller = std::thread::current().id();
        let ran_on = run(|| std::thread::current().id()).await.expect("runs");
        assert_ne!(ran_on, caller);
        assert!(run(|| panic!("bad image")).await.is_err());
        assert_eq!(run(|| 2 + 2).await.expect("still runs"), 4);
    }
}
