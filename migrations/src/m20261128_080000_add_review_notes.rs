//! Why a product needs its owner's eye, in a field of its own (`products.review_note`),
//! shown in the dashboard and never on public pages. Earlier versions wrote the reason into
//! the public description ("Il prodotto non è stato riconosciuto automaticamente: …"): it is
//! moved out of every description here, and those products' search terms are written again
//! at start (`search_version` 0).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Products {
    Table,
    ReviewNote,
}

/// The sentence earlier versions appended to descriptions.
const OLD_NOTE: &str =
    "Il prodotto non è stato riconosciuto automaticamente: verificare nome, marca e categoria.";
/// What the dashboard says instead (`messages::NOTE_NOT_RECOGNISED`).
const NOTE: &str = "Prodotto non riconosciuto: completare nome, marca e categoria.";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .add_column(ColumnDef::new(Products::ReviewNote).text().null())
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        let [old, note, pattern] = if backend == DatabaseBackend::Postgres {
            ["$1", "$2", "$3"]
        } else {
            ["?", "?", "?"]
        };
        // The note was the description's last sentence, after a space, or all of it.
        db.execute(Statement::from_sql_and_values(
            backend,
            format!(
                "UPDATE products SET \
                   description = NULLIF(TRIM(REPLACE(description, {old}, '')), ''), \
                   review_note = COALESCE(review_note, {note}), \
                   search_version = 0 \
                 WHERE description LIKE {pattern}"
            ),
            [OLD_NOTE.into(), NOTE.into(), format!("%{OLD_NOTE}%").into()],
        ))
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .drop_column(Products::ReviewNote)
                    .to_owned(),
            )
            .await
    }
}
