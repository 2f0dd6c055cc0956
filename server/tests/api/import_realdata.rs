//! Real price lists published by others (`../shared/realdata`, never copied here): the
//! sheet that holds the products, the columns a person would pick, clean values, fixed
//! values and joined names, prices without VAT. Each test skips, saying so, when the
//! folder is absent.

use domain::plan::Plan;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Shop, TestApp};
use crate::import::{analyze, process};
use crate::import_limits::realdata;

fn read(name: &str) -> Option<Vec<u8>> {
    match realdata(name) {
        Some(path) => Some(std::fs::read(path).unwrap()),
        None => {
            eprintln!("skipped: ../shared/realdata/{name} is absent");
            None
        }
    }
}

async fn business(app: &TestApp) -> Shop {
    let shop = app.shop("anna@ferramenta.it").await;
    vetrina::services::stores::set_plan(&app.db, "anna@ferramenta.it", Plan::Business)
        .await
        .unwrap();
    shop
}

/// Analysis, then processing with the proposed mapping changed by `adjust`.
async fn processed(
    shop: &Shop,
    bytes: Vec<u8>,
    name: &str,
    adjust: impl FnOnce(&mut Value),
) -> (Value, Value) {
    let (status, analysis) = analyze(shop, bytes.clone(), name).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let mut mapping = analysis["mapping"].clone();
    adjust(&mut mapping);
    let (status, processed) = process(shop, bytes, name, &mapping, false).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    (analysis, processed)
}

#[tokio::test]
async fn a_workbook_whose_first_sheet_is_instructions_is_read_from_its_product_sheet() {
    let name = "10_it_bottazzi_catalogo_dpi.xlsx";
    let Some(bytes) = read(name) else { return };
    let app = spawn_app().await;
    let shop = business(&app).await;
    let (analysis, processed) = processed(&shop, bytes.clone(), name, |_| {}).await;
    assert_eq!(analysis["sheets"], json!(["Istruzioni", "Prodotti"]));
    assert_eq!(analysis["mapping"]["sheet"], "Prodotti");
    assert!(analysis["sheetNote"]
        .as_str()
        .unwrap()
        .contains("«Prodotti»"));
    assert_eq!(analysis["mapping"]["name"], "Nome");
    assert_eq!(analysis["mapping"]["brand"], "Marca");
    assert_eq!(analysis["mapping"]["sku"], "Codice");
    assert_eq!(analysis["mapping"]["category"], "Sotto-categoria");
    assert_eq!(processed["statistics"]["invalid"], 0);
    assert!(processed["statistics"]["valid"].as_u64().unwrap() > 50);
    let first = &processed["products"][0];
    assert!(
        first["image_url"].as_str().unwrap().starts_with("https://"),
        "{first}"
    );

    // The owner may choose the other sheet; a sheet that does not exist is refused.
    let form = reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(bytes.clone()).file_name(name),
        )
        .text("sheet", "Istruzioni");
    let chosen: Value = shop
        .client
        .post(format!("{}/api/file/analyze", shop.url))
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(chosen["mapping"]["sheet"], "Istruzioni", "{chosen}");
    let form = reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(bytes).file_name(name),
        )
        .text("sheet", "Listino 2019");
    let reply = shop
        .client
        .post(format!("{}/api/file/analyze", shop.url))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), 422);
    let body: Value = reply.json().await.unwrap();
    assert_eq!(body["code"], "unknown_sheet");
    assert_eq!(
        body["error"],
        "Il foglio «Listino 2019» non esiste nel file"
    );
}

