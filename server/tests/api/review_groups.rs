//! The review queue at the scale of a real list: products the AI proposes one category for
//! are one group, confirmed with the proposal or put in another category in one action;
//! the rest stay grouped by reason. Bad input and another shop's products.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app, Shop};
use crate::import::import_file;

fn csv(lines: &[&str]) -> Vec<u8> {
    let mut text = String::from("nome;prezzo\n");
    for line in lines {
        text.push_str(&format!("{line};10\n"));
    }
    text.into_bytes()
}

const FITTINGS: [&str; 3] = [
    "PORTAGOMMA OTTONE 1/2",
    "PORTAGOMMA OTTONE 3/4",
    "PORTAGOMMA OTTONE 1\"",
];
/// The keywords lean to hand tools ("squadra"): the owner knows it is plumbing.
const VALVE: &str = "DETENTORE SQUADRA 3/8";

async fn review(shop: &Shop) -> Value {
    let reply = shop.get("/api/stores/me/review").await;
    assert_eq!(reply.status(), StatusCode::OK);
    reply.json().await.unwrap()
}

fn group<'a>(view: &'a Value, suggestion: &str) -> Option<&'a Value> {
    view["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["suggestion"] == suggestion)
}

async fn accept(shop: &Shop, body: Value) -> reqwest::Response {
    shop.post("/api/products/accept", body).await
}

#[tokio::test]
async fn a_proposed_category_is_confirmed_or_corrected_for_its_whole_group_at_once() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    let mut lines = FITTINGS.to_vec();
    lines.push(VALVE);
    for shop in [&anna, &bruno] {
        let (status, _) = import_file(shop, csv(&lines), "listino.csv").await;
        assert_eq!(status, StatusCode::OK);
    }

    let view = review(&anna).await;
    assert_eq!(view["categories"].as_array().unwrap().len(), 20);
    let fittings = group(&view, "Idraulica").expect("a group proposed as Idraulica");
    assert_eq!(fittings["count"], 3, "{view}");
    assert_eq!(fittings["reason"], Value::Null);
    let tools = group(&view, "Utensili manuali").expect("the valve's proposal");
    assert_eq!(tools["count"], 1);

    // Bad input changes nothing.
    for bad in [
        json!({"suggestion": "Idraulica"}),
        json!({"suggestion": "Idraulica", "category": "  "}),
        json!({"suggestion": "Idraulica", "category": "x".repeat(201)}),
        json!({"suggestion": "Idraulica", "category": "Idraulica", "all": true}),
    ] {
        let body = error_of(accept(&anna, bad.clone()).await, 422).await;
        assert!(
            body["error"].as_str().unwrap().starts_with("Indica")
                || body["error"].as_str().unwrap().starts_with("Scegli"),
            "{bad}: {body}"
        );
    }
    assert_eq!(
        group(&review(&anna).await, "Idraulica").unwrap()["count"],
        3
    );

    // One action files the whole group under the proposal…
    let reply = accept(
        &anna,
        json!({"suggestion": "Idraulica", "category": "Idraulica"}),
    )
    .await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(reply.json::<Value>().await.unwrap()["accepted"], 3);
    // …and one corrects a proposal for its whole group.
    let reply = accept(
        &anna,
        json!({"suggestion": "Utensili manuali", "category": "Idraulica"}),
    )
    .await;
    assert_eq!(reply.json::<Value>().await.unwrap()["accepted"], 1);

    let products = anna.products().await;
    assert_eq!(products.len(), 4);
    for p in &products {
        assert_eq!(p["category"], "Idraulica", "{p}");
        assert_eq!(p["status"], "normal", "{p}");
        assert_eq!(p["review_note"], Value::Null, "{p}");
    }
    assert_eq!(review(&anna).await["total"], 0);
    // Filed under its category, the product is found by it.
    let found: Value = app
        .get(&format!(
            "/api/stores/{}/products?category=Idraulica",
            anna.id
        ))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(found["total"], 4);

    // Another shop's products with the same proposal are untouched.
    let theirs = review(&bruno).await;
    assert_eq!(group(&theirs, "Idraulica").unwrap()["count"], 3, "{theirs}");

    // What the owner filed teaches the shop's classifier (decision 037), not another's.
    use sea_orm::EntityTrait;
    let taught = vetrina::entities::category_example::Entity::find()
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(taught.len(), 4, "one example a product filed");
    assert!(
        taught
            .iter()
            .all(|e| e.store_id == anna.id && e.category == "Idraulica" && !e.text.is_empty()),
        "{taught:?}"
    );
}
