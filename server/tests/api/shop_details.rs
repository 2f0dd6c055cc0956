//! A shop's opening hours and Google Business Profile store code: set in the settings,
//! refused with an Italian message when wrong, shown to search engines and in the feed.

use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app};
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
    let me = anna.me().await;
    let page = app
        .get(&format!(
            "/store/{}/{}",
            anna.id,
            me["slug"].as_str().unwrap()
        ))
        .await
        .text()
        .await
        .unwrap();
    let store = json_ld(&page)
        .into_iter()
        .find(|b| b["@type"] == "HardwareStore")
        .expect("HardwareStore");
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
