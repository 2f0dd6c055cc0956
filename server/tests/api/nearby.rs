//! "Chi ce l'ha vicino a me": the search across every public shop, nearest to the visitor's
//! CAP first (`GET /api/search`, `/cerca`).

use reqwest::header::LOCATION;
use sea_orm::ConnectionTrait;
use serde_json::{json, Value};
use time::OffsetDateTime;
use vetrina::services::products::insert_rows;

use crate::catalogue::product;
use crate::helpers::{error_of, spawn_app, Shop, TestApp};

/// A public shop in the comune of `cap`.
async fn shop_in(app: &TestApp, email: &str, name: &str, cap: &str, city: &str) -> Shop {
    let shop = app.shop(email).await;
    app.sql(&format!(
        "UPDATE stores SET name = '{name}', postal_code = '{cap}', city = '{city}' WHERE id = {}",
        shop.id
    ))
    .await;
    shop
}

async fn add(shop: &Shop, body: Value) {
    let reply = shop.post("/api/products", body).await;
    assert_eq!(reply.status(), 201);
}

/// (shop name, product name, distance) of each result.
fn rows(page: &Value) -> Vec<(String, String, Option<u64>)> {
    page["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| {
            (
                item["store"]["name"].as_str().unwrap().to_owned(),
                item["product"]["name"].as_str().unwrap().to_owned(),
                item["distance_km"].as_u64(),
            )
        })
        .collect()
}

async fn search(app: &TestApp, query: &str) -> Value {
    let reply = app.get(&format!("/api/search?{query}")).await;
    assert_eq!(reply.status(), 200, "{query}");
    reply.json().await.unwrap()
}

/// Abano Terme (35031), its neighbour Padova (~10 km), Milano, Roma; a shop whose owner has
/// not confirmed the address (private) in Abano too.
async fn four_towns(app: &TestApp) {
    let abano = shop_in(
        app,
        "a@abano.it",
        "Ferramenta Abano",
        "35031",
        "Abano Terme",
    )
    .await;
    add(
        &abano,
        json!({"name": "Set di punte", "description": "Punte per trapano e avvitatore"}),
    )
    .await;
    add(
        &abano,
        json!({"name": "Trapano avvitatore 18V", "price": 89.0}),
    )
    .await;
    let terme = shop_in(
        app,
        "b@abano.it",
        "Edilizia delle Terme",
        "35031",
        "Abano Terme",
    )
    .await;
    add(
        &terme,
        json!({"name": "Trapano a percussione", "price": 59.0}),
    )
    .await;
    let padova = shop_in(app, "c@padova.it", "Colorificio Padova", "35121", "Padova").await;
    let many: Vec<Value> = (0..22)
        .map(|i| json!({"name": format!("Trapano modello {i}")}))
        .collect();
    let reply = padova
        .post("/api/products/bulk_upload", Value::Array(many))
        .await;
    assert_eq!(reply.status(), 201);
    let milano = shop_in(app, "d@milano.it", "Ferramenta Milano", "20121", "Milano").await;
    add(&milano, json!({"name": "Trapano a colonna"})).await;
    let roma = shop_in(app, "e@roma.it", "Edilizia Roma", "00118", "Roma").await;
    add(&roma, json!({"name": "Trapano demolitore"})).await;
    let hidden = shop_in(app, "f@abano.it", "Negozio privato", "35031", "Abano Terme").await;
    add(&hidden, json!({"name": "Trapano nascosto"})).await;
    app.sql(&format!(
        "UPDATE users SET email_verified_at = NULL WHERE id = (SELECT user_id FROM stores WHERE id = {})",
        hidden.id
    ))
    .await;
}

