//! The import API over HTTP: real files made here, every stage, bad input, limits, cancel.

use domain::plan::Plan;
use reqwest::multipart::{Form, Part};
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use serde_json::{json, Value};

use crate::helpers::{error_of, list_all, spawn_app, Shop, TestApp};

pub(crate) fn file_form(bytes: Vec<u8>, name: &str) -> Form {
    Form::new().part("file", Part::bytes(bytes).file_name(name.to_owned()))
}

pub(crate) async fn analyze(shop: &Shop, bytes: Vec<u8>, name: &str) -> (StatusCode, Value) {
    let reply = shop
        .client
        .post(format!("{}/api/file/analyze", shop.url))
        .multipart(file_form(bytes, name))
        .send()
        .await
        .unwrap();
    let status = reply.status();
    (status, reply.json().await.unwrap())
}

pub(crate) async fn process(
    shop: &Shop,
    bytes: Vec<u8>,
    name: &str,
    mapping: &Value,
    regenerate_name: bool,
) -> (StatusCode, Value) {
    let form = file_form(bytes, name)
        .text("mapping", mapping.to_string())
        .text("regenerateName", regenerate_name.to_string())
        .text("regeneratePresentProducts", "false");
    let reply = shop
        .client
        .post(format!("{}/api/file/process", shop.url))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = reply.status();
    (status, reply.json().await.unwrap())
}

/// analyze → process with the proposed mapping → import; the import's reply.
pub(crate) async fn import_file(shop: &Shop, bytes: Vec<u8>, name: &str) -> (StatusCode, Value) {
    let (status, analysis) = analyze(shop, bytes.clone(), name).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let (status, processed) = process(shop, bytes, name, &analysis["mapping"], false).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    let reply = shop
        .post(
            "/api/file/import",
            json!({"processId": processed["processId"]}),
        )
        .await;
    let status = reply.status();
    (status, reply.json().await.unwrap())
}

pub(crate) async fn product_count(shop: &Shop) -> u64 {
    shop.me().await["product_count"].as_u64().unwrap()
}

async fn business_shop(app: &TestApp, email: &str) -> Shop {
    let shop = app.shop(email).await;
    vetrina::services::stores::set_plan(&app.db, email, Plan::Business)
        .await
        .unwrap();
    shop
}

const LISTINO: &str =
    "\u{feff}Codice;Descrizione articolo;Prezzo al pubblico;Produttore;Giacenza;EAN\r\n\
A-001;CEM.PORTL. 32,5R KG25 BUZZI;€ 6,90;Buzzi Unicem;120;0801234567890\r\n\
A-002;Stucco in polvere per cartongesso 5 kg;12,5 €;Knauf;0;\r\n\
A-003;;3,00;;5;\r\n\
A-004;Silicone acetico trasparente 280 ml;\"1.234,50\";Saratoga;si;\r\n";

#[tokio::test]
async fn analyze_reads_headers_samples_and_proposes_a_mapping() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let (status, a) = analyze(&shop, LISTINO.as_bytes().to_vec(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["success"], true);
    assert_eq!(a["headers"][0], "Codice");
    assert_eq!(a["totalRows"], 4);
    assert_eq!(a["sampleData"][0]["EAN"], "0801234567890");
    assert_eq!(a["sampleData"][0]["Prezzo al pubblico"], "€ 6,90");
    assert_eq!(a["mapping"]["name"], "Descrizione articolo");
    assert_eq!(a["mapping"]["price"], "Prezzo al pubblico");
    assert_eq!(a["mapping"]["brand"], "Produttore");
    assert_eq!(a["mapping"]["available"], "Giacenza");
    assert_eq!(a["mapping"]["sku"], "Codice");
    assert_eq!(a["mapping"]["ean"], "EAN");
}

