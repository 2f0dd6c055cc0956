use futures::future::join_all;
use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app};

fn products(n: usize, prefix: &str) -> Value {
    Value::Array(
        (0..n)
            .map(|i| json!({"name": format!("{prefix} {i}")}))
            .collect(),
    )
}

#[tokio::test]
async fn a_free_shop_stops_at_50_products_with_an_italian_message() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    assert_eq!(
        anna.post("/api/products/bulk_upload", products(49, "Vite"))
            .await
            .status(),
        201
    );
    anna.add_product("Cinquantesimo").await;
    let error = error_of(
        anna.post("/api/products", json!({"name": "Cinquantunesimo"}))
            .await,
        403,
    )
    .await;
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("limite di 50 prodotti"),
        "{error}"
    );
    assert_eq!(error["code"], "plan_limit");
    assert_eq!(anna.me().await["product_count"], 50);
}

#[tokio::test]
async fn a_bulk_upload_that_would_pass_the_cap_writes_nothing() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    assert_eq!(
        anna.post("/api/products/bulk_upload", products(45, "Vite"))
            .await
            .status(),
        201
    );
    error_of(
        anna.post("/api/products/bulk_upload", products(6, "Tassello"))
            .await,
        403,
    )
    .await;
    assert_eq!(anna.me().await["product_count"], 45);
}

#[tokio::test]
async fn twenty_parallel_creates_at_the_limit_leave_exactly_the_limit() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    assert_eq!(
        anna.post("/api/products/bulk_upload", products(49, "Vite"))
            .await
            .status(),
        201
    );
    let attempts =
        (0..20).map(|i| anna.post("/api/products", json!({"name": format!("Concorrente {i}")})));
    let replies = join_all(attempts).await;
    let statuses: Vec<u16> = replies.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 403).count(),
        19,
        "{statuses:?}"
    );
    assert_eq!(anna.me().await["product_count"], 50);
}

#[tokio::test]
async fn sales_can_move_a_shop_to_business_and_the_cap_goes() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let store = vetrina::services::stores::set_plan(
        &app.db,
        "anna@ferramenta.it",
        domain::plan::Plan::Business,
    )
    .await
    .unwrap();
    assert_eq!(store.plan, domain::plan::Plan::Business);
    assert_eq!(
        anna.post("/api/products/bulk_upload", products(60, "Vite"))
            .await
            .status(),
        201
    );
    let me = anna.me().await;
    assert_eq!(me["plan"], "business");
    assert_eq!(me["limits"]["products"], Value::Null);
    assert_eq!(me["product_count"], 60);
}
