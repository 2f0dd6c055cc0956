use entities::session;
use reqwest::header::SET_COOKIE;
use sea_orm::sea_query::Expr;
use sea_orm::EntityTrait;
use serde_json::{json, Value};
use time::{Duration, OffsetDateTime};

use crate::helpers::{browser, error_of, spawn_app, PASSWORD};

#[tokio::test]
async fn login_sets_a_safe_cookie_and_returns_the_shop() {
    let app = spawn_app().await;
    app.shop("anna@ferramenta.it").await;
    let reply = app
        .post(
            "/api/auth/login",
            json!({"email": "Anna@Ferramenta.it", "password": PASSWORD}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let cookie = reply
        .headers()
        .get(SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.starts_with("vetrina_session="), "{cookie}");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert!(
        !cookie.contains("Secure"),
        "plain http public URL: no Secure flag: {cookie}"
    );
    // The hint public pages read to know an owner may be logged in: no secret, not HttpOnly.
    let hint = reply
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with("vetrina_owner="))
        .expect("the owner hint is set with the session");
    assert!(hint.starts_with("vetrina_owner=1;"), "{hint}");
    assert!(!hint.contains("HttpOnly"), "{hint}");
    let store: Value = reply.json().await.unwrap();
    assert_eq!(store["email"], "anna@ferramenta.it");
}

#[tokio::test]
async fn logout_clears_the_session_and_its_hint() {
    let app = spawn_app().await;
    let owner = app.shop("anna@ferramenta.it").await;
    let reply = owner.post("/api/auth/logout", json!({})).await;
    assert_eq!(reply.status(), 200);
    let cleared: Vec<String> = reply
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    for name in ["vetrina_session=;", "vetrina_owner=;"] {
        assert!(
            cleared
                .iter()
                .any(|c| c.starts_with(name) && c.contains("Max-Age=0")),
            "{name} cleared: {cleared:?}"
        );
    }
}

#[tokio::test]
async fn unknown_email_and_wrong_password_get_the_same_reply() {
    let app = spawn_app().await;
    app.shop("anna@ferramenta.it").await;
    let wrong = app
        .post(
            "/api/auth/login",
            json!({"email": "anna@ferramenta.it", "password": "Sbagliata1!"}),
        )
        .await;
    let unknown = app
        .post(
            "/api/auth/login",
            json!({"email": "nessuno@ferramenta.it", "password": "Sbagliata1!"}),
        )
        .await;
    let wrong = error_of(wrong, 401).await;
    let unknown = error_of(unknown, 401).await;
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["error"], "Credenziali non valide");
    assert_eq!(wrong["code"], "invalid_credentials");

    let empty = error_of(
        app.post("/api/auth/login", json!({"email": "", "password": ""}))
            .await,
        400,
    )
    .await;
    assert_eq!(empty["error"], "Inserisci email e password");
    assert_eq!(empty["code"], "bad_request");
}

#[tokio::test]
async fn logout_ends_the_session_on_the_server() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let login = app
        .post(
            "/api/auth/login",
            json!({"email": anna.email, "password": PASSWORD}),
        )
        .await;
    let cookie = login
        .headers()
        .get(SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let with_cookie = |path: &str| {
        reqwest::Client::new()
            .get(format!("{}{path}", app.url))
            .header("cookie", cookie.clone())
            .send()
    };
    assert_eq!(with_cookie("/api/stores/me").await.unwrap().status(), 200);
    let logout = reqwest::Client::new()
        .post(format!("{}/api/auth/logout", app.url))
        .header("cookie", cookie.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), 200);
    assert!(logout
        .headers()
        .get(SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .contains("Max-Age=0"));
    // The old cookie value, replayed, no longer opens anything.
    assert_eq!(with_cookie("/api/stores/me").await.unwrap().status(), 401);
}

