//! A product's own fields: what a price list's row, the owner's form or the API's list of
//! products says about it. The one list of them; the stored product
//! (`entities::product::Model`) keeps these beside its ids, status and search terms, and
//! the import's rows, the write path and the demo shop carry them as they are.

use serde::{Deserialize, Serialize};

use crate::{Availability, Price};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductFields {
    pub name: String,
    pub price: Option<Price>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub brand: Option<String>,
    pub image_url: Option<String>,
    /// The file name the price list gave the product's picture ("ABC123.jpg"), without its
    /// folders: a ZIP's picture of that name is the product's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_name: Option<String>,
    pub availability: Availability,
    pub sku: Option<String>,
    pub ean: Option<String>,
    /// Its rows for each size or colour, as the price list gave them (none for most).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<Variant>,
}

/// One variant of a product: what tells it apart, its price and codes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS)]
pub struct Variant {
    /// "Rosso", "Taglia 42 / Nero".
    pub label: String,
    /// Cents, VAT included; none when the file gives none.
    pub price_cents: Option<i64>,
    pub sku: Option<String>,
    pub ean: Option<String>,
    pub in_stock: bool,
}

impl Variant {
    pub fn price(&self) -> Option<Price> {
        self.price_cents.and_then(|c| Price::from_cents(c).ok())
    }
}

impl ProductFields {
    /// The variants as the `variants` column keeps them (none for an empty list).
    pub fn variants_json(&self) -> Option<String> {
        (!self.variants.is_empty())
            .then(|| serde_json::to_string(&self.variants).unwrap_or_default())
    }
}
