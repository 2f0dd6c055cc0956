//! The owner's own photos of a product, in the order the owner chose: the first is the
//! product's picture (`products.image_url`), all of them make the product page's gallery.
//! The files are under `media/products/` (`ph-<hash>-{160,400,800,1600}.jpg`); a row holds the
//! address of the 800 px copy.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProductPhotos {
    Table,
    Id,
    ProductId,
    Position,
    Url,
    CreatedAt,
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
                    .table(ProductPhotos::Table)
                    .col(
                        ColumnDef::new(ProductPhotos::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(ProductPhotos::ProductId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(ProductPhotos::Position).integer().not_null())
                    .col(ColumnDef::new(ProductPhotos::Url).text().not_null())
                    .col(
                        ColumnDef::new(ProductPhotos::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(ProductPhotos::Table, ProductPhotos::ProductId)
                            .to(Products::Table, Products::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("product_photos_product_position")
                    .table(ProductPhotos::Table)
                    .col(ProductPhotos::ProductId)
                    .col(ProductPhotos::Position)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProductPhotos::Table).to_owned())
            .await
    }
}
