//! Automatic header → product field mapping.
//! JSON shape (spec section 3 keys plus sku/ean and two fallbacks):
//! `{"name":"Descrizione articolo","price":"Prezzo","price_fallback":"Regular price",...}`.

use serde::{Deserialize, Deserializer, Serialize};

use super::values::fold_key;
use super::ImportError;

/// Spec keys (and `sku`, `ean`, the fallbacks) to header names of the file.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS,
)]
#[ts(optional_fields)]
pub struct Mapping {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub name: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub price: Option<String>,
    /// Used when `price` is empty on a row (WooCommerce: Sale price → Regular price).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub price_fallback: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub brand: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub description: Option<String>,
    /// Used when `description` is empty on a row (Woo: Description → Short description).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub description_fallback: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub image_url: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub category: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub available: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub sku: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub ean: Option<String>,
}

/// The wizard sends "" (or null) for an unmapped field.
fn non_empty<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v: Option<String> = Option::deserialize(d)?;
    Ok(v.filter(|s| !s.trim().is_empty()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Price,
    PriceFallback,
    Brand,
    Description,
    DescriptionFallback,
    ImageUrl,
    Category,
    Available,
    Sku,
    Ean,
}

/// Known header spellings, already folded (lowercase, no accents, punctuation
/// as spaces). Earlier entries win when a file has several candidates for one
/// field, so each list is in order of preference.
const SYNONYMS: &[(Field, &[&str])] = &[
    (
        Field::Name,
        &[
            "name",
            "nome",
            "nome prodotto",
            "nome articolo",
            "product name",
            "title",
            "titolo",
            "descrizione breve articolo",
            "descrizione articolo",
            "denominazione",
            "prodotto",
            "product",
            "item name",
            "des articolo",
            "desc articolo",
        ],
    ),
    (
        Field::Price,
        &[
            "sale price",
            "price",
            "prezzo",
            "prezzo al pubblico",
            "prezzo iva inclusa",
            "prezzo ivato",
            "prezzo vendita",
            "prezzo di vendita",
            "prezzo unitario",
            "prezzo listino",
            "listino",
            "variant price",
            "prezzo euro",
            "prezzo eur",
            "costo",
            "importo",
            "regular price",
            "pvp",
        ],
    ),
    (Field::PriceFallback, &["regular price"]),
    (
        Field::Brand,
        &[
            "brand",
            "marca",
            "marchio",
            "produttore",
            "vendor",
            "fornitore",
            "manufacturer",
            "brands",
        ],
    ),
    (
        Field::Description,
        &[
            "description",
            "descrizione",
            "descrizione estesa",
            "descrizione lunga",
            "body html",
            "body",
            "dettagli",
            "short description",
            "descrizione breve",
        ],
    ),
    (
        Field::DescriptionFallback,
        &["short description", "descrizione breve"],
    ),
    (
        Field::ImageUrl,
        &[
            "image url",
            "image",
            "url dell immagine",
            "url immagine",
            "immagine",
            "immagini",
            "foto",
            "image src",
            "images",
            "variant image",
            "picture",
            "img",
            "link immagine",
        ],
    ),
    (
        Field::Category,
        &[
            "category",
            "categoria",
            "categorie",
            "categories",
            "product category",
            "type",
            "tipologia",
            "reparto",
            "famiglia",
            "gruppo merceologico",
            "settore",
        ],
    ),
    (
        Field::Available,
        &[
            "available",
            "disponibile",
            "disponibilita",
            "in stock",
            "in stock?",
            "instock",
            "stock status",
            "giacenza",
            "stock",
            "quantita",
            "qta",
            "qty",
            "variant inventory qty",
            "magazzino",
            "esistenza",
            "scorta",
        ],
    ),
    (
        Field::Sku,
        &[
            "sku",
            "codice",
            "codice articolo",
            "cod articolo",
            "cod art",
            "codice prodotto",
            "variant sku",
            "riferimento",
            "rif",
            "codice interno",
            "cod",
            "part number",
            "mpn",
            "articolo",
        ],
    ),
    (
        Field::Ean,
        &[
            "ean",
            "ean13",
            "ean 13",
            "codice ean",
            "barcode",
            "codice a barre",
            "variant barcode",
            "gtin",
            "gtin13",
            "upc",
        ],
    ),
];

/// Propose a mapping from the file's headers. Exact (folded) matches first,
/// in synonym order; each column is used at most once, except that a fallback
/// field may not reuse its main field's column.
pub fn propose_mapping(headers: &[String]) -> Mapping {
    let folded: Vec<String> = headers.iter().map(|h| fold_key(h)).collect();
    let mut used = vec![false; headers.len()];
    let mut m = Mapping::default();
    for (field, names) in SYNONYMS {
        let mut pick = None;
        'names: for n in names.iter() {
            // "in stock?" folds to "in stock": compare folded forms on both sides.
            let n = fold_key(n);
            for (i, h) in folded.iter().enumerate() {
                if !used[i] && *h == n {
                    pick = Some(i);
                    break 'names;
                }
            }
        }
        if let Some(i) = pick {
            used[i] = true;
            set(&mut m, *field, headers[i].clone());
        }
    }
    // Loose pass for fields still unmapped: header starts with a known name
    // ("Prezzo al pubblico (€)", "Codice EAN13 prodotto").
    for (field, names) in SYNONYMS {
        if get(&m, *field).is_some()
            || matches!(field, Field::PriceFallback | Field::DescriptionFallback)
        {
            continue;
        }
        let pick = names.iter().find_map(|n| {
            let n = fold_key(n);
            if n.len() < 3 {
                return None;
            }
            folded
                .iter()
                .enumerate()
                .find_map(|(i, h)| (!used[i] && (h.starts_with(&format!("{n} ")))).then_some(i))
        });
        if let Some(i) = pick {
            used[i] = true;
            set(&mut m, *field, headers[i].clone());
        }
    }
    // Management software often exports "Codice;Descrizione;Prezzo", where
    // the only descriptive column is the product's name.
    if m.name.is_none() {
        m.name = m
            .description
            .take()
            .or_else(|| m.description_fallback.take());
    }
    // A fallback only makes sense next to its main field.
    if m.price.is_none() {
        m.price = m.price_fallback.take();
    }
    if m.description.is_none() {
        m.description = m.description_fallback.take();
    }
    m
}

