//! The `openai` provider: any OpenAI-compatible `/v1/chat/completions` endpoint, asked
//! for an answer that follows a JSON schema. Requests in flight are bounded by a
//! semaphore, each attempt has a time limit, 429 and 5xx are retried with back-off.
//! Any other failure, or an answer that does not fit or adds facts to the input
//! (`super::facts`), gives `builtin`'s answer for that product and a warning in the log:
//! the user never sees a 500 because of the provider.

use std::time::Duration;

use domain::limits::product;
use domain::validation::without_unwanted_chars;
use domain::ProductName;
use reqwest::header::{HeaderMap, RETRY_AFTER};
use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::Semaphore;

use super::builtin::{self, Enrichment, RawProduct, Status};
use super::Provider;
use crate::settings::OpenAiSettings;

/// Largest reply read from the provider: an answer is a few KB of JSON.
const MAX_REPLY_BYTES: usize = 256 * 1024;
/// A `Retry-After` longer than this is not waited for.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(30);

const SYSTEM_PROMPT: &str = "Sei un esperto di materiali edili, ferramenta e colorifici. \
Ricevi una riga di listino di un negozio italiano e restituisci il prodotto completo: \
un nome pulito e leggibile (marca e misure comprese), una descrizione commerciale breve in italiano \
(2-3 frasi), \
la categoria tra quelle ammesse (null se non è un prodotto edile), la marca (null se ignota) \
e lo stato: normal se marca e categoria sono riconosciute, uncertain se solo una delle due \
o con dubbi, incorrect se non è un prodotto riconoscibile. \
Usa solo i fatti presenti nei dati: nessun numero, misura, marca o caratteristica che non vi compaia. \
Se un dato manca, scrivi di meno: una frase breve e vera vale più di una sbagliata.";

pub struct OpenAi {
    client: reqwest::Client,
    settings: OpenAiSettings,
    in_flight: Semaphore,
}

/// Why the provider gave no usable answer.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error("timed out")]
    Timeout,
    #[error("HTTP status {0}")]
    Status(StatusCode),
    #[error("request failed: {0}")]
    Transport(reqwest::Error),
    #[error("invalid answer: {0}")]
    Malformed(String),
    #[error("answer refused: {0}")]
    AddsFacts(String),
}

impl Failure {
    /// The provider was not reached or did not answer (as opposed to answering badly):
    /// asking again later may work.
    pub fn is_unreachable(&self) -> bool {
        matches!(self, Self::Timeout | Self::Transport(_))
            || matches!(self, Self::Status(s) if s.is_server_error() || *s == StatusCode::TOO_MANY_REQUESTS)
    }
}

/// The fields the schema asks for.
#[derive(Debug, Deserialize)]
struct Answer {
    name: String,
    description: String,
    category: Option<String>,
    brand: Option<String>,
    status: String,
}

impl OpenAi {
    pub fn new(settings: OpenAiSettings) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(settings.timeout)
            .connect_timeout(settings.timeout.min(Duration::from_secs(10)))
            .build()?;
        let in_flight = Semaphore::new(settings.concurrency.max(1));
        Ok(Self {
            client,
            settings,
            in_flight,
        })
    }

    /// Requests sent at once.
    pub fn concurrency(&self) -> usize {
        self.settings.concurrency.max(1)
    }

    pub fn describe(&self) -> String {
        format!(
            "openai ({} at {}, {} at once)",
            self.settings.model, self.settings.endpoint, self.settings.concurrency
        )
    }

    async fn ask(&self, raw: &RawProduct<'_>) -> Result<Answer, Failure> {
        let body = request_body(&self.settings.model, raw);
        // never closed, so acquiring only waits
        let _permit = self.in_flight.acquire().await;
        let mut attempt = 0;
        loop {
            match self.send(&body).await {
                Err(Retry { status, wait }) if attempt < self.settings.retries => {
                    let backoff = self.settings.backoff * 2u32.saturating_pow(attempt);
                    tracing::debug!(%status, attempt, "AI provider busy, retrying");
                    tokio::time::sleep(wait.unwrap_or(backoff).min(MAX_RETRY_WAIT)).await;
                    attempt += 1;
                }
                Err(Retry { status, .. }) => return Err(Failure::Status(status)),
                Ok(reply) => return reply.and_then(|v| parse_reply(&v)),
            }
        }
    }

    /// One attempt: `Err(Retry)` when the server asks to come back later.
    async fn send(&self, body: &Value) -> Result<Result<Value, Failure>, Retry> {
        let mut request = self.client.post(self.settings.endpoint.clone()).json(body);
        if let Some(key) = &self.settings.api_key {
            request = request.bearer_auth(key);
        }
        let response = match request.send().await {
            Ok(r) => r,
            Err(e) if e.is_timeout() => return Ok(Err(Failure::Timeout)),
            Err(e) => return Ok(Err(Failure::Transport(e))),
        };
        let status = response.status();
        if status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error() {
            return Err(Retry {
                status,
                wait: retry_after(response.headers()),
            });
        }
        if !status.is_success() {
            return Ok(Err(Failure::Status(status)));
        }
        Ok(read_reply(response).await)
    }
}

