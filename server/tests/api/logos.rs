//! A shop's logo is a file of ours: a web address is fetched once through the outbound
//! guard and its copy served; uploads nobody uses are removed after a day.

use std::time::{Duration, SystemTime};

use serde_json::{json, Value};
use vetrina::services::logo_files;
use wiremock::matchers::path;
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{browser, error_of, registration, spawn_app, spawn_app_with, TestApp};

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut png = Vec::new();
    image::DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(
        width,
        height,
        image::Rgba([20, 90, 160, 255]),
    ))
    .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
    .unwrap();
    png
}

async fn logo_server() -> MockServer {
    let server = MockServer::start().await;
    Mock::given(path("/logo.png"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(png(1600, 400), "image/png"))
        .mount(&server)
        .await;
    Mock::given(path("/pagina.html"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("<html></html>", "text/html"))
        .mount(&server)
        .await;
    server
}

async fn register_with_logo(app: &TestApp, email: &str, logo: &str) -> reqwest::Response {
    let mut shop = registration(email, "Ferramenta Anna");
    shop["logo_img_url"] = json!(logo);
    browser()
        .post(format!("{}/api/stores", app.url))
        .json(&shop)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_logo_given_by_address_is_copied_and_only_the_copy_reaches_visitors() {
    let images = logo_server().await;
    let port = images.address().port();
    let app = spawn_app_with(|c| c.fetch_policy.allowed_loopback_ports = vec![port]).await;
    let external = format!("{}/logo.png", images.uri());

    let reply = register_with_logo(&app, "anna@ferramenta.it", &external).await;
    assert_eq!(reply.status(), 201);
    let shop: Value = reply.json().await.unwrap();
    let logo = shop["logo_img_url"].as_str().unwrap().to_owned();
    assert!(
        logo.starts_with("/media/logos/") && logo.ends_with(".png"),
        "{logo}"
    );
    let served = app.get(&logo).await;
    assert_eq!(served.status(), 200);
    let copy = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
    assert_eq!(
        copy.width(),
        512,
        "stored at a logo's size, not the original's"
    );
    app.mark_verified("anna@ferramenta.it").await;
    let page = app
        .get(&format!(
            "/store/{}/{}",
            shop["id"],
            shop["slug"].as_str().unwrap()
        ))
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains(&logo));
    assert!(
        !page.contains(&images.uri()),
        "the third party's address is on the page"
    );

    // An address that gives no image, or one inside our network, is refused on the field.
    for bad in [
        format!("{}/pagina.html", images.uri()),
        format!("{}/manca.png", images.uri()),
        "http://10.0.0.1/logo.png".to_owned(),
    ] {
        let error = error_of(
            register_with_logo(&app, "bruno@edilizia.it", &bad).await,
            422,
        )
        .await;
        assert_eq!(
            error["fields"]["logo_img_url"],
            "Non è stato possibile scaricare un'immagine da questo indirizzo: carica il logo dal tuo computer.",
            "{bad}"
        );
    }
    // The same in the shop's settings.
    let anna = app.login_as("anna@ferramenta.it").await;
    let changed: Value = anna
        .put(
            &format!("/api/stores/{}", shop["id"]),
            json!({"logo_img_url": external}),
        )
        .await
        .json()
        .await
        .unwrap();
    let second = changed["logo_img_url"].as_str().unwrap();
    assert!(
        second.starts_with("/media/logos/") && second != logo,
        "{changed}"
    );
}

#[tokio::test]
async fn older_external_logos_are_hidden_then_copied_by_the_housekeeping_job() {
    let images = logo_server().await;
    let port = images.address().port();
    let app = spawn_app_with(|c| c.fetch_policy.allowed_loopback_ports = vec![port]).await;
    let anna = app.shop("anna@ferramenta.it").await;
    let bruno = app.shop("bruno@edilizia.it").await;
    // Saved by a version that kept the address as given.
    app.sql(&format!(
        "UPDATE stores SET logo_img_url = '{}/logo.png' WHERE id = {}",
        images.uri(),
        anna.id
    ))
    .await;
    app.sql(&format!(
        "UPDATE stores SET logo_img_url = '{}/pagina.html' WHERE id = {}",
        images.uri(),
        bruno.id
    ))
    .await;
    let public: Value = app
        .get(&format!("/api/stores/{}", anna.id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        public["logo_img_url"],
        Value::Null,
        "never sent to a browser"
    );

    logo_files::tend(&app.state).await.unwrap();
    let copied = anna.me().await["logo_img_url"].as_str().unwrap().to_owned();
    assert!(copied.starts_with("/media/logos/"), "{copied}");
    assert_eq!(app.get(&copied).await.status(), 200);
    assert_eq!(
        bruno.me().await["logo_img_url"],
        Value::Null,
        "no image there: dropped"
    );
}

fn age(file: &std::path::Path, by: Duration) {
    let handle = std::fs::File::options().write(true).open(file).unwrap();
    handle.set_modified(SystemTime::now() - by).unwrap();
}

#[tokio::test]
async fn uploads_no_shop_uses_are_removed_after_a_day() {
    let app = spawn_app().await;
    let upload = || async {
        let part = reqwest::multipart::Part::bytes(png(40, 40))
            .file_name("logo.png")
            .mime_str("image/png")
            .unwrap();
        let reply: Value = browser()
            .post(format!("{}/api/uploads/logo", app.url))
            .multipart(reqwest::multipart::Form::new().part("file", part))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        reply["url"].as_str().unwrap().to_owned()
    };
    let used = upload().await;
    let abandoned = upload().await;
    let fresh = upload().await;
    let mut shop = registration("anna@ferramenta.it", "Ferramenta Anna");
    shop["logo_img_url"] = json!(used);
    let reply = browser()
        .post(format!("{}/api/stores", app.url))
        .json(&shop)
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), 201);
    let file_of = |url: &str| {
        app.data_dir
            .join("media")
            .join(url.trim_start_matches("/media/"))
    };
    let two_days = Duration::from_secs(2 * 24 * 3600);
    age(&file_of(&used), two_days);
    age(&file_of(&abandoned), two_days);

    let removed = logo_files::remove_unused(&app.state, logo_files::UNUSED_KEPT)
        .await
        .unwrap();
    assert_eq!(removed, 1);
    assert!(
        !file_of(&abandoned).exists(),
        "an old upload nobody uses is gone"
    );
    assert!(
        file_of(&used).exists(),
        "the shop's logo stays, however old"
    );
    assert!(
        file_of(&fresh).exists(),
        "a new upload waits for its registration"
    );
    assert_eq!(app.get(&used).await.status(), 200);
    assert_eq!(app.get(&abandoned).await.status(), 404);
}

/// A PNG of noise: it does not compress, so its file is about `side² × 4` bytes.
fn noise_png(side: u32, seed: u32) -> Vec<u8> {
    let mut state = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let picture = image::RgbaImage::from_fn(side, side, |_, _| image::Rgba(next().to_le_bytes()));
    let mut png = Vec::new();
    image::DynamicImage::ImageRgba8(picture)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    png
}

async fn upload_logo(app: &TestApp, bytes: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes)
        .file_name("logo.png")
        .mime_str("image/png")
        .unwrap();
    browser()
        .post(format!("{}/api/uploads/logo", app.url))
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

fn stored_logos(app: &TestApp) -> Vec<std::path::PathBuf> {
    match std::fs::read_dir(app.data_dir.join("media").join("logos")) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    }
}