fn slot(m: &mut Mapping, f: Field) -> &mut Option<String> {
    match f {
        Field::Name => &mut m.name,
        Field::Price => &mut m.price,
        Field::PriceFallback => &mut m.price_fallback,
        Field::Brand => &mut m.brand,
        Field::Description => &mut m.description,
        Field::DescriptionFallback => &mut m.description_fallback,
        Field::ImageUrl => &mut m.image_url,
        Field::Category => &mut m.category,
        Field::Available => &mut m.available,
        Field::Sku => &mut m.sku,
        Field::Ean => &mut m.ean,
    }
}

fn set(m: &mut Mapping, f: Field, header: String) {
    *slot(m, f) = Some(header);
}

fn get(m: &Mapping, f: Field) -> Option<&String> {
    match f {
        Field::Name => m.name.as_ref(),
        Field::Price => m.price.as_ref(),
        Field::PriceFallback => m.price_fallback.as_ref(),
        Field::Brand => m.brand.as_ref(),
        Field::Description => m.description.as_ref(),
        Field::DescriptionFallback => m.description_fallback.as_ref(),
        Field::ImageUrl => m.image_url.as_ref(),
        Field::Category => m.category.as_ref(),
        Field::Available => m.available.as_ref(),
        Field::Sku => m.sku.as_ref(),
        Field::Ean => m.ean.as_ref(),
    }
}

impl Mapping {
    /// (field key, header) pairs that are mapped.
    pub fn entries(&self) -> Vec<(&'static str, &str)> {
        [
            ("name", &self.name),
            ("price", &self.price),
            ("price_fallback", &self.price_fallback),
            ("brand", &self.brand),
            ("description", &self.description),
            ("description_fallback", &self.description_fallback),
            ("image_url", &self.image_url),
            ("category", &self.category),
            ("available", &self.available),
            ("sku", &self.sku),
            ("ean", &self.ean),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.as_deref().map(|h| (k, h)))
        .collect()
    }
}

