use reqwest::redirect::Policy;
use reqwest::Client;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

fn no_redirects() -> Client {
    Client::builder().redirect(Policy::none()).build().unwrap()
}

/// The JSON-LD blocks of a page, parsed.
pub(crate) fn json_ld(html: &str) -> Vec<Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .filter_map(|rest| rest.split("</script>").next())
        .map(|block| serde_json::from_str(block).expect("valid JSON-LD"))
        .collect()
}

fn canonicals(html: &str) -> Vec<String> {
    html.split("<link rel=\"canonical\" href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect()
}

/// A product's canonical path, from its shop (`/api/stores/me`) and itself.
fn product_path(store: &Value, product: &Value) -> String {
    format!(
        "/product/{}/{}/{}/{}",
        store["id"],
        store["slug"].as_str().unwrap(),
        product["id"],
        product["slug"].as_str().unwrap()
    )
}

/// The props a page embeds for hydration.
fn page_data(html: &str) -> Value {
    let data = html
        .split("<script type=\"application/json\" id=\"__DATA__\">")
        .nth(1)
        .expect("page data")
        .split("</script>")
        .next()
        .unwrap();
    serde_json::from_str(data).unwrap()
}

async fn demo_product(app: &TestApp, name: &str) -> (crate::helpers::Shop, Value) {
    let anna = app.shop("anna@ferramenta.it").await;
    let product = anna
        .post(
            "/api/products",
            json!({"name": name, "price": 12.5, "brand": "Mapei", "category": "Adesivi",
                                      "description": "Adesivo cementizio per piastrelle.", "ean": "0801234567890"}),
        )
        .await
        .json::<Value>()
        .await
        .unwrap();
    anna.images_settled().await;
    (anna, product)
}

#[tokio::test]
async fn a_product_page_has_canonical_json_ld_and_a_real_status() {
    let app = spawn_app().await;
    let (anna, product) = demo_product(&app, "Adesivo Keraflex Maxi S1 25 kg").await;
    let store: Value = anna.me().await;
    let path = product_path(&store, &product);
    let reply = app.get(&path).await;
    assert_eq!(reply.status(), 200);
    assert!(reply.headers().get("etag").is_some());
    let html = reply.text().await.unwrap();
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"it\">"));
    assert_eq!(canonicals(&html), vec![format!("{}{path}", app.url)]);
    assert!(html.contains("Adesivo Keraflex Maxi S1 25 kg"));
    assert!(html.contains("12,50"), "price with 2 decimals");
    let blocks = json_ld(&html);
    let product_ld = blocks
        .iter()
        .find(|b| b["@type"] == "Product")
        .expect("Product JSON-LD");
    assert_eq!(product_ld["name"], "Adesivo Keraflex Maxi S1 25 kg");
    assert_eq!(product_ld["brand"]["name"], "Mapei");
    assert_eq!(product_ld["offers"]["price"], "12.50");
    assert_eq!(product_ld["offers"]["priceCurrency"], "EUR");
    assert_eq!(
        product_ld["offers"]["availability"],
        "https://schema.org/InStock"
    );
    // No photo: the drawn picture is the link preview's, never the product's for Google.
    assert!(
        product_ld.get("image").is_none(),
        "a placeholder offered as the picture: {product_ld}"
    );
    assert!(
        html.contains("property=\"og:image\""),
        "the preview keeps its card"
    );
    // The facts of the line, as a table.
    let table = &html[html.find("data-attributes").expect("attributes table")..];
    let table = &table[..table.find("</dl>").unwrap()];
    assert!(table.contains("Peso") && table.contains("25 kg"), "{table}");
    assert!(blocks.iter().any(|b| b["@type"] == "BreadcrumbList"));
}

