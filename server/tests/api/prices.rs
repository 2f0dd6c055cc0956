//! One way to read a price (docs/decisions/013-prices.md): the API and an import give the
//! same cents for the same text, and refuse the same texts.

use domain::plan::Plan;
use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app, Shop, TestApp};
use crate::import::{analyze, import_file, process};

/// How owners write prices, in Italian and English, with the ambiguous `1.234` and
/// `1,234`, and the euros each one is.
const WRITTEN: [(&str, Option<f64>); 16] = [
    ("12,50", Some(12.5)),
    ("12.50", Some(12.5)),
    ("€ 1.234,50", Some(1234.5)),
    ("1,234.50", Some(1234.5)),
    ("1234", Some(1234.0)),
    ("12,5", Some(12.5)),
    ("EUR 8", Some(8.0)),
    ("8 euro", Some(8.0)),
    ("1 234,50", Some(1234.5)),
    ("1.234", Some(1234.0)),
    ("1,234", Some(1.23)),
    ("2.500", Some(2500.0)),
    ("0,125", Some(0.13)),
    (",50", Some(0.5)),
    ("1.000.000", Some(1_000_000.0)),
    ("", None),
];

const REFUSED: [&str; 6] = ["dodici", "-5", "12,50,3", "1.23.4", "12,", "1000000,01"];

async fn business_shop(app: &TestApp, email: &str) -> Shop {
    let shop = app.shop(email).await;
    vetrina::services::stores::set_plan(&app.db, email, Plan::Business)
        .await
        .unwrap();
    shop
}

/// A `;` CSV with one product per price, every cell quoted.
fn listino(prices: &[&str]) -> Vec<u8> {
    let mut csv = String::from("Nome;Prezzo\r\n");
    for (i, price) in prices.iter().enumerate() {
        csv.push_str(&format!("\"Articolo di prova {i}\";\"{price}\"\r\n"));
    }
    csv.into_bytes()
}

fn price_of(products: &Value, name: &str) -> Value {
    products
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{name} not found"))["price"]
        .clone()
}

#[tokio::test]
async fn the_api_and_an_import_read_a_price_alike() {
    let app = spawn_app().await;
    let anna = business_shop(&app, "anna@ferramenta.it").await;

    let mut by_api = Vec::new();
    for (i, (text, _)) in WRITTEN.iter().enumerate() {
        let reply = anna
            .post(
                "/api/products",
                json!({"name": format!("Prodotto a mano {i}"), "price": text}),
            )
            .await;
        assert_eq!(reply.status(), 201, "{text:?}");
        let product: Value = reply.json().await.unwrap();
        by_api.push(product["price"].clone());
    }

    let texts: Vec<&str> = WRITTEN.iter().map(|(t, _)| *t).collect();
    let (status, _) = import_file(&anna, listino(&texts), "listino.csv").await;
    assert_eq!(status, 200);
    let products = Value::Array(anna.products().await);

    for (i, (text, euros)) in WRITTEN.iter().enumerate() {
        let imported = price_of(&products, &format!("Articolo di prova {i}"));
        assert_eq!(by_api[i], imported, "{text:?}: API and import disagree");
        assert_eq!(
            imported.as_f64(),
            *euros,
            "{text:?} is {euros:?} €, read {imported}"
        );
        assert_eq!(
            price_of(&products, &format!("Prodotto a mano {i}")),
            by_api[i],
            "{text:?} reads back as it was answered"
        );
    }

    // A JSON number is the same price as its text.
    let reply = anna
        .post("/api/products", json!({"name": "Numero", "price": 1234.5}))
        .await;
    let number: Value = reply.json().await.unwrap();
    assert_eq!(number["price"], by_api[2]);
}

#[tokio::test]
async fn the_api_and_an_import_refuse_the_same_prices() {
    let app = spawn_app().await;
    let anna = business_shop(&app, "anna@ferramenta.it").await;
    for text in REFUSED {
        let error = error_of(
            anna.post("/api/products", json!({"name": "Sabbia", "price": text}))
                .await,
            422,
        )
        .await;
        assert_eq!(
            error["fields"]["price"], "Il prezzo deve essere un numero maggiore o uguale a 0.",
            "{text:?}"
        );
    }
    let bytes = listino(&REFUSED);
    let (_, analysis) = analyze(&anna, bytes.clone(), "listino.csv").await;
    let (status, processed) =
        process(&anna, bytes, "listino.csv", &analysis["mapping"], false).await;
    assert_eq!(status, 200, "{processed}");
    assert_eq!(processed["statistics"]["valid"], 0, "{processed}");
    assert_eq!(
        processed["statistics"]["invalid"],
        REFUSED.len(),
        "{processed}"
    );
    let first = &processed["errors"][0];
    assert_eq!(first["errors"][0], "Prezzo non valido: «dodici»");
    assert_eq!(
        processed["errors"][1]["errors"][0],
        "Prezzo non valido: «-5» (il prezzo non può essere negativo)"
    );
    assert_eq!(anna.me().await["product_count"], 0);
}

#[tokio::test]
async fn a_column_written_the_english_way_reads_1_234_as_decimals_and_says_so() {
    let app = spawn_app().await;
    let anna = business_shop(&app, "anna@ferramenta.it").await;
    // An export whose every decimal mark is a dot (WooCommerce, Shopify, an English Excel).
    let bytes = listino(&["12.5", "1.234", "1,234.50", "7"]);
    let (_, analysis) = analyze(&anna, bytes.clone(), "export.csv").await;
    let (status, processed) =
        process(&anna, bytes, "export.csv", &analysis["mapping"], false).await;
    assert_eq!(status, 200, "{processed}");
    let prices: Vec<&Value> = processed["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["price"])
        .collect();
    assert_eq!(
        prices,
        [&json!(12.5), &json!(1.23), &json!(1234.5), &json!(7.0)]
    );
    let warnings = processed["warnings"].to_string();
    assert!(
        warnings.contains("prezzo «1.234» letto come 1,23 €"),
        "the preview says how it was read: {warnings}"
    );
}
