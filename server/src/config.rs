//! Command line and environment. Every value is checked here, at boot, so a bad one stops
//! start-up with one clear line instead of failing later on a request.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use url::Url;

#[derive(Debug, Parser)]
#[command(
    name = "vetrina",
    version,
    about = "Vetrina: il catalogo online dei negozi di edilizia"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start the web server.
    Serve(ServeArgs),
    /// Create (once) the demo shop "Edilizia Demo" with its products and print its login.
    SeedDemo(DbArgs),
    /// Shop administration for sales staff.
    Shop {
        #[command(subcommand)]
        command: ShopCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum ShopCommand {
    /// Move a shop to a plan: free, starter, pro or business.
    SetPlan {
        #[command(flatten)]
        db: DbArgs,
        /// The owner's e-mail.
        email: String,
        /// free | starter | pro | business
        plan: String,
    },
}

#[derive(Debug, Clone, Args)]
pub struct DbArgs {
    /// sqlite://path or postgres://… ; default: a SQLite file in the data directory.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
    /// Where the SQLite file, uploads and the e-mail outbox live.
    #[arg(long, env = "VETRINA_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DbArgs,
    #[arg(long, env = "VETRINA_BIND", default_value = "127.0.0.1:3000")]
    pub bind: String,
    /// The address visitors use; canonical links and e-mail links are built from it.
    #[arg(
        long,
        env = "VETRINA_PUBLIC_URL",
        default_value = "http://localhost:3000"
    )]
    pub public_url: String,
    /// The frontend build (server bundle, client assets, postal-code data).
    #[arg(long, env = "VETRINA_ASSETS_DIR", default_value = "./frontend/dist")]
    pub assets_dir: PathBuf,
    /// Memory for rendered pages, in MiB; 0 turns the cache off (to measure rendering).
    #[arg(long, env = "VETRINA_HTML_CACHE_MB", default_value_t = 32)]
    pub html_cache_mb: usize,
    /// SMTP server for outgoing e-mail: smtps://user:pass@host (TLS),
    /// smtp+starttls://user:pass@host:587 (STARTTLS), smtp://host:port (plain, local sinks).
    /// Without it, messages are written to <data-dir>/outbox/.
    #[arg(long, env = "SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Sender of outgoing e-mail; default "Vetrina <noreply@host of the public URL>".
    #[arg(long, env = "VETRINA_MAIL_FROM")]
    pub mail_from: Option<String>,
}

/// Settings the running server needs, validated.
#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    pub public_url: Url,
    pub database_url: String,
    pub data_dir: PathBuf,
    pub assets_dir: PathBuf,
    pub html_cache_bytes: usize,
    /// Checked SMTP URL in lettre's form; `None` writes e-mail to the outbox folder.
    pub smtp_url: Option<String>,
    pub mail_from: String,
}

impl DbArgs {
    /// The database URL to use: the one given, or a SQLite file in the data directory.
    pub fn resolve(&self) -> Result<String, String> {
        match &self.database_url {
            Some(url)
                if url.starts_with("sqlite:") || url.starts_with("postgres://") || url.starts_with("postgresql://") =>
            {
                Ok(url.clone())
            }
            Some(url) => Err(format!(
                "DATABASE_URL non valido: «{url}». Usa sqlite://percorso oppure postgres://utente@host/database"
            )),
            None => {
                let file = self.data_dir.join("vetrina.db");
                Ok(format!("sqlite://{}?mode=rwc", file.display()))
            }
        }
    }
}

impl ServeArgs {
    pub fn validate(&self) -> Result<Config, String> {
        let bind: SocketAddr = self.bind.parse().map_err(|_| {
            format!(
                "--bind non valido: «{}». Esempio: 127.0.0.1:3000",
                self.bind
            )
        })?;
        let public_url = parse_public_url(&self.public_url)?;
        let smtp_url = match self
            .smtp_url
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            Some(raw) => Some(crate::email::parse_smtp_url(raw)?),
            None => None,
        };
        let mail_from = match self
            .mail_from
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            Some(raw) => raw.to_owned(),
            None => default_mail_from(&public_url),
        };
        crate::email::parse_mailbox(&mail_from)?;
        Ok(Config {
            bind,
            public_url,
            database_url: self.db.resolve()?,
            data_dir: self.db.data_dir.clone(),
            assets_dir: self.assets_dir.clone(),
            html_cache_bytes: self.html_cache_mb.saturating_mul(1024 * 1024),
            smtp_url,
            mail_from,
        })
    }
}

pub fn parse_public_url(raw: &str) -> Result<Url, String> {
    let url = Url::parse(raw).map_err(|_| {
        format!("--public-url non valido: «{raw}». Esempio: https://vetrina.example.it")
    })?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(format!(
            "--public-url deve iniziare con http:// o https://: «{raw}»"
        ));
    }
    Ok(url)
}

/// `Vetrina <noreply@example.it>` for a public URL on example.it; `localhost` when the
/// public URL is an IP address.
pub fn default_mail_from(public_url: &Url) -> String {
    let domain = match public_url.host() {
        Some(url::Host::Domain(d)) => d.to_owned(),
        _ => "localhost".to_owned(),
    };
    format!("Vetrina <noreply@{domain}>")
}

impl Config {
    /// The public URL without a trailing slash, to which paths are appended.
    pub fn public_base(&self) -> String {
        self.public_url.as_str().trim_end_matches('/').to_owned()
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    pub fn media_dir(&self) -> PathBuf {
        self.data_dir.join("media")
    }

    pub fn secure_cookies(&self) -> bool {
        self.public_url.scheme() == "https"
    }
}
