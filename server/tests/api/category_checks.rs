//! Categories found by the embedding classifier after an import (decision 032): the import
//! is written at once with the keyword engine's categories, the products left without one
//! are read by the shop's `categories` job (once across runners), a category the model and
//! the keywords agree on is written, a product the owner changed meanwhile is left alone,
//! and the dashboard reads the progress. Both databases.

use ai::builtin::{self, RawProduct};
use ai::classifier;
use reqwest::StatusCode;
use serde_json::{json, Value};
use vetrina::services::jobs;

use crate::helpers::{spawn_app, Shop};
use crate::import::import_file;

/// The keywords find no sure category; the model is sure of "Idraulica".
const GAS_TRAIN: &str = "RAMPA GAS 1/2 COMPLETA";
/// Weak keywords and the model agree on "Idraulica".
const VALVES: &str = "COPPIA RUBINETTI TERMO 1/2";
/// Nobody is sure.
const BROOM: &str = "SPAZZOLONE PER ESTERNI";
/// Not a building product: never a category.
const PHONE: &str = "Smartphone 128GB nero";
/// Sure from the keywords, and the model agrees.
const CEMENT: &str = "CEM.PORTL. 32,5R KG25 BUZZI";
/// A clog the keywords file under bricks ("forata"): the model finds it implausible.
const CLOG: &str = "ZOCCOLA FORATA C/LACCETTO BIO 601";

fn csv(lines: &[&str]) -> Vec<u8> {
    let mut text = String::from("nome;prezzo\n");
    for line in lines {
        text.push_str(&format!("{line};10\n"));
    }
    text.into_bytes()
}

async fn by_name(shop: &Shop, name: &str) -> Value {
    shop.products()
        .await
        .into_iter()
        // by the file's line: the import tidied names in capitals
        .find(|p| p["name"] == name || p["source_name"] == name)
        .unwrap_or_else(|| panic!("{name} not in the shop"))
}

async fn progress(shop: &Shop) -> (u64, u64) {
    let reply = shop.get("/api/stores/me/ai").await;
    assert_eq!(reply.status(), StatusCode::OK);
    let v: Value = reply.json().await.unwrap();
    (
        v["categories_pending"].as_u64().unwrap(),
        v["categories_done"].as_u64().unwrap(),
    )
}

