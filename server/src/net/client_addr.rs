//! Which client a request comes from. Behind a load balancer every TCP peer is the balancer,
//! so per-client limits would lump all visitors together; from the proxies named by
//! `--trusted-proxies` the address they forward is taken instead. From any other peer the
//! forwarding headers are the client's own words and are ignored.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

pub use app::config::TrustedProxies;

use crate::error::ApiError;
use crate::state::AppState;

/// The client's address: the TCP peer's, or the one a trusted proxy forwards. The one
/// source of a client's address for rate limits and the visitor count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let ConnectInfo(peer) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .copied()
            .ok_or_else(|| anyhow::anyhow!("request without the peer's address"))?;
        Ok(Self(
            app.config.trusted_proxies.client(peer.ip(), &parts.headers),
        ))
    }
}
