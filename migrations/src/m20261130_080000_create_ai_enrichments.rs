//! Products an import left to the AI provider (`--ai-provider openai`), enriched in the
//! background after the import has been written (decision 026). A row is the product's
//! place in that queue and, once answered, what became of it, for the dashboard's progress.
//! `input` is what the price list said (the facts the provider may use); `queued_at` is the
//! product's `updated_at` when it was queued: a product changed since then is the owner's
//! and is left alone. `monthly_usage.ai_products` counts the products the provider answered
//! in the month, for the plan's allowance.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AiEnrichments {
    Table,
    Id,
    StoreId,
    ProductId,
    Input,
    State,
    Attempts,
    QueuedAt,
    FinishedAt,
}

#[derive(DeriveIden)]
enum Stores {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Products {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum MonthlyUsage {
    Table,
    AiProducts,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AiEnrichments::Table)
                    .col(
                        ColumnDef::new(AiEnrichments::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(AiEnrichments::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AiEnrichments::ProductId)
                            .big_integer()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(AiEnrichments::Input).text().not_null())
                    .col(
                        ColumnDef::new(AiEnrichments::State)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AiEnrichments::Attempts)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .col(
                        ColumnDef::new(AiEnrichments::QueuedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(ColumnDef::new(AiEnrichments::FinishedAt).timestamp_with_time_zone())
                    .foreign_key(
                        ForeignKey::create()
                            .from(AiEnrichments::Table, AiEnrichments::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AiEnrichments::Table, AiEnrichments::ProductId)
                            .to(Products::Table, Products::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ai_enrichments_store_state")
                    .table(AiEnrichments::Table)
                    .col(AiEnrichments::StoreId)
                    .col(AiEnrichments::State)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(MonthlyUsage::Table)
                    .add_column(
                        ColumnDef::new(MonthlyUsage::AiProducts)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(MonthlyUsage::Table)
                    .drop_column(MonthlyUsage::AiProducts)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(AiEnrichments::Table).to_owned())
            .await
    }
}
