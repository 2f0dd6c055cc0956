//! A shop's price list fetched from an address once a day (`price_list_syncs`) and the
//! record of each sync with its counts (`sync_runs`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PriceListSyncs {
    Table,
    StoreId,
    Url,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SyncRuns {
    Table,
    Id,
    StoreId,
    StartedAt,
    FinishedAt,
    Succeeded,
    Created,
    Updated,
    Unavailable,
    Message,
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
                    .table(PriceListSyncs::Table)
                    .col(
                        ColumnDef::new(PriceListSyncs::StoreId)
                            .big_integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(PriceListSyncs::Url)
                            .string_len(1000)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PriceListSyncs::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PriceListSyncs::Table, PriceListSyncs::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SyncRuns::Table)
                    .col(
                        ColumnDef::new(SyncRuns::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(SyncRuns::StoreId).big_integer().not_null())
                    .col(
                        ColumnDef::new(SyncRuns::StartedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(SyncRuns::FinishedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(ColumnDef::new(SyncRuns::Succeeded).boolean().not_null())
                    .col(ColumnDef::new(SyncRuns::Created).integer().not_null())
                    .col(ColumnDef::new(SyncRuns::Updated).integer().not_null())
                    .col(ColumnDef::new(SyncRuns::Unavailable).integer().not_null())
                    .col(ColumnDef::new(SyncRuns::Message).text())
                    .foreign_key(
                        ForeignKey::create()
                            .from(SyncRuns::Table, SyncRuns::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("sync_runs_store")
                    .table(SyncRuns::Table)
                    .col(SyncRuns::StoreId)
                    .col(SyncRuns::StartedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(SyncRuns::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(PriceListSyncs::Table).to_owned())
            .await
    }
}
