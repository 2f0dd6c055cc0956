//! Monthly usage: imports and regenerations per calendar month (UTC). A new month has no
//! row yet, so counting starts again by itself.

use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ConnectionTrait, EntityTrait, Set};
use time::OffsetDateTime;

use crate::entities::monthly_usage;
use crate::error::Result;

pub fn month_key(at: OffsetDateTime) -> String {
    format!("{:04}-{:02}", at.year(), u8::from(at.month()))
}

/// (imports, regenerations) of the current month.
pub async fn current(db: &impl ConnectionTrait, store_id: i64) -> Result<(i32, i32)> {
    let month = month_key(OffsetDateTime::now_utc());
    let row = monthly_usage::Entity::find_by_id((store_id, month))
        .one(db)
        .await?;
    Ok(row.map(|r| (r.imports, r.regenerations)).unwrap_or((0, 0)))
}

pub enum Counter {
    Imports,
    Regenerations,
}

/// Adds one to a counter of the current month.
pub async fn add(db: &impl ConnectionTrait, store_id: i64, counter: Counter) -> Result<()> {
    let column = match counter {
        Counter::Imports => monthly_usage::Column::Imports,
        Counter::Regenerations => monthly_usage::Column::Regenerations,
    };
    let (imports, regenerations) = match counter {
        Counter::Imports => (1, 0),
        Counter::Regenerations => (0, 1),
    };
    let row = monthly_usage::ActiveModel {
        store_id: Set(store_id),
        month: Set(month_key(OffsetDateTime::now_utc())),
        imports: Set(imports),
        regenerations: Set(regenerations),
    };
    monthly_usage::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([monthly_usage::Column::StoreId, monthly_usage::Column::Month])
                .value(column, Expr::col((monthly_usage::Entity, column)).add(1))
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}
