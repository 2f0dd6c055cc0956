//! `kill -9` of the server in the middle of a large import: after a restart the shop has
//! every row or none, and SQLite's integrity check passes.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use reqwest::multipart::{Form, Part};
use reqwest::{Client, StatusCode};
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::{json, Value};

use crate::helpers::{browser, registration, PASSWORD};

const ROWS: usize = 100_000;
const BIN: &str = env!("CARGO_BIN_EXE_vetrina");

struct Server {
    child: Child,
    url: String,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn start(dir: &std::path::Path, db_url: &str, port: u16) -> Server {
    let url = format!("http://127.0.0.1:{port}");
    let mut child = Command::new(BIN)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .args(["--database-url", db_url, "--public-url", &url])
        .arg("--data-dir")
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    for _ in 0..300 {
        if let Ok(r) = Client::new().get(format!("{url}/healthz")).send().await {
            if r.status() == StatusCode::OK {
                return Server { child, url };
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("server did not start");
}

fn big_csv() -> Vec<u8> {
    let mut csv = String::from("Codice;Nome;Prezzo;Marca\n");
    for i in 0..ROWS {
        csv.push_str(&format!(
            "C{i};Tassello nylon 8x40 confezione {i};{},{:02};Fischer\n",
            i % 90,
            i % 100
        ));
    }
    csv.into_bytes()
}

#[tokio::test]
async fn a_killed_import_leaves_all_rows_or_none() {
    if std::env::var("TEST_DATABASE").as_deref() == Ok("postgres") {
        return; // SQLite's file is what a kill can damage; PostgreSQL has its own WAL.
    }
    let dir = tempfile::tempdir().unwrap();
    let db_url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("vetrina.db").display()
    );
    let port = free_port();
    let mut server = start(dir.path(), &db_url, port).await;
    let email = "anna@ferramenta.it";
    let reply = browser()
        .post(format!("{}/api/stores", server.url))
        .json(&registration(email, "Ferramenta Anna"))
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), StatusCode::CREATED);
    let status = Command::new(BIN)
        .args([
            "shop",
            "set-plan",
            email,
            "business",
            "--database-url",
            &db_url,
        ])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let db = Database::connect(&db_url).await.unwrap();
    db.execute_unprepared(&format!(
        "UPDATE users SET email_verified_at = CURRENT_TIMESTAMP WHERE email = '{email}'"
    ))
    .await
    .unwrap();

    let client = browser();
    let login = client
        .post(format!("{}/api/auth/login", server.url))
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), StatusCode::OK);
    let mapping = json!({"sku": "Codice", "name": "Nome", "price": "Prezzo", "brand": "Marca"});
    let form = Form::new()
        .part("file", Part::bytes(big_csv()).file_name("grande.csv"))
        .text("mapping", mapping.to_string());
    let processed: Value = client
        .post(format!("{}/api/file/process", server.url))
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(processed["statistics"]["valid"], ROWS, "{processed}");

    let import = {
        let client = client.clone();
        let url = server.url.clone();
        let body = json!({"processId": processed["processId"]});
        tokio::spawn(async move {
            client
                .post(format!("{url}/api/file/import"))
                .json(&body)
                .send()
                .await
        })
    };
    tokio::time::sleep(Duration::from_millis(400)).await;
    server.child.kill().unwrap(); // SIGKILL
    server.child.wait().unwrap();
    let answered = import.await.unwrap().is_ok();

    let server = start(dir.path(), &db_url, free_port()).await;
    let count = |sql: &'static str| {
        let db = &db;
        async move {
            let row = db
                .query_one(Statement::from_string(db.get_database_backend(), sql))
                .await
                .unwrap()
                .unwrap();
            row.try_get_by_index::<i64>(0).unwrap()
        }
    };
    let products = count("SELECT COUNT(*) FROM products").await;
    let imports = count("SELECT COALESCE(SUM(imports), 0) FROM monthly_usage").await;
    eprintln!("after the kill: {products} products, import answered: {answered}");
    assert!(
        (products == 0 && imports == 0) || (products == ROWS as i64 && imports == 1),
        "after the kill: {products} products, {imports} imports (import answered: {answered})"
    );
    let check = db
        .query_one(Statement::from_string(
            db.get_database_backend(),
            "PRAGMA integrity_check",
        ))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(check.try_get_by_index::<String>(0).unwrap(), "ok");
    let public = Client::new()
        .get(format!("{}/api/stores", server.url))
        .send()
        .await
        .unwrap();
    assert_eq!(public.status(), StatusCode::OK);
    drop(server);
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
