//! The props a page is rendered with (docs/decisions/002-ssr-contract.md): one typed shape
//! for every route, serialised into the render and the document's `__DATA__`, and exported
//! to TypeScript (`frontend/src/generated/PageProps.ts`) so both sides read the same
//! fields. Each route's constructor sets the fields that route gets.

use serde::Serialize;
use ts_rs::TS;

use super::sections::{ListingFacet, ListingSection};
use crate::views::{NearbyResults, ProductPageView, ProductView, StoreView};

/// What every page gets.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Site {
    /// The site's public URL, without a trailing slash: absolute URLs in the head are
    /// built from it, never from a request header.
    pub public_url: String,
    /// Who runs the site (`--operator-*`): the legal pages and the footer name them.
    pub operator: crate::config::Operator,
}

/// A fact of a product line: "peso", "25 kg".
#[derive(Debug, Clone, Serialize, TS)]
pub struct ProductAttribute {
    pub label: String,
    pub value: String,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageProps {
    pub site: Site,
    /// Shop and product pages.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub store: Option<StoreView>,
    /// Product page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub product: Option<ProductView>,
    /// Product page: up to 15 products of the same brand and shop, not this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub related: Option<Vec<ProductView>>,
    /// Product page: the owner's photos of the product, its picture first (none without).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub photos: Option<Vec<String>>,
    /// Product page: its category's and brand's pages, and its neighbours in the category.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub links: Option<ProductLinks>,
    /// Product page: the facts its line states (sizes, weights, packs…), as a table.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub attributes: Option<Vec<ProductAttribute>>,
    /// Shop page: the page of products the URL asks for, and what it asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub listing: Option<StoreListing>,
    /// Explore page: the page of shops the URL asks for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub stores: Option<Vec<StoreView>>,
    /// Explore page: what the URL asked for and how many pages there are.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub explore: Option<ExploreListing>,
    /// `/cerca`: the search across shops and its page of results.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub nearby: Option<NearbyListing>,
    /// Landing page: the demo shop and a few of its products, shown in the hero.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub showcase: Option<Showcase>,
    /// Shop or product route whose shop or product does not exist (status 404).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub not_found: Option<bool>,
    /// The page's data could not be read (database down): the page shows its error state
    /// and the server answers 503 (docs/decisions/012-public-page-errors.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub load_error: Option<bool>,
    /// Owner pages: the client renders from scratch (no hydration).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub client_only: Option<bool>,
    /// Owner pages: whether the request carried a session cookie. When false the client
    /// does not ask for the current shop (an anonymous visitor is not an expired session).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub has_session: Option<bool>,
}

/// The explore page's listing (`/explore?q=&sort=&page=`), 12 shops a page.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExploreListing {
    /// The search as typed ("" for none).
    pub q: String,
    pub sort: String,
    pub page: u64,
    pub pages: u64,
    /// Shops matching the search, over all pages.
    pub total: u64,
    /// This page's path and query, as its canonical link says it.
    pub canonical: String,
    /// A search or a chosen order: shown, followed, not indexed.
    pub noindex: bool,
}

/// The shop page's products: one page of the shop's listing (or of one of its categories or
/// brands) for the URL's query (`?q=&sort=&page=`), as `GET /api/stores/{id}/products`
/// would answer it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StoreListing {
    /// The search as typed ("" for none).
    pub q: String,
    /// The category shown ("all" for none).
    pub category: String,
    /// The brand shown ("" for none).
    pub brand: String,
    /// The sort named in the URL, or the default (newest; relevance for a search).
    pub sort: String,
    /// The listing's path without its query: the shop's, or its category's or brand's.
    pub path: String,
    /// This page's path and query, as its canonical link says it.
    pub canonical: String,
    /// A search or a chosen order: shown, followed, not indexed.
    pub noindex: bool,
    /// The category or brand page this is; none for the shop page.
    pub section: Option<ListingSection>,
    /// The categories and brands visitors see, each a page of its own.
    pub categories: Vec<ListingFacet>,
    pub brands: Vec<ListingFacet>,
    pub result: ProductPageView,
}

