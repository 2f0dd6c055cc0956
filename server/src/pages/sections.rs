//! A shop's category and brand pages: `/store/{id}/{slug}/c/{category}` and
//! `/store/{id}/{slug}/b/{brand}`. Each is a listing of its own (title, canonical,
//! pagination) that crawlers reach through real links, so a 20,000-product catalogue is a
//! few clicks deep instead of hundreds of pages of one listing.

use domain::Slug;
use entities::store;
use serde::Serialize;
use ts_rs::TS;

use app::services::catalogue::Facet;
pub use app::services::facets::{slugged, ListingFacet};

/// The section a listing page shows: one category or one brand of the shop.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ListingSection {
    /// `category` or `brand`.
    pub kind: String,
    pub name: String,
    #[ts(type = "string")]
    pub slug: Slug,
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
pub fn section_path(store: &store::Model, facet: Facet, slug: &Slug) -> String {
    format!(
        "/store/{}/{}/{}/{slug}",
        store.id,
        store.slug,
        segment(facet)
    )
}
