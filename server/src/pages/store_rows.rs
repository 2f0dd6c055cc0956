//! Shop rows for public requests, reused for up to a second.
//!
//! A cached page still needs its shop's `content_version` to build the cache key; reading
//! it from the database on every hit would cost more than serving the page. Rows are kept
//! for `TTL`, and every successful write through this instance's API forgets them all, so
//! an owner's edit shows at the next request here; a change made by another instance or by
//! the command line shows within `TTL`.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use sea_orm::{DatabaseConnection, EntityTrait};

use crate::entities::store;
use crate::error::Result;

const TTL: Duration = Duration::from_secs(1);
/// Past this many shops the map starts again, so memory stays bounded.
const MAX_ROWS: usize = 50_000;

#[derive(Default)]
pub struct StoreRows {
    rows: RwLock<HashMap<i64, (Instant, Arc<store::Model>)>>,
}

impl StoreRows {
    /// The shop with this id, from memory when read less than `TTL` ago.
    pub async fn find(
        &self,
        db: &DatabaseConnection,
        id: i64,
    ) -> Result<Option<Arc<store::Model>>> {
        if let Some((at, row)) = self
            .rows
            .read()
            .ok()
            .and_then(|rows| rows.get(&id).cloned())
        {
            if at.elapsed() < TTL {
                return Ok(Some(row));
            }
        }
        let Some(row) = store::Entity::find_by_id(id).one(db).await? else {
            return Ok(None);
        };
        let row = Arc::new(row);
        if let Ok(mut rows) = self.rows.write() {
            if rows.len() >= MAX_ROWS {
                rows.clear();
            }
            rows.insert(id, (Instant::now(), row.clone()));
        }
        Ok(Some(row))
    }

    pub fn forget_all(&self) {
        if let Ok(mut rows) = self.rows.write() {
            rows.clear();
        }
    }
}
