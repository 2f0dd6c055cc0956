//! `GET /api/products/export`: the documented CSV (docs/product/routes.md), streamed in batches, the owner's products
//! only, one export per shop at a time.

use axum::body::Body;
use axum::http::Request;
use domain::{Price, ProductFields};
use reqwest::header;
use sea_orm::EntityTrait;
use tower::ServiceExt;
use vetrina::services::products::{insert_rows, ProductData};

use crate::helpers::{error_of, spawn_app, Shop, TestApp};

const EXPORT: &str = "/api/products/export";
const HEADER: [&str; 6] = [
    "name",
    "price",
    "description",
    "brand",
    "category",
    "in_stock",
];

fn fields(name: &str) -> ProductFields {
    ProductFields {
        name: name.to_owned(),
        price: Some(Price::from_cents(990).unwrap()),
        description: None,
        category: None,
        brand: None,
        image_url: None,
        availability: domain::Availability::from_shelf(true),
        sku: None,
        ean: None,
        image_name: None,
        variants: Vec::new(),
    }
}

fn product(name: &str) -> ProductData {
    ProductData::new(fields(name))
}

async fn insert(app: &TestApp, shop: &Shop, items: Vec<ProductData>) {
    insert_rows(&app.db, shop.id, items, time::OffsetDateTime::now_utc())
        .await
        .unwrap();
}

/// The body read back with the `csv` crate, after checking and removing the BOM.
fn records(body: &[u8]) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::str::from_utf8(body).unwrap();
    let text = text.strip_prefix('\u{feff}').expect("UTF-8 BOM first");
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    (headers, rows)
}

#[tokio::test]
async fn the_export_is_the_spec_csv_newest_first_with_the_shops_own_products() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    // One by one, so the ids follow this order; Bruno's product lands between Anna's.
    insert(
        &app,
        &anna,
        vec![ProductData::new(ProductFields {
            price: Some(Price::from_cents(1250).unwrap()),
            description: Some("Riga uno\nriga due\r\nriga tre".into()),
            brand: Some("Acme; Spa".into()),
            category: Some("Idraulica".into()),
            ..fields("Tubo 1/2\" zincato")
        })],
    )
    .await;
    insert(&app, &bruno, vec![product("Prodotto di Bruno")]).await;
    insert(
        &app,
        &anna,
        vec![ProductData::new(ProductFields {
            price: None,
            availability: domain::Availability::from_shelf(false),
            brand: Some("@Marca".into()),
            ..fields("=HYPERLINK(\"http://evil.it\";\"clic\")")
        })],
    )
    .await;
    insert(
        &app,
        &anna,
        vec![ProductData::new(ProductFields {
            price: Some(Price::from_cents(690).unwrap()),
            description: Some("Sacco \"grande\"; 25 kg\r-5% in cantiere".into()),
            category: Some("Cementi, malte e intonaci".into()),
            ..fields("Cemento Portland 32,5 R")
        })],
    )
    .await;
    insert(&app, &anna, vec![product("-20% sconto piastrelle")]).await;

    let reply = anna.get(EXPORT).await;
    assert_eq!(reply.status(), 200);
    let headers = reply.headers().clone();
    assert_eq!(headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    assert_eq!(headers[header::CACHE_CONTROL], "no-store");
    assert_eq!(headers["x-total-count"], "4");
    let disposition = headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    let date = disposition
        .strip_prefix("attachment; filename=\"prodotti_negozio-anna_")
        .and_then(|rest| rest.strip_suffix(".csv\""))
        .unwrap_or_else(|| panic!("file name: {disposition}"));
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let date = time::Date::parse(date, format).unwrap();
    let today = time::OffsetDateTime::now_utc().date();
    assert!(
        date == today || date == today.next_day().unwrap(),
        "the date in Italy: {date}"
    );

    let body = reply.bytes().await.unwrap();
    let text = std::str::from_utf8(&body).unwrap();
    assert!(text.starts_with("\u{feff}name;price;description;brand;category;in_stock\r\n"));
    assert!(
        text.ends_with("\"Tubo 1/2\"\" zincato\";\"12,50\";\"Riga uno riga due riga tre\";\"Acme; Spa\";\"Idraulica\";\"si\"\r\n"),
        "the oldest product last, byte for byte: {text}"
    );
    let (columns, rows) = records(&body);
    assert_eq!(columns, HEADER);
    let expected = [
        ["'-20% sconto piastrelle", "9,90", "", "", "", "si"],
        [
            "Cemento Portland 32,5 R",
            "6,90",
            "Sacco \"grande\"; 25 kg -5% in cantiere",
            "",
            "Cementi, malte e intonaci",
            "si",
        ],
        [
            "'=HYPERLINK(\"http://evil.it\";\"clic\")",
            "0",
            "",
            "'@Marca",
            "",
            "no",
        ],
        [
            "Tubo 1/2\" zincato",
            "12,50",
            "Riga uno riga due riga tre",
            "Acme; Spa",
            "Idraulica",
            "si",
        ],
    ];
    assert_eq!(rows, expected.map(|r| r.map(str::to_owned).to_vec()));
    assert!(
        !text.contains("Bruno"),
        "another shop's products never appear"
    );

    // Bruno's export holds his product only.
    let (_, rows) = records(&bruno.get(EXPORT).await.bytes().await.unwrap());
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0][0], "Prodotto di Bruno");

    // HEAD: the figures without the file, and it leaves no export running.
    let head = anna
        .client
        .head(format!("{}{EXPORT}", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["x-total-count"], "4");
    assert!(head.bytes().await.unwrap().is_empty());
    assert_eq!(anna.get(EXPORT).await.status(), 200);
}

