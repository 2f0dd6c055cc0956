//! The plan's limits are said before the work: analyze and process report what the plan
//! still allows, analyze refuses at once with no import left, and an import can take only
//! the rows that fit (every update, the first new products) while the server keeps the
//! limit itself.

use std::path::PathBuf;

use domain::messages;
use domain::plan::Plan;
use reqwest::StatusCode;
use serde_json::{json, Value};
use vetrina::services::usage::{self, Counter};

use crate::helpers::{spawn_app, Shop, TestApp};
use crate::import::{analyze, import_file, process, product_count};

/// A CSV of `rows` products with codes `{prefix}-1..`; `price` in euros.
fn listino(prefix: &str, range: std::ops::RangeInclusive<usize>, price: &str) -> Vec<u8> {
    let mut csv = String::from("Codice;Nome;Prezzo\n");
    for i in range {
        csv.push_str(&format!(
            "{prefix}-{i};Tassello nylon {prefix} {i} mm;{price}\n"
        ));
    }
    csv.into_bytes()
}

/// analyze → process with the proposed mapping; the process reply.
async fn processed(shop: &Shop, bytes: Vec<u8>) -> Value {
    let (status, a) = analyze(shop, bytes.clone(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    let (status, p) = process(shop, bytes, "listino.csv", &a["mapping"], false).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    p
}

async fn import(shop: &Shop, process_id: &Value, fit: bool) -> (StatusCode, Value) {
    let reply = shop
        .post(
            "/api/file/import",
            json!({"processId": process_id, "fitToPlan": fit}),
        )
        .await;
    let status = reply.status();
    (status, reply.json().await.unwrap())
}

async fn use_imports(app: &TestApp, shop: &Shop, n: usize) {
    for _ in 0..n {
        usage::add(&app.db, shop.id, Counter::Imports)
            .await
            .unwrap();
    }
}

async fn skus(shop: &Shop) -> Vec<String> {
    let mut skus: Vec<String> = shop
        .products()
        .await
        .iter()
        .filter_map(|p| p["sku"].as_str().map(str::to_owned))
        .collect();
    skus.sort();
    skus
}

#[tokio::test]
async fn analyze_says_how_many_products_and_imports_are_left() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let file = listino("A", 1..=3, "1,00");
    let (status, a) = analyze(&shop, file.clone(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        a["limits"],
        json!({"plan": "free", "planTitle": "Base", "productsRemaining": 50,
               "importsRemaining": 3, "productLimit": 50, "importsPerMonth": 3})
    );

    shop.add_product("Stucco in pasta 1 kg").await;
    shop.add_product("Silicone acetico 280 ml").await;
    use_imports(&app, &shop, 1).await;
    let (_, a) = analyze(&shop, file.clone(), "listino.csv").await;
    assert_eq!(a["limits"]["productsRemaining"], 48);
    assert_eq!(a["limits"]["importsRemaining"], 2);

    // Pro: 500 products, imports without limit.
    let pro = app.shop("bruno@edilizia.it").await;
    vetrina::services::stores::set_plan(&app.db, "bruno@edilizia.it", Plan::Pro)
        .await
        .unwrap();
    let (_, a) = analyze(&pro, file.clone(), "listino.csv").await;
    assert_eq!(a["limits"]["productsRemaining"], 500);
    assert_eq!(a["limits"]["importsRemaining"], Value::Null);

    let business = app.shop("carla@colorificio.it").await;
    vetrina::services::stores::set_plan(&app.db, "carla@colorificio.it", Plan::Business)
        .await
        .unwrap();
    let (_, a) = analyze(&business, file, "listino.csv").await;
    assert_eq!(a["limits"]["productsRemaining"], Value::Null);
    assert_eq!(a["limits"]["importsRemaining"], Value::Null);
    assert_eq!(a["limits"]["planTitle"], "Business");
}

#[tokio::test]
async fn with_no_import_left_analyze_and_process_refuse_at_once() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    use_imports(&app, &shop, 3).await;
    let file = listino("A", 1..=3, "1,00");
    let (status, body) = analyze(&shop, file.clone(), "listino.csv").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(
        body,
        json!({"success": false, "error": messages::import_limit_reached(3), "code": "plan_limit"})
    );
    let (status, p) = process(&shop, file, "listino.csv", &json!({"name": "Nome"}), false).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{p}");
    assert_eq!(p["error"], messages::import_limit_reached(3));
    // Nothing else changed.
    assert_eq!(shop.me().await["counter_csv_imported"], 3);
}

#[tokio::test]
async fn process_counts_the_rows_that_fit_and_updates_do_not_use_the_allowance() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let (status, _) = import_file(&shop, listino("U", 1..=5, "1,00"), "listino.csv").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(product_count(&shop).await, 5);

    // 5 rows update the shop's products (new price), 60 are new; 45 of those fit.
    let mut file = listino("U", 1..=5, "2,50");
    file.extend_from_slice(&listino("N", 1..=60, "3,00")[b"Codice;Nome;Prezzo\n".len()..]);
    let p = processed(&shop, file).await;
    assert_eq!(
        p["statistics"],
        json!({"total": 65, "valid": 65, "invalid": 0, "create": 60, "update": 5,
               "fitting": 50, "beyondPlan": 15}),
        "{p}"
    );
    assert_eq!(p["limits"]["productsRemaining"], 45);
    assert_eq!(p["limits"]["importsRemaining"], 2);

    // Without asking for the rows that fit, the whole file is still refused.
    let (status, body) = import(&shop, &p["processId"], false).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["error"], messages::product_limit_reached(50));
    assert_eq!(body["code"], "plan_limit");
    assert_eq!(product_count(&shop).await, 5);
    assert_eq!(shop.me().await["counter_csv_imported"], 1);

    // Asking for them: every update and the first 45 new products, in file order.
    let (status, store) = import(&shop, &p["processId"], true).await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(store["product_count"], 50);
    assert_eq!(store["counter_csv_imported"], 2);
    let products = shop.products().await;
    for p in products
        .iter()
        .filter(|p| p["sku"].as_str().unwrap().starts_with("U-"))
    {
        assert_eq!(p["price"], 2.5, "update applied to {p}");
    }
    let mut expected: Vec<String> = (1..=5)
        .map(|i| format!("U-{i}"))
        .chain((1..=45).map(|i| format!("N-{i}")))
        .collect();
    expected.sort();
    assert_eq!(skus(&shop).await, expected);

    // At the limit, a file of only new products has nothing that fits: refused, not
    // counted.
    let p = processed(&shop, listino("Z", 1..=3, "1,00")).await;
    assert_eq!(p["statistics"]["fitting"], 0);
    assert_eq!(p["statistics"]["beyondPlan"], 3);
    let (status, body) = import(&shop, &p["processId"], true).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["error"], messages::product_limit_reached(50));
    assert_eq!(shop.me().await["counter_csv_imported"], 2);

    // Updates alone still go through at the limit.
    let p = processed(&shop, listino("U", 1..=2, "4,00")).await;
    assert_eq!(p["statistics"]["fitting"], 2);
    let (status, store) = import(&shop, &p["processId"], true).await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(store["product_count"], 50);
}

