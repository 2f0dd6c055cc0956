use serde_json::{json, Value};

use crate::helpers::{browser, error_of, registration, spawn_app};

#[tokio::test]
async fn a_product_is_created_with_a_slug_and_a_two_decimal_price() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .post(
            "/api/products",
            json!({"store_email": "qualcun.altro@x.it", "store_id": 999, "name": "  Adesivo  Keraflex Maxi S1  ",
                   "price": "12,5", "description": "Adesivo cementizio.", "category": "Adesivi", "brand": "Mapei",
                   "in_stock": false, "ean": "0801234567890"}),
        )
        .await;
    assert_eq!(reply.status(), 201);
    let text = reply.text().await.unwrap();
    assert!(text.contains("\"price\":12.50"), "{text}");
    let product: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(product["name"], "Adesivo Keraflex Maxi S1");
    assert_eq!(product["slug"], "adesivo-keraflex-maxi-s1");
    assert_eq!(
        product["store_id"], anna.id,
        "the shop is always the caller's"
    );
    assert_eq!(product["in_stock"], false);
    assert_eq!(product["status"], "normal");
    assert_eq!(product["ean"], "0801234567890");

    let public: Value = app
        .get(&format!("/api/products/{}", product["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(public["name"], "Adesivo Keraflex Maxi S1");
}

#[tokio::test]
async fn product_rules_have_italian_messages() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let error = error_of(
        anna.post("/api/products", json!({"name": "   "})).await,
        422,
    )
    .await;
    assert_eq!(error["error"], "Il nome del prodotto è obbligatorio");
    let error = error_of(anna.post("/api/products", json!({"price": 3})).await, 422).await;
    assert_eq!(
        error["fields"]["name"],
        "Il nome del prodotto è obbligatorio"
    );
    let error = error_of(
        anna.post("/api/products", json!({"name": "Sabbia", "price": -1}))
            .await,
        422,
    )
    .await;
    assert_eq!(
        error["fields"]["price"],
        "Il prezzo deve essere un numero maggiore o uguale a 0."
    );
    let error = error_of(
        anna.post(
            "/api/products",
            json!({"name": "Sabbia", "status": "perfetto"}),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(error["fields"]["status"], "Stato del prodotto non valido.");
    let error = error_of(
        anna.post(
            "/api/products",
            json!({"name": "Sabbia", "in_stock": "forse"}),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(error["code"], "validation");
    let error = error_of(
        anna.post(
            "/api/products",
            json!({"name": "Sabbia", "image_url": "javascript:alert(1)"}),
        )
        .await,
        422,
    )
    .await;
    assert!(error["fields"]["image_url"].is_string());
    assert_eq!(anna.me().await["product_count"], 0);
}

#[tokio::test]
async fn an_image_address_is_checked_alike_for_a_product_and_a_logo() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    for bad in [
        "javascript:alert(1)",
        "/media/../vetrina.db",
        "ftp://esempio.it/a.png",
        "foto.jpg",
        "https://",
    ] {
        let error = error_of(
            anna.post("/api/products", json!({"name": "Sabbia", "image_url": bad}))
                .await,
            422,
        )
        .await;
        assert_eq!(
            error["fields"]["image_url"], "Inserisci un URL valido.",
            "{bad}"
        );
        let mut shop = registration("carla@colori.it", "Colorificio Carla");
        shop["logo_img_url"] = json!(bad);
        let reply = browser()
            .post(format!("{}/api/stores", app.url))
            .json(&shop)
            .send()
            .await
            .unwrap();
        let error = error_of(reply, 422).await;
        assert_eq!(
            error["fields"]["logo_img_url"], "Inserisci un URL valido.",
            "{bad}"
        );
    }
    let reply = anna
        .post(
            "/api/products",
            json!({"name": "Sabbia", "image_url": " /media/products/sabbia.png "}),
        )
        .await;
    assert_eq!(reply.status(), 201);
    let product: Value = reply.json().await.unwrap();
    assert_eq!(product["image_url"], "/media/products/sabbia.png");
}

#[tokio::test]
async fn update_changes_given_fields_and_rederives_the_slug() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let product = anna.add_product("Malta bastarda 25 kg").await;
    let path = format!("/api/products/{}", product["id"]);
    let reply = anna
        .put(
            &path,
            json!({"name": "Malta cementizia M5 25 kg", "price": null, "status": "uncertain"}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let updated: Value = reply.json().await.unwrap();
    assert_eq!(updated["slug"], "malta-cementizia-m5-25-kg");
    assert_eq!(updated["price"], Value::Null);
    assert_eq!(updated["status"], "uncertain");
    assert_eq!(updated["brand"], "Mapei", "absent fields stay");
}

#[tokio::test]
async fn another_shop_cannot_read_change_or_delete_my_products_through_owner_endpoints() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    let cement = anna.add_product("Cemento 32,5 R").await;
    let path = format!("/api/products/{}", cement["id"]);

    let error = error_of(bruno.put(&path, json!({"name": "Rubato"})).await, 404).await;
    assert_eq!(error["error"], "Prodotto non trovato");
    error_of(bruno.delete(&path).await, 404).await;
    let error = error_of(
        bruno
            .delete_json("/api/products/bulk_delete", json!({"ids": [cement["id"]]}))
            .await,
        404,
    )
    .await;
    assert_eq!(error["error"], "Nessun prodotto da eliminare");

    let still: Value = app.get(&path).await.json().await.unwrap();
    assert_eq!(still["name"], "Cemento 32,5 R");
}

#[tokio::test]
async fn bulk_delete_with_mixed_ids_deletes_only_my_own() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    let mine_a = anna.add_product("Cemento 32,5 R").await;
    let mine_b = anna.add_product("Sabbia fine").await;
    let keep = anna.add_product("Ghiaia").await;
    let theirs = bruno.add_product("Gesso").await;

    let reply = anna
        .delete_json(
            "/api/products/bulk_delete",
            json!({"ids": [mine_a["id"], mine_b["id"], theirs["id"], 987654]}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(reply.json::<Value>().await.unwrap()["deleted"], 2);
    assert_eq!(anna.me().await["product_count"], 1);
    assert_eq!(anna.products().await[0]["id"], keep["id"]);
    assert_eq!(
        app.get(&format!("/api/products/{}", theirs["id"]))
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn empty_lists_succeed_without_changes() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna.post("/api/products/bulk_upload", json!([])).await;
    assert_eq!(reply.status(), 201);
    assert_eq!(reply.json::<Value>().await.unwrap(), json!([]));
    let reply = anna
        .delete_json("/api/products/bulk_delete", json!({"ids": []}))
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(reply.json::<Value>().await.unwrap()["deleted"], 0);
}

#[tokio::test]
async fn bulk_upload_is_all_or_nothing() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .post(
            "/api/products/bulk_upload",
            json!([{"name": "Sabbia"}, {"name": "Ghiaia", "price": 4.2}, {"name": "Gesso", "brand": "Knauf"}]),
        )
        .await;
    assert_eq!(reply.status(), 201);
    let text = reply.text().await.unwrap();
    assert!(
        text.contains("\"price\":4.20"),
        "two decimals on the wire: {text}"
    );
    let created: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(created.as_array().unwrap().len(), 3);

    let error = error_of(
        anna.post(
            "/api/products/bulk_upload",
            json!([{"name": "Calce"}, {"name": ""}]),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(error["error"], "Il nome del prodotto è obbligatorio");
    assert_eq!(
        anna.me().await["product_count"],
        3,
        "the valid row of a refused upload is not written"
    );
}

#[tokio::test]
async fn deleting_one_product_and_deleting_a_missing_one() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let product = anna.add_product("Sabbia").await;
    let path = format!("/api/products/{}", product["id"]);
    assert_eq!(anna.delete(&path).await.status(), 200);
    assert_eq!(app.get(&path).await.status(), 404);
    error_of(anna.delete(&path).await, 404).await;
}

#[tokio::test]
async fn deleting_a_store_cascades_to_its_products_in_the_database() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let product = anna.add_product("Sabbia").await;
    // Straight in SQL, bypassing the application: the foreign key does the work.
    app.sql(&format!("DELETE FROM stores WHERE id = {}", anna.id))
        .await;
    assert_eq!(
        app.get(&format!("/api/products/{}", product["id"]))
            .await
            .status(),
        404
    );
}

#[tokio::test]
async fn pictures_of_an_earlier_design_are_drawn_again_and_the_owners_own_are_kept() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let old = shop.add_product("Idropittura lavabile bianca 14 l").await;
    let own = shop.add_product("Tassello nylon 8x40").await;
    shop.images_settled().await;
    app.sql(&format!(
        "UPDATE products SET image_url = '/media/products/0123456789abcdef.svg' WHERE id = {}",
        old["id"]
    ))
    .await;
    app.sql(&format!(
        "UPDATE products SET image_url = '/media/logos/mia-foto.png' WHERE id = {}",
        own["id"]
    ))
    .await;
    let drawn = vetrina::services::product_images::complete(&app.state, shop.id, 0)
        .await
        .unwrap();
    assert_eq!(drawn, 1);
    let image = |id: &Value| {
        let id = id.as_i64().unwrap();
        let shop = &shop;
        async move {
            let product = shop.get(&format!("/api/products/{id}")).await;
            let product: Value = product.json().await.unwrap();
            product["image_url"].as_str().unwrap().to_owned()
        }
    };
    let redrawn = image(&old["id"]).await;
    assert!(
        redrawn.starts_with("/media/products/t2-") && redrawn.ends_with(".svg"),
        "{redrawn}"
    );
    let tile = app.get(&redrawn).await.text().await.unwrap();
    assert!(
        tile.contains("<svg") && !tile.contains("Idropittura"),
        "the tile carries no name"
    );
    assert_eq!(
        app.get(&redrawn.replace(".svg", ".png")).await.status(),
        reqwest::StatusCode::OK
    );
    assert_eq!(image(&own["id"]).await, "/media/logos/mia-foto.png");
}

#[tokio::test]
async fn a_product_saved_without_an_image_gets_a_card_in_the_background() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let created = shop.add_product("Adesivo per piastrelle C2TE 25 kg").await;
    assert!(
        created["image_url"].is_null(),
        "the reply does not wait for the card"
    );
    let id = created["id"].as_i64().unwrap();
    let mut url = Value::Null;
    for _ in 0..100 {
        let product: Value = app
            .get(&format!("/api/products/{id}"))
            .await
            .json()
            .await
            .unwrap();
        url = product["image_url"].clone();
        if url.is_string() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let url = url.as_str().expect("a card within 10 s");
    assert!(
        url.starts_with("/media/products/") && url.ends_with(".svg"),
        "{url}"
    );
    assert_eq!(app.get(url).await.status(), reqwest::StatusCode::OK);
    // The owner's own image is kept.
    let mine = shop
        .put(
            &format!("/api/products/{id}"),
            json!({"image_url": "/media/logos/mia-foto.png"}),
        )
        .await;
    assert_eq!(mine.status(), reqwest::StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let product: Value = app
        .get(&format!("/api/products/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(product["image_url"], "/media/logos/mia-foto.png");
}
