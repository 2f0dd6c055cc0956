//! Every response names its request: `x-request-id`, the client's own when it sent one.

use crate::helpers::{browser, spawn_app};

#[tokio::test]
async fn every_response_carries_a_request_id_of_its_own() {
    let app = spawn_app().await;
    let ids: Vec<String> = [
        app.get("/healthz").await,
        app.get("/api/stores").await,
        app.get("/a-page-that-does-not-exist").await,
    ]
    .iter()
    .map(|reply| {
        reply
            .headers()
            .get("x-request-id")
            .expect("x-request-id on every response")
            .to_str()
            .unwrap()
            .to_owned()
    })
    .collect();
    assert!(ids.iter().all(|id| !id.is_empty()), "{ids:?}");
    assert!(
        ids[0] != ids[1] && ids[1] != ids[2] && ids[0] != ids[2],
        "{ids:?}"
    );
}

#[tokio::test]
async fn the_request_id_a_client_sends_comes_back() {
    let app = spawn_app().await;
    let reply = browser()
        .get(format!("{}/api/stores/999999", app.url))
        .header("x-request-id", "lb-4f2a-0007")
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), 404);
    assert_eq!(reply.headers()["x-request-id"], "lb-4f2a-0007");
}