#[tokio::test]
async fn the_nearest_shops_come_first_then_the_best_match() {
    let app = spawn_app().await;
    four_towns(&app).await;

    let first = search(&app, "q=trapani&cap=35031").await;
    assert_eq!(first["comune"], "Abano Terme");
    assert_eq!(
        first["total"], 27,
        "the private shop's product is not found"
    );
    assert_eq!(first["pages"], 2);
    let first = rows(&first);
    assert_eq!(first.len(), 20);
    // The two shops of Abano are ranked together: names that say "trapano" before a
    // description that does.
    let abano: Vec<&str> = first[..3].iter().map(|r| r.1.as_str()).collect();
    assert_eq!(&abano[2], &"Set di punte", "{abano:?}");
    assert!(first[..3].iter().all(|r| r.2 == Some(0)));
    assert!(
        first[3..]
            .iter()
            .all(|r| r.0 == "Colorificio Padova" && (5..=15).contains(&r.2.unwrap())),
        "{first:?}"
    );

    let second = rows(&search(&app, "q=trapani&cap=35031&page=2").await);
    assert_eq!(second.len(), 7);
    let shops: Vec<&str> = second[5..].iter().map(|r| r.0.as_str()).collect();
    assert_eq!(shops, ["Ferramenta Milano", "Edilizia Roma"]);
    assert!((200..=260).contains(&second[5].2.unwrap()), "{second:?}");
    assert!((380..=430).contains(&second[6].2.unwrap()), "{second:?}");
    let mut everything: Vec<String> = first.iter().chain(&second).map(|r| r.1.clone()).collect();
    everything.sort();
    everything.dedup();
    assert_eq!(everything.len(), 27, "no product twice, none left out");

    // From Rome, Rome first; without a CAP, no distances and the best matches first.
    let from_rome = rows(&search(&app, "q=trapano&cap=00118").await);
    assert_eq!(
        from_rome[0],
        ("Edilizia Roma".into(), "Trapano demolitore".into(), Some(0))
    );
    let anywhere = search(&app, "q=trapano").await;
    assert_eq!(anywhere["comune"], Value::Null);
    assert_eq!(anywhere["total"], 27);
    assert!(rows(&anywhere).iter().all(|r| r.2.is_none()));
    assert_ne!(rows(&anywhere)[0].1, "Set di punte");

    let none = search(&app, "q=piastrelle&cap=35031").await;
    assert_eq!((none["total"].as_u64(), rows(&none).len()), (Some(0), 0));
}

#[tokio::test]
async fn bad_searches_are_refused_in_italian() {
    let app = spawn_app().await;
    for (query, field, message) in [
        ("cap=35031", "q", "Scrivi il prodotto che cerchi."),
        ("q=%20%20&cap=35031", "q", "Scrivi il prodotto che cerchi."),
        (
            "q=trapano&cap=3503",
            "cap",
            "Inserisci un CAP valido di 5 cifre.",
        ),
        (
            "q=trapano&cap=00000",
            "cap",
            "Nessuna città trovata per questo CAP.",
        ),
        (
            "q=trapano&page=21",
            "page",
            "Numero di pagina non valido (da 1 a 20).",
        ),
        (
            "q=trapano&page=-1",
            "page",
            "Numero di pagina non valido (da 1 a 20).",
        ),
    ] {
        let body = error_of(app.get(&format!("/api/search?{query}")).await, 422).await;
        assert_eq!(body["fields"][field], message, "{query}: {body}");
        assert_eq!(body["code"], "validation");
    }
}

