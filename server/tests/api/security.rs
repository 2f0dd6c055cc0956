use serde_json::json;

use crate::helpers::{error_of, spawn_app};

#[tokio::test]
async fn state_changing_requests_from_another_origin_are_refused() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .client
        .post(format!("{}/api/products", app.url))
        .header("origin", "https://malintenzionato.example")
        .json(&json!({"name": "Rubato"}))
        .send()
        .await
        .unwrap();
    let error = error_of(reply, 403).await;
    assert_eq!(
        error["error"],
        "Richiesta non consentita da un'altra origine."
    );
    assert_eq!(error["code"], "foreign_origin");
    assert_eq!(anna.me().await["product_count"], 0);

    let same = anna
        .client
        .post(format!("{}/api/products", app.url))
        .header("origin", app.url.clone())
        .json(&json!({"name": "Mio"}))
        .send()
        .await
        .unwrap();
    assert_eq!(same.status(), 201);
    // Reading stays open to any origin.
    let read = anna
        .client
        .get(format!("{}/api/stores", app.url))
        .header("origin", "https://altro.example")
        .send()
        .await
        .unwrap();
    assert_eq!(read.status(), 200);
}

#[tokio::test]
async fn oversized_bodies_get_413_and_broken_json_400() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let huge = "x".repeat(3 * 1024 * 1024);
    let reply = anna.post("/api/products", json!({"name": huge})).await;
    let error = error_of(reply, 413).await;
    assert_eq!(error["error"], "Richiesta troppo grande.");
    assert_eq!(error["code"], "payload_too_large");

    let reply = anna
        .client
        .post(format!("{}/api/products", app.url))
        .header("content-type", "application/json")
        .body("{\"name\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(reply, 400).await["code"], "invalid_json");
    assert_eq!(anna.me().await["product_count"], 0);
}

#[tokio::test]
async fn sessions_are_stored_hashed() {
    let app = spawn_app().await;
    app.shop("anna@ferramenta.it").await;
    use sea_orm::EntityTrait;
    let sessions = entities::session::Entity::find()
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0].id_hash.len(), 64);
    let users = entities::user::Entity::find().all(&app.db).await.unwrap();
    assert!(
        users[0].password_hash.starts_with("$argon2id$"),
        "argon2id hash"
    );
}
