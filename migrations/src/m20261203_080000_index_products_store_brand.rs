//! A shop's brand pages (`/store/{id}/{slug}/b/{brand}`) list its products of one brand,
//! newest first, and count them: `(store_id, brand, id)` answers both from the index, as
//! `idx_products_store_category` does for the category pages.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Products {
    Table,
    StoreId,
    Brand,
    Id,
}

const INDEX: &str = "idx_products_store_brand";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name(INDEX)
                    .table(Products::Table)
                    .col(Products::StoreId)
                    .col(Products::Brand)
                    .col(Products::Id)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name(INDEX).table(Products::Table).to_owned())
            .await
    }
}
