use std::net::SocketAddr;
use std::path::PathBuf;

use reqwest::{Client, Response, StatusCode};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};
use serde_json::{json, Value};
use vetrina::config::{parse_public_url, Config};

pub const PASSWORD: &str = "Cantiere2026!";

pub struct TestApp {
    pub url: String,
    pub db: DatabaseConnection,
    pub data_dir: PathBuf,
    /// The running server's state (its in-memory registries included).
    pub state: vetrina::AppState,
    _dir: tempfile::TempDir,
}

/// A fresh database for one test: a SQLite file in a temporary folder, or a new
/// PostgreSQL database when `TEST_DATABASE=postgres`.
async fn fresh_database(dir: &std::path::Path) -> String {
    match std::env::var("TEST_DATABASE").as_deref() {
        Ok("postgres") => {
            let admin_url = std::env::var("TEST_POSTGRES_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
            let admin = Database::connect(&admin_url)
                .await
                .expect("PostgreSQL reachable for tests");
            let name = format!(
                "vetrina_test_{}",
                vetrina::token::new_token()[..16].to_owned()
            );
            admin
                .execute(Statement::from_string(
                    admin.get_database_backend(),
                    format!("CREATE DATABASE {name}"),
                ))
                .await
                .expect("create test database");
            let base = admin_url
                .rsplit_once('/')
                .map(|(b, _)| b.to_owned())
                .unwrap_or(admin_url);
            format!("{base}/{name}")
        }
        _ => format!("sqlite://{}?mode=rwc", dir.join("test.db").display()),
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// The app sending its e-mail through the SMTP server at `smtp_url`.
pub async fn spawn_app_with_smtp(smtp_url: &str) -> TestApp {
    let url = vetrina::email::parse_smtp_url(smtp_url).expect("smtp url");
    spawn_app_with(move |c| c.smtp_url = Some(url)).await
}

pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database(dir.path()).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind port 0");
    let addr: SocketAddr = listener.local_addr().expect("local addr");
    let mut config = Config {
        bind: addr,
        public_url: parse_public_url(&format!("http://{addr}")).expect("public url"),
        database_url,
        data_dir: dir.path().join("data"),
        assets_dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../frontend/dist"),
        html_cache_bytes: 8 * 1024 * 1024,
        smtp_url: None,
        mail_from: "Vetrina <noreply@localhost>".to_owned(),
        ai: Default::default(),
        fetch_policy: Default::default(),
        // Tests register many shops from one address; the limit's own test sets it back.
        limits: vetrina::config::ClientLimits {
            registrations_per_hour: 1000,
            leads_per_hour: 1000,
            inquiries_per_hour: 1000,
            upload_mb_per_hour: 1000,
        },
        connections: Default::default(),
        trusted_proxies: Default::default(),
        operator: Default::default(),
        job_lease: vetrina::jobs::LEASE,
    };
    adjust(&mut config);
    let data_dir = config.data_dir.clone();
    let state = vetrina::build_state(config).await.expect("app state");
    let db = state.db.clone();
    let served = state.clone();
    tokio::spawn(async move { vetrina::serve(listener, served).await });
    TestApp {
        url: format!("http://{addr}"),
        db,
        data_dir,
        state,
        _dir: dir,
    }
}

impl TestApp {
    /// The state of a second instance on the same database (its own pool and registries),
    /// to run its background work.
    pub async fn another_instance_state(&self) -> vetrina::AppState {
        vetrina::build_state((*self.state.config).clone())
            .await
            .expect("second instance")
    }

    /// A second server on the same database and data folder, as behind a load balancer;
    /// its base URL. Cookies ignore the port, so a shop's client is logged in there too.
    pub async fn another_instance(&self) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind port 0");
        let mut config = (*self.state.config).clone();
        config.bind = listener.local_addr().expect("local addr");
        let url = format!("http://{}", config.bind);
        let state = vetrina::build_state(config).await.expect("second instance");
        tokio::spawn(async move { vetrina::serve(listener, state).await });
        url
    }
}

pub fn registration(email: &str, name: &str) -> Value {
    json!({
        "email": email,
        "password": PASSWORD,
        "name": name,
        "slug": "ignored",
        "description": "Materiali edili e ferramenta per professionisti.",
        "partner_group": "Gruppo Edil",
        "logo_img_url": null,
        "address": "Via Roma 12",
        "city": "Roma",
        "postal_code": "00118",
        "website_url": "https://www.esempio.it",
        "telephone": "06 1234567",
        "plan": "business",
        "trial_ends_at": null,
        "counter_csv_imported": 0,
        "product_count": 0
    })
}

/// A browser-like client: keeps cookies.
pub fn browser() -> Client {
    Client::builder()
        .cookie_store(true)
        .build()
        .expect("client")
}

pub struct Shop {
    pub client: Client,
    pub url: String,
    pub id: i64,
    pub email: String,
}

impl TestApp {
    pub async fn register(&self, email: &str, name: &str) -> Response {
        browser()
            .post(format!("{}/api/stores", self.url))
            .json(&registration(email, name))
            .send()
            .await
            .expect("request")
    }

    /// Registers a shop, marks its address verified (as its e-mail link would) and logs
    /// its owner in.
    pub async fn shop(&self, email: &str) -> Shop {
        let reply = self
            .register(
                email,
                &format!("Negozio {}", email.split('@').next().unwrap_or("x")),
            )
            .await;
        assert_eq!(
            reply.status(),
            StatusCode::CREATED,
            "registration of {email}"
        );
        self.mark_verified(email).await;
        self.login_as(email).await
    }

    /// Logs the owner of a registered, verified shop in.
    pub async fn login_as(&self, email: &str) -> Shop {
        let client = browser();
        let login = client
            .post(format!("{}/api/auth/login", self.url))
            .json(&json!({"email": email, "password": PASSWORD}))
            .send()
            .await
            .expect("login");
        assert_eq!(login.status(), StatusCode::OK, "login of {email}");
        let id = login.json::<Value>().await.expect("json")["id"]
            .as_i64()
            .expect("id");
        Shop {
            client,
            url: self.url.clone(),
            id,
            email: email.to_owned(),
        }
    }

    pub async fn get(&self, path: &str) -> Response {
        Client::new()
            .get(format!("{}{path}", self.url))
            .send()
            .await
            .expect("request")
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        Client::new()
            .post(format!("{}{path}", self.url))
            .json(&body)
            .send()
            .await
            .expect("request")
    }

    pub async fn mark_verified(&self, email: &str) {
        use entities::user;
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        user::Entity::update_many()
            .col_expr(
                user::Column::EmailVerifiedAt,
                sea_orm::sea_query::Expr::value(time::OffsetDateTime::now_utc()),
            )
            .filter(user::Column::Email.eq(email.to_lowercase()))
            .exec(&self.db)
            .await
            .expect("mark verified");
    }

    /// Runs SQL on the app's database (to age a trial, for example).
    pub async fn sql(&self, sql: &str) {
        self.db
            .execute(Statement::from_string(
                self.db.get_database_backend(),
                sql.to_owned(),
            ))
            .await
            .expect("sql");
    }
}

impl Shop {
    pub async fn get(&self, path: &str) -> Response {
        self.client
            .get(format!("{}{path}", self.url))
            .send()
            .await
            .expect("request")
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.client
            .post(format!("{}{path}", self.url))
            .json(&body)
            .send()
            .await
            .expect("request")
    }

    pub async fn put(&self, path: &str, body: Value) -> Response {
        self.client
            .put(format!("{}{path}", self.url))
            .json(&body)
            .send()
            .await
            .expect("request")
    }

    pub async fn delete(&self, path: &str) -> Response {
        self.client
            .delete(format!("{}{path}", self.url))
            .send()
            .await
            .expect("request")
    }

    pub async fn delete_json(&self, path: &str, body: Value) -> Response {
        self.client
            .delete(format!("{}{path}", self.url))
            .json(&body)
            .send()
            .await
            .expect("request")
    }

    pub async fn add_product(&self, name: &str) -> Value {
        let reply = self
            .post(
                "/api/products",
                json!({"name": name, "price": 9.9, "brand": "Mapei"}),
            )
            .await;
        assert_eq!(reply.status(), StatusCode::CREATED, "add {name}");
        reply.json().await.expect("json")
    }

    /// Waits until the background pass has given every product of the shop its image, so
    /// that the shop's pages stop changing.
    pub async fn images_settled(&self) {
        for _ in 0..200 {
            let products = self.products().await;
            if products.iter().all(|p| {
                p["image_url"]
                    .as_str()
                    .is_some_and(|u| u.starts_with("/media/"))
            }) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("product images did not land within 10 s");
    }

    /// Every product of this shop as its owner lists them, newest first, read page by page.
    pub async fn products(&self) -> Vec<Value> {
        list_all(&self.client, &self.url, self.id).await
    }

    pub async fn me(&self) -> Value {
        let reply = self.get("/api/stores/me").await;
        assert_eq!(reply.status(), StatusCode::OK);
        reply.json().await.expect("json")
    }
}

/// Every product of shop `id` through `GET /api/stores/{id}/products`, page by page.
pub async fn list_all(client: &Client, url: &str, id: i64) -> Vec<Value> {
    let mut all = Vec::new();
    for page in 1.. {
        let reply = client
            .get(format!(
                "{url}/api/stores/{id}/products?per_page=100&page={page}"
            ))
            .send()
            .await
            .expect("request");
        assert_eq!(reply.status(), StatusCode::OK, "product listing");
        let body: Value = reply.json().await.expect("json");
        let items = body["items"].as_array().cloned().unwrap_or_default();
        all.extend(items);
        if page >= body["pages"].as_u64().unwrap_or(1) {
            return all;
        }
    }
    all
}

/// The `error` text of an error reply, checking its status and shape.
pub async fn error_of(reply: Response, status: u16) -> Value {
    assert_eq!(reply.status().as_u16(), status, "unexpected status");
    let body: Value = reply.json().await.expect("error body is JSON");
    assert!(body["error"].is_string(), "error field in {body}");
    assert!(body["code"].is_string(), "code field in {body}");
    body
}
