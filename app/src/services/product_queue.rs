//! The queues of work on a shop's products (the AI step's `ai_enrichment`, the category
//! check's `category_checks`): one row per product, written in batches and counted by state.

use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QuerySelect, TryGetable,
};

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

/// The columns of a queue table this module reads.
pub struct Columns<C> {
    pub id: C,
    pub store_id: C,
    /// What the rows are counted by (a state, or done or not).
    pub state: C,
}

/// A shop's rows in the queue, counted by state (states without rows are absent).
pub async fn count_by_state<E, V>(
    db: &impl ConnectionTrait,
    store_id: i64,
    columns: Columns<E::Column>,
) -> Result<Vec<(V, u64)>>
where
    E: EntityTrait,
    V: TryGetable,
{
    let counts: Vec<(V, i64)> = E::find()
        .select_only()
        .column(columns.state)
        .column_as(columns.id.count(), "n")
        .filter(columns.store_id.eq(store_id))
        .group_by(columns.state)
        .into_tuple()
        .all(db)
        .await?;
    Ok(counts
        .into_iter()
        .map(|(state, n)| (state, u64::try_from(n).unwrap_or(0)))
        .collect())
}
