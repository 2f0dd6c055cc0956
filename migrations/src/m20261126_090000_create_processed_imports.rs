//! A processed file waits for its import here (compressed JSON), not in one instance's
//! memory: any instance can confirm it, and none holds it in its heap for the hour.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProcessedImports {
    Table,
    Id,
    StoreId,
    CreatedAt,
    Payload,
}

#[derive(DeriveIden)]
enum Stores {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ProcessedImports::Table)
                    .col(
                        ColumnDef::new(ProcessedImports::Id)
                            .string_len(32)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(ProcessedImports::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(ProcessedImports::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(ColumnDef::new(ProcessedImports::Payload).blob().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(ProcessedImports::Table, ProcessedImports::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("processed_imports_store")
                    .table(ProcessedImports::Table)
                    .col(ProcessedImports::StoreId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProcessedImports::Table).to_owned())
            .await
    }
}
