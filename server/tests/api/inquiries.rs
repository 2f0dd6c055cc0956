//! "Chiedi disponibilità": a visitor's request reaches the owner's inbox and mailbox; bad,
//! scripted and excessive input is refused; the owner reads, marks and deletes requests,
//! and sees them per product in the report; another shop's requests are not theirs.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app, spawn_app_with, spawn_app_with_smtp, Shop, TestApp};
use crate::smtp_sink::SmtpSink;

async fn ask(app: &TestApp, store: i64, body: Value) -> reqwest::Response {
    app.post(&format!("/api/stores/{store}/inquiries"), body)
        .await
}

/// The owner's inbox, first page.
async fn inbox_of(shop: &Shop) -> Value {
    shop.get("/api/stores/me/inquiries")
        .await
        .json()
        .await
        .unwrap()
}

fn request(product: i64) -> Value {
    json!({
        "productId": product,
        "name": "Mario Bianchi",
        "contact": "mario.bianchi@example.it",
        "message": "Buongiorno, il trapano è disponibile in negozio sabato?"
    })
}

#[tokio::test]
async fn a_request_reaches_the_owner_by_mail_and_in_the_inbox() {
    let sink = SmtpSink::start().await;
    let app = spawn_app_with_smtp(&sink.url).await;
    let shop = app.shop("ferramenta@example.it").await;
    let product = shop.add_product("Trapano a percussione 800W").await;
    let id = product["id"].as_i64().unwrap();

    let reply = ask(&app, shop.id, request(id)).await;
    assert_eq!(reply.status(), StatusCode::CREATED);

    let mails = sink
        .wait_until(|m| m.iter().any(|r| r.data.contains("Nuova richiesta")))
        .await;
    let mail = mails
        .iter()
        .find(|r| r.data.contains("Nuova richiesta"))
        .unwrap();
    assert_eq!(mail.to, vec!["ferramenta@example.it".to_owned()]);
    assert!(
        mail.data.contains("Reply-To: mario.bianchi@example.it"),
        "{}",
        mail.data
    );
    assert!(mail.data.contains("Trapano a percussione 800W"));
    assert!(mail.data.contains("disponibile in negozio sabato"));

    let inbox = inbox_of(&shop).await;
    assert_eq!(inbox["total"], 1);
    assert_eq!(inbox["unread"], 1);
    let item = &inbox["items"][0];
    assert_eq!(item["product_id"], id);
    assert_eq!(item["product_name"], "Trapano a percussione 800W");
    assert_eq!(item["name"], "Mario Bianchi");
    assert_eq!(item["contact_kind"], "email");
    assert_eq!(item["read"], false);

    // Read, then unread again, then deleted.
    let url = format!("{}/api/stores/me/inquiries/{}", shop.url, item["id"]);
    let marked: Value = shop
        .client
        .patch(&url)
        .json(&json!({"read": true}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(marked["read"], true);
    let inbox = inbox_of(&shop).await;
    assert_eq!(inbox["unread"], 0);
    assert_eq!(
        shop.delete(&format!("/api/stores/me/inquiries/{}", item["id"]))
            .await
            .status(),
        200
    );
    let inbox = inbox_of(&shop).await;
    assert_eq!(inbox["total"], 0);
}

#[tokio::test]
async fn a_request_without_a_product_or_with_a_phone_is_kept_and_survives_the_product() {
    let app = spawn_app().await;
    let shop = app.shop("colori@example.it").await;
    let product = shop.add_product("Smalto all'acqua bianco 0,75 l").await;
    let id = product["id"].as_i64().unwrap();
    let mut by_phone = request(id);
    by_phone["contact"] = json!("+39 333 123 4567");
    assert_eq!(
        ask(&app, shop.id, by_phone).await.status(),
        StatusCode::CREATED
    );
    let mut about_the_shop = request(id);
    about_the_shop.as_object_mut().unwrap().remove("productId");
    assert_eq!(
        ask(&app, shop.id, about_the_shop).await.status(),
        StatusCode::CREATED
    );

    // The product is deleted: its request stays, with the name it had.
    assert_eq!(
        shop.delete(&format!("/api/products/{id}")).await.status(),
        200
    );
    let inbox = inbox_of(&shop).await;
    assert_eq!(inbox["total"], 2);
    let items = inbox["items"].as_array().unwrap();
    assert_eq!(items[0]["product_id"], Value::Null);
    assert_eq!(items[0]["product_name"], Value::Null);
    assert_eq!(items[1]["contact_kind"], "phone");
    assert_eq!(items[1]["product_id"], Value::Null);
    assert_eq!(items[1]["product_name"], "Smalto all'acqua bianco 0,75 l");
}

#[tokio::test]
async fn empty_oversized_and_scripted_requests_are_refused_and_nothing_is_kept() {
    let app = spawn_app().await;
    let shop = app.shop("edilizia@example.it").await;
    let id = shop.add_product("Cemento Portland 25 kg").await["id"]
        .as_i64()
        .unwrap();

    let error = error_of(
        ask(
            &app,
            shop.id,
            json!({"productId": id, "name": " ", "contact": "mario", "message": ""}),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(error["fields"]["name"], "Scrivi il tuo nome.");
    assert_eq!(
        error["fields"]["contact"],
        "Scrivi un indirizzo email o un numero di telefono a cui il negozio possa risponderti."
    );
    assert_eq!(
        error["fields"]["message"],
        "Scrivi la tua domanda al negozio."
    );

    let mut long = request(id);
    long["message"] = json!("a".repeat(1001));
    let error = error_of(ask(&app, shop.id, long).await, 422).await;
    assert_eq!(
        error["fields"]["message"],
        "Il testo inserito è troppo lungo."
    );

    for scripted in [
        "<script>alert(1)</script>",
        "Ciao <img src=x onerror=alert(1)>",
        "vedi javascript:alert(1)",
    ] {
        let mut bad = request(id);
        bad["message"] = json!(scripted);
        let error = error_of(ask(&app, shop.id, bad).await, 422).await;
        assert_eq!(
            error["fields"]["message"],
            "Il testo non può contenere codice o tag HTML."
        );
    }
    // A "less than" in a question is not markup.
    let mut fine = request(id);
    fine["message"] = json!("Avete tasselli < 8 mm? Ne servono 3<4 scatole.");
    assert_eq!(ask(&app, shop.id, fine).await.status(), StatusCode::CREATED);

    // A body far past the JSON limit is refused before it is read.
    let huge = json!({"name": "x", "contact": "a@b.it", "message": "m".repeat(3 * 1024 * 1024)});
    assert_eq!(
        ask(&app, shop.id, huge).await.status(),
        StatusCode::PAYLOAD_TOO_LARGE
    );

    let inbox = inbox_of(&shop).await;
    assert_eq!(inbox["total"], 1);
}

#[tokio::test]
async fn another_shops_product_hidden_products_and_unknown_shops_are_not_found() {
    let app = spawn_app().await;
    let one = app.shop("uno@example.it").await;
    let two = app.shop("due@example.it").await;
    let theirs = two.add_product("Silicone trasparente").await["id"]
        .as_i64()
        .unwrap();
    error_of(ask(&app, one.id, request(theirs)).await, 404).await;
    error_of(ask(&app, 999_999, request(theirs)).await, 404).await;
    let hidden = one.add_product("Articolo nascosto").await["id"]
        .as_i64()
        .unwrap();
    let reply = one
        .put(
            &format!("/api/products/{hidden}"),
            json!({"published": false}),
        )
        .await;
    assert_eq!(reply.status(), 200, "{}", reply.text().await.unwrap());
    error_of(ask(&app, one.id, request(hidden)).await, 404).await;

    // One owner cannot read, mark or delete another's requests.
    assert_eq!(
        ask(&app, two.id, request(theirs)).await.status(),
        StatusCode::CREATED
    );
    let inbox = inbox_of(&two).await;
    let other = inbox["items"][0]["id"].as_i64().unwrap();
    let mine = inbox_of(&one).await;
    assert_eq!(mine["total"], 0);
    let reply = one
        .client
        .patch(format!("{}/api/stores/me/inquiries/{other}", one.url))
        .json(&json!({"read": true}))
        .send()
        .await
        .unwrap();
    let error = error_of(reply, 404).await;
    assert_eq!(error["error"], "Richiesta non trovata");
    error_of(
        one.delete(&format!("/api/stores/me/inquiries/{other}"))
            .await,
        404,
    )
    .await;
    let inbox = inbox_of(&two).await;
    assert_eq!(inbox["total"], 1);
    assert_eq!(inbox["unread"], 1);
    // Anonymous: no inbox.
    assert_eq!(app.get("/api/stores/me/inquiries").await.status(), 401);
}

#[tokio::test]
async fn one_client_is_limited_per_hour_with_an_italian_429() {
    let app = spawn_app_with(|c| c.limits.inquiries_per_hour = 3).await;
    let shop = app.shop("limiti@example.it").await;
    let id = shop.add_product("Scala in alluminio 5 gradini").await["id"]
        .as_i64()
        .unwrap();
    for _ in 0..3 {
        assert_eq!(
            ask(&app, shop.id, request(id)).await.status(),
            StatusCode::CREATED
        );
    }
    let reply = ask(&app, shop.id, request(id)).await;
    assert!(reply.headers().contains_key("retry-after"));
    let error = error_of(reply, 429).await;
    assert_eq!(
        error["error"],
        "Hai già inviato diverse richieste: riprova tra un'ora, oppure chiama il negozio."
    );
    let inbox = inbox_of(&shop).await;
    assert_eq!(inbox["total"], 3);
}

#[tokio::test]
async fn the_report_counts_requests_per_product() {
    let app = spawn_app().await;
    let shop = app.shop("report@example.it").await;
    app.sql(&format!(
        "UPDATE stores SET plan = 'pro' WHERE id = {}",
        shop.id
    ))
    .await;
    let drill = shop.add_product("Trapano").await["id"].as_i64().unwrap();
    let saw = shop.add_product("Sega circolare").await["id"]
        .as_i64()
        .unwrap();
    for product in [drill, saw, drill] {
        assert_eq!(
            ask(&app, shop.id, request(product)).await.status(),
            StatusCode::CREATED
        );
    }
    let report: Value = shop
        .get("/api/stores/me/analytics?days=7")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(report["inquiries"], 3);
    assert_eq!(report["askedProducts"][0]["name"], "Trapano");
    assert_eq!(report["askedProducts"][0]["requests"], 2);
    assert_eq!(report["askedProducts"][1]["name"], "Sega circolare");
    let csv = shop
        .get("/api/stores/me/analytics.csv?days=7")
        .await
        .text()
        .await
        .unwrap();
    assert!(csv.contains("Prodotti più richiesti;Trapano;2"), "{csv}");
}
