//! Monthly usage counters, demo-request leads and the rate-limit log.

use sea_orm_migration::prelude::*;

use super::m20261122_080100_create_catalogue::Stores;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum MonthlyUsage {
    Table,
    StoreId,
    Month,
    Imports,
    Regenerations,
}

#[derive(DeriveIden)]
enum Leads {
    Table,
    Id,
    WorkEmail,
    BusinessName,
    PostalCode,
    City,
    CreatedAt,
}

/// One row per counted event (a failed login, a resend request…); counting rows in a
/// time window works the same on every instance that shares the database.
#[derive(DeriveIden)]
enum RateEvents {
    Table,
    Id,
    Bucket,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MonthlyUsage::Table)
                    .col(
                        ColumnDef::new(MonthlyUsage::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(MonthlyUsage::Month).string_len(7).not_null())
                    .col(
                        ColumnDef::new(MonthlyUsage::Imports)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .col(
                        ColumnDef::new(MonthlyUsage::Regenerations)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .primary_key(
                        Index::create()
                            .col(MonthlyUsage::StoreId)
                            .col(MonthlyUsage::Month),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(MonthlyUsage::Table, MonthlyUsage::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Leads::Table)
                    .col(
                        ColumnDef::new(Leads::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Leads::WorkEmail).string_len(254).not_null())
                    .col(
                        ColumnDef::new(Leads::BusinessName)
                            .string_len(200)
                            .not_null(),
                    )
                    .col(ColumnDef::new(Leads::PostalCode).string_len(5).not_null())
                    .col(ColumnDef::new(Leads::City).string_len(120).not_null())
                    .col(
                        ColumnDef::new(Leads::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(RateEvents::Table)
                    .col(
                        ColumnDef::new(RateEvents::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(RateEvents::Bucket)
                            .string_len(300)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RateEvents::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_rate_events_bucket_time")
                    .table(RateEvents::Table)
                    .col(RateEvents::Bucket)
                    .col(RateEvents::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(RateEvents::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(Leads::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(MonthlyUsage::Table).to_owned())
            .await
    }
}
