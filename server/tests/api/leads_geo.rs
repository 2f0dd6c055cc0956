use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app};

#[tokio::test]
async fn a_postal_code_gives_its_towns() {
    let app = spawn_app().await;
    let reply = app.get("/api/geo/city-by-cap?cap=00118").await;
    assert_eq!(reply.status(), 200);
    let body: Value = reply.json().await.unwrap();
    assert!(
        body["comuni"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t == "Roma"),
        "{body}"
    );
}

#[tokio::test]
async fn an_unknown_postal_code_is_404_and_a_malformed_one_400() {
    let app = spawn_app().await;
    let error = error_of(app.get("/api/geo/city-by-cap?cap=99999").await, 404).await;
    assert_eq!(error["error"], "Nessuna città trovata per questo CAP.");
    for bad in ["1234", "123456", "12a45", ""] {
        let error = error_of(
            app.get(&format!("/api/geo/city-by-cap?cap={bad}")).await,
            400,
        )
        .await;
        assert_eq!(error["error"], "Inserisci un CAP valido di 5 cifre.");
    }
    error_of(app.get("/api/geo/city-by-cap").await, 400).await;
}

#[tokio::test]
async fn a_lead_is_stored_and_bad_ones_are_refused() {
    let app = spawn_app().await;
    let reply = app
        .post("/api/leads", json!({"workEmail": "titolare@edilizia.it", "businessName": "Edilizia Rossi", "postal_code": "20121", "city": "Milano"}))
        .await;
    assert_eq!(reply.status(), 201);
    assert_eq!(reply.json::<Value>().await.unwrap()["success"], true);

    let error = error_of(
        app.post(
            "/api/leads",
            json!({"workEmail": "x", "businessName": "", "postal_code": "2012", "city": ""}),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(
        error["fields"]["workEmail"],
        "Inserisci un indirizzo email valido."
    );
    assert_eq!(error["fields"]["businessName"], "Campo obbligatorio.");
    assert_eq!(
        error["fields"]["postal_code"],
        "Inserisci un CAP valido di 5 cifre."
    );
    assert_eq!(
        error["fields"]["city"],
        "La città è obbligatoria e viene determinata dal CAP."
    );

    use sea_orm::EntityTrait;
    let leads = entities::lead::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(leads.len(), 1);
    assert_eq!(leads[0].business_name, "Edilizia Rossi");
}
