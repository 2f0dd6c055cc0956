//! `GET /api/stores/{id}/products`: search as Italians type, filters, sorts and pages, the
//! same on SQLite and PostgreSQL, and the index kept in step with every write.

use domain::ProductFields;
use domain::{Price, ProductStatus};
use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{json, Value};
use time::OffsetDateTime;
use vetrina::services::products::{insert_rows, ProductData};

use crate::helpers::{error_of, spawn_app, Shop, TestApp};
use crate::import::import_file;

pub(crate) fn fields(name: &str) -> ProductFields {
    ProductFields {
        name: name.to_owned(),
        price: None,
        description: None,
        category: None,
        brand: None,
        image_url: Some("/media/x.svg".to_owned()),
        availability: domain::Availability::from_shelf(true),
        sku: None,
        ean: None,
        image_name: None,
        variants: Vec::new(),
    }
}

pub(crate) fn product(name: &str) -> ProductData {
    ProductData::new(fields(name))
}

/// A shop holding the listed products, oldest first.
async fn shop_with(app: &TestApp, email: &str, items: Vec<ProductData>) -> Shop {
    let shop = app.shop(email).await;
    insert_rows(&app.db, shop.id, items, OffsetDateTime::now_utc())
        .await
        .expect("insert");
    shop
}

async fn listing(app: &TestApp, shop: &Shop, query: &str) -> Value {
    let reply = app
        .get(&format!("/api/stores/{}/products?{query}", shop.id))
        .await;
    assert_eq!(reply.status(), StatusCode::OK, "{query}");
    reply.json().await.expect("json")
}

fn names(page: &Value) -> Vec<&str> {
    page["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|p| p["name"].as_str().expect("name"))
        .collect()
}

fn hardware() -> Vec<ProductData> {
    vec![
        ProductData::new(ProductFields {
            description: Some("Perché sceglierlo: mandrino da 13 mm.".to_owned()),
            brand: Some("Bosch".to_owned()),
            category: Some("Utensili elettrici".to_owned()),
            price: Some(Price::from_cents(12_990).expect("price")),
            ..fields("Trapano a percussione 18V")
        }),
        ProductData::new(ProductFields {
            category: Some("Edilizia".to_owned()),
            price: Some(Price::from_cents(890).expect("price")),
            availability: domain::Availability::from_shelf(false),
            ..fields("Lastra in Cartongesso 12,5 mm")
        }),
        ProductData {
            status: ProductStatus::Uncertain,
            ..ProductData::new(ProductFields {
                description: Some("Adatta a trapani e avvitatori.".to_owned()),
                category: Some("Utensili elettrici".to_owned()),
                ..fields("Punta per legno 8 mm")
            })
        },
        ProductData {
            status: ProductStatus::Incorrect,
            ..ProductData::new(ProductFields {
                brand: Some("Würth".to_owned()),
                sku: Some("VT-4040".to_owned()),
                price: Some(Price::from_cents(15).expect("price")),
                ..fields("Chiavi a brugola set")
            })
        },
        ProductData::new(ProductFields {
            category: Some("Colori".to_owned()),
            price: Some(Price::from_cents(2_450).expect("price")),
            ..fields("Élite pittura lavabile bianca")
        }),
    ]
}

#[tokio::test]
async fn search_folds_accents_meets_inflections_and_completes_words() {
    let app = spawn_app().await;
    let shop = shop_with(&app, "anna@ferramenta.it", hardware()).await;
    let found = |q: &'static str| {
        let (app, shop) = (&app, &shop);
        async move { names(&listing(app, shop, &format!("q={q}")).await).len() }
    };
    assert_eq!(
        names(&listing(&app, &shop, "q=perche").await),
        ["Trapano a percussione 18V"]
    );
    assert_eq!(
        names(&listing(&app, &shop, "q=cartong").await),
        ["Lastra in Cartongesso 12,5 mm"]
    );
    assert_eq!(
        names(&listing(&app, &shop, "q=chiave").await),
        ["Chiavi a brugola set"]
    );
    assert_eq!(found("elite").await, 1);
    assert_eq!(found("wurth").await, 1, "brand");
    assert_eq!(found("vt-4040").await, 1, "code");
    assert_eq!(found("colori").await, 1, "category");
    assert_eq!(found("martello").await, 0);
    assert_eq!(found("trapano%20bosch").await, 1, "every word must match");
    // The name weighs more than the description: the drill before the bit that mentions
    // drills.
    assert_eq!(
        names(&listing(&app, &shop, "q=trapani").await),
        ["Trapano a percussione 18V", "Punta per legno 8 mm"]
    );
}

