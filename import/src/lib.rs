//! Product import, file side: uploaded bytes → `Table` → validated `ProductDraft`s.
//! Pure and synchronous: no database, no HTTP. Callers run it on a blocking thread.

mod csv_reader;
mod mapping;
mod metel;
mod metel_archive;
mod metel_barcodes;
mod price_column;
mod rows;
mod sheet_reader;
mod table;
mod values;
pub mod variants;
mod xls_guard;
mod zip_guard;

use std::time::{Duration, Instant};

use domain::ErrorCode;

pub use mapping::{
    format_note, propose_for_table, propose_mapping, published_price_sentence, sheet_note,
    validate_mapping, Fixed, Mapping,
};
pub use rows::{build_drafts, error_report_csv, ProcessOutcome, ProductDraft};
pub use table::{RowError, RowWarning, Table, MAX_WARNINGS};
pub use values::{fold_key, is_gtin, parse_availability, parse_price, parse_stock};

/// Bounds that keep one upload from exhausting the server.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Data rows after the header.
    pub max_rows: usize,
    /// Longest accepted cell; a longer one rejects its row.
    pub max_field_chars: usize,
    /// Sum of the declared uncompressed sizes inside an XLSX.
    pub max_uncompressed_bytes: u64,
    /// Widest table: a spreadsheet's columns beyond it are ignored (a crafted sheet can
    /// address column XFD); a CSV with a filled cell beyond it is refused.
    pub max_columns: usize,
    /// Time a file's reading may take (checked between chunks of rows): a file that
    /// needs more is refused, so no upload holds a core for long.
    pub max_read_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_rows: 200_000,
            max_field_chars: 100_000,
            max_uncompressed_bytes: 200 * 1024 * 1024,
            max_columns: 256,
            max_read_time: Duration::from_secs(60),
        }
    }
}

/// File-level failures; `Display` is the Italian text shown to the owner.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("Formato file non supportato. Carica un file CSV o Excel (.csv, .xlsx, .xls)")]
    UnsupportedFormat,
    #[error("Questo file di testo non è un listino METEL (la prima riga deve iniziare con «LISTINO METEL»): carica il listino così come l'hai ricevuto dal grossista, oppure un file CSV o Excel (.csv, .xlsx, .xls).")]
    NotMetel,
    #[error("Questo archivio ZIP non contiene un listino METEL (un file di testo che inizia con «LISTINO METEL»): carica il listino così come l'hai ricevuto dal grossista, da solo o in un archivio ZIP con il suo file dei codici a barre, oppure un file CSV o Excel (.csv, .xlsx, .xls).")]
    NoMetelInArchive,
    #[error("Questo archivio ZIP contiene più di un listino METEL: carica un listino alla volta, con il suo file dei codici a barre.")]
    SeveralMetelLists,
    #[error("L'archivio ZIP è troppo grande una volta decompresso, ha troppi file o è malformato: non può essere importato.")]
    ArchiveTooLarge,
    #[error("L'archivio ZIP è danneggiato, protetto da password o non leggibile.")]
    CorruptArchive,
    #[error("Il file è vuoto")]
    Empty,
    #[error(
        "Il file non ha una riga di intestazione: la prima riga deve contenere i nomi delle colonne (es. Nome, Prezzo)"
    )]
    NoHeader,
    #[error("Il file non contiene prodotti: sotto l'intestazione non c'è nessuna riga.")]
    NoRows,
    #[error("Il file contiene troppe righe: il massimo è {max}")]
    TooManyRows { max: usize },
    #[error("Il file contiene troppe colonne: il massimo è {max}")]
    TooManyColumns { max: usize },
    #[error("La lettura del file richiede troppo tempo: dividilo in file più piccoli e riprova.")]
    TooSlow,
    /// The owner cancelled, or the server is shutting down.
    #[error("{}", domain::messages::IMPORT_CANCELLED)]
    Cancelled,
    #[error("Il file Excel è troppo grande una volta decompresso o è malformato: non può essere importato")]
    TooLarge,
    #[error("Il file Excel è danneggiato o non leggibile.")]
    CorruptSpreadsheet,
    #[error("Il file Excel è protetto da password: rimuovi la password e riprova.")]
    PasswordProtected,
    #[error("Il file non è un CSV di testo (sembra un'immagine o un altro tipo di file): esporta il listino come CSV o Excel e riprova.")]
    NotText,
    #[error("Il file CSV non è leggibile: {0}")]
    CorruptCsv(String),
    #[error("Nome e un campo obbligatorio per il mapping")]
    NameNotMapped,
    #[error("La colonna «{0}» non esiste nel file")]
    UnknownColumn(String),
    #[error("La corrispondenza delle colonne non è valida: al massimo 5 colonne unite al nome, valori fissi di 100 caratteri, aliquota IVA fino a 100.")]
    InvalidMapping,
    #[error("Il foglio «{0}» non esiste nel file")]
    UnknownSheet(String),
    #[error(
        "In questo file non abbiamo trovato un elenco di prodotti: serve un foglio con una riga di intestazione (es. Codice, Nome, Prezzo) e poi una riga per prodotto. I listini a tabella (prezzi per misura su righe e colonne) vanno trasformati in un elenco prima di importarli."
    )]
    NotAProductList,
}

