//! Time and memory limits: the render fails, the pool keeps serving.

mod common;

use std::time::{Duration, Instant};

use common::{assert_still_renders, pages_pool, props};
use ssr_runtime::SsrError;

#[tokio::test]
async fn an_endless_loop_times_out_and_the_thread_stays_usable() {
    let pool = pages_pool(1);
    let started = Instant::now();
    let result = pool.render("/loop", &props("x")).await;
    let took = started.elapsed();
    assert_eq!(result, Err(SsrError::Timeout));
    // Limit is 300 ms; the interrupt handler runs every few thousand instructions.
    assert!(took < Duration::from_secs(2), "took {took:?}");
    assert_still_renders(&pool).await;
    // Twice, so a recreated engine keeps its limits.
    assert_eq!(
        pool.render("/loop", &props("x")).await,
        Err(SsrError::Timeout)
    );
    assert_still_renders(&pool).await;
}

#[tokio::test]
async fn a_memory_blow_up_is_out_of_memory_and_the_thread_stays_usable() {
    let pool = pages_pool(1);
    for _ in 0..2 {
        let result = pool.render("/oom", &props("x")).await;
        assert_eq!(result, Err(SsrError::OutOfMemory));
        assert_still_renders(&pool).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_renders_do_not_disturb_good_ones_on_other_threads() {
    let pool = pages_pool(2);
    let bad = {
        let pool = pool.clone();
        tokio::spawn(async move { pool.render("/loop", &props("x")).await })
    };
    for i in 0..20 {
        let page = pool.render(&format!("/p/{i}"), &props("ok")).await;
        assert_eq!(page.map(|p| p.status), Ok(200));
    }
    assert!(matches!(bad.await, Ok(Err(SsrError::Timeout))));
}
