//! E-mail verification and password reset: tokens, messages and the account changes
//! they make.

use std::sync::{Arc, LazyLock};

use domain::messages;
use domain::Email;
use entities::user;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait,
};
use sha2::{Digest, Sha256};
use time::{Duration, OffsetDateTime};
use tokio::sync::Semaphore;

use super::email_tokens::{self, Kind, Refusal};
use super::{rate_limit, sessions};
use crate::email::{self, MailError, Mailer};
use crate::error::{AppError, Result};
use crate::App;

/// Time between two verification e-mails to one address (docs/product/limits.md).
pub const RESEND_COOLDOWN: Duration = Duration::seconds(60);

/// The resend cooldown's rate bucket of an address, which may have no account: the
/// address is kept hashed.
pub fn resend_bucket(email: &str) -> String {
    format!(
        "verify-mail:email:{}",
        hex::encode(Sha256::digest(email.as_bytes()))
    )
}

pub async fn find_user(db: &impl ConnectionTrait, email: &Email) -> Result<Option<user::Model>> {
    Ok(user::Entity::find()
        .filter(user::Column::Email.eq(email.as_str()))
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
    let sent = issue_verification(db, mailer, public_base, user).await?;
    if sent.is_ok() {
        rate_limit::record(db, &resend_bucket(&user.email)).await?;
    }
    Ok(sent)
}

async fn issue_verification(
    db: &DatabaseConnection,
    mailer: &Mailer,
    public_base: &str,
    user: &user::Model,
) -> Result<Result<(), MailError>> {
    let token = email_tokens::issue(db, user.id, Kind::Verify).await?;
    Ok(mailer
        .send(email::verification(public_base, &user.email, &token))
        .await)
}

/// Sends a new verification link when the address has an account still to confirm;
/// nothing otherwise (the caller answers the same either way, and has already started
/// the address's cooldown).
pub async fn resend_verification(
    db: &DatabaseConnection,
    mailer: &Mailer,
    public_base: &str,
    email_address: &Email,
) -> Result<Result<(), MailError>> {
    match find_user(db, email_address).await? {
        Some(user) if user.email_verified_at.is_none() => {
            issue_verification(db, mailer, public_base, &user).await
        }
        _ => Ok(Ok(())),
    }
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
    email_address: &Email,
) -> Result<Result<(), MailError>> {
    let Some(user) = find_user(db, email_address).await? else {
        return Ok(Ok(()));
    };
    let token = email_tokens::issue(db, user.id, Kind::Reset).await?;
    Ok(mailer
        .send(email::password_reset(public_base, &user.email, &token))
        .await)
}

/// E-mails an anonymous request asked for (a reset link, a new verification link): sent
/// after the reply, so that neither the reply nor its time tells whether the address has
/// an account.
#[derive(Debug, Clone, Copy)]
pub enum AskedMail {
    PasswordReset,
    Verification,
}

/// Asked-for e-mails being sent after their request was answered, at most.
const MAILS_IN_FLIGHT: usize = 32;
static MAIL_SLOTS: LazyLock<Arc<Semaphore>> =
    LazyLock::new(|| Arc::new(Semaphore::new(MAILS_IN_FLIGHT)));

/// [`request_reset`] or [`resend_verification`] after the reply. Beyond
/// [`MAILS_IN_FLIGHT`] the request is refused (503) before anything about the address is
/// looked up.
pub fn send_after_reply(app: &App, mail: AskedMail, email_address: Email) -> Result<()> {
    let slot = MAIL_SLOTS
        .clone()
        .try_acquire_owned()
        .map_err(|_| AppError::Unavailable(messages::MAIL_NOT_SENT.into()))?;
    let app = app.clone();
    tokio::spawn(async move {
        let _slot = slot;
        let (db, mailer, base) = (&app.db, &app.mailer, app.config.public_base());
        let sent = match mail {
            AskedMail::PasswordReset => request_reset(db, mailer, &base, &email_address).await,
            AskedMail::Verification => resend_verification(db, mailer, &base, &email_address).await,
        };
        match sent {
            Ok(Ok(())) => {}
            Ok(Err(err)) => tracing::error!(error = %err, ?mail, "asked-for e-mail not sent"),
            Err(err) => tracing::error!(error = ?err, ?mail, "asked-for e-mail not issued"),
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