impl ImportError {
    /// Stable machine code for the API's `code` field.
    pub fn code(&self) -> ErrorCode {
        match self {
            ImportError::UnsupportedFormat
            | ImportError::NotMetel
            | ImportError::NoMetelInArchive => ErrorCode::UnsupportedFormat,
            ImportError::SeveralMetelLists => ErrorCode::NotAProductList,
            ImportError::ArchiveTooLarge => ErrorCode::FileTooLarge,
            ImportError::CorruptArchive => ErrorCode::CorruptFile,
            ImportError::Empty => ErrorCode::EmptyFile,
            ImportError::NoHeader => ErrorCode::NoHeader,
            ImportError::NoRows => ErrorCode::NoRows,
            ImportError::TooManyRows { .. } => ErrorCode::TooManyRows,
            ImportError::TooManyColumns { .. } => ErrorCode::TooManyColumns,
            ImportError::TooSlow => ErrorCode::ReadTimeout,
            ImportError::Cancelled => ErrorCode::Cancelled,
            ImportError::TooLarge => ErrorCode::FileTooLarge,
            ImportError::CorruptSpreadsheet => ErrorCode::CorruptFile,
            ImportError::PasswordProtected => ErrorCode::PasswordProtected,
            ImportError::CorruptCsv(_) | ImportError::NotText => ErrorCode::CorruptFile,
            ImportError::NameNotMapped => ErrorCode::NameNotMapped,
            ImportError::UnknownColumn(_) => ErrorCode::UnknownColumn,
            ImportError::UnknownSheet(_) => ErrorCode::UnknownSheet,
            ImportError::InvalidMapping => ErrorCode::InvalidMapping,
            ImportError::NotAProductList => ErrorCode::NotAProductList,
        }
    }
}

/// Read an uploaded file into a table. The file is accepted by extension or
/// content type (csv, xlsx, xls), then parsed according to what the bytes
/// really are: an ".xls" that is really CSV or XLSX (common in management
/// software exports) still reads.
pub fn read_table(
    bytes: &[u8],
    file_name: &str,
    content_type: Option<&str>,
    limits: &Limits,
) -> Result<Table, ImportError> {
    read_table_until(bytes, file_name, content_type, limits, None, &|| false)
}

