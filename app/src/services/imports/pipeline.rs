//! Processing a file: read → validate rows → match existing products → enrich. Each
//! stage is a plain function over the items, so a stage can be added or swapped (the AI
//! provider) without touching the others. Runs on a blocking thread; checks the cancel
//! flag between stages and every `CHUNK` rows.

use std::collections::HashMap;

use ai::builtin::{self, RawProduct};
use domain::{ProductFields, ProductStatus};
use import::{
    build_drafts, read_table_until, validate_mapping, ImportError, Limits, Mapping, ProductDraft,
    RowError, RowWarning, MAX_WARNINGS,
};
use serde::{Deserialize, Serialize};

use super::CancelFlag;
use crate::services::ai_enrichment;
use crate::services::products::ProductData;

/// Rows between two looks at the cancel flag.
const CHUNK: usize = 1_000;
/// Characters of a row's description kept for the embedding classifier (it reads the
/// start of it).
const CLASSIFIED_DESCRIPTION_CHARS: usize = 1_000;
/// Categories kept from the rows merged into one product.
const MAX_OTHER_CATEGORIES: usize = 10;

#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessOptions {
    /// Rewrite every name, not only complete the missing fields.
    pub regenerate_name: bool,
    /// Re-enrich rows that update an existing product (otherwise only new ones are).
    pub regenerate_present: bool,
    /// The server has an AI provider: rows it should complete after the import carry what
    /// the file said (`ImportItem::ai_input`).
    pub ai_follow_up: bool,
    /// The server has the embedding classifier: rows left without a category carry what
    /// the file said (`ImportItem::category_input`).
    pub classify: bool,
}

/// A row ready to be written: a new product, or an update of `existing_id`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportItem {
    pub row_number: usize,
    /// What the file's row says (kept flat in the processed file's JSON).
    #[serde(flatten)]
    pub product: ProductFields,
    /// `None` on an update that was not re-enriched: the product keeps its status.
    pub status: Option<ProductStatus>,
    /// The engine's reason when it was not sure (with `status`).
    pub review_note: Option<String>,
    pub existing_id: Option<i64>,
    /// The line as the file had it, when the name was tidied or rewritten.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_name: Option<String>,
    /// The category the keywords lean to when they are not sure (the review queue's groups).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_category: Option<String>,
    /// What the file said, for the AI provider to complete after the import (decision 026).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_input: Option<ai_enrichment::Input>,
    /// What the file said, for the embedding classifier to find the category the keywords
    /// could not (decision 032).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category_input: Option<ai_enrichment::Input>,
    /// The categories of later rows merged into this one (the same code), offered to the
    /// enrichment beside `category`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_categories: Vec<String>,
    /// The category as the file had it, when the shop files it elsewhere or it may learn to
    /// (`services::list_categories`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_category: Option<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Statistics {
    /// Data rows of the file that are not blank.
    pub total: usize,
    pub valid: usize,
    pub invalid: usize,
    pub create: usize,
    pub update: usize,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Processed {
    /// The file's headers and the mapping used: remembered when the import is confirmed.
    pub headers_key: String,
    pub mapping: Mapping,
    pub items: Vec<ImportItem>,
    pub errors: Vec<RowError>,
    pub warnings: Vec<RowWarning>,
    pub statistics: Statistics,
}

/// The shop's products that carry a code, to turn matching rows into updates; and, for a
/// file without a code column, its products by name and brand.
#[derive(Debug, Default)]
pub struct ExistingCodes {
    pub by_sku: HashMap<String, i64>,
    pub by_ean: HashMap<String, i64>,
    /// `name_key` → product, with and without its brand: every product for a file without a
    /// SKU column, those without a SKU for one with it (`write::ByName`).
    pub by_name: HashMap<String, i64>,
    /// The list categories the shop learned to file under its own
    /// (`services::list_categories::learned`).
    pub list_categories: HashMap<String, String>,
}

impl ExistingCodes {
    /// The product a row with these codes updates: by SKU first, then by EAN.
    pub fn product_for(&self, sku: Option<&String>, ean: Option<&String>) -> Option<i64> {
        sku.and_then(|s| self.by_sku.get(s))
            .or_else(|| ean.and_then(|e| self.by_ean.get(e)))
            .copied()
    }

