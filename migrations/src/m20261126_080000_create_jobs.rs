//! Background work claimed from a table, so that it runs once across any number of server
//! instances (decision 018): one row per job, `kind` and `key` naming it (`housekeeping`/``,
//! later e.g. a shop's daily price-list sync), `run_at` when it is due, `locked_until`
//! while an instance works on it (a lease another instance may take over once it lapses).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Jobs {
    Table,
    Id,
    Kind,
    Key,
    RunAt,
    LockedUntil,
    Attempts,
    LastError,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Jobs::Table)
                    .col(
                        ColumnDef::new(Jobs::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Jobs::Kind).string_len(40).not_null())
                    .col(
                        ColumnDef::new(Jobs::Key)
                            .string_len(100)
                            .not_null()
                            .default(""),
                    )
                    .col(
                        ColumnDef::new(Jobs::RunAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(ColumnDef::new(Jobs::LockedUntil).timestamp_with_time_zone())
                    .col(
                        ColumnDef::new(Jobs::Attempts)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .col(ColumnDef::new(Jobs::LastError).text())
                    .col(
                        ColumnDef::new(Jobs::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("jobs_kind_key")
                    .table(Jobs::Table)
                    .col(Jobs::Kind)
                    .col(Jobs::Key)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("jobs_run_at")
                    .table(Jobs::Table)
                    .col(Jobs::RunAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Jobs::Table).to_owned())
            .await
    }
}
