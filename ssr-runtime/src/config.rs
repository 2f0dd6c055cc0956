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
}

impl Default for PoolConfig {
    fn default() -> Self {
        Self {
            threads: thread::available_parallelism().map_or(1, NonZeroUsize::get),
            timeout: Duration::from_secs(1),
            memory_limit: 64 * 1024 * 1024,
        }
    }
}
