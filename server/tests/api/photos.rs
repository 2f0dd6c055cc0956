//! The owner's photos of a product: stored re-encoded in four widths, the first is the
//! product's picture on every page, and bad uploads get a clear answer and change nothing.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::helpers::{error_of, spawn_app, Shop, TestApp};

pub(crate) fn picture(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
    }))
    .write_to(&mut std::io::Cursor::new(&mut bytes), format)
    .unwrap();
    bytes
}

pub(crate) async fn upload(
    shop: &Shop,
    product: i64,
    name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let part = Part::bytes(bytes).file_name(name.to_owned());
    shop.client
        .post(format!("{}/api/products/{product}/photos", shop.url))
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

pub(crate) async fn photos_of(shop: &Shop, product: i64) -> Vec<String> {
    let reply: Value = shop
        .get(&format!("/api/products/{product}/photos"))
        .await
        .json()
        .await
        .unwrap();
    reply["photos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect()
}

async fn public_product(app: &TestApp, id: i64) -> Value {
    app.get(&format!("/api/products/{id}"))
        .await
        .json()
        .await
        .unwrap()
}

async fn width_of(shop: &Shop, url: &str) -> u32 {
    let reply = shop.get(url).await;
    assert_eq!(reply.status(), 200, "{url}");
    let bytes = reply.bytes().await.unwrap();
    image::load_from_memory(&bytes).unwrap().width()
}

#[tokio::test]
async fn the_owners_photos_become_the_products_picture_in_four_widths_and_on_its_page() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let product = shop.add_product("Trapano avvitatore 18V").await;
    let id = product["id"].as_i64().unwrap();
    shop.images_settled().await;

    let reply = upload(
        &shop,
        id,
        "trapano.jpg",
        picture(2400, 1600, image::ImageFormat::Jpeg),
    )
    .await;
    assert_eq!(reply.status(), 201);
    let body: Value = reply.json().await.unwrap();
    let first = body["photos"][0].as_str().unwrap().to_owned();
    assert!(
        first.starts_with("/media/products/ph-") && first.ends_with("-800.jpg"),
        "{first}"
    );
    assert_eq!(
        body["image_url"],
        json!(first),
        "the first photo is the picture"
    );
    for (suffix, width) in [
        ("-160.jpg", 160),
        ("-400.jpg", 400),
        ("-800.jpg", 800),
        ("-1600.jpg", 1600),
    ] {
        let url = first.replace("-800.jpg", suffix);
        assert_eq!(width_of(&shop, &url).await, width, "{url}");
    }

    // A small PNG is never enlarged: its copies keep its width.
    let reply = upload(
        &shop,
        id,
        "dettaglio.png",
        picture(300, 200, image::ImageFormat::Png),
    )
    .await;
    assert_eq!(reply.status(), 201);
    let body: Value = reply.json().await.unwrap();
    let second = body["photos"][1].as_str().unwrap().to_owned();
    assert_eq!(
        body["image_url"],
        json!(first),
        "a later photo does not replace the picture"
    );
    assert_eq!(
        width_of(&shop, &second.replace("-800.jpg", "-1600.jpg")).await,
        300
    );
    assert_eq!(
        photos_of(&shop, id).await,
        vec![first.clone(), second.clone()]
    );

    // The same photo again is not a third one.
    let again = upload(
        &shop,
        id,
        "copia.png",
        picture(300, 200, image::ImageFormat::Png),
    )
    .await;
    assert_eq!(again.status(), 201);
    assert_eq!(photos_of(&shop, id).await.len(), 2);

    // The product page shows both, and tells search engines about both.
    let page_url = format!(
        "/product/{}/negozio-anna/{id}/trapano-avvitatore-18v",
        shop.id
    );
    let page = shop.get(&page_url).await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(
        html.contains(&first.replace("-800.jpg", "-1600.jpg")),
        "srcset of the main photo"
    );
    assert!(html.contains(&second), "the second photo in the gallery");
    let ld_images = html
        .split("\"image\":[")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_default()
        .to_owned();
    assert!(
        ld_images.contains(&first) && ld_images.contains(&second),
        "JSON-LD: {ld_images}"
    );
    let og_image = html
        .split("property=\"og:image\" content=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_default();
    assert!(
        og_image.starts_with("http") && og_image.ends_with(&first),
        "Open Graph shows the first photo: {og_image}"
    );

    // Reordered: the new first is the picture everywhere.
    let reply = shop
        .put(
            &format!("/api/products/{id}/photos"),
            json!({"photos": [second, first]}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    assert_eq!(public_product(&app, id).await["image_url"], json!(second));

    // All removed: the drawn tile comes back.
    let reply = shop
        .put(&format!("/api/products/{id}/photos"), json!({"photos": []}))
        .await;
    assert_eq!(reply.status(), 200);
    shop.images_settled().await;
    let public = public_product(&app, id).await;
    let picture = public["image_url"].as_str().unwrap();
    assert!(picture.ends_with(".svg"), "tile again: {picture}");
}

#[tokio::test]
async fn bad_photos_get_a_clear_answer_and_change_nothing() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let other = app.shop("bruno@edilizia.it").await;
    let id = shop.add_product("Silicone sigillante").await["id"]
        .as_i64()
        .unwrap();
    let ok = upload(
        &shop,
        id,
        "a.jpg",
        picture(640, 480, image::ImageFormat::Jpeg),
    )
    .await;
    assert_eq!(ok.status(), 201);
    let before = photos_of(&shop, id).await;

    let text = upload(
        &shop,
        id,
        "listino.jpg",
        b"nome;prezzo\nSilicone;4,50\n".to_vec(),
    )
    .await;
    let body = error_of(text, 415).await;
    assert!(
        body["error"].as_str().unwrap().contains("non è una foto"),
        "{body}"
    );

    let mut broken = picture(640, 480, image::ImageFormat::Jpeg);
    broken.truncate(300);
    let body = error_of(upload(&shop, id, "rotta.jpg", broken).await, 415).await;
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("Non riusciamo a leggere"),
        "{body}"
    );

    let mut huge = picture(64, 64, image::ImageFormat::Jpeg);
    huge.resize(10 * 1024 * 1024 + 1, 0);
    let body = error_of(upload(&shop, id, "enorme.jpg", huge).await, 413).await;
    assert!(body["error"].as_str().unwrap().contains("10 MB"), "{body}");

    let empty = shop
        .client
        .post(format!("{}/api/products/{id}/photos", shop.url))
        .multipart(Form::new().text("note", "niente"))
        .send()
        .await
        .unwrap();
    error_of(empty, 400).await;

    // Another shop's product looks missing, to upload and to arrange.
    let foreign = upload(
        &other,
        id,
        "b.jpg",
        picture(64, 64, image::ImageFormat::Jpeg),
    )
    .await;
    error_of(foreign, 404).await;
    let foreign = other
        .put(&format!("/api/products/{id}/photos"), json!({"photos": []}))
        .await;
    error_of(foreign, 404).await;

    // Without a session.
    let anonymous = reqwest::Client::new()
        .post(format!("{}/api/products/{id}/photos", app.url))
        .multipart(Form::new().part(
            "file",
            Part::bytes(picture(8, 8, image::ImageFormat::Png)).file_name("c.png"),
        ))
        .send()
        .await
        .unwrap();
    error_of(anonymous, 401).await;

    // An address that is not one of the product's photos, or one twice.
    let other_product = other.add_product("Malta").await["id"].as_i64().unwrap();
    let theirs = upload(
        &other,
        other_product,
        "d.jpg",
        picture(90, 90, image::ImageFormat::Jpeg),
    )
    .await;
    let theirs: Value = theirs.json().await.unwrap();
    let stranger = theirs["photos"][0].as_str().unwrap();
    let reply = shop
        .put(
            &format!("/api/products/{id}/photos"),
            json!({"photos": [stranger]}),
        )
        .await;
    error_of(reply, 422).await;
    let reply = shop
        .put(
            &format!("/api/products/{id}/photos"),
            json!({"photos": [before[0], before[0]]}),
        )
        .await;
    error_of(reply, 422).await;
    let reply = shop
        .put(
            &format!("/api/products/{id}/photos"),
            json!({"pictures": []}),
        )
        .await;
    assert_eq!(reply.status().as_u16() / 100, 4);

    assert_eq!(photos_of(&shop, id).await, before, "nothing changed");

    // Six at most.
    for n in 1..6u32 {
        let reply = upload(
            &shop,
            id,
            "x.png",
            picture(50 + n, 50, image::ImageFormat::Png),
        )
        .await;
        assert_eq!(reply.status(), 201);
    }
    let body = error_of(
        upload(&shop, id, "y.png", picture(70, 70, image::ImageFormat::Png)).await,
        409,
    )
    .await;
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("al massimo 6 foto"),
        "{body}"
    );
    assert_eq!(photos_of(&shop, id).await.len(), 6);
    assert_eq!(
        photos_of(&shop, id).await[0],
        before[0],
        "the picture stays"
    );
}

fn age(file: &std::path::Path) {
    let handle = std::fs::File::options().write(true).open(file).unwrap();
    handle
        .set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(2 * 24 * 3600))
        .unwrap();
}

