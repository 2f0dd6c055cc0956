//! Public pages when the database fails: the route's own error state as an HTML page with
//! status 503 and Retry-After, never a 404 and never JSON; back to normal as soon as the
//! database answers (the 503 is not kept in the HTML cache). See decision 012.

use reqwest::Response;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

async fn execute(app: &TestApp, sql: &str) {
    app.db
        .execute(Statement::from_string(
            app.db.get_database_backend(),
            sql.to_owned(),
        ))
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// Asserts a 503 error page showing `text`, and returns its HTML.
async fn assert_error_page(reply: Response, text: &str) -> String {
    let path = reply.url().path().to_owned();
    assert_eq!(reply.status(), 503, "{path}");
    let headers = reply.headers().clone();
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"),
        "{path}: {:?}",
        headers["content-type"]
    );
    assert_eq!(headers["retry-after"], "30", "{path}");
    assert_eq!(headers["cache-control"], "no-store", "{path}");
    let html = reply.text().await.unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{path}: {html:.200}");
    assert!(html.contains("<html lang=\"it\">"), "{path}");
    assert!(html.contains(text), "{path}: no {text:?} in {html}");
    assert!(html.contains(">Ricarica</button>"), "{path}: reload button");
    assert!(html.contains("\"loadError\":true"), "{path}: props");
    assert!(!html.contains("\"code\":"), "{path}: JSON error body");
    html
}

#[tokio::test]
async fn explore_shows_its_error_state_with_503_while_the_shops_cannot_be_read() {
    let app = spawn_app().await;
    app.shop("anna@ferramenta.it").await;
    assert_eq!(app.get("/explore").await.status(), 200);

    execute(&app, "ALTER TABLE stores RENAME TO stores_away").await;
    let html = assert_error_page(
        app.get("/explore?page=2").await,
        "Errore nel caricamento dei negozi",
    )
    .await;
    assert!(html.contains("<title>Errore nel caricamento dei negozi | Vetrina</title>"));
    // Twice: the error page is made again, never served from the cache.
    assert_error_page(
        app.get("/explore").await,
        "Errore nel caricamento dei negozi",
    )
    .await;

    execute(&app, "ALTER TABLE stores_away RENAME TO stores").await;
    let reply = app.get("/explore").await;
    assert_eq!(reply.status(), 200);
    let html = reply.text().await.unwrap();
    assert!(html.contains("Negozio anna"), "{html:.300}");
    assert!(!html.contains("loadError"));
}

#[tokio::test]
async fn shop_and_product_pages_answer_503_not_404_while_the_database_fails() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let product: Value = anna
        .post(
            "/api/products",
            json!({"name": "Sabbia fine 25 kg", "price": 4.5, "brand": "Buzzi"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let store = anna.me().await;
    let store_page = format!("/store/{}/{}", store["id"], store["slug"].as_str().unwrap());
    let product_page = format!(
        "/product/{}/{}/{}/{}",
        store["id"],
        store["slug"].as_str().unwrap(),
        product["id"],
        product["slug"].as_str().unwrap()
    );

    // The products cannot be read: the shop's row can, its list cannot.
    execute(&app, "ALTER TABLE products RENAME TO products_away").await;
    assert_error_page(
        app.get(&store_page).await,
        "Errore nel caricamento del negozio",
    )
    .await;
    let html = assert_error_page(
        app.get(&product_page).await,
        "Errore nel caricamento del prodotto",
    )
    .await;
    assert!(html.contains(">Torna alla home</a>"), "a way home");
    assert!(!html.contains("Prodotto non trovato"));
    execute(&app, "ALTER TABLE products_away RENAME TO products").await;

    // No shop can be read (once the row kept for a second has expired).
    execute(&app, "ALTER TABLE stores RENAME TO stores_away").await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_error_page(
        app.get(&store_page).await,
        "Errore nel caricamento del negozio",
    )
    .await;
    assert_error_page(
        app.get(&product_page).await,
        "Errore nel caricamento del prodotto",
    )
    .await;
    // Shorter shop and product URLs, which redirect or are not found when all is well,
    // get the site-wide error page.
    let short = format!("/store/{}", store["id"]);
    assert_error_page(
        app.get(&short).await,
        "Pagina momentaneamente non disponibile",
    )
    .await;
    // A page that needs no database is unaffected, and not-found stays 404.
    assert_eq!(app.get("/faq").await.status(), 200);
    assert_eq!(app.get("/una/pagina/inesistente").await.status(), 404);

    execute(&app, "ALTER TABLE stores_away RENAME TO stores").await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    for path in [&store_page, &product_page] {
        let reply = app.get(path).await;
        assert_eq!(reply.status(), 200, "{path}");
        assert!(!reply.text().await.unwrap().contains("loadError"), "{path}");
    }
    assert_eq!(app.get("/store/999999/nessuno").await.status(), 404);
}
