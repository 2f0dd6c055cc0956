//! Pictures cost the image thread in proportion to their pixels, not their bytes: a picture
//! over the pixel bound is refused from its header, and one shop's large pictures wait in
//! the shop's own lane, so another shop's photo is not held up behind them.

use std::time::{Duration, Instant};

use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{error_of, spawn_app, Shop};

/// A PNG of `width` × `height` black RGB pixels, made without compressing every pixel (a
/// debug build would take a minute): one band of rows is compressed with a full flush,
/// which leaves nothing for the next band to refer to, and repeated. `shade` changes the
/// file's bytes (and so its stored name) without changing its size.
pub fn large_png(width: u32, height: u32, shade: u8) -> Vec<u8> {
    const BAND: u32 = 16;
    let row = 1 + 3 * width as usize; // filter byte, then the pixels
    let compressed = |rows: u32| {
        let raw = vec![0u8; row * rows as usize];
        let mut deflate = flate2::Compress::new(flate2::Compression::fast(), false);
        let mut out = Vec::with_capacity(raw.len() / 8 + 1024);
        deflate
            .compress_vec(&raw, &mut out, flate2::FlushCompress::Full)
            .unwrap();
        assert_eq!(deflate.total_in(), raw.len() as u64);
        out
    };
    let band = compressed(BAND);
    let single = compressed(1);
    let mut zlib = vec![0x78, 0x01];
    for _ in 0..height / BAND {
        zlib.extend_from_slice(&band);
    }
    for _ in 0..height % BAND {
        zlib.extend_from_slice(&single);
    }
    zlib.extend_from_slice(&[0x03, 0x00]); // an empty final block
                                           // Adler-32 of zero bytes: a = 1, b = their number.
    let n = row as u64 * u64::from(height);
    zlib.extend_from_slice(&((((n % 65521) << 16) | 1) as u32).to_be_bytes());

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"tEXt", &[b'v', 0, shade]);
    chunk(&mut png, b"IDAT", &zlib);
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.sum().to_be_bytes());
}

fn small_photo() -> Vec<u8> {
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(64, 64, |x, y| {
        image::Rgb([(x * 4) as u8, (y * 4) as u8, 90])
    }))
    .write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .unwrap();
    bytes
}

async fn upload(shop: &Shop, product: i64, bytes: Vec<u8>) -> reqwest::Response {
    let part = Part::bytes(bytes).file_name("foto.png");
    shop.client
        .post(format!("{}/api/products/{product}/photos", shop.url))
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

async fn product_of(shop: &Shop, name: &str) -> i64 {
    let id = shop.add_product(name).await["id"].as_i64().unwrap();
    shop.images_settled().await;
    id
}

/// The most memory this process (the server runs in it) has held so far, in MB.
fn peak_rss_mb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<u64>()
        .unwrap()
        / 1024
}

#[tokio::test]
async fn a_picture_over_the_pixel_bound_is_refused_from_its_header() {
    let app = spawn_app().await;
    let anna = app.shop("anna@ferramenta.it").await;
    let product = product_of(&anna, "Piastrella gres 60x60").await;
    // 121 megapixels in about two megabytes: 363 MB once decoded.
    let huge = large_png(11_000, 11_000, 0);
    assert!(huge.len() < 4 * 1024 * 1024, "{}", huge.len());

    let before = peak_rss_mb();
    let started = Instant::now();
    let reply = tokio::time::timeout(Duration::from_secs(10), upload(&anna, product, huge))
        .await
        .expect("answered without decoding");
    let took = started.elapsed();
    let error = error_of(reply, 413).await;
    assert_eq!(
        error["error"],
        "La foto è troppo grande: al massimo 40 megapixel. Riducila e riprova."
    );
    assert!(took < Duration::from_secs(2), "{took:?}");
    let grown = peak_rss_mb() - before;
    assert!(grown < 64, "memory grew by {grown} MB");
    let photos: Value = anna
        .get(&format!("/api/products/{product}/photos"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(photos["photos"], serde_json::json!([]));
}

#[tokio::test]
async fn one_shops_large_pictures_do_not_hold_up_another_shops_photo() {
    let app = spawn_app().await;
    let anna = std::sync::Arc::new(app.shop("anna@ferramenta.it").await);
    let bruno = app.shop("bruno@edilizia.it").await;
    let tiles = product_of(&anna, "Piastrella gres 60x60").await;
    let drill = product_of(&bruno, "Trapano avvitatore 18V").await;

    // Anna sends three pictures just within the bound at once, each a few seconds of work.
    let started = Instant::now();
    let mut large = Vec::new();
    for shade in 0..3 {
        let anna = anna.clone();
        large.push(tokio::spawn(async move {
            let reply = upload(&anna, tiles, large_png(6_000, 6_000, shade)).await;
            assert_eq!(reply.status(), 201, "{}", reply.text().await.unwrap());
            started.elapsed()
        }));
    }
    // All three are queued (the first one running) before Bruno's photo arrives.
    tokio::time::sleep(Duration::from_millis(700)).await;
    // A shop has four pictures in the works at most: of two more at once, one is refused at
    // once, the other waits its turn.
    let extra = [small_photo(), large_png(64, 64, 9)].map(|bytes| {
        let anna = anna.clone();
        tokio::spawn(async move {
            let reply = upload(&anna, tiles, bytes).await;
            let retry_after = reply.headers().get("retry-after").cloned();
            (
                reply.status(),
                retry_after,
                reply.json::<Value>().await.unwrap(),
            )
        })
    });
    let (first, _, mut accepted) = futures::future::select_all(extra).await;
    let (status, retry_after, error) = first.unwrap();
    assert_eq!(status, 429);
    assert_eq!(retry_after.unwrap(), "5");
    assert_eq!(
        error["error"],
        "Stiamo ancora elaborando le tue immagini: riprova tra qualche secondo."
    );
    let accepted = accepted.pop().unwrap();
    let reply = upload(&bruno, drill, small_photo()).await;
    let bruno_done = started.elapsed();
    assert_eq!(reply.status(), 201);
    let mut anna_done = Vec::new();
    for upload in large {
        anna_done.push(upload.await.unwrap());
    }
    anna_done.sort();
    assert_eq!(accepted.await.unwrap().0, 201);
    eprintln!("anna's pictures done at {anna_done:?}, bruno's photo at {bruno_done:?}");
    // One queue for everyone served Bruno after all of Anna's pictures; now he waits at most
    // for the one that was running.
    let before_bruno = anna_done.iter().filter(|t| **t < bruno_done).count();
    assert!(
        before_bruno <= 1,
        "{before_bruno} of anna's pictures went first: {anna_done:?}, bruno at {bruno_done:?}"
    );
}