#[tokio::test]
async fn a_price_list_becomes_products_in_one_import() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let bytes = LISTINO.as_bytes().to_vec();
    let (_, a) = analyze(&shop, bytes.clone(), "listino.csv").await;
    let (status, p) = process(&shop, bytes, "listino.csv", &a["mapping"], true).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(
        p["statistics"],
        json!({"total": 4, "valid": 3, "invalid": 1, "create": 3, "update": 0,
               "fitting": 3, "beyondPlan": 0})
    );
    assert_eq!(p["errors"][0]["rowIndex"], 4);
    assert_eq!(
        p["errors"][0]["errors"][0],
        "Il nome del prodotto è obbligatorio"
    );
    let first = &p["products"][0];
    assert_eq!(first["price"], 6.9);
    assert_eq!(first["ean"], "0801234567890");
    assert_eq!(first["category"], "Cementi, malte e intonaci");
    assert_eq!(first["status"], "normal");
    assert_eq!(first["action"], "create");
    assert!(first["name"].as_str().unwrap().contains("25 kg"), "{first}");
    assert_eq!(p["products"][1]["in_stock"], false);
    assert_eq!(p["products"][2]["price"], 1234.5);
    // Processing writes nothing.
    assert_eq!(product_count(&shop).await, 0);

    let reply = shop
        .post("/api/file/import", json!({"processId": p["processId"]}))
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    let store: Value = reply.json().await.unwrap();
    assert_eq!(store["product_count"], 3);
    assert_eq!(store["counter_csv_imported"], 1);
    let listed = list_all(&reqwest::Client::new(), &app.url, shop.id).await;
    let names: Vec<&str> = listed.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert!(names.iter().any(|n| n.starts_with("Silicone")), "{names:?}");
    // A process id is used once.
    let again = shop
        .post("/api/file/import", json!({"processId": p["processId"]}))
        .await;
    let body = error_of(again, 409).await;
    assert_eq!(body["error"], "Importazione già in corso o completata");
    assert_eq!(product_count(&shop).await, 3);
}

#[tokio::test]
async fn confirmations_of_one_file_at_once_import_it_once() {
    let app = spawn_app().await;
    let shop = business_shop(&app, "anna@ferramenta.it").await;
    let second = app.another_instance().await;
    let mut csv = String::from("Codice;Descrizione;Prezzo\r\n");
    for i in 0..2000 {
        csv.push_str(&format!(
            "C{i:05};Vite autofilettante 4x{i} mm;0,{:02}\r\n",
            i % 90 + 10
        ));
    }
    let bytes = csv.into_bytes();
    let (_, a) = analyze(&shop, bytes.clone(), "listino.csv").await;
    let (status, p) = process(&shop, bytes, "listino.csv", &a["mapping"], false).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    // A double click, and more, on both instances at once.
    let body = json!({"processId": p["processId"]});
    let sent = (0..10).map(|i| {
        let base = if i % 2 == 0 { &app.url } else { &second };
        shop.client
            .post(format!("{base}/api/file/import"))
            .json(&body)
            .send()
    });
    let replies = futures::future::join_all(sent).await;
    let mut statuses: Vec<u16> = Vec::new();
    for reply in replies {
        let reply = reply.unwrap();
        let status = reply.status().as_u16();
        if status == 409 {
            let failure: Value = reply.json().await.unwrap();
            assert_eq!(failure["error"], "Importazione già in corso o completata");
        }
        statuses.push(status);
    }
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    let me = shop.me().await;
    assert_eq!(me["product_count"], 2000);
    assert_eq!(me["counter_csv_imported"], 1);
}

