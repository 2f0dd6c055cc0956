/// Why a pool could not start or a render did not produce a page.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SsrError {
    /// The pool could not start: unreadable or failing bundle, missing `vetrinaRender`.
    #[error("server bundle could not be loaded: {0}")]
    Load(String),
    /// The render function threw.
    #[error("server bundle threw: {message}")]
    Js {
        message: String,
        stack: Option<String>,
    },
    /// The render ran past the pool's time limit and was interrupted.
    #[error("render exceeded its time limit")]
    Timeout,
    /// The render ran past the runtime's memory limit.
    #[error("render exceeded its memory limit")]
    OutOfMemory,
    /// The render function returned something other than the agreed JSON.
    #[error("server bundle returned an unexpected value: {0}")]
    BadOutput(String),
    /// Every thread is rendering and the queue is full; the render was not started.
    #[error("render pool is busy: its queue is full")]
    Busy,
    /// No worker is left to take the render.
    #[error("render pool is closed")]
    PoolClosed,
}

impl SsrError {
    /// Errors after which the runtime's heap or interpreter state cannot be trusted.
    pub(crate) fn spoils_engine(&self) -> bool {
        matches!(self, SsrError::Timeout | SsrError::OutOfMemory)
    }
}
