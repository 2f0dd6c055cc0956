//! Processing a file: read → validate rows → match existing products → enrich. Each
//! stage is a plain function over the items, so a stage can be added or swapped (the AI
//! provider) without touching the others. Runs on a blocking thread; checks the cancel
//! flag between stages and every `CHUNK` rows.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::CancelFlag;
use crate::ai::builtin::{self, RawProduct};
use crate::domain::{Price, ProductStatus};
use crate::import::{
    build_drafts, read_table_until, validate_mapping, ImportError, Limits, Mapping, ProductDraft,
    RowError, RowWarning,
};
use crate::services::ai_enrichment;

/// Rows between two looks at the cancel flag.
const CHUNK: usize = 1_000;

#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessOptions {
    /// Rewrite every name, not only complete the missing fields.
    pub regenerate_name: bool,
    /// Re-enrich rows that update an existing product (otherwise only new ones are).
    pub regenerate_present: bool,
    /// The server has an AI provider: rows it should complete after the import carry what
    /// the file said (`ImportItem::ai_input`).
    pub ai_follow_up: bool,
}

/// A row ready to be written: a new product, or an update of `existing_id`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportItem {
    pub row_number: usize,
    pub name: String,
    pub price: Option<Price>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub brand: Option<String>,
    pub image_url: Option<String>,
    pub in_stock: bool,
    /// `None` on an update that was not re-enriched: the product keeps its status.
    pub status: Option<ProductStatus>,
    /// The engine's reason when it was not sure (with `status`).
    pub review_note: Option<String>,
    pub sku: Option<String>,
    pub ean: Option<String>,
    pub existing_id: Option<i64>,
    /// What the file said, for the AI provider to complete after the import (decision 026).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_input: Option<ai_enrichment::Input>,
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

/// The shop's products that carry a code, to turn matching rows into updates.
#[derive(Debug, Default)]
pub struct ExistingCodes {
    pub by_sku: HashMap<String, i64>,
    pub by_ean: HashMap<String, i64>,
}

impl ExistingCodes {
    /// The product a row with these codes updates: by SKU first, then by EAN.
    pub fn product_for(&self, sku: Option<&String>, ean: Option<&String>) -> Option<i64> {
        sku.and_then(|s| self.by_sku.get(s))
            .or_else(|| ean.and_then(|e| self.by_ean.get(e)))
            .copied()
    }
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
    let mut items = match_existing(outcome.drafts, existing, &mut errors);
    checkpoint(cancel)?;
    enrich(&mut items, options, cancel)?;

    errors.sort_by_key(|e| e.row_number);
    let update = items.iter().filter(|i| i.existing_id.is_some()).count();
    let statistics = Statistics {
        total: items.len() + errors.len(),
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
        warnings: outcome.warnings,
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

/// Rows whose SKU (first) or EAN matches a product of the shop update it. A code seen
/// twice in the file rejects the later row: two rows cannot both be the same product.
fn match_existing(
    drafts: Vec<ProductDraft>,
    existing: &ExistingCodes,
    errors: &mut Vec<RowError>,
) -> Vec<ImportItem> {
    let mut seen_sku: HashMap<String, usize> = HashMap::new();
    let mut seen_ean: HashMap<String, usize> = HashMap::new();
    let mut updated_by: HashMap<i64, usize> = HashMap::new();
    let mut items = Vec::with_capacity(drafts.len());
    for d in drafts {
        let earlier = d
            .sku
            .as_ref()
            .and_then(|s| seen_sku.get(s).map(|r| ("SKU", s, *r)))
            .or_else(|| {
                d.ean
                    .as_ref()
                    .and_then(|e| seen_ean.get(e).map(|r| ("EAN", e, *r)))
            });
        if let Some((kind, code, row)) = earlier {
            errors.push(RowError {
                row_number: d.row_number,
                name_or_raw: d.name.clone(),
                messages: vec![format!(
                    "Il codice {kind} {code} è già usato alla riga {row} del file"
                )],
            });
            continue;
        }
        let existing_id = existing.product_for(d.sku.as_ref(), d.ean.as_ref());
        if let Some(row) = existing_id.and_then(|id| updated_by.get(&id)) {
            errors.push(RowError {
                row_number: d.row_number,
                name_or_raw: d.name.clone(),
                messages: vec![format!(
                    "Questo prodotto è già aggiornato dalla riga {row} del file (stesso codice SKU o EAN)"
                )],
            });
            continue;
        }
        if let Some(id) = existing_id {
            updated_by.insert(id, d.row_number);
        }
        if let Some(s) = &d.sku {
            seen_sku.insert(s.clone(), d.row_number);
        }
        if let Some(e) = &d.ean {
            seen_ean.insert(e.clone(), d.row_number);
        }
        items.push(ImportItem {
            row_number: d.row_number,
            name: d.name,
            price: d.price,
            description: d.description,
            category: d.category,
            brand: d.brand,
            image_url: d.image_url,
            in_stock: d.in_stock,
            status: None,
            review_note: None,
            sku: d.sku,
            ean: d.ean,
            existing_id,
            ai_input: None,
        });
    }
    items
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

fn enrich_one(item: &mut ImportItem, options: ProcessOptions) {
    let given = RawProduct {
        name: &item.name,
        brand: item.brand.as_deref(),
        category: item.category.as_deref(),
        description: item.description.as_deref(),
    };
    let e = builtin::enrich(&given);
    if options.ai_follow_up {
        let regenerate = options.regenerate_name || options.regenerate_present;
        item.ai_input = ai_enrichment::follow_up(given, &e, options.regenerate_name, regenerate);
    }
    if options.regenerate_name {
        item.name = e.name;
    }
    item.description = Some(e.description).filter(|d| !d.is_empty());
    item.category = e.category;
    item.brand = e.brand;
    item.status = Some(e.status);
    item.review_note = e.note;
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn run(csv: &str, existing: &ExistingCodes, options: ProcessOptions) -> Processed {
        let mapping = crate::import::propose_mapping(
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
    fn a_code_repeated_in_the_file_rejects_the_later_row() {
        let csv = "nome;sku\nUno;X\nDue;X\nTre;Y\n";
        let p = run(csv, &ExistingCodes::default(), ProcessOptions::default());
        assert_eq!(p.items.len(), 2);
        assert_eq!(p.errors.len(), 1);
        assert_eq!(p.errors[0].row_number, 3);
        assert!(p.errors[0].messages[0].contains("riga 2"));
        assert_eq!(p.statistics.total, 3);
    }

    #[test]
    fn names_are_rewritten_only_when_asked() {
        let csv = "nome;prezzo\nCEM.PORTL. 32,5R KG25 BUZZI;6,50\n";
        let kept = run(csv, &ExistingCodes::default(), ProcessOptions::default());
        assert_eq!(kept.items[0].name, "CEM.PORTL. 32,5R KG25 BUZZI");
        assert_eq!(
            kept.items[0].category.as_deref(),
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
        assert_ne!(rewritten.items[0].name, "CEM.PORTL. 32,5R KG25 BUZZI");
        assert!(rewritten.items[0].name.contains("25 kg"));
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
