//! Device cookies, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies".
//!
//! A browser that logs in to an account gets a cookie naming that account and a random id
//! of the browser, signed with a key only the server knows. At the next login for that
//! account its wrong passwords count against that browser alone, not against the
//! allowance that every other client of the account shares: guesses from elsewhere can
//! lock the account out for unknown clients, but not for its owner's own browser.
//!
//! The key (HMAC-SHA256, 256 bits) is made on first use and kept in the database
//! (`server_secrets`), so every instance checks with the same one and nothing has to be
//! configured. The cookie travels only to the login route.

use axum::http::header::COOKIE;
use axum::http::{HeaderMap, HeaderValue};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sea_orm::sea_query::{Alias, Expr, OnConflict, Query};
use sea_orm::ConnectionTrait;
use sha2::Sha256;
use time::{Duration, OffsetDateTime};

use crate::error::Result;

pub const NAME: &str = "vetrina_device";
/// Where the browser sends it: the login, nowhere else.
const PATH: &str = "/api/auth/login";
const LIFETIME: Duration = Duration::days(365);
const KEY_NAME: &str = "device_cookie_key";

/// A device cookie whose signature is the server's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Device {
    /// The account this browser logged in to.
    pub user_id: i64,
    /// The browser's random id (32 hex digits).
    id: String,
}

impl Device {
    /// The rate-limit bucket of this browser's attempts.
    pub fn bucket(&self) -> String {
        format!("login:device:{}", self.id)
    }
}

/// The request's device cookie, when it is well formed and signed with our key.
pub async fn read(db: &impl ConnectionTrait, headers: &HeaderMap) -> Result<Option<Device>> {
    let Some((user_id, id, signature)) = cookie_parts(headers) else {
        return Ok(None);
    };
    let key = key(db).await?;
    let Ok(signature) = hex::decode(&signature) else {
        return Ok(None);
    };
    if mac(&key, user_id, &id).verify_slice(&signature).is_err() {
        return Ok(None);
    }
    Ok(Some(Device { user_id, id }))
}

/// A new device cookie for a browser that has just logged in to `user_id`.
pub async fn issue(db: &impl ConnectionTrait, user_id: i64, secure: bool) -> Result<HeaderValue> {
    let key = key(db).await?;
    let mut id = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut id);
    let id = hex::encode(id);
    let signature = hex::encode(mac(&key, user_id, &id).finalize().into_bytes());
    let secure = if secure { "; Secure" } else { "" };
    let value = format!(
        "{NAME}={user_id}.{id}.{signature}; Path={PATH}; HttpOnly; SameSite=Strict; Max-Age={}{secure}",
        LIFETIME.whole_seconds()
    );
    HeaderValue::from_str(&value)
        .map_err(|e| anyhow::anyhow!("device cookie not a header value: {e}").into())
}

/// `user_id.id.signature` from the `Cookie` header, shapes checked.
fn cookie_parts(headers: &HeaderMap) -> Option<(i64, String, String)> {
    let value = headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == NAME)
        .map(|(_, value)| value)?;
    let mut parts = value.split('.');
    let (user, id, signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let hex = |s: &str, len: usize| s.len() == len && s.bytes().all(|b| b.is_ascii_hexdigit());
    if !hex(id, 32) || !hex(signature, 64) {
        return None;
    }
    Some((user.parse().ok()?, id.to_owned(), signature.to_owned()))
}

fn mac(key: &[u8], user_id: i64, id: &str) -> Hmac<Sha256> {
    // A key of any length is accepted by HMAC; ours is always 32 bytes.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key)
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(format!("vetrina-device-v1:{user_id}:{id}").as_bytes());
    mac
}

/// The signing key, made on first use. Two instances making it at once both end up with
/// the one that reached the table first.
async fn key(db: &impl ConnectionTrait) -> Result<Vec<u8>> {
    if let Some(key) = stored_key(db).await? {
        return Ok(key);
    }
    let mut fresh = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut fresh);
    let insert = Query::insert()
        .into_table(Alias::new("server_secrets"))
        .columns([
            Alias::new("name"),
            Alias::new("value"),
            Alias::new("created_at"),
        ])
        .values([
            KEY_NAME.into(),
            hex::encode(fresh).into(),
            OffsetDateTime::now_utc().into(),
        ])
        .map_err(|e| anyhow::anyhow!("server secret insert: {e}"))?
        .on_conflict(
            OnConflict::column(Alias::new("name"))
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    db.execute(db.get_database_backend().build(&insert)).await?;
    stored_key(db)
        .await?
        .ok_or_else(|| anyhow::anyhow!("device cookie key missing after it was stored").into())
}

async fn stored_key(db: &impl ConnectionTrait) -> Result<Option<Vec<u8>>> {
    let select = Query::select()
        .column(Alias::new("value"))
        .from(Alias::new("server_secrets"))
        .and_where(Expr::col(Alias::new("name")).eq(KEY_NAME))
        .to_owned();
    let Some(row) = db
        .query_one(db.get_database_backend().build(&select))
        .await?
    else {
        return Ok(None);
    };
    let value: String = row.try_get("", "value")?;
    let key = hex::decode(value).map_err(|e| anyhow::anyhow!("device cookie key not hex: {e}"))?;
    Ok(Some(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(cookie: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(COOKIE, HeaderValue::from_str(cookie).expect("header"));
        h
    }

    #[test]
    fn only_well_formed_cookies_are_read() {
        let id = "0123456789abcdef0123456789abcdef";
        let sig = "a".repeat(64);
        let good = format!("vetrina_session=x; {NAME}=7.{id}.{sig}");
        assert_eq!(
            cookie_parts(&headers(&good)),
            Some((7, id.to_owned(), sig.clone()))
        );
        for bad in [
            format!("{NAME}=7.{id}"),
            format!("{NAME}=x.{id}.{sig}"),
            format!("{NAME}=7.{id}.{sig}.9"),
            format!("{NAME}=7.{}.{sig}", &id[1..]),
            format!("{NAME}=7.{id}.{}", "z".repeat(64)),
        ] {
            assert_eq!(cookie_parts(&headers(&bad)), None, "{bad}");
        }
    }

    #[test]
    fn the_signature_binds_the_account_and_the_browser() {
        let key = [7u8; 32];
        let id = "0123456789abcdef0123456789abcdef";
        let tag = mac(&key, 7, id).finalize().into_bytes();
        assert!(mac(&key, 7, id).verify_slice(&tag).is_ok());
        assert!(mac(&key, 8, id).verify_slice(&tag).is_err());
        assert!(mac(&key, 7, &id.replace('0', "1"))
            .verify_slice(&tag)
            .is_err());
        assert!(mac(&[8u8; 32], 7, id).verify_slice(&tag).is_err());
    }
}
