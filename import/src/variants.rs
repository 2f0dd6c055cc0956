//! Variants a shop export spells as one row each: WooCommerce's `variation` rows under their
//! `Parent` (the parent's SKU or `id:NN`), Shopify's rows under one `Handle` with their
//! `Option1 Value`…`Option3 Value`. They become one product whose page lists them with
//! their prices, not unrelated products (or rows skipped).

use domain::Price;
pub use domain::Variant;

use super::values::fold_key;

/// Variants of one product kept at most; the rest are left out with a warning.
pub const MAX_VARIANTS: usize = 100;
/// Characters of a variant's label kept.
const MAX_LABEL_CHARS: usize = 80;

/// The columns that make rows variants of another row, found by their headers.
#[derive(Debug, Default, Clone)]
pub struct VariantColumns {
    /// WooCommerce's `Type` (`variable`, `variation`), with `Parent` and `ID`.
    pub kind: Option<usize>,
    pub parent: Option<usize>,
    pub id: Option<usize>,
    /// `Option1 Value`… (Shopify), `Attribute 1 value(s)`… (WooCommerce).
    pub options: Vec<usize>,
}

impl VariantColumns {
    pub fn resolve(headers: &[String]) -> Self {
        let folded: Vec<String> = headers.iter().map(|h| fold_key(h)).collect();
        let at = |name: &str| folded.iter().position(|h| h == name);
        let parent = at("parent");
        let options = folded
            .iter()
            .enumerate()
            .filter(|(_, h)| {
                (h.starts_with("option") && h.ends_with("value"))
                    || (h.starts_with("attribute") && h.contains("value"))
            })
            .map(|(i, _)| i)
            .collect();
        Self {
            // A `Type` column is WooCommerce's only beside a `Parent` one.
            kind: parent.and_then(|_| at("type")),
            parent,
            id: parent.and_then(|_| at("id")),
            options,
        }
    }

    /// The row is a WooCommerce variation: the parent it names (SKU or `id:NN`).
    pub fn parent_of<'a>(&self, cell: impl Fn(Option<usize>) -> &'a str) -> Option<&'a str> {
        let kind = cell(self.kind).to_lowercase();
        let parent = cell(self.parent).trim();
        (kind.split(',').any(|k| k.trim() == "variation") && !parent.is_empty()).then_some(parent)
    }

    /// What tells the row's variant apart: its options' values, joined.
    pub fn label<'a>(&self, cell: impl Fn(Option<usize>) -> &'a str) -> Option<String> {
        let values: Vec<&str> = self
            .options
            .iter()
            .map(|&c| cell(Some(c)).trim())
            .filter(|v| !v.is_empty() && !v.eq_ignore_ascii_case("default title"))
            .collect();
        (!values.is_empty()).then(|| values.join(" / ").chars().take(MAX_LABEL_CHARS).collect())
    }
}

/// A label from the variant's own name when the options say nothing: what follows the
/// parent's name ("Felpa - Rosso, No" under "Felpa" → "Rosso, No").
pub fn label_from_name(name: &str, parent: &str) -> Option<String> {
    let rest = name
        .strip_prefix(parent)?
        .trim_start_matches([' ', '-', '–', ':'])
        .trim();
    (!rest.is_empty()).then(|| rest.chars().take(MAX_LABEL_CHARS).collect())
}

/// The lowest price among the variants (a parent row without its own price shows "from").
pub fn lowest_price(variants: &[Variant]) -> Option<Price> {
    variants.iter().filter_map(Variant::price).min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_and_names_tell_variants_apart() {
        let headers: Vec<String> = [
            "ID",
            "Type",
            "SKU",
            "Name",
            "Parent",
            "Attribute 1 value(s)",
        ]
        .map(String::from)
        .to_vec();
        let cols = VariantColumns::resolve(&headers);
        let row = ["76", "variation", "tee-red", "Tee - Red", "woo-tee", "Red"];
        let cell = |c: Option<usize>| c.map_or("", |c| row[c]);
        assert_eq!(cols.parent_of(cell), Some("woo-tee"));
        assert_eq!(cols.label(cell).as_deref(), Some("Red"));
        assert_eq!(
            label_from_name("Hoodie - Blue, No", "Hoodie").as_deref(),
            Some("Blue, No")
        );
        let shopify: Vec<String> = [
            "Handle",
            "Title",
            "Option1 Name",
            "Option1 Value",
            "Option2 Value",
        ]
        .map(String::from)
        .to_vec();
        let cols = VariantColumns::resolve(&shopify);
        assert_eq!(cols.kind, None, "no Parent column: no WooCommerce type");
        let row = ["shirt", "", "", "Green", "L"];
        let cell = |c: Option<usize>| c.map_or("", |c| row[c]);
        assert_eq!(cols.label(cell).as_deref(), Some("Green / L"));
        let row = ["hat", "Beanie", "Title", "Default Title", ""];
        let cell = |c: Option<usize>| c.map_or("", |c| row[c]);
        assert_eq!(cols.label(cell), None);
    }
}
