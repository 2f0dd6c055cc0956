//! Generation and regeneration of products: the monthly allowance, the images, and the
//! `openai` provider against a local double of the chat-completions API.

use std::time::Duration;

use ai::builtin::{self, RawProduct};
use ai::settings::{AiSettings, OpenAiSettings};
use domain::plan::Plan;
use futures::future::join_all;
use serde_json::{json, Value};
use wiremock::matchers::{body_partial_json, body_string_contains, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{error_of, spawn_app, spawn_app_with, Shop, TestApp};

const RAW_NAME: &str = "TASS. NYLON 8X40 FISCHER";

async fn starter_shop(app: &TestApp, email: &str) -> Shop {
    let shop = app.shop(email).await;
    vetrina::services::stores::set_plan(&app.db, email, Plan::Starter)
        .await
        .unwrap();
    shop
}

async fn regenerate(shop: &Shop, id: &Value) -> reqwest::Response {
    shop.put(&format!("/api/products/regenerate/{id}"), json!({}))
        .await
}

#[tokio::test]
async fn generating_needs_a_name() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    for body in [json!({}), json!({"name": "   ", "brand": "Mapei"})] {
        let error = error_of(anna.post("/api/products/generate", body).await, 422).await;
        assert_eq!(
            error["error"],
            "Inserisci un nome prodotto per generare una descrizione"
        );
        assert_eq!(
            error["fields"]["name"],
            "Inserisci un nome prodotto per generare una descrizione"
        );
    }
    let error = error_of(
        anna.post(
            "/api/products/generate",
            json!({"name": "Cemento", "description": "x".repeat(5001)}),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(
        error["fields"]["description"],
        "Il testo inserito è troppo lungo."
    );
    let stranger = app
        .post("/api/products/generate", json!({"name": "Cemento"}))
        .await;
    assert_eq!(stranger.status(), 401);
}

#[tokio::test]
async fn a_generated_product_is_completed_with_a_card_but_neither_saved_nor_counted() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .post(
            "/api/products/generate",
            json!({"name": "CEM.PORTL. 32,5R KG25 BUZZI", "price": 7.5}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let product: Value = reply.json().await.unwrap();
    let expected = builtin::enrich(&RawProduct {
        name: "CEM.PORTL. 32,5R KG25 BUZZI",
        ..Default::default()
    });
    assert_eq!(product["name"], expected.name.as_str());
    assert_eq!(product["description"], expected.description.as_str());
    assert_eq!(product["status"], "normal");
    assert!(product.get("id").is_none());
    let image = product["image_url"].as_str().unwrap();
    assert!(image.starts_with("/media/products/") && image.ends_with(".svg"));

    let svg = app.get(image).await;
    assert_eq!(svg.status(), 200);
    assert!(svg.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("max-age"));
    let tile = svg.text().await.unwrap();
    assert!(
        tile.starts_with("<svg") && !tile.contains("Buzzi"),
        "the tile carries no name"
    );
    let png = app.get(&image.replace(".svg", ".png")).await;
    assert_eq!(png.status(), 200);
    assert!(png.bytes().await.unwrap().starts_with(b"\x89PNG"));

    let me = anna.me().await;
    assert_eq!(me["product_count"], 0);
    assert_eq!(me["regenerations_this_month"], 0);
}

#[tokio::test]
async fn both_endpoints_are_in_the_api_description() {
    let app = spawn_app().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    assert!(doc["paths"]["/api/products/generate"]["post"].is_object());
    assert!(doc["paths"]["/api/products/regenerate/{id}"]["put"].is_object());
}

#[tokio::test]
async fn generations_are_free_of_the_allowance_but_limited_per_hour() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bucket = vetrina::api::enrich::generation_bucket(anna.id);
    for _ in 1..vetrina::api::enrich::GENERATIONS_PER_HOUR {
        vetrina::services::rate_limit::record(&app.db, &bucket)
            .await
            .unwrap();
    }
    let last = anna
        .post("/api/products/generate", json!({"name": "Cemento"}))
        .await;
    assert_eq!(last.status(), 200);
    let reply = anna
        .post("/api/products/generate", json!({"name": "Cemento"}))
        .await;
    assert!(reply.headers().contains_key("retry-after"));
    let error = error_of(reply, 429).await;
    assert_eq!(
        error["error"],
        "Troppe generazioni in poco tempo. Riprova tra qualche minuto."
    );
    // another shop is not slowed down
    let bruno = app.shop("bruno@edilizia.it").await;
    let other = bruno
        .post("/api/products/generate", json!({"name": "Cemento"}))
        .await;
    assert_eq!(other.status(), 200);
}

#[tokio::test]
async fn a_free_shop_has_no_regenerations_and_another_shops_product_is_not_found() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let product = anna.add_product("Stucco in polvere").await;
    let error = error_of(regenerate(&anna, &product["id"]).await, 403).await;
    assert_eq!(error["error"], "Limite mensile raggiunto");
    assert_eq!(error["code"], "plan_limit");

    let bruno = starter_shop(&app, "bruno@edilizia.it").await;
    let error = error_of(regenerate(&bruno, &product["id"]).await, 404).await;
    assert_eq!(error["error"], "Prodotto non trovato");
    let error = error_of(regenerate(&bruno, &json!("abc")).await, 404).await;
    assert_eq!(error["error"], "Prodotto non trovato");
    assert_eq!(bruno.me().await["regenerations_this_month"], 0);
}

#[tokio::test]
async fn a_starter_shop_regenerates_twenty_times_a_month() {
    let app = spawn_app().await;
    let anna = starter_shop(&app, "anna@ferramenta.it").await;
    let product = anna.add_product(RAW_NAME).await;
    for _ in 0..20 {
        let reply = regenerate(&anna, &product["id"]).await;
        assert_eq!(reply.status(), 200);
        let regenerated: Value = reply.json().await.unwrap();
        assert_eq!(regenerated["id"], product["id"]);
        assert_eq!(regenerated["brand"], "Mapei", "the shop's brand wins");
        assert_eq!(regenerated["category"], "Ferramenta e fissaggi");
    }
    let error = error_of(regenerate(&anna, &product["id"]).await, 403).await;
    assert_eq!(error["error"], "Limite mensile raggiunto");
    assert_eq!(error["code"], "plan_limit");
    assert_eq!(anna.me().await["regenerations_this_month"], 20);
    // nothing was saved: the stored product is as it was
    let stored: Value = anna
        .get(&format!("/api/products/{}", product["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(stored["name"], RAW_NAME);

    // last month's count does not carry over
    app.sql("UPDATE monthly_usage SET month = '2000-01'").await;
    assert_eq!(regenerate(&anna, &product["id"]).await.status(), 200);
    assert_eq!(anna.me().await["regenerations_this_month"], 1);
}

#[tokio::test]
async fn twenty_five_concurrent_regenerations_on_starter_let_exactly_twenty_through() {
    let app = spawn_app().await;
    let anna = starter_shop(&app, "anna@ferramenta.it").await;
    let product = anna.add_product(RAW_NAME).await;
    let replies = join_all((0..25).map(|_| regenerate(&anna, &product["id"]))).await;
    let statuses: Vec<u16> = replies.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        20,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 403).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(anna.me().await["regenerations_this_month"], 20);
}

#[tokio::test]
async fn a_regeneration_uses_the_edits_sent_and_renews_the_card() {
    let app = spawn_app().await;
    let anna = starter_shop(&app, "anna@ferramenta.it").await;
    let product = anna.add_product("Silicone").await;
    let first: Value = regenerate(&anna, &product["id"])
        .await
        .json()
        .await
        .unwrap();
    let edited: Value = anna
        .put(
            &format!("/api/products/regenerate/{}", product["id"]),
            json!({"id": product["id"], "product": {"name": "Silicone acetico bianco 280 ml", "brand": "Soudal", "image_url": first["image_url"]}}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(edited["name"].as_str().unwrap().contains("Silicone"));
    assert_eq!(edited["brand"], "Soudal");
    assert_ne!(
        edited["image_url"], first["image_url"],
        "new name, new card"
    );
    assert_eq!(anna.me().await["regenerations_this_month"], 2);
}

#[tokio::test]
async fn an_image_url_is_fetched_and_stored_and_a_broken_one_is_a_warning() {
    let images = MockServer::start().await;
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(
        1000,
        500,
        image::Rgb([200, 30, 30]),
    ))
    .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
    .unwrap();
    Mock::given(path("/foto.png"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(png, "image/png"))
        .mount(&images)
        .await;
    Mock::given(path("/rotta.png"))
        .respond_with(ResponseTemplate::new(404))
        .mount(&images)
        .await;
    let port = images.address().port();
    let app = spawn_app_with(|c| c.fetch_policy.allowed_loopback_ports = vec![port]).await;
    let anna = app.shop("anna@ferramenta.it").await;

    let good: Value = anna
        .post(
            "/api/products/generate",
            json!({"name": "Tegola", "image_url": format!("{}/foto.png", images.uri())}),
        )
        .await
        .json()
        .await
        .unwrap();
    let url = good["image_url"].as_str().unwrap();
    assert!(url.ends_with("-800.jpg"), "{good}");
    assert!(good.get("warning").is_none());
    let jpeg = app.get(url).await.bytes().await.unwrap();
    assert_eq!(image::load_from_memory(&jpeg).unwrap().width(), 800);
    assert_eq!(app.get(&url.replace("-800", "-400")).await.status(), 200);

    let broken = anna
        .post(
            "/api/products/generate",
            json!({"name": "Tegola", "image_url": format!("{}/rotta.png", images.uri())}),
        )
        .await;
    assert_eq!(broken.status(), 200);
    let broken: Value = broken.json().await.unwrap();
    assert!(broken["image_url"].as_str().unwrap().ends_with(".svg"));
    assert!(
        broken["warning"].as_str().unwrap().contains("404"),
        "{broken}"
    );
}

#[tokio::test]
async fn the_running_server_refuses_image_urls_on_loopback() {
    let images = MockServer::start().await;
    Mock::given(path("/foto.png"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(b"\x89PNG\r\n\x1a\n".to_vec(), "image/png"),
        )
        .mount(&images)
        .await;
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply: Value = anna
        .post(
            "/api/products/generate",
            json!({"name": "Tegola", "image_url": format!("{}/foto.png", images.uri())}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(
        reply["warning"]
            .as_str()
            .unwrap()
            .contains("non consentito"),
        "{reply}"
    );
    assert!(images.received_requests().await.unwrap().is_empty());
}

// ---- the openai provider against a local double ----

pub(crate) const COMPLETIONS: &str = "/v1/chat/completions";

/// A chat-completions reply whose message is `content`.
pub(crate) fn completion(content: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [{"index": 0, "finish_reason": "stop",
            "message": {"role": "assistant", "content": content}}]
    }))
}

fn good_answer() -> ResponseTemplate {
    completion(
        &json!({
            "name": "Tassello in nylon Fischer 8 x 40 mm",
            "description": "Tassello universale in nylon per fissaggi su muratura piena e forata.",
            "category": "Ferramenta e fissaggi",
            "brand": "Fischer",
            "status": "normal"
        })
        .to_string(),
    )
}

/// The app using the double at `server`, with short waits.
async fn app_with_openai(server: &MockServer) -> TestApp {
    app_with_openai_limited(server, 4).await
}

async fn app_with_openai_limited(server: &MockServer, concurrency: usize) -> TestApp {
    let mut settings =
        OpenAiSettings::new(&server.uri(), Some("sk-prova".into()), "modello-prova").unwrap();
    settings.timeout = Duration::from_millis(1500);
    settings.backoff = Duration::from_millis(20);
    settings.retries = 3;
    settings.concurrency = concurrency;
    spawn_app_with(move |c| c.ai = AiSettings::OpenAi(settings)).await
}

/// Only requests with the model, the key and the product's text get an answer.
fn the_request() -> wiremock::MockBuilder {
    Mock::given(method("POST"))
        .and(path(COMPLETIONS))
        .and(header("authorization", "Bearer sk-prova"))
        .and(body_partial_json(json!({
            "model": "modello-prova",
            "response_format": {"type": "json_schema"}
        })))
        .and(body_string_contains("Nome: TASS. NYLON 8X40 FISCHER"))
}

fn builtin_answer() -> builtin::Enrichment {
    builtin::enrich(&RawProduct {
        name: RAW_NAME,
        ..Default::default()
    })
}

async fn generate_raw(app: &TestApp) -> Value {
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .post("/api/products/generate", json!({"name": RAW_NAME}))
        .await;
    assert_eq!(reply.status(), 200);
    reply.json().await.unwrap()
}

#[tokio::test]
async fn the_openai_provider_answers_with_the_models_product() {
    let server = MockServer::start().await;
    the_request()
        .respond_with(good_answer())
        .expect(1)
        .mount(&server)
        .await;
    let app = app_with_openai(&server).await;
    let product = generate_raw(&app).await;
    assert_eq!(product["name"], "Tassello in nylon Fischer 8 x 40 mm");
    assert_eq!(product["category"], "Ferramenta e fissaggi");
    assert_eq!(product["status"], "normal");
    assert!(product["image_url"].as_str().unwrap().ends_with(".svg"));
}

#[tokio::test]
async fn a_malformed_answer_falls_back_to_builtin() {
    let server = MockServer::start().await;
    the_request()
        .respond_with(completion("Certo! Ecco il prodotto: tassello"))
        .mount(&server)
        .await;
    let app = app_with_openai(&server).await;
    let product = generate_raw(&app).await;
    assert_eq!(product["name"], builtin_answer().name.as_str());
    assert_eq!(
        server.received_requests().await.unwrap().len(),
        1,
        "not retried"
    );
}

#[tokio::test]
async fn a_huge_answer_is_not_read_and_falls_back_to_builtin() {
    let server = MockServer::start().await;
    // A well-formed, acceptable answer, padded to 8 MB: read whole, it would be taken.
    the_request()
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "padding": "x".repeat(8 * 1024 * 1024),
            "choices": [{"index": 0, "finish_reason": "stop",
                "message": {"role": "assistant", "content": json!({
                    "name": "Tassello in nylon Fischer 8 x 40 mm",
                    "description": "Tassello universale in nylon per fissaggi su muratura.",
                    "category": "Ferramenta e fissaggi",
                    "brand": "Fischer",
                    "status": "normal"
                }).to_string()}}]
        })))
        .mount(&server)
        .await;
    let app = app_with_openai(&server).await;
    let product = generate_raw(&app).await;
    assert_eq!(product["name"], builtin_answer().name.as_str());
    assert_eq!(
        server.received_requests().await.unwrap().len(),
        1,
        "not retried"
    );
}

#[tokio::test]
async fn a_slow_answer_runs_out_of_time_and_falls_back_to_builtin() {
    let server = MockServer::start().await;
    the_request()
        .respond_with(good_answer().set_delay(Duration::from_secs(5)))
        .mount(&server)
        .await;
    let app = app_with_openai(&server).await;
    let started = std::time::Instant::now();
    let product = generate_raw(&app).await;
    assert_eq!(
        product["description"],
        builtin_answer().description.as_str()
    );
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[tokio::test]
async fn busy_answers_are_retried_with_back_off() {
    let server = MockServer::start().await;
    the_request()
        .respond_with(ResponseTemplate::new(429))
        .up_to_n_times(2)
        .with_priority(1)
        .mount(&server)
        .await;
    the_request()
        .respond_with(good_answer())
        .mount(&server)
        .await;
    let app = app_with_openai(&server).await;
    let product = generate_raw(&app).await;
    assert_eq!(product["name"], "Tassello in nylon Fischer 8 x 40 mm");
    assert_eq!(server.received_requests().await.unwrap().len(), 3);
}

#[tokio::test]
async fn a_provider_that_stays_down_gives_builtin_after_the_retries() {
    let server = MockServer::start().await;
    the_request()
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    let app = app_with_openai(&server).await;
    let product = generate_raw(&app).await;
    assert_eq!(product["name"], builtin_answer().name.as_str());
    assert_eq!(
        server.received_requests().await.unwrap().len(),
        4,
        "1 + 3 retries"
    );
}

#[tokio::test]
async fn requests_in_flight_to_the_provider_are_bounded() {
    let server = MockServer::start().await;
    the_request()
        .respond_with(good_answer().set_delay(Duration::from_millis(300)))
        .mount(&server)
        .await;
    let app = app_with_openai_limited(&server, 2).await;
    let anna = app.shop("anna@ferramenta.it").await;
    let started = std::time::Instant::now();
    let replies =
        join_all((0..6).map(|_| anna.post("/api/products/generate", json!({"name": RAW_NAME}))))
            .await;
    let elapsed = started.elapsed();
    for reply in replies {
        let product: Value = reply.json().await.unwrap();
        assert_eq!(product["name"], "Tassello in nylon Fischer 8 x 40 mm");
    }
    // 6 answers of 300 ms, 2 at a time: at least 3 rounds
    assert!(elapsed >= Duration::from_millis(900), "{elapsed:?}");
    assert_eq!(server.received_requests().await.unwrap().len(), 6);
}

/// The owner's notes are the owner's: why a product needs checking is in its own field, in
/// the owner's listing and replies, never in a public description, listing or page.
#[tokio::test]
async fn the_reason_to_check_a_product_reaches_the_owner_and_never_the_public() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let generated: Value = anna
        .post(
            "/api/products/generate",
            json!({"name": "ART. 44512 VARIE CONF"}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(generated["status"], "incorrect");
    let note = generated["review_note"]
        .as_str()
        .expect("a reason")
        .to_owned();
    assert!(!generated["description"]
        .as_str()
        .unwrap()
        .contains("verificare"));
    // saved as the dialog saves it: the answer with its reason
    let saved = anna
        .post(
            "/api/products",
            json!({"name": generated["name"], "description": generated["description"],
                   "status": "incorrect", "review_note": note}),
        )
        .await;
    assert_eq!(saved.status(), 201);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(saved["review_note"], note.as_str());
    let id = saved["id"].as_i64().unwrap();

    let owner_list: Value = anna
        .get(&format!("/api/stores/{}/products", anna.id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(owner_list["items"][0]["review_note"], note.as_str());
    let public_list = app
        .get(&format!("/api/stores/{}/products", anna.id))
        .await
        .text()
        .await
        .unwrap();
    assert!(!public_list.contains("review_note") && !public_list.contains(&note));
    let public_product = app
        .get(&format!("/api/products/{id}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(!public_product.contains(&note));
    let store = anna.me().await;
    let page = app
        .get(&format!(
            "/store/{}/{}",
            anna.id,
            store["slug"].as_str().unwrap()
        ))
        .await
        .text()
        .await
        .unwrap();
    assert!(!page.contains(&note));

    // accepting the product (status normal) clears the reason
    let accepted: Value = anna
        .put(&format!("/api/products/{id}"), json!({"status": "normal"}))
        .await
        .json()
        .await
        .unwrap();
    assert!(accepted.get("review_note").is_none(), "{accepted}");
}

/// Descriptions written by earlier versions carried the reason as their last sentence: the
/// migration moves it into the note and the product's search terms are written again.
#[tokio::test]
async fn the_migration_moves_old_notes_out_of_descriptions() {
    use migrations::{Migrator, MigratorTrait};
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let product = anna.add_product("Articolo 44512").await;
    // Back to before the review notes (and the migrations that came after them).
    let names: Vec<String> = Migrator::migrations()
        .iter()
        .map(|m| m.name().to_owned())
        .collect();
    let at = names
        .iter()
        .position(|n| n.ends_with("add_review_notes"))
        .unwrap();
    Migrator::down(&app.db, Some((names.len() - at) as u32))
        .await
        .unwrap();
    app.sql(&format!(
        "UPDATE products SET description = 'Articolo 44512. Il prodotto non è stato riconosciuto \
         automaticamente: verificare nome, marca e categoria.' WHERE id = {}",
        product["id"]
    ))
    .await;
    Migrator::up(&app.db, None).await.unwrap();
    let list: Value = anna
        .get(&format!("/api/stores/{}/products", anna.id))
        .await
        .json()
        .await
        .unwrap();
    let item = &list["items"][0];
    assert_eq!(item["description"], "Articolo 44512.");
    assert_eq!(
        item["review_note"],
        "Prodotto non riconosciuto: completare nome, marca e categoria."
    );
}

async fn json_of(reply: reqwest::Response) -> Value {
    reply.json().await.expect("json")
}

async fn add_to_check(shop: &Shop, name: &str, status: &str, note: Option<&str>) -> i64 {
    let body = json!({"name": name, "status": status, "review_note": note});
    let reply = shop.post("/api/products", body).await;
    assert_eq!(reply.status(), 201);
    reply.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

/// The review queue: the products to check by reason, largest group first; accepting one,
/// a group or all of them; never another shop's; bad requests told in Italian.
#[tokio::test]
async fn the_review_queue_groups_by_reason_and_accepts_one_a_group_or_all() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let other = app.shop("bruno@colori.it").await;
    let unsure = "Categoria non riconosciuta con certezza: sceglierla a mano.";
    let not_trade =
        "Non sembra un articolo per l'edilizia: verificare nome e categoria prima di pubblicarlo.";
    let first = add_to_check(&anna, "Raccordo vari diametri", "uncertain", Some(unsure)).await;
    add_to_check(&anna, "Tassello vari formati", "uncertain", Some(unsure)).await;
    add_to_check(&anna, "Kit assortito", "uncertain", Some(unsure)).await;
    add_to_check(&anna, "Buono regalo", "incorrect", Some(not_trade)).await;
    add_to_check(&anna, "Capsule caffè", "incorrect", Some(not_trade)).await;
    add_to_check(&anna, "Cemento 25 kg", "normal", None).await;
    let theirs = add_to_check(&other, "Pennello", "uncertain", Some(unsure)).await;

    let queue = json_of(anna.get("/api/stores/me/review").await).await;
    assert_eq!(queue["total"], 5);
    let reasons: Vec<(&str, u64)> = queue["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["reason"].as_str().unwrap(), g["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(reasons, [(unsure, 3), (not_trade, 2)]);
    assert_eq!(queue["groups"][0]["items"][0]["review_note"], unsure);

    let accept = |body: Value| anna.post("/api/products/accept", body);
    let one = json_of(accept(json!({"ids": [first, theirs]})).await).await;
    assert_eq!(one["accepted"], 1, "another shop's product is not touched");
    let group = json_of(accept(json!({"reason": not_trade})).await).await;
    assert_eq!(group["accepted"], 2);
    let rest = json_of(accept(json!({"all": true})).await).await;
    assert_eq!(rest["accepted"], 2);
    let queue = json_of(anna.get("/api/stores/me/review").await).await;
    assert_eq!(queue["total"], 0);
    assert!(anna
        .products()
        .await
        .iter()
        .all(|p| p["status"] == "normal" && p.get("review_note").is_none()));
    let still = json_of(other.get("/api/stores/me/review").await).await;
    assert_eq!(still["total"], 1);

    for bad in [
        json!({}),
        json!({"ids": []}),
        json!({"ids": (1..=501).collect::<Vec<i64>>()}),
        json!({"ids": [1], "all": true}),
    ] {
        let reply = accept(bad.clone()).await;
        let body = error_of(reply, 422).await;
        assert!(
            body["error"].as_str().unwrap().contains("prodott"),
            "{bad}: {body}"
        );
    }
    let stranger = reqwest::Client::new()
        .post(format!("{}/api/products/accept", app.url))
        .json(&json!({"all": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(stranger.status(), 401);
}
