//! E-mail verification, resend and password reset, over SMTP to a real (test) server,
//! and through the outbox folder.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use entities::{email_token, rate_event};
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

use crate::helpers::{browser, error_of, spawn_app, spawn_app_with_smtp, TestApp, PASSWORD};
use crate::smtp_sink::{token_in, Received, SmtpSink};

const NEW_PASSWORD: &str = "Magazzino2027?";
/// The resend's reply, whatever the address.
const REQUESTED: &str = "Se l'indirizzo è registrato e non ancora confermato, riceverai una nuova email di verifica. Se lo hai già confermato, puoi accedere.";

async fn login(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.post(
        "/api/auth/login",
        json!({"email": email, "password": password}),
    )
    .await
}

async fn verify(app: &TestApp, token: &str) -> reqwest::Response {
    app.post("/api/auth/verify-email", json!({"token": token}))
        .await
}

async fn confirm_reset(
    app: &TestApp,
    token: &str,
    password: &str,
    confirm: &str,
) -> reqwest::Response {
    app.post(
        "/api/auth/confirm-password-reset",
        json!({"token": token, "password": password, "passwordConfirm": confirm}),
    )
    .await
}

/// Every e-mail token now lies in the past.
async fn expire_tokens(app: &TestApp) {
    email_token::Entity::update_many()
        .col_expr(
            email_token::Column::ExpiresAt,
            Expr::value(time::OffsetDateTime::now_utc() - time::Duration::minutes(1)),
        )
        .exec(&app.db)
        .await
        .expect("expire tokens");
}

/// Forgets the resend cooldowns, as if a minute had passed.
async fn end_cooldowns(app: &TestApp) {
    rate_event::Entity::delete_many()
        .filter(rate_event::Column::Bucket.starts_with("verify-mail:"))
        .exec(&app.db)
        .await
        .expect("end cooldowns");
}

#[tokio::test]
async fn registration_sends_a_verification_email_whose_link_verifies_the_address() {
    let sink = SmtpSink::start().await;
    let app = spawn_app_with_smtp(&sink.url).await;
    let reply = app.register("anna@ferramenta.it", "Ferramenta Anna").await;
    assert_eq!(reply.status(), StatusCode::CREATED);
    let body: Value = reply.json().await.unwrap();
    assert_eq!(body["emailSent"], true);
    assert_eq!(
        body["message"],
        "Negozio creato! Controlla la tua email per confermare l'indirizzo."
    );
    assert_eq!(body["name"], "Ferramenta Anna");

    let mail = sink.last_to("anna@ferramenta.it");
    assert_eq!(mail.from, "noreply@localhost");
    assert!(
        mail.data
            .contains("Subject: Conferma il tuo indirizzo email - Vetrina"),
        "{}",
        mail.data
    );
    assert!(
        mail.data.contains("text/plain") && mail.data.contains("text/html"),
        "both parts: {}",
        mail.data
    );
    assert!(
        mail.data.contains("Il link è valido per 24 ore"),
        "Italian text in 8bit: {}",
        mail.data
    );
    // The link is built from the public URL.
    assert!(
        mail.data
            .contains(&format!("{}/verify-email?token=", app.url)),
        "{}",
        mail.data
    );
    let token = token_in(&mail.data, "/verify-email");
    assert_eq!(token.len(), 64, "256 random bits");

    // Only a SHA-256 of the token is stored.
    let rows = email_token::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_ne!(rows[0].token_hash, token);
    assert_eq!(
        rows[0].token_hash,
        vetrina::services::sessions::hash_token(&token)
    );
    let lifetime = rows[0].expires_at - rows[0].created_at;
    assert_eq!(lifetime.whole_hours(), 24);

    let refused = error_of(login(&app, "anna@ferramenta.it", PASSWORD).await, 403).await;
    assert_eq!(refused["code"], "email_not_verified");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("richiedi una nuova email di verifica"),
        "{refused}"
    );
    // A wrong password still gets the generic answer: the state of the address is told
    // only to whoever knows the password.
    let wrong = error_of(login(&app, "anna@ferramenta.it", "Sbagliata1!").await, 401).await;
    assert_eq!(wrong["error"], "Credenziali non valide");
    assert_eq!(wrong["code"], "invalid_credentials");

    let verified = verify(&app, &token).await;
    assert_eq!(verified.status(), StatusCode::OK);
    let verified: Value = verified.json().await.unwrap();
    assert_eq!(
        verified["message"],
        "Email verificata con successo! Stai per essere reindirizzato..."
    );
    assert_eq!(
        login(&app, "anna@ferramenta.it", PASSWORD).await.status(),
        StatusCode::OK
    );

    // Single use.
    let again = error_of(verify(&app, &token).await, 400).await;
    assert_eq!(
        again["error"],
        "Il link di verifica non è valido o è scaduto. Richiedi una nuova email di verifica."
    );
    assert_eq!(
        again["code"], "token_invalid",
        "a used link is not an expired one"
    );
    // Missing and made-up tokens.
    let missing = error_of(app.post("/api/auth/verify-email", json!({})).await, 400).await;
    assert_eq!(missing["error"], "Token di verifica mancante o non valido.");
    assert_eq!(missing["code"], "token_invalid");
    let made_up = error_of(verify(&app, &"ab".repeat(32)).await, 400).await;
    assert_eq!(made_up["code"], "token_invalid");
}