#[tokio::test]
async fn filters_sorts_and_pages_are_the_servers() {
    let app = spawn_app().await;
    let shop = shop_with(&app, "anna@ferramenta.it", hardware()).await;

    let all = listing(&app, &shop, "").await;
    assert_eq!(all["total"], 5);
    assert_eq!(all["per_page"], 25);
    assert_eq!(
        names(&all)[0],
        "Élite pittura lavabile bianca",
        "newest first"
    );
    assert!(all.get("status_counts").is_none(), "owner only");
    assert_eq!(
        all["categories"],
        json!([
            {"name": "Colori", "count": 1},
            {"name": "Edilizia", "count": 1},
            {"name": "Utensili elettrici", "count": 2}
        ])
    );

    let tools = listing(&app, &shop, "category=Utensili%20elettrici&sort=oldest").await;
    assert_eq!(
        names(&tools),
        ["Trapano a percussione 18V", "Punta per legno 8 mm"]
    );
    assert_eq!(listing(&app, &shop, "stock=outOfStock").await["total"], 1);
    assert_eq!(listing(&app, &shop, "stock=inStock").await["total"], 4);

    let by_name = listing(&app, &shop, "sort=nameAsc").await;
    assert_eq!(names(&by_name)[0], "Chiavi a brugola set");
    assert_eq!(
        names(&by_name)[1],
        "Élite pittura lavabile bianca",
        "accents fold"
    );
    let by_price = listing(&app, &shop, "sort=priceAsc").await;
    assert_eq!(names(&by_price)[0], "Chiavi a brugola set");
    assert_eq!(
        names(&by_price)[4],
        "Punta per legno 8 mm",
        "no price, last"
    );
    let by_price = listing(&app, &shop, "sort=priceDesc").await;
    assert_eq!(names(&by_price)[0], "Trapano a percussione 18V");
    assert_eq!(
        names(&by_price)[4],
        "Punta per legno 8 mm",
        "no price, last"
    );

    let second = listing(&app, &shop, "per_page=2&page=2&sort=oldest").await;
    assert_eq!(
        names(&second),
        ["Punta per legno 8 mm", "Chiavi a brugola set"]
    );
    assert_eq!(second["pages"], 3);
    let past = listing(&app, &shop, "per_page=2&page=9").await;
    assert_eq!(past["items"], json!([]));
    assert_eq!(past["total"], 5);
}

