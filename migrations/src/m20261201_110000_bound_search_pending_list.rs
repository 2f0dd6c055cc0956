//! PostgreSQL's text index keeps the words of new and changed products in a pending list
//! (GIN `fastupdate`) until it grows past `gin_pending_list_limit` (4 MB by default) and is
//! merged into the index. Every search reads that whole list, once per shop searched: while
//! owners edit products, a search across 200 shops read it 200 times (up to 512 pages
//! each). Bounded to 64 kB (8 pages), the list is merged every few hundred products; an
//! import's rows still go through it in batches (docs/decisions/031-search-on-postgresql-at-scale.md).
//! Nothing to do on SQLite, whose FTS5 index has no such list.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            manager
                .get_connection()
                .execute_unprepared(
                    "ALTER INDEX idx_products_search SET (gin_pending_list_limit = 64)",
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            manager
                .get_connection()
                .execute_unprepared(
                    "ALTER INDEX idx_products_search RESET (gin_pending_list_limit)",
                )
                .await?;
        }
        Ok(())
    }
}