#[tokio::test]
async fn an_expired_verification_link_is_refused_and_a_new_one_works() {
    let sink = SmtpSink::start().await;
    let app = spawn_app_with_smtp(&sink.url).await;
    assert_eq!(
        app.register("anna@ferramenta.it", "Ferramenta Anna")
            .await
            .status(),
        StatusCode::CREATED
    );
    let old = token_in(&sink.last_to("anna@ferramenta.it").data, "/verify-email");
    expire_tokens(&app).await;
    let expired = error_of(verify(&app, &old).await, 400).await;
    assert_eq!(expired["code"], "token_expired");
    assert_eq!(
        expired["error"],
        "Il link di verifica non è valido o è scaduto. Richiedi una nuova email di verifica."
    );
    assert_eq!(
        login(&app, "anna@ferramenta.it", PASSWORD).await.status(),
        StatusCode::FORBIDDEN
    );

    end_cooldowns(&app).await;
    let resend = app
        .post(
            "/api/auth/resend-verification",
            json!({"email": "Anna@Ferramenta.it"}),
        )
        .await;
    assert_eq!(resend.status(), StatusCode::OK);
    assert_eq!(resend.json::<Value>().await.unwrap()["message"], REQUESTED);
    // The link leaves after the reply.
    sink.wait_until(|m| m.len() == 2).await;
    let fresh = token_in(&sink.last_to("anna@ferramenta.it").data, "/verify-email");
    assert_ne!(fresh, old);
    assert_eq!(verify(&app, &fresh).await.status(), StatusCode::OK);
    assert_eq!(
        login(&app, "anna@ferramenta.it", PASSWORD).await.status(),
        StatusCode::OK
    );

    // Verified: the same reply, and nothing more is sent.
    end_cooldowns(&app).await;
    let verified = app
        .post(
            "/api/auth/resend-verification",
            json!({"email": "anna@ferramenta.it"}),
        )
        .await;
    assert_eq!(verified.status(), StatusCode::OK);
    assert_eq!(
        verified.json::<Value>().await.unwrap()["message"],
        REQUESTED
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.messages().len(), 2, "no e-mail to a verified address");
}

