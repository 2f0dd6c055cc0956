//! The error codes of the API's replies: what clients branch on, never the Italian text (the
//! texts are for people and may be reworded, the codes are the contract). The server picks
//! the status code of each in its `error` module.

use serde::Serialize;

/// Stable machine-readable codes of error replies (`code`). Every code an API call can
/// answer is here, so the client's union of codes is complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// A request the server cannot read (missing required values, bad query).
    BadRequest,
    /// The body is not JSON.
    InvalidJson,
    /// One or more fields are wrong; `fields` says which.
    Validation,
    /// No session, or the session ended.
    Unauthorized,
    /// Login refused: wrong e-mail or password.
    InvalidCredentials,
    /// Right password, address not yet confirmed.
    EmailNotVerified,
    /// The e-mail link's token is unknown, already used or malformed.
    TokenInvalid,
    /// The e-mail link's token was right but its time ran out.
    TokenExpired,
    /// A state-changing request from another site.
    ForeignOrigin,
    /// Refused by the shop's plan: products, imports or regenerations of the month.
    PlanLimit,
    /// The free trial was already used.
    TrialUsed,
    /// A trial only starts from the free plan.
    TrialUnavailable,
    Forbidden,
    NotFound,
    /// An account with this e-mail exists.
    EmailTaken,
    Conflict,
    /// Too many requests in the window; `remainingTime` says how long to wait.
    RateLimited,
    /// A verification e-mail was sent less than a minute ago; `remainingTime` (seconds).
    ResendCooldown,
    PayloadTooLarge,
    UnsupportedMediaType,
    /// A dependency (database, mail server, postal data) did not answer; for the database,
    /// `Retry-After` says when to try again.
    Unavailable,
    /// The server's disk is full: nothing was written; `Retry-After` says when to try again.
    InsufficientStorage,
    Internal,
    // The import wizard's failures (`/api/file/*`, docs/decisions/006-import-api.md).
    UnsupportedFormat,
    EmptyFile,
    NoHeader,
    NoRows,
    TooManyRows,
    /// A CSV with a filled cell beyond the widest table accepted.
    TooManyColumns,
    /// The file's reading ran past its time budget.
    ReadTimeout,
    FileTooLarge,
    CorruptFile,
    PasswordProtected,
    NameNotMapped,
    UnknownColumn,
    /// The sheet asked for is not in the workbook.
    UnknownSheet,
    /// A workbook none of whose sheets is a list of products (price matrices, covers).
    NotAProductList,
    InvalidMapping,
    FileMissing,
    /// The processed rows are gone (60 minutes, or a restart): process the file again.
    ProcessExpired,
    NothingToImport,
    /// The processing was stopped by `cancel-processing`.
    Cancelled,
}
