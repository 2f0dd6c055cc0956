//! `/api/products`: one product, bulk upload and bulk delete. Every write is scoped to
//! the caller's shop; another shop's id answers 404 and changes nothing.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::limits::product;
use domain::messages;
use domain::validation::without_unwanted_chars;
use domain::{image_url, Availability, Price, ProductFields, ProductName, ProductStatus};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::extract::{parse_id, ApiJson};
use crate::auth::{OptionalOwner, Owner};
use crate::error::{AppError, Result};
use crate::fields::nullable;
use crate::services::product_images;
use crate::services::products::{self, ProductChanges, ProductData};
use crate::views::ProductView;
use crate::AppState;
use app::error::Problems;

/// A product as clients send it (docs/product/routes.md). `store_email`, `slug`, `id` and
/// `store_id` are accepted and ignored: the shop is the caller's, the slug follows the name.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProductInput {
    pub name: Option<String>,
    /// Euros: a number (12.5) or text as shops write it ("12,50", "1.234,50", "€ 8"; see
    /// docs/decisions/013-prices.md); null or "" for no price.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<f64>)]
    pub price: Option<Option<Value>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub description: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub category: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub brand: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub image_url: Option<Option<String>>,
    pub in_stock: Option<bool>,
    /// in_stock | limited | backorder | out_of_stock; wins over `in_stock`, which alone
    /// means in_stock or out_of_stock.
    #[schema(value_type = Option<Availability>)]
    pub availability: Option<String>,
    /// false keeps the product off the public pages (shop and product pages, search,
    /// sitemap, feeds); it stays in the dashboard. New products are published.
    pub published: Option<bool>,
    /// normal | uncertain | incorrect
    #[schema(value_type = Option<ProductStatus>)]
    pub status: Option<String>,
    /// Why the product needs the owner's eye (as `/api/products/generate` answers it);
    /// shown to the owner only. Setting the status to normal clears it.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub review_note: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub sku: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub ean: Option<Option<String>>,
}

impl ProductInput {
    /// The changes this input asks for; every given field is checked.
    fn changes(self) -> Result<ProductChanges> {
        let mut p = Problems::default();
        // A name of zero-width or other invisible characters is no name.
        let name = self.name.map(|n| {
            ProductName::parse(&n).map_or_else(
                |problem| {
                    p.add("name", problem.message());
                    String::new()
                },
                ProductName::into_string,
            )
        });
        let price = self.price.map(|v| {
            Price::from_json(&v.unwrap_or(Value::Null)).unwrap_or_else(|_| {
                p.add("price", messages::PRICE_INVALID);
                None
            })
        });
        let status = self.status.and_then(|s| {
            let status = ProductStatus::parse(&s);
            p.check(status.is_some(), "status", messages::STATUS_INVALID);
            status
        });
        let image_url = self.image_url.map(|v| {
            let url = clean(v)?;
            let parsed = image_url::parse(&url);
            p.check(parsed.is_some(), "image_url", messages::WEBSITE_INVALID);
            parsed
        });
        let mut text = |field: &'static str, v: Option<Option<String>>, max: usize| {
            v.map(|v| {
                let v = clean(v);
                p.check(
                    v.as_deref().is_none_or(|s| s.chars().count() <= max),
                    field,
                    messages::TOO_LONG,
                );
                v
            })
        };
        let changes = ProductChanges {
            description: text("description", self.description, product::DESCRIPTION),
            category: text("category", self.category, product::LABEL),
            brand: text("brand", self.brand, product::LABEL),
            sku: text("sku", self.sku, product::SKU),
            ean: text("ean", self.ean, product::EAN),
            review_note: text("review_note", self.review_note, product::REVIEW_NOTE),
            name,
            price,
            image_url,
            availability: match self.availability.as_deref() {
                Some(key) => {
                    let parsed = Availability::parse(key);
                    p.check(
                        parsed.is_some(),
                        "availability",
                        messages::AVAILABILITY_INVALID,
                    );
                    parsed
                }
                None => self.in_stock.map(Availability::from_shelf),
            },
            published: self.published,
            status,
        };
        p.into_result()?;
        Ok(changes)
    }

    /// A new product: the name is required, the rest has defaults.
    pub(crate) fn into_new(self) -> Result<ProductData> {
        let c = self.changes()?;
        let name = c
            .name
            .ok_or_else(|| AppError::field("name", messages::PRODUCT_NAME_REQUIRED))?;
        Ok(ProductData {
            product: ProductFields {
                name,
                price: c.price.flatten(),
                description: c.description.flatten(),
                category: c.category.flatten(),
                brand: c.brand.flatten(),
                image_url: c.image_url.flatten(),
                availability: c.availability.unwrap_or(Availability::InStock),
                sku: c.sku.flatten(),
                ean: c.ean.flatten(),
                image_name: None,
                variants: Vec::new(),
            },
            status: c.status.unwrap_or_default(),
            review_note: c.review_note.flatten(),
            source_name: None,
            suggested_category: None,
            source_category: None,
        })
    }
}

