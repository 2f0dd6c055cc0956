//! A shop's opening hours, Google Business Profile store code and exact position: set in
//! the settings, refused with an Italian message when wrong, shown to search engines and in
//! the feed.

use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app, Shop, TestApp};
use crate::pages::json_ld;
use crate::photos::{picture, upload};

#[tokio::test]
async fn opening_hours_and_the_store_code_are_checked_kept_and_published() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let settings = format!("/api/stores/{}", anna.id);
    let hours = json!([
        {"days": ["Fr", "Mo", "Tu", "We", "Th"], "opens": "8.00", "closes": "12:30"},
        {"days": ["Mo", "Tu", "We", "Th", "Fr"], "opens": "15:00", "closes": "19:00"},
        {"days": ["Sa"], "opens": "08:30", "closes": "12:30"}
    ]);
    let reply = anna
        .put(
            &settings,
            json!({"opening_hours": hours, "google_store_code": "  BS-ERBUSCO-01 "}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let saved: Value = reply.json().await.unwrap();
    assert_eq!(
        saved["opening_hours"][0],
        json!({"days": ["Mo", "Tu", "We", "Th", "Fr"], "opens": "08:00", "closes": "12:30"})
    );
    assert_eq!(saved["google_store_code"], "BS-ERBUSCO-01");

    // Wrong values: a field error in Italian, and nothing changed.
    for (bad, message) in [
        (
            json!([{"days": ["Mo"], "opens": "25:00", "closes": "26:00"}]),
            "Fascia 1: orario non valido «25:00»: scrivi ore e minuti, per esempio 08:30.",
        ),
        (
            json!([{"days": ["Mo"], "opens": "08:00", "closes": "12:00"}, {"days": ["Mo"], "opens": "19:00", "closes": "15:00"}]),
            "Fascia 2: l'orario di chiusura deve essere dopo quello di apertura.",
        ),
        (
            json!([{"days": ["Lun"], "opens": "08:00", "closes": "12:00"}]),
            "Fascia 1: giorno non valido «Lun» (usa Mo, Tu, We, Th, Fr, Sa, Su).",
        ),
    ] {
        let error = error_of(
            anna.put(&settings, json!({"opening_hours": bad})).await,
            422,
        )
        .await;
        assert_eq!(error["fields"]["opening_hours"], message);
    }
    let error = error_of(
        anna.put(&settings, json!({"opening_hours": "sempre aperto"}))
            .await,
        422,
    )
    .await;
    assert_eq!(error["code"], "validation");
    let long = "X".repeat(65);
    let error = error_of(
        anna.put(&settings, json!({"google_store_code": long}))
            .await,
        422,
    )
    .await;
    assert!(error["fields"]["google_store_code"].is_string());
    let shop: Value = app.get(&settings).await.json().await.unwrap();
    assert_eq!(shop["opening_hours"].as_array().map(Vec::len), Some(3));
    assert!(
        shop.get("google_store_code").is_none(),
        "the code is the owner's to see"
    );

    // Search engines read the hours; the local-inventory feed carries the code.
    let page = shop_page(&app, &anna).await;
    let store = hardware_store(&page);
    assert_eq!(
        store["openingHoursSpecification"][0],
        json!({
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": ["https://schema.org/Monday", "https://schema.org/Tuesday", "https://schema.org/Wednesday", "https://schema.org/Thursday", "https://schema.org/Friday"],
            "opens": "08:00",
            "closes": "12:30"
        })
    );
    let product = anna.add_product("Cemento 32,5 R 25 kg").await;
    let jpeg = picture(900, 700, image::ImageFormat::Jpeg);
    let id = product["id"].as_i64().unwrap();
    assert_eq!(upload(&anna, id, "foto.jpg", jpeg).await.status(), 201);
    anna.images_settled().await;
    let feed = app
        .get(&format!("/feeds/{}/google-local-inventory.xml", anna.id))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        feed.contains("<g:store_code>BS-ERBUSCO-01</g:store_code>"),
        "{feed}"
    );

    // Cleared with null.
    let reply = anna
        .put(
            &settings,
            json!({"opening_hours": null, "google_store_code": null}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let saved: Value = reply.json().await.unwrap();
    assert_eq!(saved["opening_hours"], json!([]));
    assert_eq!(saved["google_store_code"], Value::Null);
}

#[tokio::test]
async fn the_shop_page_says_where_the_shop_is_and_its_price_range() {
    let app = spawn_app().await;
    let anna = app.shop("geo@ferramenta.it").await;
    for (name, price) in [
        ("Tassello 6 mm", 1.2),
        ("Betoniera 160 l", 2449.5),
        ("Secchio", 4.0),
    ] {
        let reply = anna
            .post("/api/products", json!({"name": name, "price": price}))
            .await;
        assert_eq!(reply.status(), 201);
    }
    // A hidden product's price is not the shop's public range.
    let hidden = anna
        .post(
            "/api/products",
            json!({"name": "Gru", "price": 90000, "published": false}),
        )
        .await;
    assert_eq!(hidden.status(), 201);
    let page = shop_page(&app, &anna).await;
    let store = hardware_store(&page);
    assert_eq!(store["priceRange"], "1–2.450 €");
    // Registered in Rome (CAP 00118): the comune's centre.
    let (lat, lng) = (
        store["geo"]["latitude"].as_f64().unwrap(),
        store["geo"]["longitude"].as_f64().unwrap(),
    );
    assert_eq!(store["geo"]["@type"], "GeoCoordinates");
    assert!(
        (41.7..42.1).contains(&lat) && (12.3..12.7).contains(&lng),
        "{lat},{lng}"
    );
}

/// The owner places the shop exactly (a point copied from a map): search engines read that
/// point instead of the comune's centre; a point outside Italy or not a number is refused
/// with an Italian message and changes nothing; null goes back to the comune.
#[tokio::test]
async fn the_owner_places_the_shop_exactly_or_leaves_it_at_the_comune() {
    let app = spawn_app().await;
    let anna = app.shop("pin@ferramenta.it").await;
    let settings = format!("/api/stores/{}", anna.id);
    let reply = anna
        .put(
            &settings,
            json!({"position": {"lat": 41.8986, "lng": 12.4769}}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let saved: Value = reply.json().await.unwrap();
    assert_eq!(saved["position"], json!({"lat": 41.8986, "lng": 12.4769}));
    let store = hardware_store(&shop_page(&app, &anna).await);
    assert_eq!(
        store["geo"],
        json!({"@type": "GeoCoordinates", "latitude": 41.8986, "longitude": 12.4769})
    );

    for bad in [
        json!({"lat": 9.19, "lng": 45.46}),
        json!({"lat": 48.2, "lng": 16.37}),
        json!({"lat": -41.9, "lng": 12.5}),
    ] {
        let error = error_of(anna.put(&settings, json!({"position": bad})).await, 422).await;
        assert_eq!(
            error["fields"]["position"],
            "La posizione deve essere in Italia: latitudine tra 35 e 47,5, longitudine tra 6 e 19 (per esempio 45.4642, 9.1900).",
            "{bad}"
        );
    }
    for bad in [
        json!({"lat": "41,9", "lng": 12.5}),
        json!({"lat": 41.9}),
        json!("41.9, 12.5"),
        json!({"lat": 41.9, "lng": 12.5, "alt": 20}),
    ] {
        let error = error_of(anna.put(&settings, json!({"position": bad})).await, 422).await;
        assert_eq!(error["code"], "validation", "{bad}: {error}");
    }
    let shop: Value = app.get(&settings).await.json().await.unwrap();
    assert_eq!(
        shop["position"],
        json!({"lat": 41.8986, "lng": 12.4769}),
        "unchanged"
    );

    let reply = anna.put(&settings, json!({"position": null})).await;
    assert_eq!(reply.status(), 200);
    assert_eq!(
        reply.json::<Value>().await.unwrap()["position"],
        Value::Null
    );
    let store = hardware_store(&shop_page(&app, &anna).await);
    let lat = store["geo"]["latitude"].as_f64().unwrap();
    assert!(
        (41.7..42.1).contains(&lat) && lat != 41.8986,
        "the comune's centre: {lat}"
    );
}

#[tokio::test]
async fn special_closures_are_checked_kept_in_order_and_given_to_search_engines() {
    let app = spawn_app().await;
    let anna = app.shop("chiusure@ferramenta.it").await;
    let settings = format!("/api/stores/{}", anna.id);
    let today = vetrina::analytics::today();
    let later = |days: i64| {
        let d: jiff::civil::Date = today.parse().unwrap();
        d.checked_add(jiff::Span::new().days(days))
            .unwrap()
            .to_string()
    };
    let reply = anna
        .put(
            &settings,
            json!({"special_closures": [
                {"from": later(30), "to": later(32), "note": "Inventario"},
                {"from": later(3), "to": later(3)},
                {"from": "2020-08-10", "to": "2020-08-20", "note": "Ferie di allora"}
            ]}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let saved: Value = reply.json().await.unwrap();
    assert_eq!(
        saved["special_closures"],
        json!([
            {"from": later(3), "to": later(3), "note": null},
            {"from": later(30), "to": later(32), "note": "Inventario"}
        ]),
        "in date order, the past one dropped"
    );

    for (bad, says) in [
        (
            json!([{"from": later(5), "to": later(2)}]),
            "l'ultimo giorno",
        ),
        (
            json!([{"from": "24/12/2026", "to": later(2)}]),
            "data non valida",
        ),
        (json!([{"from": later(1), "to": later(200)}]), "92 giorni"),
        (
            json!([{"from": later(1), "to": later(1), "note": "<b>chiuso</b>"}]),
            "codice",
        ),
    ] {
        let error = error_of(
            anna.put(&settings, json!({"special_closures": bad})).await,
            422,
        )
        .await;
        let message = error["fields"]["special_closures"].as_str().unwrap();
        assert!(message.contains(says), "{message}");
    }

    let page = shop_page(&app, &anna).await;
    assert!(page.contains("Chiusure straordinarie") && page.contains("Inventario"));
    let store = hardware_store(&page);
    assert_eq!(
        store["openingHoursSpecification"][1],
        json!({"@type": "OpeningHoursSpecification", "opens": "00:00", "closes": "00:00",
            "validFrom": later(30), "validThrough": later(32)})
    );
}

/// The shop's public page, as a visitor gets it.
async fn shop_page(app: &TestApp, shop: &Shop) -> String {
    let me = shop.me().await;
    let path = format!("/store/{}/{}", shop.id, me["slug"].as_str().unwrap());
    app.get(&path).await.text().await.unwrap()
}

/// The page's `HardwareStore` block.
fn hardware_store(page: &str) -> Value {
    json_ld(page)
        .into_iter()
        .find(|b| b["@type"] == "HardwareStore")
        .expect("HardwareStore")
}
