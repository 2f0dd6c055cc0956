//! Automatic header → product field mapping.
//! JSON shape (docs/product/entities.md keys plus sku/ean and two fallbacks):
//! `{"name":"Descrizione articolo","price":"Prezzo","price_fallback":"Regular price",...}`.

use serde::{Deserialize, Deserializer, Serialize};

use super::price_column::{self, PriceChoice, VatSaid};
use super::table::Table;
use super::values::fold_key;
use super::ImportError;

/// The product's fields (`name`, `price`… and `sku`, `ean`, the fallbacks) to header names of the file.
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
    /// A column naming each row's picture file ("ABC123.jpg", Danea's `Immagine`): the
    /// pictures of a ZIP are matched by it (`services::photo_batches`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub image_name: Option<String>,
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
    /// A second category column ("SCat", "Sotto-categoria"): the more specific one.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub subcategory: Option<String>,
    /// The VAT rate of each row ("22", "22%", "0,22"), for prices without VAT.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub vat: Option<String>,
    /// Columns joined after the name, in order ("Grigliato" + "15x76" + "1000 X 6100").
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "nameParts")]
    pub name_parts: Vec<String>,
    /// Values set on every row, whatever the file says (a manufacturer's list has no
    /// brand column: brand = "Baltur").
    #[serde(default, skip_serializing_if = "Fixed::is_empty")]
    pub fixed: Fixed,
    /// Whether the file's prices include VAT (default: they do). Without VAT, the rate is
    /// the `vat` column's, else `vatRate`, else 22%; public prices always include it.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        rename = "pricesIncludeVat"
    )]
    pub prices_include_vat: Option<bool>,
    /// Percent, e.g. 22 or 10.
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "vatRate")]
    pub vat_rate: Option<u32>,
    /// Names made fit to publish (a line in capitals written as a person writes it, the
    /// supplier's artefacts removed); the line as the file had it is kept beside the name.
    /// The wizard proposes it; absent, names are kept as written.
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "tidyNames")]
    pub tidy_names: Option<bool>,
    /// The workbook's sheet to read; without it, the one that looks like a product list.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "non_empty"
    )]
    pub sheet: Option<String>,
}

/// Values the owner sets for every row of an import.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS,
)]
#[ts(optional_fields)]
pub struct Fixed {
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
    pub category: Option<String>,
}

impl Fixed {
    pub fn is_empty(&self) -> bool {
        self.brand.is_none() && self.category.is_none()
    }
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
    ImageName,
    Category,
    Subcategory,
    Available,
    Sku,
    Ean,
    Vat,
}

