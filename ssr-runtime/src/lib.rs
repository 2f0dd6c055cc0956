//! Render pool over rquickjs (QuickJS-NG).
//!
//! The server bundle is evaluated once in each of N worker threads; every thread owns
//! one QuickJS runtime and serves renders from a shared, bounded queue: a render that
//! finds it full is refused at once with [`SsrError::Busy`]. A render calls
//! `globalThis.vetrinaRender(url, propsJson)` (see `docs/decisions/002-ssr-contract.md`)
//! under a time limit and a memory limit; failures come back as [`SsrError`] values, a
//! runtime that ran out of time or memory is replaced, and the pool keeps serving (see
//! `docs/decisions/015-render-pool-limits.md`).
//!
//! ```no_run
//! # async fn page() -> Result<(), ssr_runtime::SsrError> {
//! use ssr_runtime::{PoolConfig, RenderPool};
//!
//! let pool = RenderPool::from_file(
//!     "frontend/dist/server/entry-server.js".as_ref(),
//!     PoolConfig::default(),
//! )?;
//! let page = pool
//!     .render("/pricing", r#"{"site":{"publicUrl":"http://localhost:3000"}}"#)
//!     .await?;
//! println!("{} {}", page.status, page.html);
//! # Ok(())
//! # }
//! ```

mod config;
mod engine;
mod error;
mod escape;
mod host;
mod page;
mod pool;

pub use config::PoolConfig;
pub use error::SsrError;
pub use page::RenderedPage;
pub use pool::RenderPool;

/// Defines the globals the pool gives the bundle (`console`, `vetrinaHost`, ...) in a context
/// of one's own, for tools that run the bundle outside the pool, such as `examples/profile.rs`.
pub fn install_host(ctx: &rquickjs::Ctx<'_>) -> rquickjs::Result<()> {
    host::install(ctx)
}
