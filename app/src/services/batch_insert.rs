//! Many rows written with few statements: an import writes tens of thousands of products and
//! queues as many for the AI step and the category check.

use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel};

use crate::error::Result;

/// Rows in one `INSERT`: well under SQLite's and PostgreSQL's limits on bound values for
/// the widest table (products, ~25 columns).
pub const CHUNK: usize = 500;

/// Inserts `rows` [`CHUNK`] at a time; with `conflict`, a row that meets one already there
/// updates it as `conflict` says.
pub async fn insert_in_chunks<A>(
    db: &impl ConnectionTrait,
    rows: impl IntoIterator<Item = A>,
    conflict: Option<OnConflict>,
) -> Result<()>
where
    A: ActiveModelTrait,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
{
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<A> = rows.by_ref().take(CHUNK).collect();
        let insert = A::Entity::insert_many(chunk);
        let insert = match &conflict {
            Some(conflict) => insert.on_conflict(conflict.clone()),
            None => insert,
        };
        insert.exec_without_returning(db).await?;
    }
    Ok(())
}

/// Puts `rows` in a queue of work on products (the AI step's, the category check's): a
/// product queued again has its row's `renewed` columns replaced by the new values, so it
/// is in the queue once.
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
    insert_in_chunks(db, rows, Some(replace)).await
}
