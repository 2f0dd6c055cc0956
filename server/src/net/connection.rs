//! One accepted connection: served by hyper, watched for silence. hyper's own
//! `header_read_timeout` is not used: it restarts after every response, so a keep-alive
//! connection would get the 10 s meant for a new client's first request instead of the
//! minute a load balancer expects to keep it for.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::{pin, Pin};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use futures::FutureExt;
use hyper::body::{Bytes, Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use tokio::net::TcpStream;
use tokio::sync::{watch, OwnedSemaphorePermit};
use tokio::time::Instant;
use tower::ServiceExt;

use super::ConnectionLimits;

pub(super) struct Connection {
    pub app: Router,
    pub peer: SocketAddr,
    pub limits: ConnectionLimits,
    /// Closed when the server stops.
    pub shutdown: watch::Sender<()>,
    /// Held while the connection is open: the server waits for every one at shutdown.
    pub _open: watch::Receiver<()>,
    /// One of the instance's connection slots, given back when this one closes.
    pub _slot: OwnedSemaphorePermit,
}

impl Connection {
    pub async fn serve(self, stream: TcpStream) {
        let activity = Arc::new(Activity::new());
        let service = {
            let (app, peer, activity) = (self.app, self.peer, activity.clone());
            hyper::service::service_fn(move |request: Request<Incoming>| {
                let mut request = request.map(Body::new);
                request.extensions_mut().insert(ConnectInfo(peer));
                let running = Running::start(activity.clone());
                let reply = app.clone().oneshot(request);
                async move {
                    let response = reply.await?;
                    Ok::<_, Infallible>(response.map(|body| Tracked {
                        body,
                        _running: running,
                    }))
                }
            })
        };
        let builder = Builder::new(TokioExecutor::new());
        let mut conn = pin!(builder.serve_connection(TokioIo::new(stream), service));
        let mut shutdown = pin!(self.shutdown.closed().fuse());
        loop {
            let deadline = activity.deadline(&self.limits);
            tokio::select! {
                result = conn.as_mut() => {
                    if let Err(err) = result {
                        tracing::debug!(peer = %self.peer, "connection ended: {err}");
                    }
                    break;
                }
                () = &mut shutdown => conn.as_mut().graceful_shutdown(),
                () = tokio::time::sleep_until(deadline) => {
                    if activity.expired(&self.limits) {
                        // Dropping the connection closes the socket.
                        tracing::debug!(peer = %self.peer, "connection closed: no request in time");
                        break;
                    }
                }
            }
        }
    }
}

/// Whether a connection is serving a request, and since when it has been waiting for one.
struct Activity(Mutex<State>);

struct State {
    /// Requests whose response has not been sent whole yet.
    requests: usize,
    /// When the last response was sent (or the connection accepted).
    idle_since: Instant,
    /// Whether a request has come: the first one has `header_timeout`, later ones
    /// `keep_alive`.
    served: bool,
}

impl Activity {
    fn new() -> Self {
        Self(Mutex::new(State {
            requests: 0,
            idle_since: Instant::now(),
            served: false,
        }))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// When to look again: the end of the allowed silence, or, while a request is being
    /// served (it may take minutes: an import, an export), one silence from now.
    fn deadline(&self, limits: &ConnectionLimits) -> Instant {
        let state = self.state();
        if state.requests > 0 {
            Instant::now() + limits.keep_alive
        } else {
            state.idle_since + state.allowed_silence(limits)
        }
    }

    fn expired(&self, limits: &ConnectionLimits) -> bool {
        let state = self.state();
        state.requests == 0 && state.idle_since.elapsed() >= state.allowed_silence(limits)
    }
}

impl State {
    fn allowed_silence(&self, limits: &ConnectionLimits) -> std::time::Duration {
        if self.served {
            limits.keep_alive
        } else {
            limits.header_timeout
        }
    }
}

/// A request being served, from its complete head until its response body is dropped
/// (hyper drops it once the last byte is written, or when the client goes away).
struct Running(Arc<Activity>);

impl Running {
    fn start(activity: Arc<Activity>) -> Self {
        {
            let mut state = activity.state();
            state.requests += 1;
            state.served = true;
        }
        Self(activity)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut state = self.0.state();
        state.requests = state.requests.saturating_sub(1);
        if state.requests == 0 {
            state.idle_since = Instant::now();
        }
    }
}

/// A response body that keeps its request counted as running until it is dropped.
struct Tracked {
    body: Body,
    _running: Running,
}

impl hyper::body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
