//! Image work (drawing product cards, re-encoding fetched pictures) on one thread of its own
//! (`crate::worker`): one image at a time, in one heap.

use std::sync::LazyLock;

use crate::worker::Worker;

/// Images waiting beyond the one being made (passes make at most a few at once).
const QUEUE: usize = 256;

static IMAGES: LazyLock<Worker> = LazyLock::new(|| Worker::start("images", QUEUE));

/// Runs `work` on the image thread and waits for it without blocking the caller's runtime.
pub async fn run<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    Ok(IMAGES.run(work).await?)
}
