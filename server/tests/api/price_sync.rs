//! The daily sync of a shop's price list from its own address: run as the shop's `sync`
//! job, with the mapping confirmed in the wizard; new rows created, price and stock of
//! known products updated (the owner's texts kept), missing products not available, a
//! history with counts, an e-mail when it fails.

use domain::plan::Plan;
use reqwest::StatusCode;
use serde_json::{json, Value};
use vetrina::services::jobs;
use wiremock::matchers::path;
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{error_of, list_all, spawn_app_with, Shop, TestApp};
use crate::import::import_file;
use crate::smtp_sink::SmtpSink;

const HEADER: &str = "Codice;Descrizione;Prezzo;Giacenza\n";

async fn serve(server: &MockServer, body: String) {
    server.reset().await;
    Mock::given(path("/export/listino.csv"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, "text/csv"))
        .mount(server)
        .await;
}

async fn products(app: &TestApp, shop: &Shop) -> Vec<Value> {
    list_all(&reqwest::Client::new(), &app.url, shop.id).await
}

fn by_sku<'a>(products: &'a [Value], sku: &str) -> &'a Value {
    products
        .iter()
        .find(|p| p["sku"] == sku)
        .unwrap_or_else(|| panic!("no product {sku}"))
}

async fn sync_now(app: &TestApp, shop: &Shop) -> Value {
    vetrina::services::price_sync::run_soon(&app.db, shop.id)
        .await
        .unwrap();
    assert!(jobs::run_due(&app.state).await.unwrap() >= 1);
    shop.get("/api/stores/me/sync").await.json().await.unwrap()
}

