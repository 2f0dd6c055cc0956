//! Table rows → validated product drafts, with per-row Italian errors.

use std::collections::HashMap;

use domain::limits::product;
use domain::spreadsheet::spreadsheet_text;
use domain::validation::has_visible_text;
use domain::{Availability, DecimalMark, Price, ProductFields, ProductName};

use super::mapping::Mapping;
use super::table::{is_blank_row, RowError, RowWarning, Table};
use super::values::{
    category_leaf, clean_code, clean_ean, clean_text, first_image_url, fold_key, html_to_text,
    parse_price, parse_stock, truncate_chars,
};
use super::variants::{label_from_name, lowest_price, Variant, VariantColumns, MAX_VARIANTS};

/// Italy's standard VAT rate, for net prices when the file gives none.
pub const DEFAULT_VAT_PERCENT: u32 = 22;

/// A validated row, ready to become (or update) a product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductDraft {
    pub row_number: usize,
    /// `variants` holds the rows that are variants of this one (WooCommerce variations,
    /// Shopify option rows).
    pub product: ProductFields,
}

#[derive(Debug, Clone, Default)]
pub struct ProcessOutcome {
    pub drafts: Vec<ProductDraft>,
    /// Rows that cannot be imported, sorted by row number.
    pub errors: Vec<RowError>,
    /// Notes that did not stop a row (and the table's own warnings).
    pub warnings: Vec<RowWarning>,
}

/// Column index of each mapped field, resolved once per file.
struct Columns {
    name: Option<usize>,
    price: Option<usize>,
    price_fallback: Option<usize>,
    brand: Option<usize>,
    description: Option<usize>,
    description_fallback: Option<usize>,
    image_url: Option<usize>,
    image_name: Option<usize>,
    category: Option<usize>,
    available: Option<usize>,
    sku: Option<usize>,
    ean: Option<usize>,
    subcategory: Option<usize>,
    vat: Option<usize>,
    /// Joined after the name.
    name_parts: Vec<usize>,
    fixed_brand: Option<String>,
    fixed_category: Option<String>,
    /// `None` when prices include VAT; else the rate used when a row has none.
    net_prices_rate: Option<u32>,
    /// Shopify's Handle: variant and image rows repeat it with an empty Title.
    handle: Option<usize>,
    variants: VariantColumns,
    /// How the price columns write `1.234` and `1,234`, decided by their other values.
    price_mark: DecimalMark,
}

impl Columns {
    fn resolve(headers: &[String], m: &Mapping) -> Self {
        let col = |h: &Option<String>| h.as_ref().and_then(|h| headers.iter().position(|x| x == h));
        Columns {
            name: col(&m.name),
            price: col(&m.price),
            price_fallback: col(&m.price_fallback),
            brand: col(&m.brand),
            description: col(&m.description),
            description_fallback: col(&m.description_fallback),
            image_url: col(&m.image_url),
            image_name: col(&m.image_name),
            category: col(&m.category),
            available: col(&m.available),
            sku: col(&m.sku),
            ean: col(&m.ean),
            subcategory: col(&m.subcategory),
            vat: col(&m.vat),
            name_parts: m
                .name_parts
                .iter()
                .filter_map(|h| headers.iter().position(|x| x == h))
                .collect(),
            fixed_brand: m.fixed.brand.as_deref().and_then(label),
            fixed_category: m.fixed.category.as_deref().and_then(label),
            net_prices_rate: (m.prices_include_vat == Some(false))
                .then(|| m.vat_rate.unwrap_or(DEFAULT_VAT_PERCENT)),
            handle: headers.iter().position(|h| fold_key(h) == "handle"),
            variants: VariantColumns::resolve(headers),
            price_mark: DecimalMark::Comma,
        }
    }

    /// The row's price: the price column, or its fallback when that is empty.
    fn price<'a>(&self, cells: &'a [String]) -> &'a str {
        let cell = |c: Option<usize>| c.and_then(|c| cells.get(c)).map_or("", String::as_str);
        match cell(self.price) {
            p if p.trim().is_empty() => cell(self.price_fallback),
            p => p,
        }
    }
}