/// Known header spellings, already folded (lowercase, no accents, punctuation
/// as spaces, camelCase split). Earlier entries win when a file has several candidates
/// for one field, so each list is in order of preference.
const SYNONYMS: &[(Field, &[&str])] = &[
    (
        Field::Name,
        &[
            "name",
            "nome",
            "nome prodotto",
            "nome articolo",
            "nome commerciale",
            "product name",
            "title",
            "titolo",
            "descrizione breve articolo",
            "descrizione articolo",
            "descrizione prodotto",
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
        // The price a consumer pays first: a list price before a bare "Prezzo" that may be
        // the dealer's, and neither dealer nor discounted prices (see `price_column`).
        &[
            "sale price",
            "prezzo al pubblico",
            "prezzo di listino",
            "prezzo listino",
            "listino",
            "listino pubblico",
            "pvp",
            "prezzo consigliato",
            "prezzo iva inclusa",
            "prezzo ivato",
            "prezzo vendita",
            "prezzo di vendita",
            "price",
            "prezzo",
            "variant price",
            "prezzo unitario",
            "prezzo euro",
            "prezzo eur",
            "importo",
            "regular price",
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
            "manufacturer",
            "brands",
            "fornitore",
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
            "url immagini",
            "link immagine",
            "link immagini",
            "link foto",
            "immagine",
            "immagini",
            "foto",
            "image src",
            "images",
            "variant image",
            "picture",
            "img",
        ],
    ),
    (
        Field::ImageName,
        &[
            "nome immagine",
            "nome file immagine",
            "file immagine",
            "nome foto",
            "file foto",
            "image name",
            "image file",
            "immagine",
            "foto",
            "image",
            "picture",
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
            "cat",
            // A list's own category codes ("A12"), learned from the owner's filing
            // (`services::list_categories`).
            "codice categoria",
            "cod categoria",
            "cod cat",
            "macro categoria",
            "type",
            "tipologia",
            "reparto",
            "famiglia",
            "gruppo merceologico",
            "settore",
        ],
    ),
    (
        Field::Subcategory,
        &[
            "sotto categoria",
            "sottocategoria",
            "subcategory",
            "sub category",
            "s cat",
            "scat",
            "sotto famiglia",
            "sottofamiglia",
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
            "q ta disponibile",
            "qta disponibile",
            "quantita disponibile",
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
        // As management programs name their code columns, and the platforms' exports.
        &[
            "sku",
            "codice",
            "codice articolo",
            "cod articolo",
            "cod art",
            "codice art",
            "codart",
            "codice prodotto",
            "cod prodotto",
            "variant sku",
            "reference",
            "riferimento",
            "rif",
            "rif art",
            "cod ven",
            "cd ar",
            "codice fornitore",
            "codice interno",
            "cod",
            "articolo",
            "part number",
            "mpn",
            "id prod",
            "id prodotto",
            "product id",
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
            "cod a barre",
            "cod barre",
            "variant barcode",
            "gtin",
            "gtin13",
            "upc",
        ],
    ),
    (
        Field::Vat,
        &[
            "iva",
            "aliquota iva",
            "cod iva",
            "codice iva",
            "aliquota",
            "iva %",
            "vat",
            "vat rate",
            "tax rate",
        ],
    ),
];

/// Words that make a header something other than a product's name ("Nome immagine",
/// "Nome file", "Codice nome").
const NOT_NAME_WORDS: &[&str] = &[
    "immagine", "immagini", "image", "foto", "file", "url", "link", "codice", "cod",
];

/// A header in the folded form the synonyms use: "LinkImmagine" → "link immagine",
/// "SCat" → "s cat", "Cod. art." → "cod art".
fn fold_header(header: &str) -> String {
    let mut split = String::with_capacity(header.len() + 4);
    let mut prev: Option<char> = None;
    let chars: Vec<char> = header.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if let Some(p) = prev {
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            // aB → a B; ABc → A Bc (the acronym ends before the capital of a word)
            if c.is_uppercase() && (p.is_lowercase() || (p.is_uppercase() && next_lower)) {
                split.push(' ');
            }
        }
        split.push(c);
        prev = Some(c);
    }
    fold_key(&split)
}

/// The first rows of a file, to judge columns by what they hold as well as by name.
struct Sample<'a> {
    rows: &'a [&'a [String]],
}

impl Sample<'_> {
    fn values(&self, col: usize) -> impl Iterator<Item = &str> + '_ {
        self.rows
            .iter()
            .filter_map(move |r| r.get(col).map(|c| c.trim()))
            .filter(|c| !c.is_empty())
    }

    /// Without rows every column is accepted (a header-only proposal).
    fn share(&self, col: usize, test: impl Fn(&str) -> bool) -> Option<f64> {
        if self.rows.is_empty() {
            return None;
        }
        let (mut all, mut yes) = (0usize, 0usize);
        for v in self.values(col) {
            all += 1;
            yes += usize::from(test(v));
        }
        Some(if all == 0 {
            0.0
        } else {
            yes as f64 / all as f64
        })
    }

    fn filled(&self, col: usize) -> Option<f64> {
        if self.rows.is_empty() {
            return None;
        }
        Some(self.values(col).count() as f64 / self.rows.len() as f64)
    }

    fn distinct(&self, col: usize) -> bool {
        let mut seen = std::collections::HashSet::new();
        self.values(col).all(|v| seen.insert(v))
    }

    /// Whether a column can hold the field, by its values.
    fn fits(&self, field: Field, col: usize) -> bool {
        match field {
            // Words, not codes or file names.
            Field::Name => self.share(col, looks_like_name).is_none_or(|s| s >= 0.5),
            // A code column that is nearly empty (PrestaShop's MPN) is no SKU; one that
            // repeats codes is taken only when no other is there (see `propose`).
            Field::Sku => self.filled(col).is_none_or(|f| f >= 0.1) && self.distinct(col),
            Field::Ean => self.filled(col).is_none_or(|f| f >= 0.1),
            // Addresses, not file names (Danea's `Immagine` names a file on the owner's PC).
            Field::ImageUrl => self
                .share(col, |v| v.contains("http") || v.starts_with("//"))
                .is_none_or(|s| s >= 0.5),
            // File names, not addresses.
            Field::ImageName => self
                .share(col, is_picture_file_name)
                .is_some_and(|s| s >= 0.5),
            _ => true,
        }
    }
}

