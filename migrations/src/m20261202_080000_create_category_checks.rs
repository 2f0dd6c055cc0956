//! Products an import left without a sure category, waiting for the embedding classifier
//! (decision 032): the shop's `categories` job reads them in batches after the import has
//! been written, and a row stays, marked done, for the dashboard's progress until the
//! shop's next import begins a new run. `input` is what the price list said; `queued_at`
//! the product's `updated_at` when queued: a product changed since then is the owner's.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CategoryChecks {
    Table,
    Id,
    StoreId,
    ProductId,
    Input,
    QueuedAt,
    Done,
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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CategoryChecks::Table)
                    .col(
                        ColumnDef::new(CategoryChecks::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(CategoryChecks::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(CategoryChecks::ProductId)
                            .big_integer()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(CategoryChecks::Input).text().not_null())
                    .col(
                        ColumnDef::new(CategoryChecks::QueuedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(CategoryChecks::Done)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(CategoryChecks::Table, CategoryChecks::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(CategoryChecks::Table, CategoryChecks::ProductId)
                            .to(Products::Table, Products::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("category_checks_store_done")
                    .table(CategoryChecks::Table)
                    .col(CategoryChecks::StoreId)
                    .col(CategoryChecks::Done)
                    .col(CategoryChecks::Id)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(CategoryChecks::Table).to_owned())
            .await
    }
}
