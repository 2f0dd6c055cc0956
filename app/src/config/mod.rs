//! Command line and environment. Every value is checked here, at boot, so a bad one stops
//! start-up with one clear line instead of failing later on a request.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use ai::settings::{AiSettings, OpenAiSettings};
use clap::{Args, Parser, Subcommand};
use url::Url;

mod connections;
mod proxies;

pub use connections::{open_file_limit, ConnectionLimits};
pub use proxies::TrustedProxies;

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
// Parsed once at start-up: the size of `Serve`'s arguments costs nothing.
#[allow(clippy::large_enum_variant)]
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
    #[command(flatten)]
    pub ai: AiArgs,
    #[command(flatten)]
    pub limits: ClientLimits,
    #[command(flatten)]
    pub connections: ConnectionArgs,
    /// Proxies in front of the server (comma-separated networks or addresses, e.g.
    /// 10.0.0.0/8): from them the client's address is read from X-Forwarded-For or
    /// Forwarded. Default: none, the TCP peer is the client.
    #[arg(long, env = "VETRINA_TRUSTED_PROXIES")]
    pub trusted_proxies: Option<String>,
    #[command(flatten)]
    pub operator: Operator,
}

/// How many connections an instance holds and how long a silent one is kept.
#[derive(Debug, Clone, Args)]
pub struct ConnectionArgs {
    /// Connections served at once; beyond it new ones wait. Default: 10,000, or fewer
    /// when the open-file limit is lower.
    #[arg(long, env = "VETRINA_MAX_CONNECTIONS")]
    pub max_connections: Option<usize>,
    /// Seconds a new connection has to send its first complete request head.
    #[arg(long, env = "VETRINA_HEADER_TIMEOUT_SECS", default_value_t = ConnectionLimits::HEADER_TIMEOUT.as_secs())]
    pub header_timeout_secs: u64,
    /// Seconds a connection may stay open with no request after a response.
    #[arg(long, env = "VETRINA_KEEP_ALIVE_SECS", default_value_t = ConnectionLimits::KEEP_ALIVE.as_secs())]
    pub keep_alive_secs: u64,
}

impl ConnectionArgs {
    /// `open_files`: the process's open-file limit, from which the default cap follows.
    pub fn validate(&self, open_files: Option<u64>) -> Result<ConnectionLimits, String> {
        if self.max_connections == Some(0) {
            return Err("--max-connections deve essere maggiore di 0".into());
        }
        if self.header_timeout_secs == 0 || self.keep_alive_secs == 0 {
            return Err(
                "--header-timeout-secs e --keep-alive-secs devono essere maggiori di 0".into(),
            );
        }
        let max_connections = self.max_connections.unwrap_or_else(|| {
            open_files.map_or(
                ConnectionLimits::MAX_CONNECTIONS,
                ConnectionLimits::default_max_connections,
            )
        });
        Ok(ConnectionLimits {
            max_connections,
            header_timeout: Duration::from_secs(self.header_timeout_secs),
            keep_alive: Duration::from_secs(self.keep_alive_secs),
        })
    }
}

/// Which AI provider completes products (`builtin` works offline).
#[derive(Debug, Clone, Args)]
pub struct AiArgs {
    /// builtin | openai
    #[arg(long, env = "VETRINA_AI_PROVIDER", default_value = "builtin")]
    pub ai_provider: String,
    /// OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 (`/chat/completions` is appended).
    #[arg(long, env = "VETRINA_AI_BASE_URL")]
    pub ai_base_url: Option<String>,
    /// Sent as `Authorization: Bearer …`; optional for local servers.
    #[arg(long, env = "VETRINA_AI_API_KEY", hide_env_values = true)]
    pub ai_api_key: Option<String>,
    #[arg(long, env = "VETRINA_AI_MODEL")]
    pub ai_model: Option<String>,
    /// Seconds one answer may take before the product falls back to `builtin`.
    #[arg(long, env = "VETRINA_AI_TIMEOUT_SECS", default_value_t = 20)]
    pub ai_timeout_secs: u64,
    /// Requests to the provider in flight at once.
    #[arg(long, env = "VETRINA_AI_CONCURRENCY", default_value_t = 4)]
    pub ai_concurrency: usize,
}

impl AiArgs {
    pub fn validate(&self) -> Result<AiSettings, String> {
        match self.ai_provider.trim() {
            "builtin" => Ok(AiSettings::Builtin),
            "openai" => {
                let base = self
                    .ai_base_url
                    .as_deref()
                    .ok_or("--ai-base-url è obbligatorio con --ai-provider openai")?;
                let model = self.ai_model.as_deref().unwrap_or("");
                let mut settings = OpenAiSettings::new(base, self.ai_api_key.clone(), model)?;
                if self.ai_timeout_secs == 0 || self.ai_concurrency == 0 {
                    return Err(
                        "--ai-timeout-secs e --ai-concurrency devono essere maggiori di 0".into(),
                    );
                }
                settings.timeout = Duration::from_secs(self.ai_timeout_secs);
                settings.concurrency = self.ai_concurrency;
                Ok(AiSettings::OpenAi(settings))
            }
            other => Err(format!(
                "--ai-provider non valido: «{other}». Usa builtin oppure openai"
            )),
        }
    }
}

