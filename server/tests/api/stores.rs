use domain::messages;
use serde_json::{json, Value};

use crate::helpers::{error_of, registration, spawn_app};

#[tokio::test]
async fn registration_creates_a_free_shop_with_a_slug_and_never_returns_the_password() {
    let app = spawn_app().await;
    let reply = app
        .register("anna@ferramenta.it", "Ferramenta Città Alta")
        .await;
    assert_eq!(reply.status(), 201);
    let text = reply.text().await.unwrap();
    assert!(
        !text.contains(crate::helpers::PASSWORD),
        "password leaked: {text}"
    );
    assert!(!text.contains("argon2"), "hash leaked: {text}");
    let store: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(store["name"], "Ferramenta Città Alta");
    assert_eq!(store["slug"], "ferramenta-citta-alta");
    assert_eq!(store["plan"], "free", "a client cannot choose its plan");
    assert_eq!(store["trial_used"], false);
    assert_eq!(store["product_count"], 0);
    assert_eq!(store["website_url"], "https://www.esempio.it/");
}

#[tokio::test]
async fn every_registration_rule_has_its_italian_message() {
    let app = spawn_app().await;
    let cases: [(&str, Value, &str); 13] = [
        (
            "name",
            json!("A"),
            "Il nome del negozio deve avere almeno 2 caratteri.",
        ),
        (
            "description",
            json!("corta"),
            "La descrizione deve avere almeno 10 caratteri.",
        ),
        (
            "postal_code",
            json!("0011"),
            "Inserisci un CAP valido di 5 cifre.",
        ),
        (
            "postal_code",
            json!("00a18"),
            "Inserisci un CAP valido di 5 cifre.",
        ),
        (
            "city",
            json!(""),
            "La città è obbligatoria e viene determinata dal CAP.",
        ),
        (
            "address",
            json!("Via"),
            "L'indirizzo (via e numero) deve avere almeno 5 caratteri.",
        ),
        (
            "website_url",
            json!("non è un sito"),
            "Inserisci un URL valido.",
        ),
        (
            "telephone",
            json!("123"),
            "Inserisci un numero di telefono valido.",
        ),
        (
            "email",
            json!("anna@"),
            "Inserisci un indirizzo email valido.",
        ),
        (
            "password",
            json!("Ab1!"),
            "La password deve avere almeno 8 caratteri.",
        ),
        (
            "password",
            json!("abcdefg1!"),
            "La password deve contenere almeno una lettera maiuscola.",
        ),
        (
            "password",
            json!("ABCDEFG1!"),
            "La password deve contenere almeno una lettera minuscola.",
        ),
        (
            "password",
            json!("Abcdefgh!"),
            "La password deve contenere almeno un numero.",
        ),
    ];
    for (field, value, message) in cases {
        let mut body = registration("anna@ferramenta.it", "Ferramenta Anna");
        body[field] = value.clone();
        let reply = app.post("/api/stores", body).await;
        let error = error_of(reply, 422).await;
        assert_eq!(error["fields"][field], message, "{field} = {value}");
        assert_eq!(error["code"], "validation");
    }
    let mut body = registration("anna@ferramenta.it", "Ferramenta Anna");
    body["password"] = json!("Abcdefgh1");
    let error = error_of(app.post("/api/stores", body).await, 422).await;
    assert_eq!(
        error["error"],
        "La password deve contenere almeno un carattere speciale."
    );

    // Nothing was created by the refused attempts.
    let stores: Value = app.get("/api/stores").await.json().await.unwrap();
    assert_eq!(stores.as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn optional_fields_may_be_left_empty() {
    let app = spawn_app().await;
    let mut body = registration("bruno@edilizia.it", "Edilizia Bruno");
    body["website_url"] = json!("");
    body["partner_group"] = json!(null);
    let reply = app.post("/api/stores", body).await;
    assert_eq!(reply.status(), 201);
    let store: Value = reply.json().await.unwrap();
    assert_eq!(store["website_url"], Value::Null);
    assert_eq!(store["partner_group"], Value::Null);
}

#[tokio::test]
async fn a_second_shop_with_the_same_email_is_refused_with_409() {
    let app = spawn_app().await;
    assert_eq!(
        app.register("anna@ferramenta.it", "Ferramenta Anna")
            .await
            .status(),
        201
    );
    let error = error_of(
        app.register("ANNA@ferramenta.it", "Altra Ferramenta").await,
        409,
    )
    .await;
    assert_eq!(error["error"], "Esiste già un account con questa email.");
    assert_eq!(error["code"], "email_taken");
    // One shop, public once its address is confirmed.
    app.mark_verified("anna@ferramenta.it").await;
    let stores: Value = app.get("/api/stores").await.json().await.unwrap();
    assert_eq!(stores.as_array().unwrap().len(), 1);
}

/// The shops' sitemap and the first products' sitemap, together.
async fn sitemaps(app: &crate::helpers::TestApp) -> String {
    let shops = app.get("/sitemaps/shops.xml").await.text().await.unwrap();
    let products = app
        .get("/sitemaps/products-1.xml")
        .await
        .text()
        .await
        .unwrap();
    format!("{shops}{products}")
}

#[tokio::test]
async fn a_shop_is_public_only_once_its_owner_confirmed_the_email() {
    let app = spawn_app().await;
    let reply = app.register("anna@ferramenta.it", "Ferramenta Anna").await;
    assert_eq!(reply.status(), 201);
    let shop: Value = reply.json().await.unwrap();
    let id = shop["id"].as_i64().unwrap();
    let page = format!("/store/{id}/{}", shop["slug"].as_str().unwrap());
    vetrina::services::products::insert_rows(
        &app.db,
        id,
        vec![vetrina::services::products::ProductData {
            product: domain::ProductFields {
                name: "Cemento pubblicitario".into(),
                price: None,
                description: None,
                category: None,
                brand: None,
                image_url: Some("/media/x.svg".into()),
                availability: domain::Availability::from_shelf(true),
                sku: None,
                ean: None,
                image_name: None,
                variants: Vec::new(),
            },
            status: domain::ProductStatus::Normal,
            review_note: None,
            source_name: None,
            suggested_category: None,
            source_category: None,
        }],
        time::OffsetDateTime::now_utc(),
    )
    .await
    .unwrap();

    // Unconfirmed: on no list, page or sitemap.
    let listed: Value = app.get("/api/stores").await.json().await.unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 0);
    assert!(!app
        .get("/explore")
        .await
        .text()
        .await
        .unwrap()
        .contains("Ferramenta Anna"));
    assert_eq!(app.get(&page).await.status(), 404);
    assert_eq!(app.get(&format!("/api/stores/{id}")).await.status(), 404);
    assert_eq!(
        app.get(&format!("/api/stores/{id}/products"))
            .await
            .status(),
        404
    );
    assert!(!sitemaps(&app).await.contains(&format!("/store/{id}/")));

    // Confirmed: public everywhere at the next request.
    app.mark_verified("anna@ferramenta.it").await;
    let listed: Value = app.get("/api/stores").await.json().await.unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert!(app
        .get("/explore")
        .await
        .text()
        .await
        .unwrap()
        .contains("Ferramenta Anna"));
    assert_eq!(app.get(&page).await.status(), 200);
    assert_eq!(
        app.get(&format!("/api/stores/{id}/products"))
            .await
            .status(),
        200
    );
    let sitemaps = sitemaps(&app).await;
    assert!(sitemaps.contains(&format!("/store/{id}/")));
    assert!(sitemaps.contains("cemento-pubblicitario"));
}

#[tokio::test]
async fn explore_lists_every_shop_with_public_fields_and_product_count() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    app.shop("bruno@edilizia.it").await;
    anna.add_product("Cemento Portland 32,5 R 25 kg").await;
    anna.add_product("Malta bastarda 25 kg").await;

    let stores: Value = app.get("/api/stores").await.json().await.unwrap();
    let list = stores.as_array().unwrap();
    assert_eq!(list.len(), 2);
    let first = list.iter().find(|s| s["id"] == anna.id).unwrap();
    assert_eq!(first["product_count"], 2);
    assert!(
        first.get("trial_used").is_none(),
        "owner-only fields stay private"
    );
    assert!(first.get("Products").is_none());
}

