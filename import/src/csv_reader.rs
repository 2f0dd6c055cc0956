//! CSV: encoding and separator detection, then the `csv` crate (flexible).

use std::borrow::Cow;

use super::table::{build_table, RawRow, RowError};
use super::{ImportError, Limits, Table, Watch};

/// Candidate separators, in order of preference on ties.
const SEPARATORS: [u8; 4] = [b';', b'\t', b',', b'|'];
/// Lines sampled for separator detection.
const SAMPLE_LINES: usize = 50;
/// Records read between two looks at the cancel flag and the clock.
const WATCH_EVERY: usize = 256;

pub(super) fn read_csv(
    bytes: &[u8],
    limits: &Limits,
    watch: &Watch<'_>,
) -> Result<Table, ImportError> {
    watch.check()?;
    let text = decode(bytes);
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    // Excel's "sep=;" hint line: honour it and hide it, as Excel does.
    let (body, hinted) = split_sep_hint(&text);
    let sep = hinted.unwrap_or_else(|| detect_separator(body));
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(sep)
        .from_reader(body.as_bytes());

    let mut raw: Vec<RawRow> = Vec::new();
    let mut rejected: Vec<RowError> = Vec::new();
    let mut record = csv::StringRecord::new();
    let mut rows = RowNumbers::default();
    // Header search may skip a few title rows; allow for them.
    let row_cap = limits.max_rows.saturating_add(64);
    let mut records = 0usize;
    loop {
        if records.is_multiple_of(WATCH_EVERY) {
            watch.check()?;
        }
        records += 1;
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let line = e.position().map_or(rows.next_line, |p| p.line());
                return Err(ImportError::CorruptCsv(format!("errore alla riga {line}")));
            }
        }
        let row_number = rows.after(&record, reader.position().line());
        if row_number > row_cap {
            return Err(ImportError::TooManyRows {
                max: limits.max_rows,
            });
        }
        fit_width(&mut record, limits.max_columns)?;
        let too_long = record.iter().position(|f| {
            f.len() > limits.max_field_chars && f.chars().count() > limits.max_field_chars
        });
        let cells = match too_long {
            Some(col) => {
                rejected.push(long_field_error(row_number, col, &record, limits));
                Vec::new()
            }
            None => record.iter().map(str::to_owned).collect(),
        };
        raw.push(RawRow {
            number: row_number,
            cells,
        });
    }
    if raw.is_empty() {
        return Err(ImportError::Empty);
    }
    if raw.iter().all(|r| r.cells.is_empty()) {
        // Every row rejected: nothing usable, not even a header.
        return Err(ImportError::NoHeader);
    }
    watch.check()?;
    build_table(raw, Vec::new(), rejected, true, limits)
}

/// Spreadsheet row numbering: one row per record, blank lines count as rows (as Excel
/// shows them), a quoted newline does not start a new row.
struct RowNumbers {
    row_number: usize,
    /// The reader's line after the last record.
    next_line: u64,
}

impl Default for RowNumbers {
    fn default() -> Self {
        Self {
            row_number: 0,
            next_line: 1,
        }
    }
}

impl RowNumbers {
    /// The row number of `record`, which ends before the reader's line `end_line`: the
    /// lines since the last record, minus those the record itself spans, are blank rows.
    fn after(&mut self, record: &csv::StringRecord, end_line: u64) -> usize {
        let spanned = 1 + record.as_slice().bytes().filter(|&b| b == b'\n').count() as u64;
        let blank = end_line
            .saturating_sub(self.next_line)
            .saturating_sub(spanned);
        self.row_number += 1 + blank as usize;
        self.next_line = end_line;
        self.row_number
    }
}

/// As wide as a spreadsheet may be: empty cells past `max_columns` (trailing separators)
/// are dropped, a filled one refuses the file.
fn fit_width(record: &mut csv::StringRecord, max_columns: usize) -> Result<(), ImportError> {
    if record.len() > max_columns {
        if record
            .iter()
            .skip(max_columns)
            .any(|f| !f.trim().is_empty())
        {
            return Err(ImportError::TooManyColumns { max: max_columns });
        }
        record.truncate(max_columns);
    }
    Ok(())
}

