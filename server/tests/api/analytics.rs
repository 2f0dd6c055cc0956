//! The Pro report: page views counted on the server without cookies or addresses, crawlers
//! apart, the report by plan, its CSV, and past days closed by the housekeeping job.

use reqwest::header::{ETAG, IF_NONE_MATCH, REFERER, USER_AGENT};
use reqwest::Client;
use serde_json::Value;

use crate::helpers::{error_of, spawn_app, Shop, TestApp, PASSWORD};

const CHROME: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const FIREFOX: &str =
    "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async fn pro_shop(app: &TestApp, email: &str) -> Shop {
    let shop = app.shop(email).await;
    app.sql(&format!(
        "UPDATE stores SET plan = 'pro' WHERE id = {}",
        shop.id
    ))
    .await;
    shop
}

/// A page as a visitor's browser asks for it: no cookies.
async fn visit(
    app: &TestApp,
    path: &str,
    agent: &str,
    referrer: Option<&str>,
) -> reqwest::Response {
    let mut request = Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}{path}", app.url))
        .header(USER_AGENT, agent);
    if let Some(referrer) = referrer {
        request = request.header(REFERER, referrer);
    }
    request.send().await.unwrap()
}

async fn report(shop: &Shop, query: &str) -> Value {
    let reply = shop.get(&format!("/api/stores/me/analytics{query}")).await;
    assert_eq!(reply.status(), 200);
    reply.json().await.unwrap()
}

fn paths(shop: &Value, product: &Value) -> (String, String) {
    let store = format!("/store/{}/{}", shop["id"], shop["slug"].as_str().unwrap());
    let product = format!(
        "{store}/{}/{}",
        product["id"],
        product["slug"].as_str().unwrap()
    )
    .replacen("/store/", "/product/", 1);
    (store, product)
}

#[tokio::test]
async fn people_are_counted_without_cookies_crawlers_apart_and_no_address_is_kept() {
    let app = spawn_app().await;
    let anna = pro_shop(&app, "anna@ferramenta.it").await;
    let me = anna.me().await;
    let trapano = anna.add_product("Trapano a percussione").await;
    let colla = anna.add_product("Colla per piastrelle").await;
    // The pages stop changing (products get their pictures in the background).
    anna.images_settled().await;
    let (store, trapano_page) = paths(&me, &trapano);
    let (_, colla_page) = paths(&me, &colla);
    let inside = format!("{}{store}", app.url);

    // A, from Google: the shop page, then a product page twice (the second a 304).
    assert_eq!(
        visit(&app, &store, CHROME, Some("https://www.google.it/"))
            .await
            .status(),
        200
    );
    let first = visit(&app, &trapano_page, CHROME, Some(&inside)).await;
    assert_eq!(first.status(), 200);
    let etag = first.headers()[ETAG].to_str().unwrap().to_owned();
    let again = Client::new()
        .get(format!("{}{trapano_page}", app.url))
        .header(USER_AGENT, CHROME)
        .header(REFERER, &inside)
        .header(IF_NONE_MATCH, etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    // B, from Facebook, searches the shop; then opens a product with no referrer.
    let searched = format!("{store}?q=Trapano");
    assert_eq!(
        visit(
            &app,
            &searched,
            IPHONE,
            Some("https://l.facebook.com/l.php")
        )
        .await
        .status(),
        200
    );
    assert_eq!(visit(&app, &colla_page, IPHONE, None).await.status(), 200);
    // B searches again as the shop page does in the browser: the term counts, not a view;
    // the next page of the same search does not count it again.
    let api = format!("/api/stores/{}/products?q=Colla", me["id"]);
    assert_eq!(visit(&app, &api, IPHONE, Some(&inside)).await.status(), 200);
    assert_eq!(
        visit(&app, &format!("{api}&page=2"), IPHONE, Some(&inside))
            .await
            .status(),
        200
    );
    // C: the shop page again, now from the page cache.
    assert_eq!(visit(&app, &store, FIREFOX, None).await.status(), 200);
    // Crawlers: Google twice, a script once.
    visit(&app, &store, GOOGLEBOT, None).await;
    visit(&app, &trapano_page, GOOGLEBOT, None).await;
    visit(&app, &store, "curl/8.5.0", None).await;
    // Not views: a HEAD, a redirect, a missing page, the signed-in owner.
    Client::new()
        .head(format!("{}{store}", app.url))
        .header(USER_AGENT, CHROME)
        .send()
        .await
        .unwrap();
    let moved = visit(
        &app,
        &format!("/store/{}/altro-nome", me["id"]),
        CHROME,
        None,
    )
    .await;
    assert_eq!(moved.status(), 301);
    let missing = visit(
        &app,
        &format!("{store}/999999/niente").replacen("/store/", "/product/", 1),
        CHROME,
        None,
    )
    .await;
    assert_eq!(missing.status(), 404);
    assert_eq!(anna.get(&store).await.status(), 200);

    let report = report(&anna, "?days=7").await;
    assert_eq!(report["views"]["total"], 6, "{report}");
    let by_day = report["views"]["byDay"].as_array().unwrap();
    assert_eq!(by_day.len(), 7);
    assert_eq!(by_day[6]["count"], 6);
    assert_eq!(by_day[6]["date"], report["to"]);
    assert_eq!(report["visitors"], 3);
    assert_eq!(report["topProducts"][0]["name"], "Trapano a percussione");
    assert_eq!(report["topProducts"][0]["views"], 2);
    assert_eq!(report["topProducts"][1]["views"], 1);
    assert_eq!(
        report["searches"],
        serde_json::json!([{"term": "colla", "count": 1}, {"term": "trapano", "count": 1}])
    );
    assert_eq!(
        report["sources"],
        serde_json::json!({"google": 1, "search": 0, "social": 1, "direct": 2, "other": 0})
    );
    assert_eq!(report["crawls"]["google"], 2);
    assert_eq!(report["crawls"]["other"], 1);
    assert_eq!(report["crawls"]["googleByDay"][6]["count"], 2);

    // Nothing stored says who the visitors were: no address, hashes of 32 hex digits.
    let rows = dump(
        &app,
        "SELECT store_id || ' ' || day || ' ' || hash AS line FROM analytics_visitors",
    )
    .await;
    assert_eq!(rows.len(), 3);
    for row in &rows {
        let hash = row.rsplit(' ').next().unwrap();
        assert_eq!(hash.len(), 32);
        assert!(hash.chars().all(|c| c.is_ascii_hexdigit()));
    }
    let everything = [
        rows.join("\n"),
        dump(
            &app,
            "SELECT metric || ' ' || key AS line FROM analytics_daily",
        )
        .await
        .join("\n"),
    ]
    .join("\n");
    assert!(
        !everything.contains("127.0.0.1") && !everything.contains("Mozilla"),
        "{everything}"
    );
}

async fn dump(app: &TestApp, sql: &str) -> Vec<String> {
    use sea_orm::{ConnectionTrait, Statement};
    app.db
        .query_all(Statement::from_string(
            app.db.get_database_backend(),
            sql.to_owned(),
        ))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "line").unwrap())
        .collect()
}