/// The first price of the file written `1.234` or `1,234` and how it was read, so the
/// owner sees the reading in the preview (docs/decisions/013-prices.md).
#[derive(Default)]
struct AmbiguousPrices {
    first: Option<(usize, String, Price)>,
    count: usize,
}

impl AmbiguousPrices {
    fn note(&mut self, row_number: usize, raw: &str, price: Option<Price>) {
        if let Some(price) = price.filter(|_| Price::is_ambiguous(raw)) {
            self.count += 1;
            self.first
                .get_or_insert_with(|| (row_number, raw.trim().to_owned(), price));
        }
    }

    fn warning(self) -> Option<RowWarning> {
        let (row_number, raw, price) = self.first?;
        let others = match self.count - 1 {
            0 => String::new(),
            1 => " (e un altro prezzo scritto così)".to_owned(),
            n => format!(" (e altri {n} prezzi scritti così)"),
        };
        Some(RowWarning {
            row_number,
            message: format!("prezzo «{raw}» letto come {price}{others}: controlla che sia giusto"),
        })
    }
}

/// Call `validate_mapping` first: with no name column every row is an error.
pub fn build_drafts(table: &Table, mapping: &Mapping) -> ProcessOutcome {
    let mut cols = Columns::resolve(&table.headers, mapping);
    cols.price_mark = DecimalMark::of_column(table.rows.iter().flat_map(|cells| {
        [cols.price, cols.price_fallback]
            .into_iter()
            .flatten()
            .filter_map(|c| cells.get(c).map(String::as_str))
    }));
    let mut drafts = Drafts {
        cols: &cols,
        out: ProcessOutcome {
            drafts: Vec::with_capacity(table.rows.len()),
            errors: table.rejected.clone(),
            warnings: table.warnings.clone(),
        },
        ambiguous: AmbiguousPrices::default(),
        last_handle: None,
        first_variant: None,
        parents: HashMap::new(),
    };
    for (i, cells) in table.rows.iter().enumerate() {
        if !is_blank_row(cells) {
            drafts.read(table.row_number(i), cells);
        }
    }
    drafts.finish(table.warnings.len())
}

/// The drafts of a file as its rows are read, with what a row needs of the rows above it.
struct Drafts<'a> {
    cols: &'a Columns,
    out: ProcessOutcome,
    ambiguous: AmbiguousPrices,
    /// The Shopify handle of the last product read.
    last_handle: Option<&'a str>,
    /// The first row of a Shopify product, as its first variant should option rows follow.
    first_variant: Option<Variant>,
    /// WooCommerce's parents, by SKU and by `id:NN`.
    parents: HashMap<String, usize>,
}

impl<'a> Drafts<'a> {
    fn read(&mut self, row_number: usize, cells: &'a [String]) {
        let cols = self.cols;
        let cell = |c: Option<usize>| c.and_then(|c| cells.get(c)).map_or("", String::as_str);
        let handle = cell(cols.handle).trim();
        if cols.handle.is_some()
            && cell(cols.name).trim().is_empty()
            && !handle.is_empty()
            && self.last_handle == Some(handle)
        {
            // A Shopify variant or image row of the product above: a variant when it has
            // option values, else nothing more than a picture.
            if let (Some(label), Some(parent)) = (
                cols.variants.label(cell),
                self.out.drafts.len().checked_sub(1),
            ) {
                let first = self.first_variant.take();
                add_variant(&mut self.out, parent, first, row_number, cells, cols, label);
            }
            return;
        }
        if let Some(&at) = cols
            .variants
            .parent_of(cell)
            .and_then(|p| self.parents.get(p))
        {
            let parent = &self.out.drafts[at].product;
            let label = cols
                .variants
                .label(cell)
                .or_else(|| label_from_name(cell(cols.name).trim(), &parent.name))
                .or_else(|| clean_code(cell(cols.sku)))
                .unwrap_or_else(|| format!("Variante {}", parent.variants.len() + 1));
            add_variant(&mut self.out, at, None, row_number, cells, cols, label);
            return;
        }
        let name = cell(cols.name).trim();
        if is_placeholder(name) {
            self.out.warnings.push(RowWarning {
                row_number,
                message: format!("saltata: «{name}» non è il nome di un prodotto"),
            });
            return;
        }
        match build_one(row_number, cells, cols) {
            Ok((draft, warnings)) => {
                self.ambiguous
                    .note(row_number, cols.price(cells), draft.product.price);
                self.out.warnings.extend(warnings);
                self.first_variant = cols.variants.label(cell).map(|l| variant_of(&draft, l));
                if cols.variants.parent.is_some() {
                    self.remember_parent(&draft, cell(cols.variants.id).trim());
                }
                self.out.drafts.push(draft);
                self.last_handle = (!handle.is_empty()).then_some(handle);
            }
            Err(e) => self.out.errors.push(e),
        }
    }

