//! A tiny SMTP server for the tests: speaks EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP and
//! QUIT over TCP on port 0 and keeps every message it accepts.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Clone, Debug)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// The raw message as sent after DATA, dot-unstuffed.
    pub data: String,
}

#[derive(Clone, Default)]
pub struct SmtpSink {
    pub url: String,
    messages: Arc<Mutex<Vec<Received>>>,
}

impl SmtpSink {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind smtp sink");
        let addr = listener.local_addr().expect("sink addr");
        let sink = Self {
            url: format!("smtp://{addr}"),
            messages: Arc::default(),
        };
        let messages = sink.messages.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let messages = messages.clone();
                tokio::spawn(async move {
                    let _ = serve(socket, messages).await;
                });
            }
        });
        sink
    }

    pub fn messages(&self) -> Vec<Received> {
        self.messages.lock().expect("sink lock").clone()
    }

    /// The messages once `done` holds for them (e-mails sent after the reply, like a reset
    /// link, arrive a moment later); panics after 10 s.
    pub async fn wait_until(&self, done: impl Fn(&[Received]) -> bool) -> Vec<Received> {
        for _ in 0..200 {
            let messages = self.messages();
            if done(&messages) {
                return messages;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the expected e-mails did not arrive: {:?}", self.messages());
    }

    /// The last message sent to `to`.
    pub fn last_to(&self, to: &str) -> Received {
        self.messages()
            .into_iter()
            .rev()
            .find(|m| m.to.iter().any(|t| t == to))
            .unwrap_or_else(|| panic!("no e-mail to {to}"))
    }
}

async fn serve(
    socket: tokio::net::TcpStream,
    messages: Arc<Mutex<Vec<Received>>>,
) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read);
    write.write_all(b"220 sink.test ESMTP ready\r\n").await?;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_owned();
        let verb = command
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        let reply: &[u8] = match verb.as_str() {
            "EHLO" => b"250-sink.test\r\n250-8BITMIME\r\n250 SIZE 20000000\r\n",
            "HELO" | "NOOP" => b"250 OK\r\n",
            "RSET" => {
                from.clear();
                to.clear();
                b"250 OK\r\n"
            }
            "MAIL" => {
                from = address(&command);
                b"250 OK\r\n"
            }
            "RCPT" => {
                to.push(address(&command));
                b"250 OK\r\n"
            }
            "DATA" => {
                write
                    .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                    .await?;
                let mut data = String::new();
                loop {
                    line.clear();
                    if lines.read_line(&mut line).await? == 0 {
                        return Ok(());
                    }
                    if line == ".\r\n" || line == ".\n" {
                        break;
                    }
                    data.push_str(line.strip_prefix('.').unwrap_or(&line));
                }
                messages.lock().expect("sink lock").push(Received {
                    from: from.clone(),
                    to: to.clone(),
                    data,
                });
                b"250 OK queued\r\n"
            }
            "QUIT" => {
                write.write_all(b"221 Bye\r\n").await?;
                return Ok(());
            }
            _ => b"502 Command not implemented\r\n",
        };
        write.write_all(reply).await?;
    }
}

/// `MAIL FROM:<a@b.it> BODY=8BITMIME` → `a@b.it`.
fn address(command: &str) -> String {
    command
        .split('<')
        .nth(1)
        .and_then(|r| r.split('>').next())
        .unwrap_or("")
        .to_owned()
}

/// The token of the first `…{path}?token=<hex>` link in a message.
pub fn token_in(message: &str, path: &str) -> String {
    let marker = format!("{path}?token=");
    let start = message
        .find(&marker)
        .unwrap_or_else(|| panic!("no {path} link in:\n{message}"))
        + marker.len();
    message[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}
