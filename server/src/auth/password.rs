//! argon2id with the RustCrypto defaults (m=19 MiB, t=2, p=1), off the async threads.

use std::sync::LazyLock;

use anyhow::anyhow;
use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;

use crate::error::Result;

pub async fn hash(password: String) -> Result<String> {
    let hashed = tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
    })
    .await
    .map_err(|e| anyhow!("password hashing task failed: {e}"))?
    .map_err(|e| anyhow!("password hashing failed: {e}"))?;
    Ok(hashed)
}

/// A real hash of a random password: checked when the e-mail is unknown, so a login
/// for an unknown address takes as long as one with a wrong password.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(crate::services::sessions::new_token().as_bytes(), &salt)
        .map(|h| h.to_string())
        .unwrap_or_default()
});

/// Checks `password` against `stored`, or against a dummy hash when there is none.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool> {
    let ok = tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.clone());
        let Ok(parsed) = PasswordHash::new(&stored) else {
            return false;
        };
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
            && known
    })
    .await
    .map_err(|e| anyhow!("password check task failed: {e}"))?;
    Ok(ok)
}

/// Builds the dummy hash at start-up rather than on the first unknown login.
pub fn warm_up() {
    LazyLock::force(&DUMMY_HASH);
}
