//! One-use tokens sent by e-mail (verification, password reset). The link carries 256
//! random bits; the table keeps only their SHA-256, so a copy of it opens nothing.

use entities::email_token;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use time::{Duration, OffsetDateTime};

use super::sessions::hash_token;
use crate::error::Result;
use crate::token::new_token;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Verify,
    Reset,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Verify => "verify",
            Self::Reset => "reset",
        }
    }

    pub fn lifetime(self) -> Duration {
        match self {
            Self::Verify => Duration::hours(24),
            Self::Reset => Duration::minutes(60),
        }
    }
}

/// A new token for `user_id`. A new reset token voids the older ones: only the newest
/// link in the mailbox works.
pub async fn issue(db: &impl ConnectionTrait, user_id: i64, kind: Kind) -> Result<String> {
    if kind == Kind::Reset {
        void_all(db, user_id, kind).await?;
    }
    let token = new_token();
    let now = OffsetDateTime::now_utc();
    email_token::ActiveModel {
        user_id: Set(user_id),
        kind: Set(kind.as_str().to_owned()),
        token_hash: Set(hash_token(&token)),
        expires_at: Set(now + kind.lifetime()),
        used_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// Why a token cannot be spent: the client tells an expired link from a wrong one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Unknown, of another kind, or already used.
    Invalid,
    /// Right token, unused, but its time ran out.
    Expired,
}

/// Spends a token: the user it belongs to when it is known, of this kind, unused and
/// not expired. The single conditional UPDATE makes a second use (even a concurrent
/// one) find nothing.
pub async fn consume(
    db: &impl ConnectionTrait,
    token: &str,
    kind: Kind,
) -> Result<Result<i64, Refusal>> {
    let now = OffsetDateTime::now_utc();
    let hash = hash_token(token.trim());
    let spent = email_token::Entity::update_many()
        .col_expr(email_token::Column::UsedAt, Expr::value(now))
        .filter(email_token::Column::TokenHash.eq(&hash))
        .filter(email_token::Column::Kind.eq(kind.as_str()))
        .filter(email_token::Column::UsedAt.is_null())
        .filter(email_token::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    if spent.rows_affected != 1 {
        return Ok(Err(refusal(db, &hash, kind).await?));
    }
    let row = email_token::Entity::find()
        .filter(email_token::Column::TokenHash.eq(hash))
        .one(db)
        .await?;
    Ok(row.map(|t| t.user_id).ok_or(Refusal::Invalid))
}

/// Why the token with this hash cannot be spent now.
async fn refusal(db: &impl ConnectionTrait, hash: &str, kind: Kind) -> Result<Refusal> {
    let row = email_token::Entity::find()
        .filter(email_token::Column::TokenHash.eq(hash))
        .filter(email_token::Column::Kind.eq(kind.as_str()))
        .one(db)
        .await?;
    Ok(match row {
        Some(t) if t.used_at.is_none() && t.expires_at <= OffsetDateTime::now_utc() => {
            Refusal::Expired
        }
        _ => Refusal::Invalid,
    })
}

/// Marks every unused token of this kind as used.
pub async fn void_all(db: &impl ConnectionTrait, user_id: i64, kind: Kind) -> Result<()> {
    email_token::Entity::update_many()
        .col_expr(
            email_token::Column::UsedAt,
            Expr::value(OffsetDateTime::now_utc()),
        )
        .filter(email_token::Column::UserId.eq(user_id))
        .filter(email_token::Column::Kind.eq(kind.as_str()))
        .filter(email_token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Whether `token` is known, of this kind, unused and not expired (without spending it),
/// and if not, why.
pub async fn usable(
    db: &impl ConnectionTrait,
    token: &str,
    kind: Kind,
) -> Result<Result<(), Refusal>> {
    let hash = hash_token(token.trim());
    let found = email_token::Entity::find()
        .filter(email_token::Column::TokenHash.eq(&hash))
        .filter(email_token::Column::Kind.eq(kind.as_str()))
        .filter(email_token::Column::UsedAt.is_null())
        .filter(email_token::Column::ExpiresAt.gt(OffsetDateTime::now_utc()))
        .one(db)
        .await?;
    match found {
        Some(_) => Ok(Ok(())),
        None => Ok(Err(refusal(db, &hash, kind).await?)),
    }
}
