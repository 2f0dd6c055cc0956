//! A shop's categories and brands as its pages link them: each with a slug of its own and
//! the number of products visitors see under it.

use domain::Slug;
use serde::Serialize;
use ts_rs::TS;

/// A category or brand of the shop, as linked from its pages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ListingFacet {
    pub name: String,
    /// Unique among the shop's categories (or brands).
    #[ts(type = "string")]
    pub slug: Slug,
    /// Products visitors see under it.
    pub count: u64,
}

/// The names with a slug each, unique within the list: a second name that folds to the same
/// slug ("Viti/Bulloni", "Viti bulloni") gets `-2`, a third `-3`. The list comes sorted by
/// name, so a name keeps its slug while the others stay.
pub fn slugged(list: &[(String, u64)]) -> Vec<ListingFacet> {
    let mut taken = std::collections::HashSet::new();
    list.iter()
        .filter(|(_, count)| *count > 0)
        .map(|(name, count)| {
            let base = Slug::of(name);
            let mut slug = base.clone();
            let mut n = 1;
            while !taken.insert(slug.clone()) {
                n += 1;
                slug = base.numbered(n);
            }
            ListingFacet {
                name: name.clone(),
                slug,
                count: *count,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_fold_alike_get_slugs_of_their_own() {
        let list = [
            ("Elettricità".to_owned(), 3),
            ("Viti bulloni".to_owned(), 2),
            ("Viti/Bulloni".to_owned(), 1),
            ("Vuota".to_owned(), 0),
        ];
        let slugs: Vec<_> = slugged(&list)
            .into_iter()
            .map(|f| f.slug.to_string())
            .collect();
        assert_eq!(slugs, ["elettricita", "viti-bulloni", "viti-bulloni-2"]);
    }
}
