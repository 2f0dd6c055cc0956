//! A full disk under the database and the media (a tmpfs of a few MB as the data folder):
//! writes are refused with 507 and the Italian message, nothing refused is stored (not
//! even half a file), every write acknowledged is committed, and once space is back writes
//! succeed again within seconds, without a restart. Housekeeping removes the temporary
//! files a crash leaves. See docs/decisions/028-full-disk-and-unreachable-database.md.
//!
//! Mounting needs root (as in CI); where it is refused the tests say so and pass.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

use entities::product;
use reqwest::multipart::{Form, Part};
use reqwest::Response;
use sea_orm::{ColumnTrait, Database, EntityTrait, QueryFilter, QuerySelect};
use serde_json::{json, Value};
use time::OffsetDateTime;
use vetrina::services::jobs;

use crate::helpers::{spawn_app_with, Shop, TestApp};

const DISK_FULL: &str = "Spazio su disco esaurito sul server: riprova più tardi";

/// A tmpfs of a few MB mounted on a folder; unmounted when dropped, whatever happened.
struct Tmpfs {
    target: PathBuf,
    _fresh: Option<tempfile::TempDir>,
}

impl Tmpfs {
    /// Mounted at `at`, or on a fresh folder; `None`, with the reason printed, where
    /// mounting is not permitted.
    fn mount(megabytes: u32, at: Option<&Path>) -> Option<Self> {
        let fresh = at.is_none().then(|| tempfile::tempdir().unwrap());
        let target = at.map_or_else(|| fresh.as_ref().unwrap().path().to_owned(), Path::to_owned);
        std::fs::create_dir_all(&target).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(&target)
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(Self {
                target,
                _fresh: fresh,
            }),
            Ok(out) => {
                println!(
                    "SKIPPED: a tmpfs cannot be mounted here (not root?): {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                None
            }
            Err(err) => {
                println!("SKIPPED: `mount` not run: {err}");
                None
            }
        }
    }

    fn path(&self) -> PathBuf {
        self.target.clone()
    }

    /// Fills the disk, leaving about `left` bytes free.
    fn fill(&self, left: u64) {
        let path = self.path().join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        let free = free_bytes(&self.path());
        let mut to_write = free.saturating_sub(left);
        let chunk = vec![0u8; 64 * 1024];
        while to_write > 0 {
            let n = usize::try_from(to_write.min(chunk.len() as u64)).unwrap();
            match file.write(&chunk[..n]) {
                Ok(0) => break,
                Ok(written) => to_write -= written as u64,
                Err(err) if err.kind() == std::io::ErrorKind::StorageFull => break,
                Err(err) => panic!("filling the disk: {err}"),
            }
        }
        if left == 0 {
            // Whatever the last page had room for.
            while file.write(&[0u8; 512]).is_ok_and(|n| n > 0) {}
        }
    }

    fn free(&self) {
        std::fs::remove_file(self.path().join("filler")).unwrap();
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        // Lazily: the server's tasks may still hold files open.
        let _ = Command::new("umount").arg("-l").arg(&self.target).status();
    }
}

fn free_bytes(dir: &Path) -> u64 {
    let out = Command::new("df")
        .args(["--output=avail", "-B1"])
        .arg(dir)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .nth(1)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// Pixels of noise, which no format compresses: the file is as large as its pixels.
fn noise(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let mut state = 0x2545_f491_u32;
    let picture = image::RgbImage::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let [r, g, b, _] = state.to_le_bytes();
        image::Rgb([r, g, b])
    });
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(picture)
        .write_to(&mut std::io::Cursor::new(&mut bytes), format)
        .unwrap();
    bytes
}

