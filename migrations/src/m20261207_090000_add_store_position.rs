//! Where the shop exactly is, when the owner says it (latitude and longitude in degrees):
//! the shop's structured data and map link use it instead of its comune's centre.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Stores {
    Table,
    Latitude,
    Longitude,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite adds one at a time.
        for column in [Stores::Latitude, Stores::Longitude] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Stores::Table)
                        .add_column(ColumnDef::new(column).double().null())
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Stores::Latitude, Stores::Longitude] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Stores::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
