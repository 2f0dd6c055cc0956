//! A job's lease gets a token of its own (`jobs.lease_token`), set when an instance claims
//! it: leases are now short and renewed while the job runs, and only the instance holding
//! the token renews or finishes the job, so an instance that lost its lease (paused longer
//! than the lease) cannot overwrite the run of the instance that took the job over.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Jobs {
    Table,
    LeaseToken,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Jobs::Table)
                    .add_column(ColumnDef::new(Jobs::LeaseToken).string_len(64).null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Jobs::Table)
                    .drop_column(Jobs::LeaseToken)
                    .to_owned(),
            )
            .await
    }
}
