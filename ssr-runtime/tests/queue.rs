//! The bounded queue: a render that finds every thread busy and the queue full is refused
//! at once with `Busy`, and the pool takes renders again once there is room.

mod common;

use std::future::Future;
use std::time::{Duration, Instant};

use common::{assert_still_renders, config, pages_pool_with, props};
use ssr_runtime::{PoolConfig, RenderPool, SsrError};

/// One thread and one place in the queue; renders may take seconds.
fn small_pool() -> RenderPool {
    pages_pool_with(PoolConfig {
        timeout: Duration::from_secs(10),
        queue_per_thread: 1,
        ..config(1)
    })
}

fn slow_props(name: &str, ms: u64) -> String {
    serde_json::json!({ "site": { "publicUrl": "http://localhost:3000" }, "name": name, "ms": ms })
        .to_string()
}

/// Polls `render` once, which hands the render to the pool, and keeps it for awaiting later.
async fn submit<F: Future + Unpin>(mut render: F) -> F {
    let answered = tokio::time::timeout(Duration::ZERO, &mut render).await;
    assert!(answered.is_err(), "the render should still be under way");
    render
}

async fn wait_until_queued(pool: &RenderPool, queued: usize) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while pool.queued() != queued {
        assert!(Instant::now() < deadline, "the queue never held {queued}");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

#[tokio::test]
async fn a_full_queue_refuses_a_render_at_once_with_busy() {
    let pool = small_pool();
    // The thread takes the first slow render, the second waits in the only place.
    let (long, short) = (slow_props("primo", 800), slow_props("secondo", 10));
    let first = submit(Box::pin(pool.render("/slow", &long))).await;
    wait_until_queued(&pool, 0).await;
    let second = submit(Box::pin(pool.render("/slow", &short))).await;
    wait_until_queued(&pool, 1).await;

    let started = Instant::now();
    let refused = pool.render("/after", &props("Cemento")).await;
    assert_eq!(refused, Err(SsrError::Busy));
    assert!(
        started.elapsed() < Duration::from_millis(200),
        "Busy must not wait"
    );

    // The accepted renders are unaffected, and once they are done there is room again.
    assert_eq!(first.await.map(|p| p.html), Ok("<p>primo</p>".to_owned()));
    assert_eq!(
        second.await.map(|p| p.html),
        Ok("<p>secondo</p>".to_owned())
    );
    assert_eq!(pool.queued(), 0);
    assert_still_renders(&pool).await;
}