/// "ABC123.jpg", "foto\\abc 2.PNG": a picture's file name, not an address.
fn is_picture_file_name(value: &str) -> bool {
    let lower = value.trim().to_lowercase();
    !lower.contains("://")
        && !lower.starts_with("//")
        && [".jpg", ".jpeg", ".png", ".gif", ".webp"]
            .iter()
            .any(|ext| lower.ends_with(ext))
}

fn looks_like_name(value: &str) -> bool {
    let lower = value.to_lowercase();
    let file = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".pdf", ".tif"]
        .iter()
        .any(|ext| lower.ends_with(ext));
    let mut run = 0;
    let mut word = false;
    for c in value.chars() {
        run = if c.is_alphabetic() { run + 1 } else { 0 };
        word |= run >= 3;
    }
    word && !file && !lower.starts_with("http")
}

fn has_any_word(folded: &str, words: &[&str]) -> bool {
    folded.split(' ').any(|w| words.contains(&w))
}

/// Propose a mapping from the headers alone.
pub fn propose_mapping(headers: &[String]) -> Mapping {
    propose(headers, &[]).0
}

/// Propose a mapping from the headers and the first rows of a table, with a note for the
/// owner on the price column chosen when the file has several.
pub fn propose_for_table(table: &Table) -> (Mapping, Option<String>) {
    let rows: Vec<&[String]> = table.data_rows().take(200).map(|(_, r)| r).collect();
    let (mut mapping, note) = propose(&table.headers, &rows);
    mapping.sheet = table.sheet.clone();
    mapping.tidy_names = Some(true);
    (mapping, note)
}

/// Folded headers of Danea Easyfatt's article export ("Esporta articoli").
const DANEA_HEADERS: &[&str] = &[
    "cod",
    "descrizione",
    "tipologia",
    "categoria",
    "sottocategoria",
    "cod udm",
    "cod iva",
    "listino 1",
    "cod a barre",
    "produttore",
    "q ta disponibile",
    "cod fornitore",
    "prezzo forn",
];

/// The trade format the file was recognised as, for the wizard: a METEL list (said by its
/// reader) or Danea Easyfatt's article export (by its headers).
pub fn format_note(table: &Table) -> Option<String> {
    if table.format_note.is_some() {
        return table.format_note.clone();
    }
    let folded: Vec<String> = table.headers.iter().map(|h| fold_header(h)).collect();
    let known = DANEA_HEADERS
        .iter()
        .filter(|d| folded.iter().any(|f| f == *d))
        .count();
    (known >= 6).then(|| {
        "Esportazione articoli di Danea Easyfatt riconosciuta: codice, descrizione, categorie, produttore, codice a barre, aliquota IVA e quantità disponibile vengono dalle loro colonne (quantità 0: non disponibile). Costi e prezzi dei fornitori non vengono mai pubblicati.".to_owned()
    })
}

/// Which sheet was read, when the workbook has several.
pub fn sheet_note(table: &Table) -> Option<String> {
    let sheet = table.sheet.as_deref()?;
    (table.sheets.len() > 1).then(|| {
        format!(
            "Letto il foglio «{sheet}» ({} fogli nel file): è quello che sembra l'elenco dei prodotti. Se i prodotti sono in un altro foglio, sceglilo qui sopra.",
            table.sheets.len()
        )
    })
}

/// Exact (folded) matches first, in synonym order, then headers that start with a known
/// name; each column used at most once, and only when its values fit the field.
fn propose(headers: &[String], rows: &[&[String]]) -> (Mapping, Option<String>) {
    let mut cols = Unclaimed {
        headers,
        folded: headers.iter().map(|h| fold_header(h)).collect(),
        used: vec![false; headers.len()],
        sample: Sample { rows },
    };
    let mut m = Mapping::default();
    for (field, names) in SYNONYMS {
        let exact = |c: &Unclaimed, n: &str, i: usize| c.folded[i] == n && c.fits(*field, i);
        if let Some(header) = cols.claim(names, exact) {
            set(&mut m, *field, header);
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
        let loose = |c: &Unclaimed, n: &str, i: usize| c.starts_with(i, n) && c.fits(*field, i);
        if let Some(header) = cols.claim(names, loose) {
            set(&mut m, *field, header);
        }
    }
    // A code column whose codes repeat (a list that has a product once per catalogue
    // category) is still the key that makes a second import update: rows that share a code
    // become one product.
    if m.sku.is_none() {
        let names = SYNONYMS
            .iter()
            .find(|(f, _)| *f == Field::Sku)
            .map_or(&[][..], |(_, names)| *names);
        m.sku = cols.claim(names, |c, n, i| {
            (c.folded[i] == n || c.starts_with(i, n)) && c.sample.filled(i).is_none_or(|f| f >= 0.1)
        });
    }
    settle(m, headers, &cols.folded, rows)
}

/// The columns of a file not yet proposed for a field.
struct Unclaimed<'a> {
    headers: &'a [String],
    /// The headers folded ([`fold_header`]).
    folded: Vec<String>,
    used: Vec<bool>,
    sample: Sample<'a>,
}

