//! `/api/auth`: e-mail verification, resend and password reset (docs/product/states.md, validation.md, routes.md).

use std::net::IpAddr;

use axum::extract::State;
use axum::Json;
use domain::messages;
use domain::validation::password_problem;
use domain::Email;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;

use super::extract::ApiJson;
use crate::auth::password;
use crate::error::{AppError, Result};
use crate::net::ClientAddr;
use crate::services::accounts::{self, AskedMail};
use crate::services::email_tokens::Refusal;
use crate::services::rate_limit::{self, Reserved};
use crate::AppState;

/// Requests for e-mails (resend, reset) from one client in the window.
const CLIENT_MAIL_REQUESTS: u64 = 10;
const CLIENT_WINDOW: Duration = Duration::minutes(15);
/// Reset requests for one address in the window, known or not (the limit must not tell
/// which addresses exist).
const ADDRESS_RESET_REQUESTS: u64 = 5;
const ADDRESS_RESET_WINDOW: Duration = Duration::hours(1);

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenInput {
    pub token: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailInput {
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetInput {
    pub token: Option<String>,
    pub password: Option<String>,
    #[serde(rename = "passwordConfirm")]
    pub password_confirm: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct Outcome {
    pub success: bool,
    /// Italian text for the user.
    pub message: &'static str,
}

fn done(message: &'static str) -> Json<Outcome> {
    Json(Outcome {
        success: true,
        message,
    })
}

/// 429 (`refusal` with the seconds to wait) when `bucket` already holds `allowed` events
/// in `window`.
async fn limit(
    app: &AppState,
    bucket: &str,
    window: Duration,
    allowed: u64,
    refusal: impl Fn(u64) -> AppError,
) -> Result<()> {
    if rate_limit::count(&app.db, bucket, window).await? >= allowed {
        let retry_after = rate_limit::seconds_until_free(&app.db, bucket, window).await?;
        return Err(refusal(retry_after).into());
    }
    Ok(())
}

fn too_many_email_requests(retry_after: u64) -> AppError {
    AppError::TooManyRequests {
        message: messages::TOO_MANY_EMAIL_REQUESTS.into(),
        retry_after,
    }
}

/// `token_invalid` or `token_expired`, with the call's one Italian text for both.
fn token_refused(refusal: Refusal, message: &'static str) -> AppError {
    match refusal {
        Refusal::Invalid => AppError::TokenInvalid(message),
        Refusal::Expired => AppError::TokenExpired(message),
    }
}

/// Counts one e-mail request from this client, refusing it past the limit.
async fn count_client(app: &AppState, client: IpAddr) -> Result<()> {
    let bucket = format!("mail:ip:{client}");
    limit(
        app,
        &bucket,
        CLIENT_WINDOW,
        CLIENT_MAIL_REQUESTS,
        too_many_email_requests,
    )
    .await?;
    Ok(rate_limit::record(&app.db, &bucket).await?)
}

/// The one address of the request (`Email::parse`): a list, `<…>` or CR/LF is refused
/// before any lookup, rate-limit bucket or e-mail.
fn email_of(input: EmailInput) -> Result<Email> {
    let raw = input.email.unwrap_or_default();
    if raw.trim().is_empty() {
        return Err(AppError::BadRequest(messages::EMAIL_MISSING.into()).into());
    }
    Ok(Email::parse(&raw).ok_or_else(|| AppError::field("email", messages::EMAIL_INVALID))?)
}

/// Confirm the address with the token from the e-mail link. A refused link answers 400
/// `token_invalid` (unknown or used) or `token_expired`.
#[utoipa::path(post, path = "/api/auth/verify-email", tag = "auth", request_body = TokenInput,
    responses((status = 200, body = Outcome), (status = 400, body = crate::error::ErrorBody)))]
pub async fn verify_email(
    State(app): State<AppState>,
    ApiJson(input): ApiJson<TokenInput>,
) -> Result<Json<Outcome>> {
    let token = input.token.unwrap_or_default();
    if token.trim().is_empty() {
        return Err(AppError::TokenInvalid(messages::VERIFY_TOKEN_MISSING).into());
    }
    accounts::verify_email(&app.db, &token)
        .await?
        .map_err(|r| token_refused(r, messages::VERIFY_TOKEN_INVALID))?;
    Ok(done(messages::EMAIL_VERIFIED))
}

/// Send the verification e-mail again, to an account whose address is not confirmed yet.
/// The reply is the same, and as fast, for an unknown, a verified and an unconfirmed
/// address (the link is sent afterwards, to the last only), and so is the cooldown: once a
/// minute per address (429 `resend_cooldown` with `remainingTime`), a few times per client
/// (429 `rate_limited`).
#[utoipa::path(post, path = "/api/auth/resend-verification", tag = "auth", request_body = EmailInput,
    responses((status = 200, description = "The same for every address: a link leaves only for an account still to confirm", body = Outcome),
        (status = 400, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody),
        (status = 429, description = "`resend_cooldown`: this address had a request less than a minute ago; `rate_limited`: too many from this client", body = crate::error::ErrorBody),
        (status = 503, description = "Too many e-mails waiting to leave", body = crate::error::ErrorBody)))]