#[tokio::test]
async fn resending_waits_sixty_seconds_per_address_with_a_decreasing_remaining_time() {
    let sink = SmtpSink::start().await;
    let app = spawn_app_with_smtp(&sink.url).await;
    assert_eq!(
        app.register("anna@ferramenta.it", "Ferramenta Anna")
            .await
            .status(),
        StatusCode::CREATED
    );

    // The registration e-mail has just left: the cooldown runs.
    let first = app
        .post(
            "/api/auth/resend-verification",
            json!({"email": "anna@ferramenta.it"}),
        )
        .await;
    assert!(first.headers().get("retry-after").is_some());
    let first = error_of(first, 429).await;
    let r1 = first["remainingTime"].as_u64().unwrap();
    assert!((1..=60).contains(&r1), "{first}");
    assert_eq!(first["code"], "resend_cooldown");
    assert_eq!(
        first["error"],
        format!("Puoi richiedere una nuova email di verifica tra {r1} secondi")
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let second = error_of(
        app.post(
            "/api/auth/resend-verification",
            json!({"email": "anna@ferramenta.it"}),
        )
        .await,
        429,
    )
    .await;
    assert_eq!(second["code"], "resend_cooldown");
    let r2 = second["remainingTime"].as_u64().unwrap();
    assert!(r2 < r1, "remainingTime decreases: {r1} then {r2}");
    assert_eq!(sink.messages().len(), 1, "nothing sent during the cooldown");

    // Another address is not held up by Anna's cooldown.
    assert_eq!(
        app.register("bruno@edilizia.it", "Edilizia Bruno")
            .await
            .status(),
        StatusCode::CREATED
    );
    end_cooldowns(&app).await;
    assert_eq!(
        app.post(
            "/api/auth/resend-verification",
            json!({"email": "bruno@edilizia.it"})
        )
        .await
        .status(),
        200
    );
    // ...and after a send the cooldown starts again.
    error_of(
        app.post(
            "/api/auth/resend-verification",
            json!({"email": "bruno@edilizia.it"}),
        )
        .await,
        429,
    )
    .await;

    let empty = error_of(
        app.post("/api/auth/resend-verification", json!({"email": " "}))
            .await,
        400,
    )
    .await;
    assert_eq!(empty["error"], "Email mancante.");
}

/// The `.eml` files of the outbox folder, oldest first.
fn outbox(app: &TestApp) -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(app.data_dir.join("outbox"))
        .map(|dir| dir.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort_by_key(|f| std::fs::metadata(f).unwrap().modified().unwrap());
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect()
}

#[tokio::test]
async fn resending_tells_nothing_about_the_address_and_waits_alike_for_all() {
    let app = spawn_app().await;
    app.shop("anna@ferramenta.it").await; // verified
    assert_eq!(
        app.register("bruno@edilizia.it", "Edilizia Bruno")
            .await
            .status(),
        StatusCode::CREATED
    );
    end_cooldowns(&app).await;
    let before = outbox(&app).len();
    let addresses = [
        "nessuno@ferramenta.it",
        "anna@ferramenta.it",
        "bruno@edilizia.it",
    ];

    let mut replies = Vec::new();
    for email in addresses {
        let reply = app
            .post("/api/auth/resend-verification", json!({"email": email}))
            .await;
        replies.push((reply.status(), reply.text().await.unwrap()));
    }
    assert_eq!(replies[0].0, StatusCode::OK, "{replies:?}");
    assert!(replies.iter().all(|r| *r == replies[0]), "{replies:?}");
    assert_eq!(
        serde_json::from_str::<Value>(&replies[0].1).unwrap()["message"],
        REQUESTED
    );
    // Only the account still to confirm gets a link (written after the reply).
    for _ in 0..100 {
        if outbox(&app).len() > before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let sent = outbox(&app);
    assert_eq!(sent.len(), before + 1, "one e-mail");
    assert!(
        sent[before].contains("To: bruno@edilizia.it"),
        "{}",
        sent[before]
    );

    // Within the minute every address waits, the same way.
    for email in addresses {
        let reply = app
            .post("/api/auth/resend-verification", json!({"email": email}))
            .await;
        assert!(reply.headers().get("retry-after").is_some(), "{email}");
        let body = error_of(reply, 429).await;
        assert_eq!(body["code"], "resend_cooldown", "{email}");
        let wait = body["remainingTime"].as_u64().unwrap();
        assert!((58..=60).contains(&wait), "{email}: {wait}");
    }
    assert_eq!(outbox(&app).len(), before + 1);
    // The cooldowns are kept without the addresses.
    let buckets: Vec<String> = rate_event::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.bucket)
        .filter(|b| b.starts_with("verify-mail:"))
        .collect();
    assert_eq!(buckets.len(), 3, "{buckets:?}");
    assert!(buckets.iter().all(|b| !b.contains('@')), "{buckets:?}");
}

#[tokio::test]
async fn one_client_cannot_ask_for_e_mails_without_limit() {
    let app = spawn_app().await;
    for i in 0..10 {
        let reply = app
            .post(
                "/api/auth/resend-verification",
                json!({"email": format!("utente{i}@x.it")}),
            )
            .await;
        assert_eq!(reply.status(), StatusCode::OK);
    }
    let blocked = error_of(
        app.post(
            "/api/auth/request-password-reset",
            json!({"email": "altro@x.it"}),
        )
        .await,
        429,
    )
    .await;
    assert_eq!(
        blocked["error"],
        "Troppe richieste da questo dispositivo. Riprova tra qualche minuto."
    );
    assert!(blocked["remainingTime"].as_u64().unwrap() > 0);
    assert_eq!(
        blocked["code"], "rate_limited",
        "not the per-address cooldown"
    );
}

#[tokio::test]
async fn password_reset_by_e_mail_sets_the_new_password_and_ends_every_session() {
    let sink = SmtpSink::start().await;
    let app = spawn_app_with_smtp(&sink.url).await;
    let anna = app.shop("anna@ferramenta.it").await;
    let before = sink.messages().len();

    let known = app
        .post(
            "/api/auth/request-password-reset",
            json!({"email": "anna@ferramenta.it"}),
        )
        .await;
    let unknown = app
        .post(
            "/api/auth/request-password-reset",
            json!({"email": "nessuno@ferramenta.it"}),
        )
        .await;
    assert_eq!(known.status(), StatusCode::OK);
    assert_eq!(unknown.status(), StatusCode::OK);
    let (known, unknown): (Value, Value) =
        (known.json().await.unwrap(), unknown.json().await.unwrap());
    assert_eq!(known, unknown, "same reply for known and unknown addresses");
    sink.wait_until(|m| m.len() > before).await;
    // The unknown address's turn came after the known one's.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        sink.messages().len(),
        before + 1,
        "no e-mail for an unknown address"
    );
    let mail = sink.last_to("anna@ferramenta.it");
    assert!(
        mail.data
            .contains("Subject: Reimposta la tua password - Vetrina"),
        "{}",
        mail.data
    );
    let token = token_in(&mail.data, "/reset-password");
    let row = email_token::Entity::find()
        .filter(email_token::Column::Kind.eq("reset"))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((row.expires_at - row.created_at).whole_minutes(), 60);

    // Section 5 rules, in order, each with its message; the token stays usable.
    let cases = [
        ("", "", 400, "Tutti i campi sono obbligatori."),
        (
            NEW_PASSWORD,
            "Altra2027?",
            422,
            "Le password non corrispondono",
        ),
        (
            "Ab1?",
            "Ab1?",
            422,
            "La password deve avere almeno 8 caratteri.",
        ),
        (
            "magazzino2027?",
            "magazzino2027?",
            422,
            "La password deve contenere almeno una lettera maiuscola.",
        ),
        (
            "MAGAZZINO2027?",
            "MAGAZZINO2027?",
            422,
            "La password deve contenere almeno una lettera minuscola.",
        ),
        (
            "Magazzino????",
            "Magazzino????",
            422,
            "La password deve contenere almeno un numero.",
        ),
        (
            "Magazzino2027",
            "Magazzino2027",
            422,
            "La password deve contenere almeno un carattere speciale.",
        ),
    ];
    for (password, confirm, status, message) in cases {
        let reply = error_of(confirm_reset(&app, &token, password, confirm).await, status).await;
        assert_eq!(reply["error"], message, "{password}/{confirm}");
        if status == 422 {
            assert_eq!(reply["code"], "validation", "{password}/{confirm}");
            assert!(reply["fields"].is_object(), "{reply}");
        }
    }
    let no_token = error_of(
        confirm_reset(&app, "", NEW_PASSWORD, NEW_PASSWORD).await,
        400,
    )
    .await;
    assert_eq!(no_token["error"], "Token non valido");
    assert_eq!(no_token["code"], "token_invalid");

    let done = confirm_reset(&app, &token, NEW_PASSWORD, NEW_PASSWORD).await;
    assert_eq!(done.status(), StatusCode::OK);
    assert!(
        done.headers().get("set-cookie").is_none(),
        "a reset does not log in"
    );
    assert_eq!(
        done.json::<Value>().await.unwrap()["message"],
        "Password reimpostata"
    );

    assert_eq!(
        anna.get("/api/stores/me").await.status(),
        StatusCode::UNAUTHORIZED,
        "sessions ended"
    );
    assert_eq!(
        login(&app, "anna@ferramenta.it", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        login(&app, "anna@ferramenta.it", NEW_PASSWORD)
            .await
            .status(),
        StatusCode::OK
    );

    let reused = error_of(
        confirm_reset(&app, &token, "Terza2028!x", "Terza2028!x").await,
        400,
    )
    .await;
    assert_eq!(
        reused["error"],
        "Token non valido o scaduto. Richiedi un nuovo link."
    );
    assert_eq!(
        reused["code"], "token_invalid",
        "the page shows its invalid-link screen: {reused}"
    );
    assert_eq!(
        login(&app, "anna@ferramenta.it", NEW_PASSWORD)
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_newer_reset_link_voids_the_older_one_and_links_expire() {
    let sink = SmtpSink::start().await;
    let app = spawn_app_with_smtp(&sink.url).await;
    app.shop("anna@ferramenta.it").await;
    let is_reset = |m: &Received| m.data.contains("/reset-password?token=");
    for sent in 1..=2 {
        let reply = app
            .post(
                "/api/auth/request-password-reset",
                json!({"email": "anna@ferramenta.it"}),
            )
            .await;
        assert_eq!(reply.status(), StatusCode::OK);
        sink.wait_until(|m| m.iter().filter(|m| is_reset(m)).count() == sent)
            .await;
    }
    let resets: Vec<String> = sink
        .messages()
        .iter()
        .filter(|m| m.data.contains("/reset-password?token="))
        .map(|m| token_in(&m.data, "/reset-password"))
        .collect();
    assert_eq!(resets.len(), 2);
    let (older, newer) = (&resets[0], &resets[1]);
    assert_ne!(older, newer);
    let refused = error_of(
        confirm_reset(&app, older, NEW_PASSWORD, NEW_PASSWORD).await,
        400,
    )
    .await;
    assert_eq!(
        refused["error"],
        "Token non valido o scaduto. Richiedi un nuovo link."
    );
    assert_eq!(refused["code"], "token_invalid", "voided, not expired");
    assert_eq!(
        login(&app, "anna@ferramenta.it", PASSWORD).await.status(),
        StatusCode::OK,
        "password unchanged"
    );

    expire_tokens(&app).await;
    let expired = error_of(
        confirm_reset(&app, newer, NEW_PASSWORD, NEW_PASSWORD).await,
        400,
    )
    .await;
    assert_eq!(expired["code"], "token_expired");
    assert_eq!(
        expired["error"],
        "Token non valido o scaduto. Richiedi un nuovo link."
    );
    assert_eq!(
        login(&app, "anna@ferramenta.it", PASSWORD).await.status(),
        StatusCode::OK
    );

    let third = app
        .post(
            "/api/auth/request-password-reset",
            json!({"email": "anna@ferramenta.it"}),
        )
        .await;
    assert_eq!(third.status(), StatusCode::OK);
    sink.wait_until(|m| m.iter().filter(|m| is_reset(m)).count() == 3)
        .await;
    let latest = token_in(&sink.last_to("anna@ferramenta.it").data, "/reset-password");
    assert_eq!(
        confirm_reset(&app, &latest, NEW_PASSWORD, NEW_PASSWORD)
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        login(&app, "anna@ferramenta.it", NEW_PASSWORD)
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_mail_server_that_is_down_keeps_the_account_and_says_so() {
    // A port with nobody listening.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("smtp://{}", closed.local_addr().unwrap());
    drop(closed);
    let app = spawn_app_with_smtp(&url).await;

    let reply = app.register("anna@ferramenta.it", "Ferramenta Anna").await;
    assert_eq!(
        reply.status(),
        StatusCode::CREATED,
        "the account is created all the same"
    );
    let body: Value = reply.json().await.unwrap();
    assert_eq!(body["emailSent"], false);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("non è stato possibile inviare l'email"),
        "{body}"
    );
    // The account exists: the address is taken and the password is right.
    assert_eq!(
        app.register("anna@ferramenta.it", "Ferramenta Anna")
            .await
            .status(),
        StatusCode::CONFLICT
    );
    assert_eq!(
        error_of(login(&app, "anna@ferramenta.it", PASSWORD).await, 403).await["code"],
        "email_not_verified"
    );

    // No cooldown was started by the message that did not leave. A new link leaves after
    // the reply, which must not tell an unconfirmed address from others, by content or by
    // time: the failure is the server's log's.
    let resend = app
        .post(
            "/api/auth/resend-verification",
            json!({"email": "anna@ferramenta.it"}),
        )
        .await;
    assert_eq!(resend.status(), StatusCode::OK);
    // A reset link leaves after the reply (which must not tell known addresses from
    // unknown ones, by content or by time): the failure is the server's log's.
    let reset = app
        .post(
            "/api/auth/request-password-reset",
            json!({"email": "anna@ferramenta.it"}),
        )
        .await;
    assert_eq!(reset.status(), StatusCode::OK);
}

/// A mail server that hangs up at once until `stall` is set, then accepts connections and
/// never answers: sending hangs until lettre's timeout.
async fn stalling_smtp() -> (String, Arc<AtomicBool>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("smtp://{}", listener.local_addr().unwrap());
    let stall = Arc::new(AtomicBool::new(false));
    let stalling = stall.clone();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            if stalling.load(Ordering::SeqCst) {
                held.push(socket);
            }
        }
    });
    (url, stall)
}

#[tokio::test]
async fn a_reset_request_answers_as_fast_for_a_known_address_as_for_an_unknown_one() {
    let (smtp, stall) = stalling_smtp().await;
    let app = spawn_app_with_smtp(&smtp).await;
    app.shop("anna@ferramenta.it").await;
    stall.store(true, Ordering::SeqCst);
    let timed = |email: &'static str| {
        let app = &app;
        async move {
            let started = std::time::Instant::now();
            let reply = app
                .post("/api/auth/request-password-reset", json!({"email": email}))
                .await;
            assert_eq!(reply.status(), StatusCode::OK, "{email}");
            started.elapsed()
        }
    };
    // Sending to the stalled server takes lettre's whole timeout: a reply that waited for
    // it would take seconds for the known address and milliseconds for the unknown one.
    let unknown = timed("nessuno@ferramenta.it").await;
    let known = timed("anna@ferramenta.it").await;
    assert!(
        known < std::time::Duration::from_secs(1),
        "known address answered in {known:?}, unknown in {unknown:?}"
    );
}

