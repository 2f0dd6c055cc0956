//! Opening the database: SQLite by default, PostgreSQL when the URL says so.

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use migrations::{Migrator, MigratorTrait};
use sea_orm::{ConnectOptions, Database, DatabaseConnection, SqlxSqliteConnector};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

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
    // Products indexed by an older search rule (or before search existed) get their terms
    // now; idempotent, so instances starting together only repeat each other's writes.
    let reindexed = crate::services::catalogue::reindex_stale(&db, None)
        .await
        .context("indicizzazione della ricerca non riuscita")?;
    if reindexed > 0 {
        tracing::info!(products = reindexed, "search terms written");
    }
    Ok(db)
}

async fn migrate(db: &DatabaseConnection) -> anyhow::Result<()> {
    Migrator::up(db, None)
        .await
        .context("migrazione del database non riuscita")
}

/// Every pooled connection gets WAL, a busy timeout and foreign keys from its connect
/// options, so no connection can miss them (a one-off PRAGMA would reach only one).
async fn connect_sqlite(url: &str, connections: u32) -> anyhow::Result<DatabaseConnection> {
    let options = SqliteConnectOptions::from_str(url)
        .with_context(|| format!("DATABASE_URL SQLite non valido: {url}"))?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
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
        .connect_with(options)
        .await
        .with_context(|| format!("impossibile aprire il database SQLite {url}"))?;
    Ok(SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
}

async fn connect_postgres(url: &str) -> anyhow::Result<DatabaseConnection> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(20)
        .min_connections(1)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(15))
        .sqlx_logging(false);
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
