//! Security headers: a page may not be framed and runs only our own scripts; owner API
//! replies are never stored by a cache; HSTS only behind an https public URL.

use reqwest::header::HeaderMap;
use vetrina::config::parse_public_url;

use crate::helpers::{spawn_app, spawn_app_with};

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .unwrap_or_else(|| panic!("{name} missing"))
        .to_str()
        .unwrap()
}

fn assert_not_frameable(headers: &HeaderMap) {
    assert_eq!(header(headers, "x-frame-options"), "DENY");
    assert_eq!(header(headers, "x-content-type-options"), "nosniff");
    assert_eq!(
        header(headers, "referrer-policy"),
        "strict-origin-when-cross-origin"
    );
    assert!(header(headers, "content-security-policy").contains("frame-ancestors 'none'"));
}

#[tokio::test]
async fn pages_carry_a_policy_that_runs_only_our_scripts() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let product = anna.add_product("Cemento Portland 32,5 R 25 kg").await;
    for path in [
        "/".to_owned(),
        "/explore".to_owned(),
        format!("/store/{}/x", anna.id),
        format!("/product/{}/x/{}/x", anna.id, product["id"]),
        "/pricing".to_owned(),
        "/login".to_owned(),
        "/dashboard".to_owned(),
        "/pagina-che-non-esiste".to_owned(),
    ] {
        // Redirects to the canonical URL are followed: the page itself is checked.
        let reply = anna.get(&path).await;
        let headers = reply.headers();
        assert!(
            header(headers, "content-type").starts_with("text/html"),
            "{path}"
        );
        assert_not_frameable(headers);
        let csp = header(headers, "content-security-policy");
        for directive in [
            "default-src 'self'",
            "script-src 'self';",
            "object-src 'none'",
            "base-uri 'self'",
            "frame-src https://www.openstreetmap.org",
            "connect-src 'self' https://nominatim.openstreetmap.org",
        ] {
            assert!(csp.contains(directive), "{directive} in {csp} ({path})");
        }
        assert!(
            !csp.contains("script-src 'self' 'unsafe-inline'") && !csp.contains("unsafe-eval"),
            "{csp}"
        );
        assert!(
            headers.get("strict-transport-security").is_none(),
            "no HSTS over http"
        );
        // Every script of the page is a file of our origin or a data block.
        let html = reply.text().await.unwrap();
        for tag in html.split("<script").skip(1) {
            let open = &tag[..tag.find('>').unwrap()];
            assert!(
                open.contains(" src=\"/")
                    || open.contains("type=\"application/json\"")
                    || open.contains("type=\"application/ld+json\""),
                "inline script on {path}: <script{open}>"
            );
        }
    }
}

#[tokio::test]
async fn owner_replies_are_never_stored_and_the_api_renders_nothing() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    for reply in [
        anna.get("/api/stores/me").await,
        anna.get(&format!("/api/stores/{}", anna.id)).await,
        app.get("/api/stores/me").await,
        anna.get("/api/stores").await,
    ] {
        let headers = reply.headers();
        assert_eq!(
            header(headers, "cache-control"),
            "no-store",
            "{}",
            reply.url()
        );
        assert_eq!(
            header(headers, "content-security-policy"),
            "default-src 'none'; frame-ancestors 'none'"
        );
        assert_not_frameable(headers);
    }
    // The public list of shops, asked without a session, is revalidated like a page.
    let public = app.get("/api/stores").await;
    assert_eq!(
        header(public.headers(), "cache-control"),
        "public, max-age=0, must-revalidate"
    );
    // Pages keep their own caching; uploaded media keep their sandbox.
    let page = app.get("/").await;
    assert_ne!(header(page.headers(), "cache-control"), "no-store");
    let logo = anna
        .client
        .post(format!("{}/api/uploads/logo", app.url))
        .multipart(
            reqwest::multipart::Form::new().part(
                "file",
                reqwest::multipart::Part::bytes(PNG.to_vec())
                    .file_name("logo.png")
                    .mime_str("image/png")
                    .unwrap(),
            ),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(logo.status(), 201);
    let logo: serde_json::Value = logo.json().await.unwrap();
    let media = app.get(logo["url"].as_str().unwrap()).await;
    assert_eq!(media.status(), 200);
    assert_eq!(
        header(media.headers(), "content-security-policy"),
        "default-src 'none'; sandbox"
    );
    assert_eq!(header(media.headers(), "x-frame-options"), "DENY");
}

#[tokio::test]
async fn hsts_only_when_the_public_url_is_https() {
    let app = spawn_app_with(|c| {
        c.public_url = parse_public_url("https://vetrina.example.it").unwrap();
    })
    .await;
    for path in ["/", "/api/stores", "/healthz"] {
        let reply = app.get(path).await;
        assert_eq!(
            header(reply.headers(), "strict-transport-security"),
            "max-age=63072000; includeSubDomains",
            "{path}"
        );
    }
    let plain = spawn_app().await;
    assert!(plain
        .get("/")
        .await
        .headers()
        .get("strict-transport-security")
        .is_none());
}

/// A 1×1 PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0,
    0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];
