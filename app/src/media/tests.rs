//! Fetching against local HTTP servers. They listen on 127.0.0.1, so each test names the
//! one loopback port it may reach; refusals are checked with the default policy too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::fetch::{fetch_image, AddressPolicy, FetchError, FetchLimits};
use super::*;

const SHOP: Turn = Turn::Asked(Lane::Shop(1));

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbaImage::from_fn(width, height, |x, _| {
        image::Rgba([(x % 256) as u8, 90, 40, 255])
    });
    let mut out = Vec::new();
    DynamicImage::ImageRgba8(picture)
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

fn allowing(server: &MockServer) -> AddressPolicy {
    AddressPolicy {
        allowed_loopback_ports: vec![server.address().port()],
    }
}

fn quick() -> FetchLimits {
    FetchLimits {
        timeout: Duration::from_millis(800),
        ..FetchLimits::default()
    }
}

async fn serving(route: &str, response: ResponseTemplate) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(route))
        .respond_with(response)
        .mount(&server)
        .await;
    server
}

#[tokio::test]
async fn a_good_image_is_stored_once_in_two_widths() {
    let server = serving(
        "/foto.png",
        ResponseTemplate::new(200).set_body_raw(png(1600, 900), "image/png"),
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("{}/foto.png", server.uri());
    let stored = stored_image_from_url(dir.path(), &url, &allowing(&server), &quick(), SHOP)
        .await
        .expect("stored");
    assert!(stored.starts_with("/media/products/") && stored.ends_with("-800.jpg"));
    for (width, height) in [(800, 450), (400, 225)] {
        let file = dir.path().join("products").join(
            stored
                .trim_start_matches("/media/products/")
                .replace("-800", &format!("-{width}")),
        );
        let jpeg = std::fs::read(file).unwrap();
        assert_eq!(super::image_extension(&jpeg), Some("jpg"));
        let img = image::load_from_memory(&jpeg).unwrap();
        assert_eq!((img.width(), img.height()), (width, height));
    }
    let again = stored_image_from_url(dir.path(), &url, &allowing(&server), &quick(), SHOP)
        .await
        .expect("stored");
    assert_eq!(again, stored);
    assert_eq!(
        server.received_requests().await.unwrap().len(),
        1,
        "fetched once"
    );
}

#[tokio::test]
async fn html_is_not_an_image_whatever_its_header_says() {
    let page = b"<!doctype html><html><body>Non trovato</body></html>".to_vec();
    let server = serving(
        "/pagina",
        ResponseTemplate::new(200).set_body_raw(page.clone(), "text/html"),
    )
    .await;
    Mock::given(path("/finta.png"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(page, "image/png"))
        .mount(&server)
        .await;
    for route in ["/pagina", "/finta.png"] {
        let err = fetch_image(
            &format!("{}{route}", server.uri()),
            &allowing(&server),
            &quick(),
        )
        .await
        .unwrap_err();
        assert!(matches!(err, FetchError::NotAnImage), "{route}: {err:?}");
    }
}

#[tokio::test]
async fn a_50_mb_body_is_refused() {
    let mut huge = png(10, 10);
    huge.resize(50 * 1024 * 1024, 0);
    let server = serving(
        "/enorme.png",
        ResponseTemplate::new(200).set_body_raw(huge, "image/png"),
    )
    .await;
    let err = fetch_image(
        &format!("{}/enorme.png", server.uri()),
        &allowing(&server),
        &FetchLimits::default(),
    )
    .await
    .unwrap_err();
    assert!(matches!(err, FetchError::TooLarge(10)), "{err:?}");
}

#[tokio::test]
async fn a_redirect_to_loopback_is_refused_before_connecting() {
    let inner = serving(
        "/segreto.png",
        ResponseTemplate::new(200).set_body_raw(png(10, 10), "image/png"),
    )
    .await;
    let inner_port = inner.address().port();
    for target in [
        format!("http://127.0.0.1:{inner_port}/segreto.png"),
        format!("http://localhost:{inner_port}/segreto.png"),
        format!("http://[::ffff:127.0.0.1]:{inner_port}/segreto.png"),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
    ] {
        let outer = serving(
            "/foto.png",
            ResponseTemplate::new(302).insert_header("location", target.as_str()),
        )
        .await;
        let err = fetch_image(
            &format!("{}/foto.png", outer.uri()),
            &allowing(&outer),
            &quick(),
        )
        .await
        .unwrap_err();
        assert!(matches!(err, FetchError::Forbidden), "{target}: {err:?}");
    }
    assert!(inner.received_requests().await.unwrap().is_empty());
    // and straight away, with the policy the server runs with
    let err = fetch_image(
        &format!("{}/segreto.png", inner.uri()),
        &AddressPolicy::default(),
        &quick(),
    )
    .await
    .unwrap_err();
    assert!(matches!(err, FetchError::Forbidden), "{err:?}");
}

#[tokio::test]
async fn redirects_are_followed_to_an_allowed_image() {
    let server = serving(
        "/nuova.png",
        ResponseTemplate::new(200).set_body_raw(png(20, 20), "image/png"),
    )
    .await;
    Mock::given(path("/vecchia.png"))
        .respond_with(ResponseTemplate::new(301).insert_header("location", "/nuova.png"))
        .mount(&server)
        .await;
    let bytes = fetch_image(
        &format!("{}/vecchia.png", server.uri()),
        &allowing(&server),
        &quick(),
    )
    .await
    .expect("followed");
    assert_eq!(bytes, png(20, 20));
}

#[tokio::test]
async fn a_slow_server_runs_out_of_time() {
    let server = serving(
        "/lenta.png",
        ResponseTemplate::new(200)
            .set_body_raw(png(10, 10), "image/png")
            .set_delay(Duration::from_secs(5)),
    )
    .await;
    let started = std::time::Instant::now();
    let err = fetch_image(
        &format!("{}/lenta.png", server.uri()),
        &allowing(&server),
        &quick(),
    )
    .await
    .unwrap_err();
    assert!(matches!(err, FetchError::Timeout), "{err:?}");
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[tokio::test]
async fn only_http_and_https_urls_are_fetched() {
    for url in [
        "ftp://example.com/a.png",
        "file:///etc/passwd",
        "non un url",
    ] {
        let err = fetch_image(url, &AddressPolicy::default(), &quick())
            .await
            .unwrap_err();
        assert!(matches!(err, FetchError::BadUrl), "{url}: {err:?}");
    }
}

#[test]
fn pictures_beyond_the_decoding_limits_are_refused() {
    assert!(resize_to_jpegs(b"\x89PNG\r\n\x1a\nrotto").is_err());
    let small = resize_to_jpegs(&png(300, 200)).unwrap();
    let widths: Vec<u32> = small
        .iter()
        .map(|(_, jpeg)| image::load_from_memory(jpeg).unwrap().width())
        .collect();
    assert_eq!(widths, [300, 300], "never enlarged");
}

#[tokio::test]
async fn the_generated_card_is_written_once_as_svg_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let card = Card {
        name: "Tassello nylon 8x40",
        brand: Some("Fischer"),
        pictogram: "vite",
    };
    let url = generated_image_for(dir.path(), card, SHOP).await.unwrap();
    assert!(is_generated(&url));
    assert_eq!(
        url,
        generated_image_for(dir.path(), card, SHOP).await.unwrap()
    );
    let file = dir.path().join(url.trim_start_matches("/media/"));
    assert!(url.starts_with(GENERATED_PREFIX));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") && !svg.contains("Fischer") && !svg.contains("<text"));
    let png_url = png_of_generated(&url).unwrap();
    let png = std::fs::read(dir.path().join(png_url.trim_start_matches("/media/"))).unwrap();
    assert_eq!(super::image_extension(&png), Some("png"));
}

/// A JPEG whose EXIF says "turn 90° clockwise to show" (orientation 6), as phones write.
fn jpeg_stored_sideways(width: u32, height: u32) -> Vec<u8> {
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90)
        .encode_image(&image::RgbImage::from_pixel(
            width,
            height,
            image::Rgb([200, 60, 30]),
        ))
        .unwrap();
    // APP1 "Exif": big-endian TIFF header, one IFD entry: Orientation (0x0112), SHORT, 6.
    let tiff: [u8; 26] = [
        b'M', b'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0,
    ];
    let mut app1 = vec![0xFF, 0xE1];
    let length = (2 + 6 + tiff.len()) as u16;
    app1.extend_from_slice(&length.to_be_bytes());
    app1.extend_from_slice(b"Exif\0\0");
    app1.extend_from_slice(&tiff);
    jpeg.splice(2..2, app1);
    jpeg
}

#[tokio::test]
async fn a_phone_photo_is_stored_upright_in_every_width_never_enlarged() {
    let dir = tempfile::tempdir().unwrap();
    let url = stored_photo(dir.path(), jpeg_stored_sideways(1200, 300), SHOP)
        .await
        .unwrap();
    assert!(
        url.starts_with(PHOTO_PREFIX) && url.ends_with("-800.jpg"),
        "{url}"
    );
    let file = |width: u32| {
        let name = url
            .trim_start_matches("/media/")
            .replace("-800.jpg", &format!("-{width}.jpg"));
        image::open(dir.path().join(name)).unwrap()
    };
    // Turned upright it is 300 × 1200: the thumbnail is 160 wide, the wider copies keep
    // its 300 px (none enlarged).
    for width in PHOTO_WIDTHS {
        let copy = file(width);
        let expected = if width < 300 { (160, 640) } else { (300, 1200) };
        assert_eq!((copy.width(), copy.height()), expected, "{width}");
    }
    assert!(matches!(
        stored_photo(dir.path(), b"\xFF\xD8\xFFnot really".to_vec(), SHOP).await,
        Err(UploadError::Picture(PictureError::Unreadable(_)))
    ));
}

#[test]
fn images_are_recognised_by_content() {
    assert_eq!(image_extension(b"\x89PNG\r\n\x1a\n...."), Some("png"));
    assert_eq!(image_extension(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("jpg"));
    assert_eq!(image_extension(b"GIF89a..."), Some("gif"));
    assert_eq!(image_extension(b"RIFF\x10\0\0\0WEBPVP8 "), Some("webp"));
    assert_eq!(
        image_extension(b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
        None
    );
    assert_eq!(image_extension(b"name;price\n"), None);
}
