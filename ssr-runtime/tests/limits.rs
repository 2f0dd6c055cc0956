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

/// Props of a shop page with `products` cards whose descriptions are `description_len`
/// characters of Italian text (accents and `€` make QuickJS keep them as wide strings).
fn shop_props(products: usize, description_len: usize) -> String {
    let description: String = "Cemento grigio è perfetto per l'edilizia, 9,90 € al sacco. "
        .chars()
        .cycle()
        .take(description_len)
        .collect();
    let products: Vec<_> = (0..products)
        .map(|i| serde_json::json!({ "name": format!("Prodotto {i}"), "description": description }))
        .collect();
    serde_json::json!({
        "site": { "publicUrl": "http://localhost:3000" },
        "name": "Edilizia Rossi",
        "products": products,
    })
    .to_string()
}

#[tokio::test]
async fn a_shop_page_too_big_for_the_heap_is_out_of_memory_not_a_panic() {
    let pool = pages_pool(1);
    // A small shop renders whole.
    let page = pool.render("/shop", &shop_props(50, 600)).await;
    assert!(
        page.is_ok_and(|p| p.html.contains("<h2>Prodotto 49</h2>")),
        "a small shop page should render"
    );
    // Ten, twenty and thirty thousand products do not fit in the 32 MiB heap. Between them
    // they run out both where QuickJS still throws its "out of memory" error and where it
    // cannot allocate even that and throws `null` (the second once panicked the engine).
    for products in [10_000, 20_000, 30_000] {
        let result = pool.render("/shop", &shop_props(products, 600)).await;
        assert_eq!(result, Err(SsrError::OutOfMemory), "{products} products");
        assert_still_renders(&pool).await;
    }
    let page = pool.render("/shop", &shop_props(50, 600)).await;
    assert!(page.is_ok_and(|p| p.html.contains("<h2>Prodotto 49</h2>")));
}

#[tokio::test]
async fn a_failed_render_that_leaves_the_heap_full_gets_a_fresh_engine() {
    let pool = pages_pool(1);
    let result = pool.render("/fill-heap-and-throw", &props("x")).await;
    assert!(
        matches!(&result, Err(SsrError::Js { message, .. }) if message.contains("the heap is left full")),
        "{result:?}"
    );
    // The blocks the bundle kept are gone with the old runtime.
    let kept = pool.render("/kept", &props("x")).await;
    assert_eq!(kept.map(|p| p.html), Ok("<p>0</p>".to_owned()));
    assert_still_renders(&pool).await;
}