#[tokio::test]
async fn a_wholesalers_feed_gets_the_list_price_codes_images_two_level_categories_and_clean_text() {
    let name = "06_it_erregame_listino_cp1252_tab.csv";
    let Some(bytes) = read(name) else { return };
    let app = spawn_app().await;
    let shop = business(&app).await;
    let (analysis, processed) = processed(&shop, bytes, name, |_| {}).await;
    let m = &analysis["mapping"];
    assert_eq!(m["name"], "Titolo");
    assert_eq!(
        m["price"], "Listino",
        "the list price, not the dealer's «Prezzo»"
    );
    assert_eq!(
        m["pricesIncludeVat"], false,
        "a list price is without VAT: the VAT is added"
    );
    let note = analysis["priceNote"].as_str().unwrap();
    assert!(
        note.contains("«Listino»") && note.contains("«Prezzo»") && note.contains("senza IVA"),
        "{note}"
    );
    // «CodVen» repeats codes across variants: the unique article id is the SKU.
    assert_eq!(m["sku"], "IdProd");
    assert_eq!(m["image_url"], "LinkImmagine");
    assert_eq!(
        (m["category"].as_str(), m["subcategory"].as_str()),
        (Some("Cat"), Some("SCat"))
    );
    assert_eq!(m["vat"], "Iva");
    let stats = &processed["statistics"];
    // Descriptions over 10,000 characters no longer reject their rows.
    assert_eq!(stats["invalid"], 0, "{stats} {}", processed["errors"]);
    assert!(stats["valid"].as_u64().unwrap() > 1_400, "{stats}");
    let warnings: Vec<&str> = processed["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["message"].as_str().unwrap())
        .collect();
    assert!(
        warnings.iter().all(|w| !w.starts_with("Riga")),
        "{warnings:?}"
    );
    let products = processed["products"].as_array().unwrap();
    // «Listino» 24,58 + 22 %: the price a visitor pays.
    assert_eq!(products[0]["price"], 29.99, "{}", products[0]);
    for p in products {
        let description = p["description"].as_str().unwrap_or_default();
        for raw in ["&egrave;", "&trade;", "<br", "&nbsp;", "↵"] {
            assert!(!description.contains(raw), "{raw} in {description}");
        }
    }
}

#[tokio::test]
async fn a_manufacturers_list_takes_a_fixed_brand_and_names_joined_from_columns() {
    let name = "12_it_listino_grigliati_edilizia.xlsx";
    let Some(bytes) = read(name) else { return };
    let app = spawn_app().await;
    let shop = business(&app).await;
    let (analysis, processed) = processed(&shop, bytes, name, |m| {
        m["nameParts"] = json!(["Maglia", "Piatto", "Dimensione"]);
        m["price"] = json!("Grezzo Mq");
        m["fixed"] = json!({"brand": "Grigliati Rossi", "category": "Grigliati"});
        m["pricesIncludeVat"] = json!(false);
    })
    .await;
    assert_eq!(analysis["mapping"]["sheet"], "Listino Generale");
    // Its only price columns are discounted: none is proposed, and the note says why.
    assert!(
        analysis["mapping"].get("price").is_none(),
        "{}",
        analysis["mapping"]
    );
    let note = analysis["priceNote"].as_str().unwrap();
    assert!(
        note.starts_with("Nessun prezzo al pubblico riconosciuto: «Prezzo Scontato Mq Grezzo»"),
        "{note}"
    );
    let first = &processed["products"][0];
    assert_eq!(first["name"], "Placche Orizontali 15x76 20x2 1000 X 6100");
    assert_eq!(first["brand"], "Grigliati Rossi");
    assert_eq!(first["category"], "Grigliati");
    // 68.82 without VAT: 83.96 with 22%.
    assert_eq!(first["price"], json!(83.96));
}

#[tokio::test]
async fn a_workbook_of_price_matrices_reads_only_its_list_sheet_and_says_which() {
    let name = "13_it_listino_cilindri_pneumatici_matrix.xlsx";
    let Some(bytes) = read(name) else { return };
    let app = spawn_app().await;
    let shop = business(&app).await;
    let (status, analysis) = analyze(&shop, bytes, name).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    assert_eq!(analysis["sheets"].as_array().unwrap().len(), 51);
    let sheet = analysis["mapping"]["sheet"].as_str().unwrap();
    assert!(sheet.starts_with("accessori"), "{sheet}");
    assert!(analysis["sheetNote"].as_str().unwrap().contains("51 fogli"));
}

#[tokio::test]
async fn a_workbook_with_no_product_list_is_refused_with_an_explanation() {
    let mut wb = rust_xlsxwriter::Workbook::new();
    let cover = wb.add_worksheet().set_name("Copertina").unwrap();
    cover.write_string(0, 0, "LISTINO CILINDRI 2024").unwrap();
    cover.write_string(1, 0, "Cilindri a norma ISO").unwrap();
    cover.write_string(1, 1, "Kit cilindri").unwrap();
    let matrix = wb.add_worksheet().set_name("ISO6432").unwrap();
    matrix.write_string(0, 0, "Diametro").unwrap();
    for (c, bore) in [8.0, 10.0, 12.0, 16.0].iter().enumerate() {
        matrix.write_number(0, c as u16 + 1, *bore).unwrap();
    }
    for (r, stroke) in [10.0, 25.0, 50.0, 80.0].iter().enumerate() {
        matrix.write_number(r as u32 + 1, 0, *stroke).unwrap();
        for c in 0..4u16 {
            matrix
                .write_number(r as u32 + 1, c + 1, 20.0 + f64::from(c) + *stroke / 10.0)
                .unwrap();
        }
    }
    let bytes = wb.save_to_buffer().unwrap();
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let (status, body) = analyze(&shop, bytes, "cilindri.xlsx").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], "not_a_product_list");
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("non abbiamo trovato un elenco di prodotti"));
}

