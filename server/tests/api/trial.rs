use serde_json::{json, Value};
use time::OffsetDateTime;

use crate::helpers::{error_of, spawn_app};

#[tokio::test]
async fn a_free_shop_gets_one_14_day_trial_of_starter_or_pro() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .post("/api/stores/start-trial", json!({"targetPlan": "pro"}))
        .await;
    assert_eq!(reply.status(), 200);
    let store: Value = reply.json().await.unwrap();
    assert_eq!(store["plan"], "pro");
    assert_eq!(store["trial_used"], true);
    assert_eq!(store["limits"]["products"], 500);
    let ends = OffsetDateTime::parse(
        store["trial_ends_at"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    let days = (ends - OffsetDateTime::now_utc()).whole_hours();
    assert!(
        (13 * 24..=14 * 24).contains(&days),
        "trial ends in {days} h"
    );

    let error = error_of(
        anna.post("/api/stores/start-trial", json!({"targetPlan": "starter"}))
            .await,
        403,
    )
    .await;
    assert!(error["error"]
        .as_str()
        .unwrap()
        .starts_with("Hai già utilizzato la tua prova gratuita."));
    assert_eq!(error["code"], "trial_used");
}

#[tokio::test]
async fn only_starter_and_pro_can_be_tried() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    for plan in [json!("business"), json!("free"), json!("gold"), json!(null)] {
        let error = error_of(
            anna.post("/api/stores/start-trial", json!({"targetPlan": plan}))
                .await,
            400,
        )
        .await;
        assert_eq!(
            error["error"],
            "La prova gratuita è disponibile solo per i piani Avanzato e Pro."
        );
    }
    assert_eq!(anna.me().await["trial_used"], false);
    error_of(
        app.post("/api/stores/start-trial", json!({"targetPlan": "pro"}))
            .await,
        401,
    )
    .await;
}

#[tokio::test]
async fn an_ended_trial_reads_as_free_everywhere_without_any_job() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    assert_eq!(
        anna.post("/api/stores/start-trial", json!({"targetPlan": "starter"}))
            .await
            .status(),
        200
    );
    assert_eq!(
        anna.post(
            "/api/products/bulk_upload",
            Value::Array(
                (0..60)
                    .map(|i| json!({"name": format!("Vite {i}")}))
                    .collect()
            )
        )
        .await
        .status(),
        201
    );

    let past = OffsetDateTime::now_utc() - time::Duration::minutes(1);
    let store = entities::store::Entity::find_by_id(anna.id);
    use sea_orm::{ActiveModelTrait, EntityTrait, Set};
    let model = store.one(&app.db).await.unwrap().unwrap();
    let mut active: entities::store::ActiveModel = model.into();
    active.trial_ends_at = Set(Some(past));
    active.update(&app.db).await.unwrap();

    let me = anna.me().await;
    assert_eq!(me["plan"], "free");
    assert_eq!(me["trial_ends_at"], Value::Null);
    assert_eq!(me["trial_used"], true);
    let public: Value = app
        .get(&format!("/api/stores/{}", anna.id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(public["plan"], "free");
    // Back on Base: over the 50-product cap, so nothing more can be added.
    let full = error_of(
        anna.post("/api/products", json!({"name": "Ancora una"}))
            .await,
        403,
    )
    .await;
    assert_eq!(full["code"], "plan_limit");
    // And the trial cannot start again.
    let again = error_of(
        anna.post("/api/stores/start-trial", json!({"targetPlan": "pro"}))
            .await,
        403,
    )
    .await;
    assert_eq!(again["code"], "trial_used");
}
