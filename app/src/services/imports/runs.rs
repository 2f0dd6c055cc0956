//! Which shop is processing a file, so that it can be cancelled (by the owner, by a newer
//! run of the same shop, or at shutdown); and which processed files this instance is
//! importing.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::sync::lock;

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

#[derive(Default)]
pub struct Runs {
    running: Mutex<HashMap<i64, (u64, CancelFlag)>>,
    next_run: AtomicU64,
    /// Set at shutdown: every run is cancelled, and a new one starts cancelled.
    closing: AtomicBool,
    /// Processed files (`processId`) this instance is importing.
    importing: Mutex<HashSet<String>>,
}

/// A processed file this instance is importing; dropping it ends that.
pub struct Importing {
    runs: Arc<Runs>,
    id: String,
}

impl Drop for Importing {
    fn drop(&mut self) {
        lock(&self.runs.importing).remove(&self.id);
    }
}

/// One shop's analysis or processing of a file, registered for `cancel-processing` and
/// shutdown. Dropping it (the work is done, or its request was dropped because the
/// client went away) cancels the flag and ends the run.
pub struct Run {
    runs: Arc<Runs>,
    store_id: i64,
    run: u64,
    flag: CancelFlag,
}

impl Run {
    /// What the work looks at between chunks.
    pub fn flag(&self) -> CancelFlag {
        self.flag.clone()
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        self.flag.cancel();
        self.runs.finish(self.store_id, self.run);
    }
}

impl Runs {
    /// Registers a new run of this shop; an older one still running is cancelled.
    pub fn start(&self, store_id: i64) -> (u64, CancelFlag) {
        let run = self.next_run.fetch_add(1, Ordering::Relaxed);
        let flag = CancelFlag::default();
        let mut running = lock(&self.running);
        if self.closing.load(Ordering::Relaxed) {
            flag.cancel();
        }
        if let Some((_, older)) = running.insert(store_id, (run, flag.clone())) {
            older.cancel();
        }
        (run, flag)
    }

    /// `start` as a guard that ends the run when dropped.
    pub fn begin(self: &Arc<Self>, store_id: i64) -> Run {
        let (run, flag) = self.start(store_id);
        Run {
            runs: self.clone(),
            store_id,
            run,
            flag,
        }
    }

    /// Marks the processed file `id` as being imported by this instance; `None` when it
    /// already is (a double click), so the second confirmation is refused before it reads
    /// the file. Across instances, the import's transaction decides (`kept::claim`).
    pub fn importing(self: &Arc<Self>, id: &str) -> Option<Importing> {
        lock(&self.importing)
            .insert(id.to_owned())
            .then(|| Importing {
                runs: self.clone(),
                id: id.to_owned(),
            })
    }

    /// Shutdown: cancels every run, so the requests in flight answer and the server can
    /// stop, and cancels the runs that start afterwards.
    pub fn close(&self) {
        let running = lock(&self.running);
        self.closing.store(true, Ordering::Relaxed);
        for (_, flag) in running.values() {
            flag.cancel();
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_run_cancels_the_older_one_and_a_dropped_run_is_cancelled() {
        let runs = Arc::new(Runs::default());
        let first = runs.begin(1);
        let second = runs.begin(1);
        let other_shop = runs.begin(2);
        assert!(first.flag().is_cancelled());
        assert!(!second.flag().is_cancelled());
        let flag = second.flag();
        drop(second);
        assert!(flag.is_cancelled());
        assert!(!runs.cancel(1), "the dropped run is no longer running");
        assert!(!other_shop.flag().is_cancelled());
        assert!(runs.cancel(2));
        assert!(other_shop.flag().is_cancelled());
    }

    #[test]
    fn a_file_is_imported_once_at_a_time() {
        let runs = Arc::new(Runs::default());
        let first = runs.importing("abc");
        assert!(first.is_some());
        assert!(runs.importing("abc").is_none());
        assert!(runs.importing("def").is_some());
        drop(first);
        assert!(runs.importing("abc").is_some());
    }

    #[test]
    fn shutdown_cancels_every_run_and_the_later_ones() {
        let runs = Arc::new(Runs::default());
        let a = runs.begin(1);
        let b = runs.begin(2);
        runs.close();
        assert!(a.flag().is_cancelled() && b.flag().is_cancelled());
        assert!(runs.begin(3).flag().is_cancelled());
    }
}