impl Unclaimed<'_> {
    /// The first unclaimed column `accept`ed for one of `names` (folded), in the names'
    /// order, claimed.
    fn claim(
        &mut self,
        names: &[&str],
        accept: impl Fn(&Self, &str, usize) -> bool,
    ) -> Option<String> {
        let at = names.iter().find_map(|n| {
            let n = fold_key(n);
            (0..self.headers.len()).find(|&i| !self.used[i] && accept(self, &n, i))
        })?;
        self.used[at] = true;
        Some(self.headers[at].clone())
    }

    /// Whether column `i`'s header begins with the word(s) `name` (of three letters or more).
    fn starts_with(&self, i: usize, name: &str) -> bool {
        name.len() >= 3 && self.folded[i].starts_with(&format!("{name} "))
    }

    /// Whether column `i` may hold `field`: its header does not rule it out and its values
    /// look like the field's.
    fn fits(&self, field: Field, i: usize) -> bool {
        let allowed = match field {
            Field::Name => !has_any_word(&self.folded[i], NOT_NAME_WORDS),
            Field::Price => !price_column::is_dealer_price(&self.folded[i]),
            _ => true,
        };
        allowed && self.sample.fits(field, i)
    }
}

/// The proposal's fallbacks resolved and its price column chosen, with the preview's
/// sentence on where the published price comes from.
fn settle(
    mut m: Mapping,
    headers: &[String],
    folded: &[String],
    rows: &[&[String]],
) -> (Mapping, Option<String>) {
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
    let choice = settle_price(&mut m, headers, folded, rows);
    if m.description.is_none() {
        m.description = m.description_fallback.take();
    }
    // A lone sub-category is the category.
    if m.category.is_none() {
        m.category = m.subcategory.take();
    }
    let note = match choice {
        Some(choice) => price_note(&m, &choice, headers, folded),
        None => unproposed_price_note(headers, folded),
    };
    (m, note)
}

/// Takes the price column a visitor pays (see `price_column`) and proposes "prezzi senza
/// IVA" when it is a price without VAT, so that what the pages call "IVA inclusa" is.
fn settle_price(
    m: &mut Mapping,
    headers: &[String],
    folded: &[String],
    rows: &[&[String]],
) -> Option<PriceChoice> {
    let position = |h: &Option<String>| {
        h.as_deref()
            .and_then(|h| headers.iter().position(|x| x == h))
    };
    let cols = price_column::Columns {
        headers,
        folded,
        rows,
        vat: position(&m.vat),
    };
    let choice = price_column::choose(&cols, position(&m.price))?;
    let header = &headers[choice.column];
    if m.price.as_ref() != Some(header) {
        // Another column's own fallback ("Regular price" beside "Sale price") no longer fits.
        m.price_fallback = None;
        m.price = Some(header.clone());
    }
    if choice.vat == VatSaid::Excluded {
        m.prices_include_vat = Some(false);
    }
    Some(choice)
}

/// Why no price column is proposed when the file has only dealer or discounted prices.
fn unproposed_price_note(headers: &[String], folded: &[String]) -> Option<String> {
    let dealer: Vec<String> = headers
        .iter()
        .zip(folded)
        .filter(|(_, f)| price_column::is_price_header(f) && price_column::is_dealer_price(f))
        .map(|(h, _)| format!("«{h}»"))
        .collect();
    (!dealer.is_empty()).then(|| {
        format!(
            "Nessun prezzo al pubblico riconosciuto: {} sembrano prezzi scontati o per rivenditori e non vengono proposti. Scegli tu la colonna del prezzo al pubblico nel campo del prezzo.",
            dealer.join(", ")
        )
    })
}

/// The preview's sentence on the prices it shows: the column they come from and whether VAT
/// was added, for the mapping the file was processed with (the owner may have changed the
/// proposal).
pub fn published_price_sentence(m: &Mapping) -> Option<String> {
    let column = m.price.as_deref()?;
    Some(if m.prices_include_vat == Some(false) {
        let rate = m.vat_rate.unwrap_or(super::rows::DEFAULT_VAT_PERCENT);
        let rate = match &m.vat {
            Some(vat) => format!("l'aliquota della colonna «{vat}», altrimenti il {rate}%"),
            None => format!("il {rate}%"),
        };
        format!(
            "I prezzi pubblicati sono quelli della colonna «{column}» con l'IVA aggiunta ({rate}), come li vedi qui sotto."
        )
    } else {
        format!(
            "I prezzi pubblicati sono quelli della colonna «{column}», già IVA inclusa, come li vedi qui sotto."
        )
    })
}

