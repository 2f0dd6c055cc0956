//! Normal renders, concurrency and the errors a render can return.

mod common;

use common::{assert_still_renders, config, pages_pool, pages_pool_with, props};
use ssr_runtime::{PoolConfig, RenderedPage, SsrError};

#[tokio::test]
async fn renders_html_head_and_status_from_the_bundle() {
    let pool = pages_pool(1);
    let page = pool
        .render("/product/3/edilizia/12/cemento", &props("Cemento <32,5>"))
        .await;
    assert_eq!(
        page,
        Ok(RenderedPage {
            html: "<h1>Cemento &lt;32,5&gt;</h1><p>/product/3/edilizia/12/cemento</p>".into(),
            head: "<title>Cemento &lt;32,5&gt;</title>".into(),
            status: 200,
        })
    );
    let missing = pool.render("/store/9/x", r#"{"notFound":true}"#).await;
    assert_eq!(missing.map(|p| p.status), Ok(404));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_concurrent_renders_on_two_threads_all_get_their_own_page() {
    // Room in the queue for all 200 at once: none is refused as busy.
    let pool = pages_pool_with(PoolConfig {
        queue_per_thread: 100,
        ..config(2)
    });
    assert_eq!(pool.threads(), 2);
    let tasks: Vec<_> = (0..200)
        .map(|i| {
            let pool = pool.clone();
            tokio::spawn(async move {
                let url = format!("/product/{i}");
                let page = pool.render(&url, &props(&format!("Prodotto {i}"))).await;
                (i, page)
            })
        })
        .collect();
    for task in tasks {
        let (i, page) = match task.await {
            Ok(done) => done,
            Err(error) => panic!("render task failed: {error}"),
        };
        assert_eq!(
            page.map(|p| p.html),
            Ok(format!("<h1>Prodotto {i}</h1><p>/product/{i}</p>"))
        );
    }
}

#[tokio::test]
async fn a_thrown_error_comes_back_with_message_and_stack() {
    let pool = pages_pool(1);
    match pool.render("/throw", &props("x")).await {
        Err(SsrError::Js { message, stack }) => {
            assert_eq!(message, "TypeError: product is undefined");
            let stack = stack.unwrap_or_default();
            assert!(
                stack.contains("entry-server.js"),
                "stack names the bundle: {stack}"
            );
        }
        other => panic!("expected a JS error, got {other:?}"),
    }
    assert_still_renders(&pool).await;
}

#[tokio::test]
async fn a_thrown_non_error_value_is_reported_too() {
    let pool = pages_pool(1);
    match pool.render("/throw-string", &props("x")).await {
        Err(SsrError::Js { message, .. }) => assert!(message.contains("plain string"), "{message}"),
        other => panic!("expected a JS error, got {other:?}"),
    }
    assert_still_renders(&pool).await;
}

#[tokio::test]
async fn output_that_breaks_the_contract_is_bad_output() {
    let pool = pages_pool(1);
    for url in [
        "/a-string",
        "/a-number",
        "/wrong-shape",
        "/status-text",
        "/html-not-text",
    ] {
        let result = pool.render(url, &props("x")).await;
        assert!(
            matches!(result, Err(SsrError::BadOutput(_))),
            "{url}: {result:?}"
        );
    }
    assert_still_renders(&pool).await;
}

#[tokio::test]
async fn the_pool_works_from_any_clone_and_after_the_original_is_dropped() {
    let pool = pages_pool(1);
    let clone = pool.clone();
    drop(pool);
    assert_still_renders(&clone).await;
}

#[tokio::test]
async fn the_host_escapes_html_and_script_json_as_the_bundle_would() {
    let pool = pages_pool(1);
    let name = "</script><b class=\"x\">L'acqua & più\u{2028}</b>";
    let page = pool
        .render("/host-escape", &props(name))
        .await
        .expect("renders");
    let out: serde_json::Value = serde_json::from_str(&page.html).expect("json");
    assert_eq!(
        out["html"],
        "&lt;/script&gt;&lt;b class=&quot;x&quot;&gt;L&#x27;acqua &amp; più\u{2028}&lt;/b&gt;"
    );
    let json = out["json"].as_str().expect("a string");
    assert!(!json.contains(['<', '>', '&', '\u{2028}']), "{json}");
    let back: serde_json::Value = serde_json::from_str(json).expect("still JSON");
    assert_eq!(back["name"], name);
    assert_eq!(out["same"], true, "unchanged text comes back as is");
    assert_eq!(out["surrogate"], serde_json::Value::Null);
    assert_eq!(out["surrogateUntouched"], true);
}

#[tokio::test]
async fn an_unpaired_surrogate_in_the_markup_becomes_a_replacement_character() {
    let pool = pages_pool(1);
    let page = pool
        .render("/lone-surrogate", &props("x"))
        .await
        .expect("renders");
    assert_eq!(page.html, "<p>a\u{FFFD}b</p>");
}
