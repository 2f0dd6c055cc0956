//! Image work (drawing product cards, decoding and re-encoding pictures) on one thread of
//! its own (one heap, see `crate::worker`), taken fairly from the queues of shops and
//! clients.
//!
//! With one queue for everyone, one shop's six huge PNGs held another shop's 64 × 64 photo
//! for 58 s. Now every job waits in a lane: a shop's (its owner's uploads and its background
//! passes), or an anonymous client's address (logo uploads). The thread takes the next job
//! from the lane served longest ago (a lane that was idle goes first), so however many jobs
//! one lane has waiting, another lane's job waits at most for the one running. Within a
//! lane, work someone is waiting for goes before background work.
//!
//! A lane takes at most [`PER_LANE`] requests at once, running and waiting: beyond that a
//! request is refused at once ([`Refusal::LaneFull`], a 429), so a client cannot hold a
//! queue of its own bytes in memory. Background work is not refused, it waits for room:
//! each shop has one pass at a time with a few images in flight
//! (`services::product_images`), and housekeeping copies one logo at a time.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Condvar, LazyLock, Mutex, PoisonError};
use std::thread;

use crate::sync::lock;

/// Jobs waiting in all lanes together, beyond the one running.
const QUEUE: usize = 256;
/// Requests of one lane running or waiting at once (one running and three waiting).
pub const PER_LANE: usize = 4;
/// What a refused request is told to wait, in seconds: a few jobs' time.
pub const RETRY_AFTER_SECS: u64 = 5;

static IMAGES: LazyLock<FairQueue> = LazyLock::new(|| FairQueue::start("images", QUEUE, PER_LANE));

/// Whose work an image job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lane {
    Shop(i64),
    /// A client without an account (the registration page's logo), by its address.
    Client(IpAddr),
}

/// An image job's lane, and whether someone is waiting for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// A request: refused beyond [`PER_LANE`], and ahead of the lane's background work.
    Asked(Lane),
    /// A background pass or housekeeping: waits for room instead of being refused.
    Background(Lane),
}

impl Turn {
    fn lane(self) -> Lane {
        match self {
            Turn::Asked(lane) | Turn::Background(lane) => lane,
        }
    }
}

/// Why an image job did not run to its end.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The lane has its share of requests: the caller answers 429, try again shortly.
    #[error("this lane has {PER_LANE} image jobs already")]
    LaneFull,
    /// Every lane together fills the queue: the caller answers 503.
    #[error("image work queue full")]
    Full,
    #[error("image thread not running")]
    Stopped,
    #[error("image work panicked")]
    Panicked,
}

/// Runs `work` on the image thread in its turn and waits for it without blocking the
/// caller's runtime.
pub async fn run<T: Send + 'static>(
    turn: Turn,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Refusal> {
    IMAGES.run(turn, work).await
}

/// A job: runs the work and gives back the delivery of its result, made once the lane's
/// count is down (a client answered at once may send its next request at once).
type Work = Box<dyn FnOnce() -> Deliver + Send>;
type Deliver = Box<dyn FnOnce() + Send>;

/// One thread and the lanes of jobs waiting for it.
pub struct FairQueue {
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    /// The thread sleeps on it while no job waits.
    work_ready: Condvar,
    /// Background jobs wait on it for room in the queue.
    room: tokio::sync::Notify,
    capacity: usize,
    per_lane: usize,
}

#[derive(Default)]
struct State {
    lanes: HashMap<Lane, LaneState>,
    /// Jobs waiting in all lanes.
    waiting: usize,
    /// Jobs taken so far: a lane's `last_turn` is the count when it was last served.
    turns: u64,
    closed: bool,
    running: bool,
}

#[derive(Default)]
struct LaneState {
    asked: VecDeque<Work>,
    background: VecDeque<Work>,
    /// Requests waiting or running: what [`PER_LANE`] bounds.
    requests: usize,
    /// 0 for a lane that was idle: it goes before lanes served already.
    last_turn: u64,
}

impl LaneState {
    fn has_waiting(&self) -> bool {
        !(self.asked.is_empty() && self.background.is_empty())
    }

    fn idle(&self) -> bool {
        self.requests == 0 && !self.has_waiting()
    }
}