async fn remove_unused(app: &TestApp) -> usize {
    vetrina::services::photos::remove_unused_files(
        &app.state,
        vetrina::services::photos::UNUSED_KEPT,
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn photo_files_no_product_uses_are_removed_after_a_day() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let id = shop.add_product("Secchio muratore").await["id"]
        .as_i64()
        .unwrap();
    let kept: Value = upload(
        &shop,
        id,
        "a.jpg",
        picture(500, 400, image::ImageFormat::Jpeg),
    )
    .await
    .json()
    .await
    .unwrap();
    let kept = kept["photos"][0].as_str().unwrap().to_owned();
    let dropped: Value = upload(
        &shop,
        id,
        "b.png",
        picture(120, 90, image::ImageFormat::Png),
    )
    .await
    .json()
    .await
    .unwrap();
    let dropped = dropped["photos"][1].as_str().unwrap().to_owned();
    let reply = shop
        .put(
            &format!("/api/products/{id}/photos"),
            json!({"photos": [kept]}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    // taken off today: kept until it is a day old
    let files = |url: &str| -> Vec<std::path::PathBuf> {
        [160, 400, 800, 1600]
            .iter()
            .map(|w| {
                app.data_dir.join("media").join(
                    url.trim_start_matches("/media/")
                        .replace("-800.jpg", &format!("-{w}.jpg")),
                )
            })
            .collect()
    };
    let removed = remove_unused(&app).await;
    assert_eq!(removed, 0, "nothing is a day old yet");
    for file in files(&kept).iter().chain(&files(&dropped)) {
        age(file);
    }
    let removed = remove_unused(&app).await;
    assert_eq!(removed, 4, "the four widths of the photo taken off");
    assert!(files(&dropped).iter().all(|f| !f.exists()));
    assert!(
        files(&kept).iter().all(|f| f.exists()),
        "a product's photo stays, however old"
    );
    assert_eq!(app.get(&kept).await.status(), 200);

    // The same file uploaded again after it was removed is stored again.
    let again = upload(
        &shop,
        id,
        "b.png",
        picture(120, 90, image::ImageFormat::Png),
    )
    .await;
    assert_eq!(again.status(), 201);
    assert_eq!(app.get(&dropped).await.status(), 200);
}

async fn upload_shop_photo(shop: &Shop, bytes: Vec<u8>) -> reqwest::Response {
    let part = Part::bytes(bytes).file_name("negozio.jpg");
    shop.client
        .post(format!("{}/api/stores/me/photos", shop.url))
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_shops_own_photos_are_kept_ordered_published_and_never_cleaned_away() {
    let app = spawn_app().await;
    let shop = app.shop("vetrina@ferramenta.it").await;
    let mut urls = Vec::new();
    for (w, h) in [(1200, 900), (800, 800)] {
        let reply = upload_shop_photo(&shop, picture(w, h, image::ImageFormat::Jpeg)).await;
        assert_eq!(reply.status(), 201);
        let body: Value = reply.json().await.unwrap();
        urls = body["photos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap().to_owned())
            .collect();
    }
    assert_eq!(urls.len(), 2);
    // Not a picture: 415 in Italian, nothing added.
    let reply = upload_shop_photo(&shop, b"nome;prezzo\n".to_vec()).await;
    assert_eq!(reply.status(), 415);
    // Reordered; another shop cannot name these photos.
    let reply = shop
        .put(
            "/api/stores/me/photos",
            json!({"photos": [urls[1], urls[0]]}),
        )
        .await;
    assert_eq!(reply.status(), 200);
    let other = app.shop("altro@ferramenta.it").await;
    let error = error_of(
        other
            .put("/api/stores/me/photos", json!({"photos": [urls[0]]}))
            .await,
        422,
    )
    .await;
    assert_eq!(
        error["fields"]["photos"],
        "Alcune foto indicate non sono di questo negozio."
    );

    // The shop page shows them and gives them to search engines, first first.
    let me = shop.me().await;
    assert_eq!(me["photos"], json!([urls[1], urls[0]]));
    let page = app
        .get(&format!(
            "/store/{}/{}",
            shop.id,
            me["slug"].as_str().unwrap()
        ))
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains("data-shop-photos"));
    let store = crate::pages::json_ld(&page)
        .into_iter()
        .find(|b| b["@type"] == "HardwareStore")
        .unwrap();
    assert_eq!(
        store["image"],
        json!([
            format!("{}{}", app.url, urls[1]),
            format!("{}{}", app.url, urls[0])
        ])
    );

    // Housekeeping, however old the files: a shop's photo is in use.
    for url in &urls {
        for w in [160, 400, 800, 1600] {
            age(&app.data_dir.join("media").join(
                url.trim_start_matches("/media/")
                    .replace("-800.jpg", &format!("-{w}.jpg")),
            ));
        }
    }
    assert_eq!(remove_unused(&app).await, 0);
    assert_eq!(app.get(&urls[0]).await.status(), 200);

    // Six at most: the seventh is refused before it is read.
    for _ in 0..4 {
        assert_eq!(
            upload_shop_photo(&shop, picture(300, 200, image::ImageFormat::Png))
                .await
                .status(),
            201
        );
    }
    let error = error_of(
        upload_shop_photo(&shop, picture(300, 200, image::ImageFormat::Png)).await,
        409,
    )
    .await;
    assert_eq!(
        error["error"],
        "Il negozio può avere al massimo 6 foto: togline una per aggiungerne un'altra."
    );
}
