//! Imports completed by the `openai` provider in the background (decision 026), against a
//! local double of the chat-completions API: written at once with the builtin texts, then
//! completed by the shop's `ai` job; answers that add facts, malformed, slow and absent
//! answers; the owner's edits; the monthly allowance; regenerated names.

use std::time::Duration;

use ai::builtin::{self, RawProduct, Status};
use ai::settings::{AiSettings, OpenAiSettings};
use entities::job;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use time::OffsetDateTime;
use vetrina::services::jobs;
use wiremock::matchers::{body_string_contains, method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

use crate::ai::{completion, COMPLETIONS};
use crate::helpers::{spawn_app, spawn_app_with, Shop, TestApp};
use crate::import::{analyze, import_file, process};

fn product(
    name: &str,
    description: &str,
    category: Option<&str>,
    status: &str,
) -> ResponseTemplate {
    completion(
        &json!({"name": name, "description": description, "category": category,
                "brand": null, "status": status})
        .to_string(),
    )
}

/// The provider's answer for the line `name`, exactly once.
async fn answers(server: &MockServer, name: &str, reply: ResponseTemplate) {
    Mock::given(method("POST"))
        .and(path(COMPLETIONS))
        .and(body_string_contains(format!("Nome: {name}")))
        .respond_with(reply)
        .expect(1)
        .mount(server)
        .await;
}

async fn app_with_openai(server: &MockServer, timeout: Duration) -> TestApp {
    let mut settings =
        OpenAiSettings::new(&server.uri(), Some("sk-prova".into()), "modello-prova").unwrap();
    settings.timeout = timeout;
    settings.backoff = Duration::from_millis(10);
    settings.retries = 1;
    settings.concurrency = 3;
    spawn_app_with(move |c| c.ai = AiSettings::OpenAi(settings)).await
}

fn csv(lines: &[&str]) -> Vec<u8> {
    let mut text = String::from("nome;prezzo\n");
    for line in lines {
        text.push_str(&format!("{line};10\n"));
    }
    text.into_bytes()
}

/// The builtin description of a line as the API gives it (none: null).
fn builtin_description(name: &str) -> Value {
    Some(builtin_of(name).description)
        .filter(|d| !d.is_empty())
        .map_or(Value::Null, Value::from)
}

fn builtin_of(name: &str) -> builtin::Enrichment {
    builtin::enrich(&RawProduct {
        name,
        ..Default::default()
    })
}

async fn progress(shop: &Shop) -> Value {
    let reply = shop.get("/api/stores/me/ai").await;
    assert_eq!(reply.status(), StatusCode::OK);
    reply.json().await.unwrap()
}

async fn by_name(shop: &Shop, name: &str) -> Value {
    shop.products()
        .await
        .into_iter()
        // by the file's line: the import tidied names in capitals
        .find(|p| p["name"] == name || p["source_name"] == name)
        .unwrap_or_else(|| panic!("{name} not in the shop"))
}

/// The text the provider received for each request.
async fn sent(server: &MockServer) -> Vec<String> {
    server
        .received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r: &Request| {
            let body: Value = r.body_json().unwrap();
            body["messages"][1]["content"].as_str().unwrap().to_owned()
        })
        .collect()
}

const SURE: &str = "CEM.PORTL. 32,5R KG25 BUZZI";
const GASKET: &str = "GUARNIZIONE XR 3/4 CF10";
const BOILER_KIT: &str = "KIT TERMO ZX 24";
const ODDITY: &str = "COD 12 VARIE";
const SLOW: &str = "ARTICOLO SPECIALE 77";
const PIPE: &str = "TUBO MULTISTRATO 16X2 RT";

