//! XLSX and XLS through calamine, behind the zip guard and `catch_unwind`.
//! XLSX cells are streamed (never a dense range: a crafted sheet addressing
//! A1 and XFD1048576 would make calamine allocate billions of cells).

use std::io::Cursor;
use std::panic::{catch_unwind, AssertUnwindSafe};

use calamine::{Data, DataRef, Reader, Xls, XlsError, Xlsx, XlsxError};

use super::table::{build_table, is_blank_row, product_table_score, RawRow, RowError, RowWarning};
use super::values::truncate_chars;
use super::xls_guard::check_xls;
use super::zip_guard::check_xlsx;
use super::{ImportError, Limits, Table, Watch};

/// Rows above the header a title block may use.
const HEADER_SLACK: usize = 64;
/// Cells (XLSX) or rows (XLS) read between two looks at the cancel flag and the clock.
const WATCH_EVERY: usize = 4096;

pub(super) fn read_xlsx(
    bytes: &[u8],
    limits: &Limits,
    watch: &Watch<'_>,
    wanted: Option<&str>,
) -> Result<Table, ImportError> {
    check_xlsx(bytes, limits)?;
    let table = fenced(|| xlsx_table(bytes, limits, watch, wanted))?;
    watch.check()?;
    Ok(table)
}

pub(super) fn read_xls(
    bytes: &[u8],
    limits: &Limits,
    watch: &Watch<'_>,
    wanted: Option<&str>,
) -> Result<Table, ImportError> {
    check_xls(bytes)?;
    let table = fenced(|| xls_table(bytes, limits, watch, wanted))?;
    watch.check()?;
    Ok(table)
}

type Rows = (Vec<RawRow>, Vec<RowWarning>, Vec<RowError>);

/// A panic inside calamine on a malformed file becomes a "damaged file" error.
fn fenced(f: impl FnOnce() -> Result<Table, ImportError>) -> Result<Table, ImportError> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(Err(ImportError::CorruptSpreadsheet))
}

fn xlsx_table(
    bytes: &[u8],
    limits: &Limits,
    watch: &Watch<'_>,
    wanted: Option<&str>,
) -> Result<Table, ImportError> {
    let mut book = Xlsx::new(Cursor::new(bytes)).map_err(xlsx_error)?;
    let row_cap = limits.max_rows.saturating_add(HEADER_SLACK);
    let mut pick = SheetPick::new(book.sheet_names(), wanted)?;
    for name in book.sheet_names() {
        if !pick.wants(&name) {
            continue;
        }
        let mut reader = match book.worksheet_cells_reader(&name) {
            Ok(r) => r,
            // Chart sheets and the like: try the next sheet.
            Err(XlsxError::NotAWorksheet(_)) => continue,
            Err(e) => return Err(xlsx_error(e)),
        };
        let mut grid = Grid::new(limits);
        let mut cells = 0usize;
        while let Some(cell) = reader.next_cell().map_err(xlsx_error)? {
            if cells.is_multiple_of(WATCH_EVERY) {
                watch.check()?;
            }
            cells += 1;
            let (row, col) = cell.get_position();
            if row as usize >= row_cap {
                return Err(ImportError::TooManyRows {
                    max: limits.max_rows,
                });
            }
            let text = data_ref_text(cell.get_value());
            grid.put(row as usize, col as usize, text);
        }
        if let Some(rows) = grid.finish() {
            pick.offer(&name, rows, limits)?;
        }
    }
    pick.finish()
}

fn xls_table(
    bytes: &[u8],
    limits: &Limits,
    watch: &Watch<'_>,
    wanted: Option<&str>,
) -> Result<Table, ImportError> {
    let mut book = Xls::new(Cursor::new(bytes)).map_err(xls_error)?;
    let row_cap = limits.max_rows.saturating_add(HEADER_SLACK);
    let names = book.sheet_names();
    let mut pick = SheetPick::new(names.clone(), wanted)?;
    for (i, name) in names.iter().enumerate() {
        if !pick.wants(name) {
            continue;
        }
        let Some(range) = book.worksheet_range_at(i) else {
            continue;
        };
        let range = range.map_err(xls_error)?;
        let Some((row0, col0)) = range.start() else {
            continue;
        };
        let mut grid = Grid::new(limits);
        for (r, cells) in range.rows().enumerate() {
            if r.is_multiple_of(WATCH_EVERY) {
                watch.check()?;
            }
            let row = row0 as usize + r;
            if row >= row_cap {
                return Err(ImportError::TooManyRows {
                    max: limits.max_rows,
                });
            }
            for (c, value) in cells.iter().enumerate() {
                if !matches!(value, Data::Empty) {
                    grid.put(row, col0 as usize + c, data_text(value));
                }
            }
        }
        if let Some(rows) = grid.finish() {
            pick.offer(name, rows, limits)?;
        }
    }
    pick.finish()
}

