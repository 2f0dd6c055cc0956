//! Hostile inputs: a CSV header built to burn CPU, spreadsheet formulas in the CSV files
//! the server writes, malformed e-mail addresses, an Origin of the wrong scheme and names
//! made of invisible characters.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::spawn_app;
use crate::import::{analyze, process};

/// A 16 KB CSV whose header is 4,000 columns named "a": numbering the repeated names
/// took 26 s of CPU in analyze before CSV columns were capped like XLSX ones.
fn four_thousand_columns() -> Vec<u8> {
    let header = vec!["a"; 4000].join(";");
    let row = vec!["1"; 4000].join(";");
    format!("{header}\n{row}\n").into_bytes()
}

#[tokio::test]
async fn a_csv_of_four_thousand_columns_is_refused_with_the_column_limit() {
    let app = spawn_app().await;
    let shop = app.shop("colonne@edilizia.it").await;

    let (status, reply) = analyze(&shop, four_thousand_columns(), "listino.csv").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["success"], false);
    assert_eq!(reply["code"], "too_many_columns");
    assert_eq!(
        reply["error"],
        "Il file contiene troppe colonne: il massimo è 256"
    );

    let mapping: Value = serde_json::json!({"name": "a"});
    let (status, reply) = process(
        &shop,
        four_thousand_columns(),
        "listino.csv",
        &mapping,
        false,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["code"], "too_many_columns");

    // The shop can go on: a normal file after it is read.
    let (status, reply) = analyze(
        &shop,
        b"Nome;Prezzo\nCemento;6,50\n".to_vec(),
        "listino.csv",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
}