/// The reply's JSON, read up to [`MAX_REPLY_BYTES`]: a provider (or whatever answers at
/// its address) sending more is a failed answer, not a heap that grows with it.
async fn read_reply(mut response: reqwest::Response) -> Result<Value, Failure> {
    let too_large = || Failure::Malformed(format!("reply over {MAX_REPLY_BYTES} bytes"));
    if response
        .content_length()
        .is_some_and(|n| n > MAX_REPLY_BYTES as u64)
    {
        return Err(too_large());
    }
    let mut body = Vec::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                if body.len() + chunk.len() > MAX_REPLY_BYTES {
                    return Err(too_large());
                }
                body.extend_from_slice(&chunk);
            }
            Ok(None) => break,
            Err(e) if e.is_timeout() => return Err(Failure::Timeout),
            Err(e) => return Err(Failure::Transport(e)),
        }
    }
    serde_json::from_slice(&body).map_err(|e| Failure::Malformed(e.to_string()))
}

struct Retry {
    status: StatusCode,
    wait: Option<Duration>,
}

impl OpenAi {
    /// The provider's product, checked; the reason when there is none to use.
    pub async fn answer(&self, raw: &RawProduct<'_>) -> Result<Enrichment, Failure> {
        self.ask(raw).await.and_then(|a| into_enrichment(raw, a))
    }
}

impl Provider for OpenAi {
    async fn enrich(&self, raw: &RawProduct<'_>) -> Enrichment {
        match self.answer(raw).await {
            Ok(enrichment) => enrichment,
            Err(failure) => {
                tracing::warn!(product = raw.name, %failure, "AI provider gave no usable answer, using the builtin engine");
                builtin::enrich(raw)
            }
        }
    }
}

fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let seconds: u64 = headers
        .get(RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()?;
    Some(Duration::from_secs(seconds))
}

/// The product as the model reads it: one labelled line per field given.
pub fn product_text(raw: &RawProduct<'_>) -> String {
    let mut text = format!("Nome: {}", raw.name.trim());
    for (label, value) in [
        ("Marca", raw.brand),
        ("Categoria", raw.category),
        ("Descrizione", raw.description),
    ] {
        if let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) {
            text.push_str(&format!("\n{label}: {v}"));
        }
    }
    text
}

fn request_body(model: &str, raw: &RawProduct<'_>) -> Value {
    let mut categories: Vec<Value> = builtin::categories().map(Value::from).collect();
    categories.push(Value::Null);
    json!({
        "model": model,
        "temperature": 0.2,
        "messages": [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": product_text(raw)},
        ],
        "response_format": {
            "type": "json_schema",
            "json_schema": {
                "name": "prodotto",
                "strict": true,
                "schema": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["name", "description", "category", "brand", "status"],
                    "properties": {
                        "name": {"type": "string"},
                        "description": {"type": "string"},
                        "category": {"type": ["string", "null"], "enum": categories},
                        "brand": {"type": ["string", "null"]},
                        "status": {"type": "string", "enum": ["normal", "uncertain", "incorrect"]},
                    },
                },
            },
        },
    })
}

/// `choices[0].message.content`, itself JSON, read as an `Answer`.
fn parse_reply(reply: &Value) -> Result<Answer, Failure> {
    let message = &reply["choices"][0]["message"];
    if let Some(refusal) = message["refusal"].as_str() {
        return Err(Failure::Malformed(format!("refusal: {refusal}")));
    }
    let content = message["content"]
        .as_str()
        .ok_or_else(|| Failure::Malformed("no content".into()))?;
    serde_json::from_str(content).map_err(|e| Failure::Malformed(e.to_string()))
}

fn non_empty(s: Option<&str>) -> Option<&str> {
    s.map(str::trim).filter(|s| !s.is_empty())
}

