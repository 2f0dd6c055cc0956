//! The one error type of the application: what went wrong, in the words a shop owner
//! reads. The web layer (`vetrina::error`) picks each one's status code and JSON shape.
//!
//! Clients branch on the [`domain::ErrorCode`] the web layer gives each variant, never on
//! the Italian text: the texts are for people and may be reworded, the codes are the contract.

use std::collections::BTreeMap;

use domain::messages;
use sea_orm::{DbErr, SqlErr};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    /// The body is not JSON.
    #[error("{}", messages::INVALID_JSON)]
    InvalidJson,
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<&'static str, String>,
    },
    #[error("{0}")]
    Unauthorized(&'static str),
    /// Wrong e-mail or password.
    #[error("{}", messages::BAD_CREDENTIALS)]
    InvalidCredentials,
    /// Right password, address not yet confirmed: the client offers to resend the e-mail.
    #[error("{0}")]
    EmailNotVerified(String),
    /// An e-mail link's token that is unknown, used or malformed (400).
    #[error("{0}")]
    TokenInvalid(&'static str),
    /// An e-mail link's token whose time ran out (400).
    #[error("{0}")]
    TokenExpired(&'static str),
    #[error("{0}")]
    Forbidden(String),
    /// A state-changing request from another site (403).
    #[error("{}", messages::FOREIGN_ORIGIN)]
    ForeignOrigin,
    /// The shop's plan refuses it (403): products, imports or regenerations of the month.
    #[error("{0}")]
    PlanLimit(String),
    #[error("{}", messages::TRIAL_ALREADY_USED)]
    TrialUsed,
    #[error("{}", messages::TRIAL_ONLY_FROM_FREE)]
    TrialUnavailable,
    #[error("{0}")]
    NotFound(String),
    #[error("{}", messages::EMAIL_TAKEN)]
    EmailTaken,
    #[error("{0}")]
    Conflict(String),
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    /// A verification e-mail went out less than a minute ago (429 with `remainingTime`).
    #[error("{}", messages::resend_cooldown(*retry_after))]
    ResendCooldown { retry_after: u64 },
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMedia(String),
    #[error("{0}")]
    Unavailable(String),
    /// Every render thread is busy and the render queue is full: a page answers 503 with
    /// `Retry-After` and the plain HTML document of `vetrina::unavailable::busy_response`.
    #[error("{}", messages::PAGES_BUSY)]
    PagesBusy,
    /// The disk under the database or the media is full (507): the write was not made.
    /// Holds the cause for the log. Made by `From` (see [`storage_fault`]).
    #[error("{}", messages::DISK_FULL)]
    DiskFull(anyhow::Error),
    /// The database cannot be reached or cannot work now: connection refused or cut, pool
    /// timed out, PostgreSQL shutting down, SQLite locked or failing to read (503).
    #[error("{}", messages::DATABASE_UNAVAILABLE)]
    DatabaseUnavailable(anyhow::Error),
    #[error(transparent)]
    Internal(anyhow::Error),
}

/// Seconds a client is asked to wait (`Retry-After`) when the database does not answer or
/// the disk is full: long enough for a restart or a clean-up, short enough to retry by hand.
pub const STORAGE_RETRY_AFTER_SECS: u64 = 30;

pub type Result<T, E = AppError> = std::result::Result<T, E>;

impl AppError {
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
    }

    /// One field failed: the message is both the headline and the field's entry.
    pub fn field(field: &'static str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Invalid {
            fields: BTreeMap::from([(field, message.clone())]),
            message,
        }
    }

    /// Several fields failed; the first message becomes the headline.
    pub fn fields(fields: BTreeMap<&'static str, String>) -> Self {
        let message = fields
            .values()
            .next()
            .cloned()
            .unwrap_or_else(|| messages::INVALID_INPUT.to_owned());
        Self::Invalid { message, fields }
    }
    /// The `Retry-After` header of the reply, in seconds.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            Self::TooManyRequests { retry_after, .. } | Self::ResendCooldown { retry_after } => {
                Some(*retry_after)
            }
            Self::DiskFull(_) | Self::DatabaseUnavailable(_) => Some(STORAGE_RETRY_AFTER_SECS),
            _ => None,
        }
    }

    /// Whether the database (or the disk under it) failed, rather than the request: public
    /// pages answer these with their 503 error page.
    pub fn is_storage_failure(&self) -> bool {
        match self {
            Self::DiskFull(_) | Self::DatabaseUnavailable(_) => true,
            Self::Internal(e) => e.chain().any(|cause| cause.is::<DbErr>()),
            _ => false,
        }
    }
}

