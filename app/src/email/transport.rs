//! Where messages go: an SMTP server, or the outbox folder.

use std::path::PathBuf;
use std::time::Duration;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::Email;

/// A message that could not be handed over. The account or token it belongs to is kept;
/// the caller tells the user the e-mail did not leave.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct MailError(String);

#[derive(Clone)]
enum Route {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

#[derive(Clone)]
pub struct Mailer {
    route: Route,
    from: Mailbox,
}

/// An SMTP server that does not answer within this time counts as down.
const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

/// Turns the accepted forms of `--smtp-url` into lettre's:
/// `smtp://host:port` (plain, for local sinks), `smtps://user:pass@host:465` (TLS),
/// `smtp+starttls://user:pass@host:587` or `smtp://…?tls=starttls` (STARTTLS required).
pub fn parse_smtp_url(raw: &str) -> Result<String, String> {
    let bad = || {
        format!(
            "--smtp-url non valido: «{raw}». Esempi: smtps://utente:password@smtp.example.it, \
             smtp+starttls://utente:password@smtp.example.it:587, smtp://127.0.0.1:1025"
        )
    };
    let mut url = url::Url::parse(raw.trim()).map_err(|_| bad())?;
    if url.host_str().is_none_or(str::is_empty) {
        return Err(bad());
    }
    let starttls = match url.scheme() {
        "smtp+starttls" => true,
        "smtp" | "smtps" => false,
        _ => return Err(bad()),
    };
    let mut query: Vec<(String, String)> = url
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let mut wants_starttls = starttls;
    for (k, v) in &mut query {
        if k == "tls" {
            match v.as_str() {
                "starttls" | "required" => {
                    wants_starttls = true;
                }
                "opportunistic" => {}
                _ => return Err(bad()),
            }
        }
    }
    query.retain(|(k, _)| k != "tls");
    if wants_starttls {
        if url.scheme() == "smtps" {
            return Err(bad());
        }
        query.push(("tls".into(), "required".into()));
    }
    let text = url.as_str().to_owned();
    let rest = text
        .split_once("://")
        .map(|(_, r)| r.to_owned())
        .ok_or_else(bad)?;
    let scheme = if url.scheme() == "smtps" {
        "smtps"
    } else {
        "smtp"
    };
    url = url::Url::parse(&format!("{scheme}://{rest}")).map_err(|_| bad())?;
    url.set_query(None);
    if !query.is_empty() {
        url.query_pairs_mut().extend_pairs(query);
    }
    AsyncSmtpTransport::<Tokio1Executor>::from_url(url.as_str()).map_err(|_| bad())?;
    Ok(url.into())
}

pub fn parse_mailbox(raw: &str) -> Result<Mailbox, String> {
    raw.trim().parse::<Mailbox>().map_err(|_| {
        format!(
            "--mail-from non valido: «{raw}». Esempio: \"Vetrina <noreply@vetrina.example.it>\""
        )
    })
}

impl Mailer {
    /// SMTP when a (checked, see [`parse_smtp_url`]) URL is given, otherwise the outbox.
    pub fn new(smtp_url: Option<&str>, from: Mailbox, outbox: PathBuf) -> anyhow::Result<Self> {
        let route = match smtp_url {
            Some(url) => {
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| anyhow::anyhow!("--smtp-url non utilizzabile: {e}"))?
                    .timeout(Some(SMTP_TIMEOUT))
                    .build();
                Route::Smtp(transport)
            }
            None => Route::Outbox(outbox),
        };
        Ok(Self { route, from })
    }

    pub fn describe(&self) -> String {
        match &self.route {
            Route::Smtp(_) => "SMTP".to_owned(),
            Route::Outbox(dir) => format!("outbox folder {}", dir.display()),
        }
    }

