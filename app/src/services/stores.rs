//! Shops: registration, reading, settings, trial, plan changes and account deletion.

use domain::messages;
use domain::plan::{self, Plan};
use domain::Email;
use domain::Slug;
use entities::{product, store, user};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    Order, QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};
use time::{Duration, OffsetDateTime};

use crate::error::{is_unique_violation, AppError, Result};

/// A shop's details after validation (`api::stores`).
#[derive(Debug, Clone)]
pub struct StoreDetails {
    pub name: String,
    pub description: String,
    pub partner_group: Option<String>,
    pub logo_img_url: Option<String>,
    pub address: String,
    pub city: String,
    pub postal_code: String,
    pub website_url: Option<String>,
    pub telephone: String,
}

/// Changes to a shop; `None` leaves the field as it is, `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct StoreChanges {
    pub name: Option<String>,
    pub description: Option<String>,
    pub partner_group: Option<Option<String>>,
    pub logo_img_url: Option<Option<String>>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub website_url: Option<Option<String>>,
    pub telephone: Option<String>,
    /// JSON of the checked slots (`domain::opening_hours`); `Some(None)` clears them.
    pub opening_hours: Option<Option<String>>,
    /// JSON of the checked closures (`domain::special_closures`); `Some(None)` clears them.
    pub special_closures: Option<Option<String>>,
    pub google_store_code: Option<Option<String>>,
    /// Latitude and longitude the owner gave; `Some(None)` goes back to the comune's centre.
    pub position: Option<Option<(f64, f64)>>,
}

