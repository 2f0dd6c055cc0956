//! A ZIP of product pictures an owner sent (`services::photo_batches`): where its matched
//! pictures stand while a background job stores them, then what it did. `entries` is the
//! JSON list of pictures to attach (ZIP entry, product, position), `report` the pictures
//! that could not be used, with why; `done` counts the entries handled, so a job taken over
//! by another instance goes on where the last one stopped.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PhotoBatches {
    Table,
    Id,
    StoreId,
    FileName,
    Path,
    State,
    Entries,
    Total,
    Done,
    Added,
    Unmatched,
    Report,
    CreatedAt,
    FinishedAt,
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
                    .table(PhotoBatches::Table)
                    .col(
                        ColumnDef::new(PhotoBatches::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(PhotoBatches::StoreId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(PhotoBatches::FileName).text().not_null())
                    .col(ColumnDef::new(PhotoBatches::Path).text().not_null())
                    .col(ColumnDef::new(PhotoBatches::State).text().not_null())
                    .col(ColumnDef::new(PhotoBatches::Entries).text().not_null())
                    .col(ColumnDef::new(PhotoBatches::Total).integer().not_null())
                    .col(ColumnDef::new(PhotoBatches::Done).integer().not_null())
                    .col(ColumnDef::new(PhotoBatches::Added).integer().not_null())
                    .col(ColumnDef::new(PhotoBatches::Unmatched).text().not_null())
                    .col(ColumnDef::new(PhotoBatches::Report).text().not_null())
                    .col(
                        ColumnDef::new(PhotoBatches::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PhotoBatches::FinishedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PhotoBatches::Table, PhotoBatches::StoreId)
                            .to(Stores::Table, Stores::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("photo_batches_store_id")
                    .table(PhotoBatches::Table)
                    .col(PhotoBatches::StoreId)
                    .col(PhotoBatches::Id)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(PhotoBatches::Table).to_owned())
            .await
    }
}
