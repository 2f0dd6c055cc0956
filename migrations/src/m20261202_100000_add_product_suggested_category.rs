//! The category the AI proposes for a product it is not sure of
//! (`products.suggested_category`): never shown to visitors, it groups the review queue so
//! that the owner confirms or corrects the products proposed under one category in one
//! action. Cleared when the owner decides.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Products {
    Table,
    SuggestedCategory,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .add_column(ColumnDef::new(Products::SuggestedCategory).text().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .drop_column(Products::SuggestedCategory)
                    .to_owned(),
            )
            .await
    }
}
