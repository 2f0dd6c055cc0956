//! "Chiedi disponibilità": a visitor's question about a product (or the shop), kept in the
//! owner's inbox. The product's name is copied so a request outlives a deleted product;
//! `read_at` is set when the owner has read it.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Inquiries {
    Table,
    Id,
    StoreId,
    ProductId,
    ProductName,
    Name,
    Contact,
    Message,
    CreatedAt,
    ReadAt,
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
                    .table(Inquiries::Table)
                    .col(
                        ColumnDef::new(Inquiries::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Inquiries::StoreId).big_integer().not_null())
                    .col(ColumnDef::new(Inquiries::ProductId).big_integer().null())
                    .col(ColumnDef::new(Inquiries::ProductName).text().null())
                    .col(ColumnDef::new(Inquiries::Name).text().not_null())
                    .col(ColumnDef::new(Inquiries::Contact).text().not_null())
                    .col(ColumnDef::new(Inquiries::Message).text().not_null())
                    .col(
                        ColumnDef::new(Inquiries::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Inquiries::ReadAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Inquiries::Table, Inquiries::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Inquiries::Table, Inquiries::ProductId)
                            .to(Products::Table, Products::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("inquiries_store_id")
                    .table(Inquiries::Table)
                    .col(Inquiries::StoreId)
                    .col(Inquiries::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("inquiries_product")
                    .table(Inquiries::Table)
                    .col(Inquiries::ProductId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Inquiries::Table).to_owned())
            .await
    }
}
