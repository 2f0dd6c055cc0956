//! The column mapping a shop last confirmed for a file with given headers: the next import
//! of a file with the same headers proposes it (and a daily sync reuses it).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SavedMappings {
    Table,
    Id,
    StoreId,
    HeadersKey,
    Mapping,
    UpdatedAt,
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
                    .table(SavedMappings::Table)
                    .col(
                        ColumnDef::new(SavedMappings::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(SavedMappings::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(SavedMappings::HeadersKey)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(ColumnDef::new(SavedMappings::Mapping).text().not_null())
                    .col(
                        ColumnDef::new(SavedMappings::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(SavedMappings::Table, SavedMappings::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("saved_mappings_store_headers")
                    .table(SavedMappings::Table)
                    .col(SavedMappings::StoreId)
                    .col(SavedMappings::HeadersKey)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(SavedMappings::Table).to_owned())
            .await
    }
}
