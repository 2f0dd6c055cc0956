//! The queues of work on a shop's products (the AI step's `ai_enrichment`, the category
//! check's `category_checks`): one row per product, written in batches and counted by state.

use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QuerySelect, TryGetable,
};

use entities::{ai_enrichment, category_check};

use super::batch_insert;
use crate::error::Result;

/// Puts `rows` in the queue: a product queued again has its row's `renewed` columns replaced
/// by the new values, so it is in the queue once.
pub async fn requeue<A, C>(
    db: &impl ConnectionTrait,
    rows: impl IntoIterator<Item = A>,
    product: C,
    renewed: impl IntoIterator<Item = C>,
) -> Result<()>
where
    A: ActiveModelTrait,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
    C: ColumnTrait,
{
    let replace = OnConflict::column(product)
        .update_columns(renewed)
        .to_owned();
    batch_insert::insert_in_chunks(db, rows, Some(replace)).await
}

/// A queue table: the columns this module reads.
pub trait Queue: EntityTrait {
    const ID: Self::Column;
    const STORE_ID: Self::Column;
    /// What the rows are counted by (a state, or done or not).
    const STATE: Self::Column;
}

impl Queue for ai_enrichment::Entity {
    const ID: Self::Column = ai_enrichment::Column::Id;
    const STORE_ID: Self::Column = ai_enrichment::Column::StoreId;
    const STATE: Self::Column = ai_enrichment::Column::State;
}

impl Queue for category_check::Entity {
    const ID: Self::Column = category_check::Column::Id;
    const STORE_ID: Self::Column = category_check::Column::StoreId;
    const STATE: Self::Column = category_check::Column::Done;
}

/// A shop's rows in the queue, counted by state (states without rows are absent).
pub async fn count_by_state<E, V>(db: &impl ConnectionTrait, store_id: i64) -> Result<Vec<(V, u64)>>
where
    E: Queue,
    V: TryGetable,
{
    let counts: Vec<(V, i64)> = E::find()
        .select_only()
        .column(E::STATE)
        .column_as(E::ID.count(), "n")
        .filter(E::STORE_ID.eq(store_id))
        .group_by(E::STATE)
        .into_tuple()
        .all(db)
        .await?;
    Ok(counts
        .into_iter()
        .map(|(state, n)| (state, u64::try_from(n).unwrap_or(0)))
        .collect())
}