impl From<DbErr> for AppError {
    fn from(err: DbErr) -> Self {
        Self::from(anyhow::Error::new(err))
    }
}

impl From<domain::plan::PlanLimitReached> for AppError {
    fn from(refused: domain::plan::PlanLimitReached) -> Self {
        Self::PlanLimit(refused.0)
    }
}

/// The one place where a failure becomes a full disk (507), an unavailable database (503)
/// or an internal error (500), whatever wrapped it on the way.
impl From<anyhow::Error> for AppError {
    fn from(err: anyhow::Error) -> Self {
        match storage_fault(err.as_ref()) {
            Some(StorageFault::DiskFull) => Self::DiskFull(err),
            Some(StorageFault::DatabaseDown) => Self::DatabaseUnavailable(err),
            None => Self::Internal(err),
        }
    }
}

/// What a failure of the storage under the server means for the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageFault {
    /// No space left for the database or a file: the write was not made.
    DiskFull,
    /// The database cannot be reached or cannot work now; trying again later may succeed.
    DatabaseDown,
}

/// Finds, in `err` or its sources, a database or file error that says the disk is full or
/// the database is out of reach. Read from the typed errors: sea-orm's variants, sqlx's,
/// SQLite's result code, PostgreSQL's SQLSTATE and the `io::ErrorKind` of a file write.
pub fn storage_fault(err: &(dyn std::error::Error + 'static)) -> Option<StorageFault> {
    let mut next = Some(err);
    while let Some(cause) = next {
        let fault = if let Some(db) = cause.downcast_ref::<DbErr>() {
            db_fault(db)
        } else if let Some(sqlx) = cause.downcast_ref::<sqlx::Error>() {
            // Its source is the database's own error, read here: stop looking further.
            return sqlx_fault(sqlx);
        } else if let Some(io) = cause.downcast_ref::<std::io::Error>() {
            is_disk_full(io).then_some(StorageFault::DiskFull)
        } else {
            None
        };
        if fault.is_some() {
            return fault;
        }
        next = cause.source();
    }
    None
}

/// sea-orm's failures to get a connection (from the pool, or a new one: refused, cut in
/// the handshake, any cause); the others are read from the sqlx error inside.
fn db_fault(err: &DbErr) -> Option<StorageFault> {
    match err {
        DbErr::ConnectionAcquire(_) | DbErr::Conn(_) => Some(StorageFault::DatabaseDown),
        _ => None,
    }
}

fn sqlx_fault(err: &sqlx::Error) -> Option<StorageFault> {
    match err {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => Some(StorageFault::DatabaseDown),
        sqlx::Error::Database(db) => {
            if let Some(pg) = db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
                postgres_fault(pg.code())
            } else if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                // sqlx gives SQLite's extended result code only as its decimal text.
                let code = db.code()?.parse::<std::os::raw::c_int>().ok()?;
                sqlite_fault(code)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// By SQLite's result code: the disk is full; the file cannot be opened, read or written,
/// or another connection holds it past the busy timeout.
fn sqlite_fault(extended_code: std::os::raw::c_int) -> Option<StorageFault> {
    use libsqlite3_sys::ErrorCode as C;
    // Growing the WAL index (`-shm`) fails this way when the disk has no page left for it.
    if extended_code == libsqlite3_sys::SQLITE_IOERR_SHMSIZE {
        return Some(StorageFault::DiskFull);
    }
    match libsqlite3_sys::Error::new(extended_code).code {
        C::DiskFull => Some(StorageFault::DiskFull),
        C::CannotOpen | C::SystemIoFailure | C::DatabaseBusy | C::ReadOnly => {
            Some(StorageFault::DatabaseDown)
        }
        _ => None,
    }
}

/// By PostgreSQL's SQLSTATE (Appendix A of its manual): `53100` disk_full; class 08
/// (connection exceptions), the rest of class 53 (insufficient resources: memory, too
/// many connections), `57P01`–`57P03` (the server shutting down or starting) and `58030`
/// (its own I/O error).
fn postgres_fault(sqlstate: &str) -> Option<StorageFault> {
    match sqlstate {
        "53100" => Some(StorageFault::DiskFull),
        "57P01" | "57P02" | "57P03" | "58030" => Some(StorageFault::DatabaseDown),
        s if s.starts_with("08") || s.starts_with("53") => Some(StorageFault::DatabaseDown),
        _ => None,
    }
}

/// A file write that failed for lack of space (ENOSPC) or of quota (EDQUOT).
pub fn is_disk_full(err: &std::io::Error) -> bool {
    matches!(
        err.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    )
}

/// True when the database refused a row because of a unique constraint. The one place
/// that recognises it, through sea-orm's typed `SqlErr`, not by matching strings.
pub fn is_unique_violation(err: &DbErr) -> bool {
    matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::io::{Error as IoError, ErrorKind};

    use sea_orm::{ConnAcquireErr, RuntimeErr};

    use super::*;

    fn fault_of(err: anyhow::Error) -> Option<StorageFault> {
        storage_fault(err.as_ref())
    }

    #[test]
    fn a_file_write_without_space_is_a_full_disk_however_it_was_wrapped() {
        let enospc = IoError::from_raw_os_error(28);
        let wrapped = anyhow::Error::new(enospc).context("writing .abc.tmp");
        assert_eq!(fault_of(wrapped), Some(StorageFault::DiskFull));
        let quota = IoError::from(ErrorKind::QuotaExceeded);
        assert_eq!(fault_of(quota.into()), Some(StorageFault::DiskFull));
        let other = IoError::from(ErrorKind::PermissionDenied);
        assert_eq!(fault_of(other.into()), None);
    }

    #[test]
    fn a_database_out_of_reach_is_told_by_the_error_types() {
        let down = [
            DbErr::ConnectionAcquire(ConnAcquireErr::Timeout),
            DbErr::ConnectionAcquire(ConnAcquireErr::ConnectionClosed),
            DbErr::Conn(RuntimeErr::SqlxError(sqlx::Error::Protocol(
                "SSLRequest".into(),
            ))),
            DbErr::Query(RuntimeErr::SqlxError(sqlx::Error::Io(IoError::from(
                ErrorKind::ConnectionReset,
            )))),
            DbErr::Exec(RuntimeErr::SqlxError(sqlx::Error::PoolTimedOut)),
        ];
        for err in down {
            let text = err.to_string();
            let app = AppError::from(err);
            assert!(matches!(app, AppError::DatabaseUnavailable(_)), "{text}");
            assert_eq!(app.retry_after(), Some(STORAGE_RETRY_AFTER_SECS));
            assert!(app.is_storage_failure());
        }
        let mistake = DbErr::Query(RuntimeErr::SqlxError(sqlx::Error::RowNotFound));
        assert!(matches!(AppError::from(mistake), AppError::Internal(_)));
        assert!(matches!(
            AppError::from(DbErr::RecordNotFound("x".into())),
            AppError::Internal(_)
        ));
    }

    #[test]
    fn sqlite_and_postgresql_codes_are_read_by_name() {
        assert_eq!(sqlite_fault(13), Some(StorageFault::DiskFull)); // SQLITE_FULL
        assert_eq!(sqlite_fault(4874), Some(StorageFault::DiskFull)); // SQLITE_IOERR_SHMSIZE
        assert_eq!(sqlite_fault(778), Some(StorageFault::DatabaseDown)); // SQLITE_IOERR_WRITE
        assert_eq!(sqlite_fault(5), Some(StorageFault::DatabaseDown)); // SQLITE_BUSY
        assert_eq!(sqlite_fault(14), Some(StorageFault::DatabaseDown)); // SQLITE_CANTOPEN
        assert_eq!(sqlite_fault(2067), None); // SQLITE_CONSTRAINT_UNIQUE
        assert_eq!(postgres_fault("53100"), Some(StorageFault::DiskFull));
        for down in ["08006", "08001", "57P01", "57P03", "53300"] {
            assert_eq!(
                postgres_fault(down),
                Some(StorageFault::DatabaseDown),
                "{down}"
            );
        }
        for mine in ["23505", "42P01", "40001"] {
            assert_eq!(postgres_fault(mine), None, "{mine}");
        }
    }
}

/// Collects one message per field; the first one becomes the error's headline.
#[derive(Default)]
pub struct Problems(pub BTreeMap<&'static str, String>);

impl Problems {
    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.entry(field).or_insert_with(|| message.into());
    }

    pub fn check(&mut self, ok: bool, field: &'static str, message: &str) {
        if !ok {
            self.add(field, message);
        }
    }

    /// A whole number within `range` (a listing's `page` or `per_page`), else `message`.
    pub fn number_in(
        &mut self,
        field: &'static str,
        value: &str,
        range: std::ops::RangeInclusive<u64>,
        message: &str,
    ) -> Option<u64> {
        let n = value.parse::<u64>().ok().filter(|n| range.contains(n));
        self.check(n.is_some(), field, message);
        n
    }

    pub fn into_result(self) -> Result<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(AppError::fields(self.0))
        }
    }
}