async fn upload(shop: &Shop, path: &str, name: &str, bytes: Vec<u8>) -> Response {
    let part = Part::bytes(bytes).file_name(name.to_owned());
    shop.client
        .post(format!("{}{path}", shop.url))
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

async fn assert_disk_full(reply: Response, what: &str) {
    assert_eq!(reply.status(), 507, "{what}");
    assert!(
        reply.headers().contains_key("retry-after"),
        "{what}: Retry-After"
    );
    let body: Value = reply.json().await.unwrap();
    assert_eq!(body["error"], DISK_FULL, "{what}");
    assert_eq!(body["code"], "insufficient_storage", "{what}");
}

/// Names of the files under `dir` (none when it does not exist).
fn files_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The shop's products as a new connection sees them: only what was committed.
async fn committed_names(database_url: &str, store_id: i64) -> BTreeSet<String> {
    let db = Database::connect(database_url).await.unwrap();
    let names: Vec<String> = product::Entity::find()
        .select_only()
        .column(product::Column::Name)
        .filter(product::Column::StoreId.eq(store_id))
        .into_tuple()
        .all(&db)
        .await
        .unwrap();
    db.close().await.unwrap();
    names.into_iter().collect()
}

async fn create(shop: &Shop, name: &str) -> Response {
    shop.post("/api/products", json!({"name": name, "price": 4.5}))
        .await
}

#[tokio::test]
async fn a_full_disk_refuses_writes_with_507_keeps_only_what_it_acknowledged_and_recovers_without_a_restart(
) {
    let Some(disk) = Tmpfs::mount(12, None) else {
        return;
    };
    let data = disk.path().join("data");
    let database_url = format!("sqlite://{}?mode=rwc", data.join("vetrina.db").display());
    let url = database_url.clone();
    let app = spawn_app_with(move |c| {
        c.data_dir = data;
        c.database_url = url;
    })
    .await;
    let shop = app.shop("anna@ferramenta.it").await;
    shop.add_product("Prima del pieno").await;
    shop.images_settled().await;
    let mut acknowledged = BTreeSet::from(["Prima del pieno".to_owned()]);

    disk.fill(0);
    let mut refused = 0;
    for i in 0..8 {
        let name = format!("Durante il pieno {i}");
        let reply = create(&shop, &name).await;
        if reply.status() == 201 {
            // A commit that found room in the WAL: it must be there for good.
            acknowledged.insert(name);
        } else {
            assert_disk_full(reply, &name).await;
            refused += 1;
        }
        // A transaction that rolls back (no such product) between the failed commits.
        let status = shop.delete("/api/products/999999").await.status();
        assert!(matches!(status.as_u16(), 404 | 507), "delete: {status}");
    }
    assert!(
        refused > 0,
        "the disk was full: some write must have been refused"
    );
    let product_id = shop.products().await[0]["id"].as_i64().unwrap();
    let before = files_in(&app.data_dir.join("media/products"));
    let photo = noise(300, 200, image::ImageFormat::Jpeg);
    let reply = upload(
        &shop,
        &format!("/api/products/{product_id}/photos"),
        "foto.jpg",
        photo.clone(),
    )
    .await;
    assert_disk_full(reply, "photo").await;
    assert_eq!(
        files_in(&app.data_dir.join("media/products")),
        before,
        "no photo file, no temporary file"
    );
    let reply = upload(
        &shop,
        "/api/uploads/logo",
        "logo.png",
        noise(200, 200, image::ImageFormat::Png),
    )
    .await;
    assert_disk_full(reply, "logo").await;
    assert_eq!(files_in(&app.data_dir.join("media/logos")), BTreeSet::new());
    assert_eq!(
        committed_names(&database_url, shop.id).await,
        acknowledged,
        "committed = acknowledged with 201, while the disk is full"
    );

    disk.free();
    let started = Instant::now();
    loop {
        let reply = create(&shop, "Dopo il pieno").await;
        match reply.status().as_u16() {
            201 => break,
            507 | 503 if started.elapsed() < Duration::from_secs(5) => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            status => panic!(
                "{status} {:?} after {:?} with space back",
                reply.text().await,
                started.elapsed()
            ),
        }
    }
    acknowledged.insert("Dopo il pieno".to_owned());
    for i in 0..8 {
        let name = format!("Spazio tornato {i}");
        let sent = Instant::now();
        let reply = create(&shop, &name).await;
        assert_eq!(reply.status(), 201, "{name}: {:?}", reply.text().await);
        assert!(sent.elapsed() < Duration::from_secs(2), "{name} waited");
        acknowledged.insert(name);
        assert_eq!(shop.delete("/api/products/999999").await.status(), 404);
    }
    let reply = upload(
        &shop,
        &format!("/api/products/{product_id}/photos"),
        "foto.jpg",
        photo,
    )
    .await;
    assert_eq!(reply.status(), 201, "photo with space back");
    assert_eq!(committed_names(&database_url, shop.id).await, acknowledged);

    // A restart: the pool closed, the database opened again.
    app.state.db.clone().close().await.unwrap();
    assert_eq!(committed_names(&database_url, shop.id).await, acknowledged);
}

/// The media on a disk of their own, full, the database elsewhere: the file write is what
/// fails, and nothing of it stays.
#[tokio::test]
async fn a_full_media_disk_refuses_logos_and_photos_with_507_and_leaves_no_part_of_a_file() {
    let data = tempfile::tempdir().unwrap();
    let Some(disk) = Tmpfs::mount(4, Some(&data.path().join("data/media"))) else {
        return;
    };
    let data_dir = data.path().join("data");
    let app = spawn_app_with(move |c| c.data_dir = data_dir).await;
    let shop = app.shop("anna@ferramenta.it").await;
    let product = shop.add_product("Trapano avvitatore").await;
    shop.images_settled().await;
    let photos_url = format!("/api/products/{}/photos", product["id"]);
    let media = app.data_dir.join("media");

    // Room for the 160 px copy of the photo, not for the 400 px one.
    disk.fill(32 * 1024);
    let products_before = files_in(&media.join("products"));
    let photo = noise(400, 300, image::ImageFormat::Jpeg);
    let reply = upload(&shop, &photos_url, "foto.jpg", photo.clone()).await;
    assert_disk_full(reply, "photo").await;
    assert_eq!(
        files_in(&media.join("products")),
        products_before,
        "no copy of the photo, no temporary file"
    );
    let logo = noise(300, 300, image::ImageFormat::Png);
    let reply = upload(&shop, "/api/uploads/logo", "logo.png", logo.clone()).await;
    assert_disk_full(reply, "logo").await;
    assert_eq!(
        files_in(&media.join("logos")),
        BTreeSet::new(),
        "no part of the logo"
    );
    let listed: Value = shop.get(&photos_url).await.json().await.unwrap();
    assert_eq!(listed["photos"], json!([]));

    disk.free();
    assert_eq!(
        upload(&shop, &photos_url, "foto.jpg", photo).await.status(),
        201
    );
    assert_eq!(
        upload(&shop, "/api/uploads/logo", "logo.png", logo)
            .await
            .status(),
        201
    );

    housekeeping_removes_stale_temporaries(&app, &media).await;
}

/// A crash between writing and renaming leaves `.<random>.tmp`: housekeeping removes the
/// ones older than an hour, never a write in progress.
async fn housekeeping_removes_stale_temporaries(app: &TestApp, media: &Path) {
    let stale = [
        media.join("products/.0123456789abcdef.tmp"),
        media.join("logos/.fedcba9876543210.tmp"),
    ];
    let fresh = media.join("products/.aaaaaaaaaaaaaaaa.tmp");
    let two_hours_ago = SystemTime::now() - Duration::from_secs(2 * 60 * 60);
    for path in stale.iter().chain([&fresh]) {
        std::fs::write(path, b"half a picture").unwrap();
    }
    for path in &stale {
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(two_hours_ago)
            .unwrap();
    }
    let kept_before: BTreeSet<String> = files_in(&media.join("products"))
        .into_iter()
        .filter(|n| !n.ends_with(".tmp"))
        .collect();
    vetrina::jobs::schedule(&app.db, jobs::HOUSEKEEPING, "", OffsetDateTime::now_utc())
        .await
        .unwrap();
    assert!(jobs::run_due(&app.state).await.unwrap() >= 1);
    for path in &stale {
        assert!(!path.exists(), "{} removed", path.display());
    }
    assert!(fresh.exists(), "a write in progress is left alone");
    let mut kept_after = files_in(&media.join("products"));
    kept_after.remove(".aaaaaaaaaaaaaaaa.tmp");
    assert_eq!(kept_after, kept_before, "only temporaries removed");
}