#[tokio::test]
async fn bytes_that_are_no_picture_are_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    // Random bytes behind a PNG signature, as the disk was filled with.
    let mut fake = b"\x89PNG\r\n\x1a\n".to_vec();
    fake.extend(noise_png(200, 1).into_iter().skip(8).map(|b| b ^ 0x5A));
    let error = error_of(upload_logo(&app, fake).await, 415).await;
    assert_eq!(
        error["error"],
        "Il file non è un'immagine leggibile: carica il logo in formato PNG, JPEG, WebP o GIF."
    );
    // 121 megapixels in two megabytes, refused from its header.
    let huge = crate::image_limits::large_png(11_000, 11_000, 0);
    let error = error_of(upload_logo(&app, huge).await, 413).await;
    assert_eq!(
        error["error"],
        "Il logo è troppo grande: al massimo 40 megapixel. Riducilo e riprova."
    );
    // Over 5 MB: the API's Italian answer, not a bare status.
    let mut heavy = noise_png(8, 2);
    heavy.resize(15 * 1024 * 1024, 0);
    let error = error_of(upload_logo(&app, heavy).await, 413).await;
    assert_eq!(
        error["error"],
        "Il logo supera i 5 MB: scegline uno più leggero."
    );
    assert_eq!(stored_logos(&app), Vec::<std::path::PathBuf>::new());
}

