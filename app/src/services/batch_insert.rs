//! Many rows written with few statements: an import writes tens of thousands of products and
//! queues as many for the AI step and the category check.

use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, IntoActiveModel};

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