#[tokio::test]
async fn the_server_fits_the_file_to_the_plan_as_it_is_when_importing() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let p = processed(&shop, listino("N", 1..=60, "1,00")).await;
    assert_eq!(p["statistics"]["fitting"], 50);
    // Products added by hand after processing take their part of the allowance.
    for i in 0..10 {
        shop.add_product(&format!("Chiave a brugola {i} mm")).await;
    }
    let (status, store) = import(&shop, &p["processId"], true).await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(store["product_count"], 50);
    assert_eq!(skus(&shop).await.len(), 40);

    // The documented shape takes the flag too.
    let other = app.shop("bruno@edilizia.it").await;
    let products: Vec<Value> = (0..55)
        .map(|i| json!({"name": format!("Vite truciolare {i} mm"), "price": 0.1}))
        .collect();
    let reply = other
        .post(
            "/api/file/import",
            json!({"products": products, "fitToPlan": true}),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(product_count(&other).await, 50);
}

/// `../shared/realdata` beside the repository, or `VETRINA_REALDATA`.
pub(crate) fn realdata(name: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("VETRINA_REALDATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/realdata"),
        PathBuf::from,
    );
    let path = dir.join(name);
    path.exists().then_some(path)
}

#[tokio::test]
async fn a_real_price_list_of_a_thousand_rows_fits_a_base_shop_to_its_50() {
    let name = "06_it_erregame_listino_cp1252_tab.csv";
    let Some(path) = realdata(name) else {
        eprintln!("skipped: ../shared/realdata/{name} is absent");
        return;
    };
    let bytes = std::fs::read(path).unwrap();
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let (status, a) = analyze(&shop, bytes.clone(), name).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["limits"]["productsRemaining"], 50);
    let (status, p) = process(&shop, bytes, name, &a["mapping"], false).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    let valid = p["statistics"]["valid"].as_u64().unwrap();
    assert!(valid > 1_000, "{}", p["statistics"]);
    assert_eq!(p["statistics"]["fitting"], 50);
    assert_eq!(p["statistics"]["beyondPlan"], valid - 50);
    let (status, store) = import(&shop, &p["processId"], true).await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(store["product_count"], 50);
}
