//! Login sessions kept in the database, so any server instance can read them. The cookie
//! holds 256 random bits; the table holds only their SHA-256.

use rand::RngCore;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};
use time::{Duration, OffsetDateTime};

use crate::entities::session;
use crate::error::Result;

pub const LIFETIME: Duration = Duration::days(30);

pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

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
        expires_at: Set(now + LIFETIME),
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// The user a live session belongs to.
pub async fn user_id_for(db: &impl ConnectionTrait, token: &str) -> Result<Option<i64>> {
    let found = session::Entity::find_by_id(hash_token(token))
        .one(db)
        .await?;
    Ok(found
        .filter(|s| s.expires_at > OffsetDateTime::now_utc())
        .map(|s| s.user_id))
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