    /// The product a file's row updates: by its codes; a row without a SKU, else by its
    /// name and brand.
    pub fn product_for_row(&self, d: &ProductDraft) -> Option<i64> {
        match (
            self.product_for(d.product.sku.as_ref(), d.product.ean.as_ref()),
            &d.product.sku,
        ) {
            (Some(id), _) => Some(id),
            (None, Some(_)) => None,
            // A shop's products may have a brand the file does not give (the enrichment
            // found it): a row without a brand matches on the name alone.
            (None, None) => self
                .by_name
                .get(&name_key(&d.product.name, d.product.brand.as_deref()))
                .copied(),
        }
    }
}

/// What identifies a product without a code: its name and brand, folded (case, accents,
/// punctuation and spacing do not count).
pub fn name_key(name: &str, brand: Option<&str>) -> String {
    let brand = brand.map(import::fold_key).unwrap_or_default();
    format!("{}\u{1f}{brand}", import::fold_key(name))
}

#[derive(Debug)]
pub enum ProcessError {
    File(ImportError),
    Cancelled,
}

impl From<ImportError> for ProcessError {
    fn from(e: ImportError) -> Self {
        match e {
            ImportError::Cancelled => Self::Cancelled,
            e => Self::File(e),
        }
    }
}

pub struct Upload<'a> {
    pub bytes: &'a [u8],
    pub file_name: &'a str,
    pub content_type: Option<&'a str>,
}

pub fn process(
    upload: Upload<'_>,
    mapping: &Mapping,
    options: ProcessOptions,
    existing: &ExistingCodes,
    cancel: &CancelFlag,
) -> Result<Processed, ProcessError> {
    let table = read_table_until(
        upload.bytes,
        upload.file_name,
        upload.content_type,
        &Limits::default(),
        mapping.sheet.as_deref(),
        &|| cancel.is_cancelled(),
    )?;
    checkpoint(cancel)?;
    validate_mapping(mapping, &table.headers)?;
    let outcome = build_drafts(&table, mapping);
    let headers_key = super::saved::headers_key(&table.headers);
    drop(table);
    checkpoint(cancel)?;

    let mut errors = outcome.errors;
    let mut warnings = outcome.warnings;
    let rows = outcome.drafts.len() + errors.len();
    let mut items = match_existing(outcome.drafts, existing, &mut errors, &mut warnings);
    file_list_categories(&mut items, &existing.list_categories, &mut warnings);
    checkpoint(cancel)?;
    enrich(&mut items, options, cancel)?;
    if mapping.tidy_names == Some(true) {
        tidy_names(&mut items);
        tell_apart(&mut items);
    }

    errors.sort_by_key(|e| e.row_number);
    let update = items.iter().filter(|i| i.existing_id.is_some()).count();
    let statistics = Statistics {
        total: rows,
        valid: items.len(),
        invalid: errors.len(),
        create: items.len() - update,
        update,
    };
    Ok(Processed {
        headers_key,
        mapping: mapping.clone(),
        items,
        errors,
        warnings,
        statistics,
    })
}

fn checkpoint(cancel: &CancelFlag) -> Result<(), ProcessError> {
    if cancel.is_cancelled() {
        Err(ProcessError::Cancelled)
    } else {
        Ok(())
    }
}

