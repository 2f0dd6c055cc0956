//! The uniform table every reader produces, and header-row detection shared
//! by the CSV and spreadsheet readers.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::values::looks_numeric;
use super::{ImportError, Limits};

/// A non-blocking note about one row (or the file), shown to the shop owner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowWarning {
    /// Spreadsheet row number (1-based, as Excel shows it); 0 for the whole file.
    pub row_number: usize,
    pub message: String,
}

/// A row that cannot become a product, with every reason in Italian.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowError {
    pub row_number: usize,
    /// The product name when the row has one, else the start of the raw row.
    pub name_or_raw: String,
    pub messages: Vec<String>,
}

/// The uploaded file as text cells. Every row has exactly `headers.len()` cells,
/// except rows rejected while reading, which are empty (see `rejected`).
#[derive(Debug, Clone, Default)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Spreadsheet row number of `rows[0]`; `rows[i]` is row `first_row_number + i`.
    pub first_row_number: usize,
    pub warnings: Vec<RowWarning>,
    /// Rows refused at read time (e.g. a field over the size limit).
    pub rejected: Vec<RowError>,
    /// Every sheet of a workbook (empty for a CSV), for the owner to choose another.
    pub sheets: Vec<String>,
    /// The sheet read.
    pub sheet: Option<String>,
    /// The trade format recognised (a METEL list), in Italian, for the wizard.
    pub format_note: Option<String>,
}

impl Table {
    pub fn row_number(&self, index: usize) -> usize {
        self.first_row_number + index
    }

    /// Rows that carry at least one non-blank cell.
    pub fn data_row_count(&self) -> usize {
        self.data_rows().count()
    }

    /// Non-blank rows with their spreadsheet row numbers (for samples and totals).
    pub fn data_rows(&self) -> impl Iterator<Item = (usize, &[String])> + '_ {
        self.rows
            .iter()
            .enumerate()
            .filter(|(_, r)| !is_blank_row(r))
            .map(|(i, r)| (self.first_row_number + i, r.as_slice()))
    }
}

/// A row as read from the file, before the header is known.
#[derive(Debug, Clone)]
pub struct RawRow {
    /// 1-based spreadsheet row number.
    pub number: usize,
    pub cells: Vec<String>,
}

pub fn is_blank_row(cells: &[String]) -> bool {
    cells.iter().all(|c| c.trim().is_empty())
}

/// How far down a title block may push the header.
const HEADER_SEARCH_ROWS: usize = 30;
/// Keep the warning list readable and bounded on pathological files.
pub const MAX_WARNINGS: usize = 1000;

/// Pick the header row and turn raw rows into a `Table`.
/// `ragged_check`: report data rows whose width differs from the header (CSV only;
/// a spreadsheet has no notion of a row's declared width).
pub fn build_table(
    raw: Vec<RawRow>,
    mut warnings: Vec<RowWarning>,
    mut rejected: Vec<RowError>,
    ragged_check: bool,
    limits: &Limits,
) -> Result<Table, ImportError> {
    let header_idx = find_header(&raw)?;
    let mut iter = raw.into_iter().skip(header_idx);
    let header_row = iter.next().ok_or(ImportError::Empty)?;
    let headers = make_headers(header_row.cells);
    let width = headers.len();
    let first_row_number = header_row.number + 1;

    // Rows refused before the header row are not products.
    rejected.retain(|e| e.row_number > header_row.number);
    warnings.retain(|w| w.row_number == 0 || w.row_number > header_row.number);
    let rejected_rows: HashSet<usize> = rejected.iter().map(|e| e.row_number).collect();

    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut ragged = 0usize;
    for r in iter {
        let index = r.number.saturating_sub(first_row_number);
        if index >= limits.max_rows {
            return Err(ImportError::TooManyRows {
                max: limits.max_rows,
            });
        }
        // Gaps (blank lines, empty sheet rows) stay as empty rows so that
        // `first_row_number + i` is always the number the owner sees.
        while rows.len() < index {
            rows.push(Vec::new());
        }
        let mut cells = r.cells;
        let is_rejected = cells.is_empty() && rejected_rows.contains(&r.number);
        if !is_rejected && ragged_check && !is_blank_row(&cells) {
            let extra_filled = cells.iter().skip(width).any(|c| !c.trim().is_empty());
            if cells.len() < width || extra_filled {
                ragged += 1;
                if warnings.len() < MAX_WARNINGS {
                    warnings.push(RowWarning {
                        row_number: r.number,
                        message: "numero di colonne diverso dall'intestazione".to_owned(),
                    });
                }
            }
        }
        if !is_rejected {
            cells.resize(width, String::new());
        }
        rows.push(cells);
    }
    if ragged > MAX_WARNINGS {
        warnings.push(RowWarning {
            row_number: 0,
            message: format!(
                "In totale {ragged} righe hanno un numero di colonne diverso dall'intestazione"
            ),
        });
    }
    // Trailing blank rows are noise from spreadsheet editors.
    while rows.last().is_some_and(|r| is_blank_row(r)) {
        rows.pop();
    }
    Ok(Table {
        headers,
        rows,
        first_row_number,
        warnings,
        rejected,
        sheets: Vec::new(),
        sheet: None,
        format_note: None,
    })
}

