//! A processed file is marked imported (`processed_imports.imported_at`) by the import's
//! own transaction instead of being deleted after it: of two confirmations of one file (a
//! double click, two instances) exactly one writes, and every later one is told that the
//! import is running or done rather than that the file expired. The row goes with the
//! hourly clean-up of processed files; its payload is emptied when it is imported.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProcessedImports {
    Table,
    ImportedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(ProcessedImports::Table)
                    .add_column(
                        ColumnDef::new(ProcessedImports::ImportedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(ProcessedImports::Table)
                    .drop_column(ProcessedImports::ImportedAt)
                    .to_owned(),
            )
            .await
    }
}