/// Which sheet of a workbook is read: the one the owner chose, else the one that looks
/// most like a list of products (a first sheet of instructions is passed over). A
/// workbook of several sheets none of which is such a list (price matrices, covers) is
/// refused with an explanation instead of being read as rows of nonsense.
struct SheetPick<'a> {
    names: Vec<String>,
    wanted: Option<&'a str>,
    best: Option<(usize, Table)>,
    /// The only sheet with values so far, when none looks like a product list.
    only: Option<Table>,
    with_values: usize,
    /// Why the first sheet with values could not be read, for a workbook of one sheet.
    first_error: Option<ImportError>,
}

impl<'a> SheetPick<'a> {
    fn new(names: Vec<String>, wanted: Option<&'a str>) -> Result<Self, ImportError> {
        if let Some(w) = wanted.filter(|w| !names.iter().any(|n| n == w)) {
            return Err(ImportError::UnknownSheet(w.to_owned()));
        }
        Ok(SheetPick {
            names,
            wanted,
            best: None,
            only: None,
            with_values: 0,
            first_error: None,
        })
    }

    fn wants(&self, name: &str) -> bool {
        self.wanted.is_none_or(|w| w == name)
    }

    fn offer(&mut self, name: &str, rows: Rows, limits: &Limits) -> Result<(), ImportError> {
        let (raw, warnings, rejected) = rows;
        self.with_values += 1;
        let table = match build_table(raw, warnings, rejected, false, limits) {
            Ok(table) => table,
            // The chosen sheet's problem is the owner's to see; another sheet's is not.
            Err(e) if self.wanted.is_some() => return Err(e),
            Err(e @ (ImportError::NoHeader | ImportError::Empty)) => {
                self.first_error.get_or_insert(e);
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        let mut table = table;
        table.sheet = Some(name.to_owned());
        if self.wanted.is_some() {
            self.best = Some((usize::MAX, table));
            return Ok(());
        }
        match product_table_score(&table) {
            Some(score) if self.best.as_ref().is_none_or(|(b, _)| score > *b) => {
                self.best = Some((score, table));
            }
            Some(_) => {}
            None if self.with_values == 1 => self.only = Some(table),
            None => self.only = None,
        }
        Ok(())
    }

    fn finish(self) -> Result<Table, ImportError> {
        let several = self.with_values > 1;
        let mut table = match (self.best, self.only) {
            (Some((_, table)), _) => table,
            (None, Some(table)) if !several => table,
            (None, _) if several => return Err(ImportError::NotAProductList),
            (None, _) => return Err(self.first_error.unwrap_or(ImportError::Empty)),
        };
        table.sheets = self.names;
        Ok(table)
    }
}

/// Sparse cells → rows, bounded in width.
struct Grid {
    rows: Vec<RawRow>,
    max_columns: usize,
    max_field_chars: usize,
    clipped: bool,
    /// (row number, column) of cells over the size limit: their rows are rejected.
    too_long: Vec<(usize, usize)>,
}

impl Grid {
    fn new(limits: &Limits) -> Self {
        Grid {
            rows: Vec::new(),
            max_columns: limits.max_columns,
            max_field_chars: limits.max_field_chars,
            clipped: false,
            too_long: Vec::new(),
        }
    }

    fn put(&mut self, row: usize, col: usize, text: String) {
        if text.is_empty() {
            return;
        }
        if col >= self.max_columns {
            self.clipped = true;
            return;
        }
        let number = row + 1;
        if text.len() > self.max_field_chars && text.chars().count() > self.max_field_chars {
            self.too_long.push((number, col));
            return;
        }
        // Cells come in row order; out-of-order rows are rare but legal.
        let idx = match self.rows.last() {
            Some(last) if last.number == number => self.rows.len() - 1,
            Some(last) if last.number < number => self.push_row(number),
            None => self.push_row(number),
            Some(_) => match self.rows.binary_search_by_key(&number, |r| r.number) {
                Ok(i) => i,
                Err(i) => {
                    self.rows.insert(
                        i,
                        RawRow {
                            number,
                            cells: Vec::new(),
                        },
                    );
                    i
                }
            },
        };
        let cells = &mut self.rows[idx].cells;
        if cells.len() <= col {
            cells.resize(col + 1, String::new());
        }
        cells[col] = text;
    }

    fn push_row(&mut self, number: usize) -> usize {
        self.rows.push(RawRow {
            number,
            cells: Vec::new(),
        });
        self.rows.len() - 1
    }

    /// `None` for a sheet without any value.
    fn finish(mut self) -> Option<Rows> {
        if self.rows.iter().all(|r| is_blank_row(&r.cells)) && self.too_long.is_empty() {
            return None;
        }
        let mut rejected: Vec<RowError> = Vec::new();
        for (number, col) in std::mem::take(&mut self.too_long) {
            let message = format!(
                "Il campo nella colonna {} supera i {} caratteri",
                col + 1,
                self.max_field_chars
            );
            if let Some(e) = rejected.iter_mut().find(|e| e.row_number == number) {
                e.messages.push(message);
                continue;
            }
            let cells = match self.rows.binary_search_by_key(&number, |r| r.number) {
                Ok(i) => std::mem::take(&mut self.rows[i].cells),
                Err(i) => {
                    self.rows.insert(
                        i,
                        RawRow {
                            number,
                            cells: Vec::new(),
                        },
                    );
                    Vec::new()
                }
            };
            let mut preview: String = cells
                .iter()
                .find(|c| !c.trim().is_empty())
                .cloned()
                .unwrap_or_default();
            truncate_chars(&mut preview, 80);
            rejected.push(RowError {
                row_number: number,
                name_or_raw: preview,
                messages: vec![message],
            });
        }
        let mut warnings = Vec::new();
        if self.clipped {
            warnings.push(RowWarning {
                row_number: 0,
                message: format!(
                    "Le colonne oltre la {}ª sono state ignorate",
                    self.max_columns
                ),
            });
        }
        Some((self.rows, warnings, rejected))
    }
}

fn data_ref_text(v: &DataRef<'_>) -> String {
    match v {
        DataRef::Empty => String::new(),
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => iso_or_text(s),
        DataRef::SharedString(s) => (*s).to_string(),
        DataRef::Int(i) => i.to_string(),
        DataRef::Float(f) => format_number(*f),
        DataRef::Bool(b) => bool_text(*b),
        DataRef::DateTime(d) => datetime_text(d),
        DataRef::Error(e) => e.to_string(),
    }
}

fn data_text(v: &Data) -> String {
    match v {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::DateTimeIso(s) | Data::DurationIso(s) => iso_or_text(s),
        Data::Int(i) => i.to_string(),
        Data::Float(f) => format_number(*f),
        Data::Bool(b) => bool_text(*b),
        Data::DateTime(d) => datetime_text(d),
        Data::Error(e) => e.to_string(),
    }
}

/// Italian Excel shows booleans as VERO/FALSO.
fn bool_text(b: bool) -> String {
    if b { "VERO" } else { "FALSO" }.to_string()
}

/// Numbers as Excel shows them with the General format: integers without
/// ".0" (an EAN stored as a number stays all digits), others with at most 15
/// significant digits so binary noise (0.30000000000000004) disappears.
pub fn format_number(f: f64) -> String {
    if !f.is_finite() {
        return String::new();
    }
    if f.fract() == 0.0 && f.abs() < 1e15 {
        return format!("{}", f as i64);
    }
    let magnitude = if f == 0.0 {
        0
    } else {
        f.abs().log10().floor() as i32
    };
    let decimals = (14 - magnitude).clamp(0, 15) as usize;
    let s = format!("{f:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

fn datetime_text(d: &calamine::ExcelDateTime) -> String {
    if d.is_duration() {
        return format_number(d.as_f64());
    }
    let (y, m, day, h, min, s, _) = d.to_ymd_hms_milli();
    if d.as_f64() < 1.0 {
        return format!("{h:02}:{min:02}");
    }
    if h == 0 && min == 0 && s == 0 {
        format!("{day:02}/{m:02}/{y:04}")
    } else {
        format!("{day:02}/{m:02}/{y:04} {h:02}:{min:02}")
    }
}

/// "2024-03-05" or "2024-03-05T10:00:00" → "05/03/2024" (…" 10:00"); other text unchanged.
fn iso_or_text(s: &str) -> String {
    let b = s.as_bytes();
    let is_date = b.len() >= 10
        && b[4] == b'-'
        && b[7] == b'-'
        && [0, 1, 2, 3, 5, 6, 8, 9]
            .iter()
            .all(|&i| b[i].is_ascii_digit());
    if !is_date || (b.len() > 10 && b[10] != b'T' && b[10] != b' ') {
        return s.to_string();
    }
    let date = format!("{}/{}/{}", &s[8..10], &s[5..7], &s[..4]);
    match s.get(11..16) {
        Some(t) if t != "00:00" => format!("{date} {t}"),
        _ => date,
    }
}

fn xlsx_error(e: XlsxError) -> ImportError {
    match e {
        XlsxError::Password => ImportError::PasswordProtected,
        XlsxError::Zip(_) | XlsxError::FileNotFound(_) => ImportError::CorruptSpreadsheet,
        _ => ImportError::CorruptSpreadsheet,
    }
}

fn xls_error(e: XlsError) -> ImportError {
    match e {
        XlsError::Password => ImportError::PasswordProtected,
        _ => ImportError::CorruptSpreadsheet,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_shown() {
        assert_eq!(format_number(8012345678901.0), "8012345678901");
        assert_eq!(format_number(12.5), "12.5");
        assert_eq!(format_number(0.1 + 0.2), "0.3");
        assert_eq!(format_number(-3.0), "-3");
        assert_eq!(format_number(1234.56), "1234.56");
    }

    #[test]
    fn iso_dates() {
        assert_eq!(iso_or_text("2024-03-05"), "05/03/2024");
        assert_eq!(iso_or_text("2024-03-05T10:30:00"), "05/03/2024 10:30");
        assert_eq!(iso_or_text("2024-03-05T00:00:00"), "05/03/2024");
        assert_eq!(iso_or_text("Cemento"), "Cemento");
    }
}
