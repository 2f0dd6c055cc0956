//! Google Merchant Center feeds of a public shop: products with their price, and the local
//! inventory, of the products with a real picture; parsed as XML and checked field by field.

use reqwest::header::{ETAG, IF_NONE_MATCH};
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};
use crate::photos::{picture, upload};

const G: &str = "http://base.google.com/ns/1.0";

pub(crate) async fn feed(app: &TestApp, id: i64, file: &str) -> (u16, String, String) {
    let reply = app.get(&format!("/feeds/{id}/{file}")).await;
    let status = reply.status().as_u16();
    let etag = reply
        .headers()
        .get(ETAG)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, etag, reply.text().await.unwrap())
}

/// Each item as (field → text), `g:` fields under their local name prefixed with "g:".
pub(crate) fn items(xml: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    let doc = roxmltree::Document::parse(xml).expect("well-formed XML");
    let rss = doc.root_element();
    assert_eq!(rss.tag_name().name(), "rss");
    assert_eq!(rss.attribute("version"), Some("2.0"));
    doc.descendants()
        .filter(|n| n.has_tag_name("item"))
        .map(|item| {
            item.children()
                .filter(|c| c.is_element())
                .map(|c| {
                    let name = match c.tag_name().namespace() {
                        Some(G) => format!("g:{}", c.tag_name().name()),
                        _ => c.tag_name().name().to_owned(),
                    };
                    (name, c.text().unwrap_or_default().to_owned())
                })
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn a_public_shop_has_merchant_feeds_of_its_priced_products() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let add = |body: Value| {
        let anna = &anna;
        async move {
            let reply = anna.post("/api/products", body).await;
            assert_eq!(reply.status(), 201);
            reply.json::<Value>().await.unwrap()
        }
    };
    let colla = add(json!({"name": "Colla C2TE S1 <grigia> & bianca 25 kg", "price": 12.5,
        "brand": "Mapei", "sku": "KER-25", "ean": "4006381333931", "description": "Adesivo cementizio."}))
    .await;
    let sabbia =
        add(json!({"name": "Sabbia fine 25 kg", "price": 3, "ean": "1234", "in_stock": false}))
            .await;
    add(json!({"name": "Trasporto in cantiere (prezzo su richiesta)"})).await;
    // Priced, but only a drawn picture: Google refuses placeholders.
    add(json!({"name": "Secchio muratore 12 l", "price": 4.5})).await;
    for product in [&colla, &sabbia] {
        let id = product["id"].as_i64().unwrap();
        let jpeg = picture(900, 700, image::ImageFormat::Jpeg);
        assert_eq!(upload(&anna, id, "foto.jpg", jpeg).await.status(), 201);
    }
    anna.images_settled().await;

    let (status, etag, xml) = feed(&app, anna.id, "google-products.xml").await;
    assert_eq!(status, 200, "{xml}");
    let items = items(&xml);
    assert_eq!(
        items.len(),
        2,
        "only products with a price and a real picture: {xml}"
    );
    let me: Value = anna.get("/api/stores/me").await.json().await.unwrap();
    assert_eq!(me["products_without_picture"], 1, "{me}");
    let first = &items[0];
    assert_eq!(first["g:id"], "KER-25");
    assert_eq!(first["title"], "Colla C2TE S1 <grigia> & bianca 25 kg");
    assert_eq!(first["description"], "Adesivo cementizio.");
    assert_eq!(
        first["link"],
        format!(
            "{}/product/{}/negozio-anna/{}/{}",
            app.url,
            anna.id,
            colla["id"],
            colla["slug"].as_str().unwrap()
        )
    );
    assert!(
        first["g:image_link"].starts_with(&format!("{}/media/", app.url)),
        "{first:?}"
    );
    assert!(
        first["g:image_link"].ends_with(".jpg"),
        "the owner's photo: {first:?}"
    );
    assert_eq!(first["g:price"], "12.50 EUR");
    assert_eq!(first["g:availability"], "in_stock");
    assert_eq!(first["g:brand"], "Mapei");
    assert_eq!(first["g:gtin"], "4006381333931");
    assert!(
        !first.contains_key("g:mpn"),
        "the shop's SKU is no manufacturer part number"
    );
    assert_eq!(first["g:condition"], "new");
    let second = &items[1];
    assert_eq!(
        second["g:id"],
        sabbia["id"].to_string(),
        "no SKU: the product's id"
    );
    assert_eq!(second["g:price"], "3.00 EUR");
    assert_eq!(second["g:availability"], "out_of_stock");
    assert!(!second.contains_key("g:gtin"), "an invalid EAN is no GTIN");
    assert_eq!(second["g:identifier_exists"], "no");

    let (status, _, xml) = feed(&app, anna.id, "google-local-inventory.xml").await;
    assert_eq!(status, 200);
    let local = self::items(&xml);
    assert_eq!(local.len(), 2);
    assert_eq!(local[0]["g:store_code"], anna.id.to_string());
    assert_eq!(local[0]["g:id"], "KER-25");
    assert_eq!(local[0]["g:price"], "12.50 EUR");
    assert_eq!(local[1]["g:availability"], "out_of_stock");

    // An unchanged shop answers 304 to Google's next fetch; a change gives a new feed.
    let again = reqwest::Client::new()
        .get(format!("{}/feeds/{}/google-products.xml", app.url, anna.id))
        .header(IF_NONE_MATCH, &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    let reply = anna
        .put(
            &format!("/api/products/{}", colla["id"]),
            json!({"price": 13}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let (status, changed, xml) = feed(&app, anna.id, "google-products.xml").await;
    assert_eq!(status, 200);
    assert_ne!(changed, etag);
    assert_eq!(self::items(&xml)[0]["g:price"], "13.00 EUR");

    // The account panel's count follows the catalogue (it is kept per shop version).
    let without = || async { anna.me().await["products_without_picture"].clone() };
    assert_eq!(without().await, 1);
    let carriola = add(json!({"name": "Carriola 90 l", "price": 59})).await;
    assert_eq!(without().await, 2);
    let products = anna.products().await;
    let secchio = products
        .iter()
        .find(|p| p["name"] == "Secchio muratore 12 l")
        .unwrap();
    let jpeg = picture(900, 700, image::ImageFormat::Jpeg);
    let id = secchio["id"].as_i64().unwrap();
    assert_eq!(upload(&anna, id, "foto.jpg", jpeg).await.status(), 201);
    anna.images_settled().await;
    assert_eq!(without().await, 1, "the bucket's photo counts");
    let reply = anna
        .delete(&format!("/api/products/{}", carriola["id"]))
        .await;
    assert!(reply.status().is_success(), "{}", reply.status());
    assert_eq!(without().await, 0);
}

#[tokio::test]
async fn feeds_exist_only_for_public_shops() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    anna.add_product("Cemento 32,5 R 25 kg").await;
    // Registered, e-mail not confirmed: not public.
    let reply = app.register("bruno@edilizia.it", "Edilizia Bruno").await;
    let bruno: Value = reply.json().await.unwrap();
    for path in [
        format!("/feeds/{}/google-products.xml", bruno["id"]),
        format!("/feeds/{}/altro.xml", anna.id),
        "/feeds/abc/google-products.xml".to_owned(),
        "/feeds/999999/google-local-inventory.xml".to_owned(),
    ] {
        assert_eq!(app.get(&path).await.status(), 404, "{path}");
    }
}

/// Status, `Content-Encoding`, ETag and body size of `path` asked with `Accept-Encoding:
/// encoding` (and `If-None-Match: etag` when given), the body as sent.
async fn sent(
    app: &TestApp,
    path: &str,
    encoding: &str,
    etag: Option<&str>,
) -> (u16, String, String, usize) {
    let mut request = reqwest::Client::new()
        .get(format!("{}{path}", app.url))
        .header(reqwest::header::ACCEPT_ENCODING, encoding);
    if let Some(etag) = etag {
        request = request.header(IF_NONE_MATCH, etag);
    }
    let reply = request.send().await.unwrap();
    let header = |name| {
        reply
            .headers()
            .get(name)
            .map(|v: &reqwest::header::HeaderValue| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    };
    let (status, coding, tag) = (
        reply.status().as_u16(),
        header(reqwest::header::CONTENT_ENCODING),
        header(ETAG),
    );
    (status, coding, tag, reply.bytes().await.unwrap().len())
}

#[tokio::test]
async fn feeds_and_sitemaps_are_sent_compressed_with_an_etag() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    for i in 0..40 {
        anna.add_product(&format!("Cemento 32,5 R 25 kg lotto {i}"))
            .await;
    }
    // The pictures are drawn in the background, and each batch moves the shop's version.
    anna.images_settled().await;
    for path in [
        format!("/feeds/{}/google-products.xml", anna.id),
        "/sitemap.xml".to_owned(),
        "/sitemaps/shops.xml".to_owned(),
        "/sitemaps/products-1.xml".to_owned(),
    ] {
        let (status, coding, etag, plain) = sent(&app, &path, "identity", None).await;
        assert_eq!((status, coding.as_str()), (200, ""), "{path}");
        assert!(
            etag.starts_with("W/\""),
            "{path}: a weak ETag, got {etag:?}"
        );
        for encoding in ["gzip", "br"] {
            let (status, coding, same, size) = sent(&app, &path, encoding, None).await;
            assert_eq!((status, coding.as_str()), (200, encoding), "{path}");
            assert_eq!(same, etag, "{path}: one version, one tag");
            if plain > 2_000 {
                assert!(
                    size * 3 < plain,
                    "{path}: {encoding} {size} of {plain} bytes"
                );
            }
        }
        let (status, _, _, size) = sent(&app, &path, "gzip", Some(&etag)).await;
        assert_eq!(
            (status, size),
            (304, 0),
            "{path}: the crawler's copy is current"
        );
    }
}
