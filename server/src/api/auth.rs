//! `/api/auth`: login, logout and account deletion (e-mail flows: `accounts`).

use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::http::HeaderMap;
use axum::response::{AppendHeaders, IntoResponse};
use axum::Json;
use domain::messages;
use domain::Email;
use entities::user;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;

use super::extract::ApiJson;
use super::stores::owner_view;
use crate::auth::{cookie, device, password, CurrentUser};
use crate::error::{AppError, Result};
use crate::net::ClientAddr;
use crate::services::rate_limit::{self, Reservation, Reserved};
use crate::services::{sessions, stores};
use crate::views::OwnerStoreView;
use crate::AppState;

/// At most this many failed logins in the window: for an account from clients it does not
/// know, from one address, and from one browser the account logged in from before (its
/// device cookie).
const LOGIN_FAILURES_ALLOWED: u64 = 10;
const LOGIN_WINDOW: Duration = Duration::minutes(3);

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginInput {
    pub email: Option<String>,
    pub password: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct Done {
    pub success: bool,
}

/// Log in with e-mail and password; a new session id is issued every time.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginInput,
    responses((status = 200, body = OwnerStoreView), (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn login(
    State(app): State<AppState>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    ApiJson(input): ApiJson<LoginInput>,
) -> Result<impl IntoResponse> {
    let email = input.email.unwrap_or_default().trim().to_lowercase();
    let password = input.password.unwrap_or_default();
    if email.is_empty() || password.is_empty() {
        return Err(AppError::BadRequest(messages::LOGIN_FIELDS_REQUIRED.into()).into());
    }
    // No account has a malformed address: refused as any wrong login, before any bucket.
    let email = Email::parse(&email).ok_or(AppError::InvalidCredentials)?;
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(email.as_str()))
        .one(&app.db)
        .await?;
    // A browser that logged in to this account before has its own allowance; every other
    // client shares the account's, and each address has its own as well.
    let device = device::read(&app.db, &headers)
        .await?
        .filter(|d| found.as_ref().is_some_and(|u| u.id == d.user_id));
    let buckets = match &device {
        Some(device) => vec![device.bucket()],
        None => vec![
            format!("login:email:{email}"),
            format!("login:ip:{}", client),
        ],
    };
    let reservation = reserve_attempt(&app, &buckets, LOGIN_FAILURES_ALLOWED, LOGIN_WINDOW).await?;

    let stored_hash = found.as_ref().map(|u| u.password_hash.clone());
    let valid = match password::verify(password, stored_hash).await {
        Ok(valid) => valid,
        Err(err) => {
            // Not checked (the server was busy): the attempt does not count.
            rate_limit::refund(&app.db, reservation).await?;
            return Err(err.into());
        }
    };
    let Some(user) = found.filter(|_| valid) else {
        return Err(AppError::InvalidCredentials.into());
    };
    // Only wrong passwords count: this attempt is taken back, and the failures of this
    // account (or of this browser) are forgotten.
    rate_limit::refund(&app.db, reservation).await?;
    rate_limit::clear(&app.db, &buckets[0]).await?;
    // Told only to whoever knows the password, so it reveals nothing about the address.
    if user.email_verified_at.is_none() {
        return Err(AppError::EmailNotVerified(messages::EMAIL_NOT_VERIFIED.into()).into());
    }

    logged_in(&app, &headers, user.id).await
}

/// One password attempt taken from each of `buckets` before the slow check, in one
/// transaction with the limit's check: parallel wrong passwords cannot all pass a count made
/// before any was recorded.
async fn reserve_attempt(
    app: &AppState,
    buckets: &[String],
    allowed: u64,
    window: Duration,
) -> Result<Reservation> {
    let bucket_refs: Vec<&str> = buckets.iter().map(String::as_str).collect();
    match rate_limit::reserve(&app.db, &bucket_refs, allowed, window).await? {
        Reserved::Granted(reservation) => Ok(reservation),
        Reserved::Refused { retry_after } => Err(AppError::TooManyRequests {
            message: messages::TOO_MANY_LOGINS.into(),
            retry_after,
        }
        .into()),
    }
}

/// The reply to a right login: a new session (one from before the login is never reused:
/// it is dropped), the owner's shop, and this browser trusted for the account.
async fn logged_in(app: &AppState, headers: &HeaderMap, user_id: i64) -> Result<impl IntoResponse> {
    if let Some(old) = cookie::read(headers) {
        sessions::delete(&app.db, &old).await?;
    }
    let token = sessions::create(&app.db, user_id).await?;
    let store = stores::find_by_user(&app.db, user_id)
        .await?
        .ok_or_else(|| AppError::not_found(messages::NO_STORE))?;
    let view = owner_view(app, store).await?;
    let [session, hint] = cookie::set(&token, app.config.secure_cookies());
    let trusted = device::issue(&app.db, user_id, app.config.secure_cookies()).await?;
    Ok((
        AppendHeaders([session, hint, trusted].map(|v| (SET_COOKIE, v))),
        Json(view),
    ))
}

/// Log out: the session is deleted on the server and the cookie cleared.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", responses((status = 200, body = Done)))]
pub async fn logout(State(app): State<AppState>, headers: HeaderMap) -> Result<impl IntoResponse> {
    if let Some(token) = cookie::read(&headers) {
        sessions::delete(&app.db, &token).await?;
    }
    Ok((
        AppendHeaders(cookie::clear(app.config.secure_cookies()).map(|v| (SET_COOKIE, v))),
        Json(Done { success: true }),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAccountInput {
    /// The account's password: a session alone (a browser left open) cannot delete it.
    pub password: Option<String>,
}

/// Wrong passwords allowed per account in the window before deletion is refused with 429.
const DELETE_FAILURES_ALLOWED: u64 = 5;
const DELETE_WINDOW: Duration = Duration::minutes(15);

/// Delete the account, confirmed with its password: user, shop, products and sessions
/// are gone. A wrong password answers 422 on `password`.
#[utoipa::path(delete, path = "/api/auth/account", tag = "auth", security(("session" = [])),
    request_body = DeleteAccountInput,
    responses((status = 200, body = Done), (status = 401, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn delete_account(
    State(app): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<DeleteAccountInput>,
) -> Result<impl IntoResponse> {
    let password = input.password.unwrap_or_default();
    if password.is_empty() {
        return Err(AppError::field("password", messages::ACCOUNT_PASSWORD_REQUIRED).into());
    }
    let account = user::Entity::find_by_id(user.user_id)
        .one(&app.db)
        .await?
        .ok_or(AppError::Unauthorized(messages::NOT_LOGGED_IN))?;
    let bucket = format!("account-delete:user:{}", account.id);
    let reservation =
        reserve_attempt(&app, &[bucket], DELETE_FAILURES_ALLOWED, DELETE_WINDOW).await?;
    let valid = password::verify(password, Some(account.password_hash)).await;
    if !matches!(valid, Ok(true)) {
        if valid.is_err() {
            rate_limit::refund(&app.db, reservation).await?;
        }
        valid?;
        return Err(AppError::field("password", messages::ACCOUNT_PASSWORD_WRONG).into());
    }
    stores::delete_account(&app.db, account.id).await?;
    Ok((
        AppendHeaders(cookie::clear(app.config.secure_cookies()).map(|v| (SET_COOKIE, v))),
        Json(Done { success: true }),
    ))
}