    pub async fn send(&self, email: Email) -> Result<(), MailError> {
        let message = self.build(&email)?;
        match &self.route {
            Route::Smtp(transport) => match transport.send(message).await {
                Ok(_) => {
                    tracing::info!(to = %email.to, subject = email.subject, "e-mail sent");
                    Ok(())
                }
                Err(err) => {
                    tracing::warn!(to = %email.to, subject = email.subject, error = %err, "e-mail not sent");
                    Err(MailError(err.to_string()))
                }
            },
            Route::Outbox(dir) => {
                let path = write_outbox(dir, &message.formatted()).await.map_err(|err| {
                    tracing::warn!(dir = %dir.display(), error = %err, "e-mail not written to the outbox");
                    MailError(err.to_string())
                })?;
                tracing::info!(to = %email.to, file = %path.display(), link = %email.link, "e-mail written to the outbox: {}", email.link);
                Ok(())
            }
        }
    }

    fn build(&self, email: &Email) -> Result<Message, MailError> {
        let to: Mailbox = email
            .to
            .parse()
            .map_err(|e| MailError(format!("invalid address: {e}")))?;
        let part = |content_type: ContentType, text: &str| {
            SinglePart::builder()
                .header(content_type)
                .body(eight_bit(text))
        };
        let mut message = Message::builder().from(self.from.clone()).to(to);
        if let Some(reply_to) = email.reply_to.as_deref().and_then(|r| r.parse().ok()) {
            message = message.reply_to(reply_to);
        }
        message
            .subject(email.subject)
            .multipart(
                MultiPart::alternative()
                    .singlepart(part(ContentType::TEXT_PLAIN, &email.text))
                    .singlepart(part(ContentType::TEXT_HTML, &email.html)),
            )
            .map_err(|e| MailError(e.to_string()))
    }
}

/// 8bit keeps the links whole and readable in the raw message (quoted-printable and
/// base64 would cut or hide them; lettre picks 8bit only for lines under 76 characters).
/// RFC 5322 allows 998 per line; our texts stay far below, otherwise lettre chooses.
fn eight_bit(text: &str) -> Body {
    let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
    if crlf.split("\r\n").all(|line| line.len() <= 998) && !crlf.contains('\0') {
        Body::dangerous_pre_encoded(crlf.into_bytes(), ContentTransferEncoding::EightBit)
    } else {
        Body::new(text.to_owned())
    }
}

/// One `.eml` per message, named so that a listing sorts them by time.
async fn write_outbox(dir: &PathBuf, bytes: &[u8]) -> std::io::Result<PathBuf> {
    tokio::fs::create_dir_all(dir).await?;
    let now = time::OffsetDateTime::now_utc();
    let stamp = format!(
        "{:04}{:02}{:02}-{:02}{:02}{:02}-{:09}",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second(),
        now.nanosecond()
    );
    let path = dir.join(format!("{stamp}-{}.eml", &crate::token::new_token()[..8]));
    tokio::fs::write(&path, bytes).await?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_url_forms() {
        assert_eq!(
            parse_smtp_url("smtp://127.0.0.1:2525").expect("accepted"),
            "smtp://127.0.0.1:2525"
        );
        assert_eq!(
            parse_smtp_url("smtps://u:p@mail.example.it").expect("accepted"),
            "smtps://u:p@mail.example.it"
        );
        assert_eq!(
            parse_smtp_url("smtp+starttls://u:p@mail.example.it:587").expect("accepted"),
            "smtp://u:p@mail.example.it:587?tls=required"
        );
        assert_eq!(
            parse_smtp_url("smtp://mail.example.it:587?tls=starttls").expect("accepted"),
            "smtp://mail.example.it:587?tls=required"
        );
        assert!(parse_smtp_url("http://mail.example.it").is_err());
        assert!(parse_smtp_url("smtps://mail.example.it?tls=starttls").is_err());
        assert!(parse_smtp_url("non un url").is_err());
    }

    #[test]
    fn mailboxes() {
        assert!(parse_mailbox("Vetrina <noreply@vetrina.example.it>").is_ok());
        assert!(parse_mailbox("noreply@localhost").is_ok());
        assert!(parse_mailbox("nessuno").is_err());
    }
}