#[tokio::test]
async fn wrong_slugs_redirect_permanently_and_unknown_ids_are_404() {
    let app = spawn_app().await;
    let (anna, product) = demo_product(&app, "Sabbia fine 25 kg").await;
    let slug = anna.me().await["slug"].as_str().unwrap().to_owned();
    let canonical = format!(
        "/product/{}/{slug}/{}/sabbia-fine-25-kg",
        anna.id, product["id"]
    );
    for old in [
        format!(
            "/product/{}/vecchio-nome/{}/sabbia-fine-25-kg",
            anna.id, product["id"]
        ),
        format!("/product/{}/{slug}/{}/altro", anna.id, product["id"]),
        format!("/product/{}/{slug}/{}", anna.id, product["id"]),
        // Slugs no name makes (capitals, a doubled or trailing hyphen): the same answer.
        format!(
            "/product/{}/{slug}/{}/Sabbia-Fine-25-KG",
            anna.id, product["id"]
        ),
        format!(
            "/product/{}/{slug}/{}/sabbia--fine-",
            anna.id, product["id"]
        ),
        format!(
            "/product/{}/{}/{}/sabbia-fine-25-kg",
            anna.id,
            slug.to_uppercase(),
            product["id"]
        ),
    ] {
        let reply = no_redirects()
            .get(format!("{}{old}", app.url))
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), 301, "{old}");
        assert_eq!(reply.headers()["location"], canonical.as_str());
    }
    for old in ["sbagliato", "Sbagliato", "-sbagliato"] {
        let reply = no_redirects()
            .get(format!("{}/store/{}/{old}", app.url, anna.id))
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), 301, "{old}");
        assert_eq!(
            reply.headers()["location"],
            format!("/store/{}/{slug}", anna.id).as_str()
        );
    }

    let missing = app
        .get(&format!("/product/{}/{slug}/999999/niente", anna.id))
        .await;
    assert_eq!(missing.status(), 404);
    assert!(missing
        .text()
        .await
        .unwrap()
        .contains("Prodotto non trovato"));
    let missing = app.get("/store/999999/niente").await;
    assert_eq!(missing.status(), 404);
    assert!(missing
        .text()
        .await
        .unwrap()
        .contains("Negozio non trovato."));
    let missing = app.get("/una/pagina/che/non/esiste").await;
    assert_eq!(missing.status(), 404);
    let html = missing.text().await.unwrap();
    assert!(html.contains("Pagina non trovata"));
    assert!(html.contains("noindex"));
}

#[tokio::test]
async fn a_product_name_with_markup_is_text_everywhere() {
    let app = spawn_app().await;
    let (anna, product) = demo_product(&app, "</script><script>alert(1)</script>").await;
    let path = product_path(&anna.me().await, &product);
    let html = app.get(&path).await.text().await.unwrap();
    assert!(!html.contains("<script>alert(1)"), "markup injected");
    let props = page_data(&html);
    assert_eq!(
        props["product"]["name"],
        "</script><script>alert(1)</script>"
    );
    json_ld(&html);
}

#[tokio::test]
async fn the_shop_on_a_product_page_counts_its_products_after_each_change() {
    let app = spawn_app().await;
    let (anna, product) = demo_product(&app, "Stucco in polvere 5 kg").await;
    let path = product_path(&anna.me().await, &product);
    let count = || async {
        page_data(&app.get(&path).await.text().await.unwrap())["store"]["product_count"].clone()
    };
    assert_eq!(count().await, 1);
    // Asked twice at one version: the same count.
    assert_eq!(count().await, 1);

    let second = anna.add_product("Spatola inox 80 mm").await;
    anna.add_product("Frattazzo in spugna").await;
    assert_eq!(count().await, 3);

    anna.delete(&format!("/api/products/{}", second["id"]))
        .await;
    assert_eq!(count().await, 2);
}