/// What one client (one IP address) may do per hour without an account: a registration
/// is no free host for spam pages, the demo form no mailbox flood.
#[derive(Debug, Clone, Copy, Args, PartialEq, Eq)]
pub struct ClientLimits {
    /// Shops registered per hour from one address.
    #[arg(long, env = "VETRINA_REGISTRATIONS_PER_HOUR", default_value_t = ClientLimits::DEFAULT.registrations_per_hour)]
    pub registrations_per_hour: u64,
    /// Demo requests per hour from one address.
    #[arg(long, env = "VETRINA_LEADS_PER_HOUR", default_value_t = ClientLimits::DEFAULT.leads_per_hour)]
    pub leads_per_hour: u64,
    /// "Chiedi disponibilità" requests per hour from one address.
    #[arg(long, env = "VETRINA_INQUIRIES_PER_HOUR", default_value_t = ClientLimits::DEFAULT.inquiries_per_hour)]
    pub inquiries_per_hour: u64,
    /// Megabytes of logo uploads per hour from one address (what is sent, or what is
    /// stored when more).
    #[arg(long, env = "VETRINA_UPLOAD_MB_PER_HOUR", default_value_t = ClientLimits::DEFAULT.upload_mb_per_hour)]
    pub upload_mb_per_hour: u64,
}

impl ClientLimits {
    /// The defaults, one place for the flags and `Default`.
    pub const DEFAULT: ClientLimits = ClientLimits {
        registrations_per_hour: 5,
        leads_per_hour: 10,
        inquiries_per_hour: 5,
        upload_mb_per_hour: 25,
    };
}

impl Default for ClientLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Who runs the site: the data controller named on the privacy and cookie pages and in the
/// footer. Lines left empty are not shown.
#[derive(Debug, Clone, Args, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Operator {
    /// Company name, e.g. "Vetrina S.r.l.".
    #[arg(id = "operator_name", long = "operator-name", env = "VETRINA_OPERATOR_NAME", default_value = OPERATOR_NAME)]
    pub name: String,
    /// Registered address, e.g. "Via Roma 1, 20121 Milano (MI)".
    #[arg(
        id = "operator_address",
        long = "operator-address",
        env = "VETRINA_OPERATOR_ADDRESS"
    )]
    pub address: Option<String>,
    /// Partita IVA.
    #[arg(
        id = "operator_vat",
        long = "operator-vat",
        env = "VETRINA_OPERATOR_VAT"
    )]
    pub vat_number: Option<String>,
    /// The data controller's contact address.
    #[arg(id = "operator_email", long = "operator-email", env = "VETRINA_OPERATOR_EMAIL", default_value = OPERATOR_EMAIL)]
    pub email: String,
}

const OPERATOR_NAME: &str = "Vetrina";
const OPERATOR_EMAIL: &str = "privacy@vetrina-catalogo.it";

impl Default for Operator {
    fn default() -> Self {
        Self {
            name: OPERATOR_NAME.to_owned(),
            address: None,
            vat_number: None,
            email: OPERATOR_EMAIL.to_owned(),
        }
    }
}

