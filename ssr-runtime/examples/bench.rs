//! Renders/s of a server bundle on every thread of the pool.
//!
//! cargo run --release -p ssr-runtime --example bench -- BUNDLE.js
//!     [--threads N] [--renders N] [--url PATH] [--props FILE.json]
//!
//! Without --url/--props it renders a product page with 15 related products, shaped as
//! in docs/decisions/002-ssr-contract.md.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use ssr_runtime::{PoolConfig, RenderPool};

struct Args {
    bundle: PathBuf,
    threads: usize,
    renders: usize,
    url: String,
    props: String,
}

fn parse_args() -> Result<Args, String> {
    let mut bundle = None;
    let mut threads = PoolConfig::default().threads;
    let mut renders = 2000;
    let mut url = "/product/3/edilizia-demo/12/cemento-32-5".to_owned();
    let mut props = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--threads" => {
                threads = value("--threads")?
                    .parse()
                    .map_err(|e| format!("--threads: {e}"))?
            }
            "--renders" => {
                renders = value("--renders")?
                    .parse()
                    .map_err(|e| format!("--renders: {e}"))?
            }
            "--url" => url = value("--url")?,
            "--props" => {
                let path = value("--props")?;
                props = Some(std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?);
            }
            _ if bundle.is_none() && !arg.starts_with("--") => bundle = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    Ok(Args {
        bundle: bundle.ok_or(
            "usage: bench BUNDLE.js [--threads N] [--renders N] [--url PATH] [--props FILE]",
        )?,
        threads,
        renders,
        url,
        props: props.unwrap_or_else(|| product_page_props().to_string()),
    })
}

fn product(id: u32, name: &str, brand: &str) -> Value {
    json!({
        "id": id, "store_id": 3, "slug": name.to_lowercase().replace([' ', ','], "-"),
        "name": name, "price": 7.9 + f64::from(id), "category": "Leganti e malte",
        "description": "Cemento Portland al calcare per calcestruzzi strutturali, massetti e intonaci. Sacco da 25 kg.",
        "brand": brand, "image_url": null, "in_stock": id != 13, "status": "normal",
        "sku": format!("SKU-{id}"), "ean": null, "created": "2025-03-01T09:00:00Z"
    })
}

fn product_page_props() -> Value {
    json!({
        "site": { "publicUrl": "http://localhost:3000" },
        "store": {
            "id": 3, "name": "Edilizia Demo", "slug": "edilizia-demo",
            "description": "Materiali edili dal 1978.", "partner_group": null, "logo_img_url": null,
            "address": "Via Roma 1", "city": "Bergamo", "postal_code": "24121",
            "website_url": "https://example.com", "telephone": "035 000000", "email": "info@example.com",
            "plan": "pro", "trial_used": true, "trial_ends_at": null, "created": "2025-01-10T08:00:00Z",
            "counter_csv_imported": 2, "regenerations_this_month": 0, "product_count": 16
        },
        "product": product(12, "Cemento 32,5", "Buzzi"),
        "related": (0..15).map(|i| product(100 + i, &format!("Cemento tipo {i}"), "Buzzi")).collect::<Vec<_>>(),
    })
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let config = PoolConfig {
        threads: args.threads,
        timeout: Duration::from_secs(5),
        ..PoolConfig::default()
    };
    let started = Instant::now();
    let pool = match RenderPool::from_file(&args.bundle, config) {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "loaded {} on {} threads in {:?}",
        args.bundle.display(),
        pool.threads(),
        started.elapsed()
    );

    // Warm-up, and a look at what is being measured.
    match pool.render(&args.url, &args.props).await {
        Ok(page) => println!(
            "{} -> status {}, html {} bytes, head {} bytes",
            args.url,
            page.status,
            page.html.len(),
            page.head.len()
        ),
        Err(error) => {
            eprintln!("render failed: {error}");
            return ExitCode::FAILURE;
        }
    }
    for _ in 0..pool.threads() * 20 {
        let _ = pool.render(&args.url, &args.props).await;
    }

    // Enough tasks in flight to keep every thread busy.
    let tasks = pool.threads() * 4;
    let per_task = args.renders.div_ceil(tasks);
    let started = Instant::now();
    let handles: Vec<_> = (0..tasks)
        .map(|_| {
            let pool = pool.clone();
            let (url, props) = (args.url.clone(), args.props.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::with_capacity(per_task);
                for _ in 0..per_task {
                    let start = Instant::now();
                    pool.render(&url, &props).await.map_err(|e| e.to_string())?;
                    latencies.push(start.elapsed());
                }
                Ok::<_, String>(latencies)
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for handle in handles {
        match handle.await {
            Ok(Ok(mut done)) => latencies.append(&mut done),
            Ok(Err(error)) => {
                eprintln!("render failed: {error}");
                return ExitCode::FAILURE;
            }
            Err(error) => {
                eprintln!("task failed: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q) as usize];
    println!(
        "{} renders in {:.2?}: {:.0} renders/s on {} threads ({:.0}/s per thread); latency with queueing p50 {:.2?} p99 {:.2?}",
        latencies.len(),
        elapsed,
        latencies.len() as f64 / elapsed.as_secs_f64(),
        pool.threads(),
        latencies.len() as f64 / elapsed.as_secs_f64() / pool.threads() as f64,
        at(0.5),
        at(0.99),
    );
    ExitCode::SUCCESS
}
