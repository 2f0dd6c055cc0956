//! Worker threads, the queue that feeds them, and the async handle callers hold.

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;
use std::sync::{mpsc, Arc};
use std::thread;

use crossbeam_channel::{Receiver, Sender, TrySendError};
use tokio::sync::oneshot;

use crate::engine::{Engine, Limits, JS_STACK_LIMIT};
use crate::{PoolConfig, RenderedPage, SsrError};

/// Room above QuickJS's own stack limit for the Rust frames around it.
const WORKER_STACK_SIZE: usize = JS_STACK_LIMIT + 4 * 1024 * 1024;

struct Job {
    url: String,
    props_json: String,
    reply: oneshot::Sender<Result<RenderedPage, SsrError>>,
}

/// Cloneable handle to the render threads. The threads stop once every handle is dropped
/// and the queued renders are done. The queue is bounded: a render that finds it full is
/// refused at once with [`SsrError::Busy`].
#[derive(Clone)]
pub struct RenderPool {
    inner: Arc<Inner>,
}

struct Inner {
    jobs: Sender<Job>,
    threads: usize,
}

impl fmt::Debug for RenderPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RenderPool")
            .field("threads", &self.inner.threads)
            .field("queued", &self.inner.jobs.len())
            .field("capacity", &self.inner.jobs.capacity())
            .finish()
    }
}

impl RenderPool {
    /// Starts `config.threads` workers and loads the bundle in each; fails if any of them
    /// cannot evaluate it or it does not define `globalThis.vetrinaRender`.
    pub fn new(bundle_source: String, config: PoolConfig) -> Result<Self, SsrError> {
        if config.threads == 0 {
            return Err(SsrError::Load("the pool needs at least one thread".into()));
        }
        let bundle: Arc<str> = bundle_source.into();
        let limits = Limits {
            timeout: config.timeout,
            memory: config.memory_limit,
        };
        // Zero places is a rendezvous: a render is taken only by an idle thread.
        let places = config.threads.saturating_mul(config.queue_per_thread);
        let (jobs, queue) = crossbeam_channel::bounded::<Job>(places);
        let (ready_tx, ready_rx) = mpsc::channel();
        for index in 0..config.threads {
            let worker = Worker {
                bundle: Arc::clone(&bundle),
                limits,
                queue: queue.clone(),
            };
            let ready = ready_tx.clone();
            thread::Builder::new()
                .name(format!("ssr-render-{index}"))
                .stack_size(WORKER_STACK_SIZE)
                .spawn(move || worker.run(ready))
                .map_err(|e| SsrError::Load(format!("cannot start a render thread: {e}")))?;
        }
        drop(ready_tx);
        // Every worker reports once; the first failure wins and dropping `jobs` stops the rest.
        for _ in 0..config.threads {
            match ready_rx.recv() {
                Ok(Ok(())) => {}
                Ok(Err(error)) => return Err(error),
                Err(_) => return Err(SsrError::Load("a render thread died while loading".into())),
            }
        }
        Ok(Self {
            inner: Arc::new(Inner {
                jobs,
                threads: config.threads,
            }),
        })
    }

    /// Reads the bundle from a file, then as [`RenderPool::new`].
    pub fn from_file(path: &Path, config: PoolConfig) -> Result<Self, SsrError> {
        let source = std::fs::read_to_string(path)
            .map_err(|e| SsrError::Load(format!("{}: {e}", path.display())))?;
        Self::new(source, config)
    }

    /// Renders `url` with the page's props (a JSON string handed to the bundle as is).
    /// When every thread is busy and the queue is full, answers [`SsrError::Busy`] at once.
    pub async fn render(&self, url: &str, props_json: &str) -> Result<RenderedPage, SsrError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            url: url.to_owned(),
            props_json: props_json.to_owned(),
            reply,
        };
        self.inner.jobs.try_send(job).map_err(|e| match e {
            TrySendError::Full(_) => SsrError::Busy,
            TrySendError::Disconnected(_) => SsrError::PoolClosed,
        })?;
        answer.await.map_err(|_| SsrError::PoolClosed)?
    }

    /// Renders waiting for a thread (not counting those being rendered).
    pub fn queued(&self) -> usize {
        self.inner.jobs.len()
    }

    /// Number of render threads.
    pub fn threads(&self) -> usize {
        self.inner.threads
    }
}

struct Worker {
    bundle: Arc<str>,
    limits: Limits,
    queue: Receiver<Job>,
}

impl Worker {
    fn run(self, ready: mpsc::Sender<Result<(), SsrError>>) {
        let mut engine = match Engine::load(&self.bundle, self.limits) {
            Ok(engine) => {
                let _ = ready.send(Ok(()));
                Some(engine)
            }
            Err(error) => {
                let _ = ready.send(Err(error));
                return;
            }
        };
        drop(ready);
        for job in self.queue.iter() {
            // The caller stopped waiting (request cancelled): skip the work.
            if job.reply.is_closed() {
                continue;
            }
            if engine.is_none() {
                engine = self.reload();
            }
            let Some(current) = engine.as_ref() else {
                let _ = job.reply.send(Err(SsrError::Load(
                    "the render engine could not be restarted".into(),
                )));
                continue;
            };
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                current.render(&job.url, &job.props_json)
            }));
            let (result, spoiled) = match outcome {
                // After a failure, also a heap left nearly full (garbage the bundle keeps
                // alive, a leak) would fail the next render: start afresh.
                Ok(Err(error)) => {
                    let spoiled = error.spoils_engine() || current.near_memory_limit();
                    (Err(error), spoiled)
                }
                Ok(page) => (page, false),
                Err(_) => (
                    Err(SsrError::Js {
                        message: "the render engine panicked".into(),
                        stack: None,
                    }),
                    true,
                ),
            };
            if let Err(error) = &result {
                tracing::warn!(target: "ssr", url = %job.url, "render failed: {error}");
            }
            // Answer first: the caller need not wait for the engine to be rebuilt.
            let _ = job.reply.send(result);
            if spoiled {
                // Free the old heap before building the new one.
                drop(engine.take());
                engine = self.reload();
            }
        }
    }

    /// A fresh runtime from the shared bundle source, after a timeout, OOM or panic.
    /// `None` (logged) when it cannot be built; the next render tries again.
    fn reload(&self) -> Option<Engine> {
        let loaded =
            panic::catch_unwind(AssertUnwindSafe(|| Engine::load(&self.bundle, self.limits)));
        match loaded {
            Ok(Ok(engine)) => Some(engine),
            Ok(Err(error)) => {
                tracing::error!(target: "ssr", "cannot restart the render engine: {error}");
                None
            }
            Err(_) => {
                tracing::error!(target: "ssr", "cannot restart the render engine: it panicked");
                None
            }
        }
    }
}
