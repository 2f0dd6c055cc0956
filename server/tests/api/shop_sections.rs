//! A shop's category and brand pages, and a catalogue a crawler reaches through links alone:
//! every product within five clicks of the shop page, no sitemap needed.

use std::collections::{HashMap, HashSet, VecDeque};

use domain::Price;
use domain::ProductFields;
use reqwest::redirect::Policy;
use reqwest::Client;
use time::OffsetDateTime;
use vetrina::services::products::{insert_rows, ProductData};

use crate::catalogue::fields;
use crate::helpers::{spawn_app, Shop, TestApp};

fn no_redirects() -> Client {
    Client::builder().redirect(Policy::none()).build().unwrap()
}

async fn fetch(app: &TestApp, path: &str) -> (u16, String, String) {
    let reply = no_redirects()
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .unwrap();
    let status = reply.status().as_u16();
    let location = reply
        .headers()
        .get("location")
        .map(|l| l.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, location, reply.text().await.unwrap())
}

fn item(name: String, category: Option<&str>, brand: Option<&str>) -> ProductData {
    ProductData::new(ProductFields {
        price: Some(Price::from_cents(1_290).expect("price")),
        category: category.map(str::to_owned),
        brand: brand.map(str::to_owned),
        ..fields(&name)
    })
}

/// A shop of `n` products: 40 % of them in one large category, the rest spread over five
/// smaller ones and some without a category; four brands, a seventh of the products without.
/// Returns the shop and its page's path.
async fn catalogue_shop(app: &TestApp, email: &str, n: usize) -> (Shop, String) {
    const SMALL: [&str; 5] = [
        "Ferramenta",
        "Pitture e vernici",
        "Elettricità",
        "Idraulica",
        "Utensili manuali",
    ];
    const BRANDS: [&str; 4] = ["Bosch", "Fischer", "Würth", "Beta Utensili"];
    let shop = app.shop(email).await;
    let items = (0..n)
        .map(|i| {
            let category = match i % 10 {
                0..=3 => Some("Utensili elettrici"),
                9 => None,
                k => Some(SMALL[k - 4]),
            };
            let brand = (i % 7 != 0).then(|| BRANDS[i % BRANDS.len()]);
            item(format!("Articolo {i} da 8 mm"), category, brand)
        })
        .collect();
    insert_rows(&app.db, shop.id, items, OffsetDateTime::now_utc())
        .await
        .expect("insert");
    let slug = shop.me().await["slug"].as_str().expect("slug").to_owned();
    let base = format!("/store/{}/{slug}", shop.id);
    (shop, base)
}

fn canonical(html: &str) -> &str {
    html.split("<link rel=\"canonical\" href=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("canonical")
}

fn title(html: &str) -> &str {
    html.split("<title>")
        .nth(1)
        .and_then(|rest| rest.split("</title>").next())
        .expect("title")
}

/// The paths of the page's links (`href="/…"`), entities decoded.
fn links(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|href| href.starts_with('/'))
        .map(|href| href.replace("&amp;", "&"))
        .collect()
}