impl State {
    /// The next job: the lane served longest ago, its requests first.
    fn next(&mut self) -> Option<(Lane, Turn, Work)> {
        let lane = self
            .lanes
            .iter()
            .filter(|(_, l)| l.has_waiting())
            .min_by_key(|(_, l)| l.last_turn)
            .map(|(lane, _)| *lane)?;
        self.turns += 1;
        let state = self.lanes.get_mut(&lane)?;
        state.last_turn = self.turns;
        let (turn, work) = match state.asked.pop_front() {
            Some(work) => (Turn::Asked(lane), work),
            None => (Turn::Background(lane), state.background.pop_front()?),
        };
        self.waiting -= 1;
        Some((lane, turn, work))
    }

    /// Queues `work`, or hands it back with the reason it was not queued.
    fn push(
        &mut self,
        turn: Turn,
        work: Work,
        capacity: usize,
        per_lane: usize,
    ) -> Result<(), (Refusal, Work)> {
        if self.closed {
            return Err((Refusal::Stopped, work));
        }
        if self.waiting >= capacity {
            return Err((Refusal::Full, work));
        }
        let lane = turn.lane();
        let requests = self.lanes.get(&lane).map_or(0, |l| l.requests);
        if matches!(turn, Turn::Asked(_)) && requests >= per_lane {
            return Err((Refusal::LaneFull, work));
        }
        let state = self.lanes.entry(lane).or_default();
        match turn {
            Turn::Asked(_) => {
                state.requests += 1;
                state.asked.push_back(work);
            }
            Turn::Background(_) => state.background.push_back(work),
        }
        self.waiting += 1;
        Ok(())
    }

    fn finished(&mut self, lane: Lane, turn: Turn) {
        let Some(state) = self.lanes.get_mut(&lane) else {
            return;
        };
        if matches!(turn, Turn::Asked(_)) {
            state.requests = state.requests.saturating_sub(1);
        }
        if state.idle() {
            self.lanes.remove(&lane);
        }
    }
}

impl FairQueue {
    /// Starts the thread; at most `capacity` jobs wait, at most `per_lane` requests of one
    /// lane at once.
    pub fn start(name: &str, capacity: usize, per_lane: usize) -> Self {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            work_ready: Condvar::new(),
            room: tokio::sync::Notify::new(),
            capacity,
            per_lane,
        });
        let serving = shared.clone();
        let started = thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || serve(&serving))
            .inspect_err(|err| tracing::error!(error = %err, name, "image thread not started"))
            .is_ok();
        lock(&shared.state).running = started;
        FairQueue { shared }
    }

    /// Runs `work` in its turn and waits for it; a request is refused at once when its lane
    /// or the queue is full, background work waits for room in the queue.
    pub async fn run<T: Send + 'static>(
        &self,
        turn: Turn,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refusal> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let mut job: Work = Box::new(move || {
            let result = panic::catch_unwind(AssertUnwindSafe(work));
            Box::new(move || {
                let _ = reply.send(result);
            })
        });
        loop {
            // Registered before trying, so room made in between is not missed.
            let room = self.shared.room.notified();
            tokio::pin!(room);
            room.as_mut().enable();
            match self.push(turn, job) {
                Ok(()) => break,
                Err((Refusal::Full, back)) if matches!(turn, Turn::Background(_)) => {
                    job = back;
                    room.await;
                }
                Err((refusal, _)) => return Err(refusal),
            }
        }
        match answer.await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_)) => Err(Refusal::Panicked),
            Err(_) => Err(Refusal::Stopped),
        }
    }

    fn push(&self, turn: Turn, work: Work) -> Result<(), (Refusal, Work)> {
        let mut state = lock(&self.shared.state);
        if !state.running {
            return Err((Refusal::Stopped, work));
        }
        state.push(turn, work, self.shared.capacity, self.shared.per_lane)?;
        self.shared.work_ready.notify_one();
        Ok(())
    }
}

impl Drop for FairQueue {
    /// The thread ends once the jobs already queued are done.
    fn drop(&mut self) {
        lock(&self.shared.state).closed = true;
        self.shared.work_ready.notify_all();
    }
}