#[tokio::test]
async fn anonymous_is_refused_and_an_empty_shop_has_nothing_to_export() {
    let app = spawn_app().await;
    let error = error_of(app.get(EXPORT).await, 401).await;
    assert_eq!(error["code"], "unauthorized");

    let carla = app.shop("carla@colori.it").await;
    let error = error_of(carla.get(EXPORT).await, 404).await;
    assert_eq!(error["error"], "Nessun prodotto da esportare");
    assert_eq!(error["code"], "not_found");
    // The empty shop's 404 frees the slot: the next attempt is answered the same way.
    error_of(carla.get(EXPORT).await, 404).await;
}

/// Batches of 1,000: a shop of exactly two batches, then one more product, with another
/// shop's rows between them; every product once, newest first.
#[tokio::test]
async fn thousands_of_products_cross_the_batches_whole_and_in_order() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    let names = |from: usize, to: usize| -> Vec<ProductData> {
        (from..to)
            .map(|i| product(&format!("Prodotto {i:05}")))
            .collect()
    };
    insert(&app, &anna, names(0, 1000)).await;
    insert(
        &app,
        &bruno,
        (0..37).map(|i| product(&format!("Bruno {i}"))).collect(),
    )
    .await;
    insert(&app, &anna, names(1000, 2000)).await;

    for total in [2000, 2001] {
        if total == 2001 {
            insert(&app, &anna, names(2000, 2001)).await;
        }
        let reply = anna.get(EXPORT).await;
        assert_eq!(reply.status(), 200);
        assert_eq!(reply.headers()["x-total-count"], total.to_string().as_str());
        let (_, rows) = records(&reply.bytes().await.unwrap());
        let got: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
        let want: Vec<String> = (0..total)
            .rev()
            .map(|i| format!("Prodotto {i:05}"))
            .collect();
        assert_eq!(got, want, "{total} products, each once, newest first");
    }
}

