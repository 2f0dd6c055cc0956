//! The listening socket: how many connections one instance holds, how long a connection
//! may sit without a request, and the process's open-file limit they draw from. Shaped
//! after `axum::serve` (decision 027), which has none of these settings.

pub mod client_addr;
mod connection;

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};

pub use app::config::{open_file_limit, ConnectionLimits};
pub use client_addr::{ClientAddr, TrustedProxies};

/// Raises the soft limit on open files to the hard one (Linux's default soft limit, 1,024,
/// is far below what a server holding thousands of connections needs); the limit in
/// force afterwards.
pub fn raise_open_file_limit() -> io::Result<u64> {
    rlimit::increase_nofile_limit(u64::MAX)
}

/// Serves `app` on `listener` until `shutdown` completes, then stops accepting, lets every
/// connection finish the request it is serving and returns once all are closed.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    // Dropping the receiver is the signal: `closed()` wakes the accept loop and every
    // connection at once (the way axum::serve does it).
    let (signal_tx, signal_rx) = watch::channel(());
    tokio::spawn(async move {
        shutdown.await;
        drop(signal_rx);
    });
    // Each connection holds a clone of `open_rx`; `open_tx.closed()` is "all are closed".
    let (open_tx, open_rx) = watch::channel(());
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    loop {
        // A free slot first: at the cap, new connections wait in the kernel's backlog
        // and cost this process no descriptor until one of ours closes.
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot,
            () = signal_tx.closed() => break,
        };
        let Ok(slot) = slot else { break };
        let (stream, peer) = tokio::select! {
            accepted = accept(&listener) => accepted,
            () = signal_tx.closed() => break,
        };
        let connection = connection::Connection {
            app: app.clone(),
            peer,
            limits,
            shutdown: signal_tx.clone(),
            _open: open_rx.clone(),
            _slot: slot,
        };
        tokio::spawn(connection.serve(stream));
    }
    drop(open_rx);
    drop(listener);
    open_tx.closed().await;
}

/// The next connection. Errors are retried; those of the process (out of descriptors)
/// after a pause, so they neither end the server nor spin a core.
async fn accept(listener: &TcpListener) -> (tokio::net::TcpStream, SocketAddr) {
    loop {
        match listener.accept().await {
            Ok(accepted) => return accepted,
            Err(err) if is_connection_error(&err) => {}
            Err(err) => {
                tracing::error!("accept error: {err}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// The client gave up before we accepted: nothing to wait for.
fn is_connection_error(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

#[cfg(test)]
mod tests {
    use super::ConnectionLimits;

    #[test]
    fn the_default_cap_leaves_descriptors_for_the_rest_of_the_server() {
        let cap = ConnectionLimits::default_max_connections;
        assert_eq!(cap(256), 128);
        assert_eq!(cap(1024), 768);
        assert_eq!(cap(4096), 3840);
        assert_eq!(cap(1 << 20), 10_000);
        assert_eq!(cap(u64::MAX), 10_000);
        assert_eq!(cap(1), 1);
    }
}