    /// A product later rows may name as their parent, by its SKU and by its `id`.
    fn remember_parent(&mut self, draft: &ProductDraft, id: &str) {
        let at = self.out.drafts.len();
        if let Some(sku) = &draft.product.sku {
            self.parents.insert(sku.clone(), at);
        }
        if !id.is_empty() {
            self.parents.insert(format!("id:{id}"), at);
        }
    }

    /// The outcome, with the notes about the whole file after the table's own
    /// (`table_warnings` of them).
    fn finish(self, table_warnings: usize) -> ProcessOutcome {
        let mut out = self.out;
        let (mut with_variants, mut variants) = (0, 0);
        for draft in &mut out.drafts {
            let product = &mut draft.product;
            // A parent row without its own price shows its variants' lowest.
            if product.price.is_none() {
                product.price = lowest_price(&product.variants);
            }
            if !product.variants.is_empty() {
                with_variants += 1;
                variants += product.variants.len();
            }
        }
        if with_variants > 0 {
            // About the whole file: first, as the preview shows the first few.
            out.warnings.insert(
                0,
                RowWarning {
                    row_number: 0,
                    message: variants_message(variants, with_variants),
                },
            );
        }
        out.errors.sort_by_key(|e| e.row_number);
        if let Some(w) = self.ambiguous.warning() {
            // first of the rows' notes: it is about the whole price column
            out.warnings
                .insert(table_warnings.min(out.warnings.len()), w);
        }
        out
    }
}

/// The preview's line on rows read as variants.
fn variants_message(variants: usize, products: usize) -> String {
    let of = if products == 1 {
        "1 prodotto".to_owned()
    } else {
        format!("{products} prodotti")
    };
    format!("{variants} varianti (taglie, colori…) lette come varianti di {of}: la pagina di ogni prodotto le elenca con i loro prezzi")
}

fn variant_of(draft: &ProductDraft, label: String) -> Variant {
    let product = &draft.product;
    Variant {
        label,
        price_cents: product.price.map(Price::cents),
        sku: product.sku.clone(),
        ean: product.ean.clone(),
        in_stock: product.availability.in_stock(),
    }
}

/// Reads the variant row `cells` as its parent's (the parent's name where it has none) and
/// adds it to `out.drafts[parent]`, after `first` (the parent row's own variant); a row
/// that cannot be read is an error of its own, and variants past [`MAX_VARIANTS`] a warning.
fn add_variant(
    out: &mut ProcessOutcome,
    parent: usize,
    first: Option<Variant>,
    row_number: usize,
    cells: &[String],
    cols: &Columns,
    label: String,
) {
    let mut row = cells.to_vec();
    if let Some(name) = cols.name.and_then(|c| row.get_mut(c)) {
        if name.trim().is_empty() {
            name.clone_from(&out.drafts[parent].product.name);
        }
    }
    let (draft, warnings) = match build_one(row_number, &row, cols) {
        Ok(read) => read,
        Err(e) => {
            out.errors.push(e);
            return;
        }
    };
    out.warnings.extend(warnings);
    let variants = &mut out.drafts[parent].product.variants;
    if variants.is_empty() {
        variants.extend(first);
    }
    if variants.len() >= MAX_VARIANTS {
        out.warnings.push(RowWarning {
            row_number,
            message: format!(
                "variante non importata: al massimo {MAX_VARIANTS} varianti per prodotto"
            ),
        });
        return;
    }
    variants.push(variant_of(&draft, label));
}

