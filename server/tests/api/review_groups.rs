//! The review queue at the scale of a real list: products the AI proposes one category for
//! are one group, confirmed with the proposal or put in another category in one action;
//! products alike by name or code are a family, confirmed or filed in one action; the rest
//! stay grouped by reason. Bad input and another shop's products.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app, Shop, TestApp};
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

/// How many of the shop's products visitors find under `category`.
async fn filed_under(app: &TestApp, shop: &Shop, category: &str) -> u64 {
    let found: Value = app
        .get(&format!(
            "/api/stores/{}/products?category={category}",
            shop.id
        ))
        .await
        .json()
        .await
        .unwrap();
    found["total"].as_u64().unwrap()
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
    assert_eq!(filed_under(&app, &anna, "Idraulica").await, 4);

    // Another shop's products with the same proposal are untouched.
    let theirs = review(&bruno).await;
    assert_eq!(group(&theirs, "Idraulica").unwrap()["count"], 3, "{theirs}");

    // What the owner filed teaches the shop's classifier (decision 037), not another's.
    use sea_orm::EntityTrait;
    let taught = entities::category_example::Entity::find()
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

/// Lines the engine has no proposal for: three names that start alike, three with one code
/// family, one of its own.
const FAMILIES: &str = "codice;nome;prezzo\n\
    ZX-1;ZORBEX ALFA 10;10\n\
    ZX-2;ZORBEX BETA 20;10\n\
    ZX-3;ZORBEX GAMMA 30;10\n\
    QWXT0001;Kappa uno;10\n\
    QWXT0002;Lambda due;10\n\
    QWXT0003;Sigma tre;10\n\
    Z1;Omicron;10\n";

fn family<'a>(view: &'a Value, key: &str) -> Option<&'a Value> {
    view["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["family"] == key)
}

#[tokio::test]
async fn products_alike_by_name_or_code_are_one_family_confirmed_or_filed_at_once() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    for shop in [&anna, &bruno] {
        let (status, _) = import_file(shop, FAMILIES.as_bytes().to_vec(), "listino.csv").await;
        assert_eq!(status, StatusCode::OK);
    }

    let view = review(&anna).await;
    assert_eq!(view["total"], 7, "{view}");
    let names = family(&view, "w:zorbex").expect("the names' family");
    assert_eq!(names["count"], 3, "{view}");
    assert_eq!(
        names["family_label"].as_str().unwrap().to_lowercase(),
        "zorbex"
    );
    assert_eq!(names["items"].as_array().unwrap().len(), 3);
    assert_eq!(names["suggestion"], Value::Null);
    let codes = family(&view, "c:QWXT").expect("the code family");
    assert_eq!(codes["count"], 3, "{view}");
    // Each product is in one group: the one of its own stays with its reason.
    let counted: u64 = view["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["count"].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 7, "{view}");
    let alone = view["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["family"].is_null() && g["suggestion"].is_null())
        .expect("a group by reason");
    assert_eq!(alone["count"], 1);
    assert_eq!(alone["items"][0]["name"], "Omicron");

    // Bad input changes nothing.
    for bad in [
        json!({"family": "w:zorbex", "category": "  "}),
        json!({"family": "w:zorbex", "category": "x".repeat(201)}),
        json!({"family": "w:zorbex", "ids": [1]}),
        json!({"family": "x".repeat(201)}),
        json!({"ids": [1], "category": "Idraulica"}),
    ] {
        let body = error_of(accept(&anna, bad.clone()).await, 422).await;
        let message = body["error"].as_str().unwrap();
        assert!(
            message.starts_with("Indica") || message.starts_with("Scegli"),
            "{bad}: {body}"
        );
    }
    let reply = accept(&anna, json!({"family": "w:nessuno"})).await;
    assert_eq!(reply.json::<Value>().await.unwrap()["accepted"], 0);
    assert_eq!(review(&anna).await["total"], 7);

    // One action files a family under a category…
    let reply = accept(
        &anna,
        json!({"family": "w:zorbex", "category": "Idraulica"}),
    )
    .await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(reply.json::<Value>().await.unwrap()["accepted"], 3);
    // …and one confirms another as it is.
    let reply = accept(&anna, json!({"family": "c:QWXT"})).await;
    assert_eq!(reply.json::<Value>().await.unwrap()["accepted"], 3);

    let products = anna.products().await;
    for p in &products {
        let name = p["name"].as_str().unwrap();
        if name.to_lowercase().starts_with("zorbex") {
            assert_eq!(p["category"], "Idraulica", "{p}");
        } else {
            assert_ne!(p["category"], "Idraulica", "{p}");
        }
        // Only the product of its own is left to check.
        assert_eq!(p["status"] == "normal", name != "Omicron", "{p}");
    }
    let view = review(&anna).await;
    assert_eq!(view["total"], 1, "{view}");
    // Filed under its category, a family is found by it.
    assert_eq!(filed_under(&app, &anna, "Idraulica").await, 3);

    // The family filed under a category taught the shop; another shop is untouched.
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let taught = entities::category_example::Entity::find()
        .filter(entities::category_example::Column::StoreId.eq(anna.id))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(taught.len(), 3, "{taught:?}");
    assert!(taught.iter().all(|e| e.category == "Idraulica"));
    let theirs = review(&bruno).await;
    assert_eq!(theirs["total"], 7, "{theirs}");
    assert_eq!(family(&theirs, "w:zorbex").unwrap()["count"], 3);
}
