#![allow(dead_code)] // each test binary uses its own part of these helpers

use std::path::PathBuf;
use std::time::Duration;

use ssr_runtime::{PoolConfig, RenderPool};

pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

pub fn config(threads: usize) -> PoolConfig {
    PoolConfig {
        threads,
        timeout: Duration::from_millis(300),
        memory_limit: 32 * 1024 * 1024,
        queue_per_thread: 64,
    }
}

pub fn pages_pool(threads: usize) -> RenderPool {
    pages_pool_with(config(threads))
}

pub fn pages_pool_with(config: PoolConfig) -> RenderPool {
    match RenderPool::from_file(&fixture("pages.js"), config) {
        Ok(pool) => pool,
        Err(error) => panic!("the fixture bundle should load: {error}"),
    }
}

pub fn props(name: &str) -> String {
    serde_json::json!({ "site": { "publicUrl": "http://localhost:3000" }, "name": name })
        .to_string()
}

/// The pool still renders a normal page correctly.
pub async fn assert_still_renders(pool: &RenderPool) {
    let page = pool.render("/after", &props("Cemento")).await;
    assert_eq!(
        page.map(|p| p.html),
        Ok("<h1>Cemento</h1><p>/after</p>".to_owned())
    );
}
