//! The query parameters every listing reads alike (a shop's pages, the dashboard, the API,
//! the explore page and the search near a place): the pairs, the search text, `page` and
//! `per_page`.

use std::borrow::Cow;

use domain::limits::listing;
use domain::messages;

use crate::error::Problems;

/// The query string's parameters in order, values trimmed.
pub fn pairs(query: Option<&str>) -> impl Iterator<Item = (Cow<'_, str>, String)> {
    url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .map(|(key, value)| (key, value.trim().to_owned()))
}

/// A search (or a category or brand asked for) as kept: its first
/// [`listing::SEARCH`] characters.
pub fn search_text(value: &str) -> String {
    value.chars().take(listing::SEARCH).collect()
}

/// Reads `key` into `page` or `per_page` when it is one of them (1 to the listing's
/// limits), noting a bad value in `p`; any other key is left alone.
pub fn read_paging(key: &str, value: &str, page: &mut u64, per_page: &mut u64, p: &mut Problems) {
    match key {
        "page" => {
            let n = p.number_in("page", value, 1..=listing::PAGE, messages::PAGE_INVALID);
            *page = n.unwrap_or(*page);
        }
        "per_page" => {
            let range = 1..=listing::PER_PAGE;
            let n = p.number_in("per_page", value, range, messages::PER_PAGE_INVALID);
            *per_page = n.unwrap_or(*per_page);
        }
        _ => {}
    }
}
