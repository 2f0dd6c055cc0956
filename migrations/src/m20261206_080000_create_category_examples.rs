//! What a shop taught the category classifier (`ai::examples`, decision 037): a product whose
//! category the owner confirmed or corrected, the line the model read for it, the category,
//! and the line's embedding (384 signed bytes; empty until the shop's `categories` job has
//! embedded it). One row per product, the owner's last word. `category_checks` keeps the
//! embedding of each line it read, so the rest of the queue is read again with what the
//! owner taught without embedding a line twice.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CategoryExamples {
    Table,
    Id,
    StoreId,
    ProductId,
    Text,
    Category,
    Vector,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CategoryChecks {
    Table,
    Vector,
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
                    .table(CategoryExamples::Table)
                    .col(
                        ColumnDef::new(CategoryExamples::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(CategoryExamples::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(CategoryExamples::ProductId)
                            .big_integer()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(CategoryExamples::Text).text().not_null())
                    .col(ColumnDef::new(CategoryExamples::Category).text().not_null())
                    .col(ColumnDef::new(CategoryExamples::Vector).blob().null())
                    .col(
                        ColumnDef::new(CategoryExamples::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(CategoryExamples::Table, CategoryExamples::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(CategoryExamples::Table, CategoryExamples::ProductId)
                            .to(Products::Table, Products::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("category_examples_store")
                    .table(CategoryExamples::Table)
                    .col(CategoryExamples::StoreId)
                    .col(CategoryExamples::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(CategoryChecks::Table)
                    .add_column(ColumnDef::new(CategoryChecks::Vector).blob().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(CategoryChecks::Table)
                    .drop_column(CategoryChecks::Vector)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(CategoryExamples::Table).to_owned())
            .await
    }
}
