//! Control characters and noncharacters (C0, C1, U+FFFE…) pasted into a form, answered by
//! the AI provider or found in a price list are not stored, and pages still render.

use serde_json::{json, Value};

use crate::helpers::spawn_app;
use crate::import::import_file;

#[tokio::test]
async fn a_product_sent_with_control_characters_is_stored_without_them() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .post(
            "/api/products",
            json!({"name": "Tassello\u{0} nylon\u{7} 8\u{fffe} mm\u{85}\u{1b}",
                   "description": "\u{1}Per calcestruzzo.\nConfezione da 100\u{ffff}",
                   "brand": "Fischer\u{9f}", "category": "Fissaggi\u{7f}", "price": 4.5}),
        )
        .await;
    assert_eq!(reply.status(), 201);
    let product: Value = reply.json().await.unwrap();
    assert_eq!(product["name"], "Tassello nylon 8 mm");
    assert_eq!(
        product["description"],
        "Per calcestruzzo.\nConfezione da 100"
    );
    assert_eq!(product["brand"], "Fischer");
    assert_eq!(product["category"], "Fissaggi");

    // A name of nothing but controls is no name.
    let reply = anna
        .post("/api/products", json!({"name": "\u{1}\u{fffe}\u{9f}"}))
        .await;
    assert_eq!(reply.status(), 422);

    // The shop's page and the product's page render, with its card.
    anna.images_settled().await;
    let me = anna.me().await;
    let page = app
        .get(&format!(
            "/product/{}/{}/{}/{}",
            anna.id,
            me["slug"].as_str().unwrap(),
            product["id"],
            product["slug"].as_str().unwrap()
        ))
        .await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("Tassello nylon 8 mm"));
    assert!(!html.contains('\u{fffe}'));
    let card = anna.products().await[0]["image_url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(app.get(&card).await.status(), 200, "{card}");
}

#[tokio::test]
async fn shop_fields_are_stored_without_control_characters() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .put(
            &format!("/api/stores/{}", anna.id),
            json!({"name": "Ferramenta\u{0} Rossi\u{fffe}", "postal_code": "20121", "city": "Mi\u{85}lano\u{1b}"}),
        )
        .await;
    assert_eq!(reply.status(), 200, "{}", reply.text().await.unwrap());
    let me = anna.me().await;
    assert_eq!(me["name"], "Ferramenta Rossi");
    assert_eq!(me["city"], "Milano");
}

#[tokio::test]
async fn an_imported_list_with_control_characters_is_stored_without_them() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let csv = "Descrizione;Prezzo;Marca\n\
               Vite\u{1} M8\u{fffe} zincata;1,50;Fischer\u{7f}\n\
               Silicone\u{85} trasparente;6,90;Saratoga\n";
    let (status, reply) = import_file(&anna, csv.as_bytes().to_vec(), "listino.csv").await;
    assert_eq!(status, 200, "{reply}");
    let mut names: Vec<String> = anna
        .products()
        .await
        .iter()
        .map(|p| {
            format!(
                "{} / {}",
                p["name"].as_str().unwrap(),
                p["brand"].as_str().unwrap_or("")
            )
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "Silicone trasparente / Saratoga",
            "Vite M8 zincata / Fischer"
        ]
    );
}
