//! Photos of the shop itself (the shop window, the counter), as a JSON list of stored
//! pictures (`["/media/products/ph-…-800.jpg", …]`), first shown first.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Stores {
    Table,
    Photos,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Stores::Table)
                    .add_column(ColumnDef::new(Stores::Photos).text().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Stores::Table)
                    .drop_column(Stores::Photos)
                    .to_owned(),
            )
            .await
    }
}
