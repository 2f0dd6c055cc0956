//! `POST /api/products/generate` and `PUT /api/products/regenerate/{id}` (docs/product/routes.md):
//! the AI completes a product and the client merges and saves it; nothing is stored here
//! but the product's image. Only a regeneration counts against the monthly allowance.

use ai::{Provider, RawProduct};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::Json;
use domain::limits::product;
use domain::{image_url, messages, ProductStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::extract::{parse_id, ApiJson};
use crate::auth::Owner;
use crate::error::{AppError, Result};
use crate::media::{self, Card};
use crate::services::{enrichment, rate_limit};
use crate::AppState;

/// Generations and regenerations a shop may ask for in an hour, whatever its plan: each
/// one may cost a provider call and writes an image.
pub const GENERATIONS_PER_HOUR: u64 = 100;
const GENERATION_WINDOW: time::Duration = time::Duration::hours(1);

/// What the owner typed; other product fields may come along and are ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerateInput {
    pub name: Option<String>,
    pub brand: Option<String>,
    pub category: Option<String>,
    pub description: Option<String>,
    /// An image the product already has: kept (a URL is fetched and stored).
    pub image_url: Option<String>,
}

/// The completed product, not saved.
#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct GeneratedProduct {
    /// The regenerated product's id; absent for a generated one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
    pub description: String,
    pub category: Option<String>,
    pub brand: Option<String>,
    /// `/media/products/…`: the product's image, or a card made for it.
    pub image_url: Option<String>,
    pub status: ProductStatus,
    /// Why the product needs the owner's eye (send it back with the product to keep it).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub review_note: Option<String>,
    /// Why the given image URL was not used.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub warning: Option<String>,
}

/// Complete a new product from what the owner typed (not saved, not counted).
#[utoipa::path(post, path = "/api/products/generate", tag = "products", request_body = GenerateInput, security(("session" = [])),
    responses((status = 200, body = GeneratedProduct), (status = 401, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn generate(
    State(app): State<AppState>,
    owner: Owner,
    ApiJson(input): ApiJson<GenerateInput>,
) -> Result<Json<GeneratedProduct>> {
    let name = input
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| domain::validation::has_visible_text(n))
        .ok_or_else(|| AppError::field("name", messages::GENERATE_NAME_REQUIRED))?;
    check_lengths(&input)?;
    within_generation_rate(&app, owner.store.id).await?;
    let raw = RawProduct {
        name,
        brand: input.brand.as_deref(),
        category: input.category.as_deref(),
        description: input.description.as_deref(),
    };
    Ok(Json(
        complete(&app, owner.store.id, None, raw, input.image_url.as_deref()).await,
    ))
}

/// Complete a product of the caller's shop again (not saved; one regeneration counted).
/// An optional body with the product as edited replaces the stored fields it gives.
#[utoipa::path(put, path = "/api/products/regenerate/{id}", tag = "products", params(("id" = i64, Path)), security(("session" = [])),
    request_body(content = Option<GenerateInput>),
    responses((status = 200, body = GeneratedProduct), (status = 403, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn regenerate(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<GeneratedProduct>> {
    let id = parse_id(&id, messages::PRODUCT_NOT_FOUND)?;
    let edited = edited_product(&body)?;
    check_lengths(&edited)?;
    within_generation_rate(&app, owner.store.id).await?;
    let stored = enrichment::take_regeneration(&app.db, owner.store.id, id).await?;
    let pick = |edited: Option<String>, stored: Option<String>| {
        edited.filter(|v| !v.trim().is_empty()).or(stored)
    };
    let name = pick(edited.name, Some(stored.name)).unwrap_or_default();
    let brand = pick(edited.brand, stored.brand);
    let category = pick(edited.category, stored.category);
    let image_url = pick(edited.image_url, stored.image_url);
    // the description is what a regeneration renews, so the stored one is not passed on
    let raw = RawProduct {
        name: &name,
        brand: brand.as_deref(),
        category: category.as_deref(),
        description: None,
    };
    Ok(Json(
        complete(&app, owner.store.id, Some(id), raw, image_url.as_deref()).await,
    ))
}

/// The bounds of `api::products`, so a provider is never sent a novel.
fn check_lengths(input: &GenerateInput) -> Result<()> {
    let fields = [
        ("name", &input.name, product::NAME),
        ("brand", &input.brand, product::LABEL),
        ("category", &input.category, product::LABEL),
        ("description", &input.description, product::DESCRIPTION),
        ("image_url", &input.image_url, image_url::MAX_LEN),
    ];
    for (field, value, max) in fields {
        if value.as_deref().is_some_and(|v| v.chars().count() > max) {
            return Err(AppError::field(field, messages::TOO_LONG).into());
        }
    }
    Ok(())
}

/// Refuses with 429 past [`GENERATIONS_PER_HOUR`], otherwise records one generation.
async fn within_generation_rate(app: &AppState, store_id: i64) -> Result<()> {
    let bucket = generation_bucket(store_id);
    if rate_limit::count(&app.db, &bucket, GENERATION_WINDOW).await? >= GENERATIONS_PER_HOUR {
        let retry_after =
            rate_limit::seconds_until_free(&app.db, &bucket, GENERATION_WINDOW).await?;
        return Err(AppError::TooManyRequests {
            message: messages::TOO_MANY_GENERATIONS.into(),
            retry_after,
        }
        .into());
    }
    Ok(rate_limit::record(&app.db, &bucket).await?)
}

pub fn generation_bucket(store_id: i64) -> String {
    format!("generate:store:{store_id}")
}

/// The body of a regeneration: nothing, the product, or `{"product": …}`.
fn edited_product(body: &[u8]) -> Result<GenerateInput> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(GenerateInput::default());
    }
    let value: serde_json::Value =
        serde_json::from_slice(body).map_err(|_| AppError::InvalidJson)?;
    let product = match value.get("product") {
        Some(p) if p.is_object() => p.clone(),
        _ => value,
    };
    Ok(
        serde_json::from_value(product).map_err(|e| AppError::Invalid {
            message: messages::INVALID_INPUT.into(),
            fields: [("body", e.to_string())].into_iter().collect(),
        })?,
    )
}

async fn complete(
    app: &AppState,
    store_id: i64,
    id: Option<i64>,
    raw: RawProduct<'_>,
    image_url: Option<&str>,
) -> GeneratedProduct {
    let done = app.ai.enrich(&raw).await;
    let card = Card {
        name: &done.name,
        brand: done.brand.as_deref(),
        pictogram: done.pictogram,
    };
    // Someone waits: refused beyond the shop's share of image work (a warning, no picture).
    let turn = media::Turn::Asked(media::Lane::Shop(store_id));
    let image = media::image_for(
        &app.config.media_dir(),
        &app.config.fetch_policy,
        image_url,
        card,
        turn,
    )
    .await;
    GeneratedProduct {
        id,
        status: done.status,
        review_note: done.note,
        name: done.name,
        description: done.description,
        category: done.category,
        brand: done.brand,
        image_url: image.image_url,
        warning: image.warning,
    }
}