#[tokio::test]
async fn a_public_shop_lists_its_products_by_page_and_an_unknown_one_is_404() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    anna.add_product("Cemento Portland 32,5 R 25 kg").await;
    let store: Value = app
        .get(&format!("/api/stores/{}", anna.id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(store["product_count"], 1);
    assert!(store.get("Products").is_none(), "no product list: {store}");
    let text = app
        .get(&format!("/api/stores/{}/products", anna.id))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        text.contains("\"price\":9.90"),
        "two decimals on the wire: {text}"
    );
    let page: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(page["items"][0]["name"], "Cemento Portland 32,5 R 25 kg");
    assert_eq!(page["total"], 1);

    let error = error_of(app.get("/api/stores/999999").await, 404).await;
    assert_eq!(error["error"], "Negozio non trovato.");
    error_of(app.get("/api/stores/abc").await, 404).await;
}

#[tokio::test]
async fn the_owner_sees_their_shop_and_a_visitor_gets_401() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let me = anna.me().await;
    assert_eq!(me["id"], anna.id);
    assert_eq!(me["limits"]["products"], 50);
    assert_eq!(me["counter_csv_imported"], 0);

    let error = error_of(app.get("/api/stores/me").await, 401).await;
    assert_eq!(error["error"], "Sessione scaduta o non valida");
}

