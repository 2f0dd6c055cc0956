//! Stores (one per user) and their products.

use sea_orm_migration::prelude::*;

use super::m20261122_080000_create_accounts::Users;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
pub enum Stores {
    Table,
    Id,
    UserId,
    Name,
    Slug,
    Description,
    PartnerGroup,
    LogoImgUrl,
    Address,
    City,
    PostalCode,
    WebsiteUrl,
    Telephone,
    Email,
    Plan,
    TrialPlan,
    TrialUsed,
    TrialEndsAt,
    ContentVersion,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Products {
    Table,
    Id,
    StoreId,
    Name,
    Slug,
    PriceCents,
    Description,
    Category,
    Brand,
    ImageUrl,
    InStock,
    Status,
    Sku,
    Ean,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Stores::Table)
                    .col(
                        ColumnDef::new(Stores::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(Stores::UserId)
                            .big_integer()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(Stores::Name).string_len(200).not_null())
                    .col(ColumnDef::new(Stores::Slug).string_len(220).not_null())
                    .col(ColumnDef::new(Stores::Description).text().not_null())
                    .col(ColumnDef::new(Stores::PartnerGroup).string_len(200).null())
                    .col(ColumnDef::new(Stores::LogoImgUrl).string_len(1000).null())
                    .col(ColumnDef::new(Stores::Address).string_len(300).not_null())
                    .col(ColumnDef::new(Stores::City).string_len(120).not_null())
                    .col(ColumnDef::new(Stores::PostalCode).string_len(5).not_null())
                    .col(ColumnDef::new(Stores::WebsiteUrl).string_len(500).null())
                    .col(ColumnDef::new(Stores::Telephone).string_len(40).not_null())
                    .col(ColumnDef::new(Stores::Email).string_len(254).not_null())
                    .col(
                        ColumnDef::new(Stores::Plan)
                            .string_len(16)
                            .not_null()
                            .default("free"),
                    )
                    .col(ColumnDef::new(Stores::TrialPlan).string_len(16).null())
                    .col(
                        ColumnDef::new(Stores::TrialUsed)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .col(
                        ColumnDef::new(Stores::TrialEndsAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(Stores::ContentVersion)
                            .big_integer()
                            .not_null()
                            .default(1),
                    )
                    .col(
                        ColumnDef::new(Stores::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Stores::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Stores::Table, Stores::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Products::Table)
                    .col(
                        ColumnDef::new(Products::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Products::StoreId).big_integer().not_null())
                    .col(ColumnDef::new(Products::Name).string_len(300).not_null())
                    .col(ColumnDef::new(Products::Slug).string_len(320).not_null())
                    .col(ColumnDef::new(Products::PriceCents).big_integer().null())
                    .col(ColumnDef::new(Products::Description).text().null())
                    .col(ColumnDef::new(Products::Category).string_len(200).null())
                    .col(ColumnDef::new(Products::Brand).string_len(200).null())
                    .col(ColumnDef::new(Products::ImageUrl).string_len(1000).null())
                    .col(
                        ColumnDef::new(Products::InStock)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .col(
                        ColumnDef::new(Products::Status)
                            .string_len(16)
                            .not_null()
                            .default("normal"),
                    )
                    .col(ColumnDef::new(Products::Sku).string_len(100).null())
                    .col(ColumnDef::new(Products::Ean).string_len(20).null())
                    .col(
                        ColumnDef::new(Products::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Products::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Products::Table, Products::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_products_store")
                    .table(Products::Table)
                    .col(Products::StoreId)
                    .to_owned(),
            )
            .await?;
        // The import matches rows to existing products by SKU or EAN within one shop.
        manager
            .create_index(
                Index::create()
                    .name("idx_products_store_sku")
                    .table(Products::Table)
                    .col(Products::StoreId)
                    .col(Products::Sku)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_products_store_ean")
                    .table(Products::Table)
                    .col(Products::StoreId)
                    .col(Products::Ean)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Products::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(Stores::Table).to_owned())
            .await
    }
}
