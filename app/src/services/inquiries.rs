//! "Chiedi disponibilità": visitors' requests about a product, kept in the owner's inbox
//! (and sent to the owner by e-mail by `api::inquiries`).

use domain::messages;
use entities::inquiry;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use time::OffsetDateTime;

use crate::error::{AppError, Result};

pub struct NewInquiry {
    pub store_id: i64,
    /// The product asked about, with its name at that moment.
    pub product: Option<(i64, String)>,
    pub name: String,
    pub contact: String,
    pub message: String,
}

pub async fn create(db: &impl ConnectionTrait, new: NewInquiry) -> Result<inquiry::Model> {
    let (product_id, product_name) = new.product.unzip();
    Ok(inquiry::ActiveModel {
        store_id: Set(new.store_id),
        product_id: Set(product_id),
        product_name: Set(product_name),
        name: Set(new.name),
        contact: Set(new.contact),
        message: Set(new.message),
        created_at: Set(OffsetDateTime::now_utc()),
        read_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

pub struct InboxPage {
    pub items: Vec<inquiry::Model>,
    pub total: u64,
    pub unread: u64,
}

/// One page of the shop's requests, newest first, with the counts the dashboard shows.
pub async fn page(
    db: &impl ConnectionTrait,
    store_id: i64,
    page: u64,
    per_page: u64,
) -> Result<InboxPage> {
    let of_shop = inquiry::Entity::find().filter(inquiry::Column::StoreId.eq(store_id));
    let total = of_shop.clone().count(db).await?;
    let unread = unread_count(db, store_id).await?;
    let items = of_shop
        .order_by_desc(inquiry::Column::Id)
        .offset(page.saturating_sub(1) * per_page)
        .limit(per_page)
        .all(db)
        .await?;
    Ok(InboxPage {
        items,
        total,
        unread,
    })
}

/// Requests the owner has not read yet (the dashboard's badge).
pub async fn unread_count(db: &impl ConnectionTrait, store_id: i64) -> Result<u64> {
    Ok(inquiry::Entity::find()
        .filter(inquiry::Column::StoreId.eq(store_id))
        .filter(inquiry::Column::ReadAt.is_null())
        .count(db)
        .await?)
}

/// Marks one of the shop's requests read or unread; another shop's id is a missing one.
pub async fn set_read(
    db: &impl ConnectionTrait,
    store_id: i64,
    id: i64,
    read: bool,
) -> Result<inquiry::Model> {
    let found = own(db, store_id, id).await?;
    let mut row: inquiry::ActiveModel = found.into();
    row.read_at = Set(read.then(OffsetDateTime::now_utc));
    Ok(row.update(db).await?)
}

pub async fn delete(db: &impl ConnectionTrait, store_id: i64, id: i64) -> Result<()> {
    own(db, store_id, id).await?;
    inquiry::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

async fn own(db: &impl ConnectionTrait, store_id: i64, id: i64) -> Result<inquiry::Model> {
    inquiry::Entity::find_by_id(id)
        .filter(inquiry::Column::StoreId.eq(store_id))
        .one(db)
        .await?
        .ok_or_else(|| AppError::not_found(messages::INQUIRY_NOT_FOUND))
}

/// Requests per product since `since`, most asked first (at most `limit` products): the
/// report's "Richieste per prodotto".
pub async fn per_product(
    db: &impl ConnectionTrait,
    store_id: i64,
    since: OffsetDateTime,
    limit: u64,
) -> Result<Vec<(i64, String, u64)>> {
    let rows: Vec<(i64, Option<String>, i64)> = inquiry::Entity::find()
        .select_only()
        .column(inquiry::Column::ProductId)
        .column_as(Expr::col(inquiry::Column::ProductName).max(), "name")
        .column_as(Expr::col(inquiry::Column::Id).count(), "n")
        .filter(inquiry::Column::StoreId.eq(store_id))
        .filter(inquiry::Column::CreatedAt.gte(since))
        .filter(inquiry::Column::ProductId.is_not_null())
        .group_by(inquiry::Column::ProductId)
        .order_by_desc(Expr::col(inquiry::Column::Id).count())
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, n)| (id, name.unwrap_or_default(), n.max(0) as u64))
        .collect())
}
