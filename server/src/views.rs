//! The JSON shapes the API returns, shared with the page renderer (see
//! docs/decisions/002-ssr-contract.md). Prices leave as euros with 2 decimals.

use domain::opening_hours::{self, OpeningSlot};
use domain::plan::{Limits, Plan};
use domain::price::italian_thousands;
use domain::special_closures::{self, SpecialClosure};
use domain::{Availability, Price, ProductStatus, Slug};
use entities::{product, store};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::services::geo::Places;
use crate::services::usage::Usage;

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ProductView {
    pub id: i64,
    pub store_id: i64,
    #[schema(value_type = String)]
    #[ts(type = "string")]
    pub slug: Slug,
    pub name: String,
    /// Euros with 2 decimals, e.g. 12.50; null when the shop gives no price.
    #[schema(value_type = Option<f64>)]
    #[ts(type = "number | null")]
    pub price: Option<Box<RawValue>>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub brand: Option<String>,
    pub image_url: Option<String>,
    pub in_stock: bool,
    /// What visitors read: in_stock ("Disponibile"), limited, backorder ("Su ordinazione"),
    /// out_of_stock. `in_stock` is true for the first two.
    pub availability: Availability,
    /// Shown on public pages (always true in what visitors receive); false: the owner keeps
    /// it in the dashboard only.
    pub published: bool,
    pub status: ProductStatus,
    pub sku: Option<String>,
    pub ean: Option<String>,
    /// Its sizes or colours, each with its price, as the price list gave them (none for most).
    pub variants: Vec<import::variants::Variant>,
    pub created: String,
    /// Why the product needs the owner's eye: in the owner's replies only, never public.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub review_note: Option<String>,
    /// The line as the price list had it, when the import tidied or rewrote the name: in
    /// the owner's replies only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub source_name: Option<String>,
    /// The category as the price list had it, when it had one: in the owner's replies only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub source_category: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct StoreView {
    pub id: i64,
    pub name: String,
    #[schema(value_type = String)]
    #[ts(type = "string")]
    pub slug: Slug,
    pub description: String,
    pub partner_group: Option<String>,
    pub logo_img_url: Option<String>,
    pub address: String,
    pub city: String,
    pub postal_code: String,
    pub website_url: Option<String>,
    pub telephone: String,
    pub email: String,
    /// Weekly opening hours (none when the owner has not given them).
    pub opening_hours: Vec<OpeningSlot>,
    /// Days closed outside the weekly hours, today's and later ones, in date order.
    pub special_closures: Vec<SpecialClosure>,
    /// Photos of the shop itself (`/media/products/ph-…-800.jpg`), first shown first.
    pub photos: Vec<String>,
    /// The plan in force (a running trial's plan while it lasts).
    pub plan: Plan,
    pub product_count: u64,
    pub created: String,
    /// Where the shop exactly is, as the owner placed it; null when not given.
    pub position: Option<GeoPoint>,
    /// Where the shop is, for its structured data: the owner's position, else the centre of
    /// its CAP's comune. Shop page only (null elsewhere).
    pub geo: Option<GeoPoint>,
    /// The shop's prices, lowest to highest, as its structured data's `priceRange`
    /// ("1–2.450 €"). Shop page only (null elsewhere).
    pub price_range: Option<String>,
}

/// Latitude and longitude in degrees (also what the owner sends as the shop's position).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct GeoPoint {
    pub lat: f64,
    pub lng: f64,
}

/// The owner's view of their shop: the public fields plus trial, usage and limits.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct OwnerStoreView {
    #[serde(flatten)]
    pub store: StoreView,
    #[serde(flatten)]
    pub account: AccountView,
}

/// What only the owner sees of their shop.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AccountView {
    pub trial_used: bool,
    pub trial_ends_at: Option<String>,
    pub counter_csv_imported: i32,
    pub regenerations_this_month: i32,
    /// Products the AI provider completed after this month's imports; null when the server
    /// has no provider (decision 026).
    pub ai_products_this_month: Option<i32>,
    /// Published products with a price left out of Google's feeds for want of a real
    /// picture.
    pub products_without_picture: u64,
    /// The store code of the shop's Google Business Profile, as the owner gave it.
    pub google_store_code: Option<String>,
    /// "Chiedi disponibilità" requests the owner has not read yet.
    pub unread_inquiries: u64,
    pub limits: Limits,
}