#[tokio::test]
async fn an_uploaded_logo_is_stored_re_encoded_within_512_pixels() {
    let app = spawn_app().await;
    let mut jpeg = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(1800, 1200, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
    }))
    .write_to(
        &mut std::io::Cursor::new(&mut jpeg),
        image::ImageFormat::Jpeg,
    )
    .unwrap();
    for (sent, expected) in [(jpeg, (512, 341)), (noise_png(700, 3), (512, 512))] {
        let reply = upload_logo(&app, sent.clone()).await;
        assert_eq!(reply.status(), 201);
        let url = reply.json::<Value>().await.unwrap()["url"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(url.ends_with(".png"), "{url}");
        let stored = app.get(&url).await.bytes().await.unwrap();
        assert_ne!(stored.to_vec(), sent, "stored as sent");
        let copy = image::load_from_memory_with_format(&stored, image::ImageFormat::Png).unwrap();
        assert_eq!((copy.width(), copy.height()), expected);
        assert!(
            stored.len() <= 512 * 512 * 4 + 64 * 1024,
            "{}",
            stored.len()
        );
    }
}

#[tokio::test]
async fn a_client_gets_429_past_its_hourly_megabytes_of_logos() {
    let app = spawn_app_with(|c| c.limits.upload_mb_per_hour = 1).await;
    let logo = noise_png(300, 4); // about 350 KB
    assert!(logo.len() > 340 * 1024, "{}", logo.len());
    for _ in 0..2 {
        assert_eq!(upload_logo(&app, logo.clone()).await.status(), 201);
    }
    let refused = upload_logo(&app, logo.clone()).await;
    let retry_after: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((3500..=3600).contains(&retry_after), "{retry_after}");
    let error = error_of(refused, 429).await;
    assert_eq!(
        error["error"],
        "Troppi dati caricati da questa connessione nell'ultima ora. Riprova più tardi."
    );
    assert_eq!(stored_logos(&app).len(), 2);

    // Bytes that are no picture count as well: a fresh client's allowance is spent by them.
    let fresh = spawn_app_with(|c| c.limits.upload_mb_per_hour = 1).await;
    let mut fake = b"\x89PNG\r\n\x1a\n".to_vec();
    fake.resize(800 * 1024, 0xAB);
    error_of(upload_logo(&fresh, fake).await, 415).await;
    error_of(upload_logo(&fresh, logo.clone()).await, 429).await;
    assert!(stored_logos(&fresh).is_empty());

    // The count is the client's: another address has its own (the bucket is keyed by it).
    vetrina::services::rate_limit::take_amount(
        &app.state.db,
        &vetrina::api::uploads::bytes_bucket("203.0.113.7".parse().unwrap()),
        logo.len() as u64,
        1024 * 1024,
        time::Duration::hours(1),
        "",
    )
    .await
    .unwrap();
}
