//! A ZIP of product pictures named by the products' codes: every picture reaches its own
//! product of the owner's shop (never another shop's), the report says what matched and
//! what was not used, and bad ZIPs get a clear answer and leave nothing behind.

use std::io::{Cursor, Write};

use reqwest::multipart::{Form, Part};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{json, Value};
use vetrina::services::jobs;

use crate::helpers::{error_of, spawn_app, Shop, TestApp};
use crate::photos::{photos_of, picture};

pub(crate) fn zip_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        w.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(bytes).unwrap();
    }
    w.finish().unwrap().into_inner()
}

async fn send_zip(shop: &Shop, name: &str, bytes: Vec<u8>) -> reqwest::Response {
    let part = Part::bytes(bytes).file_name(name.to_owned());
    shop.client
        .post(format!("{}/api/stores/me/photo-batches", shop.url))
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

async fn add_coded(shop: &Shop, name: &str, sku: &str, ean: Option<&str>) -> i64 {
    let reply = shop
        .post(
            "/api/products",
            json!({"name": name, "price": 12.5, "sku": sku, "ean": ean}),
        )
        .await;
    assert_eq!(reply.status(), 201, "{name}");
    reply.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

/// The shop's newest batch once the background job has stored its pictures.
async fn finished(app: &TestApp, shop: &Shop) -> Value {
    assert!(
        jobs::run_due(&app.state).await.unwrap() >= 1,
        "a job was due"
    );
    let batch: Value = shop
        .get("/api/stores/me/photo-batches/latest")
        .await
        .json()
        .await
        .unwrap();
    assert_ne!(batch["state"], "pending", "{batch}");
    batch
}

fn zip_files(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir.join("photo-batches"))
        .map(|d| d.count())
        .unwrap_or(0)
}

#[tokio::test]
async fn pictures_named_by_code_reach_their_products_and_the_report_says_the_rest() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let other = app.shop("bruno@edilizia.it").await;
    let drill = add_coded(&shop, "Trapano avvitatore 18V", "TR-18", None).await;
    let glue = add_coded(
        &shop,
        "Adesivo per piastrelle",
        "AD 25",
        Some("8001234567895"),
    )
    .await;
    let full = add_coded(&shop, "Cazzuola", "CZ1", None).await;
    let theirs = add_coded(&other, "Trapano di Bruno", "TR-18", None).await;
    for n in 0..6 {
        let reply = crate::photos::upload(
            &shop,
            full,
            "c.png",
            picture(40 + n, 30, image::ImageFormat::Png),
        )
        .await;
        assert_eq!(reply.status(), 201);
    }
    shop.images_settled().await;

    let zip = zip_of(&[
        ("foto/tr-18_2.png", picture(64, 48, image::ImageFormat::Png)),
        (
            "foto/TR-18.JPG",
            picture(800, 600, image::ImageFormat::Jpeg),
        ),
        (
            "foto/8001234567895.webp",
            picture(120, 120, image::ImageFormat::WebP),
        ),
        ("foto/AD 25 (2).jpg", b"not a picture at all".to_vec()),
        ("foto/CZ1.png", picture(50, 50, image::ImageFormat::Png)),
        (
            "foto/sconosciuto.jpg",
            picture(10, 10, image::ImageFormat::Jpeg),
        ),
        ("__MACOSX/foto/._TR-18.JPG", b"resource fork".to_vec()),
        ("leggimi.txt", b"foto del listino".to_vec()),
    ]);
    let reply = send_zip(&shop, "foto listino.zip", zip).await;
    assert_eq!(reply.status(), 202);
    let started: Value = reply.json().await.unwrap();
    assert_eq!(started["file_name"], "foto listino.zip");
    assert_eq!(started["total"], 5, "{started}");
    assert_eq!(started["unmatched"], json!(["sconosciuto.jpg"]));
    assert_eq!(started["unmatched_count"], 1);

    let batch = finished(&app, &shop).await;
    assert_eq!(batch["state"], "done", "{batch}");
    assert_eq!(batch["done"], 5);
    assert_eq!(batch["added"], 3, "{batch}");
    let problems: Vec<(String, String)> = batch["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().into(),
                p["reason"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems
        .iter()
        .any(|(n, r)| n == "AD 25 (2).jpg" && r.contains("Non riusciamo a leggere")));
    assert!(problems
        .iter()
        .any(|(n, r)| n == "CZ1.png" && r.contains("al massimo 6 foto")));

    // The code alone first, then its numbered pictures; the first is the product's picture.
    let drill_photos = photos_of(&shop, drill).await;
    assert_eq!(drill_photos.len(), 2);
    let first_width = {
        let bytes = shop.get(&drill_photos[0]).await.bytes().await.unwrap();
        image::load_from_memory(&bytes).unwrap().width()
    };
    assert_eq!(first_width, 800, "TR-18.JPG comes before tr-18_2.png");
    let product: Value = app
        .get(&format!("/api/products/{drill}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(product["image_url"], drill_photos[0].as_str());
    assert_eq!(photos_of(&shop, glue).await.len(), 1, "found by its EAN");
    assert_eq!(photos_of(&shop, full).await.len(), 6);
    assert!(
        photos_of(&other, theirs).await.is_empty(),
        "another shop's code is not ours"
    );
    assert_eq!(
        zip_files(&app.data_dir),
        0,
        "the ZIP is removed once its pictures are stored"
    );
}

#[tokio::test]
async fn bad_zips_get_a_clear_answer_and_leave_nothing_behind() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let drill = add_coded(&shop, "Trapano avvitatore 18V", "TR-18", None).await;

    let reply = send_zip(&shop, "foto.zip", b"PK\x03\x04 but nothing more".to_vec()).await;
    let body = error_of(reply, 415).await;
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("non è un archivio ZIP"),
        "{body}"
    );

    let none = zip_of(&[("ALTRO-1.jpg", picture(10, 10, image::ImageFormat::Jpeg))]);
    let body = error_of(send_zip(&shop, "foto.zip", none).await, 422).await;
    assert!(
        body["error"].as_str().unwrap().contains("Nessuna foto"),
        "{body}"
    );

    // A bomb: 10 MB of zeros and more in a few kilobytes, named like a picture.
    let bomb = zip_of(&[("TR-18.png", vec![0; 11 * 1024 * 1024])]);
    assert!(bomb.len() < 100 * 1024);
    let reply = send_zip(&shop, "bomba.zip", bomb).await;
    assert_eq!(reply.status(), 202);
    let batch = finished(&app, &shop).await;
    assert_eq!(batch["added"], 0);
    assert!(
        batch["problems"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("10 MB"),
        "{batch}"
    );
    assert!(photos_of(&shop, drill).await.is_empty());

    // Another request without a file, and a request of someone with no shop.
    let reply = shop
        .client
        .post(format!("{}/api/stores/me/photo-batches", shop.url))
        .multipart(Form::new().text("nota", "niente"))
        .send()
        .await
        .unwrap();
    error_of(reply, 400).await;
    let stranger = crate::helpers::browser()
        .post(format!("{}/api/stores/me/photo-batches", app.url))
        .header("origin", &app.url)
        .multipart(Form::new().part("file", Part::bytes(b"x".to_vec()).file_name("a.zip")))
        .send()
        .await
        .unwrap();
    assert_eq!(stranger.status(), 401);
    assert_eq!(
        zip_files(&app.data_dir),
        0,
        "nothing of a refused ZIP is kept"
    );
}

#[tokio::test]
async fn one_zip_at_a_time_per_shop() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let ids = [
        add_coded(&shop, "Vite 4x40", "V440", None).await,
        add_coded(&shop, "Vite 5x50", "V550", None).await,
    ];
    let entries: Vec<(String, Vec<u8>)> = (1..=8)
        .map(|n| {
            (
                format!("V440_{n}.jpg"),
                picture(300 + n, 200, image::ImageFormat::Jpeg),
            )
        })
        .collect();
    let named: Vec<(&str, Vec<u8>)> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.clone()))
        .collect();
    assert_eq!(send_zip(&shop, "a.zip", zip_of(&named)).await.status(), 202);
    let second = zip_of(&[("V550.jpg", picture(20, 20, image::ImageFormat::Jpeg))]);
    let body = error_of(send_zip(&shop, "b.zip", second.clone()).await, 409).await;
    assert!(
        body["error"].as_str().unwrap().contains("attendi"),
        "{body}"
    );
    let batch = finished(&app, &shop).await;
    assert_eq!(batch["state"], "done");
    assert_eq!(
        (
            batch["added"].as_i64(),
            batch["problems"].as_array().map(Vec::len)
        ),
        (Some(6), Some(2))
    );
    assert_eq!(
        photos_of(&shop, ids[0]).await.len(),
        6,
        "at most six photos a product"
    );
    assert_eq!(send_zip(&shop, "b.zip", second).await.status(), 202);
    finished(&app, &shop).await;
    assert_eq!(photos_of(&shop, ids[1]).await.len(), 1);
}

