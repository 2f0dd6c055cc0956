//! Random tokens: sessions, e-mail links, job leases and the names of stored files.

use rand::RngCore;

/// 32 random bytes from the operating system, as 64 hexadecimal characters.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}
