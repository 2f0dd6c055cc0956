//! Whether a product can be had, in the trade's words: "Disponibile", "Disponibilità
//! limitata", "Su ordinazione", "Non disponibile". Stored as `products.in_stock` (on the
//! shelf or not: filters and counts read it) plus `products.availability`, which refines it
//! (`limited` on the shelf, `backorder` off it) and is null for the two plain states.

use serde::{Deserialize, Serialize};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum Availability {
    InStock,
    Limited,
    Backorder,
    OutOfStock,
}

impl Availability {
    /// On the shelf: what `products.in_stock` keeps.
    pub fn in_stock(self) -> bool {
        matches!(self, Self::InStock | Self::Limited)
    }

    /// What `products.availability` keeps beside `in_stock`.
    pub fn refinement(self) -> Option<&'static str> {
        match self {
            Self::Limited => Some("limited"),
            Self::Backorder => Some("backorder"),
            Self::InStock | Self::OutOfStock => None,
        }
    }

    /// `in_stock`, `limited`, `backorder` or `out_of_stock` (the API's words).
    pub fn parse(key: &str) -> Option<Self> {
        match key {
            "in_stock" => Some(Self::InStock),
            "limited" => Some(Self::Limited),
            "backorder" => Some(Self::Backorder),
            "out_of_stock" => Some(Self::OutOfStock),
            _ => None,
        }
    }

    /// On the shelf or not, with nothing more said.
    pub fn from_shelf(in_stock: bool) -> Self {
        if in_stock {
            Self::InStock
        } else {
            Self::OutOfStock
        }
    }

    /// From the two columns; a refinement that does not fit `in_stock` is ignored.
    pub fn of(in_stock: bool, refinement: Option<&str>) -> Self {
        match (in_stock, refinement) {
            (true, Some("limited")) => Self::Limited,
            (true, _) => Self::InStock,
            (false, Some("backorder")) => Self::Backorder,
            (false, _) => Self::OutOfStock,
        }
    }

    /// The product's `offers.availability` in schema.org terms.
    pub fn schema_org(self) -> &'static str {
        match self {
            Self::InStock => "https://schema.org/InStock",
            Self::Limited => "https://schema.org/LimitedAvailability",
            Self::Backorder => "https://schema.org/BackOrder",
            Self::OutOfStock => "https://schema.org/OutOfStock",
        }
    }

    /// `availability` in Google's products feed. It has no "limited" (still in stock), and
    /// its `backorder` requires a delivery date the shop does not give: a product to order
    /// is not on the shelf there.
    pub fn merchant(self) -> &'static str {
        match self {
            Self::InStock | Self::Limited => "in_stock",
            Self::Backorder | Self::OutOfStock => "out_of_stock",
        }
    }

    /// `availability` in Google's local-inventory feed, which has the trade's states.
    pub fn local_inventory(self) -> &'static str {
        match self {
            Self::InStock => "in_stock",
            Self::Limited => "limited_availability",
            Self::Backorder => "on_display_to_order",
            Self::OutOfStock => "out_of_stock",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_columns_give_back_every_state() {
        for a in [
            Availability::InStock,
            Availability::Limited,
            Availability::Backorder,
            Availability::OutOfStock,
        ] {
            assert_eq!(Availability::of(a.in_stock(), a.refinement()), a);
        }
        // A refinement that contradicts the shelf is not believed.
        assert_eq!(
            Availability::of(false, Some("limited")),
            Availability::OutOfStock
        );
        assert_eq!(
            Availability::of(true, Some("backorder")),
            Availability::InStock
        );
    }
}