#[tokio::test]
async fn an_edit_shows_at_the_next_request_and_etags_revalidate() {
    let app = spawn_app().await;
    let (anna, product) = demo_product(&app, "Gesso scagliola 5 kg").await;
    let store_path = format!(
        "/store/{}/{}",
        anna.id,
        anna.me().await["slug"].as_str().unwrap()
    );
    let first = app.get(&store_path).await;
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(first.text().await.unwrap().contains("Gesso scagliola 5 kg"));

    let again = Client::new()
        .get(format!("{}{store_path}", app.url))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    anna.put(
        &format!("/api/products/{}", product["id"]),
        json!({"name": "Gesso alabastrino 5 kg"}),
    )
    .await;
    let after = Client::new()
        .get(format!("{}{store_path}", app.url))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(after.status(), 200);
    let html = after.text().await.unwrap();
    assert!(html.contains("Gesso alabastrino 5 kg") && !html.contains("Gesso scagliola 5 kg"));
}

#[tokio::test]
async fn the_shop_page_is_a_hardware_store_and_lists_products_without_javascript() {
    let app = spawn_app().await;
    let (anna, product) = demo_product(&app, "Stucco in polvere 1 kg").await;
    let store = anna.me().await;
    let html = app
        .get(&format!(
            "/store/{}/{}",
            anna.id,
            store["slug"].as_str().unwrap()
        ))
        .await
        .text()
        .await
        .unwrap();
    let blocks = json_ld(&html);
    let shop = blocks
        .iter()
        .find(|b| b["@type"] == "HardwareStore")
        .expect("HardwareStore JSON-LD");
    assert_eq!(shop["name"], store["name"]);
    assert_eq!(shop["telephone"], store["telephone"]);
    assert!(shop["address"]["postalCode"] == "00118");
    let link = product_path(&store, &product);
    assert!(
        html.contains(&format!("href=\"{link}\"")),
        "product link in server HTML"
    );
}

#[tokio::test]
async fn sitemaps_and_robots_cover_every_shop_and_product() {
    let app = spawn_app().await;
    let (anna, product) = demo_product(&app, "Calce idrata 25 kg").await;
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(robots.contains(&format!("Sitemap: {}/sitemap.xml", app.url)));
    assert!(robots.contains("Disallow: /dashboard"));
    let index = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(index.contains("<sitemapindex"));
    assert!(index.contains(&format!("{}/sitemaps/shops.xml", app.url)));
    assert!(index.contains(&format!("{}/sitemaps/products-1.xml", app.url)));
    assert!(!index.contains("products-2.xml"));
    let slug = anna.me().await["slug"].as_str().unwrap().to_owned();
    let shops = app.get("/sitemaps/shops.xml").await.text().await.unwrap();
    assert!(shops.contains(&format!(
        "<loc>{}/store/{}/{slug}</loc><lastmod>",
        app.url, anna.id
    )));
    // Its category's and brand's pages too.
    for section in ["c/adesivi", "b/mapei"] {
        assert!(
            shops.contains(&format!(
                "<loc>{}/store/{}/{slug}/{section}</loc>",
                app.url, anna.id
            )),
            "{shops}"
        );
    }
    let products = app
        .get("/sitemaps/products-1.xml")
        .await
        .text()
        .await
        .unwrap();
    assert!(products.contains(&format!(
        "{}/product/{}/{slug}/{}/calce-idrata-25-kg</loc><lastmod>",
        app.url, anna.id, product["id"]
    )));
    assert_eq!(app.get("/sitemaps/products-2.xml").await.status(), 404);
}