/// Five ZIPs sent at once (a double click, two instances behind a balancer): one batch
/// starts, the others get the Italian conflict, and only its pictures are stored.
#[tokio::test]
async fn zips_sent_at_once_start_one_batch() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let id = add_coded(&shop, "Vite 4x40", "V440", None).await;
    let zip = zip_of(&[("V440.jpg", picture(40, 30, image::ImageFormat::Jpeg))]);
    let replies =
        futures::future::join_all((0..5).map(|_| send_zip(&shop, "a.zip", zip.clone()))).await;
    let mut statuses: Vec<u16> = replies.iter().map(|r| r.status().as_u16()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [202, 409, 409, 409, 409]);
    let batches = entities::photo_batch::Entity::find()
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(batches, 1, "one batch recorded");
    assert_eq!(finished(&app, &shop).await["added"], 1);
    assert_eq!(photos_of(&shop, id).await.len(), 1);
    assert_eq!(zip_files(&app.data_dir), 0, "no refused ZIP kept");
}

/// A list whose picture column names files on the owner's computer (Danea's `Immagine`):
/// the wizard proposes it as the pictures' names, and a ZIP of those files (another case,
/// another format, without the folders) reaches the products, before any code is tried.
#[tokio::test]
async fn pictures_named_as_the_list_names_them_reach_their_products() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let csv = "Descrizione;Prezzo;Immagine\n\
               Trapano a percussione 800W;89,90;C:\\Foto\\IMG_0042.JPG\n\
               Livella in alluminio 60 cm;18,50;C:\\Foto\\livella.jpg\n\
               Cazzuola a punta;7,90;\n";
    let (status, analysis) =
        crate::import::analyze(&shop, csv.as_bytes().to_vec(), "articoli.csv").await;
    assert_eq!(status, 200);
    assert_eq!(analysis["mapping"]["image_name"], "Immagine", "{analysis}");
    assert!(
        analysis["mapping"].get("image_url").is_none(),
        "file names are no addresses"
    );
    let (status, imported) =
        crate::import::import_file(&shop, csv.as_bytes().to_vec(), "articoli.csv").await;
    assert_eq!(status, 200, "{imported}");

    let zip = zip_of(&[
        ("IMG_0042.png", picture(300, 200, image::ImageFormat::Png)),
        ("Livella.JPG", picture(200, 300, image::ImageFormat::Jpeg)),
    ]);
    assert_eq!(send_zip(&shop, "foto.zip", zip).await.status(), 202);
    let batch = finished(&app, &shop).await;
    assert_eq!(batch["added"], 2, "{batch}");
    let products = shop.products().await;
    let has_photo = |name: &str| {
        let p = products.iter().find(|p| p["name"] == name).unwrap();
        p["image_url"]
            .as_str()
            .unwrap()
            .starts_with("/media/products/ph-")
    };
    assert!(has_photo("Trapano a percussione 800W"));
    assert!(has_photo("Livella in alluminio 60 cm"));
    assert!(!has_photo("Cazzuola a punta"));
}