/// Rows whose SKU (first) or EAN matches a product of the shop update it; rows without a
/// SKU match on name and brand. Rows that repeat a SKU (a list that lists a product once
/// per catalogue category), or without a SKU repeat a name and brand, are one product: the
/// first row's, and the preview says how many rows were merged. A barcode already given to
/// an earlier row is left out of the later one, with a warning.
fn match_existing(
    drafts: Vec<ProductDraft>,
    existing: &ExistingCodes,
    errors: &mut Vec<RowError>,
    warnings: &mut Vec<RowWarning>,
) -> Vec<ImportItem> {
    // Each key's product among `items` (`None`: its first row was refused).
    let mut seen_key: HashMap<String, Option<usize>> = HashMap::new();
    let mut seen_ean: HashMap<String, usize> = HashMap::new();
    let mut updated_by: HashMap<i64, usize> = HashMap::new();
    let mut merged = 0usize;
    let mut items = Vec::with_capacity(drafts.len());
    for mut d in drafts {
        let key = match &d.product.sku {
            Some(sku) => format!("sku\u{1f}{sku}"),
            None => format!(
                "name\u{1f}{}",
                name_key(&d.product.name, d.product.brand.as_deref())
            ),
        };
        if let Some(first) = seen_key.get(&key) {
            if let (Some(at), Some(category)) = (*first, d.product.category) {
                offer_category(&mut items[at], category);
            }
            merged += 1;
            continue;
        }
        seen_key.insert(key.clone(), None);
        if let Some(row) = d.product.ean.as_ref().and_then(|e| seen_ean.get(e)) {
            if warnings.len() < MAX_WARNINGS {
                warnings.push(RowWarning {
                    row_number: d.row_number,
                    message: format!(
                        "il codice a barre {} è già della riga {row}: il prodotto è importato senza",
                        d.product.ean.as_deref().unwrap_or_default()
                    ),
                });
            }
            d.product.ean = None;
        }
        let existing_id = existing.product_for_row(&d);
        if let Some(row) = existing_id.and_then(|id| updated_by.get(&id)) {
            errors.push(RowError {
                row_number: d.row_number,
                name_or_raw: d.product.name.clone(),
                messages: vec![format!(
                    "Questo prodotto è già aggiornato dalla riga {row} del file (stesso codice SKU o EAN)"
                )],
            });
            continue;
        }
        if let Some(id) = existing_id {
            updated_by.insert(id, d.row_number);
        }
        if let Some(e) = &d.product.ean {
            seen_ean.insert(e.clone(), d.row_number);
        }
        seen_key.insert(key, Some(items.len()));
        items.push(item_of(d, existing_id));
    }
    if merged > 0 {
        // First: it is about the whole file, and the preview shows the first few.
        warnings.insert(
            0,
            RowWarning {
                row_number: 0,
                message: merged_rows_message(merged),
            },
        );
    }
    items
}

/// A category of a merged row, offered to the enrichment step beside the first row's.
fn offer_category(item: &mut ImportItem, category: String) {
    let known = item.product.category.as_ref() == Some(&category)
        || item.other_categories.contains(&category);
    if !known && item.other_categories.len() < MAX_OTHER_CATEGORIES {
        item.other_categories.push(category);
    }
}

/// Every row keeps the category its file gives as its `source_category`; a list category
/// the shop learned is filed under the owner's category instead (new rows and updates
/// alike, so a new list does not undo the owner's filing), and the preview says so.
fn file_list_categories(
    items: &mut [ImportItem],
    learned: &HashMap<String, String>,
    warnings: &mut Vec<RowWarning>,
) {
    let mut filed: Vec<(String, String, usize)> = Vec::new();
    for item in items {
        let Some(given) = item.product.category.clone() else {
            continue;
        };
        if let Some(category) = crate::services::list_categories::file(learned, &given) {
            match filed
                .iter_mut()
                .find(|(g, c, _)| *g == given && *c == category)
            {
                Some((_, _, n)) => *n += 1,
                None => filed.push((given.clone(), category.clone(), 1)),
            }
            item.product.category = Some(category);
        }
        item.source_category = Some(given);
    }
    if !filed.is_empty() {
        warnings.insert(
            0,
            RowWarning {
                row_number: 0,
                message: filed_message(&filed),
            },
        );
    }
}

/// Categories of the list shown at most in the preview's line on them.
const FILED_SHOWN: usize = 5;

/// The preview's line on the list categories filed as the owner taught.
fn filed_message(filed: &[(String, String, usize)]) -> String {
    let shown: Vec<String> = filed
        .iter()
        .take(FILED_SHOWN)
        .map(|(given, category, n)| {
            let rows = if *n == 1 { "riga" } else { "righe" };
            format!("«{given}» → «{category}» ({n} {rows})")
        })
        .collect();
    let mut message = format!(
        "Categorie del listino sistemate come le hai sistemate tu: {}",
        shown.join(", ")
    );
    if filed.len() > FILED_SHOWN {
        message.push_str(&format!(" e altre {}", filed.len() - FILED_SHOWN));
    }
    message
}

/// The import's item of a file's row; `existing_id` is the product it updates.
fn item_of(d: ProductDraft, existing_id: Option<i64>) -> ImportItem {
    ImportItem {
        row_number: d.row_number,
        product: d.product,
        status: None,
        review_note: None,
        existing_id,
        ai_input: None,
        category_input: None,
        source_name: None,
        suggested_category: None,
        other_categories: Vec::new(),
        source_category: None,
    }
}

