//! A rate-limit event can weigh more than one (`rate_events.amount`): the logo upload
//! counts the bytes a client sent in the hour, not only its requests. Every event so far
//! weighs one, as the default gives.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RateEvents {
    Table,
    Amount,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(RateEvents::Table)
                    .add_column(
                        ColumnDef::new(RateEvents::Amount)
                            .big_integer()
                            .not_null()
                            .default(1),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(RateEvents::Table)
                    .drop_column(RateEvents::Amount)
                    .to_owned(),
            )
            .await
    }
}