fn build_one(
    row_number: usize,
    cells: &[String],
    cols: &Columns,
) -> Result<(ProductDraft, Vec<RowWarning>), RowError> {
    let mut row = RowReader {
        row_number,
        cells,
        cols,
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let name = row.name();
    let price = row.price();
    let description = row.description();
    let brand = cols
        .fixed_brand
        .clone()
        .or_else(|| label(row.cell(cols.brand)));
    let category = cols.fixed_category.clone().or_else(|| {
        label(&category_leaf(row.cell(cols.subcategory)))
            .or_else(|| label(&category_leaf(row.cell(cols.category))))
    });
    let image_url = first_image_url(row.cell(cols.image_url)).unwrap_or_else(|e| {
        row.warn(e);
        None
    });
    let image_name = picture_file_name(row.cell(cols.image_name));
    let availability = row.availability();
    let sku = clean_code(row.cell(cols.sku)).map(|mut s| {
        truncate_chars(&mut s, product::SKU);
        s
    });
    let ean = row.ean();
    if !row.errors.is_empty() {
        let name_or_raw = if name.is_empty() {
            raw_preview(cells)
        } else {
            name
        };
        return Err(RowError {
            row_number,
            name_or_raw,
            messages: row.errors,
        });
    }
    let product = ProductFields {
        name,
        price,
        description,
        brand,
        category,
        image_url,
        image_name,
        availability,
        sku,
        ean,
        variants: Vec::new(),
    };
    let draft = ProductDraft {
        row_number,
        product,
    };
    Ok((draft, row.warnings))
}

/// One row being read: its cells, and what reading them found wrong (errors reject the
/// row, warnings keep it).
struct RowReader<'a> {
    row_number: usize,
    cells: &'a [String],
    cols: &'a Columns,
    errors: Vec<String>,
    warnings: Vec<RowWarning>,
}

impl<'a> RowReader<'a> {
    fn cell(&self, column: Option<usize>) -> &'a str {
        column
            .and_then(|c| self.cells.get(c))
            .map_or("", String::as_str)
    }

    fn warn(&mut self, message: String) {
        self.warnings.push(RowWarning {
            row_number: self.row_number,
            message,
        });
    }

    /// The name column and the columns joined to it.
    fn name(&mut self) -> String {
        let mut name = clean_text(self.cell(self.cols.name));
        for &part in &self.cols.name_parts {
            let part = clean_text(self.cell(Some(part)));
            if !part.is_empty() {
                if !name.is_empty() {
                    name.push(' ');
                }
                name.push_str(&part);
            }
        }
        match ProductName::fitted(&name) {
            Ok(fitted) => fitted.into_string(),
            Err(problem) => {
                self.errors.push(problem.message().to_string());
                name
            }
        }
    }

    /// The price as published: a net price gets the row's VAT rate (or the file's).
    fn price(&mut self) -> Option<Price> {
        let cols = self.cols;
        let mut price = parse_price(cols.price(self.cells), cols.price_mark).unwrap_or_else(|e| {
            self.errors.push(e);
            None
        });
        if let (Some(net), Some(default_rate)) = (price, cols.net_prices_rate) {
            let rate = match self.cell(cols.vat).trim() {
                "" => default_rate,
                raw => vat_percent(raw).unwrap_or_else(|| {
                    self.warn(format!(
                        "aliquota IVA «{raw}» non riconosciuta: usato il {default_rate}%"
                    ));
                    default_rate
                }),
            };
            price = net.with_vat(rate);
            if price.is_none() {
                self.errors.push("Prezzo troppo alto".to_owned());
            }
        }
        price
    }

    /// The description column, else its fallback, as text; a long one cut at a sentence.
    fn description(&mut self) -> Option<String> {
        let primary = html_to_text(self.cell(self.cols.description));
        let mut d = if primary.is_empty() {
            html_to_text(self.cell(self.cols.description_fallback))
        } else {
            primary
        };
        if d.chars().count() > product::DESCRIPTION {
            cut_at_sentence(&mut d, product::DESCRIPTION);
            self.warn(format!(
                "descrizione accorciata a {} caratteri (il massimo è {})",
                d.chars().count(),
                product::DESCRIPTION
            ));
        }
        non_empty(d)
    }

    fn availability(&mut self) -> Availability {
        let raw = self.cell(self.cols.available);
        parse_stock(raw).unwrap_or_else(|| {
            self.warn(format!(
                "disponibilità non riconosciuta «{}», considerato disponibile",
                raw.trim()
            ));
            Availability::InStock
        })
    }

    fn ean(&mut self) -> Option<String> {
        let (code, warning) = clean_ean(self.cell(self.cols.ean))?;
        if let Some(w) = warning {
            self.warn(w);
        }
        code
    }
}