#[tokio::test]
async fn owner_pages_are_client_side_and_not_indexed() {
    let app = spawn_app().await;
    for path in [
        "/login",
        "/dashboard",
        "/create",
        "/upload",
        "/email-verification/anna@x.it",
    ] {
        let reply = app.get(path).await;
        assert_eq!(reply.status(), 200, "{path}");
        assert_eq!(reply.headers()["x-robots-tag"], "noindex, nofollow");
        let html = reply.text().await.unwrap();
        assert!(html.contains("\"clientOnly\":true"), "{path}");
        assert!(html.contains("\"hasSession\":false"), "{path}: anonymous");
    }
    // With a session cookie the client asks for the current shop; without one it does not.
    let with_cookie = Client::new()
        .get(format!("{}/login", app.url))
        .header("cookie", format!("vetrina_session={}", "ab".repeat(32)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(with_cookie.contains("\"hasSession\":true"));
    for path in [
        "/",
        "/explore",
        "/pricing",
        "/contacts",
        "/faq",
        "/privacy",
        "/cookie",
    ] {
        let reply = app.get(path).await;
        assert_eq!(reply.status(), 200, "{path}");
        let html = reply.text().await.unwrap();
        assert_eq!(canonicals(&html).len(), 1, "{path}");
    }
    let landing = app.get("/").await.text().await.unwrap();
    assert!(json_ld(&landing).iter().any(|b| b["@type"] == "WebSite"));
}

/// Another instance sharing the database (or `vetrina shop set-plan`) changes a product:
/// this instance shows it once its copy of the shop row is a second old.
#[tokio::test]
async fn a_change_made_elsewhere_shows_within_a_second() {
    use sea_orm::{ConnectionTrait, Statement};
    let app = spawn_app().await;
    let (anna, product) = demo_product(&app, "Rete porta intonaco 1x50 m").await;
    let store_path = format!(
        "/store/{}/{}",
        anna.id,
        anna.me().await["slug"].as_str().unwrap()
    );
    assert!(app
        .get(&store_path)
        .await
        .text()
        .await
        .unwrap()
        .contains("Rete porta intonaco"));

    let backend = app.db.get_database_backend();
    for sql in [
        format!(
            "UPDATE products SET name = 'Rete in fibra di vetro 1x50 m' WHERE id = {}",
            product["id"]
        ),
        format!(
            "UPDATE stores SET content_version = content_version + 1 WHERE id = {}",
            anna.id
        ),
    ] {
        app.db
            .execute(Statement::from_string(backend, sql))
            .await
            .unwrap();
    }
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let html = app.get(&store_path).await.text().await.unwrap();
    assert!(html.contains("Rete in fibra di vetro") && !html.contains("Rete porta intonaco"));
}

#[tokio::test]
async fn pages_are_sent_gzipped_to_clients_that_accept_it() {
    use std::io::Read;
    let app = spawn_app().await;
    let (anna, _) = demo_product(&app, "Tassello in nylon 8 mm").await;
    let path = format!(
        "/store/{}/{}",
        anna.id,
        anna.me().await["slug"].as_str().unwrap()
    );
    let plain = app.get(&path).await;
    assert!(plain.headers().get("content-encoding").is_none());
    let plain_etag = plain.headers()["etag"].to_str().unwrap().to_owned();
    let plain_html = plain.text().await.unwrap();

    let client = Client::new();
    let zipped = client
        .get(format!("{}{path}", app.url))
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    assert_eq!(zipped.headers()["vary"], "accept-encoding");
    let etag = zipped.headers()["etag"].to_str().unwrap().to_owned();
    assert_ne!(etag, plain_etag, "each encoding has its own ETag");
    let bytes = zipped.bytes().await.unwrap();
    assert!(
        bytes.len() * 3 < plain_html.len(),
        "compressed {} of {}",
        bytes.len(),
        plain_html.len()
    );
    let mut html = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut html)
        .unwrap();
    assert_eq!(html, plain_html);

    let again = client
        .get(format!("{}{path}", app.url))
        .header("accept-encoding", "gzip")
        .header("if-none-match", &etag);
    assert_eq!(again.send().await.unwrap().status(), 304);
    let refused = client
        .get(format!("{}{path}", app.url))
        .header("accept-encoding", "gzip;q=0")
        .send()
        .await
        .unwrap();
    assert!(refused.headers().get("content-encoding").is_none());
}

fn title(html: &str) -> &str {
    html.split("<title>")
        .nth(1)
        .and_then(|rest| rest.split("</title>").next())
        .expect("a <title>")
}

/// The server renders what the browser will render for the same URL: the query the plan
/// cards read, and for an unknown URL the page the route table matches for that path.
#[tokio::test]
async fn the_server_renders_the_page_the_browser_matches_for_each_url() {
    let app = spawn_app().await;
    let annual = app.get("/pricing").await.text().await.unwrap();
    let monthly = app
        .get("/pricing?billing=monthly")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        annual.contains("line-through"),
        "annual shows the monthly price struck"
    );
    assert!(!monthly.contains("line-through"), "monthly prices");
    let landing_monthly = app.get("/?utm_source=x&billing=monthly").await;
    assert!(!landing_monthly
        .text()
        .await
        .unwrap()
        .contains("line-through"));
    for other in [
        "/pricing?billing=annual",
        "/pricing?x=1",
        "/pricing?billing=Monthly",
    ] {
        assert_eq!(
            app.get(other).await.text().await.unwrap(),
            annual,
            "{other}"
        );
    }

    // Two segments under /store, four under /product: the browser's table has no such
    // route, so both are the site's "Pagina non trovata", not the shop's or product's.
    for path in ["/store/abc", "/store/999999", "/product/1/x/abc"] {
        let reply = app.get(path).await;
        assert_eq!(reply.status(), 404, "{path}");
        let html = reply.text().await.unwrap();
        assert!(html.contains("Pagina non trovata"), "{path}");
        assert!(!html.contains("Negozio non trovato."), "{path}");
        assert!(!html.contains("Prodotto non trovato"), "{path}");
    }
    let reply = app.get("/store/abc/x").await;
    assert_eq!(reply.status(), 404);
    assert!(reply.text().await.unwrap().contains("Negozio non trovato."));
    let reply = app.get("/product/999/x/1/y").await;
    assert_eq!(reply.status(), 404);
    assert!(reply.text().await.unwrap().contains("Prodotto non trovato"));

    // What the browser's table still matches (trailing slash, capitals) is sent to its
    // tidy URL, keeping the query; never to another host.
    for (from, to) in [
        ("/explore/", "/explore"),
        ("/Pricing?billing=monthly", "/pricing?billing=monthly"),
        ("/email-verification/", "/email-verification"),
        ("//evil.example/", "/evil.example"),
    ] {
        let reply = no_redirects()
            .get(format!("{}{from}", app.url))
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), 301, "{from}");
        assert_eq!(reply.headers()["location"], to, "{from}");
    }
}