#[tokio::test]
async fn a_processed_file_waits_in_the_database_for_any_instance_to_import_it() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let other = app.shop("bruno@edilizia.it").await;
    let bytes = LISTINO.as_bytes().to_vec();
    let (_, a) = analyze(&shop, bytes.clone(), "listino.csv").await;
    let (status, p) = process(&shop, bytes.clone(), "listino.csv", &a["mapping"], false).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    let kept = entities::processed_import::Entity::find()
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(kept.len(), 1);
    assert!(kept[0].payload.starts_with(&[0x1f, 0x8b]), "compressed");

    // Another shop's owner cannot use the id, on any instance.
    let second = app.another_instance().await;
    let post = |shop: &Shop, base: &str| {
        shop.client
            .post(format!("{base}/api/file/import"))
            .json(&json!({"processId": p["processId"]}))
            .send()
    };
    assert_eq!(
        post(&other, &second).await.unwrap().status(),
        StatusCode::GONE
    );
    // The error report and the import work from the instance that did not process it.
    let report = shop
        .client
        .get(format!(
            "{second}/api/file/error-report/{}",
            p["processId"].as_str().unwrap()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(report.status(), StatusCode::OK);
    assert!(report
        .text()
        .await
        .unwrap()
        .contains("Il nome del prodotto è obbligatorio"));
    let reply = post(&shop, &second).await.unwrap();
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(product_count(&shop).await, 3);
    // Marked imported (so a repeat is told so) and emptied; the hourly clean-up removes it.
    let left = entities::processed_import::Entity::find()
        .all(&app.db)
        .await
        .unwrap();
    assert!(
        left.iter()
            .all(|row| row.imported_at.is_some() && row.payload.is_empty()),
        "{left:?}"
    );

    // Older than an hour: gone (410), and the housekeeping job removes it.
    let (_, p) = process(&shop, bytes, "listino.csv", &a["mapping"], false).await;
    app.sql("UPDATE processed_imports SET created_at = '2020-01-01 00:00:00+00:00'")
        .await;
    let expired = shop
        .post("/api/file/import", json!({"processId": p["processId"]}))
        .await;
    assert_eq!(expired.status(), StatusCode::GONE);
    assert_eq!(
        vetrina::services::imports::kept::delete_expired(&app.db)
            .await
            .unwrap(),
        1
    );
}

#[tokio::test]
async fn the_next_file_with_the_same_headers_is_proposed_the_mapping_last_confirmed() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let other = app.shop("bruno@edilizia.it").await;
    let bytes = LISTINO.as_bytes().to_vec();
    let (_, first) = analyze(&shop, bytes.clone(), "listino.csv").await;
    assert_eq!(first["savedMapping"], false);
    // The owner's corrections: no stock column, a brand for every row, prices without VAT.
    let mut chosen = first["mapping"].clone();
    chosen.as_object_mut().unwrap().remove("available");
    chosen["fixed"] = json!({"brand": "Marca del negozio"});
    chosen["pricesIncludeVat"] = json!(false);
    chosen["vatRate"] = json!(10);
    let (_, p) = process(&shop, bytes.clone(), "listino.csv", &chosen, false).await;
    // Processing alone confirms nothing.
    let (_, again) = analyze(&shop, bytes.clone(), "listino.csv").await;
    assert_eq!(again["savedMapping"], false);
    let reply = shop
        .post("/api/file/import", json!({"processId": p["processId"]}))
        .await;
    assert_eq!(reply.status(), StatusCode::OK);

    // Next month's export, other rows, same headers.
    let next = LISTINO.replace("A-001", "A-101").into_bytes();
    let (_, proposed) = analyze(&shop, next.clone(), "listino-dicembre.csv").await;
    assert_eq!(proposed["savedMapping"], true, "{proposed}");
    assert_eq!(proposed["mapping"], chosen);
    // Another shop, or other headers: a fresh proposal.
    let (_, theirs) = analyze(&other, next, "listino.csv").await;
    assert_eq!(theirs["savedMapping"], false);
    let renamed = LISTINO.replacen("Produttore", "Marca", 1).into_bytes();
    let (_, fresh) = analyze(&shop, renamed, "listino.csv").await;
    assert_eq!(fresh["savedMapping"], false);
}

#[tokio::test]
async fn rows_with_a_known_sku_or_ean_update_instead_of_duplicating() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let (status, _) = import_file(&shop, LISTINO.as_bytes().to_vec(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK);
    let newer = "Codice;Descrizione articolo;Prezzo;EAN\n\
                 A-001;Cemento Portland 32,5 R 25 kg;7,20;\n\
                 ;Cemento bianco;9,00;0801234567890\n\
                 A-009;Malta bastarda 25 kg;4,10;\n";
    let (_, a) = analyze(&shop, newer.as_bytes().to_vec(), "nuovo.csv").await;
    let (status, p) = process(
        &shop,
        newer.as_bytes().to_vec(),
        "nuovo.csv",
        &a["mapping"],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{p}");
    // Row 3 has the EAN of A-001's product, which row 2 already updates: refused.
    assert_eq!(p["statistics"]["update"], 1, "{p}");
    assert_eq!(p["statistics"]["create"], 1);
    assert_eq!(p["errors"][0]["rowIndex"], 3);
    let reply = shop
        .post("/api/file/import", json!({"processId": p["processId"]}))
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(product_count(&shop).await, 4);
    let (status, p) = process(
        &shop,
        b"EAN;Nome\n8012345678901;Nuovo\n0801234567890;Cemento 425\n".to_vec(),
        "ean.csv",
        &json!({"ean": "EAN", "name": "Nome"}),
        false,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            p["statistics"]["create"].as_u64(),
            p["statistics"]["update"].as_u64()
        ),
        (Some(1), Some(1)),
        "{p}"
    );
    let products = shop.products().await;
    let cement = products
        .iter()
        .find(|p| p["sku"] == "A-001")
        .unwrap()
        .clone();
    assert_eq!(cement["price"], 7.2);
    assert_eq!(cement["name"], "Cemento Portland 32,5 R 25 kg");
    // Fields the new file leaves empty keep their values.
    assert_eq!(cement["brand"], "Buzzi Unicem");
}

