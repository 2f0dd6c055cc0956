//! Start-up fails with an error, never a panic, when the bundle is unusable.

mod common;

use common::{config, fixture};
use ssr_runtime::{PoolConfig, RenderPool, SsrError};

fn load_error(name: &str) -> String {
    match RenderPool::from_file(&fixture(name), config(2)) {
        Err(SsrError::Load(message)) => message,
        other => panic!("{name}: expected a load error, got {other:?}"),
    }
}

#[test]
fn a_syntax_error_fails_the_start() {
    let message = load_error("syntax-error.js");
    assert!(message.contains("SyntaxError"), "{message}");
}

#[test]
fn a_bundle_without_the_render_function_fails_the_start() {
    let message = load_error("no-render.js");
    assert!(message.contains("vetrinaRender"), "{message}");
}

#[test]
fn a_bundle_that_throws_while_loading_fails_the_start() {
    let message = load_error("throws-at-load.js");
    assert!(message.contains("TypeError"), "{message}");
}

#[test]
fn a_missing_file_fails_the_start() {
    let message = load_error("does-not-exist.js");
    assert!(message.contains("does-not-exist.js"), "{message}");
}

#[test]
fn zero_threads_is_refused() {
    let config = PoolConfig {
        threads: 0,
        ..PoolConfig::default()
    };
    assert!(matches!(
        RenderPool::new("globalThis.vetrinaRender = () => '';".into(), config),
        Err(SsrError::Load(_))
    ));
}

#[test]
fn the_default_config_uses_every_core() {
    let config = PoolConfig::default();
    assert!(config.threads >= 1);
    assert_eq!(config.memory_limit, 64 * 1024 * 1024);
    assert_eq!(config.queue_per_thread, 64);
}
