//! Days a shop is closed outside its weekly hours (JSON:
//! `[{"from":"2026-12-24","to":"2026-12-26","note":"Festività"}]`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Stores {
    Table,
    SpecialClosures,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Stores::Table)
                    .add_column(ColumnDef::new(Stores::SpecialClosures).text().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Stores::Table)
                    .drop_column(Stores::SpecialClosures)
                    .to_owned(),
            )
            .await
    }
}
