//! Monthly usage: imports, regenerations and products the AI provider answered, per
//! calendar month (UTC). A new month has no row yet, so counting starts again by itself.

use entities::monthly_usage;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ConnectionTrait, EntityTrait, Set};
use time::OffsetDateTime;

use crate::error::Result;

pub fn month_key(at: OffsetDateTime) -> String {
    format!("{:04}-{:02}", at.year(), u8::from(at.month()))
}

/// The shop's counters of the current month.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub imports: i32,
    pub regenerations: i32,
    /// Products the AI provider answered after imports.
    pub ai_products: i32,
}

pub async fn current(db: &impl ConnectionTrait, store_id: i64) -> Result<Usage> {
    let month = month_key(OffsetDateTime::now_utc());
    let row = monthly_usage::Entity::find_by_id((store_id, month))
        .one(db)
        .await?;
    Ok(row.map_or_else(Usage::default, |r| Usage {
        imports: r.imports,
        regenerations: r.regenerations,
        ai_products: r.ai_products,
    }))
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    Imports,
    Regenerations,
    AiProducts,
}

impl Counter {
    fn column(self) -> monthly_usage::Column {
        match self {
            Counter::Imports => monthly_usage::Column::Imports,
            Counter::Regenerations => monthly_usage::Column::Regenerations,
            Counter::AiProducts => monthly_usage::Column::AiProducts,
        }
    }
}

/// Adds one to a counter of the current month.
pub async fn add(db: &impl ConnectionTrait, store_id: i64, counter: Counter) -> Result<()> {
    add_many(db, store_id, counter, 1).await
}

/// Adds `n` to a counter of the current month.
pub async fn add_many(
    db: &impl ConnectionTrait,
    store_id: i64,
    counter: Counter,
    n: i32,
) -> Result<()> {
    let first = |c: Counter| Set(if c == counter { n } else { 0 });
    let row = monthly_usage::ActiveModel {
        store_id: Set(store_id),
        month: Set(month_key(OffsetDateTime::now_utc())),
        imports: first(Counter::Imports),
        regenerations: first(Counter::Regenerations),
        ai_products: first(Counter::AiProducts),
    };
    let column = counter.column();
    monthly_usage::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([monthly_usage::Column::StoreId, monthly_usage::Column::Month])
                .value(column, Expr::col((monthly_usage::Entity, column)).add(n))
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}
