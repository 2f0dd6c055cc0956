//! Which shop is processing a file (so it can be cancelled) and the processed results
//! waiting for their import.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::Processed;
use crate::sync::lock;

/// How long a processed file waits for its import.
const KEEP_FOR: Duration = Duration::from_secs(60 * 60);

/// Set by `cancel-processing`; the pipeline checks it between stages and chunks.
#[derive(Clone, Default, Debug)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

struct Kept {
    store_id: i64,
    at: Instant,
    result: Arc<Processed>,
}

#[derive(Default)]
pub struct Runs {
    running: Mutex<HashMap<i64, (u64, CancelFlag)>>,
    kept: Mutex<HashMap<String, Kept>>,
    next_run: AtomicU64,
}

impl Runs {
    /// Registers a new run of this shop; an older one still running is cancelled.
    pub fn start(&self, store_id: i64) -> (u64, CancelFlag) {
        let run = self.next_run.fetch_add(1, Ordering::Relaxed);
        let flag = CancelFlag::default();
        if let Some((_, older)) = lock(&self.running).insert(store_id, (run, flag.clone())) {
            older.cancel();
        }
        (run, flag)
    }

    pub fn finish(&self, store_id: i64, run: u64) {
        let mut running = lock(&self.running);
        if running.get(&store_id).is_some_and(|(r, _)| *r == run) {
            running.remove(&store_id);
        }
    }

    /// Cancels the shop's running process; false when none was running.
    pub fn cancel(&self, store_id: i64) -> bool {
        match lock(&self.running).remove(&store_id) {
            Some((_, flag)) => {
                flag.cancel();
                true
            }
            None => false,
        }
    }

    /// Keeps a result under a new id; the shop's previous result is dropped.
    pub fn keep(&self, store_id: i64, result: Processed) -> String {
        let id = crate::services::sessions::new_token()[..24].to_string();
        let mut kept = lock(&self.kept);
        kept.retain(|_, k| k.store_id != store_id && k.at.elapsed() < KEEP_FOR);
        kept.insert(
            id.clone(),
            Kept {
                store_id,
                at: Instant::now(),
                result: Arc::new(result),
            },
        );
        id
    }

    /// The shop's result under `id`; another shop's id reads as missing.
    pub fn get(&self, store_id: i64, id: &str) -> Option<Arc<Processed>> {
        lock(&self.kept)
            .get(id)
            .filter(|k| k.store_id == store_id && k.at.elapsed() < KEEP_FOR)
            .map(|k| k.result.clone())
    }

    /// Drops a result once it has been imported.
    pub fn forget(&self, id: &str) {
        lock(&self.kept).remove(id);
    }
}
