//! A listing's `page` and `per_page` query parameters, read alike by a shop's pages, the
//! dashboard, the API and the explore page.

use domain::limits::listing;
use domain::messages;

use crate::error::Problems;

/// Reads `key` into `page` or `per_page` when it is one of them (1 to the listing's
/// limits), noting a bad value in `p`; any other key is left alone.
pub fn read(key: &str, value: &str, page: &mut u64, per_page: &mut u64, p: &mut Problems) {
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
