//! Login sessions kept in the database, so any server instance can read them. The cookie
//! holds 256 random bits; the table holds only their SHA-256.

use entities::session;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, Set,
};
use sha2::{Digest, Sha256};
use time::{Duration, OffsetDateTime};

use crate::error::Result;

/// A session ends 30 days after the login at the latest…
pub const LIFETIME: Duration = Duration::days(30);
/// …and after two days without a request (`expires_at` is this idle deadline).
pub const IDLE: Duration = Duration::days(2);
/// The idle deadline is moved at most this often, not written at every request.
const EXTEND_EVERY: Duration = Duration::minutes(5);

use crate::token::new_token;

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Opens a new session; the caller sets the returned token as the cookie.
pub async fn create(db: &impl ConnectionTrait, user_id: i64) -> Result<String> {
    let token = new_token();
    let now = OffsetDateTime::now_utc();
    session::ActiveModel {
        id_hash: Set(hash_token(&token)),
        user_id: Set(user_id),
        created_at: Set(now),
        expires_at: Set(now + IDLE),
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// The user a live session belongs to; using it moves its idle deadline.
pub async fn user_id_for(db: &impl ConnectionTrait, token: &str) -> Result<Option<i64>> {
    let now = OffsetDateTime::now_utc();
    let Some(found) = session::Entity::find_by_id(hash_token(token))
        .one(db)
        .await?
        .filter(|s| s.expires_at > now && s.created_at + LIFETIME > now)
    else {
        return Ok(None);
    };
    let deadline = (now + IDLE).min(found.created_at + LIFETIME);
    if deadline - found.expires_at > EXTEND_EVERY {
        session::Entity::update_many()
            .col_expr(session::Column::ExpiresAt, Expr::value(deadline))
            .filter(session::Column::IdHash.eq(&found.id_hash))
            .exec(db)
            .await?;
    }
    Ok(Some(found.user_id))
}

/// Forgets sessions past their deadline; how many.
pub async fn delete_expired(db: &impl ConnectionTrait) -> Result<u64> {
    let now = OffsetDateTime::now_utc();
    let gone = session::Entity::delete_many()
        .filter(
            Condition::any()
                .add(session::Column::ExpiresAt.lte(now))
                .add(session::Column::CreatedAt.lte(now - LIFETIME)),
        )
        .exec(db)
        .await?;
    Ok(gone.rows_affected)
}

pub async fn delete(db: &impl ConnectionTrait, token: &str) -> Result<()> {
    session::Entity::delete_by_id(hash_token(token))
        .exec(db)
        .await?;
    Ok(())
}

/// Ends every session of a user (password reset, account deletion).
pub async fn delete_all_for_user(db: &impl ConnectionTrait, user_id: i64) -> Result<()> {
    session::Entity::delete_many()
        .filter(session::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}