#[tokio::test]
async fn settings_change_only_the_listed_fields_and_a_new_name_gives_a_new_slug() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .put(
            &format!("/api/stores/{}", anna.id),
            json!({"name": "Colorificio Anna & Figli", "slug": "scelto-dal-client", "plan": "business",
                   "trial_used": true, "email": "altro@x.it", "partner_group": null, "telephone": "+39 06 7654321"}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let store: Value = reply.json().await.unwrap();
    assert_eq!(store["slug"], "colorificio-anna-figli");
    assert_eq!(store["plan"], "free");
    assert_eq!(store["trial_used"], false);
    assert_eq!(store["email"], "anna@ferramenta.it");
    assert_eq!(store["partner_group"], Value::Null);
    assert_eq!(store["telephone"], "+39 06 7654321");
    assert_eq!(
        store["description"],
        "Materiali edili e ferramenta per professionisti."
    );

    let error = error_of(
        anna.put(
            &format!("/api/stores/{}", anna.id),
            json!({"postal_code": "123"}),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(error["error"], "Inserisci un CAP valido di 5 cifre.");
}

#[tokio::test]
async fn settings_keep_the_cap_and_the_city_in_agreement() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let settings = format!("/api/stores/{}", anna.id);
    // Registered in 00118 Roma: a new CAP alone leaves the city of the old one; a city
    // of another CAP; a CAP no comune has.
    for (change, field, message) in [
        (
            json!({"postal_code": "20121"}),
            "city",
            messages::CITY_REQUIRED,
        ),
        (
            json!({"postal_code": "20121", "city": "Erbusco"}),
            "city",
            messages::CITY_REQUIRED,
        ),
        (
            json!({"postal_code": "99999", "city": "Roma"}),
            "postal_code",
            messages::CAP_NOT_FOUND,
        ),
    ] {
        let error = error_of(anna.put(&settings, change.clone()).await, 422).await;
        assert_eq!(error["fields"][field], message, "{change}");
    }
    let me = anna.me().await;
    assert_eq!(
        (me["postal_code"].as_str(), me["city"].as_str()),
        (Some("00118"), Some("Roma"))
    );
    // One of the CAP's comuni, in any case: kept.
    let reply = anna
        .put(
            &settings,
            json!({"postal_code": "25030", "city": "erbusco"}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(reply.json::<Value>().await.unwrap()["city"], "Erbusco");
    let reply = anna
        .put(&settings, json!({"postal_code": "20121", "city": "Milano"}))
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(anna.me().await["city"], "Milano");
}

#[tokio::test]
async fn another_shop_cannot_change_my_shop() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    let error = error_of(
        bruno
            .put(
                &format!("/api/stores/{}", anna.id),
                json!({"name": "Rubato"}),
            )
            .await,
        404,
    )
    .await;
    assert_eq!(error["error"], "Negozio non trovato.");
    let store: Value = app
        .get(&format!("/api/stores/{}", anna.id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(store["name"], "Negozio anna");
    let anonymous = app.get(&format!("/api/stores/{}", anna.id)).await;
    assert_eq!(anonymous.status(), 200);
    let put = reqwest::Client::new()
        .put(format!("{}/api/stores/{}", app.url, anna.id))
        .json(&json!({"name": "Anonimo"}))
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), 401);
}

#[tokio::test]
async fn the_public_shop_reply_follows_every_change_and_revalidates() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    anna.add_product("Sabbia fine").await;
    let path = format!("/api/stores/{}", anna.id);
    let first = app.get(&path).await;
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(first.json::<Value>().await.unwrap()["product_count"], 1);
    let again = reqwest::Client::new()
        .get(format!("{}{path}", app.url))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    anna.add_product("Ghiaia").await;
    let after: Value = app.get(&path).await.json().await.unwrap();
    assert_eq!(after["product_count"], 2);
    assert!(after.get("Products").is_none());
}