#[tokio::test]
async fn every_owner_and_account_page_has_its_own_title() {
    let app = spawn_app().await;
    let expected = [
        ("/login", "Accedi | Vetrina"),
        ("/auth", "Accedi per iniziare la prova | Vetrina"),
        ("/create", "Crea il tuo Negozio | Vetrina"),
        ("/verify-email?token=abc", "Verifica email | Vetrina"),
        (
            "/email-verification/anna@x.it",
            "Controlla la tua email | Vetrina",
        ),
        ("/email-verification", "Controlla la tua email | Vetrina"),
        ("/recupera-password", "Password dimenticata | Vetrina"),
        (
            "/reset-password?token=abc",
            "Reimposta la password | Vetrina",
        ),
        ("/dashboard", "Dashboard | Vetrina"),
        ("/upload", "Importa i tuoi prodotti | Vetrina"),
    ];
    for (path, want) in expected {
        let reply = app.get(path).await;
        assert_eq!(reply.status(), 200, "{path}");
        assert_eq!(reply.headers()["x-robots-tag"], "noindex, nofollow");
        let html = reply.text().await.unwrap();
        assert_eq!(title(&html), want, "{path}");
        assert!(html.contains("noindex"), "{path}");
    }
    // The page shows the address from its URL; the head, kept once per route, never names it.
    let html = app
        .get("/email-verification/anna@x.it")
        .await
        .text()
        .await
        .unwrap();
    let head = html.split("</head>").next().unwrap();
    assert!(!head.contains("anna@x.it"));
}