fn serve(shared: &Shared) {
    loop {
        let (lane, turn, work) = {
            let mut state = lock(&shared.state);
            loop {
                if let Some(job) = state.next() {
                    break job;
                }
                if state.closed {
                    state.running = false;
                    return;
                }
                state = shared
                    .work_ready
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        shared.room.notify_waiters();
        let deliver = work();
        lock(&shared.state).finished(lane, turn);
        deliver();
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    const A: Lane = Lane::Shop(1);
    const B: Lane = Lane::Shop(2);

    /// Holds the thread with a job of lane `lane` until the returned sender is used.
    async fn hold(
        queue: &Arc<FairQueue>,
        lane: Lane,
    ) -> (mpsc::Sender<()>, tokio::task::JoinHandle<()>) {
        let (release, held) = mpsc::channel::<()>();
        let (started, running) = tokio::sync::oneshot::channel();
        let q = queue.clone();
        let job = tokio::spawn(async move {
            q.run(Turn::Background(lane), move || {
                let _ = started.send(());
                held.recv().ok();
            })
            .await
            .unwrap();
        });
        running.await.unwrap();
        (release, job)
    }

    async fn settle() {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    #[tokio::test]
    async fn a_lane_with_many_jobs_waiting_delays_another_by_one_job_at_most() {
        let queue = Arc::new(FairQueue::start("test-images", 64, 4));
        let order = Arc::new(Mutex::new(Vec::new()));
        let (release, first) = hold(&queue, A).await;
        let mut jobs = Vec::new();
        for (lane, name) in [
            (A, "a2"),
            (A, "a3"),
            (A, "a4"),
            (B, "b1"),
            (A, "a5"),
            (B, "b2"),
        ] {
            let (q, order) = (queue.clone(), order.clone());
            jobs.push(tokio::spawn(async move {
                q.run(Turn::Background(lane), move || lock(&order).push(name))
                    .await
                    .unwrap();
            }));
            settle().await;
        }
        release.send(()).unwrap();
        first.await.unwrap();
        for job in jobs {
            job.await.unwrap();
        }
        assert_eq!(*lock(&order), ["b1", "a2", "b2", "a3", "a4", "a5"]);
    }

    #[tokio::test]
    async fn requests_go_before_background_work_and_a_lane_takes_a_bounded_number() {
        let queue = Arc::new(FairQueue::start("test-images", 64, 2));
        let order = Arc::new(Mutex::new(Vec::new()));
        let (release, first) = hold(&queue, A).await;
        let mut jobs = Vec::new();
        for (turn, name) in [
            (Turn::Background(A), "pass"),
            (Turn::Asked(A), "photo1"),
            (Turn::Asked(A), "photo2"),
        ] {
            let (q, order) = (queue.clone(), order.clone());
            jobs.push(tokio::spawn(async move {
                q.run(turn, move || lock(&order).push(name)).await.unwrap();
            }));
            settle().await;
        }
        // Two requests of lane A are waiting: a third is refused, another lane's is not,
        // and background work of lane A still queues.
        assert!(matches!(
            queue.run(Turn::Asked(A), || ()).await,
            Err(Refusal::LaneFull)
        ));
        let q = queue.clone();
        let other = tokio::spawn(async move { q.run(Turn::Asked(B), || ()).await });
        let q = queue.clone();
        let more = tokio::spawn(async move { q.run(Turn::Background(A), || ()).await });
        settle().await;
        release.send(()).unwrap();
        first.await.unwrap();
        for job in jobs {
            job.await.unwrap();
        }
        other.await.unwrap().unwrap();
        more.await.unwrap().unwrap();
        assert_eq!(*lock(&order), ["photo1", "photo2", "pass"]);
        // Done, the lane takes requests again.
        queue.run(Turn::Asked(A), || ()).await.unwrap();
        assert!(
            lock(&queue.shared.state).lanes.is_empty(),
            "idle lanes are forgotten"
        );
    }

    #[tokio::test]
    async fn a_full_queue_refuses_requests_and_keeps_background_work_waiting() {
        let queue = Arc::new(FairQueue::start("test-images", 1, 4));
        let (release, first) = hold(&queue, A).await;
        let q = queue.clone();
        let waiting = tokio::spawn(async move { q.run(Turn::Asked(B), || 1).await });
        settle().await;
        assert!(matches!(
            queue.run(Turn::Asked(Lane::Shop(3)), || 2).await,
            Err(Refusal::Full)
        ));
        let q = queue.clone();
        let background = tokio::spawn(async move { q.run(Turn::Background(A), || 3).await });
        settle().await;
        assert!(!background.is_finished(), "waits for room, not refused");
        release.send(()).unwrap();
        first.await.unwrap();
        assert_eq!(waiting.await.unwrap().unwrap(), 1);
        assert_eq!(background.await.unwrap().unwrap(), 3);
        assert!(matches!(
            queue.run(Turn::Asked(A), || panic!("bad picture")).await,
            Err(Refusal::Panicked)
        ));
        assert_eq!(queue.run(Turn::Asked(A), || 4).await.unwrap(), 4);
    }
}
