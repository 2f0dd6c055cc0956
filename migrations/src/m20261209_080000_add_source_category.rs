//! The category as the price list had it (`products.source_category`, a code like "A12" or
//! the list's own words), and the same beside each taught line
//! (`category_examples.source_category`): when the owner files two products of one list
//! category alike, the rest of that list category follows, now and at the next import
//! (`services::list_categories`, decision 037).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Products {
    Table,
    StoreId,
    SourceCategory,
}

#[derive(DeriveIden)]
enum CategoryExamples {
    Table,
    SourceCategory,
}

const INDEX: &str = "idx_products_store_source_category";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .add_column(ColumnDef::new(Products::SourceCategory).text().null())
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(CategoryExamples::Table)
                    .add_column(
                        ColumnDef::new(CategoryExamples::SourceCategory)
                            .text()
                            .null(),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(INDEX)
                    .table(Products::Table)
                    .col(Products::StoreId)
                    .col(Products::SourceCategory)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name(INDEX).table(Products::Table).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(CategoryExamples::Table)
                    .drop_column(CategoryExamples::SourceCategory)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .drop_column(Products::SourceCategory)
                    .to_owned(),
            )
            .await
    }
}
