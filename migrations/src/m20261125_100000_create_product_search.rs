//! Product search and paging at catalogue scale (100,000 products a shop).
//!
//! The server writes each product's search terms (accents folded, Italian stems, see
//! `server/src/search`) into `search_name` and `search_rest`, and a sort key for the name
//! into `name_key`; `search_version` says which version of that rule wrote them (0: not
//! yet, filled in by the server at start). Each database indexes the terms its own way:
//! a contentless FTS5 table of shop-prefixed words kept in step by triggers on SQLite, a generated `tsvector` with a GIN
//! index on PostgreSQL. Both see plain space-separated `[a-z0-9]` words, so they match
//! the same products. Indexes on `(store_id, …)` serve every filter and sort of a page.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Products {
    Table,
    Id,
    StoreId,
    Category,
    Status,
    InStock,
    PriceCents,
    SearchName,
    SearchRest,
    NameKey,
    SearchVersion,
}

const SQLITE_UP: [&str; 4] = [
    // Contentless: the index holds each word prefixed with its shop ("s12x" + word), so a
    // search reads only that shop's words: shops of one trade share most of theirs, and a
    // shop column ANDed with the words made every search read the other shops' lists too.
    "CREATE VIRTUAL TABLE products_fts USING fts5(
        search_name, search_rest, content='', tokenize='unicode61 remove_diacritics 0')",
    "CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_fts(rowid, search_name, search_rest)
        VALUES (new.id, SHOP_WORDS(new, search_name), SHOP_WORDS(new, search_rest));
    END",
    "CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, search_name, search_rest)
        VALUES ('delete', old.id, SHOP_WORDS(old, search_name), SHOP_WORDS(old, search_rest));
    END",
    "CREATE TRIGGER products_fts_update AFTER UPDATE OF search_name, search_rest ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, search_name, search_rest)
        VALUES ('delete', old.id, SHOP_WORDS(old, search_name), SHOP_WORDS(old, search_rest));
        INSERT INTO products_fts(rowid, search_name, search_rest)
        VALUES (new.id, SHOP_WORDS(new, search_name), SHOP_WORDS(new, search_rest));
    END",
];

/// `SHOP_WORDS(row, column)` in the statements above: the column's space-separated words,
/// each prefixed with the row's shop ("s12x"), as `search::SearchQuery::fts5` asks for them.
fn sqlite_statement(sql: &str) -> String {
    let mut out = sql.to_owned();
    for row in ["new", "old"] {
        for column in ["search_name", "search_rest"] {
            let words = format!(
                "CASE WHEN {row}.{column} = '' THEN '' ELSE \
                 's' || {row}.store_id || 'x' || \
                 replace({row}.{column}, ' ', ' s' || {row}.store_id || 'x') END"
            );
            out = out.replace(&format!("SHOP_WORDS({row}, {column})"), &words);
        }
    }
    out
}

const SQLITE_DOWN: [&str; 4] = [
    "DROP TRIGGER IF EXISTS products_fts_update",
    "DROP TRIGGER IF EXISTS products_fts_delete",
    "DROP TRIGGER IF EXISTS products_fts_insert",
    "DROP TABLE IF EXISTS products_fts",
];

const POSTGRES_UP: [&str; 2] = [
    // Each word with its shop's prefix ("s12x" + word), as on SQLite: a prefix search reads
    // only that shop's words in the index.
    "ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig,
            regexp_replace(search_name, '(\\S+)', 's' || store_id::text || 'x\\1', 'g')), 'A') ||
        setweight(to_tsvector('simple'::regconfig,
            regexp_replace(search_rest, '(\\S+)', 's' || store_id::text || 'x\\1', 'g')), 'B')) STORED",
    "CREATE INDEX idx_products_search ON products USING GIN (search_vector)",
];

const POSTGRES_DOWN: [&str; 2] = [
    "DROP INDEX IF EXISTS idx_products_search",
    "ALTER TABLE products DROP COLUMN IF EXISTS search_vector",
];

const OLD_STORE_INDEX: &str = "idx_products_store";

/// `(name, columns)` of the indexes the listings use (the id last, as the tie-break), and
/// the one the start-up re-indexing uses.
const INDEXES: [(&str, &[Products]); 7] = [
    ("idx_products_store_id", &[Products::StoreId, Products::Id]),
    (
        "idx_products_store_name",
        &[Products::StoreId, Products::NameKey, Products::Id],
    ),
    (
        "idx_products_store_price",
        &[Products::StoreId, Products::PriceCents, Products::Id],
    ),
    (
        "idx_products_store_category",
        &[Products::StoreId, Products::Category, Products::Id],
    ),
    (
        "idx_products_store_status",
        &[Products::StoreId, Products::Status, Products::Id],
    ),
    (
        "idx_products_store_stock",
        &[Products::StoreId, Products::InStock, Products::Id],
    ),
    // Rows whose terms an older rule wrote, found at start-up without reading every row.
    (
        "idx_products_search_version",
        &[Products::SearchVersion, Products::Id],
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        let columns = [
            ColumnDef::new(Products::SearchName)
                .text()
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(Products::SearchRest)
                .text()
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(Products::NameKey)
                .string_len(200)
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(Products::SearchVersion)
                .integer()
                .not_null()
                .default(0)
                .to_owned(),
        ];
        for mut column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(Products::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        for (name, columns) in INDEXES {
            let mut index = Index::create();
            index.name(name).table(Products::Table);
            for column in columns {
                index.col(*column);
            }
            manager.create_index(index.to_owned()).await?;
        }
        // Replaced by (store_id, id), which also orders a page without a sort.
        manager
            .drop_index(
                Index::drop()
                    .name(OLD_STORE_INDEX)
                    .table(Products::Table)
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        let statements: Vec<String> = match manager.get_database_backend() {
            DatabaseBackend::Sqlite => SQLITE_UP.iter().map(|s| sqlite_statement(s)).collect(),
            DatabaseBackend::Postgres => POSTGRES_UP.iter().map(|s| (*s).to_owned()).collect(),
            DatabaseBackend::MySql => Vec::new(),
        };
        for sql in statements {
            db.execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let statements: &[&str] = match manager.get_database_backend() {
            DatabaseBackend::Sqlite => &SQLITE_DOWN,
            DatabaseBackend::Postgres => &POSTGRES_DOWN,
            DatabaseBackend::MySql => &[],
        };
        for sql in statements {
            db.execute_unprepared(sql).await?;
        }
        manager
            .create_index(
                Index::create()
                    .name(OLD_STORE_INDEX)
                    .table(Products::Table)
                    .col(Products::StoreId)
                    .to_owned(),
            )
            .await?;
        for (name, _) in INDEXES {
            manager
                .drop_index(Index::drop().name(name).table(Products::Table).to_owned())
                .await?;
        }
        for column in [
            Products::SearchVersion,
            Products::NameKey,
            Products::SearchRest,
            Products::SearchName,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Products::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