#[tokio::test]
async fn without_smtp_the_messages_go_to_the_outbox_folder() {
    let app = spawn_app().await;
    assert_eq!(
        app.register("anna@ferramenta.it", "Ferramenta Anna")
            .await
            .status(),
        StatusCode::CREATED
    );
    let outbox = app.data_dir.join("outbox");
    let files: Vec<_> = std::fs::read_dir(&outbox)
        .expect("outbox exists")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].extension().unwrap(), "eml");
    let eml = std::fs::read_to_string(&files[0]).unwrap();
    assert!(eml.contains("To: anna@ferramenta.it"), "{eml}");
    assert!(
        eml.contains(&format!("{}/verify-email?token=", app.url)),
        "{eml}"
    );
    let token = token_in(&eml, "/verify-email");
    assert_eq!(verify(&app, &token).await.status(), StatusCode::OK);
    assert_eq!(
        login(&app, "anna@ferramenta.it", PASSWORD).await.status(),
        StatusCode::OK
    );

    assert_eq!(
        app.post(
            "/api/auth/request-password-reset",
            json!({"email": "anna@ferramenta.it"})
        )
        .await
        .status(),
        200
    );
    // The reset link is written after the reply.
    let mut written = 0;
    for _ in 0..100 {
        written = std::fs::read_dir(&outbox).unwrap().count();
        if written == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(written, 2);
}