impl ImportItem {
    /// The item of a product given whole (the API's list of products rather than a file):
    /// `existing_id` is the product it updates.
    pub fn of_product(row_number: usize, d: ProductData, existing_id: Option<i64>) -> Self {
        Self {
            row_number,
            product: d.product,
            status: Some(d.status),
            review_note: d.review_note,
            existing_id,
            ai_input: None,
            category_input: None,
            source_name: d.source_name,
            suggested_category: d.suggested_category,
            other_categories: Vec::new(),
            source_category: d.source_category,
        }
    }
}

/// The preview's line on rows merged into the product of an earlier row.
fn merged_rows_message(merged: usize) -> String {
    if merged == 1 {
        "1 riga ripete il codice (o, senza codice, il nome) di un prodotto già presente nel file: è stata unita a quel prodotto".to_owned()
    } else {
        format!("{merged} righe ripetono il codice (o, senza codice, il nome) di un prodotto già presente nel file: sono state unite a quel prodotto")
    }
}

/// The enrichment stage: the builtin engine completes description, category and brand,
/// spells the brand as the brand does and sets the status; with `regenerate_name` it also
/// rewrites the name. On the calling thread (the import worker): threads spawned for each
/// file each left their share of the file's strings in a heap of their own, and the
/// server grew with every file processed.
fn enrich(
    items: &mut [ImportItem],
    options: ProcessOptions,
    cancel: &CancelFlag,
) -> Result<(), ProcessError> {
    for chunk in items.chunks_mut(CHUNK) {
        checkpoint(cancel)?;
        for item in chunk {
            if item.existing_id.is_none() || options.regenerate_present {
                enrich_one(item, options);
            }
        }
    }
    checkpoint(cancel)
}

/// Every row's name fit to publish (new rows and updates alike, so a second import of the
/// same file writes the same names), the file's line kept beside it.
fn tidy_names(items: &mut [ImportItem]) {
    for item in items {
        let tidy = builtin::tidy_name(&item.product.name, item.product.sku.as_deref());
        if tidy != item.product.name && !tidy.is_empty() {
            let source = std::mem::replace(&mut item.product.name, tidy);
            item.source_name.get_or_insert(source);
        }
    }
}

/// Names the file repeats told apart by each row's code, "Rubinetto 1/2 (cod. RB12)", so a
/// visitor, a search engine and the owner can tell the products' pages apart (a supplier's
/// list names a model once per size or finish and puts the difference in the code). A row
/// without a code, or whose name holds it already, keeps its name.
fn tell_apart(items: &mut [ImportItem]) {
    let key = |name: &str| name.to_lowercase();
    let mut repeats: HashMap<String, u32> = HashMap::new();
    for item in items.iter() {
        *repeats.entry(key(&item.product.name)).or_default() += 1;
    }
    for item in items.iter_mut() {
        if repeats.get(&key(&item.product.name)).is_none_or(|n| *n < 2) {
            continue;
        }
        let (label, code) = match (item.product.sku.as_deref(), item.product.ean.as_deref()) {
            (Some(sku), _) if !sku.trim().is_empty() => ("cod.", sku.trim()),
            (_, Some(ean)) if !ean.trim().is_empty() => ("EAN", ean.trim()),
            _ => continue,
        };
        let told = format!("{} ({label} {code})", item.product.name);
        if item.product.name.contains(code) || told.chars().count() > domain::limits::product::NAME
        {
            continue;
        }
        let source = std::mem::replace(&mut item.product.name, told);
        item.source_name.get_or_insert(source);
    }
}

