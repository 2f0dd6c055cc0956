//! A METEL list as wholesalers send it: a ZIP holding the price list and, beside it, the
//! barcode file (and the family files, which a catalogue does not need).

use std::io::Read;

use super::metel::{self, Beside};
use super::metel_barcodes::Barcodes;
use super::table::Table;
use super::{zip_guard, ImportError, Limits, Watch};

/// A METEL delivery has up to four files; a few more are tolerated (a readme, a logo).
const MAX_FILES: usize = 20;

/// The archive's errors said of an archive, not of a workbook.
fn of_archive(err: ImportError) -> ImportError {
    match err {
        ImportError::TooLarge => ImportError::ArchiveTooLarge,
        ImportError::CorruptSpreadsheet | ImportError::PasswordProtected => {
            ImportError::CorruptArchive
        }
        other => other,
    }
}

/// Files a computer adds to an archive by itself (a Mac's `__MACOSX/`, hidden files).
fn is_system_file(path: &str) -> bool {
    path.starts_with("__MACOSX/") || path.rsplit('/').next().is_some_and(|n| n.starts_with('.'))
}

/// Reads the archive's METEL list, with the barcodes of the other files where one of them
/// is a barcode file. An archive without a list, or with two, is refused with its reason.
pub(crate) fn read(bytes: &[u8], limits: &Limits, watch: &Watch<'_>) -> Result<Table, ImportError> {
    let mut archive = zip_guard::open(bytes, limits).map_err(of_archive)?;
    let mut list: Option<Vec<u8>> = None;
    let mut others: Vec<(String, Vec<u8>)> = Vec::new();
    let mut files = 0;
    for index in 0..archive.len() {
        watch.check()?;
        let mut entry = archive
            .by_index(index)
            .map_err(|_| ImportError::CorruptArchive)?;
        // Names as stored (old archivers write them in the DOS code page): only shown.
        let path = String::from_utf8_lossy(entry.name_raw()).into_owned();
        if entry.is_dir() || is_system_file(&path) {
            continue;
        }
        files += 1;
        if files > MAX_FILES {
            return Err(ImportError::ArchiveTooLarge);
        }
        let name = path.rsplit('/').next().unwrap_or_default().to_owned();
        // The declared size bounds the read (zip_guard checked the sum).
        let mut data = Vec::new();
        entry
            .read_to_end(&mut data)
            .map_err(|_| ImportError::CorruptArchive)?;
        if metel::is_metel(&data) {
            if list.replace(data).is_some() {
                return Err(ImportError::SeveralMetelLists);
            }
        } else {
            others.push((name, data));
        }
    }
    let list = list.ok_or(ImportError::NoMetelInArchive)?;
    let beside = barcodes_of(others, watch)?;
    metel::read_metel(&list, limits, watch, Some(&beside))
}

/// The barcodes of the files beside the list, and which files gave them.
fn barcodes_of(others: Vec<(String, Vec<u8>)>, watch: &Watch<'_>) -> Result<Beside, ImportError> {
    let mut beside = Beside::default();
    for (name, data) in others {
        watch.check()?;
        let text = (!data.contains(&0)).then(|| metel::decode(&data));
        match text.as_deref().and_then(Barcodes::read) {
            Some(barcodes) => {
                beside.barcodes.merge(barcodes);
                beside.read.push(name);
            }
            None => beside.unread.push(name),
        }
    }
    Ok(beside)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::metel::tests::{header, product};
    use crate::zip_guard::tests::zip_with;

    fn read_zip(bytes: &[u8]) -> Result<Table, ImportError> {
        read(bytes, &Limits::default(), &Watch::unlimited())
    }

    fn refusal(read: Result<Table, ImportError>) -> ImportError {
        read.expect_err("refused")
    }

    fn list() -> Vec<u8> {
        let text = [
            header("VIM"),
            // Its own valid EAN: kept.
            product(
                "VIM",
                "14001",
                "8007352136014",
                "Interruttore",
                500,
                "000001",
                "PZ",
            ),
            // No EAN in the list: the barcode file gives it.
            product("VIM", "14003", "", "Deviatore", 600, "000001", "PZ"),
            // A wrong EAN in the list: the barcode file's valid one replaces it.
            product(
                "VIM",
                "14005",
                "8007352136010",
                "Invertitore",
                700,
                "000001",
                "PZ",
            ),
            // Not in the barcode file.
            product("VIM", "14007", "", "Pulsante", 800, "000001", "PZ"),
        ]
        .join("\r\n");
        encoding_rs::WINDOWS_1252.encode(&text).0.into_owned()
    }

    fn barcode_file() -> Vec<u8> {
        [
            "VIM14001           4006381333931",
            "VIM14003           5012345678900",
            "VIM14005           9501101530003",
        ]
        .join("\r\n")
        .into_bytes()
    }

    #[test]
    fn the_barcode_file_beside_the_list_fills_the_missing_barcodes() {
        let families = b"VIM14001           FAM01 Interruttori serie Plana".to_vec();
        let bytes = zip_with(&[
            ("VIMAR/LSP_VIM.TXT", &list()),
            ("VIMAR/BAR_VIM.TXT", &barcode_file()),
            ("VIMAR/FST_VIM.TXT", &families),
            ("__MACOSX/VIMAR/._LSP_VIM.TXT", b"\x00\x05\x16\x07"),
        ]);
        let table = read_zip(&bytes).unwrap();
        let eans: Vec<&str> = table.rows.iter().map(|r| r[3].as_str()).collect();
        assert_eq!(
            eans,
            ["8007352136014", "5012345678900", "9501101530003", ""]
        );
        let note = table.format_note.unwrap();
        assert!(
            note.starts_with("Listino METEL riconosciuto: Vimar"),
            "{note}"
        );
        assert!(
            note.contains("Codici a barre dal file «BAR_VIM.TXT»: 2 prodotti li ricevono"),
            "{note}"
        );
        assert!(
            note.contains("File dell'archivio non letti: «FST_VIM.TXT»"),
            "{note}"
        );
    }

    #[test]
    fn an_archive_without_one_list_is_refused_with_its_reason() {
        let no_list = zip_with(&[("BAR_VIM.TXT", &barcode_file())]);
        assert_eq!(refusal(read_zip(&no_list)), ImportError::NoMetelInArchive);
        let two = zip_with(&[("A.TXT", &list()), ("B.TXT", &list())]);
        assert_eq!(refusal(read_zip(&two)), ImportError::SeveralMetelLists);
        let mut cut = zip_with(&[("A.TXT", &list())]);
        cut.truncate(cut.len() / 2);
        assert_eq!(refusal(read_zip(&cut)), ImportError::CorruptArchive);
    }

    #[test]
    fn a_bomb_or_a_crowd_of_files_is_refused() {
        let zeros = vec![b'0'; 3 * 1024 * 1024];
        let bomb = zip_with(&[("LSP.TXT", &list()), ("BAR.TXT", &zeros)]);
        let small = Limits {
            max_uncompressed_bytes: 1024 * 1024,
            ..Limits::default()
        };
        assert_eq!(
            refusal(read(&bomb, &small, &Watch::unlimited())),
            ImportError::ArchiveTooLarge
        );
        let names: Vec<String> = (0..=MAX_FILES).map(|i| format!("F{i}.TXT")).collect();
        let crowd: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b"x"[..])).collect();
        assert_eq!(
            refusal(read_zip(&zip_with(&crowd))),
            ImportError::ArchiveTooLarge
        );
    }
}