/// The downloadable report of failed rows: semicolon-separated like the
/// catalogue export, with a BOM so Excel opens the accents right. Every cell goes
/// through `spreadsheet_text`: a product named "=HYPERLINK(…)" is shown, not run.
pub fn error_report_csv(errors: &[RowError]) -> String {
    let mut w = csv::WriterBuilder::new()
        .delimiter(b';')
        .from_writer(Vec::new());
    let mut write = || -> Result<Vec<u8>, Box<dyn std::error::Error>> {
        w.write_record(["Riga", "Prodotto", "Errori"])?;
        for e in errors {
            let messages = e.messages.join(" / ").replace(['\n', '\r'], " ");
            let name = e.name_or_raw.replace(['\n', '\r'], " ");
            w.write_record([
                spreadsheet_text(&e.row_number.to_string()).as_ref(),
                spreadsheet_text(&name).as_ref(),
                spreadsheet_text(&messages).as_ref(),
            ])?;
        }
        w.flush()?;
        Ok(w.get_ref().clone())
    };
    let body = write().unwrap_or_default();
    format!("\u{feff}{}", String::from_utf8_lossy(&body))
}

/// A row that only holds a filler where the name goes (".", "-", "00...."). A name of
/// invisible characters only is a missing name, an error row, not a filler.
fn is_placeholder(name: &str) -> bool {
    has_visible_text(name)
        && !name
            .chars()
            .any(|c| c.is_alphabetic() || matches!(c, '1'..='9'))
}

/// "22", "22%", "22,0", "0,22" (a fraction) → 22.
fn vat_percent(raw: &str) -> Option<u32> {
    let n: f64 = raw
        .trim()
        .trim_end_matches('%')
        .trim()
        .replace(',', ".")
        .parse()
        .ok()?;
    let percent = if n > 0.0 && n < 1.0 { n * 100.0 } else { n };
    (0.0..=100.0)
        .contains(&percent)
        .then(|| percent.round() as u32)
}

/// Cuts a long text to at most `max` characters at the end of a sentence (or of a line,
/// or of a word), never mid-word.
fn cut_at_sentence(text: &mut String, max: usize) {
    truncate_chars(text, max);
    let floor = text.len() / 2;
    let sentence = text[floor..]
        .rfind(['.', '!', '?', '\n'])
        .map(|i| floor + i + 1);
    let end = sentence.or_else(|| text.rfind(' ')).unwrap_or(text.len());
    text.truncate(end);
    let trimmed = text.trim_end().len();
    text.truncate(trimmed);
}

fn label(raw: &str) -> Option<String> {
    let mut s = clean_text(raw);
    truncate_chars(&mut s, product::LABEL);
    non_empty(s)
}