#[tokio::test]
async fn the_report_is_for_pro_and_business_and_checks_its_period() {
    let app = spawn_app().await;
    let bruno = app.shop("bruno@edilizia.it").await;
    for plan in ["free", "starter"] {
        app.sql(&format!(
            "UPDATE stores SET plan = '{plan}' WHERE id = {}",
            bruno.id
        ))
        .await;
        let body = error_of(bruno.get("/api/stores/me/analytics").await, 403).await;
        assert_eq!(body["code"], "plan_limit");
        assert!(
            body["error"].as_str().unwrap().contains("Pro e Business"),
            "{body}"
        );
        error_of(bruno.get("/api/stores/me/analytics.csv").await, 403).await;
    }
    // A running Pro trial opens it.
    app.sql(&format!(
        "UPDATE stores SET plan = 'free' WHERE id = {}",
        bruno.id
    ))
    .await;
    let trial = bruno
        .post(
            "/api/stores/start-trial",
            serde_json::json!({"targetPlan": "pro"}),
        )
        .await;
    assert_eq!(trial.status(), 200);
    let default = report(&bruno, "").await;
    assert_eq!(default["views"]["byDay"].as_array().unwrap().len(), 30);
    assert_eq!(
        report(&bruno, "?days=90").await["views"]["byDay"]
            .as_array()
            .unwrap()
            .len(),
        90
    );
    app.sql(&format!(
        "UPDATE stores SET plan = 'business', trial_plan = NULL WHERE id = {}",
        bruno.id
    ))
    .await;
    assert_eq!(report(&bruno, "?days=1").await["views"]["total"], 0);
    for bad in ["0", "366", "abc", "-7"] {
        let body = error_of(
            bruno
                .get(&format!("/api/stores/me/analytics?days={bad}"))
                .await,
            422,
        )
        .await;
        assert_eq!(
            body["fields"]["days"],
            "Periodo non valido: indica da 1 a 365 giorni."
        );
    }
    error_of(app.get("/api/stores/me/analytics").await, 401).await;
}

#[tokio::test]
async fn instances_add_up_and_the_csv_has_every_figure() {
    let app = spawn_app().await;
    let carla = pro_shop(&app, "carla@colorificio.it").await;
    let me = carla.me().await;
    let product = carla.add_product("=Pittura lavabile bianca").await;
    let (store, page) = paths(&me, &product);
    let second = app.another_instance().await;
    for i in 0..5 {
        visit(&app, &page, &format!("{FIREFOX} v{i}"), None).await;
        let reply = Client::new()
            .get(format!("{second}{store}"))
            .header(USER_AGENT, format!("{CHROME} v{i}"))
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), 200);
    }
    // The second instance writes what it counted when asked for the report there.
    let there = carla
        .client
        .get(format!("{second}/api/stores/me/analytics"))
        .send()
        .await
        .unwrap();
    assert_eq!(there.status(), 200);
    let report = report(&carla, "?days=7").await;
    assert_eq!(report["views"]["total"], 10);
    assert_eq!(report["visitors"], 10);

    let reply = carla.get("/api/stores/me/analytics.csv?days=7").await;
    assert_eq!(reply.status(), 200);
    assert!(reply.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    assert!(reply.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .contains("report_"));
    let text = reply.text().await.unwrap();
    assert!(
        text.starts_with("\u{feff}sezione;voce;valore\r\n"),
        "{text}"
    );
    assert!(text.contains("Visualizzazioni;Totale;10\r\n"));
    assert!(text.contains("Visitatori;Totale;10\r\n"));
    // A name a spreadsheet would run as a formula is written as text.
    assert!(
        text.contains("Prodotti più visti;'=Pittura lavabile bianca;5\r\n"),
        "{text}"
    );
    assert!(text.contains("Provenienza;Accesso diretto;10\r\n"));
}

