//! The provider chosen at start-up (`--ai-provider` and the `--ai-*` flags, parsed by the
//! server's configuration).

use std::time::Duration;

use url::Url;

/// The AI provider in force.
#[derive(Debug, Clone, Default)]
pub enum AiSettings {
    #[default]
    Builtin,
    OpenAi(OpenAiSettings),
}

#[derive(Clone)]
pub struct OpenAiSettings {
    /// The full `…/chat/completions` URL.
    pub endpoint: Url,
    pub api_key: Option<String>,
    pub model: String,
    /// Per attempt.
    pub timeout: Duration,
    pub concurrency: usize,
    /// Attempts after the first one, on 429 and 5xx.
    pub retries: u32,
    /// First wait before a retry; doubled each time (a `Retry-After` header wins).
    pub backoff: Duration,
}

impl std::fmt::Debug for OpenAiSettings {
    // The API key stays out of logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenAiSettings")
            .field("endpoint", &self.endpoint.as_str())
            .field("api_key", &self.api_key.as_ref().map(|_| "***"))
            .field("model", &self.model)
            .field("timeout", &self.timeout)
            .field("concurrency", &self.concurrency)
            .finish_non_exhaustive()
    }
}

impl OpenAiSettings {
    /// Settings for an endpoint: `…/v1` or a server root (then `/v1` is added).
    pub fn new(base_url: &str, api_key: Option<String>, model: &str) -> Result<Self, String> {
        let base = Url::parse(base_url.trim())
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
            .ok_or_else(|| {
                format!(
                    "--ai-base-url non valido: «{base_url}». Esempio: https://api.openai.com/v1"
                )
            })?;
        let path = base.path().trim_end_matches('/');
        let path = if path.ends_with("/v1") {
            format!("{path}/chat/completions")
        } else {
            format!("{path}/v1/chat/completions")
        };
        let mut endpoint = base.clone();
        endpoint.set_path(&path);
        let model = model.trim();
        if model.is_empty() {
            return Err("--ai-model è obbligatorio con --ai-provider openai".into());
        }
        Ok(Self {
            endpoint,
            api_key: api_key.filter(|k| !k.trim().is_empty()),
            model: model.to_owned(),
            timeout: Duration::from_secs(20),
            concurrency: 4,
            retries: 3,
            backoff: Duration::from_millis(500),
        })
    }
}
