//! The session cookie: HttpOnly, SameSite=Lax, Secure when the public URL is https.

use axum::http::header::COOKIE;
use axum::http::{HeaderMap, HeaderValue};

pub const NAME: &str = "vetrina_session";

pub fn read(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == NAME)
        .map(|(_, value)| value.to_owned())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

pub fn set(token: &str, secure: bool) -> HeaderValue {
    let max_age = crate::services::sessions::LIFETIME.whole_seconds();
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{NAME}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static(""))
}

pub fn clear(secure: bool) -> HeaderValue {
    let value = if secure {
        "vetrina_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure"
    } else {
        "vetrina_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
    };
    HeaderValue::from_static(value)
}
