//! What one client may do without an account: a registration is no free host for spam
//! pages, the demo form no mailbox flood.

use sea_orm::EntityTrait;
use serde_json::json;
use vetrina::config::ClientLimits;

use crate::helpers::{browser, error_of, registration, spawn_app_with};

#[tokio::test]
async fn one_address_registers_a_few_shops_an_hour_then_gets_429() {
    let app = spawn_app_with(|c| c.limits = ClientLimits::default()).await;
    let allowed = ClientLimits::default().registrations_per_hour;
    // Parallel, as a script would send them: the count is reserved before the slow work.
    let replies = futures::future::join_all((0..allowed + 5).map(|i| {
        let url = format!("{}/api/stores", app.url);
        async move {
            browser()
                .post(url)
                .json(&registration(
                    &format!("spam{i}@example.it"),
                    &format!("Negozio {i}"),
                ))
                .send()
                .await
                .unwrap()
        }
    }))
    .await;
    let created = replies.iter().filter(|r| r.status() == 201).count();
    let refused: Vec<_> = replies.into_iter().filter(|r| r.status() == 429).collect();
    assert_eq!(created as u64, allowed);
    assert_eq!(refused.len(), 5);
    let retry_after: u64 = refused[0].headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry_after > 3000 && retry_after <= 3600, "{retry_after}");
    let body = error_of(refused.into_iter().next().unwrap(), 429).await;
    assert_eq!(body["code"], "rate_limited");
    assert_eq!(
        body["error"],
        "Troppe registrazioni da questa connessione. Riprova più tardi."
    );
    // A form with mistakes is not counted: the owner may correct and send again.
    let app = spawn_app_with(|c| c.limits.registrations_per_hour = 1).await;
    let mut broken = registration("anna@ferramenta.it", "Ferramenta Anna");
    broken["postal_code"] = json!("123");
    for _ in 0..3 {
        let reply = browser()
            .post(format!("{}/api/stores", app.url))
            .json(&broken)
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), 422);
    }
    assert_eq!(
        app.register("anna@ferramenta.it", "Ferramenta Anna")
            .await
            .status(),
        201
    );
}

#[tokio::test]
async fn one_address_sends_a_few_demo_requests_an_hour_then_gets_429() {
    let app = spawn_app_with(|c| c.limits = ClientLimits::default()).await;
    let allowed = ClientLimits::default().leads_per_hour;
    let lead = |i: u64| {
        json!({"workEmail": format!("titolare{i}@ferramenta.it"), "businessName": "Ferramenta",
            "postal_code": "20121", "city": "Milano"})
    };
    for i in 0..allowed {
        assert_eq!(app.post("/api/leads", lead(i)).await.status(), 201, "{i}");
    }
    let refused = error_of(app.post("/api/leads", lead(99)).await, 429).await;
    assert_eq!(
        refused["error"],
        "Troppe richieste da questa connessione. Riprova più tardi."
    );
    let stored = entities::lead::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(
        stored.len() as u64,
        allowed,
        "the refused request is not stored"
    );
}