/// Checks the answer and applies the shop's own data, which wins as with `builtin`.
fn into_enrichment(raw: &RawProduct<'_>, answer: Answer) -> Result<Enrichment, Failure> {
    let name = ProductName::parse(&answer.name)
        .map_err(|_| Failure::Malformed("name empty or too long".into()))?
        .into_string();
    let description = without_unwanted_chars(&answer.description)
        .trim()
        .to_owned();
    if description.is_empty() || description.chars().count() > product::DESCRIPTION {
        return Err(Failure::Malformed("description empty or too long".into()));
    }
    let status = match answer.status.as_str() {
        "normal" => Status::Normal,
        "uncertain" => Status::Uncertain,
        "incorrect" => Status::Incorrect,
        other => return Err(Failure::Malformed(format!("status \"{other}\""))),
    };
    // only a taxonomy name counts: a model may answer outside the enum
    let answered_category = non_empty(answer.category.as_deref())
        .filter(|c| builtin::categories().any(|known| known == *c));
    let category = non_empty(raw.category)
        .or(answered_category)
        .map(str::to_owned);
    let brand = non_empty(raw.brand)
        .or(non_empty(answer.brand.as_deref()).filter(|b| b.chars().count() <= product::LABEL))
        .map(str::to_owned);
    if let Some(fact) = super::facts::added_fact(
        raw,
        &name,
        &description,
        brand.as_deref(),
        answered_category,
    ) {
        return Err(Failure::AddsFacts(fact));
    }
    let pictogram = answered_category
        .or(category.as_deref())
        .map_or("generico", builtin::pictogram_for);
    let note = builtin::review_note(status, false, category.is_some(), brand.is_some());
    Ok(Enrichment {
        name,
        description,
        category,
        brand,
        status,
        pictogram,
        note,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(name: &str) -> RawProduct<'_> {
        RawProduct {
            name,
            ..Default::default()
        }
    }

    fn answer(category: Option<&str>, status: &str) -> Answer {
        Answer {
            name: "  Cemento   Portland 32,5 R ".into(),
            description: "Cemento per calcestruzzi.".into(),
            category: category.map(Into::into),
            brand: Some("Buzzi Unicem".into()),
            status: status.into(),
        }
    }

    #[test]
    fn a_good_answer_is_tidied_and_the_shops_data_wins() {
        let given = RawProduct {
            name: "CEM 32,5",
            brand: Some("Colacem"),
            ..Default::default()
        };
        let e = into_enrichment(&given, answer(Some("Cementi, malte e intonaci"), "normal"))
            .expect("valid");
        assert_eq!(e.name, "Cemento Portland 32,5 R");
        assert_eq!(e.brand.as_deref(), Some("Colacem"));
        assert_eq!(e.category.as_deref(), Some("Cementi, malte e intonaci"));
        assert_eq!(e.pictogram, "sacco-cemento");
        assert_eq!(e.status, Status::Normal);
    }

    #[test]
    fn unknown_categories_and_statuses_are_not_taken() {
        let line = raw("Cemento Portland 32,5 R Buzzi Unicem");
        let e = into_enrichment(&line, answer(Some("Cose varie"), "uncertain")).expect("ok");
        assert_eq!(e.category, None);
        assert_eq!(e.pictogram, "generico");
        assert!(into_enrichment(&line, answer(None, "certo")).is_err());
        let mut empty = answer(None, "normal");
        empty.description = " ".into();
        assert!(into_enrichment(&line, empty).is_err());
    }

    #[test]
    fn an_answer_that_adds_facts_is_refused() {
        let line = raw("Cemento Portland 32,5 R Buzzi Unicem");
        let mut heavier = answer(None, "normal");
        heavier.description = "Sacco da 25 kg.".into();
        let refused = into_enrichment(&line, heavier).expect_err("25 kg is not in the line");
        assert!(matches!(refused, Failure::AddsFacts(_)), "{refused}");
        assert!(!refused.is_unreachable());
        let mut other_maker = answer(None, "normal");
        other_maker.brand = Some("Italcementi".into());
        let given = raw("Cemento Portland 32,5 R");
        assert!(matches!(
            into_enrichment(&given, other_maker),
            Err(Failure::AddsFacts(_))
        ));
    }

    #[test]
    fn replies_are_read_from_the_first_choice() {
        let good = json!({"choices": [{"message": {"content":
            "{\"name\":\"A\",\"description\":\"B\",\"category\":null,\"brand\":null,\"status\":\"incorrect\"}"}}]});
        assert_eq!(parse_reply(&good).expect("parsed").name, "A");
        let refused = json!({"choices": [{"message": {"content": null, "refusal": "no"}}]});
        assert!(parse_reply(&refused).is_err());
        let prose = json!({"choices": [{"message": {"content": "Ecco il prodotto!"}}]});
        assert!(parse_reply(&prose).is_err());
    }

    #[test]
    fn the_product_text_lists_the_given_fields() {
        let text = product_text(&RawProduct {
            name: " TASS. NYLON 8X40 ",
            brand: Some("Fischer"),
            category: Some(" "),
            description: None,
        });
        assert_eq!(text, "Nome: TASS. NYLON 8X40\nMarca: Fischer");
    }
}
