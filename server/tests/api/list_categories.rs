//! A price list's own categories learned from the owner (decision 037,
//! `services::list_categories`): two products of a list category filed alike, and most of
//! those re-filed, file the rest of that list category there at once and at the next
//! import; a product the owner filed otherwise stays; another shop learns nothing. Both
//! databases.

use domain::plan::Plan;
use reqwest::StatusCode;
use serde_json::{json, Value};
use vetrina::services::jobs;

use crate::helpers::{spawn_app, Shop};
use crate::import::{analyze, import_file, process};

/// A list that files its lines under its own codes.
fn list(rows: &[(&str, &str, &str)]) -> Vec<u8> {
    let mut text = String::from("Codice;Descrizione;Prezzo;Codice Categoria\n");
    for (code, name, category) in rows {
        text.push_str(&format!("{code};{name};2,50;{category}\n"));
    }
    text.into_bytes()
}

const FIRST: [(&str, &str, &str); 6] = [
    ("T01", "Tassello nylon 6 mm", "A12"),
    ("T02", "Tassello nylon 8 mm", "A12"),
    ("T03", "Tassello nylon 10 mm", "A12"),
    ("T04", "Tassello per cartongesso", "A12"),
    ("T05", "Tassello chimico 300 ml", "A12"),
    ("C01", "Colla vinilica 1 kg", "B07"),
];

async fn category_of(shop: &Shop, sku: &str) -> Value {
    shop.products()
        .await
        .into_iter()
        .find(|p| p["sku"] == sku)
        .unwrap_or_else(|| panic!("{sku} not in the shop"))["category"]
        .clone()
}

/// Files the product as the owner does in the dashboard; the owner's reply.
async fn file_under(shop: &Shop, sku: &str, category: &str) -> Value {
    let id = shop
        .products()
        .await
        .into_iter()
        .find(|p| p["sku"] == sku)
        .unwrap()["id"]
        .clone();
    let reply = shop
        .put(
            &format!("/api/products/{id}"),
            json!({ "category": category }),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    reply.json().await.unwrap()
}

#[tokio::test]
async fn two_products_filed_alike_file_the_rest_of_their_list_category() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    // Business: imports enough for a list and its next versions.
    vetrina::services::stores::set_plan(&app.db, "anna@ferramenta.it", Plan::Business)
        .await
        .unwrap();
    let bruno = app.shop("bruno@edilizia.it").await;
    for shop in [&anna, &bruno] {
        let (status, body) = import_file(shop, list(&FIRST), "listino.csv").await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    assert_eq!(
        category_of(&anna, "T03").await,
        "A12",
        "the list's own, as it was"
    );

    // One product filed, one filed otherwise: not yet a rule.
    let edited = file_under(&anna, "T01", "Ancoranti").await;
    assert_eq!(
        edited["source_category"], "A12",
        "the owner sees the list's own"
    );
    file_under(&anna, "T05", "Sigillanti e chimici").await;
    assert_eq!(category_of(&anna, "T02").await, "A12");

    // A second filed alike, and they are most of those re-filed: the rest follows.
    file_under(&anna, "T02", "Ancoranti").await;
    for sku in ["T03", "T04"] {
        assert_eq!(category_of(&anna, sku).await, "Ancoranti", "{sku}");
    }
    assert_eq!(
        category_of(&anna, "T05").await,
        "Sigillanti e chimici",
        "the owner's own filing stays"
    );
    assert_eq!(
        category_of(&anna, "C01").await,
        "B07",
        "another list category"
    );
    assert_eq!(category_of(&bruno, "T03").await, "A12", "another shop's");

    // The search finds them by their new category once the terms are written again.
    while jobs::run_due(&app.state).await.unwrap() > 0 {}
    let found: Value = anna
        .get(&format!(
            "/api/stores/{}/products?q=ancoranti&per_page=100",
            anna.id
        ))
        .await
        .json()
        .await
        .unwrap();
    let skus: Vec<&str> = found["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["sku"].as_str())
        .collect();
    assert!(skus.contains(&"T04"), "{found}");
    assert!(!skus.contains(&"C01"), "{found}");
    // The owner's listing says where each came from.
    assert!(
        found["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["source_category"] == "A12"),
        "{found}"
    );

    // The next list: a new line of A12 is filed there, and the same list again does not
    // undo the owner's filing.
    let next = [
        ("T06", "Tassello metallico 8 mm", "A12"),
        ("C02", "Colla a caldo", "B07"),
    ];
    let (_, analysis) = analyze(&anna, list(&next), "listino-nuovo.csv").await;
    let (status, processed) = process(
        &anna,
        list(&next),
        "listino-nuovo.csv",
        &analysis["mapping"],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    assert_eq!(
        processed["warnings"][0]["message"],
        "Categorie del listino sistemate come le hai sistemate tu: «A12» → «Ancoranti» (1 riga)"
    );
    let (status, body) = import_file(&anna, list(&next), "listino-nuovo.csv").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(category_of(&anna, "T06").await, "Ancoranti");
    assert_eq!(category_of(&anna, "C02").await, "B07");
    let (status, body) = import_file(&anna, list(&FIRST), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for sku in ["T01", "T03", "T04"] {
        assert_eq!(category_of(&anna, sku).await, "Ancoranti", "{sku}");
    }
    assert_eq!(
        category_of(&anna, "T05").await,
        "Sigillanti e chimici",
        "a list imported again keeps the owner's own filing"
    );
    // A list that files a product anew moves it, where the owner had left it as the list had.
    let moved = [("C01", "Colla vinilica 1 kg", "B08")];
    let (status, body) = import_file(&anna, list(&moved), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(category_of(&anna, "C01").await, "B08");
}