fn long_field_error(
    row: usize,
    col: usize,
    record: &csv::StringRecord,
    limits: &Limits,
) -> RowError {
    let preview: String = record.get(0).unwrap_or("").chars().take(80).collect();
    RowError {
        row_number: row,
        name_or_raw: preview,
        messages: vec![format!(
            "Il campo nella colonna {} supera i {} caratteri (controlla che le virgolette siano chiuse)",
            col + 1,
            limits.max_field_chars
        )],
    }
}

fn split_sep_hint(text: &str) -> (&str, Option<u8>) {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let first = first.trim_end_matches('\r');
    match first.get(..4) {
        Some(p) if p.eq_ignore_ascii_case("sep=") && first.len() == 5 => {
            (rest, first.as_bytes().get(4).copied())
        }
        _ => (text, None),
    }
}

/// UTF-8 (BOM or not) when the bytes are valid UTF-8, UTF-16 when a BOM says
/// so (Excel's "Unicode text"), otherwise Windows-1252 (Excel's Italian default).
fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if bytes.starts_with(&[0xFF, 0xFE]) {
        return Cow::Owned(
            encoding_rs::UTF_16LE
                .decode_with_bom_removal(bytes)
                .0
                .into_owned(),
        );
    }
    if bytes.starts_with(&[0xFE, 0xFF]) {
        return Cow::Owned(
            encoding_rs::UTF_16BE
                .decode_with_bom_removal(bytes)
                .0
                .into_owned(),
        );
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(body) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => {
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(body)
                .0
        }
    }
}