/// The bounds a request meets before any picture is read: a ZIP listing more than 10,000
/// entries is refused from its directory alone, and a shop's eleventh ZIP of a day gets
/// 429; neither leaves its file behind.
#[tokio::test]
async fn too_many_entries_and_too_many_zips_a_day_are_refused() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    add_coded(&shop, "Vite 4x40", "V440", None).await;
    let photo = picture(20, 20, image::ImageFormat::Jpeg);

    let names: Vec<String> = (0..=10_000).map(|n| format!("note/{n}.txt")).collect();
    let mut entries: Vec<(&str, Vec<u8>)> =
        names.iter().map(|n| (n.as_str(), Vec::new())).collect();
    entries.push(("V440.jpg", photo.clone()));
    let body = error_of(send_zip(&shop, "tante.zip", zip_of(&entries)).await, 413).await;
    assert!(
        body["error"].as_str().unwrap().contains("troppe foto"),
        "{body}"
    );

    for _ in 0..10 {
        let reply = send_zip(&shop, "v.zip", zip_of(&[("V440.jpg", photo.clone())])).await;
        assert_eq!(reply.status(), 202);
        finished(&app, &shop).await;
    }
    let reply = send_zip(&shop, "v.zip", zip_of(&[("V440.jpg", photo)])).await;
    let body = error_of(reply, 429).await;
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("molti file ZIP oggi"),
        "{body}"
    );
    assert_eq!(zip_files(&app.data_dir), 0);
}
