//! AI enrichment: completes names, descriptions, categories, brands and statuses.
//! `builtin` is the offline provider (docs/product/states.md, "Product status"); `openai` asks any
//! OpenAI-compatible endpoint and falls back to `builtin` for a product it cannot answer.
//! The provider is chosen at start-up (`--ai-provider`).

pub mod builtin;
pub mod classifier;
pub mod examples;
pub mod facts;
pub mod openai;
pub mod settings;

use std::future::Future;

use settings::AiSettings;

pub use builtin::{Enrichment, RawProduct, Status};

/// Completes one product. Never fails: whatever goes wrong, the answer is `builtin`'s.
pub trait Provider: Send + Sync {
    fn enrich(&self, raw: &RawProduct<'_>) -> impl Future<Output = Enrichment> + Send;
}

/// The offline engine as a provider.
#[derive(Debug, Clone, Copy, Default)]
pub struct Builtin;

impl Provider for Builtin {
    async fn enrich(&self, raw: &RawProduct<'_>) -> Enrichment {
        builtin::enrich(raw)
    }
}

/// The provider in force, as configured.
pub enum Ai {
    Builtin(Builtin),
    OpenAi(Box<openai::OpenAi>),
}

impl Ai {
    pub fn from_settings(settings: &AiSettings) -> anyhow::Result<Self> {
        Ok(match settings {
            AiSettings::Builtin => Self::Builtin(Builtin),
            AiSettings::OpenAi(s) => Self::OpenAi(Box::new(openai::OpenAi::new(s.clone())?)),
        })
    }

    /// For the start-up log.
    pub fn describe(&self) -> String {
        match self {
            Self::Builtin(_) => "builtin (offline)".to_owned(),
            Self::OpenAi(client) => client.describe(),
        }
    }
}

impl Provider for Ai {
    async fn enrich(&self, raw: &RawProduct<'_>) -> Enrichment {
        match self {
            Self::Builtin(b) => b.enrich(raw).await,
            Self::OpenAi(o) => o.enrich(raw).await,
        }
    }
}