/// Which price column is used and whether VAT is added, for the owner; the other price
/// columns are named, so a wrong choice is easy to see.
fn price_note(
    m: &Mapping,
    choice: &PriceChoice,
    headers: &[String],
    folded: &[String],
) -> Option<String> {
    let chosen = m.price.as_deref()?;
    let others: Vec<String> = headers
        .iter()
        .zip(folded)
        .filter(|(h, f)| {
            h.as_str() != chosen
                && Some(h.as_str()) != m.price_fallback.as_deref()
                && price_column::is_price_header(f)
        })
        .map(|(h, _)| format!("«{h}»"))
        .collect();
    let mut note = match (choice.vat, choice.above) {
        (VatSaid::Included, Some(lower)) => format!(
            "Prezzo al pubblico dalla colonna «{chosen}», IVA inclusa: riga per riga supera «{}» di un'aliquota IVA.",
            headers[lower]
        ),
        (VatSaid::Included, None) => {
            format!("Prezzo al pubblico dalla colonna «{chosen}», IVA inclusa.")
        }
        (VatSaid::Excluded, _) => {
            let rate = match &m.vat {
                Some(vat) => format!("l'aliquota della colonna «{vat}», altrimenti il 22%"),
                None => "il 22%".to_owned(),
            };
            format!(
                "Prezzo dalla colonna «{chosen}», senza IVA: aggiungiamo l'IVA ({rate}) e pubblichiamo il prezzo IVA inclusa."
            )
        }
        (VatSaid::Unsaid, _) => format!(
            "Prezzo dalla colonna «{chosen}», considerato IVA inclusa: se nel file è senza IVA, scegli «prezzi senza IVA» qui sotto."
        ),
    };
    if !others.is_empty() {
        note.push_str(&format!(
            " Non usate: {}. Puoi scegliere un'altra colonna nel campo del prezzo.",
            others.join(", ")
        ));
    }
    Some(note)
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
        Field::ImageName => &mut m.image_name,
        Field::Category => &mut m.category,
        Field::Subcategory => &mut m.subcategory,
        Field::Available => &mut m.available,
        Field::Sku => &mut m.sku,
        Field::Ean => &mut m.ean,
        Field::Vat => &mut m.vat,
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
        Field::ImageName => m.image_name.as_ref(),
        Field::Category => m.category.as_ref(),
        Field::Subcategory => m.subcategory.as_ref(),
        Field::Available => m.available.as_ref(),
        Field::Sku => m.sku.as_ref(),
        Field::Ean => m.ean.as_ref(),
        Field::Vat => m.vat.as_ref(),
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
            ("image_name", &self.image_name),
            ("category", &self.category),
            ("available", &self.available),
            ("sku", &self.sku),
            ("ean", &self.ean),
            ("subcategory", &self.subcategory),
            ("vat", &self.vat),
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
    let mapped = mapping.entries().into_iter().map(|(_, h)| h);
    for header in mapped.chain(mapping.name_parts.iter().map(String::as_str)) {
        if !headers.iter().any(|h| h == header) {
            return Err(ImportError::UnknownColumn(header.to_string()));
        }
    }
    if mapping.name_parts.len() > MAX_NAME_PARTS {
        return Err(ImportError::InvalidMapping);
    }
    let fixed = [&mapping.fixed.brand, &mapping.fixed.category];
    if fixed
        .iter()
        .any(|v| v.as_ref().is_some_and(|v| v.chars().count() > 100))
        || mapping.vat_rate.is_some_and(|r| r > 100)
    {
        return Err(ImportError::InvalidMapping);
    }
    Ok(())
}

/// Columns that may be joined after the name.
pub const MAX_NAME_PARTS: usize = 5;

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
    fn a_list_s_category_codes_are_its_category() {
        for (code, category) in [
            ("Codice", "Codice Categoria"),
            ("Cod. art.", "Cod. Cat."),
            ("Articolo", "Cod. categoria"),
        ] {
            let m = propose_mapping(&h(&[code, "Descrizione", "Prezzo", category]));
            assert_eq!(m.category.as_deref(), Some(category), "{category}");
            assert_eq!(m.sku.as_deref(), Some(code), "{code}");
        }
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
