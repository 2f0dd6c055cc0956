//! The first matches of a visitor's search in a shop, kept by this instance for the shop's
//! `content_version` (docs/decisions/031-search-on-postgresql-at-scale.md).
//!
//! Visitors search the same few words, typed letter by letter, again and again; reading a
//! broad word's first thousand matches from PostgreSQL's text index costs 7–13 ms of a core
//! (the index builds the word's whole list of rows before the first is read), and a search
//! across 200 shops does it 200 times. Kept here, a repeated search reads only the rows of
//! its page. Every change of a shop's products moves its version (`services::lock_store`), so
//! an entry never outlives them: a search after an edit reads the index again (an edit made
//! on another instance shows once the shop's row is read again, within a second). Bounded to
//! about 24 MB, least used first out.

use std::sync::Arc;

use entities::store;
use quick_cache::sync::Cache;
use quick_cache::Weighter;

use super::catalogue::Match;

/// What is kept, in matches (24 bytes each), an entry's key and bookkeeping counted as
/// [`ENTRY_WEIGHT`] more: about 24 MB. An in-shop search keeps up to a thousand matches, one
/// shop of a search across shops a few, so the entries are expected to be some tens of
/// thousands.
const MAX_WEIGHT: u64 = 1_000_000;
const ENTRY_WEIGHT: u64 = 6;
const EXPECTED_ENTRIES: usize = 50_000;

/// A shop as a search reads it: its id and the `content_version` of its products.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShopAt {
    pub id: i64,
    pub version: i64,
}

impl ShopAt {
    /// The shop as its row stands now.
    pub fn of(store: &store::Model) -> Self {
        Self {
            id: store.id,
            version: store.content_version,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    shop: ShopAt,
    visible_only: bool,
    /// The search's terms, as the index reads them.
    terms: String,
}

/// A shop's first matches in the order the index finds them.
#[derive(Debug, Default)]
pub struct Found {
    pub matches: Vec<Match>,
    /// The index has no more.
    pub complete: bool,
}

impl Found {
    /// Whether the matches up to `end` (exclusive) are all known.
    pub fn covers(&self, end: u64) -> bool {
        self.complete || self.matches.len() as u64 >= end
    }
}

#[derive(Clone)]
struct ByMatches;

impl Weighter<Key, Arc<Found>> for ByMatches {
    fn weight(&self, _key: &Key, found: &Arc<Found>) -> u64 {
        ENTRY_WEIGHT + found.matches.len() as u64
    }
}

pub struct MatchCache(Cache<Key, Arc<Found>, ByMatches>);

impl Default for MatchCache {
    fn default() -> Self {
        Self(Cache::with_weighter(
            EXPECTED_ENTRIES,
            MAX_WEIGHT,
            ByMatches,
        ))
    }
}

impl MatchCache {
    pub fn get(&self, shop: ShopAt, visible_only: bool, terms: &str) -> Option<Arc<Found>> {
        self.0.get(&Key {
            shop,
            visible_only,
            terms: terms.to_owned(),
        })
    }

    pub fn put(&self, shop: ShopAt, visible_only: bool, terms: &str, found: Arc<Found>) {
        let key = Key {
            shop,
            visible_only,
            terms: terms.to_owned(),
        };
        self.0.insert(key, found);
    }

    /// What is kept, all entries together, in matches and [`ENTRY_WEIGHT`]s.
    pub fn kept(&self) -> u64 {
        self.0.weight()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn found(n: usize, complete: bool) -> Arc<Found> {
        let matches = (0..n as i64)
            .map(|id| Match {
                store_id: 1,
                id,
                score: 0.5,
            })
            .collect();
        Arc::new(Found { matches, complete })
    }

    #[test]
    fn an_entry_is_for_one_version_of_the_shop() {
        let cache = MatchCache::default();
        let shop = ShopAt { id: 1, version: 7 };
        cache.put(shop, true, "s#xtrapan:*", found(3, true));
        assert_eq!(
            cache.get(shop, true, "s#xtrapan:*").unwrap().matches.len(),
            3
        );
        let edited = ShopAt { id: 1, version: 8 };
        assert!(cache.get(edited, true, "s#xtrapan:*").is_none());
        assert!(cache.get(shop, false, "s#xtrapan:*").is_none());
        assert!(cache.get(shop, true, "s#xtrapano:*").is_none());
    }

    #[test]
    fn what_is_kept_stays_within_its_bound() {
        let cache = MatchCache::default();
        for id in 0..4_000 {
            let shop = ShopAt { id, version: 1 };
            cache.put(shop, true, "s#xvite:*", found(1_000, false));
        }
        assert!(cache.kept() <= MAX_WEIGHT, "{}", cache.kept());
        assert!(cache.kept() > MAX_WEIGHT / 2, "{}", cache.kept());
    }

    #[test]
    fn matches_are_covered_up_to_what_was_read_or_to_the_end() {
        assert!(found(5, false).covers(5));
        assert!(!found(5, false).covers(6));
        assert!(found(5, true).covers(600));
    }
}
