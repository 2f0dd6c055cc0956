//! A mixed load for `scripts/bench-scale` (docs/decisions/031-search-on-postgresql-at-scale.md):
//! visitors reading pages and searching, spread over every instance given, while shop owners
//! edit products through the API at the same time. Prints, per kind of request: the count,
//! requests a second, p50, p99 and max, and how many answers were 5xx (or failed to arrive).
//!
//! ```sh
//! cargo run --release -p vetrina --example bench_mix -- SECONDS READERS OWNERS BASE_URL...
//! ```
//! READERS visitors run without pause; OWNERS owners (`bench0@vetrina.it`, `bench1@…`, as
//! `seed_catalogue` made them) each change one of their products every 200 ms, alternately its
//! price and its description (new search terms).

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const PASSWORD: &str = "Bench2026!";
const OWNER_PAUSE: Duration = Duration::from_millis(200);
/// A request not answered in this time counts as failed.
const TIMEOUT: Duration = Duration::from_secs(30);
/// What visitors type, as search logs look (the same as `scripts/bench-scale`'s): a few broad
/// words asked again and again, many narrow ones asked rarely (Zipf, s = 1).
struct Queries {
    texts: Vec<String>,
    /// Sum of the weights up to each query.
    cumulative: Vec<f64>,
}

impl Queries {
    fn new() -> Self {
        const KINDS: [&str; 12] = [
            "trapano",
            "cemento",
            "cartongesso",
            "pittura",
            "tassello",
            "raccordo",
            "chiave brugola",
            "pannello isolante",
            "adesivo piastrelle",
            "guanti",
            "vite",
            "tubo multistrato",
        ];
        const BRANDS: [&str; 8] = [
            "bosch", "mapei", "knauf", "sikkens", "fischer", "buzzi", "wurth", "perche",
        ];
        let mut texts: Vec<String> = KINDS.iter().map(|k| k.to_string()).collect();
        texts.extend(KINDS.iter().map(|k| k.chars().take(5).collect::<String>()));
        texts.extend(BRANDS.iter().map(|b| b.to_string()));
        for k in KINDS {
            texts.extend(BRANDS.iter().map(|b| format!("{k} {b}")));
        }
        for k in KINDS {
            texts.extend((4..=40).map(|size| format!("{k} {size} mm")));
        }
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        texts.extend((0..2_000).map(|_| format!("art {}", rng.gen_range(0..100_000))));
        let mut total = 0.0;
        let cumulative = (1..=texts.len())
            .map(|rank| {
                total += 1.0 / rank as f64;
                total
            })
            .collect();
        Self { texts, cumulative }
    }

    fn pick(&self, rng: &mut impl Rng) -> &str {
        let total = self.cumulative.last().copied().unwrap_or(1.0);
        let r = rng.gen_range(0.0..total);
        let at = self.cumulative.partition_point(|&c| c < r);
        self.texts.get(at).map_or("trapano", String::as_str)
    }
}

static QUERIES: LazyLock<Queries> = LazyLock::new(Queries::new);

/// The CAP of the shops `seed_catalogue` makes (Milano): every shop at one distance, the
/// costliest case of the search across shops.
const CAP: &str = "20121";

/// Latencies (ms) and failures of one kind of request.
#[derive(Default)]
struct Tally {
    millis: Vec<f64>,
    server_errors: u64,
    other_errors: u64,
}

type Tallies = Arc<Mutex<BTreeMap<&'static str, Tally>>>;

#[derive(Clone)]
struct Shop {
    id: i64,
    slug: String,
    products: u64,
}

