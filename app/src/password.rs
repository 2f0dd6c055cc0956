//! argon2id with the RustCrypto defaults (m=19 MiB, t=2, p=1), off the async threads.
//!
//! Every hash and check holds 19 MiB while it runs, so how many run at once is bounded:
//! one per core (more would only queue for the CPU), and a short queue of callers waiting
//! for a turn. A caller beyond the queue is told at once to retry in a moment (429 with
//! `Retry-After`) instead of waiting or taking memory. A flood of logins, registrations
//! or resets thus costs `cores × 19 MiB`, not `requests × 19 MiB`.
//!
//! The computations run on threads of their own, one per turn, not on tokio's blocking
//! pool: that pool starts a new thread whenever none is idle at the instant a job
//! arrives, and every new thread's allocator arena kept its own 19 MiB after the job
//! (408 MiB kept after 100 logins run two at a time). A fixed set of threads reuses the
//! same memory.

use std::cell::RefCell;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, LazyLock, Mutex};

use anyhow::anyhow;
use argon2::password_hash::{
    self, rand_core::OsRng, Output, ParamsString, PasswordHash, PasswordHasher, SaltString,
};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use domain::messages;
use tokio::sync::Semaphore;

use crate::error::{AppError, Result};

/// Callers allowed to wait for a turn, per core (at least [`MIN_WAITING`] in all). A
/// check takes about 30 ms, so the last in the queue waits about a second; a waiting
/// caller holds no hashing memory, only its request.
const WAITING_PER_CORE: usize = 32;
const MIN_WAITING: usize = 32;
/// Seconds a refused caller is told to wait: about a queue's worth of checks.
const RETRY_AFTER_SECS: u64 = 1;

struct Gate {
    cores: usize,
    /// One permit per computation allowed to run.
    running: Arc<Semaphore>,
    /// Running plus waiting: a caller that finds none left is refused.
    admitted: Arc<Semaphore>,
    stats: Arc<Stats>,
    /// To the threads that compute, one per turn.
    workers: mpsc::Sender<Job>,
}

type Job = Box<dyn FnOnce() + Send>;

#[derive(Default)]
struct Stats {
    now: AtomicUsize,
    peak: AtomicUsize,
}

impl Gate {
    fn new(running: usize, waiting: usize) -> Self {
        let (workers, jobs) = mpsc::channel::<Job>();
        let jobs = Arc::new(Mutex::new(jobs));
        for n in 0..running {
            let jobs = jobs.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("password-{n}"))
                .spawn(move || loop {
                    let job = match jobs.lock() {
                        Ok(jobs) => jobs.recv(),
                        Err(_) => return,
                    };
                    let Ok(job) = job else { return };
                    // A panic ends that job only (its caller gets an error), not the thread.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                });
            if let Err(err) = spawned {
                tracing::warn!("password thread not started: {err}");
            }
        }
        Self {
            cores: running,
            running: Arc::new(Semaphore::new(running)),
            admitted: Arc::new(Semaphore::new(running + waiting)),
            stats: Arc::default(),
            workers,
        }
    }

    /// Runs `job` on a password thread once a turn is free, or refuses at once when the
    /// queue is full. The permits move into the job: a client that disconnects cannot
    /// free its turn while its hash still runs.
    async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T> {
        let admission = self
            .admitted
            .clone()
            .try_acquire_owned()
            .map_err(|_| busy())?;
        let turn = self
            .running
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| anyhow!("password gate closed: {e}"))?;
        let stats = self.stats.clone();
        let (done, out) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _held = (admission, turn);
            let now = stats.now.fetch_add(1, Ordering::Relaxed) + 1;
            stats.peak.fetch_max(now, Ordering::Relaxed);
            let out = job();
            stats.now.fetch_sub(1, Ordering::Relaxed);
            let _ = done.send(out);
        });
        if let Err(mpsc::SendError(job)) = self.workers.send(job) {
            // No password thread could be started: tokio's blocking pool does the work.
            tokio::task::spawn_blocking(job);
        }
        out.await
            .map_err(|_| anyhow!("password job ended without an answer").into())
    }
}

static GATE: LazyLock<Gate> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    Gate::new(cores, (cores * WAITING_PER_CORE).max(MIN_WAITING))
});

/// How many computations may run at once (the number of cores).
pub fn concurrency() -> usize {
    GATE.cores
}

/// The most computations that ever ran at the same time in this process (tests and
/// benchmarks read it).
pub fn peak_running() -> usize {
    GATE.stats.peak.load(Ordering::Relaxed)
}

fn busy() -> AppError {
    AppError::TooManyRequests {
        message: messages::PASSWORD_CHECKS_BUSY.into(),
        retry_after: RETRY_AFTER_SECS,
    }
}

async fn gated<T: Send + 'static>(job: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    GATE.run(job).await
}

pub async fn hash(password: String) -> Result<String> {
    let hashed = gated(move || hash_now(password.as_bytes()))
        .await?
        .map_err(|e| anyhow!("password hashing failed: {e}"))?;
    Ok(hashed)
}

/// A real hash of a random password: checked when the e-mail is unknown, so a login
/// for an unknown address takes as long as one with a wrong password.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(crate::token::new_token().as_bytes(), &salt)
        .map(|h| h.to_string())
        .unwrap_or_default()
});

