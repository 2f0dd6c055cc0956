//! Idle connections: a client that connects and sends nothing, or half a request head,
//! is closed after the header timeout; a keep-alive connection after its own, longer
//! one; and a flood of idle connections beyond the instance's cap, on a process with few
//! file descriptors, does not stop `/healthz` from answering.

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::spawn_app_with;

const BIN: &str = env!("CARGO_BIN_EXE_vetrina");

fn limits(header: u64, keep_alive: u64) -> vetrina::net::ConnectionLimits {
    vetrina::net::ConnectionLimits {
        max_connections: 1000,
        header_timeout: Duration::from_secs(header),
        keep_alive: Duration::from_secs(keep_alive),
    }
}

/// How long until the server closes `stream` (EOF or reset), reading and discarding
/// whatever it sends; `None` if it is still open after `patience`.
async fn closed_after(stream: &mut TcpStream, patience: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(
            tokio::time::Instant::from_std(start + patience),
            stream.read(&mut buf),
        )
        .await
        {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some(start.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}

/// Sends one keep-alive request for /healthz and reads its whole reply, waiting at most
/// `patience` for each read.
async fn healthz_within(stream: &mut TcpStream, patience: Duration) -> String {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .await
        .unwrap();
    let mut reply = Vec::new();
    let mut buf = [0u8; 4096];
    // "ok" is the whole body: the reply is complete once it arrives.
    while !reply.ends_with(b"\r\n\r\nok") {
        let n = tokio::time::timeout(patience, stream.read(&mut buf))
            .await
            .expect("reply in time")
            .unwrap();
        assert!(n > 0, "connection closed before the reply");
        reply.extend_from_slice(&buf[..n]);
    }
    String::from_utf8(reply).unwrap()
}

async fn healthz_on(stream: &mut TcpStream) -> String {
    healthz_within(stream, Duration::from_secs(5)).await
}

#[tokio::test]
async fn a_silent_or_half_sent_request_is_closed_after_the_header_timeout() {
    let app = spawn_app_with(|c| c.connections = limits(1, 30)).await;
    let addr = app.url.trim_start_matches("http://").to_owned();
    let opened = Instant::now();
    let mut silent = TcpStream::connect(&addr).await.unwrap();
    let mut half = TcpStream::connect(&addr).await.unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Lento: ")
        .await
        .unwrap();
    for (what, stream) in [("silent", &mut silent), ("half a head", &mut half)] {
        closed_after(stream, Duration::from_secs(6))
            .await
            .unwrap_or_else(|| panic!("a connection with {what} is still open after 6 s"));
        let closed = opened.elapsed();
        assert!(
            closed >= Duration::from_millis(500),
            "{what}: closed after {closed:?}, before the header timeout"
        );
    }
}

#[tokio::test]
async fn a_keep_alive_connection_is_kept_between_requests_until_its_idle_timeout() {
    let app = spawn_app_with(|c| c.connections = limits(1, 3)).await;
    let addr = app.url.trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&addr).await.unwrap();
    assert!(healthz_on(&mut stream).await.starts_with("HTTP/1.1 200"));
    // Longer than the header timeout: a keep-alive connection waits longer than that.
    tokio::time::sleep(Duration::from_millis(1800)).await;
    assert!(healthz_on(&mut stream).await.starts_with("HTTP/1.1 200"));
    let closed = closed_after(&mut stream, Duration::from_secs(8))
        .await
        .expect("an idle keep-alive connection is closed after its timeout");
    assert!(
        closed >= Duration::from_secs(2),
        "closed after {closed:?}, before the keep-alive timeout"
    );
}

/// The real binary, started through `sh` so that its open-file limits can be set
/// (`ulimit`); killed when dropped.
struct Server {
    child: Child,
    addr: String,
    _dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start_binary(ulimit: &str, extra: &[&str]) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let assets = concat!(env!("CARGO_MANIFEST_DIR"), "/../frontend/dist");
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!("{ulimit} && exec \"$0\" \"$@\""))
        .arg(BIN)
        .args([
            "serve",
            "--bind",
            &addr,
            "--public-url",
            &format!("http://{addr}"),
        ])
        .arg("--data-dir")
        .arg(dir.path())
        .args(["--assets-dir", assets])
        .args(extra)
        .env_remove("DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let server = Server {
        child,
        addr,
        _dir: dir,
    };
    for _ in 0..300 {
        if let Ok(mut stream) = TcpStream::connect(&server.addr).await {
            if healthz_on(&mut stream).await.starts_with("HTTP/1.1 200") {
                return server;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("server did not start");
}

fn postgres_run() -> bool {
    // The binary runs on SQLite: connections do not depend on the database.
    std::env::var("TEST_DATABASE").as_deref() == Ok("postgres")
}

#[tokio::test]
async fn healthz_answers_while_idle_connections_beyond_the_cap_are_held() {
    if postgres_run() {
        return;
    }
    // 256 descriptors at most, soft and hard: the default cap becomes 128 connections.
    let server = start_binary("ulimit -n 256", &["--header-timeout-secs", "1"]).await;
    rlimit::increase_nofile_limit(4096).unwrap();
    // A client served before the attack keeps its connection and its answers.
    let mut served = TcpStream::connect(&server.addr).await.unwrap();
    assert!(healthz_on(&mut served).await.starts_with("HTTP/1.1 200"));

    // 400 attackers that connect, send nothing, and connect again as soon as closed.
    let stop = Arc::new(AtomicBool::new(false));
    let mut attackers = Vec::new();
    for _ in 0..400 {
        let (addr, stop) = (server.addr.clone(), stop.clone());
        attackers.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let Ok(mut stream) = TcpStream::connect(&addr).await else {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                let _ = closed_after(&mut stream, Duration::from_secs(60)).await;
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;

    let started = Instant::now();
    let mut fresh = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            if let Ok(stream) = TcpStream::connect(&server.addr).await {
                return stream;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("connected");
    // Accepted once an attacker ahead of it in the backlog has been closed.
    let reply = healthz_within(&mut fresh, Duration::from_secs(20)).await;
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    eprintln!("/healthz answered after {:?}", started.elapsed());
    assert!(
        healthz_on(&mut served).await.starts_with("HTTP/1.1 200"),
        "the connection served before the flood still answers"
    );
    stop.store(true, Ordering::Relaxed);
    for attacker in attackers {
        attacker.abort();
    }
}

#[test]
fn the_open_file_limit_is_raised_to_the_hard_limit_at_start_up() {
    if postgres_run() {
        return;
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(start_binary("ulimit -S -n 200", &[]));
    let limits = std::fs::read_to_string(format!("/proc/{}/limits", server.child.id())).unwrap();
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap();
    let numbers: Vec<&str> = line.split_whitespace().skip(3).take(2).collect();
    assert_eq!(numbers[0], numbers[1], "soft and hard limit: {line}");
    assert_ne!(numbers[0], "200", "{line}");
}