/// A second export of a shop while its first is still being sent is refused with 429;
/// other shops are not held up, and the shop is free again once the first body is gone.
#[tokio::test]
async fn one_export_at_a_time_per_shop() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    insert(&app, &anna, vec![product("Cemento")]).await;
    insert(&app, &bruno, vec![product("Sabbia")]).await;

    // The first export through the app itself, its body left unread: still being sent.
    let owner = entities::store::Entity::find_by_id(anna.id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .user_id;
    let token = vetrina::services::sessions::create(&app.db, owner)
        .await
        .unwrap();
    let request = Request::get(EXPORT)
        .header(
            header::COOKIE,
            format!("{}={token}", vetrina::auth::cookie::NAME),
        )
        .body(Body::empty())
        .unwrap();
    let first = vetrina::router(app.state.clone())
        .oneshot(request)
        .await
        .unwrap();
    assert_eq!(first.status(), 200);

    let second = anna.get(EXPORT).await;
    assert_eq!(second.headers()[header::RETRY_AFTER], "10");
    let error = error_of(second, 429).await;
    assert_eq!(
        error["error"],
        "È già in corso un'esportazione del catalogo. Attendi che finisca e riprova."
    );
    assert_eq!(error["code"], "rate_limited");
    assert_eq!(bruno.get(EXPORT).await.status(), 200, "another shop");

    drop(first);
    let third = anna.get(EXPORT).await;
    assert_eq!(third.status(), 200);
    let (_, rows) = records(&third.bytes().await.unwrap());
    assert_eq!(rows, [["Cemento", "9,90", "", "", "", "si"]]);
}

/// The export imported again into the same shop, as the wizard proposes it, changes
/// nothing: every product is found again (by its code, or by name and brand without one)
/// and keeps its price, texts, availability and codes.
#[tokio::test]
async fn the_export_imported_again_reproduces_the_catalogue() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    vetrina::services::stores::set_plan(
        &app.db,
        "anna@ferramenta.it",
        domain::plan::Plan::Business,
    )
    .await
    .unwrap();
    insert(
        &app,
        &anna,
        vec![
            ProductData::new(ProductFields {
                price: Some(Price::from_cents(123_450).unwrap()),
                description: Some(
                    "Betoniera a bicchiere da 160 litri; motore 650 W, \"silenziosa\".".into(),
                ),
                brand: Some("Imer".into()),
                category: Some("Attrezzature da cantiere".into()),
                sku: Some("IM-160".into()),
                ean: Some("8001234567897".into()),
                ..fields("Betoniera 160 l")
            }),
            ProductData::new(ProductFields {
                price: Some(Price::from_cents(5).unwrap()),
                availability: domain::Availability::from_shelf(false),
                brand: Some("Fischer".into()),
                category: Some("Ferramenta e fissaggi".into()),
                description: Some(
                    "Tassello in nylon per muratura piena e forata, confezione da 100 pezzi."
                        .into(),
                ),
                ..fields("Tassello SX 6x30")
            }),
            ProductData::new(ProductFields {
                price: Some(Price::from_cents(690).unwrap()),
                description: Some(
                    "Cemento grigio per getti, massetti e intonaci, sacco da 25 kg.".into(),
                ),
                sku: Some("CEM-325".into()),
                ..fields("Cemento Portland 32,5 R")
            }),
        ],
    )
    .await;
    let before = catalogue(&app, &anna).await;

    let exported = anna.get(EXPORT).await.bytes().await.unwrap().to_vec();
    let text = std::str::from_utf8(&exported).unwrap();
    assert!(text.contains("\"1234,50\""), "{text}");
    assert!(text.starts_with("\u{feff}name;price;description;brand;category;in_stock;sku;ean\r\n"));
    let (status, body) = crate::import::import_file(&anna, exported, "prodotti.csv").await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    assert_eq!(catalogue(&app, &anna).await, before);
}

/// What a product is, as the owner sees it (ids and dates aside).
async fn catalogue(
    app: &TestApp,
    shop: &Shop,
) -> Vec<(
    String,
    Option<i64>,
    Option<String>,
    Option<String>,
    Option<String>,
    bool,
    Option<String>,
    Option<String>,
)> {
    use sea_orm::{ColumnTrait, QueryFilter, QueryOrder};
    entities::product::Entity::find()
        .filter(entities::product::Column::StoreId.eq(shop.id))
        .order_by_asc(entities::product::Column::Id)
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|p| {
            (
                p.name,
                p.price.map(Price::cents),
                p.description,
                p.brand,
                p.category,
                p.in_stock,
                p.sku,
                p.ean,
            )
        })
        .collect()
}