/// The mapping must name a column for `name`, and every mapped column must exist.
pub fn validate_mapping(mapping: &Mapping, headers: &[String]) -> Result<(), ImportError> {
    if mapping.name.is_none() {
        return Err(ImportError::NameNotMapped);
    }
    for (_, header) in mapping.entries() {
        if !headers.iter().any(|h| h == header) {
            return Err(ImportError::UnknownColumn(header.to_string()));
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn h(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn spec_keys_and_italian_names() {
        let m = propose_mapping(&h(&[
            "name",
            "price",
            "description",
            "brand",
            "category",
            "in_stock",
            "image",
        ]));
        assert_eq!(m.name.as_deref(), Some("name"));
        assert_eq!(m.price.as_deref(), Some("price"));
        assert_eq!(m.available.as_deref(), Some("in_stock"));
        assert_eq!(m.image_url.as_deref(), Some("image"));
        let m = propose_mapping(&h(&[
            "Nome",
            "Prezzo",
            "Marca",
            "Descrizione",
            "URL dell'immagine",
            "Categoria",
            "Disponibile",
        ]));
        assert_eq!(m.entries().len(), 7);
        assert_eq!(m.image_url.as_deref(), Some("URL dell'immagine"));
    }

    #[test]
    fn synonyms() {
        let m = propose_mapping(&h(&[
            "Codice articolo",
            "Descrizione articolo",
            "Prezzo al pubblico (€)",
            "Produttore",
            "Giacenza",
            "EAN",
            "Foto",
        ]));
        assert_eq!(m.name.as_deref(), Some("Descrizione articolo"));
        assert_eq!(m.price.as_deref(), Some("Prezzo al pubblico (€)"));
        assert_eq!(m.brand.as_deref(), Some("Produttore"));
        assert_eq!(m.available.as_deref(), Some("Giacenza"));
        assert_eq!(m.sku.as_deref(), Some("Codice articolo"));
        assert_eq!(m.ean.as_deref(), Some("EAN"));
        assert_eq!(m.image_url.as_deref(), Some("Foto"));
        assert_eq!(m.description, None);
        let m = propose_mapping(&h(&[
            "NOME",
            "Prezzo IVA inclusa",
            "Quantità",
            "Barcode",
            "Immagine",
            "Codice",
        ]));
        assert_eq!(m.price.as_deref(), Some("Prezzo IVA inclusa"));
        assert_eq!(m.available.as_deref(), Some("Quantità"));
        assert_eq!(m.ean.as_deref(), Some("Barcode"));
        assert_eq!(m.sku.as_deref(), Some("Codice"));
    }

    #[test]
    fn woocommerce_export() {
        let m = propose_mapping(&h(&[
            "ID",
            "Type",
            "SKU",
            "Name",
            "Published",
            "Short description",
            "Description",
            "In stock?",
            "Stock",
            "Sale price",
            "Regular price",
            "Categories",
            "Images",
            "Brands",
        ]));
        assert_eq!(m.name.as_deref(), Some("Name"));
        assert_eq!(m.price.as_deref(), Some("Sale price"));
        assert_eq!(m.price_fallback.as_deref(), Some("Regular price"));
        assert_eq!(m.description.as_deref(), Some("Description"));
        assert_eq!(m.description_fallback.as_deref(), Some("Short description"));
        assert_eq!(m.available.as_deref(), Some("In stock?"));
        assert_eq!(m.category.as_deref(), Some("Categories"));
        assert_eq!(m.image_url.as_deref(), Some("Images"));
        assert_eq!(m.sku.as_deref(), Some("SKU"));
        assert_eq!(m.brand.as_deref(), Some("Brands"));
    }

    #[test]
    fn shopify_export() {
        let m = propose_mapping(&h(&[
            "Handle",
            "Title",
            "Body (HTML)",
            "Vendor",
            "Product Category",
            "Type",
            "Tags",
            "Variant SKU",
            "Variant Inventory Qty",
            "Variant Price",
            "Variant Compare At Price",
            "Variant Barcode",
            "Image Src",
        ]));
        assert_eq!(m.name.as_deref(), Some("Title"));
        assert_eq!(m.description.as_deref(), Some("Body (HTML)"));
        assert_eq!(m.brand.as_deref(), Some("Vendor"));
        assert_eq!(m.category.as_deref(), Some("Product Category"));
        assert_eq!(m.sku.as_deref(), Some("Variant SKU"));
        assert_eq!(m.available.as_deref(), Some("Variant Inventory Qty"));
        assert_eq!(m.price.as_deref(), Some("Variant Price"));
        assert_eq!(m.ean.as_deref(), Some("Variant Barcode"));
        assert_eq!(m.image_url.as_deref(), Some("Image Src"));
    }

    #[test]
    fn json_round_trip_and_validation() {
        let m: Mapping = serde_json::from_str(
            r#"{"name":"Descrizione articolo","price":"Prezzo","brand":"","category":null,"unknown":"x"}"#,
        )
        .unwrap();
        assert_eq!(m.brand, None);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"name":"Descrizione articolo","price":"Prezzo"}"#
        );
        let headers = h(&["Descrizione articolo", "Prezzo"]);
        assert!(validate_mapping(&m, &headers).is_ok());
        let err = validate_mapping(&Mapping::default(), &headers).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Nome e un campo obbligatorio per il mapping"
        );
        let bad = Mapping {
            name: Some("Nope".into()),
            ..Mapping::default()
        };
        assert!(matches!(
            validate_mapping(&bad, &headers),
            Err(ImportError::UnknownColumn(_))
        ));
    }
}