fn clean(v: Option<String>) -> Option<String> {
    v.map(|s| without_unwanted_chars(&s).trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// Which products to delete: the listed ids, or every product with a status (`all` for the
/// whole catalogue) in one call, whatever the size of the shop.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkDeleteInput {
    #[serde(default)]
    pub ids: Option<Vec<i64>>,
    /// `all`, `uncertain` or `incorrect`.
    #[serde(default)]
    pub status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct Deleted {
    pub success: bool,
    pub deleted: u64,
}

/// One product, public (a product kept off the public pages: its owner's only).
#[utoipa::path(get, path = "/api/products/{id}", tag = "products", params(("id" = i64, Path)),
    responses((status = 200, body = ProductView), (status = 404, body = crate::error::ErrorBody)))]
pub async fn show(
    State(app): State<AppState>,
    owner: OptionalOwner,
    Path(id): Path<String>,
) -> Result<Json<ProductView>> {
    let id = parse_id(&id, messages::PRODUCT_NOT_FOUND)?;
    Ok(Json(
        products::find_visible(&app.db, id, owner.0.map(|s| s.id))
            .await?
            .into(),
    ))
}

/// Add a product to the caller's shop.
#[utoipa::path(post, path = "/api/products", tag = "products", request_body = ProductInput, security(("session" = [])),
    responses((status = 201, body = ProductView), (status = 403, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody)))]
pub async fn create(
    State(app): State<AppState>,
    owner: Owner,
    ApiJson(input): ApiJson<ProductInput>,
) -> Result<(StatusCode, Json<ProductView>)> {
    let hidden = input.published == Some(false);
    let data = input.into_new()?;
    let mut created = products::create(&app.db, owner.store.id, data).await?;
    if hidden {
        let changes = ProductChanges {
            published: Some(false),
            ..ProductChanges::default()
        };
        created = products::update(&app.db, owner.store.id, created.id, changes).await?;
    }
    product_images::complete_in_background(&app, owner.store.id, created.id - 1);
    Ok((StatusCode::CREATED, Json(ProductView::for_owner(created))))
}

/// Add many products at once: all or none.
#[utoipa::path(post, path = "/api/products/bulk_upload", tag = "products", request_body = [ProductInput], security(("session" = [])),
    responses((status = 201, body = [ProductView]), (status = 403, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody)))]
pub async fn bulk_upload(
    State(app): State<AppState>,
    owner: Owner,
    ApiJson(inputs): ApiJson<Vec<ProductInput>>,
) -> Result<(StatusCode, Json<Vec<ProductView>>)> {
    let data = inputs
        .into_iter()
        .map(ProductInput::into_new)
        .collect::<Result<Vec<_>>>()?;
    let created = products::create_many(&app.db, owner.store.id, data).await?;
    if let Some(first) = created.first() {
        product_images::complete_in_background(&app, owner.store.id, first.id - 1);
    }
    Ok((
        StatusCode::CREATED,
        Json(created.into_iter().map(ProductView::for_owner).collect()),
    ))
}

/// Change a product of the caller's shop; absent fields stay as they are.
#[utoipa::path(put, path = "/api/products/{id}", tag = "products", params(("id" = i64, Path)), request_body = ProductInput, security(("session" = [])),
    responses((status = 200, body = ProductView), (status = 404, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody)))]
pub async fn update(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<ProductInput>,
) -> Result<Json<ProductView>> {
    let id = parse_id(&id, messages::PRODUCT_NOT_FOUND)?;
    let changes = input.changes()?;
    let updated = products::update(&app.db, owner.store.id, id, changes).await?;
    if updated.image_url.is_none() {
        product_images::complete_in_background(&app, owner.store.id, updated.id - 1);
    }
    Ok(Json(ProductView::for_owner(updated)))
}

/// Delete a product of the caller's shop.
#[utoipa::path(delete, path = "/api/products/{id}", tag = "products", params(("id" = i64, Path)), security(("session" = [])),
    responses((status = 200, body = Deleted), (status = 404, body = crate::error::ErrorBody)))]
pub async fn delete(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
) -> Result<Json<Deleted>> {
    let id = parse_id(&id, messages::PRODUCT_NOT_FOUND)?;
    products::delete(&app.db, owner.store.id, id).await?;
    Ok(Json(Deleted {
        success: true,
        deleted: 1,
    }))
}

/// Delete products of the caller's shop: the listed ids (ids of other shops are skipped), or
/// by status (`{"status": "incorrect"}`, `"uncertain"`, `"all"`).
#[utoipa::path(delete, path = "/api/products/bulk_delete", tag = "products", request_body = BulkDeleteInput, security(("session" = [])),
    responses((status = 200, body = Deleted), (status = 404, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody)))]
pub async fn bulk_delete(
    State(app): State<AppState>,
    owner: Owner,
    ApiJson(input): ApiJson<BulkDeleteInput>,
) -> Result<Json<Deleted>> {
    let store_id = owner.store.id;
    let deleted = match (input.ids, input.status.as_deref()) {
        (Some(ids), None) => products::delete_many(&app.db, store_id, &ids).await?,
        (None, Some("all")) => products::delete_by_status(&app.db, store_id, None).await?,
        (None, Some(text)) => match ProductStatus::parse(text) {
            Some(status @ (ProductStatus::Uncertain | ProductStatus::Incorrect)) => {
                products::delete_by_status(&app.db, store_id, Some(status)).await?
            }
            _ => return Err(AppError::field("status", messages::STATUS_INVALID).into()),
        },
        _ => return Err(AppError::field("ids", messages::BULK_DELETE_TARGET).into()),
    };
    Ok(Json(Deleted {
        success: true,
        deleted,
    }))
}