struct Site {
    shops: Vec<Shop>,
    /// `/product/…` addresses of some products of every shop.
    products: Vec<String>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [seconds, readers, owners, bases @ ..] = args.as_slice() else {
        bail!("usage: bench_mix SECONDS READERS OWNERS BASE_URL...");
    };
    if bases.is_empty() {
        bail!("at least one BASE_URL");
    }
    let (seconds, readers, owners): (u64, usize, usize) =
        (seconds.parse()?, readers.parse()?, owners.parse()?);
    let site = Arc::new(site(&bases[0]).await?);
    let tallies: Tallies = Arc::default();
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for n in 0..readers {
        let base = bases[n % bases.len()].clone();
        let (site, tallies) = (site.clone(), tallies.clone());
        tasks.push(tokio::spawn(async move {
            visitor(&base, &site, &tallies, until).await
        }));
    }
    for n in 0..owners {
        let base = bases[n % bases.len()].clone();
        let tallies = tallies.clone();
        tasks.push(tokio::spawn(async move {
            owner(&base, n, &tallies, until).await
        }));
    }
    for task in tasks {
        task.await??;
    }
    // Requests under way at the end are waited for: the rates are over the whole run.
    let elapsed = started.elapsed().as_secs_f64();
    let tallies = tallies
        .lock()
        .map_err(|_| anyhow::anyhow!("a visitor panicked"))?;
    report(&tallies, elapsed);
    Ok(())
}

/// The shops (biggest first) and some product addresses, read through the public API.
async fn site(base: &str) -> anyhow::Result<Site> {
    let client = reqwest::Client::new();
    let mut shops = Vec::new();
    for page in 1.. {
        let list: Vec<Value> = client
            .get(format!("{base}/api/stores?per_page=100&page={page}"))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        if list.is_empty() {
            break;
        }
        for s in list {
            shops.push(Shop {
                id: s["id"].as_i64().context("shop id")?,
                slug: s["slug"].as_str().context("shop slug")?.to_owned(),
                products: s["product_count"].as_u64().unwrap_or(0),
            });
        }
    }
    shops.retain(|s| s.products > 0);
    let mut products = Vec::new();
    for shop in shops.iter().take(40) {
        let page: Value = client
            .get(format!(
                "{base}/api/stores/{}/products?per_page=25",
                shop.id
            ))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        for p in page["items"].as_array().context("items")? {
            products.push(format!(
                "/product/{}/{}/{}/{}",
                shop.id,
                shop.slug,
                p["id"].as_i64().context("product id")?,
                p["slug"].as_str().context("product slug")?
            ));
        }
    }
    if shops.is_empty() || products.is_empty() {
        bail!("no shop with products: seed the database first");
    }
    Ok(Site { shops, products })
}

/// One visitor: pages and searches, one after the other, in a fixed mix (of ten requests:
/// two shop pages, a deep page of the big shop, two product pages, a search in the big shop
/// through the API and one on a shop page, a search across shops through the API and one on
/// `/cerca`, the explore page).
async fn visitor(base: &str, site: &Site, tallies: &Tallies, until: Instant) -> anyhow::Result<()> {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(TIMEOUT)
        .build()?;
    let big = &site.shops[0];
    let mut turn = 0_usize;
    while Instant::now() < until {
        let (kind, path) = {
            let mut rng = rand::thread_rng();
            let q = QUERIES.pick(&mut rng).replace(' ', "+");
            let shop = site.shops.choose(&mut rng).unwrap_or(big);
            let deep = rng.gen_range(1..=big.products.div_ceil(25).max(1));
            turn += 1;
            match turn % 10 {
                0 | 1 => ("shop page", format!("/store/{}/{}", shop.id, shop.slug)),
                2 => (
                    "big shop, deep page",
                    format!("/store/{}/{}?page={deep}", big.id, big.slug),
                ),
                3 | 4 => (
                    "product page",
                    site.products.choose(&mut rng).cloned().unwrap_or_default(),
                ),
                5 => (
                    "search in a shop (API)",
                    format!("/api/stores/{}/products?q={q}", big.id),
                ),
                6 => (
                    "search in a shop (page)",
                    format!("/store/{}/{}?q={q}", shop.id, shop.slug),
                ),
                7 => (
                    "search across shops (API)",
                    format!("/api/search?cap={CAP}&q={q}"),
                ),
                8 => ("/cerca page", format!("/cerca?q={q}&cap={CAP}")),
                _ => ("explore page", "/explore".to_owned()),
            }
        };
        let started = Instant::now();
        let status = client.get(format!("{base}{path}")).send().await;
        let status = match status {
            Ok(response) => {
                let status = response.status();
                // The whole body, as a browser would read it.
                response.bytes().await.map(|_| status).ok()
            }
            Err(_) => None,
        };
        record(tallies, kind, started, status);
    }
    Ok(())
}