#[tokio::test]
async fn an_import_is_written_at_once_and_completed_by_the_provider_in_the_background() {
    for line in [GASKET, BOILER_KIT, ODDITY, SLOW, PIPE] {
        assert_ne!(
            builtin_of(line).status,
            Status::Normal,
            "{line} is one the engine is unsure of"
        );
    }
    assert_eq!(builtin_of(SURE).status, Status::Normal);
    let server = MockServer::start().await;
    let gasket_text = "Guarnizione XR da 3/4 in confezione da 10 pezzi, per raccordi idraulici.";
    answers(
        &server,
        GASKET,
        product(
            "Guarnizione XR 3/4 (10 pezzi)",
            gasket_text,
            Some("Idraulica"),
            "normal",
        ),
    )
    .await;
    // A model that "knows" the kit: 24 kW is in the line, 80 litres is not.
    answers(
        &server,
        BOILER_KIT,
        product(
            "Kit termico ZX 24 kW",
            "Kit con bollitore da 80 litri.",
            Some("Idraulica"),
            "normal",
        ),
    )
    .await;
    answers(
        &server,
        ODDITY,
        completion("Certo! Ecco il prodotto richiesto."),
    )
    .await;
    // Slower than the time limit: tried three times (a round in which the provider answers
    // nothing waits five minutes), then left with the builtin texts.
    Mock::given(method("POST"))
        .and(path(COMPLETIONS))
        .and(body_string_contains(format!("Nome: {SLOW}")))
        .respond_with(
            product("Articolo speciale", "Articolo.", None, "uncertain")
                .set_delay(Duration::from_secs(3)),
        )
        .expect(3)
        .mount(&server)
        .await;
    answers(
        &server,
        PIPE,
        product(
            "Tubo multistrato 16 x 2",
            "Tubo multistrato 16 x 2 mm.",
            Some("Idraulica"),
            "normal",
        ),
    )
    .await;

    let app = app_with_openai(&server, Duration::from_millis(400)).await;
    let anna = app.shop("anna@ferramenta.it").await;
    let (status, store) = import_file(
        &anna,
        csv(&[SURE, GASKET, BOILER_KIT, ODDITY, SLOW, PIPE]),
        "listino.csv",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(store["product_count"], 6);
    // Written at once with the builtin texts; nothing asked of the provider yet.
    let gasket = by_name(&anna, GASKET).await;
    assert_eq!(gasket["description"], builtin_description(GASKET));
    assert!(server.received_requests().await.unwrap().is_empty());
    let before = progress(&anna).await;
    assert_eq!(before["provider"], true);
    assert_eq!(
        (before["total"].as_u64(), before["pending"].as_u64()),
        (Some(5), Some(5)),
        "{before}"
    );

    // The owner changes the pipe before the provider gets to it: the owner's text stays.
    let pipe_id = by_name(&anna, PIPE).await["id"].clone();
    let edited = anna
        .put(
            &format!("/api/products/{pipe_id}"),
            json!({"description": "Il tubo che usiamo noi."}),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::OK);

    // Two runners (as two instances would): each product is sent once (`expect(1)` above).
    let (a, b) = tokio::join!(jobs::run_due(&app.state), jobs::run_due(&app.state));
    assert_eq!(a.unwrap() + b.unwrap(), 1, "one runner took the job");
    let first = progress(&anna).await;
    assert_eq!(
        [
            &first["pending"],
            &first["done"],
            &first["kept"],
            &first["failed"],
            &first["skipped"]
        ],
        [&json!(1), &json!(1), &json!(2), &json!(0), &json!(1)],
        "{first}"
    );
    // The slow product's next tries, made due now rather than in five minutes.
    for _ in 0..2 {
        vetrina::jobs::schedule(
            &app.db,
            "ai",
            &anna.id.to_string(),
            OffsetDateTime::now_utc(),
        )
        .await
        .unwrap();
        assert_eq!(jobs::run_due(&app.state).await.unwrap(), 1);
    }

    let after = progress(&anna).await;
    assert_eq!(
        [
            &after["pending"],
            &after["done"],
            &after["kept"],
            &after["failed"],
            &after["skipped"]
        ],
        [&json!(0), &json!(1), &json!(2), &json!(1), &json!(1)],
        "{after}"
    );
    // Answered, kept or skipped (4) count against the month's 50; the slow one does not.
    assert_eq!(after["allowance"], 50);
    assert_eq!(after["allowance_left"], 50 - 4);
    assert_eq!(anna.me().await["ai_products_this_month"], 4);

    let gasket = by_name(&anna, GASKET).await;
    assert_eq!(gasket["description"], gasket_text);
    assert_eq!(gasket["category"], "Idraulica");
    assert_eq!(gasket["status"], "normal");
    assert_eq!(gasket["review_note"], Value::Null);
    // The name is the owner's unless new names were asked for.
    assert_eq!(gasket["name"], "Guarnizione XR 3/4 CF10");
    assert_eq!(gasket["source_name"], GASKET);
    let kit = by_name(&anna, BOILER_KIT).await;
    assert_eq!(kit["description"], builtin_description(BOILER_KIT));
    assert!(!kit["description"].to_string().contains("80"));
    assert_eq!(kit["status"], "incorrect");
    assert_eq!(
        by_name(&anna, ODDITY).await["description"],
        builtin_description(ODDITY)
    );
    assert_eq!(
        by_name(&anna, SLOW).await["description"],
        builtin_description(SLOW)
    );
    assert_eq!(
        by_name(&anna, PIPE).await["description"],
        "Il tubo che usiamo noi."
    );
    let sure = by_name(&anna, SURE).await;
    assert_eq!(sure["status"], "normal");

    // The provider got what the file said, not the builtin engine's guesses (the pipe's
    // category was a guess), and never the line the engine was sure of.
    let texts = sent(&server).await;
    assert!(
        texts
            .iter()
            .all(|t| !t.contains("Categoria") && !t.contains("Descrizione")),
        "{texts:?}"
    );
    assert!(texts.iter().all(|t| !t.contains("CEM.PORTL")));

    // The public page and the shop's search carry the new text.
    let page = app
        .get(&format!("/api/products/{}", gasket["id"]))
        .await
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(page["description"], gasket_text);
    let found: Value = app
        .get(&format!("/api/stores/{}/products?q=raccordi", anna.id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(found["total"], 1, "{found}");

    // Closing the report removes the finished rows; nothing is pending, so nothing stays.
    let closed: Value = anna.delete("/api/stores/me/ai").await.json().await.unwrap();
    assert_eq!(closed["removed"], 5);
    assert_eq!(progress(&anna).await["total"], 0);
    // Nothing is left to do: the shop's job is gone.
    jobs::run_due(&app.state).await.unwrap();
    let left = job::Entity::find()
        .filter(job::Column::Kind.eq("ai"))
        .all(&app.db)
        .await
        .unwrap();
    assert!(left.is_empty(), "{left:?}");
}

#[tokio::test]
async fn past_the_monthly_allowance_the_rest_waits_for_next_month() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(COMPLETIONS))
        .respond_with(product(
            "Prodotto",
            "Prodotto per la casa.",
            None,
            "uncertain",
        ))
        .mount(&server)
        .await;
    let app = app_with_openai(&server, Duration::from_secs(2)).await;
    let anna = app.shop("anna@ferramenta.it").await;
    let month = vetrina::services::usage::month_key(OffsetDateTime::now_utc());
    app.sql(&format!(
        "INSERT INTO monthly_usage (store_id, month, imports, regenerations, ai_products) VALUES ({}, '{month}', 0, 0, 48)",
        anna.id
    ))
    .await;
    let (status, _) = import_file(
        &anna,
        csv(&[GASKET, BOILER_KIT, ODDITY, SLOW]),
        "listino.csv",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    jobs::run_due(&app.state).await.unwrap();

    assert_eq!(
        server.received_requests().await.unwrap().len(),
        2,
        "50 - 48"
    );
    let p = progress(&anna).await;
    assert_eq!(
        (
            p["done"].as_u64(),
            p["pending"].as_u64(),
            p["allowance_left"].as_u64()
        ),
        (Some(2), Some(2), Some(0)),
        "{p}"
    );
    let due = job::Entity::find()
        .filter(job::Column::Kind.eq("ai"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the shop's job waits");
    assert_eq!(
        due.run_at,
        vetrina::services::ai_enrichment::next_month(OffsetDateTime::now_utc())
    );
    // Running again this month sends nothing more.
    jobs::run_due(&app.state).await.unwrap();
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_provider_that_is_down_leaves_the_import_as_written_and_is_tried_later() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(COMPLETIONS))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    let app = app_with_openai(&server, Duration::from_secs(2)).await;
    let anna = app.shop("anna@ferramenta.it").await;
    let (status, store) = import_file(&anna, csv(&[GASKET, ODDITY]), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{store}");
    jobs::run_due(&app.state).await.unwrap();

    let p = progress(&anna).await;
    assert_eq!(
        (p["pending"].as_u64(), p["failed"].as_u64()),
        (Some(2), Some(0)),
        "{p}"
    );
    assert_eq!(
        p["allowance_left"], 50,
        "unanswered requests are not counted"
    );
    assert_eq!(
        by_name(&anna, GASKET).await["description"],
        builtin_description(GASKET)
    );
    let due = job::Entity::find()
        .filter(job::Column::Kind.eq("ai"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("tried again later");
    let wait = due.run_at - OffsetDateTime::now_utc();
    assert!(
        wait > time::Duration::minutes(4) && wait <= time::Duration::minutes(5),
        "{wait}"
    );
    assert_eq!(due.locked_until, None);
}

#[tokio::test]
async fn with_new_names_asked_every_product_goes_to_the_provider_and_is_renamed() {
    let server = MockServer::start().await;
    answers(
        &server,
        SURE,
        product(
            "Cemento Portland 32,5 R Buzzi Unicem, sacco da 25 kg",
            "Cemento Portland in sacco da 25 kg.",
            Some("Cementi, malte e intonaci"),
            "normal",
        ),
    )
    .await;
    answers(
        &server,
        GASKET,
        product(
            "Guarnizione XR 3/4 (10 pezzi)",
            "Guarnizione per raccordi da 3/4.",
            Some("Idraulica"),
            "normal",
        ),
    )
    .await;
    let app = app_with_openai(&server, Duration::from_secs(2)).await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bytes = csv(&[SURE, GASKET]);
    let (_, analysis) = analyze(&anna, bytes.clone(), "listino.csv").await;
    let (status, processed) =
        process(&anna, bytes, "listino.csv", &analysis["mapping"], true).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    let reply = anna
        .post(
            "/api/file/import",
            json!({"processId": processed["processId"]}),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(progress(&anna).await["pending"], 2);
    jobs::run_due(&app.state).await.unwrap();

    let names: Vec<String> = anna
        .products()
        .await
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        names.contains(&"Guarnizione XR 3/4 (10 pezzi)".to_owned()),
        "{names:?}"
    );
    assert!(
        names.contains(&"Cemento Portland 32,5 R Buzzi Unicem, sacco da 25 kg".to_owned()),
        "{names:?}"
    );
    let gasket = by_name(&anna, "Guarnizione XR 3/4 (10 pezzi)").await;
    // A new name, a new address.
    assert!(
        gasket["slug"]
            .as_str()
            .unwrap()
            .starts_with("guarnizione-xr-3-4-10-pezzi"),
        "{gasket}"
    );
}

#[tokio::test]
async fn without_a_provider_nothing_is_queued_and_the_report_is_empty() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let (status, _) = import_file(&anna, csv(&[GASKET, ODDITY]), "listino.csv").await;
    assert_eq!(status, StatusCode::OK);
    let p = progress(&anna).await;
    assert_eq!(p["provider"], false);
    assert_eq!(p["total"], 0);
    // No provider, no AI figure in the owner's usage.
    assert_eq!(anna.me().await["ai_products_this_month"], Value::Null);
    let ai_jobs = job::Entity::find()
        .filter(job::Column::Kind.eq("ai"))
        .all(&app.db)
        .await
        .unwrap();
    assert!(ai_jobs.is_empty(), "{ai_jobs:?}");
    // Only the owner reads it.
    assert_eq!(
        app.get("/api/stores/me/ai").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let stranger = reqwest::Client::new()
        .delete(format!("{}/api/stores/me/ai", app.url))
        .send()
        .await
        .unwrap();
    assert!(matches!(stranger.status().as_u16(), 401 | 403));
}

/// The `ai` job of an instance that dies (its task dropped mid-run, as with kill -9): its
/// lease, renewed while it ran, runs out within one lease; another instance takes the job
/// over, and the answers already received (paid for) are not asked again.
#[tokio::test]
async fn a_run_whose_instance_dies_is_taken_over_without_asking_again_what_was_answered() {
    let lines: Vec<String> = (71..79).map(|n| format!("ARTICOLO SPECIALE {n}")).collect();
    for line in &lines {
        assert_ne!(builtin_of(line).status, Status::Normal, "{line}");
    }
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(COMPLETIONS))
        .respond_with(
            product("Articolo speciale", "Articolo speciale.", None, "uncertain")
                .set_delay(Duration::from_millis(400)),
        )
        .mount(&server)
        .await;
    let mut settings =
        OpenAiSettings::new(&server.uri(), Some("sk-prova".into()), "modello-prova").unwrap();
    settings.timeout = Duration::from_secs(5);
    settings.retries = 0;
    settings.concurrency = 1;
    let lease = Duration::from_secs(2);
    let app = spawn_app_with(move |c| {
        c.ai = AiSettings::OpenAi(settings);
        c.job_lease = lease;
    })
    .await;
    let anna = app.shop("anna@ferramenta.it").await;
    let names: Vec<&str> = lines.iter().map(String::as_str).collect();
    let (status, store) = import_file(&anna, csv(&names), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(progress(&anna).await["pending"], 8);

    // Eight answers of 400 ms one at a time: the run lasts longer than its lease.
    let state = app.state.clone();
    let dying = tokio::spawn(async move { jobs::run_due(&state).await });
    tokio::time::sleep(Duration::from_millis(2300)).await;
    // The lease was renewed: another instance finds nothing to take.
    let other = app.another_instance_state().await;
    assert_eq!(jobs::run_due(&other).await.unwrap(), 0, "still leased");
    dying.abort();
    let _ = dying.await;
    // What was answered before the instance died is written: those products have the
    // provider's text.
    let answered: Vec<String> = anna
        .products()
        .await
        .iter()
        .filter(|p| p["description"] == "Articolo speciale.")
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        answered.len() >= 3,
        "answers are written as they arrive: {answered:?}"
    );
    let asked_before = sent(&server).await.len();

    // Within a lease (and a tick of the runner) the other instance takes the job over.
    let started = std::time::Instant::now();
    loop {
        if jobs::run_due(&other).await.unwrap() > 0 {
            break;
        }
        assert!(started.elapsed() < lease * 2, "the lease never ran out");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let after = progress(&anna).await;
    assert_eq!(
        (after["pending"].as_u64(), after["done"].as_u64()),
        (Some(0), Some(8)),
        "{after}"
    );
    // No product answered before the instance died is asked again: only the others, once.
    let asked_after: Vec<String> = sent(&server).await.split_off(asked_before);
    let mut distinct = asked_after.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), asked_after.len(), "{asked_after:?}");
    assert_eq!(asked_after.len(), 8 - answered.len(), "{asked_after:?}");
}