pub fn rfc3339(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}

impl From<product::Model> for ProductView {
    fn from(p: product::Model) -> Self {
        Self {
            id: p.id,
            store_id: p.store_id,
            slug: p.slug,
            name: p.name,
            price: p.price.and_then(Price::json),
            description: p.description,
            category: p.category,
            brand: p.brand,
            image_url: p.image_url,
            in_stock: p.in_stock,
            availability: Availability::of(p.in_stock, p.availability.as_deref()),
            published: p.published,
            status: p.status,
            sku: p.sku,
            ean: p.ean,
            variants: p
                .variants
                .as_deref()
                .and_then(|v| serde_json::from_str(v).ok())
                .unwrap_or_default(),
            created: rfc3339(p.created_at),
            review_note: None,
            source_name: None,
            source_category: None,
        }
    }
}

impl ProductView {
    /// As the shop's owner sees it: with the reason to check it.
    pub fn for_owner(mut p: product::Model) -> Self {
        let review_note = p.review_note.take();
        let source_name = p.source_name.take();
        let source_category = p.source_category.take();
        Self {
            review_note,
            source_name,
            source_category,
            ..Self::from(p)
        }
    }
}

impl StoreView {
    /// What anyone may see of a shop.
    pub fn public(store: store::Model, product_count: u64, now: OffsetDateTime) -> Self {
        let photos = crate::services::store_photos::of_store(&store);
        Self {
            photos,
            plan: store.effective_plan(now),
            id: store.id,
            name: store.name,
            slug: store.slug,
            description: store.description,
            partner_group: store.partner_group,
            // A web address not yet replaced by our copy (older shops) is never sent to a
            // browser: the housekeeping job copies it.
            logo_img_url: store
                .logo_img_url
                .filter(|url| !crate::services::logo_files::is_external(url)),
            address: store.address,
            city: store.city,
            postal_code: store.postal_code,
            website_url: store.website_url,
            telephone: store.telephone,
            email: store.email,
            opening_hours: opening_hours::from_column(store.opening_hours.as_deref()),
            special_closures: special_closures::from_column(
                store.special_closures.as_deref(),
                &crate::analytics::italian_day(
                    jiff::Timestamp::from_second(now.unix_timestamp()).unwrap_or_default(),
                ),
            ),
            product_count,
            created: rfc3339(store.created_at),
            position: store
                .latitude
                .zip(store.longitude)
                .map(|(lat, lng)| GeoPoint { lat, lng }),
            geo: None,
            price_range: None,
        }
    }

    /// The shop page's extras: where the shop is and its price range.
    pub fn placed(mut self, places: &Places, prices: Option<(i64, i64)>) -> Self {
        self.geo = self.position.or_else(|| {
            places
                .locate(&self.postal_code, &self.city)
                .map(|p| GeoPoint {
                    lat: p.lat,
                    lng: p.lng,
                })
        });
        self.price_range = prices.map(|(low, high)| price_range(low, high));
        self
    }

    /// The owner's view: the public one plus trial, usage and limits.
    pub fn owner(
        store: store::Model,
        product_count: u64,
        usage: Usage,
        ai_provider: bool,
        products_without_picture: u64,
        now: OffsetDateTime,
    ) -> OwnerStoreView {
        let plan = store.effective_plan(now);
        let account = AccountView {
            trial_used: store.trial_used,
            trial_ends_at: store.running_trial_end(now).map(rfc3339),
            counter_csv_imported: usage.imports,
            regenerations_this_month: usage.regenerations,
            ai_products_this_month: ai_provider.then_some(usage.ai_products),
            products_without_picture,
            google_store_code: store.google_store_code.clone(),
            unread_inquiries: 0,
            limits: plan.limits(),
        };
        OwnerStoreView {
            store: Self::public(store, product_count, now),
            account,
        }
    }
}

impl ProductView {
    /// For a product card (shop grid, related carousel): cards show no description, and a
    /// page of them stays small (< 150 KB) however long the descriptions are.
    pub fn card(mut self) -> Self {
        self.description = None;
        self
    }
}

