//! "Disponibile", "Disponibilità limitata", "Su ordinazione", "Non disponibile": set by the
//! owner or by the price list, shown on the product page and its structured data, and
//! carried to Google's feeds in each feed's own words.

use serde_json::{json, Value};

use crate::feeds::{feed, items};
use crate::helpers::{error_of, spawn_app};
use crate::import::import_file;
use crate::photos::{picture, upload};

#[tokio::test]
async fn the_owner_sets_each_state_and_a_bad_one_gets_an_italian_field_error() {
    let app = spawn_app().await;
    let shop = app.shop("stati@example.it").await;
    let reply = shop
        .post(
            "/api/products",
            json!({"name": "Lavabo sospeso 60 cm", "price": 89, "availability": "backorder"}),
        )
        .await;
    assert_eq!(reply.status(), 201);
    let made: Value = reply.json().await.unwrap();
    assert_eq!(made["availability"], "backorder");
    assert_eq!(made["in_stock"], false, "to order is not on the shelf");
    let id = made["id"].as_i64().unwrap();

    let put = |body: Value| {
        let shop = &shop;
        async move {
            let reply = shop.put(&format!("/api/products/{id}"), body).await;
            assert_eq!(reply.status(), 200);
            reply.json::<Value>().await.unwrap()
        }
    };
    let limited = put(json!({"availability": "limited"})).await;
    assert_eq!(
        (
            limited["availability"].as_str(),
            limited["in_stock"].as_bool()
        ),
        (Some("limited"), Some(true))
    );
    // `in_stock` alone says on the shelf or not, nothing more.
    let out = put(json!({"in_stock": false})).await;
    assert_eq!(out["availability"], "out_of_stock");
    let back = put(json!({"in_stock": true})).await;
    assert_eq!(back["availability"], "in_stock");

    let error = error_of(
        shop.put(
            &format!("/api/products/{id}"),
            json!({"availability": "forse"}),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(
        error["fields"]["availability"],
        "Disponibilità non valida: scegli Disponibile, Disponibilità limitata, Su ordinazione o Non disponibile."
    );
    let kept: Value = shop
        .get(&format!("/api/products/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        kept["availability"], "in_stock",
        "a refused change changes nothing"
    );
}

#[tokio::test]
async fn the_page_and_the_feeds_speak_of_each_state_in_their_words() {
    let app = spawn_app().await;
    let shop = app.shop("idraulica@example.it").await;
    let mut ids = Vec::new();
    for (name, state) in [
        ("Miscelatore lavabo cromato", "in_stock"),
        ("Scaldabagno elettrico 80 l", "limited"),
        ("Piatto doccia 80x120 su misura", "backorder"),
        ("Radiatore in ghisa 6 elementi", "out_of_stock"),
    ] {
        let reply = shop
            .post(
                "/api/products",
                json!({"name": name, "price": 100, "availability": state}),
            )
            .await;
        assert_eq!(reply.status(), 201);
        let id = reply.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
        let jpeg = picture(800, 600, image::ImageFormat::Jpeg);
        assert_eq!(upload(&shop, id, "foto.jpg", jpeg).await.status(), 201);
        ids.push(id);
    }
    shop.images_settled().await;

    // The product page: the badge and the offer's schema.org availability.
    let product: Value = shop
        .get(&format!("/api/products/{}", ids[2]))
        .await
        .json()
        .await
        .unwrap();
    let page = app
        .get(&format!(
            "/product/{}/negozio-idraulica/{}/{}",
            shop.id,
            ids[2],
            product["slug"].as_str().unwrap()
        ))
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains("Su ordinazione"), "the badge");
    assert!(page.contains("https://schema.org/BackOrder"), "the offer");

    let (status, _, xml) = feed(&app, shop.id, "google-products.xml").await;
    assert_eq!(status, 200);
    let online: Vec<String> = items(&xml)
        .iter()
        .map(|i| i["g:availability"].clone())
        .collect();
    // Google's products feed has no "limited", and its backorder needs a date we do not have.
    assert_eq!(
        online,
        ["in_stock", "in_stock", "out_of_stock", "out_of_stock"]
    );
    let (_, _, xml) = feed(&app, shop.id, "google-local-inventory.xml").await;
    let local: Vec<String> = items(&xml)
        .iter()
        .map(|i| i["g:availability"].clone())
        .collect();
    assert_eq!(
        local,
        [
            "in_stock",
            "limited_availability",
            "on_display_to_order",
            "out_of_stock"
        ]
    );
}

#[tokio::test]
async fn a_price_list_says_to_order_and_last_pieces_and_a_new_list_changes_it() {
    let app = spawn_app().await;
    let shop = app.shop("listino@example.it").await;
    let list = |a: &str, b: &str| {
        format!(
            "Codice;Descrizione;Prezzo;Disponibilità\r\nP-1;Box doccia cristallo 80x80;249,00;{a}\r\nP-2;Sifone per lavello;7,50;{b}\r\nP-3;Rubinetto a sfera 1/2;6,20;12 pz\r\n"
        )
        .into_bytes()
    };
    let (status, reply) =
        import_file(&shop, list("Su ordinazione", "ultimi pezzi"), "listino.csv").await;
    assert_eq!(status, 200, "{reply}");
    let states = |products: Vec<Value>| {
        let mut s: Vec<(String, String)> = products
            .iter()
            .map(|p| {
                (
                    p["sku"].as_str().unwrap_or_default().to_owned(),
                    p["availability"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        s.sort();
        s
    };
    assert_eq!(
        states(shop.products().await),
        [
            ("P-1".into(), "backorder".into()),
            ("P-2".into(), "limited".into()),
            ("P-3".into(), "in_stock".into())
        ]
    );
    let (status, reply) = import_file(&shop, list("disponibile", "esaurito"), "listino.csv").await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(
        states(shop.products().await),
        [
            ("P-1".into(), "in_stock".into()),
            ("P-2".into(), "out_of_stock".into()),
            ("P-3".into(), "in_stock".into())
        ]
    );
}