#[tokio::test]
async fn the_search_page_works_without_javascript() {
    let app = spawn_app().await;
    four_towns(&app).await;
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let get = |path: &str| no_redirects.get(format!("{}{path}", app.url)).send();

    let reply = get("/cerca?q=trapano&cap=35031").await.unwrap();
    assert_eq!(reply.status(), 200);
    let html = reply.text().await.unwrap();
    assert!(
        html.contains(r#"<meta name="robots" content="noindex"#),
        "never indexed"
    );
    assert!(html.contains("27 prodotti trovati"));
    assert!(html.contains("Dal più vicino a Abano Terme"));
    let abano = html.find("Nel tuo comune").expect("the shops of Abano");
    let padova = html.find("Colorificio Padova").expect("then Padova");
    assert!(abano < padova);
    assert!(html.contains(r#"href="/cerca?q=trapano&amp;cap=35031&amp;page=2""#));
    assert!(
        html.contains(r#"href="/product/"#),
        "each result links to its product page"
    );

    // A CAP of the wrong shape is said beside the field; the search still runs.
    let html = get("/cerca?q=trapano&cap=35")
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("Inserisci un CAP valido di 5 cifre."));
    assert!(html.contains("27 prodotti trovati"));
    let html = get("/cerca?q=trapano&cap=00000")
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("Nessuna città trovata per questo CAP."));

    // One address per search: other spellings and pages past the last move.
    for (asked, moved) in [
        ("/cerca?cap=35031&q=trapano", "/cerca?q=trapano&cap=35031"),
        ("/cerca?q=trapano&page=7", "/cerca?q=trapano&page=2"),
        ("/cerca?q=trapano&page=zero", "/cerca?q=trapano"),
    ] {
        let reply = get(asked).await.unwrap();
        assert_eq!(reply.status(), 301, "{asked}");
        assert_eq!(reply.headers()[LOCATION], moved, "{asked}");
    }
    let empty = get("/cerca").await.unwrap();
    assert_eq!(empty.status(), 200);
    assert!(empty
        .text()
        .await
        .unwrap()
        .contains("Scrivi il prodotto che cerchi"));
}

/// Many shops at one distance with many matches each: the search gathers 400 results, a
/// share from every shop there, ranks them together and says there are more; a product
/// kept off the public pages is neither listed nor counted.
#[tokio::test]
async fn a_broad_search_gathers_four_hundred_results_from_every_shop_at_one_distance() {
    let app = spawn_app().await;
    let mut shops = Vec::new();
    for n in 0..3 {
        let shop = shop_in(
            &app,
            &format!("{n}@abano.it"),
            &format!("Ferramenta {n}"),
            "35031",
            "Abano Terme",
        )
        .await;
        let items = (1..=400)
            .map(|i| product(&format!("Trapano {n}-{i}")))
            .collect();
        insert_rows(&app.db, shop.id, items, OffsetDateTime::now_utc())
            .await
            .unwrap();
        shops.push(shop);
    }
    let few = shop_in(&app, "few@abano.it", "Colorificio", "35031", "Abano Terme").await;
    add(&few, json!({"name": "Trapano a colonna"})).await;
    let hidden = few
        .post("/api/products", json!({"name": "Trapano nascosto"}))
        .await;
    let hidden: Value = hidden.json().await.unwrap();
    let reply = few
        .put(
            &format!("/api/products/{}", hidden["id"]),
            json!({"published": false}),
        )
        .await;
    assert_eq!(reply.status(), 200);

    let first = search(&app, "q=trapano&cap=35031").await;
    assert_eq!(
        (first["total"].as_u64(), first["capped"].as_bool()),
        (Some(400), Some(true))
    );
    assert_eq!(first["pages"], 20);
    let mut from: std::collections::BTreeMap<String, usize> = Default::default();
    for page in 1..=20 {
        let listed = rows(&search(&app, &format!("q=trapano&cap=35031&page={page}")).await);
        assert_eq!(listed.len(), 20, "page {page}");
        for (shop, product, _) in listed {
            assert_ne!(product, "Trapano nascosto");
            *from.entry(shop).or_default() += 1;
        }
    }
    assert_eq!(from["Colorificio"], 1);
    for n in 0..3 {
        assert!(from[&format!("Ferramenta {n}")] >= 100, "{from:?}");
    }

    // Fewer matches than that: every one, counted exactly, the hidden one left out.
    let narrow = search(&app, "q=trapano+colonna&cap=35031").await;
    assert_eq!(
        (narrow["total"].as_u64(), narrow["capped"].as_bool()),
        (Some(1), Some(false))
    );
    let html = app
        .get("/cerca?q=trapano&cap=35031")
        .await
        .text()
        .await
        .unwrap();
    assert!(html.contains("Oltre 400 prodotti trovati"));
}

/// Every shop is asked only for the words it holds (PostgreSQL keeps which shop holds which
/// word, docs/decisions/040-words-each-shop-holds.md): a word another shop gains by an edit
/// or an import is found there at once, a start of a word finds each shop's own words, a
/// unit is matched, and a deleted shop's words go with it.
#[tokio::test]
async fn each_shop_is_searched_for_the_words_it_holds_as_they_change() {
    let app = spawn_app().await;
    let anna = shop_in(
        &app,
        "anna@abano.it",
        "Ferramenta Anna",
        "35031",
        "Abano Terme",
    )
    .await;
    let bruno = shop_in(
        &app,
        "bruno@abano.it",
        "Edilizia Bruno",
        "35031",
        "Abano Terme",
    )
    .await;
    add(&anna, json!({"name": "Trapano Makita", "brand": "Makita"})).await;
    add(&bruno, json!({"name": "Trapano Bosch", "brand": "Bosch"})).await;
    let found = |query: &'static str| {
        let app = &app;
        async move {
            let mut listed = rows(&search(app, &format!("q={query}&cap=35031")).await);
            listed.sort();
            listed
                .into_iter()
                .map(|(shop, product, _)| format!("{shop}: {product}"))
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(found("makita").await, ["Ferramenta Anna: Trapano Makita"]);
    assert_eq!(
        found("trapano+bosch").await,
        ["Edilizia Bruno: Trapano Bosch"]
    );
    assert!(found("trapano+hilti").await.is_empty());
    // A unit is checked on the rows the other words find (the index leaves it out).
    add(&anna, json!({"name": "Tassello 8 mm"})).await;
    add(&anna, json!({"name": "Tassello 8 cm"})).await;
    assert_eq!(
        found("tassello+8+mm").await,
        ["Ferramenta Anna: Tassello 8 mm"]
    );
    assert_eq!(
        found("tassello+8+cm").await,
        ["Ferramenta Anna: Tassello 8 cm"]
    );
    assert!(found("tassello+8+kg").await.is_empty());

    // Bruno's product becomes a Makita by an edit, then he imports a grinder.
    let listing: Value = bruno
        .get(&format!("/api/stores/{}/products", bruno.id))
        .await
        .json()
        .await
        .unwrap();
    let id = listing["items"][0]["id"].as_i64().unwrap();
    let reply = bruno
        .put(
            &format!("/api/products/{id}"),
            json!({"name": "Trapano Makita XR", "brand": "Makita"}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(
        found("makita").await,
        [
            "Edilizia Bruno: Trapano Makita XR",
            "Ferramenta Anna: Trapano Makita"
        ]
    );
    let csv = "nome;marca\nSmerigliatrice angolare;Makita\n";
    let (status, body) =
        crate::import::import_file(&bruno, csv.as_bytes().to_vec(), "listino.csv").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        found("smerigl").await,
        ["Edilizia Bruno: Smerigliatrice angolare"]
    );
    assert_eq!(
        found("makita+smer").await,
        ["Edilizia Bruno: Smerigliatrice angolare"]
    );

    let reply = anna
        .delete_json(
            "/api/auth/account",
            json!({"password": crate::helpers::PASSWORD}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(
        found("makita").await,
        [
            "Edilizia Bruno: Smerigliatrice angolare",
            "Edilizia Bruno: Trapano Makita XR"
        ]
    );
    if app.db.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
        let left = app
            .db
            .query_one(sea_orm::Statement::from_string(
                sea_orm::DatabaseBackend::Postgres,
                format!(
                    "SELECT COUNT(*) AS n FROM search_shop_words WHERE store_id = {}",
                    anna.id
                ),
            ))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(left.try_get::<i64>("", "n").unwrap(), 0);
    }
}
