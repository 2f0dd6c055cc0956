//! Product import, server side (docs/decisions/006-import-api.md): a processed file is
//! kept in the database for its shop until it is imported, replaced or 60 minutes old
//! (`kept`); a run in progress can be cancelled; the import writes every row in one
//! transaction.

pub mod kept;
mod pipeline;
mod runs;
pub mod saved;
mod write;

pub use crate::services::allowance::{Allowance, AllowanceView};
pub use pipeline::{
    process, ExistingCodes, ImportItem, ProcessError, ProcessOptions, Processed, Statistics, Upload,
};
pub use runs::{CancelFlag, Run, Runs};
pub use write::{existing_codes, import, sync, Beyond, ByName, Synced, Written};

/// Reading and processing price lists, one file at a time on a thread of its own
/// (`crate::worker`: one heap reused, not one left behind per blocking thread); a few more
/// wait, beyond that the request is told to retry.
pub static WORKER: std::sync::LazyLock<crate::worker::Worker> =
    std::sync::LazyLock::new(|| crate::worker::Worker::start("imports", 8));

/// The worker's refusal as the owner reads it: a full queue is a 503 to retry in a moment,
/// anything else is ours.
pub fn worker_error(err: crate::worker::WorkerError) -> crate::error::AppError {
    match err {
        crate::worker::WorkerError::Busy => {
            crate::error::AppError::Unavailable(domain::messages::IMPORT_BUSY.into())
        }
        other => crate::error::AppError::Internal(other.into()),
    }
}

/// The largest file accepted by analyze and process.
pub const MAX_FILE_BYTES: usize = 50 * 1024 * 1024;