/// Count each candidate outside quotes on the first lines; the separator is
/// the one whose count is the same on most lines, then the one giving most columns.
fn detect_separator(text: &str) -> u8 {
    let mut counts: Vec<[usize; 4]> = Vec::with_capacity(SAMPLE_LINES);
    let mut current = [0usize; 4];
    let mut in_quotes = false;
    let mut line_has_content = false;
    let bytes = text.as_bytes();
    let sample = &bytes[..bytes.len().min(256 * 1024)];
    for &b in sample {
        match b {
            b'"' => in_quotes = !in_quotes,
            b'\n' if !in_quotes => {
                if line_has_content {
                    counts.push(current);
                    if counts.len() >= SAMPLE_LINES {
                        break;
                    }
                }
                current = [0; 4];
                line_has_content = false;
                continue;
            }
            _ if !in_quotes => {
                if let Some(i) = SEPARATORS.iter().position(|&s| s == b) {
                    current[i] += 1;
                }
            }
            _ => {}
        }
        if !b.is_ascii_whitespace() {
            line_has_content = true;
        }
    }
    if line_has_content && counts.len() < SAMPLE_LINES {
        counts.push(current);
    }
    // Title rows above the header have few separators: judge on the widest
    // lines' count as reference instead of the first line's.
    let mut best = (0usize, 0usize, b';'); // (consistent lines, columns, sep)
    for (i, &sep) in SEPARATORS.iter().enumerate() {
        let mut freq: Vec<(usize, usize)> = Vec::new();
        for c in counts.iter().map(|c| c[i]).filter(|&n| n > 0) {
            match freq.iter_mut().find(|(v, _)| *v == c) {
                Some((_, n)) => *n += 1,
                None => freq.push((c, 1)),
            }
        }
        // The most frequent non-zero count; ties go to the larger count.
        let Some(&(value, lines)) = freq.iter().max_by_key(|(v, n)| (*n, *v)) else {
            continue;
        };
        if (lines, value) > (best.0, best.1) {
            best = (lines, value, sep);
        }
    }
    best.2
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Result<Table, ImportError> {
        read_csv(bytes, &Limits::default(), &Watch::unlimited())
    }

    #[test]
    fn separators() {
        assert_eq!(detect_separator("a;b;c\n1,5;2;3\n"), b';');
        assert_eq!(detect_separator("a,b,c\n1,2,3\n"), b',');
        assert_eq!(detect_separator("a\tb\tc\n1,5\t2\t3\n"), b'\t');
        assert_eq!(detect_separator("a|b|c\n1|2|3\n"), b'|');
        assert_eq!(
            detect_separator("nome,descrizione\n\"a;b;c\",\"x;y\"\n\"d;e\",f\n"),
            b','
        );
        assert_eq!(detect_separator("solo nomi\ncemento\n"), b';');
    }

    #[test]
    fn excel_sep_hint_and_title_line() {
        let t = read(b"sep=,\r\nNome,Prezzo\r\nA,\"1,5\"\r\n").unwrap();
        assert_eq!(t.headers, vec!["Nome", "Prezzo"]);
        assert_eq!((t.first_row_number, t.rows[0][1].as_str()), (2, "1,5"));
        let t =
            read("Listino Ferramenta Rossi 2024\n\nNome;Prezzo;Marca\nA;1,5;X\nB;2;Y\n".as_bytes())
                .unwrap();
        assert_eq!(t.headers, vec!["Nome", "Prezzo", "Marca"]);
        assert_eq!(t.first_row_number, 4);
    }

    #[test]
    fn encodings() {
        assert_eq!(decode("Quantità".as_bytes()), "Quantità");
        assert_eq!(decode(b"\xEF\xBB\xBFNome"), "Nome");
        assert_eq!(decode(b"Quantit\xE0 \x80"), "Quantità €");
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("Nome\tè".encode_utf16().flat_map(|u| u.to_le_bytes()))
            .collect();
        assert_eq!(decode(&utf16), "Nome\tè");
    }

    #[test]
    fn blank_lines_and_quoted_newlines_keep_row_numbers() {
        let t = read(b"Nome;Descrizione\nA;\"riga1\nriga2\"\n\nB;x\n").unwrap();
        assert_eq!(t.first_row_number, 2);
        assert_eq!(t.rows.len(), 3);
        assert_eq!(t.rows[0], vec!["A", "riga1\nriga2"]);
        assert!(t.rows[1].is_empty() || t.rows[1].iter().all(|c| c.is_empty()));
        assert_eq!(t.row_number(2), 4);
        assert_eq!(t.rows[2], vec!["B", "x"]);
    }

    /// The 16 KB header of 4,000 columns named "a" that took 26 s of CPU: refused
    /// at the first record.
    #[test]
    fn a_header_wider_than_a_spreadsheet_is_refused() {
        let header = vec!["a"; 4000].join(";");
        let r = read(format!("{header}\n{}\n", vec!["1"; 4000].join(";")).as_bytes());
        assert_eq!(r.unwrap_err(), ImportError::TooManyColumns { max: 256 });
        // Trailing separators past the limit are not columns.
        let t = read(format!("Nome;Prezzo{}\nA;1\n", ";".repeat(5000)).as_bytes()).unwrap();
        assert_eq!(t.headers, vec!["Nome", "Prezzo"]);
        let at_limit = vec!["c"; 256].join(";");
        assert_eq!(
            read(format!("{at_limit}\n{at_limit}\n").as_bytes())
                .unwrap()
                .headers
                .len(),
            256
        );
    }

    #[test]
    fn a_cancelled_or_overlong_read_stops() {
        let csv = "Nome;Prezzo\nA;1\n".repeat(1000);
        let cancelled = || true;
        let r = super::super::read_table_until(
            csv.as_bytes(),
            "a.csv",
            None,
            &Limits::default(),
            None,
            &cancelled,
        );
        assert_eq!(r.unwrap_err(), ImportError::Cancelled);
        let no_time = Limits {
            max_read_time: std::time::Duration::ZERO,
            ..Limits::default()
        };
        let r =
            super::super::read_table_until(csv.as_bytes(), "a.csv", None, &no_time, None, &|| {
                false
            });
        assert_eq!(r.unwrap_err(), ImportError::TooSlow);
    }
}
