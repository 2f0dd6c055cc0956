//! A shop's weekly opening hours (JSON: `[{"days":["Mo"],"opens":"08:00","closes":"12:30"}]`),
//! shown on its page and in its structured data, and the store code of its Google Business
//! Profile, which the local-inventory feed must carry to match it.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Stores {
    Table,
    OpeningHours,
    GoogleStoreCode,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        for column in [Stores::OpeningHours, Stores::GoogleStoreCode] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Stores::Table)
                        .add_column(ColumnDef::new(column).text().null())
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Stores::OpeningHours, Stores::GoogleStoreCode] {
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