#[tokio::test]
async fn the_operator_given_at_start_is_named_on_the_legal_pages_and_in_the_footer() {
    let app = crate::helpers::spawn_app_with(|c| {
        c.operator = vetrina::config::Operator {
            name: "Edil Servizi S.r.l.".into(),
            address: Some("Via Garibaldi 8, 35031 Abano Terme (PD)".into()),
            vat_number: Some("01234567890".into()),
            email: "dpo@edilservizi.it".into(),
        };
    })
    .await;
    for path in ["/privacy", "/cookie"] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(
            html.contains(
                "Edil Servizi S.r.l., Via Garibaldi 8, 35031 Abano Terme (PD), P. IVA 01234567890"
            ),
            "{path}"
        );
        assert!(html.contains("mailto:dpo@edilservizi.it"), "{path}");
        assert!(!html.contains("da completare"), "{path}");
        assert!(
            html.contains("Ultimo aggiornamento: 26 novembre 2026"),
            "{path}"
        );
    }
    let home = app.get("/").await.text().await.unwrap();
    assert!(home.contains("Edil Servizi S.r.l. Tutti i diritti riservati."));
    assert!(home.contains("P. IVA 01234567890"));
}

/// The landing page's hero shows the demo shop's products with their pictures and follows an
/// edit of the demo shop; without a demo shop it shows its drawn preview.
#[tokio::test]
async fn the_landing_hero_shows_the_demo_shops_products_with_their_pictures() {
    use vetrina::services::{demo, product_images};
    let app = spawn_app().await;
    let without = app.get("/").await.text().await.unwrap();
    assert!(!without.contains("/media/products/"));
    let demo::Outcome::Created { store_id, .. } = demo::seed(&app.db).await.unwrap() else {
        panic!("the demo shop was already there");
    };
    product_images::complete(&app.state, store_id, 0)
        .await
        .unwrap();
    let landing = app.get("/").await.text().await.unwrap();
    assert!(landing.contains("Edilizia Demo"));
    assert_eq!(landing.matches("src=\"/media/products/t2-").count(), 4);
    assert!(!landing.contains("VEDI FORN"), "only recognised products");
    app.sql(&format!(
        "UPDATE stores SET name = 'Edilizia Demo Nord', content_version = content_version + 1 \
         WHERE id = {store_id}"
    ))
    .await;
    let edited = app.get("/").await.text().await.unwrap();
    assert!(edited.contains("Edilizia Demo Nord"));
}

#[tokio::test]
async fn the_apps_script_is_sent_as_the_builds_brotli_file_and_varies_by_encoding() {
    let app = spawn_app().await;
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/dist");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(assets.join("manifest.json")).unwrap()).unwrap();
    let script = manifest["js"].as_str().unwrap();
    let on_disk = assets.join("client").join(script);
    let client = Client::new();
    let url = format!("{}/{script}", app.url);
    let br = client
        .get(&url)
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(br.status(), 200);
    assert_eq!(br.headers()["content-encoding"], "br");
    assert_eq!(br.headers()["vary"], "accept-encoding");
    let sent = br.bytes().await.unwrap();
    let brotli_file = std::fs::read(format!("{}.br", on_disk.display())).unwrap();
    assert_eq!(
        &sent[..],
        &brotli_file[..],
        "the build's brotli 11 file, as it is"
    );
    let plain = client
        .get(&url)
        .header("accept-encoding", "identity")
        .send()
        .await
        .unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    let raw = plain.bytes().await.unwrap();
    assert_eq!(&raw[..], &std::fs::read(&on_disk).unwrap()[..]);
    assert!(
        sent.len() * 3 < raw.len(),
        "{} of {}",
        sent.len(),
        raw.len()
    );
}
