//! A shop's category and brand pages: `/store/{id}/{slug}/c/{category}` and
//! `/store/{id}/{slug}/b/{brand}`. Each is a listing of its own (title, canonical,
//! pagination) that crawlers reach through real links, so a 20,000-product catalogue is a
//! few clicks deep instead of hundreds of pages of one listing.

use domain::slug::slugify;
use entities::store;
use serde::Serialize;
use ts_rs::TS;

use crate::services::catalogue::Facet;

/// A category or brand of the shop, as linked from its pages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ListingFacet {
    pub name: String,
    /// Unique among the shop's categories (or brands).
    pub slug: String,
    /// Products visitors see under it.
    pub count: u64,
}

/// The section a listing page shows: one category or one brand of the shop.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ListingSection {
    /// `category` or `brand`.
    pub kind: String,
    pub name: String,
    pub slug: String,
    pub count: u64,
}

impl ListingSection {
    pub fn new(facet: Facet, found: &ListingFacet) -> Self {
        Self {
            kind: kind_name(facet).to_owned(),
            name: found.name.clone(),
            slug: found.slug.clone(),
            count: found.count,
        }
    }
}

fn kind_name(facet: Facet) -> &'static str {
    match facet {
        Facet::Category => "category",
        Facet::Brand => "brand",
    }
}

/// The path segment that introduces a section of this kind.
fn segment(facet: Facet) -> &'static str {
    match facet {
        Facet::Category => "c",
        Facet::Brand => "b",
    }
}

/// The facet a path segment (`c`, `b`) names.
pub fn facet_of_segment(segment: &str) -> Option<Facet> {
    match segment {
        "c" => Some(Facet::Category),
        "b" => Some(Facet::Brand),
        _ => None,
    }
}

/// `/store/{id}/{slug}/c/{category}` (or `/b/{brand}`).
pub fn section_path(store: &store::Model, facet: Facet, slug: &str) -> String {
    format!(
        "/store/{}/{}/{}/{slug}",
        store.id,
        store.slug,
        segment(facet)
    )
}

/// The names with a slug each, unique within the list: a second name that folds to the same
/// slug ("Viti/Bulloni", "Viti bulloni") gets `-2`, a third `-3`. The list comes sorted by
/// name, so a name keeps its slug while the others stay.
pub fn slugged(list: &[(String, u64)]) -> Vec<ListingFacet> {
    let mut taken = std::collections::HashSet::new();
    list.iter()
        .filter(|(_, count)| *count > 0)
        .map(|(name, count)| {
            let base = slugify(name);
            let mut slug = base.clone();
            let mut n = 1;
            while !taken.insert(slug.clone()) {
                n += 1;
                slug = format!("{base}-{n}");
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
        let slugs: Vec<_> = slugged(&list).into_iter().map(|f| f.slug).collect();
        assert_eq!(slugs, ["elettricita", "viti-bulloni", "viti-bulloni-2"]);
    }
}
