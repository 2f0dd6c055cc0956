//! A product listing as a query string asks for it: read and checked once, then served as
//! the JSON of the API and as the props of the shop's pages.

use domain::messages;
use domain::search::SearchQuery;
use domain::ProductStatus;
use entities::store;

use crate::error::Result;
use crate::services::catalogue::{self, ProductFilter, Sort};
use crate::services::match_cache::ShopAt;
use crate::services::query_params;
use crate::state::AppState;
use crate::views::ProductPageView;
use app::error::Problems;

/// Products a page holds when the caller does not say: the shop page's batch (docs/product/limits.md).
pub const DEFAULT_PER_PAGE: u64 = 25;

/// The listing a query string asks for, checked.
#[derive(Debug, Clone)]
pub struct ListingQuery {
    pub filter: ProductFilter,
    pub sort: Sort,
    pub page: u64,
    pub per_page: u64,
    /// The raw search, as typed (echoed back by pages).
    pub search_text: String,
}

impl ListingQuery {
    /// `q`, `category`, `brand`, `stock`, `status`, `sort`, `page`, `per_page`. Unknown parameters
    /// are ignored; a bad value is refused with its field named. `status` and the stock
    /// values that are statuses (`uncertain`, `incorrect`) are the owner's alone.
    pub fn parse(query: Option<&str>, owner: bool, default_per_page: u64) -> Result<Self> {
        let mut p = Problems::default();
        let mut listing = Self {
            filter: ProductFilter::default(),
            sort: Sort::Newest,
            page: 1,
            per_page: default_per_page,
            search_text: String::new(),
        };
        let mut sort_given = false;
        for (key, value) in query_params::pairs(query) {
            let value = value.as_str();
            match key.as_ref() {
                "q" => {
                    listing.search_text = query_params::search_text(value);
                    listing.filter.search = SearchQuery::parse(&listing.search_text);
                }
                "category" => {
                    listing.filter.category = (!value.is_empty() && value != "all")
                        .then(|| query_params::search_text(value));
                }
                "brand" => {
                    listing.filter.brand =
                        (!value.is_empty()).then(|| query_params::search_text(value));
                }
                "stock" => match value {
                    "" | "all" => {}
                    "inStock" => listing.filter.in_stock = Some(true),
                    "outOfStock" => listing.filter.in_stock = Some(false),
                    "uncertain" | "incorrect" if owner => {
                        listing.filter.status = ProductStatus::parse(value)
                    }
                    "uncertain" | "incorrect" => p.add("stock", messages::FILTER_OWNER_ONLY),
                    _ => p.add("stock", messages::FILTER_INVALID),
                },
                "status" => match (value, ProductStatus::parse(value)) {
                    ("" | "all", _) => {}
                    (_, Some(status)) if owner => listing.filter.status = Some(status),
                    (_, Some(_)) => p.add("status", messages::FILTER_OWNER_ONLY),
                    (_, None) => p.add("status", messages::FILTER_INVALID),
                },
                "sort" => match Sort::parse(value) {
                    Some(sort) => {
                        listing.sort = sort;
                        sort_given = true;
                    }
                    None if value.is_empty() => {}
                    None => p.add("sort", messages::SORT_INVALID),
                },
                key => query_params::read_paging(
                    key,
                    value,
                    &mut listing.page,
                    &mut listing.per_page,
                    &mut p,
                ),
            }
        }
        p.into_result()?;
        // A search is ordered by relevance unless the caller chose an order.
        if listing.filter.search.is_some() && !sort_given {
            listing.sort = Sort::Relevance;
        }
        Ok(listing)
    }

    /// The query string that asks for this listing again, parameters in a fixed order,
    /// defaults left out: the cache key of a page, and the base of its links.
    pub fn canonical_query(&self, page: u64) -> String {
        let mut out = url::form_urlencoded::Serializer::new(String::new());
        if !self.search_text.is_empty() {
            out.append_pair("q", &self.search_text);
        }
        if let Some(category) = &self.filter.category {
            out.append_pair("category", category);
        }
        if let Some(brand) = &self.filter.brand {
            out.append_pair("brand", brand);
        }
        match self.filter.in_stock {
            Some(true) => {
                out.append_pair("stock", "inStock");
            }
            Some(false) => {
                out.append_pair("stock", "outOfStock");
            }
            None => {}
        }
        if let Some(status) = self.filter.status {
            out.append_pair("status", status.as_str());
        }
        let default_sort = if self.filter.search.is_some() {
            Sort::Relevance
        } else {
            Sort::Newest
        };
        if self.sort != default_sort {
            out.append_pair("sort", self.sort.name());
        }
        if page > 1 {
            out.append_pair("page", &page.to_string());
        }
        out.finish()
    }
}

/// The page, the shop's categories and, for the owner, the status counts. What depends on
/// the whole shop (its count, categories and status counts) is read once per change of the
/// shop (`StoreRows`), not on every page.
pub async fn listing_view(
    app: &AppState,
    store: &store::Model,
    listing: &ListingQuery,
    owner: bool,
) -> Result<ProductPageView> {
    let rows = &app.store_rows;
    // Visitors see the published products; the owner sees every one.
    let mut filter = listing.filter.clone();
    filter.published_only = !owner && rows.hidden_count(&app.db, store).await? > 0;
    filter.bounded = !owner;
    let known_total = match (listing.filter.is_empty(), owner) {
        (true, true) => Some(rows.product_count(&app.db, store).await?),
        (true, false) => Some(rows.public_count(&app.db, store).await?),
        (false, _) => None,
    };
    let page = catalogue::page(
        &app.db,
        &app.pages.matches,
        ShopAt::of(store),
        &filter,
        listing.sort,
        (listing.page, listing.per_page),
        known_total,
    )
    .await?;
    let categories = if owner {
        rows.categories(&app.db, store).await?
    } else {
        rows.public_categories(&app.db, store).await?
    };
    let statuses = if owner {
        Some(rows.status_counts(&app.db, store).await?)
    } else {
        None
    };
    Ok(ProductPageView::new(
        page,
        &categories,
        statuses.as_deref().map(Vec::as_slice),
    ))
}
