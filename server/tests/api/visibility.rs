//! A product the owner keeps off the public pages ("Visibile nel catalogo pubblico" unticked):
//! it stays in the dashboard, and every public page, list, count, search, sitemap and feed
//! leaves it out; ticked again, it is back everywhere.

use serde_json::{json, Value};

use crate::helpers::{Shop, TestApp};

async fn body(app: &TestApp, path: &str) -> (u16, String) {
    let reply = app.get(path).await;
    (reply.status().as_u16(), reply.text().await.unwrap())
}

/// Every public place a product of `shop` can appear, with what each says of `name`.
async fn public_places(app: &TestApp, shop: &Shop, id: i64, name: &str) -> Vec<(String, bool)> {
    let listing: Value = app
        .get(&format!("/api/stores/{}/products", shop.id))
        .await
        .json()
        .await
        .unwrap();
    let searched: Value = app
        .get(&format!(
            "/api/stores/{}/products?q=smerigliatrice",
            shop.id
        ))
        .await
        .json()
        .await
        .unwrap();
    let across: Value = app
        .get("/api/search?q=smerigliatrice")
        .await
        .json()
        .await
        .unwrap();
    let store: Value = app
        .get(&format!("/api/stores/{}", shop.id))
        .await
        .json()
        .await
        .unwrap();
    let (_, shop_page) = body(app, &format!("/store/{}/negozio-anna", shop.id)).await;
    let (_, sitemap) = body(app, "/sitemaps/products-1.xml").await;
    let (_, feed) = body(app, &format!("/feeds/{}/google-products.xml", shop.id)).await;
    let (_, explore) = body(app, "/explore").await;
    let (product_page, _) = body(
        app,
        &format!(
            "/product/{}/negozio-anna/{id}/smerigliatrice-angolare-125-mm",
            shop.id
        ),
    )
    .await;
    let (product_json, _) = body(app, &format!("/api/products/{id}")).await;
    let listed = |v: &Value| {
        v["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == name || p["product"]["name"] == name)
    };
    vec![
        ("listing".into(), listed(&listing)),
        ("listing total 3".into(), listing["total"] == 3),
        (
            "category Utensili".into(),
            listing["categories"]
                .to_string()
                .contains("Utensili elettrici"),
        ),
        ("shop search".into(), listed(&searched)),
        ("search across shops".into(), listed(&across)),
        ("shop's product count 3".into(), store["product_count"] == 3),
        ("shop page".into(), shop_page.contains(name)),
        (
            "sitemap".into(),
            sitemap.contains(&format!("/{id}/smerigliatrice")),
        ),
        ("merchant feed".into(), feed.contains(name)),
        ("explore count".into(), explore.contains("3 prodotti")),
        ("product page".into(), product_page == 200),
        ("product JSON".into(), product_json == 200),
    ]
}

#[tokio::test]
async fn a_hidden_product_stays_in_the_dashboard_and_leaves_every_public_page() {
    let app = crate::helpers::spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let name = "Smerigliatrice angolare 125 mm";
    let hidden = anna
        .post(
            "/api/products",
            json!({"name": name, "price": 59.9, "brand": "Bosch", "category": "Utensili elettrici"}),
        )
        .await;
    assert_eq!(hidden.status(), 201);
    let id = hidden.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap();
    for other in ["Trapano a percussione", "Cacciavite a croce PH2"] {
        let reply = anna
            .post(
                "/api/products",
                json!({"name": other, "price": 20, "brand": "Bosch"}),
            )
            .await;
        assert_eq!(reply.status(), 201);
    }
    // A real picture: the Merchant feed offers only those.
    let jpeg = crate::photos::picture(900, 700, image::ImageFormat::Jpeg);
    assert_eq!(
        crate::photos::upload(&anna, id, "foto.jpg", jpeg)
            .await
            .status(),
        201
    );
    anna.images_settled().await;
    // Published: everywhere.
    for (place, shown) in public_places(&app, &anna, id, name).await {
        assert!(shown, "published, in {place}");
    }

    // Kept off the public pages.
    let reply = anna
        .put(&format!("/api/products/{id}"), json!({"published": false}))
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(reply.json::<Value>().await.unwrap()["published"], false);
    for (place, shown) in public_places(&app, &anna, id, name).await {
        assert!(!shown, "hidden, yet in {place}");
    }
    // The owner still has it: listing (with every count), search, the product itself.
    let own = anna.products().await;
    let mine = own
        .iter()
        .find(|p| p["id"] == id)
        .expect("in the owner's listing");
    assert_eq!(mine["published"], false);
    let own_listing: Value = anna
        .get(&format!("/api/stores/{}/products", anna.id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(own_listing["total"], 3);
    assert_eq!(anna.get(&format!("/api/products/{id}")).await.status(), 200);
    let public: Value = app
        .get(&format!("/api/stores/{}/products", anna.id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(public["total"], 2, "visitors count two");
    assert!(
        !public["categories"]
            .to_string()
            .contains("Utensili elettrici"),
        "its category had only it: {}",
        public["categories"]
    );
    // The related products of the same brand leave it out too.
    let (_, other_page) = body(&app, &format!("/store/{}/negozio-anna", anna.id)).await;
    assert!(!other_page.contains(name));

    // Published again: back everywhere.
    let reply = anna
        .put(&format!("/api/products/{id}"), json!({"published": true}))
        .await;
    assert_eq!(reply.status(), 200);
    for (place, shown) in public_places(&app, &anna, id, name).await {
        assert!(shown, "published again, in {place}");
    }
}

#[tokio::test]
async fn a_product_created_hidden_is_never_public_and_bad_values_are_refused() {
    let app = crate::helpers::spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let reply = anna
        .post(
            "/api/products",
            json!({"name": "Campione omaggio", "published": false}),
        )
        .await;
    assert_eq!(reply.status(), 201);
    let created: Value = reply.json().await.unwrap();
    assert_eq!(created["published"], false);
    let id = created["id"].as_i64().unwrap();
    assert_eq!(app.get(&format!("/api/products/{id}")).await.status(), 404);
    assert_eq!(
        app.get(&format!("/api/products/{id}/photos"))
            .await
            .status(),
        404
    );
    let bad = anna
        .put(&format!("/api/products/{id}"), json!({"published": "no"}))
        .await;
    assert_eq!(bad.status().as_u16() / 100, 4, "a string is not a yes/no");
    // another shop's owner cannot see or change it
    let bruno = app.shop("bruno@edilizia.it").await;
    assert_eq!(
        bruno.get(&format!("/api/products/{id}")).await.status(),
        404
    );
    let reply = bruno
        .put(&format!("/api/products/{id}"), json!({"published": true}))
        .await;
    assert_eq!(reply.status(), 404);
    assert_eq!(app.get(&format!("/api/products/{id}")).await.status(), 404);
}

/// The demo shop keeps its junk management lines for the dashboard (statuses, review queue)
/// and off its public pages, like a real shop's.
#[tokio::test]
async fn the_demo_shops_junk_lines_stay_in_its_dashboard_only() {
    use vetrina::services::demo;
    let app = crate::helpers::spawn_app().await;
    let demo::Outcome::Created { store_id, products } = demo::seed(&app.db).await.unwrap() else {
        panic!("the demo shop was already there");
    };
    let owner = crate::helpers::browser();
    let login = owner
        .post(format!("{}/api/auth/login", app.url))
        .json(&json!({"email": demo::EMAIL, "password": demo::PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), 200);
    let own = crate::helpers::list_all(&owner, &app.url, store_id).await;
    assert_eq!(own.len(), products);
    let junk: Vec<&Value> = own.iter().filter(|p| p["published"] == false).collect();
    assert_eq!(junk.len(), 3, "the three junk lines");
    assert!(junk
        .iter()
        .all(|p| p["status"] == "incorrect" && p["review_note"].is_string()));

    let store: Value = app
        .get(&format!("/api/stores/{store_id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(store["product_count"], products - 3);
    let mut page = 1;
    loop {
        let (status, html) = body(
            &app,
            &format!("/store/{store_id}/edilizia-demo?page={page}"),
        )
        .await;
        assert_eq!(status, 200);
        for p in &junk {
            assert!(
                !html.contains(p["name"].as_str().unwrap()),
                "{} on page {page}",
                p["name"]
            );
        }
        if !html.contains(&format!("page={}", page + 1)) {
            break;
        }
        page += 1;
    }
    assert!(page >= 2, "every page of the shop was read");
}
