//! Opening the database: SQLite by default, PostgreSQL when the URL says so.

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use migrations::{Migrator, MigratorTrait};
use sea_orm::{ConnectOptions, Database, DatabaseConnection, SqlxSqliteConnector};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Connection;

/// Connects and brings the schema up to date.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let db = if url.starts_with("sqlite:") {
        // Migrated over a connection of its own, closed before the pool opens: a SQLite
        // connection keeps the schema it read, and one that read it halfway through the
        // migrations refused `INSERT … ON CONFLICT` on an index created after.
        let migrating = connect_sqlite(url, 1).await?;
        migrate(&migrating).await?;
        migrating.close().await?;
        connect_sqlite(url, 8).await?
    } else {
        let db = connect_postgres(url).await?;
        migrate(&db).await?;
        db
    };
    Ok(db)
}

async fn migrate(db: &DatabaseConnection) -> anyhow::Result<()> {
    Migrator::up(db, None)
        .await
        .context("migrazione del database non riuscita")
}

/// Every pooled connection gets WAL, a busy timeout and foreign keys from its connect
/// options, so no connection can miss them (a one-off PRAGMA would reach only one).
/// `synchronous = FULL`: a commit returns once the WAL is on the disk, so a write the
/// server acknowledged survives a power cut, not only a crash of the process (about 4 ms
/// more per commit on a virtual disk; decision 028).
async fn connect_sqlite(url: &str, connections: u32) -> anyhow::Result<DatabaseConnection> {
    let options = SqliteConnectOptions::from_str(url)
        .with_context(|| format!("DATABASE_URL SQLite non valido: {url}"))?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true);
    if let Some(dir) = options.get_filename().parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("impossibile creare la cartella {}", dir.display()))?;
        }
    }
    let pool = SqlitePoolOptions::new()
        .max_connections(connections)
        .acquire_timeout(Duration::from_secs(15))
        .after_release(|conn, _| Box::pin(close_if_transaction_left(conn)))
        .connect_with(options)
        .await
        .with_context(|| format!("impossibile aprire il database SQLite {url}"))?;
    Ok(SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
}

/// Whether a connection given back to the pool may be used again: not when sqlx still
/// counts a transaction on it. That happens when COMMIT fails with SQLITE_FULL or
/// SQLITE_IOERR: SQLite has then rolled the transaction back by itself, so the ROLLBACK
/// queued by the dropped transaction fails ("no transaction is active") and sqlx's count
/// stays at 1. Reused, the connection would turn the next BEGIN into a SAVEPOINT, whose
/// failure leaves a transaction open for good: it holds the write lock ("database is
/// locked" for every other connection) and later writes on it are acknowledged but never
/// committed. Closing the connection ends all of that; the pool opens a fresh one.
async fn close_if_transaction_left(conn: &mut SqliteConnection) -> Result<bool, sqlx::Error> {
    // Answered after the rollback a dropped transaction queued on this connection.
    conn.ping().await?;
    if conn.is_in_transaction() {
        tracing::warn!("database connection closed: its transaction did not end");
        return Ok(false);
    }
    Ok(true)
}

async fn connect_postgres(url: &str) -> anyhow::Result<DatabaseConnection> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(20)
        .min_connections(1)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(15))
        .sqlx_logging(false)
        // The search across shops is estimated as costly (a lateral search per shop) while it
        // runs in 20 ms; past `jit_above_cost` PostgreSQL spent 240 ms compiling it each time.
        // Short statements are all this server runs (docs/decisions/031-search-on-postgresql-at-scale.md).
        .map_sqlx_postgres_opts(|pg| pg.options([("jit", "off")]));
    Database::connect(options)
        .await
        .with_context(|| format!("impossibile connettersi a PostgreSQL ({})", redact(url)))
}

/// The URL without its password, for error messages.
fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_owned(),
    }
}