/// A product found by the search across shops, with its shop and how far that is.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct NearbyItem {
    /// As on a product card: without its description.
    pub product: ProductView,
    pub store: StoreView,
    /// Whole kilometres from the comune of the CAP asked; null without a CAP, or when the
    /// shop's own CAP is not in the postal data.
    pub distance_km: Option<u32>,
}

/// A page of the search across shops (`GET /api/search`, `/cerca`), 20 a page.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct NearbyResults {
    pub items: Vec<NearbyItem>,
    /// Matching products over all pages: at most 1,000, the results listed.
    pub total: u64,
    /// More products match than `total`: the search lists the first 1,000 it gathers.
    pub capped: bool,
    pub page: u64,
    pub pages: u64,
    /// The comune distances are measured from (the CAP's), if a CAP was given.
    pub comune: Option<String>,
}

impl NearbyResults {
    pub fn of(found: crate::services::nearby::NearbyPage, now: OffsetDateTime) -> Self {
        Self {
            items: found
                .items
                .into_iter()
                .map(|f| NearbyItem {
                    product: ProductView::from(f.product).card(),
                    store: StoreView::public(f.store, f.store_products, now),
                    distance_km: f.distance_km,
                })
                .collect(),
            total: found.total,
            capped: found.capped,
            page: found.page,
            pages: found.pages,
            comune: found.origin.map(|p| p.name),
        }
    }
}

/// One page of a shop's products (`GET /api/stores/{id}/products`).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ProductPageView {
    pub items: Vec<ProductView>,
    /// Products matching the query, over all pages (a visitor's search: at most 1,000, the
    /// best of the first 1,000 matches).
    pub total: u64,
    /// A visitor's search matches more products than `total`.
    pub capped: bool,
    pub page: u64,
    pub per_page: u64,
    pub pages: u64,
    /// The shop's categories and how many products each holds, by name.
    pub categories: Vec<CategoryCount>,
    /// The owner's listing only: products per status.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status_counts: Option<StatusCounts>,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CategoryCount {
    pub name: String,
    pub count: u64,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema, TS)]
pub struct StatusCounts {
    pub normal: u64,
    pub uncertain: u64,
    pub incorrect: u64,
}

impl ProductPageView {
    /// The page's products as cards ([`ProductView::card`]).
    pub fn cards(mut self) -> Self {
        self.items = self.items.into_iter().map(ProductView::card).collect();
        self
    }

    pub fn new(
        page: crate::services::catalogue::ProductPage,
        categories: &[(String, u64)],
        statuses: Option<&[(ProductStatus, u64)]>,
    ) -> Self {
        let status_counts = statuses.map(|list| {
            let mut counts = StatusCounts::default();
            for &(status, n) in list {
                match status {
                    ProductStatus::Normal => counts.normal = n,
                    ProductStatus::Uncertain => counts.uncertain = n,
                    ProductStatus::Incorrect => counts.incorrect = n,
                }
            }
            counts
        });
        Self {
            pages: page.total.div_ceil(page.per_page).max(1),
            items: page
                .items
                .into_iter()
                .map(if statuses.is_some() {
                    ProductView::for_owner
                } else {
                    ProductView::from
                })
                .collect(),
            total: page.total,
            capped: page.capped,
            page: page.page,
            per_page: page.per_page,
            categories: categories
                .iter()
                .map(|(name, count)| CategoryCount {
                    name: name.clone(),
                    count: *count,
                })
                .collect(),
            status_counts,
        }
    }
}

/// "1–2.450 €" from cents: whole euros, rounded down and up.
fn price_range(low: i64, high: i64) -> String {
    let (low, high) = (low / 100, (high + 99) / 100);
    if low == high {
        format!("{} €", italian_thousands(low))
    } else {
        format!("{}–{} €", italian_thousands(low), italian_thousands(high))
    }
}

#[cfg(test)]
mod price_range_tests {
    #[test]
    fn whole_euros_with_italian_thousands() {
        assert_eq!(super::price_range(120, 245_000), "1–2.450 €");
        assert_eq!(super::price_range(99, 1_234_567_801), "0–12.345.679 €");
        assert_eq!(super::price_range(500, 500), "5 €");
    }
}