#[tokio::test]
async fn a_price_list_is_synced_daily_from_the_shops_address() {
    let sink = SmtpSink::start().await;
    let export = MockServer::start().await;
    let port = export.address().port();
    let smtp = vetrina::email::parse_smtp_url(&sink.url).unwrap();
    let app = spawn_app_with(move |c| {
        c.fetch_policy.allowed_loopback_ports = vec![port];
        c.smtp_url = Some(smtp);
    })
    .await;
    let shop = app.shop("anna@ferramenta.it").await;
    vetrina::services::stores::set_plan(&app.db, "anna@ferramenta.it", Plan::Pro)
        .await
        .unwrap();
    let first = format!(
        "{HEADER}S-1;Cemento Portland 32,5 R sacco 25 kg;6,90;10\n\
         S-2;Stucco in polvere 5 kg;12,50;3\n\
         S-3;Silicone acetico 280 ml;4,20;8\n"
    );
    // The wizard confirms the columns once.
    let (status, _) = import_file(&shop, first.clone().into_bytes(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK);
    let before = products(&app, &shop).await;
    let cemento = by_sku(&before, "S-1")["id"].as_i64().unwrap();
    // The owner writes a description by hand: a sync never overwrites it.
    let reply = shop
        .put(
            &format!("/api/products/{cemento}"),
            json!({"description": "Il nostro cemento più venduto."}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let imports_before = shop.me().await["counter_csv_imported"].as_i64().unwrap();

    // A bad address is refused; the right one is saved and synced at once.
    let bad = error_of(
        shop.put(
            "/api/stores/me/sync",
            json!({"url": "ftp://magazzino/listino.csv"}),
        )
        .await,
        422,
    )
    .await;
    assert!(bad["fields"]["url"].as_str().unwrap().contains("http"));
    serve(
        &export,
        format!(
            "{HEADER}S-1;Cemento Portland 32,5 R sacco 25 kg;7,10;10\n\
             S-2;Stucco in polvere 5 kg;12,50;3\n\
             S-4;Nastro americano 50 m;3,90;20\n"
        ),
    )
    .await;
    let url = format!("{}/export/listino.csv", export.uri());
    let set: Value = shop
        .put("/api/stores/me/sync", json!({"url": url}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(set["url"], url);
    // The sync, and the category job of the product it created.
    assert!(
        jobs::run_due(&app.state).await.unwrap() >= 1,
        "synced at once"
    );
    let state: Value = shop.get("/api/stores/me/sync").await.json().await.unwrap();
    let run = &state["runs"][0];
    assert_eq!(run["succeeded"], true, "{state}");
    assert_eq!(
        (
            run["created"].as_i64(),
            run["updated"].as_i64(),
            run["unavailable"].as_i64()
        ),
        (Some(1), Some(1), Some(1)),
        "{state}"
    );
    let after = products(&app, &shop).await;
    assert_eq!(after.len(), 4, "nothing deleted");
    let cemento = by_sku(&after, "S-1");
    assert_eq!(cemento["price"], json!(7.1));
    assert_eq!(cemento["description"], "Il nostro cemento più venduto.");
    assert_eq!(
        by_sku(&after, "S-3")["in_stock"],
        false,
        "no longer in the file"
    );
    assert!(by_sku(&after, "S-4")["name"]
        .as_str()
        .unwrap()
        .contains("Nastro americano"));
    assert_eq!(
        shop.me().await["counter_csv_imported"].as_i64().unwrap(),
        imports_before + 1
    );

    // The same file again: nothing changes, no import counted.
    let state = sync_now(&app, &shop).await;
    assert_eq!(state["runs"].as_array().unwrap().len(), 2);
    assert_eq!(
        (
            state["runs"][0]["created"].as_i64(),
            state["runs"][0]["updated"].as_i64()
        ),
        (Some(0), Some(0))
    );
    assert_eq!(
        shop.me().await["counter_csv_imported"].as_i64().unwrap(),
        imports_before + 1
    );

    // Failures: the address answers 404, then a file with other columns. Each is recorded
    // and e-mailed; the catalogue stays as it was.
    let mails = sink.messages().len();
    export.reset().await;
    let state = sync_now(&app, &shop).await;
    assert_eq!(state["runs"][0]["succeeded"], false);
    assert!(
        state["runs"][0]["message"]
            .as_str()
            .unwrap()
            .contains("404"),
        "{state}"
    );
    serve(&export, "Articolo;Importo\nX;1\n".to_owned()).await;
    let state = sync_now(&app, &shop).await;
    assert!(state["runs"][0]["message"]
        .as_str()
        .unwrap()
        .contains("importa una volta il file"));
    let sent = sink.wait_until(|m| m.len() >= mails + 2).await;
    let last = sent.last().unwrap();
    assert!(last.to.iter().any(|t| t == "anna@ferramenta.it"));
    assert!(last
        .data
        .contains("Sincronizzazione del listino non riuscita"));
    assert_eq!(products(&app, &shop).await.len(), 4);

    // Another shop sees nothing of it; removing the address stops the job.
    let other = app.shop("bruno@edilizia.it").await;
    let theirs: Value = other.get("/api/stores/me/sync").await.json().await.unwrap();
    assert_eq!(theirs, json!({"url": null, "runs": []}));
    let stopped: Value = shop
        .put("/api/stores/me/sync", json!({"url": null}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(stopped["url"], Value::Null);
    vetrina::services::price_sync::run_soon(&app.db, shop.id)
        .await
        .unwrap();
    jobs::run_due(&app.state).await.unwrap();
    let runs: Value = shop.get("/api/stores/me/sync").await.json().await.unwrap();
    assert_eq!(
        runs["runs"].as_array().unwrap().len(),
        4,
        "no run without an address"
    );
    let run_now = error_of(shop.post("/api/stores/me/sync/run", json!({})).await, 422).await;
    assert_eq!(
        run_now["fields"]["url"],
        "Imposta prima l'indirizzo del listino."
    );
}

#[tokio::test]
async fn a_truncated_export_does_not_empty_the_catalogue() {
    let export = MockServer::start().await;
    let port = export.address().port();
    let app = spawn_app_with(move |c| c.fetch_policy.allowed_loopback_ports = vec![port]).await;
    let shop = app.shop("anna@ferramenta.it").await;
    vetrina::services::stores::set_plan(&app.db, "anna@ferramenta.it", Plan::Pro)
        .await
        .unwrap();
    let mut full = HEADER.to_owned();
    for i in 1..=30 {
        full.push_str(&format!("T-{i};Tassello nylon {i} mm;0,{i:02};100\n"));
    }
    let (status, _) = import_file(&shop, full.into_bytes(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK);
    serve(
        &export,
        format!("{HEADER}T-1;Tassello nylon 1 mm;0,01;100\n"),
    )
    .await;
    let reply = shop
        .put(
            "/api/stores/me/sync",
            json!({"url": format!("{}/export/listino.csv", export.uri())}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    jobs::run_due(&app.state).await.unwrap();
    let state: Value = shop.get("/api/stores/me/sync").await.json().await.unwrap();
    assert_eq!(state["runs"][0]["succeeded"], false);
    assert!(state["runs"][0]["message"]
        .as_str()
        .unwrap()
        .contains("fermata per sicurezza"));
    let listed = products(&app, &shop).await;
    assert!(listed.iter().all(|p| p["in_stock"] == true));
}