fn listino_xlsx() -> Vec<u8> {
    let mut wb = rust_xlsxwriter::Workbook::new();
    let ws = wb.add_worksheet();
    ws.write_string(0, 0, "Listino 2026 - Edilizia Rossi")
        .unwrap();
    for (c, h) in ["Codice", "Nome", "Prezzo", "Marca", "Disponibile", "EAN"]
        .iter()
        .enumerate()
    {
        ws.write_string(2, c as u16, *h).unwrap();
    }
    let rows = [
        (
            "00123",
            "Adesivo per piastrelle C2TE 25 kg",
            14.9,
            "Mapei",
            "si",
            "0801234567890",
        ),
        (
            "00124",
            "Lastra cartongesso 1200x2500 sp. 12,5",
            8.4,
            "Knauf",
            "no",
            "8012345678901",
        ),
    ];
    for (r, (code, name, price, brand, avail, ean)) in rows.iter().enumerate() {
        let r = r as u32 + 3;
        ws.write_string(r, 0, *code).unwrap();
        ws.write_string(r, 1, *name).unwrap();
        ws.write_number(r, 2, *price).unwrap();
        ws.write_string(r, 3, *brand).unwrap();
        ws.write_string(r, 4, *avail).unwrap();
        ws.write_string(r, 5, *ean).unwrap();
    }
    wb.save_to_buffer().unwrap()
}

