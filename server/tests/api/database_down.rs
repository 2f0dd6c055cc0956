//! A database that does not answer is always 503 with `Retry-After`, for the API, the public
//! pages and `/healthz`, and the server answers again by itself once the database is back;
//! PostgreSQL's disk_full is the same 507 as SQLite's full disk.
//! See docs/decisions/028-full-disk-and-unreachable-database.md.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Response;
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::helpers::{spawn_app, spawn_app_with, Shop};

fn on_postgres() -> bool {
    std::env::var("TEST_DATABASE").as_deref() == Ok("postgres")
}

/// A TCP relay between the server and PostgreSQL that can play a database going down: every
/// open connection cut, and new ones closed as soon as they are accepted.
struct Relay {
    addr: SocketAddr,
    up: Arc<AtomicBool>,
    cut: watch::Sender<u64>,
}

impl Relay {
    async fn start(target: String) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let up = Arc::new(AtomicBool::new(true));
        let (cut, _) = watch::channel(0);
        let (accepting, cuts) = (up.clone(), cut.clone());
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if !accepting.load(Ordering::SeqCst) {
                    continue; // dropped: the connection closes at once
                }
                let mut cut = cuts.subscribe();
                let target = target.clone();
                tokio::spawn(async move {
                    let Ok(mut server) = TcpStream::connect(&target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Self { addr, up, cut }
    }

    fn go_down(&self) {
        self.up.store(false, Ordering::SeqCst);
        self.cut.send_modify(|n| *n += 1);
    }

    fn come_back(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

/// `url` with its host and port replaced by `addr`.
fn through(url: &str, addr: SocketAddr) -> String {
    let mut url = url::Url::parse(url).unwrap();
    url.set_host(Some(&addr.ip().to_string())).unwrap();
    url.set_port(Some(addr.port())).unwrap();
    url.to_string()
}

async fn assert_unavailable_json(reply: Response, what: &str) {
    assert_eq!(reply.status(), 503, "{what}");
    assert_eq!(reply.headers()["retry-after"], "30", "{what}");
    let body: Value = reply.json().await.unwrap();
    assert_eq!(body["code"], "unavailable", "{what}: {body}");
    assert_eq!(
        body["error"], "Servizio momentaneamente non disponibile: riprova tra qualche istante.",
        "{what}"
    );
}

async fn create(shop: &Shop, name: &str) -> Response {
    shop.post("/api/products", json!({"name": name, "price": 2}))
        .await
}

#[tokio::test]
async fn postgresql_out_of_reach_gives_503_with_retry_after_everywhere_and_the_server_recovers_by_itself(
) {
    if !on_postgres() {
        println!("SKIPPED: PostgreSQL only (TEST_DATABASE=postgres)");
        return;
    }
    let admin = std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
    let admin = url::Url::parse(&admin).unwrap();
    let target = format!(
        "{}:{}",
        admin.host_str().unwrap(),
        admin.port().unwrap_or(5432)
    );
    let relay = Relay::start(target).await;
    let addr = relay.addr;
    let app = spawn_app_with(move |c| c.database_url = through(&c.database_url, addr)).await;
    let shop = app.shop("anna@ferramenta.it").await;
    shop.add_product("Trapano avvitatore").await;
    let me = shop.me().await;
    let page = format!("/store/{}/{}", shop.id, me["slug"].as_str().unwrap());
    let listing = format!("/api/stores/{}/products", shop.id);
    assert_eq!(app.get(&page).await.status(), 200);

    relay.go_down();
    assert_unavailable_json(app.get(&listing).await, "listing").await;
    assert_unavailable_json(create(&shop, "Tassellatore").await, "creation").await;
    assert_unavailable_json(shop.get("/api/stores/me").await, "own shop").await;
    let reply = app.get(&format!("{page}?q=trapano")).await;
    assert_eq!(reply.status(), 503, "shop page");
    assert_eq!(reply.headers()["retry-after"], "30");
    assert!(reply.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let health = app.get("/healthz").await;
    assert_eq!(health.status(), 503);
    assert_eq!(health.headers()["retry-after"], "30");

    relay.come_back();
    let started = Instant::now();
    while app.get("/healthz").await.status() != 200 {
        assert!(started.elapsed() < Duration::from_secs(10), "not back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(app.get(&listing).await.status(), 200);
    assert_eq!(create(&shop, "Tassellatore").await.status(), 201);
    assert_eq!(app.get(&format!("{page}?q=trapano")).await.status(), 200);
}

/// PostgreSQL's own full disk ("could not extend file …: No space left on device") is
/// SQLSTATE 53100, raised here by a trigger as the server would raise it.
#[tokio::test]
async fn postgresql_disk_full_gives_507_and_writes_nothing() {
    if !on_postgres() {
        println!("SKIPPED: PostgreSQL only (TEST_DATABASE=postgres)");
        return;
    }
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    app.sql(
        "CREATE FUNCTION no_space() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
         RAISE EXCEPTION 'could not extend file \"base/1/2\": No space left on device' \
         USING ERRCODE = 'disk_full'; END $$",
    )
    .await;
    app.sql(
        "CREATE TRIGGER no_space BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION no_space()",
    )
    .await;
    let reply = create(&shop, "Tassellatore").await;
    assert_eq!(reply.status(), 507);
    assert!(reply.headers().contains_key("retry-after"));
    let body: Value = reply.json().await.unwrap();
    assert_eq!(body["code"], "insufficient_storage");
    assert_eq!(
        body["error"],
        "Spazio su disco esaurito sul server: riprova più tardi"
    );
    assert!(shop.products().await.is_empty());

    app.sql("DROP TRIGGER no_space ON products").await;
    assert_eq!(create(&shop, "Tassellatore").await.status(), 201);
}

/// SQLite held by another process past the busy timeout (10 s): "database is locked" is
/// the database not answering, 503 with `Retry-After`, not a failure of the server.
#[tokio::test]
async fn sqlite_locked_past_the_busy_timeout_gives_503_with_retry_after() {
    if on_postgres() {
        println!("SKIPPED: SQLite only");
        return;
    }
    use sqlx::{Connection, Executor};
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let url = app.state.config.database_url.clone();
    let mut holder = sqlx::SqliteConnection::connect(&url).await.unwrap();
    holder.execute("BEGIN IMMEDIATE").await.unwrap();

    let sent = Instant::now();
    assert_unavailable_json(create(&shop, "Tassellatore").await, "creation").await;
    assert!(
        sent.elapsed() >= Duration::from_secs(9),
        "waited the busy timeout"
    );

    holder.execute("ROLLBACK").await.unwrap();
    assert_eq!(create(&shop, "Tassellatore").await.status(), 201);
}
