//! Behind a load balancer every request comes from the balancer's address: the per-client
//! limits read the client's address from the balancer's `X-Forwarded-For`/`Forwarded`
//! when, and only when, the balancer is one of `--trusted-proxies`.

use reqwest::{Client, RequestBuilder};
use serde_json::json;

use crate::helpers::{spawn_app_with, TestApp, PASSWORD};

/// A failed login (an account that does not exist, so that only the client's allowance is
/// spent) or a real one; the reply's status.
async fn login(
    app: &TestApp,
    email: &str,
    password: &str,
    via: impl Fn(RequestBuilder) -> RequestBuilder,
) -> u16 {
    via(Client::new().post(format!("{}/api/auth/login", app.url)))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

fn forwarded_for(client: &'static str) -> impl Fn(RequestBuilder) -> RequestBuilder {
    // What a client may have written itself, then what the balancer appended.
    move |r: RequestBuilder| r.header("x-forwarded-for", format!("198.51.100.99, {client}"))
}

#[tokio::test]
async fn behind_a_trusted_balancer_each_client_has_its_own_login_allowance() {
    // The test client connects from 127.0.0.1: here it plays the balancer.
    let app = spawn_app_with(|c| c.trusted_proxies = "127.0.0.0/8".parse().unwrap()).await;
    let anna = app.shop("anna@ferramenta.it").await;
    for i in 0..10 {
        let email = format!("ospite{i}@esempio.it");
        let status = login(&app, &email, "Sbagliata1!", forwarded_for("203.0.113.1")).await;
        assert_eq!(status, 401, "guess {i}");
    }
    let locked = login(
        &app,
        "altro@esempio.it",
        "Sbagliata1!",
        forwarded_for("203.0.113.1"),
    )
    .await;
    assert_eq!(locked, 429, "the guessing client is stopped");
    // Another client behind the same balancer logs in, with either header.
    let status = login(&app, &anna.email, PASSWORD, forwarded_for("203.0.113.2")).await;
    assert_eq!(
        status, 200,
        "a client behind the balancer is not locked out by another"
    );
    let status = login(&app, &anna.email, PASSWORD, |r| {
        r.header("forwarded", "for=\"[2001:db8::2]:4711\";proto=https")
    })
    .await;
    assert_eq!(status, 200, "nor is one named by Forwarded");
    // The guesser cannot start again by writing another address left of the balancer's.
    let status = login(&app, &anna.email, PASSWORD, |r| {
        r.header("x-forwarded-for", "203.0.113.77, 203.0.113.1")
    })
    .await;
    assert_eq!(status, 429);
}

#[tokio::test]
async fn without_trusted_proxies_a_forged_forwarding_header_changes_nothing() {
    let app = spawn_app_with(|_| {}).await;
    let anna = app.shop("anna@ferramenta.it").await;
    // Every guess claims another address: the server still counts them as one client.
    for i in 0..10u8 {
        let email = format!("ospite{i}@esempio.it");
        let status = login(&app, &email, "Sbagliata1!", |r| {
            r.header("x-forwarded-for", format!("203.0.113.{i}"))
                .header("forwarded", format!("for=198.51.100.{i}"))
        })
        .await;
        assert_eq!(status, 401, "guess {i}");
    }
    for (name, value) in [
        ("x-forwarded-for", "203.0.113.200"),
        ("forwarded", "for=198.51.100.200"),
        ("x-real-ip", "192.0.2.200"),
    ] {
        let status = login(&app, &anna.email, PASSWORD, |r| r.header(name, value)).await;
        assert_eq!(
            status, 429,
            "{name} is no way around the client's allowance"
        );
    }
}
