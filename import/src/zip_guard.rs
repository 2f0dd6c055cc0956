//! Checks a ZIP container (an XLSX workbook, a METEL list's archive) before it is read.
//!
//! The zip crate refuses to inflate an entry past its declared size, so the
//! declared sizes bound what calamine can ever decompress: checking them here
//! is enough to stop zip bombs. calamine also trusts some counts inside the
//! XML (sharedStrings `uniqueCount`, upstream issue #684) and would abort the
//! process on a huge allocation, which `catch_unwind` cannot stop: those are
//! checked here too.

use std::io::{Cursor, Read};

use zip::result::ZipError;
use zip::ZipArchive;

use super::{ImportError, Limits};

/// A real workbook has a few dozen parts.
const MAX_ENTRIES: usize = 10_000;
/// Compression ratio above which a big entry is considered a bomb.
const MAX_RATIO: u64 = 200;
/// Entries smaller than this are not ratio-checked (tiny XML compresses well).
const RATIO_MIN_SIZE: u64 = 10 * 1024 * 1024;
/// Smallest possible `<si>…</si>` element is `<si/>`: 5 bytes.
const MIN_SHARED_STRING_BYTES: u64 = 5;

pub fn check_xlsx(bytes: &[u8], limits: &Limits) -> Result<(), ImportError> {
    let mut archive = open(bytes, limits)?;
    let shared_strings = (0..archive.len()).find_map(|i| {
        let entry = archive.by_index_raw(i).ok()?;
        entry
            .name_raw()
            .eq_ignore_ascii_case(b"xl/sharedStrings.xml")
            .then(|| (i, entry.size()))
    });
    if let Some((index, size)) = shared_strings {
        check_shared_strings(&mut archive, index, size)?;
    }
    Ok(())
}

/// Opens an archive whose entries, once inflated, fit the limits: few enough, small enough
/// in all, none compressed like a bomb, none encrypted.
pub(crate) fn open<'a>(
    bytes: &'a [u8],
    limits: &Limits,
) -> Result<ZipArchive<Cursor<&'a [u8]>>, ImportError> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(map_zip_error)?;
    if archive.len() > MAX_ENTRIES {
        return Err(ImportError::TooLarge);
    }
    let mut total: u64 = 0;
    for i in 0..archive.len() {
        let entry = archive.by_index_raw(i).map_err(map_zip_error)?;
        if entry.encrypted() {
            return Err(ImportError::PasswordProtected);
        }
        let size = entry.size();
        let compressed = entry.compressed_size().max(1);
        total = total.saturating_add(size);
        if total > limits.max_uncompressed_bytes {
            return Err(ImportError::TooLarge);
        }
        if size > RATIO_MIN_SIZE && size / compressed > MAX_RATIO {
            return Err(ImportError::TooLarge);
        }
    }
    Ok(archive)
}

/// calamine reserves `uniqueCount` strings up front; a 2 KB file can declare
/// billions. The count must fit in the entry's declared size.
fn check_shared_strings(
    archive: &mut ZipArchive<Cursor<&[u8]>>,
    index: usize,
    size: u64,
) -> Result<(), ImportError> {
    let entry = archive.by_index(index).map_err(map_zip_error)?;
    let mut head = Vec::with_capacity(4096);
    entry
        .take(4096)
        .read_to_end(&mut head)
        .map_err(|_| ImportError::CorruptSpreadsheet)?;
    let head = String::from_utf8_lossy(&head);
    for attr in ["uniqueCount=\"", "count=\""] {
        // `count=` also matches inside `uniqueCount=`; both must be sane anyway.
        let mut rest: &str = &head;
        while let Some(pos) = rest.find(attr) {
            let after = &rest[pos + attr.len()..];
            let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
            // More than 19 digits cannot be a real count.
            let declared: u64 = digits.parse().unwrap_or(u64::MAX);
            if declared > size / MIN_SHARED_STRING_BYTES + 1 {
                return Err(ImportError::CorruptSpreadsheet);
            }
            rest = after;
        }
    }
    Ok(())
}

fn map_zip_error(e: ZipError) -> ImportError {
    match e {
        ZipError::UnsupportedArchive(msg) if msg.to_ascii_lowercase().contains("password") => {
            ImportError::PasswordProtected
        }
        _ => ImportError::CorruptSpreadsheet,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;
    use std::io::Write;
    use zip::write::SimpleFileOptions;

    /// A ZIP of `entries`, deflated.
    pub(crate) fn zip_with(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let opts =
            SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, data) in entries {
            w.start_file(*name, opts).unwrap();
            w.write_all(data).unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    #[test]
    fn corrupt_zip_is_refused() {
        let mut z = zip_with(&[("a.xml", b"<x/>")]);
        let n = z.len();
        z.truncate(n - 10);
        assert_eq!(
            check_xlsx(&z, &Limits::default()),
            Err(ImportError::CorruptSpreadsheet)
        );
        assert_eq!(
            check_xlsx(b"PK\x03\x04garbage", &Limits::default()),
            Err(ImportError::CorruptSpreadsheet)
        );
    }

    #[test]
    fn big_total_is_refused() {
        let zeros = vec![0u8; 3 * 1024 * 1024];
        let z = zip_with(&[("a.xml", &zeros)]);
        let limits = Limits {
            max_uncompressed_bytes: 1024 * 1024,
            ..Limits::default()
        };
        assert_eq!(check_xlsx(&z, &limits), Err(ImportError::TooLarge));
        assert_eq!(check_xlsx(&z, &Limits::default()), Ok(()));
    }

    #[test]
    fn huge_unique_count_is_refused() {
        let sst = br#"<?xml version="1.0"?><sst xmlns="x" count="1" uniqueCount="4000000000"><si><t>a</t></si></sst>"#;
        let z = zip_with(&[("xl/sharedStrings.xml", sst)]);
        assert_eq!(
            check_xlsx(&z, &Limits::default()),
            Err(ImportError::CorruptSpreadsheet)
        );
        let ok = br#"<sst count="1" uniqueCount="1"><si><t>a</t></si></sst>"#;
        assert_eq!(
            check_xlsx(
                &zip_with(&[("xl/sharedStrings.xml", ok)]),
                &Limits::default()
            ),
            Ok(())
        );
    }
}