/// Rows looked at to judge a sheet.
const JUDGED_ROWS: usize = 200;

/// How much a sheet looks like a list of products, `None` when it does not: a column of
/// words (names), and a column of numbers (prices, codes) or at least three named columns.
/// Instructions (one column of sentences), covers (two columns of titles) and price
/// matrices (numbers under numbers) are not lists. The score grows with the rows and the
/// named columns, so the main list wins over a small sheet of settings.
pub fn product_table_score(table: &Table) -> Option<usize> {
    let named = table
        .headers
        .iter()
        .filter(|h| !is_generated_header(h))
        .count();
    let rows: Vec<&[String]> = table
        .data_rows()
        .take(JUDGED_ROWS)
        .map(|(_, r)| r)
        .collect();
    if rows.is_empty() || named < 2 {
        return None;
    }
    let mut words = false;
    let mut numbers = false;
    for col in 0..table.headers.len() {
        let values: Vec<&str> = rows
            .iter()
            .filter_map(|r| r.get(col).map(|c| c.trim()))
            .filter(|c| !c.is_empty())
            .collect();
        if values.len() * 2 < rows.len() {
            continue;
        }
        let numeric = values.iter().filter(|v| looks_numeric(v)).count();
        let wordy = values.iter().filter(|v| has_word(v)).count();
        words |= wordy * 2 >= values.len() && numeric * 2 < values.len();
        numbers |= numeric * 5 >= values.len() * 4;
    }
    (words && (numbers || named >= 3)).then(|| table.data_row_count() * named.min(10))
}

fn is_generated_header(header: &str) -> bool {
    header
        .strip_prefix("Colonna ")
        .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
}

/// Three letters in a row: a word, not a code like "A1" or a size like "15x76".
fn has_word(value: &str) -> bool {
    let mut run = 0;
    for c in value.chars() {
        run = if c.is_alphabetic() { run + 1 } else { 0 };
        if run >= 3 {
            return true;
        }
    }
    false
}

/// The header is the first row with ≥ 2 filled cells, nearly all text, about as
/// wide as the rows below it: this skips title rows like "Listino 2024".
fn find_header(raw: &[RawRow]) -> Result<usize, ImportError> {
    let candidates: Vec<usize> = raw
        .iter()
        .enumerate()
        .filter(|(_, r)| !is_blank_row(&r.cells))
        .map(|(i, _)| i)
        .take(HEADER_SEARCH_ROWS)
        .collect();
    let first = *candidates.first().ok_or(ImportError::Empty)?;
    let filled = |i: usize| raw[i].cells.iter().filter(|c| !c.trim().is_empty()).count();
    for (pos, &i) in candidates.iter().enumerate() {
        let n = filled(i);
        if n < 2 {
            continue;
        }
        let text = raw[i]
            .cells
            .iter()
            .filter(|c| !c.trim().is_empty() && !looks_numeric(c))
            .count();
        if text * 5 < n * 4 {
            continue;
        }
        // Compare with the widest of the next few rows: a wide table under a
        // two-cell subtitle ("Listino", "2024") must not take the subtitle.
        let below = candidates[pos + 1..]
            .iter()
            .take(5)
            .map(|&j| filled(j))
            .max()
            .unwrap_or(0);
        if n * 2 >= below {
            return Ok(i);
        }
    }
    // A one-column file ("Nome" then names) or an unusual layout: accept the
    // first filled row unless it is clearly data.
    let first_cells = &raw[first].cells;
    if first_cells
        .iter()
        .any(|c| !c.trim().is_empty() && looks_numeric(c))
    {
        return Err(ImportError::NoHeader);
    }
    Ok(first)
}