/// Where a product page leads within its shop: what a visitor (and a crawler) follows to
/// the rest of the catalogue.
#[derive(Debug, Clone, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductLinks {
    /// The page of the product's category, when visitors see one.
    pub category_path: Option<String>,
    /// The page of the product's brand.
    pub brand_path: Option<String>,
    /// Products just before and after it in its category (as cards).
    pub siblings: Vec<ProductView>,
}

/// The landing page's window on the demo shop.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Showcase {
    pub store: StoreView,
    /// As product cards (without descriptions).
    pub products: Vec<ProductView>,
}

/// `/cerca?q=&cap=&page=`: what was asked and, for a search, its page of results.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NearbyListing {
    /// The search as typed ("" for none).
    pub q: String,
    /// The CAP as typed ("" for none).
    pub cap: String,
    /// Why the CAP was not used (not 5 digits, or no comune has it); the results are then
    /// ordered by relevance alone.
    pub cap_error: Option<String>,
    /// This page's path and query.
    pub canonical: String,
    /// None until something is searched.
    pub results: Option<NearbyResults>,
}

impl PageProps {
    /// Landing, pricing, contacts, FAQ, privacy, cookie and the site's 404.
    pub fn plain(site: Site) -> Self {
        Self {
            site,
            store: None,
            product: None,
            related: None,
            photos: None,
            links: None,
            attributes: None,
            listing: None,
            stores: None,
            explore: None,
            nearby: None,
            showcase: None,
            not_found: None,
            load_error: None,
            client_only: None,
            has_session: None,
        }
    }

    pub fn landing(site: Site, showcase: Option<Showcase>) -> Self {
        Self {
            showcase,
            ..Self::plain(site)
        }
    }

    pub fn explore(site: Site, stores: Vec<StoreView>, listing: ExploreListing) -> Self {
        Self {
            stores: Some(stores),
            explore: Some(listing),
            ..Self::plain(site)
        }
    }

    pub fn nearby(site: Site, listing: NearbyListing) -> Self {
        Self {
            nearby: Some(listing),
            ..Self::plain(site)
        }
    }

    pub fn store(site: Site, store: StoreView, listing: StoreListing) -> Self {
        Self {
            store: Some(store),
            listing: Some(listing),
            ..Self::plain(site)
        }
    }

    pub fn product(
        site: Site,
        store: StoreView,
        product: ProductView,
        related: Vec<ProductView>,
        photos: Vec<String>,
        links: ProductLinks,
    ) -> Self {
        let attributes = ai::builtin::attributes(&product.name)
            .into_iter()
            .map(|(label, value)| ProductAttribute {
                label: label.to_owned(),
                value,
            })
            .collect();
        Self {
            store: Some(store),
            product: Some(product),
            related: Some(related),
            photos: Some(photos),
            links: Some(links),
            attributes: Some(attributes),
            ..Self::plain(site)
        }
    }

    /// A shop or product route whose shop or product does not exist.
    /// A shop's category or brand page for a category or brand it does not have.
    pub fn section_not_found(site: Site, store: StoreView) -> Self {
        Self {
            store: Some(store),
            not_found: Some(true),
            ..Self::plain(site)
        }
    }

    pub fn not_found(site: Site) -> Self {
        Self {
            not_found: Some(true),
            ..Self::plain(site)
        }
    }

    /// Any public route whose data could not be read.
    pub fn load_error(site: Site) -> Self {
        Self {
            load_error: Some(true),
            ..Self::plain(site)
        }
    }

    /// The owner pages' shell.
    pub fn owner(site: Site, has_session: bool) -> Self {
        Self {
            client_only: Some(true),
            has_session: Some(has_session),
            ..Self::plain(site)
        }
    }
}