/// `read_table` that stops between chunks of rows with `ImportError::Cancelled` once
/// `cancelled()` says so, and with `ImportError::TooSlow` past `limits.max_read_time`.
/// `sheet` names the workbook's sheet to read; without it the sheet that looks most like
/// a list of products is read.
pub fn read_table_until(
    bytes: &[u8],
    file_name: &str,
    content_type: Option<&str>,
    limits: &Limits,
    sheet: Option<&str>,
    cancelled: &dyn Fn() -> bool,
) -> Result<Table, ImportError> {
    let watch = Watch::new(limits, cancelled);
    let declared =
        declared_format(file_name, content_type).ok_or(ImportError::UnsupportedFormat)?;
    if bytes.iter().all(|b| b.is_ascii_whitespace()) || bytes == b"\xEF\xBB\xBF" {
        return Err(ImportError::Empty);
    }
    let table = match sniff(bytes) {
        // A METEL list, whatever its name says.
        _ if metel::is_metel(bytes) => metel::read_metel(bytes, limits, &watch, None),
        // Text is read as METEL only: other fixed-width text has no columns to find.
        _ if declared == Declared::Text => Err(ImportError::NotMetel),
        // A ZIP is a METEL list with its barcode file, as wholesalers send them.
        Sniffed::Zip if declared == Declared::Zip => metel_archive::read(bytes, limits, &watch),
        _ if declared == Declared::Zip => Err(ImportError::NoMetelInArchive),
        Sniffed::Zip => sheet_reader::read_xlsx(bytes, limits, &watch, sheet),
        Sniffed::Ole => sheet_reader::read_xls(bytes, limits, &watch, sheet),
        Sniffed::Markup if declared != Declared::Csv => Err(ImportError::CorruptSpreadsheet),
        // A picture or an archive renamed ".csv" is not a table of text.
        Sniffed::Binary if declared == Declared::Csv => Err(ImportError::NotText),
        Sniffed::Binary => Err(ImportError::CorruptSpreadsheet),
        // Old management programs save text as ".xls"; nothing saves text as ".xlsx".
        _ if declared == Declared::Xlsx => Err(ImportError::CorruptSpreadsheet),
        _ => csv_reader::read_csv(bytes, limits, &watch),
    }?;
    if table.data_row_count() == 0 && table.rejected.is_empty() {
        return Err(ImportError::NoRows);
    }
    Ok(table)
}

/// Looked at by the readers between chunks of rows: stops a read that was cancelled or
/// that ran past its time budget.
pub(crate) struct Watch<'a> {
    deadline: Option<Instant>,
    cancelled: &'a dyn Fn() -> bool,
}

impl<'a> Watch<'a> {
    fn new(limits: &Limits, cancelled: &'a dyn Fn() -> bool) -> Self {
        Watch {
            deadline: Instant::now().checked_add(limits.max_read_time),
            cancelled,
        }
    }

    /// No cancellation, the default time budget (unit tests of one reader).
    #[cfg(test)]
    pub(crate) fn unlimited() -> Watch<'static> {
        Watch {
            deadline: None,
            cancelled: &|| false,
        }
    }

    pub(crate) fn check(&self) -> Result<(), ImportError> {
        if (self.cancelled)() {
            return Err(ImportError::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(ImportError::TooSlow);
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Declared {
    Csv,
    Xlsx,
    Excel,
    /// `.txt`: a METEL list.
    Text,
    /// `.zip`: a METEL list and its barcode file.
    Zip,
}

fn declared_format(file_name: &str, content_type: Option<&str>) -> Option<Declared> {
    let ext = file_name
        .rsplit_once('.')
        .map(|(_, e)| e.trim().to_ascii_lowercase());
    match ext.as_deref() {
        Some("csv") => return Some(Declared::Csv),
        Some("xlsx") => return Some(Declared::Xlsx),
        Some("xls") => return Some(Declared::Excel),
        Some("txt") => return Some(Declared::Text),
        Some("zip") => return Some(Declared::Zip),
        _ => {}
    }
    let ct = content_type?.split(';').next()?.trim().to_ascii_lowercase();
    match ct.as_str() {
        "text/csv" | "application/csv" | "text/x-csv" | "application/x-csv" => Some(Declared::Csv),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" => Some(Declared::Xlsx),
        "application/vnd.ms-excel"
        | "application/excel"
        | "application/x-excel"
        | "application/x-msexcel" => Some(Declared::Excel),
        "text/plain" => Some(Declared::Text),
        "application/zip" | "application/x-zip-compressed" => Some(Declared::Zip),
        _ => None,
    }
}

enum Sniffed {
    Zip,
    Ole,
    Markup,
    Binary,
    Text,
}

fn sniff(bytes: &[u8]) -> Sniffed {
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        return Sniffed::Zip;
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        return Sniffed::Ole;
    }
    let head = &bytes[..bytes.len().min(4096)];
    let utf16 = head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]);
    if !utf16 && head.contains(&0) {
        return Sniffed::Binary;
    }
    let start = head
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(head)
        .iter()
        .find(|b| !b.is_ascii_whitespace());
    if start == Some(&b'<') {
        return Sniffed::Markup;
    }
    Sniffed::Text
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
