//! The one error type of the server. `IntoResponse` below is the only place that picks a
//! status code and the JSON shape `{"error", "code", "fields"}`.
//!
//! Clients branch on `code` (an [`ErrorCode`]), never on the Italian text: the texts are
//! for people and may be reworded, the codes are the contract.

use std::collections::BTreeMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sea_orm::{DbErr, SqlErr};
use serde::Serialize;

use crate::messages;
use crate::telemetry::ErrorCause;

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
    /// The address is already verified.
    AlreadyVerified,
    Conflict,
    /// Too many requests in the window; `remainingTime` says how long to wait.
    RateLimited,
    /// A verification e-mail was sent less than a minute ago; `remainingTime` (seconds).
    ResendCooldown,
    PayloadTooLarge,
    UnsupportedMediaType,
    /// A dependency (database, mail server, postal data) did not answer.
    Unavailable,
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
    #[error("{}", messages::EMAIL_ALREADY_VERIFIED)]
    AlreadyVerified,
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
    /// `Retry-After` and the plain HTML document of `pages::busy_response`.
    #[error("{}", messages::PAGES_BUSY)]
    PagesBusy,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

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

    fn status_and_code(&self) -> (StatusCode, ErrorCode) {
        use ErrorCode as C;
        match self {
            Self::BadRequest(_) => (StatusCode::BAD_REQUEST, C::BadRequest),
            Self::InvalidJson => (StatusCode::BAD_REQUEST, C::InvalidJson),
            Self::Invalid { .. } => (StatusCode::UNPROCESSABLE_ENTITY, C::Validation),
            Self::Unauthorized(_) => (StatusCode::UNAUTHORIZED, C::Unauthorized),
            Self::InvalidCredentials => (StatusCode::UNAUTHORIZED, C::InvalidCredentials),
            Self::EmailNotVerified(_) => (StatusCode::FORBIDDEN, C::EmailNotVerified),
            Self::TokenInvalid(_) => (StatusCode::BAD_REQUEST, C::TokenInvalid),
            Self::TokenExpired(_) => (StatusCode::BAD_REQUEST, C::TokenExpired),
            Self::Forbidden(_) => (StatusCode::FORBIDDEN, C::Forbidden),
            Self::ForeignOrigin => (StatusCode::FORBIDDEN, C::ForeignOrigin),
            Self::PlanLimit(_) => (StatusCode::FORBIDDEN, C::PlanLimit),
            Self::TrialUsed => (StatusCode::FORBIDDEN, C::TrialUsed),
            Self::TrialUnavailable => (StatusCode::FORBIDDEN, C::TrialUnavailable),
            Self::NotFound(_) => (StatusCode::NOT_FOUND, C::NotFound),
            Self::EmailTaken => (StatusCode::CONFLICT, C::EmailTaken),
            Self::AlreadyVerified => (StatusCode::CONFLICT, C::AlreadyVerified),
            Self::Conflict(_) => (StatusCode::CONFLICT, C::Conflict),
            Self::TooManyRequests { .. } => (StatusCode::TOO_MANY_REQUESTS, C::RateLimited),
            Self::ResendCooldown { .. } => (StatusCode::TOO_MANY_REQUESTS, C::ResendCooldown),
            Self::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, C::PayloadTooLarge),
            Self::UnsupportedMedia(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, C::UnsupportedMediaType)
            }
            Self::Unavailable(_) | Self::PagesBusy => {
                (StatusCode::SERVICE_UNAVAILABLE, C::Unavailable)
            }
            Self::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, C::Internal),
        }
    }
}

/// Every error reply of the API: `{error, code, fields?, remainingTime?}`.
#[derive(Serialize, utoipa::ToSchema, ts_rs::TS)]
pub struct ErrorBody {
    /// Italian message for the user, from the spec's error catalogue.
    pub error: String,
    /// Stable machine-readable code: what the client branches on.
    pub code: ErrorCode,
    /// Per-field messages for validation errors.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(as = "Option<BTreeMap<String, String>>", optional)]
    pub fields: BTreeMap<&'static str, String>,
    /// Seconds to wait before retrying (429 only: `rate_limited`, `resend_cooldown`).
    #[serde(rename = "remainingTime", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub remaining_time: Option<u64>,
}

impl AppError {
    /// Status and body of the reply; an internal error's cause is never shown: the reply
    /// carries it as an [`ErrorCause`] for the request log.
    pub(crate) fn into_parts(self) -> (StatusCode, ErrorBody) {
        let (status, code) = self.status_and_code();
        let (error, fields, retry_after) = match self {
            Self::Internal(_) => (messages::INTERNAL.to_owned(), BTreeMap::new(), None),
            Self::Invalid { message, fields } => (message, fields, None),
            Self::TooManyRequests {
                message,
                retry_after,
            } => (message, BTreeMap::new(), Some(retry_after)),
            Self::ResendCooldown { retry_after } => (
                messages::resend_cooldown(retry_after),
                BTreeMap::new(),
                Some(retry_after),
            ),
            other => (other.to_string(), BTreeMap::new(), None),
        };
        let body = ErrorBody {
            error,
            code,
            fields,
            remaining_time: retry_after,
        };
        (status, body)
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let Self::PagesBusy = self {
            return crate::pages::busy_response();
        }
        let cause = ErrorCause::of(&self);
        let (status, body) = self.into_parts();
        let retry_after = body.remaining_time;
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(seconds) = retry_after {
            if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        if let Some(cause) = cause {
            cause.attach(&mut response);
        }
        response
    }
}

impl From<DbErr> for AppError {
    fn from(err: DbErr) -> Self {
        Self::Internal(anyhow::Error::new(err))
    }
}

/// True when the database refused a row because of a unique constraint. The one place
/// that recognises it, through sea-orm's typed `SqlErr`, not by matching strings.
pub fn is_unique_violation(err: &DbErr) -> bool {
    matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}