fn enrich_one(item: &mut ImportItem, options: ProcessOptions) {
    // Of the categories a product's rows give, the first the taxonomy knows (a list that
    // repeats a product under "Offerte" and under "Cementi" means the second).
    let category = std::iter::once(&item.product.category)
        .flatten()
        .chain(&item.other_categories)
        .find(|c| builtin::knows_category(c))
        .or(item.product.category.as_ref())
        .cloned();
    let given = RawProduct {
        name: &item.product.name,
        brand: item.product.brand.as_deref(),
        category: category.as_deref(),
        description: item.product.description.as_deref(),
    };
    let e = builtin::enrich(&given);
    // Not sure of a category: the one the keywords lean to groups the review queue.
    let suggestion = if e.category.is_none() {
        builtin::suggestion(&given)
    } else {
        None
    };
    if options.ai_follow_up {
        let regenerate = options.regenerate_name || options.regenerate_present;
        item.ai_input = ai_enrichment::follow_up(given, &e, options.regenerate_name, regenerate);
    }
    // The model reads every line whose category the file does not give: it finds the ones
    // the keywords missed and doubts the implausible ones. A server with an AI provider
    // leaves that to the provider.
    if options.classify && !options.ai_follow_up && category.is_none() {
        item.category_input = Some(ai_enrichment::Input {
            name: given.name.to_owned(),
            brand: given.brand.map(str::to_owned),
            category: None,
            description: given
                .description
                .map(|d| d.chars().take(CLASSIFIED_DESCRIPTION_CHARS).collect()),
            rename: false,
        });
    }
    if options.regenerate_name && e.name != item.product.name {
        let source = std::mem::replace(&mut item.product.name, e.name);
        item.source_name = Some(source);
    }
    item.product.description = Some(e.description).filter(|d| !d.is_empty());
    item.product.category = e.category;
    item.product.brand = e.brand;
    item.suggested_category = suggestion.map(str::to_owned);
    item.status = Some(e.status);
    item.review_note = e.note;
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn run(csv: &str, existing: &ExistingCodes, options: ProcessOptions) -> Processed {
        let mapping = import::propose_mapping(
            &csv.lines()
                .next()
                .unwrap()
                .split(';')
                .map(str::to_string)
                .collect::<Vec<_>>(),
        );
        let upload = Upload {
            bytes: csv.as_bytes(),
            file_name: "listino.csv",
            content_type: None,
        };
        process(upload, &mapping, options, existing, &CancelFlag::default()).unwrap()
    }

    #[test]
    fn rows_matching_a_code_update_and_the_rest_create() {
        let existing = ExistingCodes {
            by_sku: HashMap::from([("A-1".to_string(), 7)]),
            by_ean: HashMap::from([("0801234567890".to_string(), 9)]),
            ..ExistingCodes::default()
        };
        let csv = "nome;prezzo;sku;ean\n\
                   Cemento Buzzi 25 kg;6,50;A-1;\n\
                   Stucco;3;;0801234567890\n\
                   Silicone;4;B-2;\n";
        let p = run(csv, &existing, ProcessOptions::default());
        let ids: Vec<_> = p.items.iter().map(|i| i.existing_id).collect();
        assert_eq!(ids, vec![Some(7), Some(9), None]);
        assert_eq!((p.statistics.create, p.statistics.update), (1, 2));
        // updates are not re-enriched unless asked: they keep their status
        assert_eq!(p.items[0].status, None);
        assert!(p.items[2].status.is_some());
    }

    #[test]
    fn rows_that_repeat_a_code_are_one_product_and_a_repeated_barcode_is_dropped() {
        let csv = "nome;sku;categoria;ean\n\
                   Uno;X;Viti;8001234567897\n\
                   Uno;X;Offerte;8001234567897\n\
                   Tre;Y;Viti;8001234567897\n\
                   Quattro;;Viti;\n\
                   quattro;;Tasselli;\n";
        let p = run(csv, &ExistingCodes::default(), ProcessOptions::default());
        let names: Vec<&str> = p.items.iter().map(|i| i.product.name.as_str()).collect();
        assert_eq!(names, ["Uno", "Tre", "Quattro"]);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(p.items[0].product.ean.as_deref(), Some("8001234567897"));
        assert_eq!(p.items[1].product.ean, None, "the barcode is row 2's");
        let messages: Vec<&str> = p.warnings.iter().map(|w| w.message.as_str()).collect();
        assert!(
            messages.iter().any(|m| m.contains("è già della riga 2")),
            "{messages:?}"
        );
        assert!(messages.contains(&"2 righe ripetono il codice (o, senza codice, il nome) di un prodotto già presente nel file: sono state unite a quel prodotto"), "{messages:?}");
        assert_eq!(p.statistics.total, 5);
        assert_eq!((p.statistics.valid, p.statistics.invalid), (3, 0));
        assert_eq!(p.items[0].other_categories, ["Offerte"]);
        assert_eq!(p.items[2].other_categories, ["Tasselli"]);
    }

    /// A model a list names once per size, the size only in the code: each product's name
    /// says its code, the line as the file had it is kept, a name the file gives once stays.
    #[test]
    fn names_the_file_repeats_are_told_apart_by_their_codes() {
        let csv = "codice;nome;prezzo;ean\n\
                   RB12;RUBINETTO A SFERA <;10;\n\
                   RB34;Rubinetto a sfera;12;\n\
                   ;RUBINETTO A SFERA;13;8001234567897\n\
                   GU1;GUANTI NITRILE GU1;3;\n\
                   GU2;Guanti nitrile GU1;4;\n\
                   TR1;Trapano;90;\n";
        let headers: Vec<String> = ["codice", "nome", "prezzo", "ean"].map(String::from).into();
        let mut mapping = import::propose_mapping(&headers);
        mapping.tidy_names = Some(true); // as the wizard proposes for every file
        let upload = Upload {
            bytes: csv.as_bytes(),
            file_name: "listino.csv",
            content_type: None,
        };
        let p = process(
            upload,
            &mapping,
            ProcessOptions::default(),
            &ExistingCodes::default(),
            &CancelFlag::default(),
        )
        .unwrap();
        let names: Vec<&str> = p.items.iter().map(|i| i.product.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Rubinetto a sfera (cod. RB12)",
                "Rubinetto a sfera (cod. RB34)",
                "Rubinetto a sfera (EAN 8001234567897)",
                "Guanti nitrile GU1",
                "Guanti nitrile GU1 (cod. GU2)",
                "Trapano",
            ]
        );
        assert_eq!(
            p.items[0].source_name.as_deref(),
            Some("RUBINETTO A SFERA <")
        );
        assert_eq!(p.items[1].source_name.as_deref(), Some("Rubinetto a sfera"));
        assert_eq!(p.items[5].source_name, None);
    }

    /// A list that repeats a product under "Offerte" and under its trade category: the
    /// enrichment is offered both and keeps the one the taxonomy knows.
    #[test]
    fn the_categories_of_merged_rows_reach_the_enrichment() {
        let csv = "codice;nome;categoria
                   C1;Cemento Portland 32,5 R sacco 25 kg;Offerte
                   C1;Cemento Portland 32,5 R sacco 25 kg;Novità
                   C1;Cemento Portland 32,5 R sacco 25 kg;Cementi, malte e intonaci
                   C2;Guanti in nitrile;Offerte
";
        let p = run(csv, &ExistingCodes::default(), ProcessOptions::default());
        assert_eq!(p.items.len(), 2);
        assert_eq!(
            p.items[0].other_categories,
            ["Novità", "Cementi, malte e intonaci"]
        );
        assert_eq!(
            p.items[0].product.category.as_deref(),
            Some("Cementi, malte e intonaci")
        );
        assert_eq!(
            p.items[1].product.category.as_deref(),
            Some("Offerte"),
            "one row: its own"
        );
    }

    #[test]
    fn names_are_rewritten_only_when_asked() {
        let csv = "nome;prezzo\nCEM.PORTL. 32,5R KG25 BUZZI;6,50\n";
        let kept = run(csv, &ExistingCodes::default(), ProcessOptions::default());
        assert_eq!(kept.items[0].product.name, "CEM.PORTL. 32,5R KG25 BUZZI");
        assert_eq!(
            kept.items[0].product.category.as_deref(),
            Some("Cementi, malte e intonaci")
        );
        let rewritten = run(
            csv,
            &ExistingCodes::default(),
            ProcessOptions {
                regenerate_name: true,
                ..Default::default()
            },
        );
        assert_ne!(
            rewritten.items[0].product.name,
            "CEM.PORTL. 32,5R KG25 BUZZI"
        );
        assert!(rewritten.items[0].product.name.contains("25 kg"));
    }

    #[test]
    fn a_cancelled_run_stops() {
        let cancel = CancelFlag::default();
        cancel.cancel();
        let upload = Upload {
            bytes: b"nome\nUno\n",
            file_name: "a.csv",
            content_type: None,
        };
        let mapping = Mapping {
            name: Some("nome".into()),
            ..Default::default()
        };
        let r = process(
            upload,
            &mapping,
            ProcessOptions::default(),
            &ExistingCodes::default(),
            &cancel,
        );
        assert!(matches!(r, Err(ProcessError::Cancelled)));
    }
}