pub async fn resend_verification(
    State(app): State<AppState>,
    ClientAddr(client): ClientAddr,
    ApiJson(input): ApiJson<EmailInput>,
) -> Result<Json<Outcome>> {
    let email = email_of(input)?;
    count_client(&app, client).await?;
    // Taken before the lookup, for every address alike.
    let cooldown = accounts::resend_bucket(email.as_str());
    if let Reserved::Refused { retry_after } =
        rate_limit::reserve(&app.db, &[&cooldown], 1, accounts::RESEND_COOLDOWN).await?
    {
        return Err(AppError::ResendCooldown { retry_after }.into());
    }
    accounts::send_after_reply(&app, AskedMail::Verification, email)?;
    Ok(done(messages::VERIFICATION_REQUESTED))
}

/// Ask for a reset link. The reply is the same, and as fast, whether the address has an
/// account or not: the link is sent afterwards.
#[utoipa::path(post, path = "/api/auth/request-password-reset", tag = "auth", request_body = EmailInput,
    responses((status = 200, body = Outcome), (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody), (status = 503, body = crate::error::ErrorBody)))]
pub async fn request_password_reset(
    State(app): State<AppState>,
    ClientAddr(client): ClientAddr,
    ApiJson(input): ApiJson<EmailInput>,
) -> Result<Json<Outcome>> {
    let email = email_of(input)?;
    count_client(&app, client).await?;
    let bucket = format!("reset:email:{email}");
    limit(
        &app,
        &bucket,
        ADDRESS_RESET_WINDOW,
        ADDRESS_RESET_REQUESTS,
        too_many_email_requests,
    )
    .await?;
    rate_limit::record(&app.db, &bucket).await?;
    // The lookup and the e-mail happen after the reply, so a known address takes no
    // longer to answer than an unknown one.
    accounts::send_after_reply(&app, AskedMail::PasswordReset, email)?;
    Ok(done(messages::RESET_REQUESTED))
}

/// Set a new password with the token from the e-mail link. Every session of the user
/// ends; the user logs in again with the new password. A refused link answers 400
/// `token_invalid` or `token_expired`.
#[utoipa::path(post, path = "/api/auth/confirm-password-reset", tag = "auth", request_body = ResetInput,
    responses((status = 200, body = Outcome), (status = 400, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody)))]
pub async fn confirm_password_reset(
    State(app): State<AppState>,
    ApiJson(input): ApiJson<ResetInput>,
) -> Result<Json<Outcome>> {
    let token = input.token.unwrap_or_default();
    let password = input.password.unwrap_or_default();
    let confirm = input.password_confirm.unwrap_or_default();
    if token.trim().is_empty() {
        return Err(AppError::TokenInvalid(messages::RESET_TOKEN_MISSING).into());
    }
    if password.is_empty() || confirm.is_empty() {
        return Err(AppError::BadRequest(messages::RESET_FIELDS_REQUIRED.into()).into());
    }
    if password != confirm {
        return Err(AppError::field("passwordConfirm", messages::PASSWORDS_DIFFER).into());
    }
    if let Some(problem) = password_problem(&password) {
        return Err(AppError::field("password", problem).into());
    }
    if password.len() > 256 {
        return Err(AppError::field("password", messages::TOO_LONG).into());
    }
    // A dead link is told before the (deliberately slow) hashing.
    let refused = |r| token_refused(r, messages::RESET_TOKEN_INVALID);
    accounts::reset_token_usable(&app.db, &token)
        .await?
        .map_err(refused)?;
    let hash = password::hash(password).await?;
    accounts::confirm_reset(&app.db, &token, hash)
        .await?
        .map_err(refused)?;
    Ok(done(messages::PASSWORD_RESET_DONE))
}