/// Creates the user and the shop in one transaction: either both exist or neither.
pub async fn register(
    db: &DatabaseConnection,
    email: &Email,
    password_hash: String,
    details: StoreDetails,
    verified: bool,
) -> Result<(user::Model, store::Model)> {
    let now = OffsetDateTime::now_utc();
    let txn = db.begin().await?;
    let user = user::ActiveModel {
        email: Set(email.as_str().to_owned()),
        password_hash: Set(password_hash),
        email_verified_at: Set(verified.then_some(now)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|err| {
        if is_unique_violation(&err) {
            AppError::EmailTaken
        } else {
            err.into()
        }
    })?;
    let store = store::ActiveModel {
        user_id: Set(user.id),
        slug: Set(Slug::of(&details.name)),
        name: Set(details.name),
        description: Set(details.description),
        partner_group: Set(details.partner_group),
        logo_img_url: Set(details.logo_img_url),
        address: Set(details.address),
        city: Set(details.city),
        postal_code: Set(details.postal_code),
        website_url: Set(details.website_url),
        telephone: Set(details.telephone),
        email: Set(email.as_str().to_owned()),
        plan: Set(Plan::Free),
        trial_plan: Set(None),
        trial_used: Set(false),
        trial_ends_at: Set(None),
        content_version: Set(1),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok((user, store))
}

pub async fn find(db: &impl ConnectionTrait, id: i64) -> Result<store::Model> {
    store::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::not_found(messages::STORE_NOT_FOUND))
}

pub async fn find_by_user(db: &impl ConnectionTrait, user_id: i64) -> Result<Option<store::Model>> {
    Ok(store::Entity::find()
        .filter(store::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

pub async fn find_by_email(db: &impl ConnectionTrait, email: &str) -> Result<store::Model> {
    store::Entity::find()
        .filter(store::Column::Email.eq(email.trim().to_lowercase()))
        .one(db)
        .await?
        .ok_or_else(|| AppError::not_found(messages::STORE_NOT_FOUND))
}

pub async fn product_count(db: &impl ConnectionTrait, store_id: i64) -> Result<u64> {
    let count: Option<i64> = product::Entity::find()
        .select_only()
        .column_as(Expr::col(product::Column::Id).count(), "n")
        .filter(product::Column::StoreId.eq(store_id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(count.unwrap_or(0).max(0) as u64)
}

/// Products with a real picture (a photo, a copied picture), not one we drew: only those
/// are offered to Google, which refuses placeholders and pictures with text.
pub fn has_real_picture() -> Condition {
    Condition::all()
        .add(product::Column::ImageUrl.is_not_null())
        .add(product::Column::ImageUrl.not_like(format!("{}%.svg", crate::media::PRODUCTS_PATH)))
}

/// How many of the shop's published products with a price Google's feed leaves out for
/// want of a real picture.
pub async fn without_picture_count(db: &impl ConnectionTrait, store_id: i64) -> Result<u64> {
    let count: Option<i64> = product::Entity::find()
        .select_only()
        .column_as(Expr::col(product::Column::Id).count(), "n")
        .filter(product::Column::StoreId.eq(store_id))
        .filter(product::Column::Published.eq(true))
        .filter(product::Column::Price.is_not_null())
        .filter(has_real_picture().not())
        .into_tuple()
        .one(db)
        .await?;
    Ok(count.unwrap_or(0).max(0) as u64)
}

/// The lowest and highest price of the shop's public products, in cents. Two lookups
/// in the `(store_id, price_cents, id)` index, each stopping at its first public row: one
/// `MIN`/`MAX` statement would read every priced row of the shop.
pub async fn price_range(db: &impl ConnectionTrait, store_id: i64) -> Result<Option<(i64, i64)>> {
    let end = |order: Order| {
        product::Entity::find()
            .select_only()
            .column(product::Column::Price)
            .filter(product::Column::StoreId.eq(store_id))
            .filter(product::Column::Published.eq(true))
            .filter(product::Column::Price.is_not_null())
            .order_by(product::Column::Price, order)
            .into_tuple::<i64>()
            .one(db)
    };
    let (low, high) = (end(Order::Asc).await?, end(Order::Desc).await?);
    Ok(low.zip(high))
}

/// How many of the shop's products are kept off the public pages (read in the partial
/// index of hidden products: nothing for a shop without any).
pub async fn hidden_count(db: &impl ConnectionTrait, store_id: i64) -> Result<u64> {
    let count: Option<i64> = product::Entity::find()
        .select_only()
        .column_as(Expr::col(product::Column::Id).count(), "n")
        .filter(product::Column::StoreId.eq(store_id))
        .filter(product::Column::Published.eq(false))
        .into_tuple()
        .one(db)
        .await?;
    Ok(count.unwrap_or(0).max(0) as u64)
}

/// The shops anyone may see: their owner has confirmed the e-mail address. Until then a
/// shop is on no public page, list or sitemap (a registration is not a free host for pages).
pub fn public() -> sea_orm::Select<store::Entity> {
    store::Entity::find()
        .inner_join(user::Entity)
        .filter(user::Column::EmailVerifiedAt.is_not_null())
}

/// How many products each of these shops has, and how many of those are kept off the
/// public pages: `(all, hidden)` by shop id, none for a shop without products. Two grouped
/// counts read in indexes alone (`(store_id, id)` and the partial index of hidden products),
/// not in the products' rows.
pub async fn product_counts(
    db: &impl ConnectionTrait,
    store_ids: &[i64],
) -> Result<std::collections::HashMap<i64, (u64, u64)>> {
    let mut out = std::collections::HashMap::new();
    // Bound the statement's parameters, whatever the number of shops.
    for chunk in store_ids.chunks(500) {
        for hidden in [false, true] {
            let mut select = product::Entity::find()
                .select_only()
                .column(product::Column::StoreId)
                .column_as(Expr::col(product::Column::Id).count(), "n")
                .filter(product::Column::StoreId.is_in(chunk.iter().copied()))
                .group_by(product::Column::StoreId);
            if hidden {
                select = select.filter(product::Column::Published.eq(false));
            }
            let counts: Vec<(i64, i64)> = select.into_tuple().all(db).await?;
            for (store_id, n) in counts {
                let entry: &mut (u64, u64) = out.entry(store_id).or_default();
                let n = n.max(0) as u64;
                if hidden {
                    entry.1 = n;
                } else {
                    entry.0 = n;
                }
            }
        }
    }
    Ok(out)
}

pub async fn update(
    db: &DatabaseConnection,
    store_id: i64,
    changes: StoreChanges,
) -> Result<store::Model> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let current = find(&txn, store_id).await?;
    let mut active: store::ActiveModel = current.into();
    if let Some(name) = changes.name {
        active.slug = Set(Slug::of(&name));
        active.name = Set(name);
    }
    if let Some(v) = changes.description {
        active.description = Set(v);
    }
    if let Some(v) = changes.partner_group {
        active.partner_group = Set(v);
    }
    if let Some(v) = changes.logo_img_url {
        active.logo_img_url = Set(v);
    }
    if let Some(v) = changes.address {
        active.address = Set(v);
    }
    if let Some(v) = changes.city {
        active.city = Set(v);
    }
    if let Some(v) = changes.postal_code {
        active.postal_code = Set(v);
    }
    if let Some(v) = changes.website_url {
        active.website_url = Set(v);
    }
    if let Some(v) = changes.telephone {
        active.telephone = Set(v);
    }
    if let Some(v) = changes.opening_hours {
        active.opening_hours = Set(v);
    }
    if let Some(v) = changes.special_closures {
        active.special_closures = Set(v);
    }
    if let Some(v) = changes.google_store_code {
        active.google_store_code = Set(v);
    }
    if let Some(v) = changes.position {
        active.latitude = Set(v.map(|(lat, _)| lat));
        active.longitude = Set(v.map(|(_, lng)| lng));
    }
    let updated = active.update(&txn).await?;
    txn.commit().await?;
    Ok(updated)
}

/// Starts the one free trial a shop gets (starter or pro, 14 days, from Base only).
pub async fn start_trial(
    db: &DatabaseConnection,
    store_id: i64,
    target: Plan,
) -> Result<store::Model> {
    if !target.is_trial_plan() {
        return Err(AppError::BadRequest(messages::TRIAL_PLAN_INVALID.into()));
    }
    let now = OffsetDateTime::now_utc();
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let current = find(&txn, store_id).await?;
    if current.trial_used {
        return Err(AppError::TrialUsed);
    }
    if current.effective_plan(now) != Plan::Free {
        return Err(AppError::TrialUnavailable);
    }
    let mut active: store::ActiveModel = current.into();
    active.trial_plan = Set(Some(target));
    active.trial_used = Set(true);
    active.trial_ends_at = Set(Some(now + Duration::days(plan::TRIAL_DAYS)));
    let updated = active.update(&txn).await?;
    txn.commit().await?;
    Ok(updated)
}

/// Sales staff move a shop to a plan; a running trial ends, as the shop now has a plan.
pub async fn set_plan(db: &DatabaseConnection, email: &str, plan: Plan) -> Result<store::Model> {
    let store_id = find_by_email(db, email).await?.id;
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let current = find(&txn, store_id).await?;
    let mut active: store::ActiveModel = current.into();
    active.plan = Set(plan);
    active.trial_plan = Set(None);
    active.trial_ends_at = Set(None);
    let updated = active.update(&txn).await?;
    txn.commit().await?;
    Ok(updated)
}

/// Removes the user; the database cascades to the shop, its products, usage, sessions
/// and tokens.
pub async fn delete_account(db: &impl ConnectionTrait, user_id: i64) -> Result<()> {
    user::Entity::delete_by_id(user_id).exec(db).await?;
    Ok(())
}
