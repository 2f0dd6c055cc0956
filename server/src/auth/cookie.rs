//! The session cookie: HttpOnly, SameSite=Lax, Secure when the public URL is https.
//!
//! Beside it goes a hint the browser's script may read, `vetrina_owner=1`: it holds no secret
//! and grants nothing. Public pages are rendered and cached as anonymous; after hydration
//! the hint tells them that asking for the current shop is worth a request, so visitors
//! without it make none.

use axum::http::header::COOKIE;
use axum::http::{HeaderMap, HeaderValue};

pub const NAME: &str = "vetrina_session";
pub const HINT: &str = "vetrina_owner";

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

/// The session cookie and its hint, with the session's lifetime.
pub fn set(token: &str, secure: bool) -> [HeaderValue; 2] {
    let max_age = crate::services::sessions::LIFETIME.whole_seconds();
    let secure = if secure { "; Secure" } else { "" };
    let attributes = format!("Path=/; SameSite=Lax; Max-Age={max_age}{secure}");
    [
        format!("{NAME}={token}; HttpOnly; {attributes}"),
        format!("{HINT}=1; {attributes}"),
    ]
    .map(|v| HeaderValue::from_str(&v).unwrap_or_else(|_| HeaderValue::from_static("")))
}

/// Both cookies removed.
pub fn clear(secure: bool) -> [HeaderValue; 2] {
    if secure {
        [
            HeaderValue::from_static(
                "vetrina_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
            ),
            HeaderValue::from_static("vetrina_owner=; Path=/; SameSite=Lax; Max-Age=0; Secure"),
        ]
    } else {
        [
            HeaderValue::from_static("vetrina_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"),
            HeaderValue::from_static("vetrina_owner=; Path=/; SameSite=Lax; Max-Age=0"),
        ]
    }
}