#[tokio::test]
async fn an_excel_file_with_a_title_row_imports() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let (status, a) = analyze(&shop, listino_xlsx(), "listino.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["headers"][1], "Nome");
    assert_eq!(a["sampleData"][0]["Codice"], "00123");
    let (status, store) = import_file(&shop, listino_xlsx(), "listino.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(store["product_count"], 2);
    let products = shop.products().await;
    let lastra = products
        .iter()
        .find(|p| p["sku"] == "00124")
        .unwrap()
        .clone();
    assert_eq!(lastra["in_stock"], false);
    assert_eq!(lastra["price"], 8.4);
    assert_eq!(lastra["category"], "Cartongesso e controsoffitti");
}

async fn refused(shop: &Shop, bytes: Vec<u8>, name: &str, status: u16) -> String {
    let (got, body) = analyze(shop, bytes, name).await;
    assert_eq!(got.as_u16(), status, "{name}: {body}");
    assert_eq!(body["success"], false);
    body["error"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn bad_files_get_italian_errors_and_write_nothing() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    assert_eq!(
        refused(&shop, b"%PDF-1.4".to_vec(), "listino.pdf", 415).await,
        "Formato file non supportato. Carica un file CSV o Excel (.csv, .xlsx, .xls)"
    );
    assert_eq!(
        refused(&shop, Vec::new(), "vuoto.csv", 422).await,
        "Il file è vuoto"
    );
    assert!(refused(
        &shop,
        b"Cemento;5,50;12\nSabbia;3,00;4\n".to_vec(),
        "righe.csv",
        422
    )
    .await
    .contains("intestazione"));
    assert_eq!(
        refused(
            &shop,
            b"Nome;Prezzo\n".to_vec(),
            "solo-intestazione.csv",
            422
        )
        .await,
        "Il file non contiene prodotti: sotto l'intestazione non c'è nessuna riga."
    );
    assert_eq!(
        refused(&shop, b"Nome;Prezzo\nMalta;4\n".to_vec(), "finto.xlsx", 422).await,
        "Il file Excel è danneggiato o non leggibile."
    );
    let mut half = listino_xlsx();
    half.truncate(half.len() / 2);
    assert_eq!(
        refused(&shop, half, "rotto.xlsx", 422).await,
        "Il file Excel è danneggiato o non leggibile."
    );
    assert!(refused(&shop, zip_bomb(), "bomba.xlsx", 413)
        .await
        .contains("troppo grande"));

    // No name column in the mapping.
    let (status, p) = process(
        &shop,
        LISTINO.as_bytes().to_vec(),
        "listino.csv",
        &json!({"price": "Prezzo al pubblico"}),
        false,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(p["error"], "Nome e un campo obbligatorio per il mapping");
    // A mapping that is not JSON.
    let form = file_form(LISTINO.as_bytes().to_vec(), "listino.csv").text("mapping", "{nome");
    let reply = shop
        .client
        .post(format!("{}/api/file/process", shop.url))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // A field over 100,000 characters (a quote left open) rejects its own row only.
    let long = format!("Nome;Prezzo\nMalta;4\n{};5\nCalce;6\n", "x".repeat(100_001));
    let (status, p) = process(
        &shop,
        long.into_bytes(),
        "lungo.csv",
        &json!({"name": "Nome", "price": "Prezzo"}),
        false,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(p["statistics"]["valid"], 2);
    assert_eq!(p["statistics"]["invalid"], 1);
    assert_eq!(p["errors"][0]["rowIndex"], 3);

    assert_eq!(product_count(&shop).await, 0);
    assert_eq!(shop.me().await["counter_csv_imported"], 0);
}

/// A valid workbook whose sheet claims 1 GB once decompressed.
fn zip_bomb() -> Vec<u8> {
    let mut bytes = listino_xlsx();
    let name = b"xl/worksheets/sheet1.xml";
    let mut i = 0;
    while i + 46 < bytes.len() {
        if bytes[i..i + 4] == *b"PK\x01\x02" {
            let len = u16::from_le_bytes([bytes[i + 28], bytes[i + 29]]) as usize;
            if bytes.get(i + 46..i + 46 + len) == Some(&name[..]) {
                bytes[i + 24..i + 28].copy_from_slice(&(1u32 << 30).to_le_bytes());
            }
        }
        i += 1;
    }
    bytes
}

#[tokio::test]
async fn a_file_over_the_size_limit_is_refused_with_413() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let big = vec![b'a'; 51 * 1024 * 1024];
    let error = refused(&shop, big, "enorme.csv", 413).await;
    assert!(error.contains("50 MB"), "{error}");
}

#[tokio::test]
async fn the_monthly_imports_and_the_product_cap_of_the_plan_hold() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let one = "Nome;Prezzo\nMalta bastarda 25 kg;4,10\n";
    for file in [one, "Nome;Prezzo\nMalta cementizia 25 kg;5,20\n"] {
        let (status, body) = import_file(&shop, file.as_bytes().to_vec(), "uno.csv").await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    // A file processed with one import left, then the third import made in another tab:
    // the final write still holds the monthly limit.
    let (_, a) = analyze(&shop, one.as_bytes().to_vec(), "uno.csv").await;
    let (_, waiting) = process(
        &shop,
        one.as_bytes().to_vec(),
        "uno.csv",
        &a["mapping"],
        false,
    )
    .await;
    vetrina::services::usage::add(&app.db, shop.id, vetrina::services::usage::Counter::Imports)
        .await
        .unwrap();
    let reply = shop
        .post(
            "/api/file/import",
            json!({"processId": waiting["processId"]}),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::FORBIDDEN);
    let body: Value = reply.json().await.unwrap();
    assert_eq!(body["code"], "plan_limit");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("3 importazioni mensili"),
        "{body}"
    );
    assert_eq!(product_count(&shop).await, 2);

    // Free plan: 50 products. A 60-row file is refused whole.
    let other = app.shop("bruno@edilizia.it").await;
    let mut sixty = String::from("Nome;Prezzo\n");
    for i in 0..60 {
        sixty.push_str(&format!("Vite autofilettante {i} mm;0,{i:02}\n"));
    }
    let (status, body) = import_file(&other, sixty.into_bytes(), "sessanta.csv").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        body["error"].as_str().unwrap().contains("50 prodotti"),
        "{body}"
    );
    assert_eq!(product_count(&other).await, 0);
    assert_eq!(other.me().await["counter_csv_imported"], 0);
}

#[tokio::test]
async fn a_cancelled_process_answers_409_and_keeps_nothing() {
    let app = spawn_app().await;
    let shop = business_shop(&app, "anna@ferramenta.it").await;
    let mut csv = String::from("Codice;Nome;Prezzo;Marca\n");
    for i in 0..200_000 {
        csv.push_str(&format!(
            "C{i};Piastrella gres porcellanato 30x60 lotto {i};{},{:02};Marazzi\n",
            i % 90,
            i % 100
        ));
    }
    let mapping = json!({"sku": "Codice", "name": "Nome", "price": "Prezzo", "brand": "Marca"});
    let client = shop.client.clone();
    let url = shop.url.clone();
    let run = tokio::spawn(async move {
        let form = file_form(csv.into_bytes(), "grande.csv").text("mapping", mapping.to_string());
        let reply = client
            .post(format!("{url}/api/file/process"))
            .multipart(form)
            .send()
            .await
            .unwrap();
        let status = reply.status();
        (status, reply.json::<Value>().await.unwrap())
    });
    // Cancel as soon as the server has the run.
    let mut cancelled = false;
    for _ in 0..200 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let reply: Value = shop
            .post("/api/file/cancel-processing", json!({}))
            .await
            .json()
            .await
            .unwrap();
        if reply["cancelled"] == true {
            cancelled = true;
            break;
        }
    }
    assert!(cancelled, "the run was never seen running");
    let (status, body) = run.await.unwrap();
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "cancelled");
    assert_eq!(product_count(&shop).await, 0);
}