#[tokio::test]
async fn the_owner_filters_by_status_and_gets_the_counts_others_do_not() {
    let app = spawn_app().await;
    let shop = shop_with(&app, "anna@ferramenta.it", hardware()).await;
    let path = format!("/api/stores/{}/products", shop.id);

    let owner: Value = shop
        .get(&format!("{path}?status=uncertain"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(names(&owner), ["Punta per legno 8 mm"]);
    assert_eq!(
        owner["status_counts"],
        json!({"normal": 3, "uncertain": 1, "incorrect": 1})
    );
    let incorrect: Value = shop
        .get(&format!("{path}?stock=incorrect"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(names(&incorrect), ["Chiavi a brugola set"]);

    for query in ["status=uncertain", "stock=incorrect"] {
        let error = error_of(app.get(&format!("{path}?{query}")).await, 422).await;
        assert_eq!(
            error["error"],
            "Filtro disponibile solo per il proprietario del negozio."
        );
    }
    // Another owner is a visitor here.
    let other = app.shop("bruno@edilizia.it").await;
    let reply = other.get(&format!("{path}?status=uncertain")).await;
    assert_eq!(reply.status(), 422);
    let theirs: Value = other
        .get(&format!("/api/stores/{}/products", other.id))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(theirs["total"], 0, "another shop's products never show");
}

#[tokio::test]
async fn bad_listing_values_are_refused_by_name() {
    let app = spawn_app().await;
    let shop = shop_with(&app, "anna@ferramenta.it", hardware()).await;
    let path = format!("/api/stores/{}/products", shop.id);
    for (query, field) in [
        ("sort=cheapest", "sort"),
        ("page=0", "page"),
        ("page=abc", "page"),
        ("per_page=0", "per_page"),
        ("per_page=101", "per_page"),
        ("stock=some", "stock"),
        ("status=broken", "status"),
    ] {
        let error = error_of(app.get(&format!("{path}?{query}")).await, 422).await;
        assert!(error["fields"][field].is_string(), "{query}: {error}");
    }
    error_of(app.get("/api/stores/999999/products").await, 404).await;
    error_of(app.get("/api/stores/abc/products").await, 404).await;
    // Quotes, FTS operators and SQL are words like any other.
    for q in [
        "%22",
        "NEAR(a%20b)",
        "'%3B%20DROP%20TABLE%20products%3B--",
        "*",
        "a%20OR%20b",
    ] {
        let page = listing(&app, &shop, &format!("q={q}")).await;
        assert!(page["total"].is_u64(), "{q}");
    }
    assert_eq!(listing(&app, &shop, "").await["total"], 5);
}

#[tokio::test]
async fn the_index_follows_every_write() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let created = shop.add_product("Martello da carpentiere").await;
    let id = created["id"].as_i64().expect("id");
    let count = |q: &'static str| {
        let (app, shop) = (&app, &shop);
        async move { listing(app, shop, &format!("q={q}")).await["total"].clone() }
    };
    assert_eq!(count("martell").await, 1);

    let reply = shop
        .put(
            &format!("/api/products/{id}"),
            json!({"name": "Mazzetta da muratore", "description": "Testa in acciaio forgiato"}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(count("martello").await, 0);
    assert_eq!(count("mazzetta").await, 1);
    assert_eq!(count("forgiat").await, 1);

    // An import that updates the product by its code rewrites its terms too.
    let reply = shop
        .put(&format!("/api/products/{id}"), json!({"sku": "MZ-1"}))
        .await;
    assert_eq!(reply.status(), 200);
    let csv = "nome;sku;descrizione\nMazzetta da muratore;MZ-1;Manico in frassino\n";
    let (status, body) = import_file(&shop, csv.as_bytes().to_vec(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(count("frassino").await, 1);
    assert_eq!(count("forgiato").await, 0);

    let reply = shop.delete(&format!("/api/products/{id}")).await;
    assert_eq!(reply.status(), 200);
    assert_eq!(count("mazzetta").await, 0);
}

#[tokio::test]
async fn products_written_before_search_existed_are_indexed_by_a_job_after_start() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    shop.add_product("Silicone sigillante trasparente").await;
    // As the rows of a database migrated from before the search columns.
    app.sql("UPDATE products SET search_name = '', search_rest = '', search_version = 0")
        .await;
    assert_eq!(listing(&app, &shop, "q=silicon").await["total"], 0);
    // A server that starts answers at once and schedules the re-index, while the first
    // instance still writes (its image pass): nothing waits on the other.
    let started = app.another_instance().await;
    let search = || async {
        let reply: Value = reqwest::get(format!(
            "{started}/api/stores/{}/products?q=silicon",
            shop.id
        ))
        .await
        .expect("reply")
        .json()
        .await
        .expect("json");
        reply["total"].clone()
    };
    assert_eq!(search().await, 0, "not yet re-indexed");
    // Whichever instance claims the job writes the terms; both then find the product, the
    // first one too although it had answered that search before (an instance reads a shop's
    // row again after at most a second).
    vetrina::services::jobs::run_due(&app.state)
        .await
        .expect("jobs");
    let mut found = (Value::Null, Value::Null);
    for _ in 0..40 {
        found = (
            search().await,
            listing(&app, &shop, "q=silicon").await["total"].clone(),
        );
        if found == (1.into(), 1.into()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        found,
        (1.into(), 1.into()),
        "found by the second and the first instance"
    );
    let written = vetrina::services::catalogue::reindex_stale(&app.db, None)
        .await
        .expect("reindex");
    assert_eq!(written, 0, "nothing left to re-index");
    let scheduled = vetrina::services::search_terms::schedule_if_stale(&app.db)
        .await
        .expect("schedule");
    assert!(!scheduled, "no job when nothing is stale");
}

#[tokio::test]
async fn the_store_replies_carry_no_product_list() {
    let app = spawn_app().await;
    let shop = shop_with(&app, "anna@ferramenta.it", hardware()).await;
    let me = shop.me().await;
    assert!(me.get("Products").is_none(), "{me}");
    assert_eq!(me["product_count"], 5);
    let public: Value = app
        .get(&format!("/api/stores/{}", shop.id))
        .await
        .json()
        .await
        .expect("json");
    assert!(public.get("Products").is_none(), "{public}");
}

/// `(status, Location, body)` of a page, without following redirects.
async fn page_of(app: &TestApp, path: &str) -> (u16, Option<String>, String) {
    let reply = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .expect("request");
    let status = reply.status().as_u16();
    let location = reply
        .headers()
        .get("location")
        .map(|v| v.to_str().expect("ascii").to_owned());
    (status, location, reply.text().await.expect("body"))
}

fn product_links(html: &str) -> usize {
    html.matches("href=\"/product/").count()
}

#[tokio::test]
async fn the_shop_page_renders_one_page_of_24_with_links_canonicals_and_redirects() {
    let app = spawn_app().await;
    // Descriptions as long as an import keeps (5,000 characters): the page stays small.
    let long: String = "Cemento grigio per getti e massetti, resistente al gelo. "
        .repeat(100)
        .chars()
        .take(5000)
        .collect();
    let items = (1..=130)
        .map(|i| {
            ProductData::new(ProductFields {
                description: Some(long.clone()),
                category: Some(if i % 2 == 0 { "Cementi" } else { "Malte" }.to_owned()),
                brand: Some("Buzzi".to_owned()),
                ..fields(&format!("Sacco di cemento {i}"))
            })
        })
        .collect();
    let shop = shop_with(&app, "anna@ferramenta.it", items).await;
    let store = shop.me().await;
    let path = format!(
        "/store/{}/{}",
        shop.id,
        store["slug"].as_str().expect("slug")
    );

    let (status, _, html) = page_of(&app, &path).await;
    assert_eq!(status, 200);
    assert_eq!(product_links(&html), 24);
    assert!(html.len() < 150_000, "{} bytes", html.len());
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{}{path}\">",
        app.url
    )));
    assert!(html.contains(&format!("href=\"{path}?page=2\" rel=\"next\"")));
    assert!(
        html.contains(&format!("href=\"{path}?page=6\"")),
        "the last page is linked"
    );
    assert!(!html.contains("<meta name=\"robots\""));

    let (status, _, html) = page_of(&app, &format!("{path}?page=6")).await;
    assert_eq!(status, 200);
    assert!(html.len() < 150_000, "{} bytes", html.len());
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{}{path}?page=6\">",
        app.url
    )));
    assert!(
        html.contains("Sacco di cemento 1<"),
        "the oldest product is on the last page"
    );
    assert!(!html.contains("rel=\"next\""));

    // A product page with 15 related products of the same brand stays small too.
    let newest = &listing(&app, &shop, "per_page=1").await["items"][0];
    let product = format!(
        "/product/{}/{}/{}/{}",
        shop.id,
        store["slug"].as_str().expect("slug"),
        newest["id"],
        newest["slug"].as_str().expect("slug")
    );
    let (status, _, html) = page_of(&app, &product).await;
    assert_eq!(status, 200);
    assert!(html.contains(&long[..200]), "its own description is shown");
    assert!(html.len() < 150_000, "product page: {} bytes", html.len());

    // A search: shown, followed, not indexed; utm parameters are ignored, not redirected.
    let (status, _, html) = page_of(&app, &format!("{path}?q=cementi&utm_source=x")).await;
    assert_eq!(status, 200);
    assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(html.contains("value=\"cementi\""));

    // Other spellings of a query, bad values and pages past the last: one canonical address.
    for (asked, canonical) in [
        ("?page=1", path.clone()),
        ("?sort=newest", path.clone()),
        ("?page=abc", path.clone()),
        ("?sort=cheapest", path.clone()),
        ("?page=99", format!("{path}?page=6")),
        (
            "?category=Cementi&q=sacco",
            format!("{path}/c/cementi?q=sacco"),
        ),
        ("?q=sacco&page=9", format!("{path}?q=sacco&page=6")),
    ] {
        let (status, location, _) = page_of(&app, &format!("{path}{asked}")).await;
        assert_eq!((status, location), (301, Some(canonical)), "{asked}");
    }
}

