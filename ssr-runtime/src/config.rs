use std::num::NonZeroUsize;
use std::thread;
use std::time::Duration;

/// How many engines the pool runs and how much each render may use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolConfig {
    /// Worker threads, each with its own QuickJS runtime.
    pub threads: usize,
    /// Wall-clock limit for one render; past it the script is interrupted.
    pub timeout: Duration,
    /// Heap limit of one runtime in bytes (bundle included).
    pub memory_limit: usize,
    /// Renders that may wait for a thread, per thread; past them a render is refused with
    /// [`SsrError::Busy`](crate::SsrError::Busy). Zero: only an idle thread takes one.
    pub queue_per_thread: usize,
}

impl Default for PoolConfig {
    fn default() -> Self {
        Self {
            threads: thread::available_parallelism().map_or(1, NonZeroUsize::get),
            timeout: Duration::from_secs(1),
            memory_limit: 64 * 1024 * 1024,
            // About 0.2 s of product pages at 3 ms each; see docs/decisions/015.
            queue_per_thread: 64,
        }
    }
}
