//! The METEL barcode file: the maker's barcodes for the products of its price list, sent
//! beside it (`docs/decisions/030-metel-price-lists.md`).
//!
//! Each record starts with the product's METEL key at the positions every METEL file shares
//! (maker code 1–3, product code 4–19). Where the barcode sits after it is read from the
//! file itself: the column where nearly every record holds a number with a right GS1 check
//! digit. A random column passes that check one time in ten, so a file whose column is not
//! found is left unread, and no barcode is ever taken from a wrong place.

use std::collections::HashMap;

use super::metel::{key, KEY_END};
use super::values::is_gtin;

/// Records looked at to find the barcode column.
const SAMPLE: usize = 2_000;
/// Share of the sampled records that must hold a valid barcode at the column found.
const AGREEMENT: f64 = 0.9;
/// The barcode column is looked for between the key's end and this position.
const LAST_START: usize = 120;

/// The barcode starting at `at`: a run of digits that is a valid GTIN. A run of 13 digits
/// or more glued to the next field gives its first 13; exactly 14 is a GTIN-14.
fn barcode_at(chars: &[char], at: usize) -> Option<String> {
    let run: String = chars
        .get(at..)?
        .iter()
        .take(20)
        .take_while(|c| c.is_ascii_digit())
        .collect();
    let candidate = match run.len() {
        8 | 12 | 14 => run,
        n if n >= 13 => run[..13].to_owned(),
        _ => return None,
    };
    is_gtin(&candidate).then_some(candidate)
}

/// The column (0-based) where at least 90 % of the sampled records hold a valid barcode.
fn barcode_column(records: &[Vec<char>]) -> Option<usize> {
    let sample = &records[..records.len().min(SAMPLE)];
    if sample.is_empty() {
        return None;
    }
    let widest = sample.iter().map(Vec::len).max().unwrap_or(0);
    let (best, count) = (KEY_END..widest.min(LAST_START))
        .map(|at| {
            let count = sample
                .iter()
                .filter(|r| barcode_at(r, at).is_some())
                .count();
            (at, count)
        })
        // The first of equals.
        .max_by_key(|&(at, count)| (count, std::cmp::Reverse(at)))?;
    (count > 0 && count as f64 >= AGREEMENT * sample.len() as f64).then_some(best)
}

/// The barcodes of one file, by METEL key (the first barcode a key has).
#[derive(Debug, Default)]
pub(crate) struct Barcodes {
    by_key: HashMap<(String, String), String>,
}

impl Barcodes {
    /// Reads a barcode file's text; `None` when no barcode column is found in it.
    pub(crate) fn read(text: &str) -> Option<Barcodes> {
        let records: Vec<Vec<char>> = text
            .lines()
            .filter(|l| l.chars().count() > KEY_END && !l.trim().is_empty())
            .map(|l| l.chars().collect())
            .collect();
        let column = barcode_column(&records)?;
        let mut by_key = HashMap::new();
        for record in &records {
            let (maker, code) = key(record);
            if code.is_empty() {
                continue;
            }
            if let Some(barcode) = barcode_at(record, column) {
                by_key.entry((maker, code)).or_insert(barcode);
            }
        }
        Some(Barcodes { by_key })
    }

    /// Adds another file's barcodes; a key already known keeps its own.
    pub(crate) fn merge(&mut self, other: Barcodes) {
        for (key, barcode) in other.by_key {
            self.by_key.entry(key).or_insert(barcode);
        }
    }

    pub(crate) fn get(&self, maker: &str, code: &str) -> Option<&str> {
        self.by_key
            .get(&(maker.to_ascii_uppercase(), code.to_owned()))
            .map(String::as_str)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A record with the key at its positions and `tail` from position 20 on.
    fn line(maker: &str, code: &str, tail: &str) -> String {
        format!("{maker:<3}{code:<16}{tail}")
    }

    /// A GTIN-13 made of `body` (12 digits) and its check digit.
    fn gtin(body: &str) -> String {
        let sum: u32 = body
            .bytes()
            .rev()
            .enumerate()
            .map(|(i, b)| u32::from(b - b'0') * if i % 2 == 0 { 3 } else { 1 })
            .sum();
        format!("{body}{}", (10 - sum % 10) % 10)
    }

    #[test]
    fn the_barcode_column_is_found_where_the_check_digits_agree() {
        // A header line, then barcodes at position 25 (after a 5-character field): one glued
        // to the next field, an EAN-8 padded to 13, one with a wrong check digit.
        let mut lines = vec![
            "BARCODE METEL BTI 20260301".to_owned(),
            line("BTI", "N4001N", "PZ   8012199012346   1"),
            line("BTI", "N4002N", "PZ   80121990123530001"),
            line("BTI", "N4003N", "CF   96385074        2"),
            line("bti", "N4004N", "PZ   5012345678900   1"),
            line("BTI", "N4005N", "PZ   8001234567890   1"),
        ];
        lines.extend((10..40).map(|i| {
            line(
                "BTI",
                &format!("K{i}"),
                &format!("PZ   {}   1", gtin(&format!("8012199010{i}"))),
            )
        }));
        let barcodes = Barcodes::read(&lines.join("\r\n")).unwrap();
        assert_eq!(barcodes.get("BTI", "N4001N"), Some("8012199012346"));
        assert_eq!(barcodes.get("BTI", "N4002N"), Some("8012199012353"));
        assert_eq!(barcodes.get("BTI", "N4003N"), Some("96385074"));
        assert_eq!(barcodes.get("BTI", "N4004N"), Some("5012345678900"));
        assert_eq!(
            barcodes.get("BTI", "K10"),
            Some(gtin("801219901010").as_str())
        );
        // A wrong check digit: the product gets none.
        assert_eq!(barcodes.get("BTI", "N4005N"), None);
        assert_eq!(barcodes.get("BTI", "N9999"), None);
    }

    #[test]
    fn too_few_valid_barcodes_leave_the_file_unread() {
        // Half the records with a right check digit at one column is chance, not a layout.
        let lines: Vec<String> = (10..40)
            .map(|i| {
                let code = gtin(&format!("8012199010{i}"));
                let code = if i % 2 == 0 {
                    code
                } else {
                    format!("{}0", &code[..12])
                };
                line("BTI", &format!("K{i}"), &code)
            })
            .collect();
        assert!(Barcodes::read(&lines.join("\n")).is_none());
    }

    #[test]
    fn a_file_without_a_barcode_column_is_not_read() {
        // A statistical families file: keys and descriptions, no barcodes.
        let text = (1..=50)
            .map(|i| {
                line(
                    "VIM",
                    &format!("FAM{i:03}"),
                    &format!("Famiglia {i} 000123"),
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(Barcodes::read(&text).is_none());
        assert!(Barcodes::read("").is_none());
    }

    #[test]
    fn the_first_barcode_of_a_key_is_kept() {
        let text = [
            line("VIM", "14001", "8007352136014"),
            line("VIM", "14001", "4006381333931"),
        ]
        .join("\n");
        let mut barcodes = Barcodes::read(&text).unwrap();
        assert_eq!(barcodes.get("VIM", "14001"), Some("8007352136014"));
        barcodes.merge(Barcodes::read(&line("VIM", "14001", "5012345678900")).unwrap());
        assert_eq!(barcodes.get("VIM", "14001"), Some("8007352136014"));
    }
}
