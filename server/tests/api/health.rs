use serde_json::Value;

use crate::helpers::spawn_app;

#[tokio::test]
async fn healthz_answers_when_the_database_does() {
    let app = spawn_app().await;
    let reply = app.get("/healthz").await;
    assert_eq!(reply.status(), 200);
    assert_eq!(reply.text().await.unwrap(), "ok");
}

#[tokio::test]
async fn the_openapi_document_describes_every_endpoint() {
    let app = spawn_app().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    for path in [
        "/api/stores",
        "/api/stores/me",
        "/api/stores/{id}",
        "/api/stores/start-trial",
        "/api/auth/login",
        "/api/auth/logout",
        "/api/auth/account",
        "/api/products",
        "/api/products/{id}",
        "/api/products/bulk_upload",
        "/api/products/bulk_delete",
        "/api/geo/city-by-cap",
        "/api/leads",
    ] {
        assert!(
            paths.contains_key(path),
            "{path} missing from the OpenAPI document"
        );
    }
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404() {
    let app = spawn_app().await;
    let reply = app.get("/api/nulla").await;
    assert_eq!(reply.status(), 404);
    let body: Value = reply.json().await.unwrap();
    assert_eq!(body["code"], "not_found");
}