#[tokio::test]
async fn bulk_delete_by_status_is_one_call_for_the_owners_products_only() {
    let app = spawn_app().await;
    let with_status = |name: &str, status| ProductData {
        status,
        ..product(name)
    };
    let anna = shop_with(
        &app,
        "anna@ferramenta.it",
        vec![
            with_status("Chiodo", ProductStatus::Incorrect),
            with_status("Vite", ProductStatus::Uncertain),
            with_status("Bullone", ProductStatus::Uncertain),
            with_status("Dado", ProductStatus::Normal),
        ],
    )
    .await;
    let bruno = shop_with(
        &app,
        "bruno@edilizia.it",
        vec![with_status("Martello", ProductStatus::Uncertain)],
    )
    .await;

    let reply = anna
        .delete_json("/api/products/bulk_delete", json!({"status": "uncertain"}))
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(reply.json::<Value>().await.expect("json")["deleted"], 2);
    let counts = anna
        .get(&format!("/api/stores/{}/products", anna.id))
        .await
        .json::<Value>()
        .await
        .expect("json")["status_counts"]
        .clone();
    assert_eq!(counts, json!({"normal": 1, "uncertain": 0, "incorrect": 1}));
    assert_eq!(
        listing(&app, &bruno, "").await["total"],
        1,
        "another shop's products stay"
    );

    // Nothing left with that status: the documented message (docs/product/texts.md).
    let reply = anna
        .delete_json("/api/products/bulk_delete", json!({"status": "uncertain"}))
        .await;
    assert_eq!(
        error_of(reply, 404).await["error"],
        "Nessun prodotto da eliminare"
    );
    // Bad requests name the field.
    for body in [
        json!({"status": "normal"}),
        json!({"status": "tutti"}),
        json!({}),
        json!({"ids": [1], "status": "all"}),
    ] {
        let reply = anna
            .delete_json("/api/products/bulk_delete", body.clone())
            .await;
        assert_eq!(reply.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
    let reply = anna
        .delete_json("/api/products/bulk_delete", json!({"status": "all"}))
        .await;
    assert_eq!(reply.json::<Value>().await.expect("json")["deleted"], 2);
    assert_eq!(listing(&app, &anna, "").await["total"], 0);
    assert_eq!(listing(&app, &bruno, "").await["total"], 1);
}

#[tokio::test]
async fn explore_pages_twelve_shops_searched_and_sorted_by_the_server() {
    let app = spawn_app().await;
    for i in 1..=14 {
        let shop = app.shop(&format!("negozio{i}@ferramenta.it")).await;
        let items = (0..i).map(|n| product(&format!("Articolo {n}"))).collect();
        insert_rows(&app.db, shop.id, items, OffsetDateTime::now_utc())
            .await
            .expect("insert");
    }

    // The API: a page of the array, the total in a header, the most products first.
    let reply = app.get("/api/stores?per_page=5&page=2").await;
    assert_eq!(reply.status(), StatusCode::OK);
    assert_eq!(reply.headers()["x-total-count"], "14");
    let stores: Value = reply.json().await.expect("json");
    let counts: Vec<u64> = stores
        .as_array()
        .expect("array")
        .iter()
        .map(|s| s["product_count"].as_u64().expect("count"))
        .collect();
    assert_eq!(counts, [9, 8, 7, 6, 5]);
    let reply = app.get("/api/stores?sort=productsAsc&per_page=1").await;
    assert_eq!(
        reply.json::<Value>().await.expect("json")[0]["product_count"],
        1
    );
    for bad in ["sort=cheap", "page=0", "per_page=500"] {
        let reply = app.get(&format!("/api/stores?{bad}")).await;
        assert_eq!(reply.status(), StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }

    // The page: 12 shops, links to page 2, a canonical per page; a search is not indexed.
    let (status, _, html) = page_of(&app, "/explore").await;
    assert_eq!(status, 200);
    assert_eq!(html.matches("href=\"/store/").count(), 12);
    assert!(html.contains("href=\"/explore?page=2\" rel=\"next\""));
    assert!(html.contains("14 negozi"));
    let (status, _, html) = page_of(&app, "/explore?page=2").await;
    assert_eq!(status, 200);
    assert_eq!(html.matches("href=\"/store/").count(), 2);
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{}/explore?page=2\">",
        app.url
    )));
    let (_, _, html) = page_of(&app, "/explore?q=negozio").await;
    assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
    for (asked, canonical) in [
        ("?page=1", "/explore"),
        ("?sort=productsDesc", "/explore"),
        ("?page=7", "/explore?page=2"),
        ("?sort=bad", "/explore"),
        ("?page=2&q=negozio", "/explore?q=negozio&page=2"),
    ] {
        let (status, location, _) = page_of(&app, &format!("/explore{asked}")).await;
        assert_eq!(
            (status, location.as_deref()),
            (301, Some(canonical)),
            "{asked}"
        );
    }
}

