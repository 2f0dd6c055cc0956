//! The Pro report's counts (`analytics_daily`: one row per shop, metric, day and key), the
//! day's unique-visitor hashes until they are counted (`analytics_visitors`) and the salt of
//! each day (`analytics_salts`), removed once the day is over.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AnalyticsDaily {
    Table,
    StoreId,
    Metric,
    Day,
    Key,
    Hits,
}

#[derive(DeriveIden)]
enum AnalyticsVisitors {
    Table,
    StoreId,
    Day,
    Hash,
}

#[derive(DeriveIden)]
enum AnalyticsSalts {
    Table,
    Day,
    Salt,
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
                    .table(AnalyticsDaily::Table)
                    .col(
                        ColumnDef::new(AnalyticsDaily::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsDaily::Metric)
                            .string_len(16)
                            .not_null(),
                    )
                    // `YYYY-MM-DD`, an Italian day.
                    .col(
                        ColumnDef::new(AnalyticsDaily::Day)
                            .string_len(10)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsDaily::Key)
                            .string_len(100)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsDaily::Hits)
                            .big_integer()
                            .not_null(),
                    )
                    // A shop's metric over a range of days is one range of this key.
                    .primary_key(
                        Index::create()
                            .col(AnalyticsDaily::StoreId)
                            .col(AnalyticsDaily::Metric)
                            .col(AnalyticsDaily::Day)
                            .col(AnalyticsDaily::Key),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AnalyticsDaily::Table, AnalyticsDaily::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsVisitors::Table)
                    .col(
                        ColumnDef::new(AnalyticsVisitors::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsVisitors::Day)
                            .string_len(10)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsVisitors::Hash)
                            .string_len(32)
                            .not_null(),
                    )
                    .primary_key(
                        Index::create()
                            .col(AnalyticsVisitors::StoreId)
                            .col(AnalyticsVisitors::Day)
                            .col(AnalyticsVisitors::Hash),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AnalyticsVisitors::Table, AnalyticsVisitors::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsSalts::Table)
                    .col(
                        ColumnDef::new(AnalyticsSalts::Day)
                            .string_len(10)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsSalts::Salt)
                            .string_len(64)
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AnalyticsSalts::Table.into_iden(),
            AnalyticsVisitors::Table.into_iden(),
            AnalyticsDaily::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