/// Clean header names; empty ones become "Colonna N" and duplicates get a
/// suffix, so a mapping can always name one column unambiguously. Linear in the
/// number of names: every name taken is in a set, and the next suffix to try for
/// a repeated name is remembered, so no suffix is tried twice.
fn make_headers(cells: Vec<String>) -> Vec<String> {
    // Drop trailing empty header cells (a trailing separator, formatted columns).
    let mut end = cells.len();
    while end > 0 && cells[end - 1].trim().is_empty() {
        end -= 1;
    }
    let mut out: Vec<String> = Vec::with_capacity(end);
    let mut taken: HashSet<String> = HashSet::with_capacity(end);
    let mut next_suffix: HashMap<String, usize> = HashMap::new();
    for (i, c) in cells.into_iter().take(end).enumerate() {
        let mut name: String = c.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.chars().count() > 200 {
            name = name.chars().take(200).collect();
        }
        if name.is_empty() {
            name = format!("Colonna {}", i + 1);
        }
        if taken.contains(&name) {
            let k = next_suffix.entry(name.clone()).or_insert(2);
            let mut candidate = format!("{name} ({k})");
            while taken.contains(&candidate) {
                *k += 1;
                candidate = format!("{name} ({k})");
            }
            *k += 1;
            name = candidate;
        }
        taken.insert(name.clone());
        out.push(name);
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn raw(rows: &[&[&str]]) -> Vec<RawRow> {
        rows.iter()
            .enumerate()
            .map(|(i, r)| RawRow {
                number: i + 1,
                cells: r.iter().map(|s| s.to_string()).collect(),
            })
            .collect()
    }

    #[test]
    fn header_below_title_rows() {
        let t = build_table(
            raw(&[
                &["Listino prezzi 2024", "", ""],
                &["", "", ""],
                &["Nome", "Prezzo", "Marca"],
                &["Cemento", "5,50", "Buzzi"],
            ]),
            vec![],
            vec![],
            false,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(t.headers, vec!["Nome", "Prezzo", "Marca"]);
        assert_eq!(t.first_row_number, 4);
        assert_eq!(t.rows, vec![vec!["Cemento", "5,50", "Buzzi"]]);
    }

    #[test]
    fn headerless_data_is_refused() {
        let r = build_table(
            raw(&[&["Cemento", "5,50", "12"], &["Sabbia", "3,00", "4"]]),
            vec![],
            vec![],
            false,
            &Limits::default(),
        );
        assert!(matches!(r, Err(ImportError::NoHeader)));
    }

    #[test]
    fn single_column_and_duplicates() {
        let t = build_table(
            raw(&[&["Nome"], &["Cemento"]]),
            vec![],
            vec![],
            false,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(t.headers, vec!["Nome"]);
        assert_eq!(
            make_headers(vec!["A".into(), "".into(), "A".into(), "".into()]),
            vec!["A", "Colonna 2", "A (2)"]
        );
    }

    #[test]
    fn repeated_names_take_the_next_free_suffix() {
        let names = |v: &[&str]| make_headers(v.iter().map(|s| s.to_string()).collect());
        // "a (2)" is already a column: the second "a" becomes "a (3)".
        assert_eq!(
            names(&["a", "a (2)", "a", "a", "a (2)"]),
            vec!["a", "a (2)", "a (3)", "a (4)", "a (2) (2)"]
        );
    }

    /// 100,000 columns named alike (a crafted CSV header): the old search for a free
    /// suffix rescanned every earlier name for every suffix tried, about 10^15 string
    /// comparisons here; now it is one set lookup per name.
    #[test]
    fn a_hundred_thousand_identical_names_are_numbered_in_one_pass() {
        let headers = make_headers(vec!["a".to_string(); 100_000]);
        assert_eq!(headers.len(), 100_000);
        assert_eq!(headers[1], "a (2)");
        assert_eq!(headers[99_999], "a (100000)");
        let distinct: HashSet<&String> = headers.iter().collect();
        assert_eq!(distinct.len(), headers.len());
    }

    #[test]
    fn gaps_keep_row_numbers_and_ragged_rows_warn() {
        let rows = vec![
            RawRow {
                number: 1,
                cells: vec!["Nome".into(), "Prezzo".into()],
            },
            RawRow {
                number: 2,
                cells: vec!["A".into(), "1".into()],
            },
            RawRow {
                number: 4,
                cells: vec!["B".into()],
            },
            RawRow {
                number: 5,
                cells: vec!["C".into(), "2".into(), "x".into()],
            },
        ];
        let t = build_table(rows, vec![], vec![], true, &Limits::default()).unwrap();
        assert_eq!(t.rows.len(), 4);
        assert_eq!(t.row_number(2), 4);
        assert_eq!(t.rows[2], vec!["B", ""]);
        let msgs: Vec<_> = t
            .warnings
            .iter()
            .map(|w| (w.row_number, w.message.as_str()))
            .collect();
        assert_eq!(
            msgs,
            vec![
                (4, "numero di colonne diverso dall'intestazione"),
                (5, "numero di colonne diverso dall'intestazione")
            ]
        );
    }

    #[test]
    fn too_many_rows() {
        let limits = Limits {
            max_rows: 2,
            ..Limits::default()
        };
        let r = build_table(
            raw(&[&["Nome", "X"], &["a", "b"], &["a", "b"], &["a", "b"]]),
            vec![],
            vec![],
            false,
            &limits,
        );
        assert!(matches!(r, Err(ImportError::TooManyRows { max: 2 })));
    }
}