/// Checks `password` against `stored`, or against a dummy hash when there is none.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool> {
    gated(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.clone());
        matches(password.as_bytes(), &stored) && known
    })
    .await
}

thread_local! {
    /// The memory of this thread's computations, allocated at its first and then reused:
    /// a password thread holds one block of 19 MiB for good instead of asking the
    /// allocator for a new one each time (which kept up to 229 MiB after 18 checks on two
    /// threads: the 64-byte-aligned blocks were not given back or reused).
    static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// `argon.hash_password_into(…)` in this thread's reused memory.
fn compute(argon: &Argon2<'_>, password: &[u8], salt: &[u8], out: &mut [u8]) -> argon2::Result<()> {
    BLOCKS.with_borrow_mut(|blocks| {
        let needed = argon.params().block_count();
        if blocks.len() < needed {
            *blocks = vec![Block::default(); needed];
        }
        argon.hash_password_into_with_memory(password, salt, out, &mut blocks[..needed])
    })
}

/// The PHC string of `password` under a new salt, as `Argon2::default().hash_password`
/// makes it.
fn hash_now(password: &[u8]) -> password_hash::Result<String> {
    let argon = Argon2::default();
    let salt = SaltString::generate(&mut OsRng);
    let mut raw_salt = [0u8; 64];
    let salt_bytes = salt.as_salt().decode_b64(&mut raw_salt)?;
    let output = Output::init_with(Params::DEFAULT_OUTPUT_LEN, |out| {
        Ok(compute(&argon, password, salt_bytes, out)?)
    })?;
    let hash = PasswordHash {
        algorithm: Algorithm::default().ident(),
        version: Some(Version::default().into()),
        params: ParamsString::try_from(argon.params())?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    };
    Ok(hash.to_string())
}

/// Whether `password` is the one of the PHC string `stored`, as `verify_password` tells
/// (the outputs are compared in constant time by `Output`'s equality).
fn matches(password: &[u8], stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(version), Ok(params)) = (
        Algorithm::try_from(parsed.algorithm),
        parsed.version.map(Version::try_from).transpose(),
        Params::try_from(&parsed),
    ) else {
        return false;
    };
    let argon = Argon2::new(algorithm, version.unwrap_or_default(), params);
    let mut raw_salt = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut raw_salt) else {
        return false;
    };
    Output::init_with(expected.len(), |out| {
        Ok(compute(&argon, password, salt, out)?)
    })
    .is_ok_and(|computed| computed == expected)
}

/// Builds the dummy hash at start-up rather than on the first unknown login.
pub fn warm_up() {
    LazyLock::force(&DUMMY_HASH);
    LazyLock::force(&GATE);
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    #[test]
    fn hashes_read_and_are_read_as_the_crates_own() {
        let ours = hash_now(b"Cantiere2026!").expect("hash");
        let parsed = PasswordHash::new(&ours).expect("PHC string");
        assert!(
            ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{ours}"
        );
        assert!(argon2::PasswordVerifier::verify_password(
            &Argon2::default(),
            b"Cantiere2026!",
            &parsed
        )
        .is_ok());
        let theirs = Argon2::default()
            .hash_password(b"Cantiere2026!", &SaltString::generate(&mut OsRng))
            .expect("hash")
            .to_string();
        assert!(matches(b"Cantiere2026!", &theirs));
        assert!(!matches(b"Cantiere2026?", &theirs));
        assert!(!matches(b"Cantiere2026!", "not a hash"));
        // Other parameters are read from the string: a lighter stored hash still checks.
        let light = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(8, 1, 1, None).expect("params"),
        )
        .hash_password(b"x", &SaltString::generate(&mut OsRng))
        .expect("hash")
        .to_string();
        assert!(matches(b"x", &light) && !matches(b"y", &light));
    }

    #[tokio::test]
    async fn callers_beyond_the_running_and_the_waiting_are_refused_at_once() {
        let gate = Arc::new(Gate::new(1, 1));
        let (release, hold) = mpsc::channel::<()>();
        let (started, running) = mpsc::channel::<()>();
        // The first runs until released; the second waits for its turn.
        let first = tokio::spawn({
            let gate = gate.clone();
            async move {
                gate.run(move || {
                    let _ = started.send(());
                    hold.recv_timeout(Duration::from_secs(10)).is_ok()
                })
                .await
            }
        });
        tokio::task::spawn_blocking(move || running.recv_timeout(Duration::from_secs(10)))
            .await
            .expect("join")
            .expect("the first job runs");
        let second = tokio::spawn({
            let gate = gate.clone();
            async move { gate.run(|| true).await }
        });
        while gate.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        // A third finds the queue full: refused without waiting, told when to retry.
        match gate.run(|| true).await {
            Err(AppError::TooManyRequests { retry_after, .. }) => assert_eq!(retry_after, 1),
            other => panic!("expected a refusal, got {other:?}"),
        }
        release.send(()).expect("release");
        assert!(first.await.expect("join").expect("first ran"));
        assert!(second.await.expect("join").expect("second ran"));
        assert_eq!(gate.stats.peak.load(Ordering::Relaxed), 1);
        // With the queue empty again a caller gets its turn.
        assert!(gate.run(|| true).await.expect("runs"));
    }
}