#[tokio::test]
async fn an_import_s_unsure_categories_are_found_in_the_background() {
    if classifier::model().is_none() {
        eprintln!("skipped: no embedding model in this build");
        return;
    }
    for line in [GAS_TRAIN, VALVES, BROOM, PHONE] {
        let e = builtin::enrich(&RawProduct {
            name: line,
            ..Default::default()
        });
        assert_eq!(e.category, None, "{line}: the keywords are not sure");
    }
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let lines = [CEMENT, GAS_TRAIN, VALVES, BROOM, PHONE, CLOG];
    let (status, store) = import_file(&anna, csv(&lines), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(by_name(&anna, GAS_TRAIN).await["category"], Value::Null);
    let clog = by_name(&anna, CLOG).await;
    assert_eq!(
        clog["category"], "Laterizi e blocchi",
        "the keywords' guess"
    );
    assert!(clog["description"].as_str().unwrap().contains("murature"));
    assert_eq!(
        progress(&anna).await,
        (6, 0),
        "every line without a file category"
    );

    // The owner edits one before the job reads it: it stays as the owner left it.
    let id = by_name(&anna, VALVES).await["id"].clone();
    let edited = anna
        .put(
            &format!("/api/products/{id}"),
            json!({"description": "Coppia di rubinetti."}),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::OK);

    let (a, b) = tokio::join!(jobs::run_due(&app.state), jobs::run_due(&app.state));
    assert_eq!(a.unwrap() + b.unwrap(), 1, "one runner took the job");
    assert_eq!(progress(&anna).await, (0, 6));

    let gas = by_name(&anna, GAS_TRAIN).await;
    assert_eq!(gas["category"], "Idraulica", "{gas}");
    // Sure of the category, not of a brand: still the owner's to check, for the brand.
    assert_eq!(gas["status"], "uncertain");
    assert_eq!(
        gas["review_note"].as_str(),
        builtin::review_note(builtin::Status::Uncertain, false, true, false).as_deref()
    );
    assert_eq!(by_name(&anna, VALVES).await["category"], Value::Null);
    assert_eq!(by_name(&anna, BROOM).await["category"], Value::Null);
    assert_eq!(by_name(&anna, PHONE).await["category"], Value::Null);
    assert_eq!(
        by_name(&anna, CEMENT).await["category"],
        "Cementi, malte e intonaci"
    );
    // The clog is no brick: its category, and the description written from it, go.
    let clog = by_name(&anna, CLOG).await;
    assert_eq!(clog["category"], Value::Null, "{clog}");
    assert_eq!(clog["description"], Value::Null, "{clog}");
    assert_eq!(clog["status"], "uncertain");

    // The category is the shop's filter and search word at once.
    let reply = app
        .get(&format!(
            "/api/stores/{}/products?category=Idraulica",
            anna.id
        ))
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    let found: Value = reply.json().await.unwrap();
    let names: Vec<&str> = found["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["Rampa gas 1/2 completa"], "tidied by the import");

    // The next import is a new run: the report counts only its products.
    let (status, _) = import_file(&anna, csv(&["GRUPPO DI RIEMPIMENTO 1/2"]), "altro.csv").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(progress(&anna).await, (1, 0));
}

/// Three lines of one kind nobody is sure of.
const BROOMS: [&str; 3] = [
    BROOM,
    "SPAZZOLONE PER ESTERNI CM 40",
    "SPAZZOLONE PER ESTERNI CM 30",
];

/// Learning from the owner (decision 037): the category the owner gives one line of the
/// queue files the shop's lines nearly the same, those still in the queue (read again
/// without being embedded again) and those of the next import, and nothing of another
/// shop; a line unlike it keeps what the engines said.
#[tokio::test]
async fn a_category_the_owner_gives_files_the_shop_s_lines_nearly_the_same() {
    if classifier::model().is_none() {
        eprintln!("skipped: no embedding model in this build");
        return;
    }
    const TAUGHT: &str = "Giardino ed esterni";
    let brooms = BROOMS;
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    for shop in [&anna, &bruno] {
        let (status, store) = import_file(
            shop,
            csv(&[brooms[0], brooms[1], brooms[2], PHONE]),
            "listino.csv",
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{store}");
    }
    while jobs::run_due(&app.state).await.unwrap() > 0 {}
    for line in brooms {
        assert_eq!(
            by_name(&anna, line).await["category"],
            Value::Null,
            "{line}: nobody is sure"
        );
    }

    // The owner files the first broom, and confirms it.
    anna.images_settled().await;
    let before = by_name(&anna, BROOM).await;
    let id = before["id"].clone();
    let edited = anna
        .put(
            &format!("/api/products/{id}"),
            json!({"category": TAUGHT, "status": "normal"}),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::OK);
    // Its drawn picture showed "no category": drawn again for the garden.
    anna.images_settled().await;
    let drawn = by_name(&anna, BROOM).await["image_url"].clone();
    assert!(
        drawn
            .as_str()
            .is_some_and(|u| u.starts_with("/media/products/t2-")),
        "{drawn}"
    );
    assert_ne!(drawn, before["image_url"], "drawn for its new category");
    assert_eq!(
        progress(&anna).await.0,
        3,
        "the rest of the queue is read again"
    );
    while jobs::run_due(&app.state).await.unwrap() > 0 {}
    assert_eq!(progress(&anna).await.0, 0);
    for line in &brooms[1..] {
        let p = by_name(&anna, line).await;
        assert_eq!(p["category"], TAUGHT, "{p}");
    }
    assert_eq!(by_name(&anna, PHONE).await["category"], Value::Null);
    for line in brooms {
        assert_eq!(
            by_name(&bruno, line).await["category"],
            Value::Null,
            "{line}: another shop's"
        );
    }

    // The next import of the same shop: a new broom gets the owner's category too.
    let next = "SPAZZOLONE PER ESTERNI CM 50";
    let (status, _) = import_file(&anna, csv(&[next]), "altro.csv").await;
    assert_eq!(status, StatusCode::OK);
    while jobs::run_due(&app.state).await.unwrap() > 0 {}
    assert_eq!(by_name(&anna, next).await["category"], TAUGHT);
}

/// What the owner confirms while the queue is read again stays as the owner left it: the
/// reading begun before the confirmation does not put the product back in the queue.
#[tokio::test]
async fn a_product_the_owner_confirms_while_the_queue_is_read_again_stays_confirmed() {
    if classifier::model().is_none() {
        eprintln!("skipped: no embedding model in this build");
        return;
    }
    let brooms = BROOMS;
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let (status, store) = import_file(&anna, csv(&brooms), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{store}");
    while jobs::run_due(&app.state).await.unwrap() > 0 {}

    // The owner files the first broom: the other two are queued to be read again…
    let id = by_name(&anna, BROOM).await["id"].clone();
    let edited = anna
        .put(
            &format!("/api/products/{id}"),
            json!({"category": "Giardino ed esterni", "status": "normal"}),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::OK);
    assert_eq!(progress(&anna).await.0, 2);
    // …and, before that reading, confirms the second as it is (no category).
    let second = by_name(&anna, brooms[1]).await;
    let reply = anna
        .post("/api/products/accept", json!({"ids": [second["id"]]}))
        .await;
    assert_eq!(reply.json::<Value>().await.unwrap()["accepted"], 1);
    while jobs::run_due(&app.state).await.unwrap() > 0 {}

    let confirmed = by_name(&anna, brooms[1]).await;
    assert_eq!(confirmed["status"], "normal", "{confirmed}");
    assert_eq!(confirmed["category"], Value::Null, "{confirmed}");
    // The one the owner left in the queue is filed as taught.
    assert_eq!(
        by_name(&anna, brooms[2]).await["category"],
        "Giardino ed esterni"
    );
}