#[tokio::test]
async fn real_barcodes_placeholders_and_pictures_named_csv() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let csv = "Codice;Nome;EAN;Prezzo\n\
               A1;Guanti nitrile;'0195112030332;4,50\n\
               A2;.;;\n\
               A3;00....;;\n\
               A4;Nastro americano;3.65275E+11;3,20\n";
    let (_, processed) = processed(&shop, csv.as_bytes().to_vec(), "listino.csv", |_| {}).await;
    let products = processed["products"].as_array().unwrap();
    assert_eq!(products.len(), 2, "{processed}");
    assert_eq!(products[0]["ean"], "0195112030332");
    assert_eq!(products[1]["ean"], Value::Null);
    let warnings: Vec<(u64, &str)> = processed["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["rowIndex"].as_u64().unwrap(),
                w["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(
        warnings.contains(&(3, "saltata: «.» non è il nome di un prodotto")),
        "{warnings:?}"
    );
    assert!(warnings.contains(&(4, "saltata: «00....» non è il nome di un prodotto")));
    assert!(warnings
        .iter()
        .any(|(n, w)| *n == 5 && w.contains("formato scientifico")));

    // A picture renamed ".csv" is not a table of 12 rows.
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::new(40, 40))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let (status, body) = analyze(&shop, png, "listino.csv").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("non è un CSV di testo"),
        "{body}"
    );
}

/// WooCommerce's sample export and Shopify's product template, as proposed: a variable
/// product and its `variation` rows, a handle and its option rows, become one product each
/// whose page lists the variants with their prices (and "da" the lowest); the structured
/// data offers the span of prices.
#[tokio::test]
async fn variants_of_real_shop_exports_become_one_product_with_its_prices() {
    let (Some(woo), Some(shopify)) = (
        read("01_woocommerce_sample_products.csv"),
        read("03_shopify_product_template.csv"),
    ) else {
        return;
    };
    let app = spawn_app().await;
    let shop = business(&app).await;
    for (bytes, name) in [(woo, "woo.csv"), (shopify, "shopify.csv")] {
        let (status, reply) = crate::import::import_file(&shop, bytes, name).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
    }
    let products = shop.products().await;
    let named =
        |name: &str| -> Vec<&Value> { products.iter().filter(|p| p["name"] == name).collect() };
    assert!(
        named("V-Neck T-Shirt - Red").is_empty(),
        "a variation is no product of its own"
    );
    let tee = named("V-Neck T-Shirt");
    assert_eq!(tee.len(), 1);
    let labels: Vec<(&str, i64)> = tee[0]["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["label"].as_str().unwrap(),
                v["price_cents"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(labels, [("Red", 2000), ("Green", 2000), ("Blue", 1500)]);
    assert_eq!(tee[0]["price"], json!(15.0));
    let hoodie = named("Hoodie");
    assert_eq!(
        hoodie[0]["variants"].as_array().unwrap().len(),
        4,
        "{}",
        hoodie[0]
    );
    let shirt = named("Example T-Shirt");
    assert_eq!(shirt[0]["variants"].as_array().unwrap().len(), 12);
    assert_eq!(shirt[0]["variants"][3]["label"], "Blue / S");
    let jeans = named("Example Jeans");
    assert_eq!(
        jeans[0]["variants"].as_array().unwrap().len(),
        3,
        "{}",
        jeans[0]
    );
    assert!(named("Example Beanie")[0]["variants"]
        .as_array()
        .unwrap()
        .is_empty());

    // The product's page: the table, "da" the lowest, an AggregateOffer.
    let me = shop.me().await;
    let path = format!(
        "/product/{}/{}/{}/{}",
        shop.id,
        me["slug"].as_str().unwrap(),
        tee[0]["id"],
        tee[0]["slug"].as_str().unwrap()
    );
    let reply = app.get(&path).await;
    assert_eq!(reply.status(), 200, "{path}");
    let html = reply.text().await.unwrap();
    assert!(html.contains("3 varianti"), "{html}");
    assert!(html.contains("woo-vneck-tee-blue"));
    assert!(html.contains(">da<!-- --> <"), "{html}");
    assert!(
        html.contains(
            r#""@type":"AggregateOffer","lowPrice":"15.00","highPrice":"20.00","offerCount":3"#
        ),
        "{html}"
    );
}