/// A broad word in a big shop: a visitor's search ranks the first 1,000 matches and says
/// there are more ("oltre 1.000"), instead of reading every match's row to rank and count
/// them all; the owner's dashboard still counts every match, as the dashboard's "Mostrando a-b
/// di N prodotti" asks.
#[tokio::test]
async fn a_visitors_search_ranks_and_counts_the_first_thousand_matches() {
    let app = spawn_app().await;
    let mut items: Vec<ProductData> = (1..=1_005)
        .map(|i| product(&format!("Trapano avvitatore {i}")))
        .collect();
    items.push(product("Vite zincata"));
    let shop = shop_with(&app, "anna@ferramenta.it", items).await;
    let visitor = |query: String| {
        let app = &app;
        let id = shop.id;
        async move {
            let reply = app.get(&format!("/api/stores/{id}/products?{query}")).await;
            assert_eq!(reply.status(), StatusCode::OK, "{query}");
            reply.json::<Value>().await.expect("json")
        }
    };

    let first = visitor("q=trapano".into()).await;
    assert_eq!(
        (first["total"].as_u64(), first["capped"].as_bool()),
        (Some(1_000), Some(true))
    );
    assert_eq!(first["pages"], 40);
    let last = visitor("q=trapano&page=40".into()).await;
    assert_eq!(names(&last).len(), 25, "the 1,000th result is reachable");
    assert!(names(&visitor("q=trapano&page=41".into()).await).is_empty());
    let mut seen: Vec<String> = Vec::new();
    for page in 1..=10 {
        let listed = visitor(format!("q=trapano&per_page=100&page={page}")).await;
        seen.extend(names(&listed).into_iter().map(str::to_owned));
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 1_000, "no product twice across the pages");

    let few = visitor("q=vite".into()).await;
    assert_eq!(
        (few["total"].as_u64(), few["capped"].as_bool()),
        (Some(1), Some(false))
    );

    // The owner counts every match.
    let own: Value = shop
        .get(&format!("/api/stores/{}/products?q=trapano", shop.id))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(
        (own["total"].as_u64(), own["capped"].as_bool()),
        (Some(1_005), Some(false))
    );

    // The shop page says so.
    let store = shop.me().await;
    let path = format!(
        "/store/{}/{}?q=trapano",
        shop.id,
        store["slug"].as_str().expect("slug")
    );
    let (status, _, html) = page_of(&app, &path).await;
    assert_eq!(status, 200);
    assert!(html.contains("1-24 di oltre 1.000 prodotti"), "{path}");
    assert!(html.contains("page=42\""), "the last page is linked");
    assert!(!html.contains("page=43\""));
}