fn non_empty(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

/// What the owner recognises a nameless row by: its filled cells.
fn raw_preview(cells: &[String]) -> String {
    let mut s = cells
        .iter()
        .map(|c| clean_text(c))
        .filter(|c| !c.is_empty())
        .collect::<Vec<_>>()
        .join(" | ");
    truncate_chars(&mut s, 80);
    s
}

/// The picture file a cell names, without its folders ("C:\\Foto\\ABC.jpg" → "ABC.jpg"),
/// at most 200 characters; `None` for an empty cell or an address.
fn picture_file_name(cell: &str) -> Option<String> {
    let value = cell.trim();
    if value.is_empty() || value.contains("://") {
        return None;
    }
    let name = value.rsplit(['/', '\\']).next().unwrap_or(value).trim();
    (!name.is_empty()).then(|| name.chars().take(200).collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn table(headers: &[&str], rows: &[&[&str]]) -> Table {
        Table {
            headers: headers.iter().map(|s| s.to_string()).collect(),
            rows: rows
                .iter()
                .map(|r| r.iter().map(|s| s.to_string()).collect())
                .collect(),
            first_row_number: 2,
            ..Table::default()
        }
    }

    #[test]
    fn drafts_and_errors() {
        let t = table(
            &[
                "Nome",
                "Prezzo",
                "Disponibile",
                "EAN",
                "Immagine",
                "Descrizione",
            ],
            &[
                &[
                    "  Cemento   Portland 25kg ",
                    "12,50",
                    "sì",
                    "0801234567890",
                    "https://x/c.jpg",
                    "<p>Per <b>muri</b></p>",
                ],
                &["", "3", "", "", "", ""],
                &["Sabbia", "abc", "no", "", "", ""],
                &["", "", "", "", "", ""],
                &["Calce", "", "esaurito", "123", "c.jpg", ""],
            ],
        );
        let m = Mapping {
            name: Some("Nome".into()),
            price: Some("Prezzo".into()),
            available: Some("Disponibile".into()),
            ean: Some("EAN".into()),
            image_url: Some("Immagine".into()),
            description: Some("Descrizione".into()),
            ..Mapping::default()
        };
        let out = build_drafts(&t, &m);
        assert_eq!(out.drafts.len(), 2);
        let d = &out.drafts[0];
        assert_eq!(
            (
                d.row_number,
                d.product.name.as_str(),
                d.product.price.map(Price::cents),
                d.product.availability.in_stock()
            ),
            (2, "Cemento Portland 25kg", Some(1250), true)
        );
        assert_eq!(d.product.ean.as_deref(), Some("0801234567890"));
        assert_eq!(d.product.description.as_deref(), Some("Per muri"));
        let calce = &out.drafts[1];
        assert_eq!(
            (
                calce.row_number,
                calce.product.availability.in_stock(),
                calce.product.price,
                calce.product.image_url.clone()
            ),
            (6, false, None, None)
        );
        assert_eq!(out.errors.len(), 2);
        assert_eq!(out.errors[0].row_number, 3);
        assert_eq!(
            out.errors[0].messages,
            vec!["Il nome del prodotto è obbligatorio"]
        );
        assert_eq!(out.errors[0].name_or_raw, "3");
        assert_eq!(out.errors[1].name_or_raw, "Sabbia");
        assert_eq!(out.errors[1].messages, vec!["Prezzo non valido: «abc»"]);
        let w: Vec<_> = out
            .warnings
            .iter()
            .map(|w| (w.row_number, w.message.as_str()))
            .collect();
        assert!(
            w.iter()
                .any(|(n, m)| *n == 6 && m.starts_with("EAN non valido")),
            "{w:?}"
        );
        assert!(
            w.iter()
                .any(|(n, m)| *n == 6 && m.starts_with("URL dell'immagine non valido")),
            "{w:?}"
        );
    }

    fn prices_of(column: &[&str]) -> (Vec<Option<i64>>, Vec<String>) {
        let rows: Vec<Vec<String>> = column
            .iter()
            .enumerate()
            .map(|(i, p)| vec![format!("Prodotto {i}"), p.to_string()])
            .collect();
        let t = Table {
            headers: vec!["Nome".into(), "Prezzo".into()],
            rows,
            first_row_number: 2,
            ..Table::default()
        };
        let m = Mapping {
            name: Some("Nome".into()),
            price: Some("Prezzo".into()),
            ..Mapping::default()
        };
        let out = build_drafts(&t, &m);
        assert!(out.errors.is_empty(), "{:?}", out.errors);
        let prices = out
            .drafts
            .iter()
            .map(|d| d.product.price.map(Price::cents))
            .collect();
        let warnings = out.warnings.into_iter().map(|w| w.message).collect();
        (prices, warnings)
    }

    #[test]
    fn an_italian_or_undecided_column_reads_1_234_as_thousands_and_says_so() {
        let (prices, warnings) = prices_of(&["12,50", "1.234", "2.500", "1,234", "8"]);
        assert_eq!(
            prices,
            vec![
                Some(1250),
                Some(123_400),
                Some(250_000),
                Some(123),
                Some(800)
            ]
        );
        assert_eq!(
            warnings,
            vec!["prezzo «1.234» letto come 1.234,00 € (e altri 2 prezzi scritti così): controlla che sia giusto"]
        );
        // a list with no decimals at all is read the Italian way too
        let (prices, _) = prices_of(&["1.234", "350", "15.000"]);
        assert_eq!(prices, vec![Some(123_400), Some(35_000), Some(1_500_000)]);
        // no ambiguous price, no note
        let (_, warnings) = prices_of(&["12,50", "1.234,50", "7"]);
        assert!(warnings.is_empty(), "{warnings:?}");
    }

    #[test]
    fn a_column_written_the_english_way_reads_1_234_as_decimals() {
        // WooCommerce, Shopify or numbers out of an XLSX: every mark shown is a dot
        let (prices, warnings) = prices_of(&["12.5", "1.234", "1,234.50", "1,234", ""]);
        assert_eq!(
            prices,
            vec![Some(1250), Some(123), Some(123_450), Some(123_400), None]
        );
        assert_eq!(
            warnings,
            vec!["prezzo «1.234» letto come 1,23 € (e un altro prezzo scritto così): controlla che sia giusto"]
        );
        // one comma decimal is enough to keep the Italian reading
        let (prices, _) = prices_of(&["12.5", "3,20", "1.234"]);
        assert_eq!(prices, vec![Some(1250), Some(320), Some(123_400)]);
    }

    #[test]
    fn long_values_are_cut() {
        let long_name = "a".repeat(300);
        let long_desc = "è".repeat(6000);
        let t = table(&["Nome", "Descrizione"], &[&[&long_name, &long_desc]]);
        let m = Mapping {
            name: Some("Nome".into()),
            description: Some("Descrizione".into()),
            ..Mapping::default()
        };
        let out = build_drafts(&t, &m);
        assert_eq!(out.drafts[0].product.name.chars().count(), product::NAME);
        assert_eq!(
            out.drafts[0]
                .product
                .description
                .as_ref()
                .map(|d| d.chars().count()),
            Some(product::DESCRIPTION)
        );
    }

    #[test]
    fn fallbacks_and_shopify_variant_rows() {
        let t = table(
            &[
                "Handle",
                "Title",
                "Sale price",
                "Regular price",
                "Image Src",
            ],
            &[
                &["cemento", "Cemento", "", "10,00", "https://x/1.jpg"],
                &["cemento", "", "", "", "https://x/2.jpg"],
                &["sabbia", "Sabbia", "4", "5", ""],
            ],
        );
        let m = Mapping {
            name: Some("Title".into()),
            price: Some("Sale price".into()),
            price_fallback: Some("Regular price".into()),
            image_url: Some("Image Src".into()),
            ..Mapping::default()
        };
        let out = build_drafts(&t, &m);
        assert!(out.errors.is_empty(), "{:?}", out.errors);
        assert_eq!(
            out.drafts
                .iter()
                .map(|d| d.product.price.map(Price::cents))
                .collect::<Vec<_>>(),
            vec![Some(1000), Some(400)]
        );
    }

    /// The report read back with a CSV parser: no cell starts a formula, the text is kept.
    #[test]
    fn report_cells_never_start_a_formula() {
        let names = [
            "-20% sconto",
            "=HYPERLINK(\"http://evil.it\";\"clic\")",
            "+39 06 1234567",
            "@SUM(A1:A9)",
            "\tTAB",
            "\u{FF1D}1+1",
            "Cemento; \"Portland\"",
        ];
        let errors: Vec<RowError> = names
            .iter()
            .enumerate()
            .map(|(i, n)| RowError {
                row_number: i + 2,
                name_or_raw: n.to_string(),
                messages: vec![format!("{n} non valido")],
            })
            .collect();
        let report = error_report_csv(&errors);
        let body = report.strip_prefix('\u{feff}').unwrap();
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(b';')
            .from_reader(body.as_bytes());
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), names.len());
        for (row, name) in rows.iter().zip(names) {
            let expected = if name.starts_with("Cemento") {
                name.to_string()
            } else {
                format!("'{name}")
            };
            assert_eq!(&row[1], expected, "name cell");
            assert!(row[2].starts_with(&expected), "message cell {:?}", &row[2]);
        }
        assert_eq!(&rows[0][1], "'-20% sconto");
    }
}
