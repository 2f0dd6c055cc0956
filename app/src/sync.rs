//! Locking shared in-memory state.

use std::sync::{Mutex, MutexGuard};

/// A panic while holding the lock leaves plain data behind (sets and maps of ids): keep
/// using it instead of failing every later request.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