#[tokio::test]
async fn a_category_and_a_brand_are_pages_of_their_own_and_an_unknown_one_is_a_404() {
    let app = spawn_app().await;
    let (shop, base) = catalogue_shop(&app, "sezioni@example.it", 300).await;

    // The old query form leads to the category's own path, the rest of the query kept.
    let (status, location, _) =
        fetch(&app, &format!("{base}?category=Elettricit%C3%A0&page=2")).await;
    assert_eq!(status, 301);
    assert_eq!(location, format!("{base}/c/elettricita?page=2"));

    let (status, _, html) = fetch(&app, &format!("{base}/c/elettricita")).await;
    assert_eq!(status, 200);
    assert!(canonical(&html).ends_with(&format!("{base}/c/elettricita")));
    assert!(
        title(&html).starts_with("Elettricità — "),
        "{}",
        title(&html)
    );
    assert!(html.contains("\"BreadcrumbList\""));
    let products: HashSet<String> = links(&html)
        .into_iter()
        .filter(|l| l.starts_with("/product/"))
        .collect();
    assert_eq!(products.len(), 24, "a page of 24 products");

    // Each category and brand the shop has is linked from the shop page; none other.
    let (_, _, shop_html) = fetch(&app, &base).await;
    let sections: HashSet<String> = links(&shop_html)
        .into_iter()
        .filter(|l| l.contains("/c/") || l.contains("/b/"))
        .collect();
    let expected: HashSet<String> = [
        "c/elettricita",
        "c/ferramenta",
        "c/idraulica",
        "c/pitture-e-vernici",
        "c/utensili-elettrici",
        "c/utensili-manuali",
        "b/beta-utensili",
        "b/bosch",
        "b/fischer",
        "b/wurth",
    ]
    .iter()
    .map(|s| format!("{base}/{s}"))
    .collect();
    assert_eq!(sections, expected);

    let (status, _, html) = fetch(&app, &format!("{base}/b/wurth?page=2")).await;
    assert_eq!(status, 200);
    assert!(title(&html).starts_with("Würth — "), "{}", title(&html));
    let page_two = links(&html)
        .into_iter()
        .filter(|l| l.starts_with("/product/"))
        .count();
    assert!(page_two > 0);

    // Unknown sections are real 404s, in either form; a page past the last goes to the last.
    for path in [
        format!("{base}/c/non-esiste"),
        format!("{base}/c/Ferramenta"),
        format!("{base}/c/ferramenta-"),
        format!("{base}?category=NonEsiste"),
        format!("{base}/b/nessuna"),
        format!("{base}?brand=Nessuna"),
    ] {
        let (status, _, html) = fetch(&app, &path).await;
        assert_eq!(status, 404, "{path}");
        assert!(html.contains("Sezione non trovata"), "{path}");
        assert!(html.contains("noindex"), "{path}");
    }
    let (status, _, _) = fetch(&app, &format!("{base}/x/ferramenta")).await;
    assert_eq!(status, 404);
    let (status, location, _) = fetch(&app, &format!("{base}/c/ferramenta?page=99")).await;
    assert_eq!(status, 301);
    assert_eq!(location, format!("{base}/c/ferramenta?page=2"));

    // `/store/{id}/` reaches the shop in one redirect.
    let (status, location, _) = fetch(&app, &format!("/store/{}/", shop.id)).await;
    assert_eq!(status, 301);
    assert_eq!(location, base);
}

#[tokio::test]
async fn a_product_page_links_its_category_its_brand_and_its_neighbours() {
    let app = spawn_app().await;
    let (_, base) = catalogue_shop(&app, "vicini@example.it", 60).await;
    let (_, _, html) = fetch(&app, &format!("{base}/c/utensili-elettrici")).await;
    let first = links(&html)
        .into_iter()
        .find(|l| l.starts_with("/product/"))
        .expect("a product");
    let (status, _, html) = fetch(&app, &first).await;
    assert_eq!(status, 200);
    let found = links(&html);
    assert!(found.contains(&format!("{base}/c/utensili-elettrici")));
    let brand_link = found.iter().any(|l| l.starts_with(&format!("{base}/b/")));
    assert!(brand_link, "the brand's page is linked");
    let neighbours: HashSet<&String> = found
        .iter()
        .filter(|l| l.starts_with("/product/") && **l != first)
        .collect();
    assert!(neighbours.len() >= 4, "{neighbours:?}");
    // The offer's seller is the shop page's store.
    let seller = html.split("\"seller\":").nth(1).expect("seller");
    assert!(seller.contains("#negozio"), "{}", &seller[..200]);
}

/// Depth of every product from the shop page, following only the links of listing pages
/// (the shop's pages, its categories' and brands'): what a crawler without the sitemap sees.
/// A product page's own links can only make a product nearer.
async fn crawl(app: &TestApp, start: &str) -> HashMap<String, usize> {
    let shop_prefix = start.to_owned();
    let mut seen = HashSet::from([start.to_owned()]);
    let mut queue = VecDeque::from([(start.to_owned(), 0usize)]);
    let mut products = HashMap::new();
    while let Some((path, depth)) = queue.pop_front() {
        let (status, _, html) = fetch(app, &path).await;
        assert_eq!(status, 200, "{path}");
        for link in links(&html) {
            if link.starts_with("/product/") {
                products.entry(link).or_insert(depth + 1);
            } else if link.starts_with(&shop_prefix) && seen.insert(link.clone()) {
                queue.push_back((link, depth + 1));
            }
        }
    }
    products
}

#[tokio::test]
async fn every_product_is_within_five_clicks_of_the_shop_page() {
    let app = spawn_app().await;
    let n: usize = std::env::var("VETRINA_CRAWL_PRODUCTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000);
    let (_, base) = catalogue_shop(&app, "crawl@example.it", n).await;
    let depths = crawl(&app, &base).await;
    let deepest = depths.values().copied().max().unwrap_or_default();
    let mut histogram = [0usize; 8];
    for depth in depths.values() {
        histogram[(*depth).min(7)] += 1;
    }
    eprintln!(
        "{n} products: found {}, clicks → products {histogram:?}",
        depths.len()
    );
    assert_eq!(depths.len(), n, "every product is linked");
    assert!(deepest <= 5, "deepest product {deepest} clicks away");
}