#[tokio::test]
async fn past_days_become_counts_and_their_hashes_and_salt_are_removed() {
    let app = spawn_app().await;
    let dario = pro_shop(&app, "dario@ferramenta.it").await;
    let today = vetrina::analytics::today();
    let yesterday = vetrina::analytics::days_before(&today, 1);
    let ancient = vetrina::analytics::days_before(&today, 500);
    for hash in ["a", "b", "c"] {
        app.sql(&format!(
            "INSERT INTO analytics_visitors (store_id, day, hash) VALUES ({}, '{yesterday}', '{hash}')",
            dario.id
        ))
        .await;
    }
    app.sql(&format!(
        "INSERT INTO analytics_salts (day, salt) VALUES ('{yesterday}', 'x')"
    ))
    .await;
    app.sql(&format!(
        "INSERT INTO analytics_daily (store_id, metric, day, key, hits) VALUES ({}, 'views', '{ancient}', '', 9)",
        dario.id
    ))
    .await;
    // Two weeks ago: a product seen twice stays, one seen once is forgotten; a week's days
    // keep every count.
    let fortnight = vetrina::analytics::days_before(&today, 14);
    for (day, key, hits) in [
        (&fortnight, "1", 2),
        (&fortnight, "2", 1),
        (&yesterday, "3", 1),
    ] {
        app.sql(&format!(
            "INSERT INTO analytics_daily (store_id, metric, day, key, hits) VALUES ({}, 'product', '{day}', '{key}', {hits})",
            dario.id
        ))
        .await;
    }
    assert_eq!(
        vetrina::analytics::close_past_days(&app.db).await.unwrap(),
        3
    );
    assert_eq!(
        vetrina::analytics::close_past_days(&app.db).await.unwrap(),
        0,
        "once"
    );
    let left = dump(&app, "SELECT day AS line FROM analytics_visitors").await;
    assert!(left.iter().all(|d| *d == today), "{left:?}");
    let salts = dump(&app, "SELECT day AS line FROM analytics_salts").await;
    assert!(salts.iter().all(|d| *d == today), "{salts:?}");
    let counts = dump(
        &app,
        "SELECT metric || ' ' || day || ' ' || CAST(hits AS TEXT) AS line FROM analytics_daily",
    )
    .await;
    assert!(
        counts.contains(&format!("visitors {yesterday} 3")),
        "{counts:?}"
    );
    assert!(
        !counts.iter().any(|c| c.contains(&ancient)),
        "a year and more is not kept"
    );
    let products = dump(
        &app,
        "SELECT key AS line FROM analytics_daily WHERE metric = 'product' ORDER BY key",
    )
    .await;
    assert_eq!(products, ["1", "3"]);
    assert_eq!(report(&dario, "?days=2").await["visitors"], 3);
}

#[tokio::test]
async fn a_shop_deleted_before_its_views_are_written_does_not_stop_the_others_counting() {
    let app = spawn_app().await;
    let anna = pro_shop(&app, "anna@ferramenta.it").await;
    let bruno = pro_shop(&app, "bruno@edilizia.it").await;
    let (anna_page, _) = paths(&anna.me().await, &anna.add_product("Trapano").await);
    let (bruno_page, _) = paths(&bruno.me().await, &bruno.add_product("Cazzuola").await);
    for i in 0..3 {
        assert_eq!(
            visit(&app, &anna_page, &format!("{CHROME} a{i}"), None)
                .await
                .status(),
            200
        );
        assert_eq!(
            visit(&app, &bruno_page, &format!("{CHROME} b{i}"), None)
                .await
                .status(),
            200
        );
    }
    // Anna's shop is deleted while its views wait in this instance's memory.
    let deleted = anna
        .delete_json(
            "/api/auth/account",
            serde_json::json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(deleted.status(), 200);
    app.state.analytics.flush(&app.db).await.unwrap();
    // Counting goes on: a later view of Bruno's shop is written too.
    assert_eq!(visit(&app, &bruno_page, CHROME, None).await.status(), 200);
    app.state.analytics.flush(&app.db).await.unwrap();
    let report = report(&bruno, "?days=7").await;
    assert_eq!(report["views"]["total"], 4);
    let left = dump(
        &app,
        &format!(
            "SELECT CAST(store_id AS TEXT) AS line FROM analytics_daily WHERE store_id = {}",
            anna.id
        ),
    )
    .await;
    assert!(left.is_empty(), "{left:?}");
}