/// The statement that finds a search's first matches reads the products through the text
/// index alone, even on a table so small that the planner would rather read it whole (as it
/// would for a big shop's words at the end of a big table: it cannot tell where they are).
#[tokio::test]
async fn the_first_matches_are_read_through_the_text_index() {
    let app = spawn_app().await;
    if app.db.get_database_backend() != sea_orm::DatabaseBackend::Postgres {
        return;
    }
    let shop = shop_with(&app, "anna@ferramenta.it", hardware()).await;
    let query = domain::search::SearchQuery::parse("trapani").expect("words");
    let plan =
        vetrina::services::catalogue::first_matches_plan(&app.db, &query, &[(shop.id, 0)], 6, true)
            .await
            .expect("plan");
    assert!(
        plan.contains("Bitmap Index Scan on idx_products_search"),
        "{plan}"
    );
    assert!(!plan.contains("Seq Scan on products"), "{plan}");
    assert!(!plan.contains("Index Scan on idx_products_store"), "{plan}");
    // The start "trapan" is read as the whole words the shops hold that begin so.
    let id = shop.id;
    assert!(
        plan.contains(&format!("(s{id}xtrapani | s{id}xtrapano)")),
        "{plan}"
    );
    assert!(!plan.contains("trapan:*"), "{plan}");
}