#[tokio::test]
async fn processed_files_belong_to_their_shop() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    let bytes = LISTINO.as_bytes().to_vec();
    let (_, a) = analyze(&anna, bytes.clone(), "listino.csv").await;
    let (_, p) = process(&anna, bytes, "listino.csv", &a["mapping"], false).await;
    let id = p["processId"].as_str().unwrap();

    let theirs = bruno
        .post("/api/file/import", json!({"processId": id}))
        .await;
    assert_eq!(theirs.status(), StatusCode::GONE);
    assert_eq!(
        bruno
            .get(&format!("/api/file/error-report/{id}"))
            .await
            .status(),
        StatusCode::GONE
    );
    assert_eq!(product_count(&bruno).await, 0);

    let report = anna.get(&format!("/api/file/error-report/{id}")).await;
    assert_eq!(report.status(), StatusCode::OK);
    assert!(report.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    let text = report.text().await.unwrap();
    assert!(text.contains("Riga;Prodotto;Errori"), "{text}");
    assert!(text.contains("4;A-003"), "{text}");
    assert!(
        text.contains("Il nome del prodotto è obbligatorio"),
        "{text}"
    );

    // Not logged in.
    let anonymous = app.post("/api/file/import", json!({"processId": id})).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(product_count(&anna).await, 0);
}

#[tokio::test]
async fn the_template_has_the_spec_columns_and_maps_itself() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let reply = app.get("/api/file/template").await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert!(reply.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .contains("attachment"));
    let template = reply.bytes().await.unwrap().to_vec();
    let text = String::from_utf8(template.clone()).unwrap();
    assert!(text.starts_with("\u{feff}name;price;description;brand;category;in_stock;image"));
    let (status, store) = import_file(&shop, template, "modello.csv").await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(store["product_count"], 2);
}

#[tokio::test]
async fn the_spec_shape_with_products_imports_too() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let reply = shop
        .post(
            "/api/file/import",
            json!({"products": [
                {"name": "Cemento 425 25 kg", "price": 6.9, "store_email": "anna@ferramenta.it"},
                {"name": "Calce idrata 25 kg", "price": "5,40", "in_stock": false}
            ]}),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(product_count(&shop).await, 2);
    let empty = shop.post("/api/file/import", json!({"products": []})).await;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn imported_products_get_their_images_in_the_background() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    // The second URL points at this machine: refused by the address policy, so a card.
    let csv = "Nome;Marca;Immagine\n\
               Adesivo per piastrelle C2TE 25 kg;Mapei;\n\
               Silicone acetico 280 ml;Saratoga;http://127.0.0.1:9/foto.jpg\n";
    let (status, body) = import_file(&shop, csv.as_bytes().to_vec(), "immagini.csv").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut urls = Vec::new();
    for _ in 0..100 {
        urls = shop
            .products()
            .await
            .iter()
            .map(|p| p["image_url"].as_str().unwrap_or("").to_owned())
            .collect();
        if urls.iter().all(|u| u.starts_with("/media/products/")) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        urls.iter()
            .all(|u| u.starts_with("/media/products/") && u.ends_with(".svg")),
        "{urls:?}"
    );
    let card = app.get(&urls[0]).await;
    assert_eq!(card.status(), StatusCode::OK);
    assert!(card.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("image/svg+xml"));
    assert!(card.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    let png = app.get(&urls[0].replace(".svg", ".png")).await;
    assert_eq!(png.status(), StatusCode::OK);
}
