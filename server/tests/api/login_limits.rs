//! Login limits under attack: parallel guesses, guesses from many addresses, and a flood
//! of password checks (the figures: 58 × 401 out of an allowance of 10; the owner
//! locked out by 10 addresses; 1.1 GB for 60 parallel checks).

use std::net::{IpAddr, Ipv4Addr};

use futures::future::join_all;
use reqwest::{Client, StatusCode};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{json, Value};

use crate::helpers::{browser, error_of, spawn_app, TestApp, PASSWORD};

const TOO_MANY_LOGINS: &str = "Troppi tentativi di accesso. Riprova tra qualche minuto.";
const BUSY: &str = "Il server è molto occupato in questo momento. Riprova tra qualche secondo.";

/// A client without cookies whose connections come from `127.0.0.<n>` (the whole of
/// 127/8 is this machine), so the server sees another address.
fn from_address(n: u8) -> Client {
    Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)))
        .build()
        .unwrap()
}

async fn login(app: &TestApp, client: &Client, email: &str, password: &str) -> (u16, Value) {
    let reply = client
        .post(format!("{}/api/auth/login", app.url))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap();
    let status = reply.status().as_u16();
    if status == 429 {
        assert!(reply.headers().get("retry-after").is_some(), "Retry-After");
    }
    (status, reply.json().await.unwrap_or(Value::Null))
}

fn count(replies: &[(u16, Value)], status: u16, message: Option<&str>) -> usize {
    replies
        .iter()
        .filter(|(s, body)| *s == status && message.is_none_or(|m| body["error"] == m))
        .count()
}

#[tokio::test]
async fn sixty_parallel_wrong_passwords_get_ten_checks_and_fifty_refusals() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let client = Client::new();
    let replies = join_all((0..60).map(|i| {
        login(
            &app,
            &client,
            &anna.email,
            if i == 0 { "Sbagliata0!" } else { "Sbagliata1!" },
        )
    }))
    .await;
    let wrong = count(&replies, 401, None);
    let limited = count(&replies, 429, Some(TOO_MANY_LOGINS));
    assert_eq!(
        (wrong, limited),
        (10, 50),
        "401 and 429 of 60 parallel guesses"
    );
    // The limit holds for the right password too.
    let (status, body) = login(&app, &client, &anna.email, PASSWORD).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")));
}

#[tokio::test]
async fn guesses_from_ten_addresses_lock_out_unknown_clients_but_not_the_owners_browser() {
    let app = spawn_app().await;
    // The owner's browser has logged in before: it holds a signed device cookie.
    let anna = app.shop("anna@ferramenta.it").await;
    anna.post("/api/auth/logout", json!({})).await;
    // Bruno's browser holds a genuine device cookie, of another account.
    let bruno = app.shop("bruno@edilizia.it").await;

    for n in 11..21 {
        let (status, _) = login(&app, &from_address(n), &anna.email, "Sbagliata1!").await;
        assert_eq!(status, 401, "guess from 127.0.0.{n}");
    }
    // Any client the account does not know, from a new address, is refused even with the
    // right password...
    let (status, body) = login(&app, &from_address(30), &anna.email, PASSWORD).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (429, Some(TOO_MANY_LOGINS))
    );
    // ...and so is a device cookie of another account.
    let (status, _) = login(&app, &bruno.client, &anna.email, PASSWORD).await;
    assert_eq!(
        status, 429,
        "bruno's device cookie is no key to anna's account"
    );
    // The owner's own browser logs in.
    let (status, body) = login(&app, &anna.client, &anna.email, PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(anna.me().await["id"], anna.id);
}

#[tokio::test]
async fn a_trusted_browser_has_its_own_allowance_and_a_forged_cookie_none() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let device = device_cookie(&app, &anna.email).await;

    // Ten guesses with the device cookie use its allowance, not the account's...
    let trusted = Client::new();
    for _ in 0..10 {
        let reply = trusted
            .post(format!("{}/api/auth/login", app.url))
            .header("cookie", &device)
            .json(&json!({"email": anna.email, "password": "Sbagliata1!"}))
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), StatusCode::UNAUTHORIZED);
    }
    let reply = trusted
        .post(format!("{}/api/auth/login", app.url))
        .header("cookie", &device)
        .json(&json!({"email": anna.email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(reply, 429).await["error"], TOO_MANY_LOGINS);
    // ...so the account is still open to other clients.
    let (status, _) = login(&app, &from_address(40), &anna.email, PASSWORD).await;
    assert_eq!(status, 200);

    // A cookie whose signature is not the server's is no device cookie: guessing with one
    // spends the shared allowance.
    let (value, signature) = device.rsplit_once('.').unwrap();
    let flipped = if signature.starts_with('0') { "1" } else { "0" };
    let forged = format!("{value}.{flipped}{}", &signature[1..]);
    for _ in 0..10 {
        let reply = Client::new()
            .post(format!("{}/api/auth/login", app.url))
            .header("cookie", &forged)
            .json(&json!({"email": anna.email, "password": "Sbagliata1!"}))
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), StatusCode::UNAUTHORIZED);
    }
    let (status, _) = login(&app, &from_address(41), &anna.email, PASSWORD).await;
    assert_eq!(
        status, 429,
        "the forged cookie's guesses counted for the account"
    );
}

/// `vetrina_device=…` as a login sets it: HttpOnly, sent only to the login route.
async fn device_cookie(app: &TestApp, email: &str) -> String {
    let reply = browser()
        .post(format!("{}/api/auth/login", app.url))
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), 200);
    let set = reply
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|v| v.starts_with("vetrina_device="))
        .expect("a device cookie");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/api/auth/login"] {
        assert!(set.contains(attribute), "{attribute} in {set}");
    }
    set.split(';').next().unwrap().to_owned()
}

#[tokio::test]
async fn a_flood_of_logins_runs_one_check_per_core_and_the_rest_are_told_to_retry() {
    let app = spawn_app().await;
    let clients: Vec<Client> = (50..60).map(from_address).collect();
    let before = vm_kib("VmRSS");
    // 100 parallel logins from 10 addresses, each for another address: no login limit
    // applies, every one asks for a password check.
    let emails: Vec<String> = (0..100).map(|i| format!("utente{i}@x.it")).collect();
    let replies = join_all(
        emails
            .iter()
            .enumerate()
            .map(|(i, email)| login(&app, &clients[i / 10], email, "Sbagliata1!")),
    )
    .await;
    let peak = vetrina::auth::password::peak_running();
    let cores = vetrina::auth::password::concurrency();
    assert!(peak <= cores, "{peak} checks ran at once on {cores} cores");
    let wrong = count(&replies, 401, None);
    let busy = count(&replies, 429, Some(BUSY));
    assert_eq!(
        wrong + busy,
        100,
        "every reply is a check or a busy refusal"
    );
    // 19 MiB per check running, kept by each password thread; the requests themselves
    // take about 17 MiB. Without the bound, 100 parallel checks took about 1.9 GB, and
    // with the bound but a fresh allocation per check 180 MiB stayed.
    let grown_mib = (vm_kib("VmHWM") - before) / 1024;
    let budget = 19 * cores as i64 + 40;
    assert!(
        grown_mib < budget,
        "peak memory grew by {grown_mib} MiB (budget {budget}) for {peak} checks at once"
    );
    // A refused login was not checked, so it does not count against the address or the
    // account: only the checked ones are on record, once per address and once per account.
    let recorded = entities::rate_event::Entity::find()
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(recorded, 2 * wrong as u64);
}

fn vm_kib(field: &str) -> i64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{field}:")))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}