fn png() -> Vec<u8> {
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(
        120,
        40,
        image::Rgba([200, 40, 40, 255]),
    ))
    .write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .unwrap();
    bytes
}

async fn upload(app: &TestApp, name: &str, mime: &str, bytes: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str(mime)
        .unwrap();
    let form = reqwest::multipart::Form::new().part("file", part);
    browser()
        .post(format!("{}/api/uploads/logo", app.url))
        .multipart(form)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_logo_upload_accepts_images_by_content_and_serves_them_safely() {
    let app = spawn_app().await;
    let reply = upload(&app, "logo.png", "image/png", png()).await;
    assert_eq!(reply.status(), StatusCode::CREATED);
    let url = reply.json::<Value>().await.unwrap()["url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        url.starts_with("/media/logos/") && url.ends_with(".png"),
        "{url}"
    );
    let served = app.get(&url).await;
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    let copy = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
    assert_eq!((copy.width(), copy.height()), (120, 40));

    // The name and the declared type do not make a text file an image.
    let fake = error_of(
        upload(
            &app,
            "logo.png",
            "image/png",
            b"<script>alert(1)</script>".to_vec(),
        )
        .await,
        415,
    )
    .await;
    assert_eq!(
        fake["error"],
        "Il file non è un'immagine leggibile: carica il logo in formato PNG, JPEG, WebP o GIF."
    );
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    error_of(upload(&app, "logo.svg", "image/svg+xml", svg).await, 415).await;
    let mut big = png();
    big.resize(5 * 1024 * 1024 + 1, 0);
    let large = error_of(upload(&app, "logo.png", "image/png", big).await, 413).await;
    assert_eq!(
        large["error"],
        "Il logo supera i 5 MB: scegline uno più leggero."
    );
    let mut just_fits = png();
    just_fits.resize(5 * 1024 * 1024, 0);
    assert_eq!(
        upload(&app, "logo.png", "image/png", just_fits)
            .await
            .status(),
        StatusCode::CREATED
    );

    // The uploaded path is accepted as the shop's logo.
    let mut shop = crate::helpers::registration("carla@colori.it", "Colorificio Carla");
    shop["logo_img_url"] = json!(url);
    let reply = browser()
        .post(format!("{}/api/stores", app.url))
        .json(&shop)
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), StatusCode::CREATED);
    assert_eq!(reply.json::<Value>().await.unwrap()["logo_img_url"], url);
}
