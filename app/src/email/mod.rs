//! Outgoing e-mail: SMTP when `--smtp-url` is set, otherwise an outbox folder of `.eml`
//! files so a fresh checkout works with no mail server. Messages are Italian, HTML and
//! plain text; their links are built from the configured public URL only.

mod templates;
mod transport;

pub use templates::{inquiry, password_reset, sync_failed, verification, Email, InquiryMail};
pub use transport::{parse_mailbox, parse_smtp_url, MailError, Mailer};
