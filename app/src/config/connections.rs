//! How many connections one instance holds and how long a silent one is kept: settings of
//! the listening socket (`vetrina::net`), checked with the others at start-up.

use std::time::Duration;

/// How many connections one instance serves at once and how long an idle one is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Connections served at once; beyond it new ones wait in the listen backlog.
    pub max_connections: usize,
    /// Time a new connection has to send its first complete request head.
    pub header_timeout: Duration,
    /// Time a connection may stay open with no request between two requests.
    pub keep_alive: Duration,
}

impl ConnectionLimits {
    pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
    /// Longer than the 60 s idle timeout of common load balancers, so that the balancer,
    /// not this server, closes a connection it keeps for reuse: a request it sends on a
    /// connection we are closing would come back as a 502.
    pub const KEEP_ALIVE: Duration = Duration::from_secs(75);
    pub const MAX_CONNECTIONS: usize = 10_000;

    /// The default cap for a process allowed `open_files` descriptors: at most 10,000, and
    /// at least a quarter of them (256 when there are many) left for the database, files
    /// being written and outbound requests.
    pub fn default_max_connections(open_files: u64) -> usize {
        let open_files = usize::try_from(open_files).unwrap_or(usize::MAX);
        open_files
            .saturating_sub(256)
            .max(open_files / 2)
            .clamp(1, Self::MAX_CONNECTIONS)
    }
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            max_connections: Self::MAX_CONNECTIONS,
            header_timeout: Self::HEADER_TIMEOUT,
            keep_alive: Self::KEEP_ALIVE,
        }
    }
}

/// The soft limit on open files in force.
pub fn open_file_limit() -> Option<u64> {
    rlimit::Resource::NOFILE.get().ok().map(|(soft, _)| soft)
}
