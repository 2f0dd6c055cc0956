//! E-mail verification and password reset: tokens, messages and the account changes
//! they make.

use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait,
};
use std::sync::{Arc, LazyLock};

use time::{Duration, OffsetDateTime};
use tokio::sync::Semaphore;

use super::email_tokens::{self, Kind, Refusal};
use super::{rate_limit, sessions};
use crate::email::{self, MailError, Mailer};
use crate::entities::user;
use crate::error::{AppError, Result};
use crate::messages;
use crate::AppState;

/// Time between two verification e-mails to one address (spec section 9).
pub const RESEND_COOLDOWN: Duration = Duration::seconds(60);

pub fn resend_bucket(email: &str) -> String {
    format!("verify-mail:email:{email}")
}

pub async fn find_user(db: &impl ConnectionTrait, email: &str) -> Result<Option<user::Model>> {
    Ok(user::Entity::find()
        .filter(user::Column::Email.eq(email))
        .one(db)
        .await?)
}

/// Issues a verification token and sends its link. The token (and the account) stay
/// whatever the mail server answers; a sent message starts the resend cooldown.
pub async fn send_verification(
    db: &DatabaseConnection,
    mailer: &Mailer,
    public_base: &str,
    user: &user::Model,
) -> Result<Result<(), MailError>> {
    let token = email_tokens::issue(db, user.id, Kind::Verify).await?;
    let sent = mailer
        .send(email::verification(public_base, &user.email, &token))
        .await;
    if sent.is_ok() {
        rate_limit::record(db, &resend_bucket(&user.email)).await?;
    }
    Ok(sent)
}

/// Spends a verification token; the address is then verified. A refused token says why.
pub async fn verify_email(
    db: &DatabaseConnection,
    token: &str,
) -> Result<std::result::Result<(), Refusal>> {
    let txn = db.begin().await?;
    let user_id = match email_tokens::consume(&txn, token, Kind::Verify).await? {
        Ok(user_id) => user_id,
        Err(refusal) => return Ok(Err(refusal)),
    };
    mark_verified(&txn, user_id).await?;
    txn.commit().await?;
    Ok(Ok(()))
}

async fn mark_verified(db: &impl ConnectionTrait, user_id: i64) -> Result<()> {
    user::Entity::update_many()
        .col_expr(
            user::Column::EmailVerifiedAt,
            Expr::value(OffsetDateTime::now_utc()),
        )
        .filter(user::Column::Id.eq(user_id))
        .filter(user::Column::EmailVerifiedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Sends a reset link when the address has an account; nothing otherwise (the caller
/// answers the same either way).
pub async fn request_reset(
    db: &DatabaseConnection,
    mailer: &Mailer,
    public_base: &str,
    email_address: &str,
) -> Result<Result<(), MailError>> {
    let Some(user) = find_user(db, email_address).await? else {
        return Ok(Ok(()));
    };
    let token = email_tokens::issue(db, user.id, Kind::Reset).await?;
    Ok(mailer
        .send(email::password_reset(public_base, &user.email, &token))
        .await)
}

/// Reset e-mails being sent after their request was answered, at most.
const RESETS_IN_FLIGHT: usize = 32;
static RESET_SLOTS: LazyLock<Arc<Semaphore>> =
    LazyLock::new(|| Arc::new(Semaphore::new(RESETS_IN_FLIGHT)));

/// [`request_reset`] after the reply. Beyond [`RESETS_IN_FLIGHT`] the request is refused
/// (503) before anything about the address is looked up.
pub fn request_reset_in_background(app: &AppState, email_address: String) -> Result<()> {
    let slot = RESET_SLOTS
        .clone()
        .try_acquire_owned()
        .map_err(|_| AppError::Unavailable(messages::MAIL_NOT_SENT.into()))?;
    let app = app.clone();
    tokio::spawn(async move {
        let _slot = slot;
        let sent = request_reset(
            &app.db,
            &app.mailer,
            &app.config.public_base(),
            &email_address,
        )
        .await;
        match sent {
            Ok(Ok(())) => {}
            Ok(Err(err)) => tracing::error!(error = %err, "password reset e-mail not sent"),
            Err(err) => tracing::error!(error = ?err, "password reset not issued"),
        }
    });
    Ok(())
}

/// Spends a reset token and sets the new password hash; a refused token says why.
/// Every session of the user ends and every other reset link dies; the link proved the
/// address, so it counts as verified. Nobody is logged in.
pub async fn confirm_reset(
    db: &DatabaseConnection,
    token: &str,
    password_hash: String,
) -> Result<std::result::Result<(), Refusal>> {
    let txn = db.begin().await?;
    let user_id = match email_tokens::consume(&txn, token, Kind::Reset).await? {
        Ok(user_id) => user_id,
        Err(refusal) => return Ok(Err(refusal)),
    };
    user::Entity::update_many()
        .col_expr(user::Column::PasswordHash, Expr::value(password_hash))
        .filter(user::Column::Id.eq(user_id))
        .exec(&txn)
        .await?;
    mark_verified(&txn, user_id).await?;
    email_tokens::void_all(&txn, user_id, Kind::Reset).await?;
    sessions::delete_all_for_user(&txn, user_id).await?;
    txn.commit().await?;
    Ok(Ok(()))
}

/// Ahead of a slow password hash: whether a reset token could still be spent, and if
/// not, why.
pub async fn reset_token_usable(
    db: &impl ConnectionTrait,
    token: &str,
) -> Result<std::result::Result<(), Refusal>> {
    email_tokens::usable(db, token, Kind::Reset).await
}