impl Operator {
    /// Trimmed, empty lines dropped; a name and an e-mail address are required.
    fn validate(&self) -> Result<Self, String> {
        let line = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
        };
        let name = self.name.trim().to_owned();
        let email = self.email.trim().to_owned();
        if name.is_empty() {
            return Err("--operator-name non può essere vuoto".into());
        }
        if domain::Email::parse(&email).is_none() {
            return Err(format!("--operator-email non valido: «{email}»"));
        }
        Ok(Self {
            name,
            address: line(&self.address),
            vat_number: line(&self.vat_number),
            email,
        })
    }
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
    pub ai: AiSettings,
    /// Which addresses image URLs may point to; loopback is allowed only in tests.
    pub fetch_policy: crate::media::fetch::AddressPolicy,
    pub limits: ClientLimits,
    /// Connections at once and how long a silent one is kept.
    pub connections: ConnectionLimits,
    /// Whose forwarding headers say who the client is.
    pub trusted_proxies: TrustedProxies,
    pub operator: Operator,
    /// How long a claimed background job is leased; renewed while it runs, so a job of a
    /// dead instance is taken over soon after (`jobs`).
    pub job_lease: Duration,
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
            ai: self.ai.validate()?,
            fetch_policy: crate::media::fetch::AddressPolicy::default(),
            limits: self.limits,
            connections: self.connections.validate(open_file_limit())?,
            trusted_proxies: self
                .trusted_proxies
                .as_deref()
                .unwrap_or_default()
                .parse()?,
            operator: self.operator.validate()?,
            job_lease: crate::jobs::LEASE,
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_operator_needs_a_name_and_an_address_and_drops_empty_lines() {
        let given = |name: &str, email: &str, vat: Option<&str>| {
            Operator {
                name: name.into(),
                address: Some("  ".into()),
                vat_number: vat.map(Into::into),
                email: email.into(),
            }
            .validate()
        };
        let ok = given(" Edil S.r.l. ", "dpo@edil.it", Some(" 0123 ")).unwrap();
        assert_eq!(
            (ok.name.as_str(), ok.address, ok.vat_number.as_deref()),
            ("Edil S.r.l.", None, Some("0123"))
        );
        assert!(given("  ", "dpo@edil.it", None)
            .unwrap_err()
            .contains("--operator-name"));
        assert!(given("Edil", "non-un-indirizzo", None)
            .unwrap_err()
            .contains("--operator-email"));
        assert_eq!(Operator::default().validate().unwrap(), Operator::default());
    }

    fn ai_args(provider: &str, base: Option<&str>, model: Option<&str>) -> AiArgs {
        AiArgs {
            ai_provider: provider.into(),
            ai_base_url: base.map(Into::into),
            ai_api_key: Some("sk-segreta".into()),
            ai_model: model.map(Into::into),
            ai_timeout_secs: 20,
            ai_concurrency: 4,
        }
    }

    #[test]
    fn the_endpoint_follows_the_sdk_base_or_a_server_root() {
        for (base, endpoint) in [
            (
                "https://api.openai.com/v1",
                "https://api.openai.com/v1/chat/completions",
            ),
            (
                "https://api.mistral.ai/v1/",
                "https://api.mistral.ai/v1/chat/completions",
            ),
            (
                "http://127.0.0.1:11434",
                "http://127.0.0.1:11434/v1/chat/completions",
            ),
        ] {
            let s = OpenAiSettings::new(base, None, "m").expect(base);
            assert_eq!(s.endpoint.as_str(), endpoint);
        }
    }

    #[test]
    fn the_provider_is_checked_at_start_up() {
        assert!(matches!(
            ai_args("builtin", None, None).validate(),
            Ok(AiSettings::Builtin)
        ));
        let Ok(AiSettings::OpenAi(s)) = ai_args(
            "openai",
            Some("https://api.openai.com/v1"),
            Some("gpt-4o-mini"),
        )
        .validate() else {
            panic!("openai settings expected");
        };
        assert!(
            !format!("{s:?}").contains("sk-segreta"),
            "the key stays out of logs"
        );
        assert!(ai_args("openai", None, Some("m")).validate().is_err());
        assert!(ai_args("openai", Some("https://x.it/v1"), None)
            .validate()
            .is_err());
        assert!(ai_args("openai", Some("ftp://x.it"), Some("m"))
            .validate()
            .is_err());
        assert!(ai_args("gemini", None, None).validate().is_err());
    }

    #[test]
    fn the_ai_flags_come_from_the_environment_names_of_the_issue() {
        let cli = Cli::try_parse_from([
            "vetrina",
            "serve",
            "--ai-provider",
            "openai",
            "--ai-base-url",
            "http://127.0.0.1:8080/v1",
            "--ai-model",
            "qwen",
        ])
        .expect("parsed");
        let Command::Serve(args) = cli.command else {
            panic!("serve expected");
        };
        assert!(matches!(args.ai.validate(), Ok(AiSettings::OpenAi(_))));
    }

    fn serve(extra: &[&str]) -> Result<Config, String> {
        let cli = Cli::try_parse_from([&["vetrina", "serve"], extra].concat()).expect("parsed");
        let Command::Serve(args) = cli.command else {
            panic!("serve expected");
        };
        args.validate()
    }

    #[test]
    fn the_network_flags_are_checked_at_start_up() {
        let config = serve(&[
            "--trusted-proxies",
            "10.0.0.0/8, 192.168.1.10",
            "--max-connections",
            "500",
            "--header-timeout-secs",
            "5",
        ])
        .unwrap();
        assert_eq!(
            config.connections,
            ConnectionLimits {
                max_connections: 500,
                header_timeout: Duration::from_secs(5),
                keep_alive: ConnectionLimits::KEEP_ALIVE,
            }
        );
        assert_eq!(
            config.trusted_proxies,
            "10.0.0.0/8,192.168.1.10/32".parse().unwrap()
        );
        assert!(serve(&[]).unwrap().trusted_proxies.is_empty());
        for (flags, error) in [
            (
                &["--trusted-proxies", "10.0.0.0/99"][..],
                "--trusted-proxies non valido",
            ),
            (&["--max-connections", "0"][..], "--max-connections"),
            (&["--keep-alive-secs", "0"][..], "--keep-alive-secs"),
        ] {
            assert!(serve(flags).unwrap_err().contains(error), "{flags:?}");
        }
    }
}