#[tokio::test]
async fn logging_in_again_issues_a_new_session_id_and_drops_the_old_one() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let first = app
        .post(
            "/api/auth/login",
            json!({"email": anna.email, "password": PASSWORD}),
        )
        .await;
    let old = first
        .headers()
        .get(SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let second = reqwest::Client::new()
        .post(format!("{}/api/auth/login", app.url))
        .header("cookie", old.clone())
        .json(&json!({"email": anna.email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    let new = second
        .headers()
        .get(SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    assert_ne!(old, new);
    let replay = reqwest::Client::new()
        .get(format!("{}/api/stores/me", app.url))
        .header("cookie", old)
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), 401);
}

#[tokio::test]
async fn ten_failures_per_email_lock_logins_for_that_email() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    for _ in 0..10 {
        let reply = app
            .post(
                "/api/auth/login",
                json!({"email": anna.email, "password": "Sbagliata1!"}),
            )
            .await;
        assert_eq!(reply.status(), 401);
    }
    let reply = app
        .post(
            "/api/auth/login",
            json!({"email": anna.email, "password": PASSWORD}),
        )
        .await;
    assert!(reply.headers().get("retry-after").is_some());
    let error = error_of(reply, 429).await;
    assert!(error["remainingTime"].as_u64().unwrap() <= 180);
    assert_eq!(error["code"], "rate_limited");
}

#[tokio::test]
async fn ten_failures_from_one_client_lock_that_client() {
    let app = spawn_app().await;
    for i in 0..10 {
        let reply = app
            .post(
                "/api/auth/login",
                json!({"email": format!("utente{i}@x.it"), "password": "Sbagliata1!"}),
            )
            .await;
        assert_eq!(reply.status(), 401);
    }
    error_of(
        app.post(
            "/api/auth/login",
            json!({"email": "altro@x.it", "password": "Sbagliata1!"}),
        )
        .await,
        429,
    )
    .await;
}

#[tokio::test]
async fn deleting_the_account_removes_user_shop_products_and_sessions() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    let product = anna.add_product("Cemento Portland 32,5 R 25 kg").await;
    bruno.add_product("Colla per piastrelle C2TE 25 kg").await;

    // A session alone (a browser left open) cannot delete the account: the password
    // confirms it.
    let missing = error_of(anna.delete_json("/api/auth/account", json!({})).await, 422).await;
    assert_eq!(
        missing["fields"]["password"],
        "Inserisci la password per confermare."
    );
    let wrong = error_of(
        anna.delete_json("/api/auth/account", json!({"password": "Cantiere2025!"}))
            .await,
        422,
    )
    .await;
    assert_eq!(wrong["fields"]["password"], "Password non corretta.");
    assert_eq!(anna.get("/api/stores/me").await.status(), 200);
    let reply = anna
        .delete_json("/api/auth/account", json!({"password": PASSWORD}))
        .await;
    assert_eq!(reply.status(), 200);

    assert_eq!(anna.get("/api/stores/me").await.status(), 401);
    assert_eq!(
        error_of(app.get(&format!("/api/stores/{}", anna.id)).await, 404).await["code"],
        "not_found"
    );
    assert_eq!(
        app.get(&format!("/api/products/{}", product["id"]))
            .await
            .status(),
        404
    );
    let login = app
        .post(
            "/api/auth/login",
            json!({"email": anna.email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(login.status(), 401);
    // The other shop is untouched.
    assert_eq!(bruno.me().await["product_count"], 1);
    // The e-mail can register again.
    assert_eq!(
        app.register("anna@ferramenta.it", "Ferramenta Anna")
            .await
            .status(),
        201
    );
    assert_eq!(
        error_of(
            browser()
                .delete(format!("{}/api/auth/account", app.url))
                .send()
                .await
                .unwrap(),
            401
        )
        .await["code"],
        "unauthorized"
    );
}

#[tokio::test]
async fn a_session_ends_after_two_idle_days_or_thirty_days_in_all() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let now = OffsetDateTime::now_utc();
    let set = |created: OffsetDateTime, deadline: OffsetDateTime| {
        session::Entity::update_many()
            .col_expr(session::Column::CreatedAt, Expr::value(created))
            .col_expr(session::Column::ExpiresAt, Expr::value(deadline))
            .exec(&app.db)
    };
    let deadline = || async {
        session::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap()
            .expires_at
    };
    // Used an hour before its idle deadline: the deadline moves two days ahead.
    set(now - Duration::days(3), now + Duration::hours(1))
        .await
        .unwrap();
    assert_eq!(anna.get("/api/stores/me").await.status(), 200);
    let moved = deadline().await - now;
    assert!(
        moved > Duration::days(2) - Duration::minutes(1)
            && moved <= Duration::days(2) + Duration::minutes(1),
        "{moved}"
    );
    // Near the thirty days, the deadline stops there.
    set(now - Duration::days(29), now + Duration::hours(1))
        .await
        .unwrap();
    assert_eq!(anna.get("/api/stores/me").await.status(), 200);
    let capped = deadline().await - now;
    assert!(
        capped <= Duration::days(1) + Duration::minutes(1),
        "{capped}"
    );
    // Two days without a request.
    set(now - Duration::days(3), now - Duration::seconds(1))
        .await
        .unwrap();
    assert_eq!(anna.get("/api/stores/me").await.status(), 401);
    // Thirty days after the login, however busy.
    let bruno = app.shop("bruno@edilizia.it").await;
    set(
        now - Duration::days(30) - Duration::minutes(1),
        now + Duration::days(1),
    )
    .await
    .unwrap();
    assert_eq!(bruno.get("/api/stores/me").await.status(), 401);
    // The housekeeping job forgets them.
    assert_eq!(
        vetrina::services::sessions::delete_expired(&app.db)
            .await
            .unwrap(),
        2
    );
}