/// One owner: signs in, then changes a product of the shop every [`OWNER_PAUSE`].
async fn owner(base: &str, n: usize, tallies: &Tallies, until: Instant) -> anyhow::Result<()> {
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .timeout(TIMEOUT)
        .build()?;
    let login = client
        .post(format!("{base}/api/auth/login"))
        .header("origin", base)
        .json(&json!({"email": format!("bench{n}@vetrina.it"), "password": PASSWORD}))
        .send()
        .await?;
    if !login.status().is_success() {
        bail!("bench{n}@vetrina.it could not sign in: {}", login.status());
    }
    let me: Value = client
        .get(format!("{base}/api/stores/me"))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let store = me["id"].as_i64().context("store id")?;
    let page: Value = client
        .get(format!("{base}/api/stores/{store}/products?per_page=100"))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let ids: Vec<i64> = page["items"]
        .as_array()
        .context("items")?
        .iter()
        .filter_map(|p| p["id"].as_i64())
        .collect();
    let mut turn = 0_u64;
    while Instant::now() < until {
        let (id, cents) = {
            let mut rng = rand::thread_rng();
            (
                ids.choose(&mut rng).copied().context("no product")?,
                rng.gen_range(100..100_000),
            )
        };
        turn += 1;
        let body = if turn.is_multiple_of(2) {
            json!({"price": cents as f64 / 100.0})
        } else {
            json!({"description": format!("Descrizione aggiornata {turn}: trapano, tassello, cartongesso.")})
        };
        let started = Instant::now();
        let status = client
            .put(format!("{base}/api/products/{id}"))
            .header("origin", base)
            .json(&body)
            .send()
            .await
            .ok()
            .map(|r| r.status());
        record(tallies, "owner edits a product", started, status);
        tokio::time::sleep(OWNER_PAUSE).await;
    }
    Ok(())
}

fn record(
    tallies: &Tallies,
    kind: &'static str,
    started: Instant,
    status: Option<reqwest::StatusCode>,
) {
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    let Ok(mut tallies) = tallies.lock() else {
        return;
    };
    let tally = tallies.entry(kind).or_default();
    tally.millis.push(millis);
    match status {
        Some(s) if s.is_server_error() => tally.server_errors += 1,
        Some(s) if s.is_client_error() => tally.other_errors += 1,
        Some(_) => {}
        None => tally.other_errors += 1,
    }
}

fn report(tallies: &BTreeMap<&'static str, Tally>, seconds: f64) {
    let mut reads = Vec::new();
    let mut server_errors = 0;
    for (kind, tally) in tallies {
        let mut millis = tally.millis.clone();
        millis.sort_by(f64::total_cmp);
        let at = |q: f64| millis[((millis.len() as f64 * q) as usize).min(millis.len() - 1)];
        println!(
            "  {kind:<28} {:>6} req {:>6.1} req/s   p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms  5xx {}  other errors {}",
            millis.len(),
            millis.len() as f64 / seconds,
            at(0.5),
            at(0.99),
            millis.last().copied().unwrap_or(0.0),
            tally.server_errors,
            tally.other_errors,
        );
        if !kind.starts_with("owner") {
            reads.extend_from_slice(&millis);
        }
        server_errors += tally.server_errors;
    }
    reads.sort_by(f64::total_cmp);
    if !reads.is_empty() {
        let at = |q: f64| reads[((reads.len() as f64 * q) as usize).min(reads.len() - 1)];
        println!(
            "  {:<28} {:>6} req {:>6.1} req/s   p50 {:>7.1} ms  p99 {:>7.1} ms   5xx in all: {server_errors}",
            "every read",
            reads.len(),
            reads.len() as f64 / seconds,
            at(0.5),
            at(0.99),
        );
    }
}
