//! `console.*` in the bundle reaches the server's logs under the "ssr" target.

mod common;

use std::io;
use std::sync::{Arc, Mutex};

use common::{pages_pool, props};

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.0.lock() {
            Ok(mut log) => log.extend_from_slice(buf),
            Err(poisoned) => poisoned.into_inner().extend_from_slice(buf),
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn console_output_is_forwarded_to_tracing() {
    let captured = Captured::default();
    let writer = captured.clone();
    // Workers log from their own threads, so the subscriber must be global.
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .init();

    let pool = pages_pool(1);
    let page = pool.render("/log", &props("x")).await;
    // "è€😀" is 2 + 3 + 4 bytes in UTF-8.
    assert_eq!(page.map(|p| p.html), Ok("<p>9</p>".to_owned()));

    let log = match captured.0.lock() {
        Ok(log) => String::from_utf8_lossy(&log).into_owned(),
        Err(poisoned) => String::from_utf8_lossy(&poisoned.into_inner()).into_owned(),
    };
    for expected in [
        r#"INFO ssr: plain message 1 {"a":[1,2]} null undefined"#,
        r#"INFO ssr: Warning: render is 50% done {"x":1}"#,
        "WARN ssr: Error: shown with its stack",
        "ERROR ssr: cyclic [object Object]",
        "INFO ssr: microtask ran after the render",
        "INFO ssr: message delivered",
    ] {
        assert!(log.contains(expected), "missing {expected:?} in:\n{log}");
    }
}