/// A visitor's search is kept for the shop's version (`services::match_cache`): the same
/// words asked again after any change of the products (a new one, a rename, one kept off the
/// public pages, one deleted, an import) find what the shop holds now, in the shop and
/// across shops.
#[tokio::test]
async fn a_search_asked_again_after_an_edit_finds_the_edit() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let first = shop.add_product("Trapano a percussione").await;
    let first_id = first["id"].as_i64().expect("id");
    let visitor = || {
        let (app, shop) = (&app, &shop);
        async move {
            let here = listing(app, shop, "q=trapan").await;
            let across: Value = app
                .get("/api/search?q=trapan")
                .await
                .json()
                .await
                .expect("json");
            let mut across_names: Vec<String> = across["items"]
                .as_array()
                .expect("items")
                .iter()
                .map(|i| i["product"]["name"].as_str().expect("name").to_owned())
                .collect();
            across_names.sort();
            let mut here_names: Vec<String> = names(&here).into_iter().map(str::to_owned).collect();
            here_names.sort();
            assert_eq!(
                here_names, across_names,
                "the same in the shop and across shops"
            );
            assert_eq!(here["total"].as_u64(), Some(here_names.len() as u64));
            here_names
        }
    };
    let edit = |id: i64, body: Value| {
        let shop = &shop;
        async move {
            let reply = shop.put(&format!("/api/products/{id}"), body).await;
            assert_eq!(reply.status(), 200);
        }
    };
    assert_eq!(visitor().await, ["Trapano a percussione"]);
    // Asked again with nothing changed: the same answer.
    assert_eq!(visitor().await, ["Trapano a percussione"]);

    let second = shop.add_product("Trapano avvitatore").await;
    let second_id = second["id"].as_i64().expect("id");
    assert_eq!(
        visitor().await,
        ["Trapano a percussione", "Trapano avvitatore"]
    );

    edit(first_id, json!({"name": "Smerigliatrice"})).await;
    assert_eq!(visitor().await, ["Trapano avvitatore"]);

    edit(second_id, json!({"published": false})).await;
    assert!(visitor().await.is_empty());
    edit(second_id, json!({"published": true})).await;
    assert_eq!(visitor().await, ["Trapano avvitatore"]);

    let csv = "nome;descrizione\nTrapano a colonna;Da banco\n";
    let (status, body) = import_file(&shop, csv.as_bytes().to_vec(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(visitor().await, ["Trapano a colonna", "Trapano avvitatore"]);

    let deleted = shop.delete(&format!("/api/products/{second_id}")).await;
    assert_eq!(deleted.status(), 200);
    assert_eq!(visitor().await, ["Trapano a colonna"]);
}

/// PostgreSQL's JIT compiled the search across shops (estimated costly, run in 20 ms) for
/// 240 ms every time: the server's connections run without it.
#[tokio::test]
async fn statements_are_not_compiled_by_postgresql() {
    let app = spawn_app().await;
    if app.db.get_database_backend() != sea_orm::DatabaseBackend::Postgres {
        return;
    }
    let row = app
        .db
        .query_one(sea_orm::Statement::from_string(
            sea_orm::DatabaseBackend::Postgres,
            "SELECT current_setting('jit') AS jit",
        ))
        .await
        .expect("query")
        .expect("row");
    assert_eq!(row.try_get::<String>("", "jit").expect("jit"), "off");
}
