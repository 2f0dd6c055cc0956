//! End-to-end tests: real files built in memory → read_table → mapping → drafts.

use std::io::{Cursor, Read, Write};

use domain::Price;
use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};

use super::*;

fn csv_table(bytes: &[u8]) -> Table {
    read_table(bytes, "listino.csv", Some("text/csv"), &Limits::default()).unwrap()
}

fn process(t: &Table) -> ProcessOutcome {
    let m = propose_mapping(&t.headers);
    validate_mapping(&m, &t.headers).unwrap();
    build_drafts(t, &m)
}

#[test]
fn utf8_bom_semicolon_decimal_comma_leading_zero_ean() {
    let csv = "\u{feff}Nome;Prezzo;Marca;EAN;Disponibile\nCemento Portland 25 kg;12,50;Buzzi;0801234567890;sì\nQuantità test;€ 1.234,50;Mapei;;no\n";
    let t = csv_table(csv.as_bytes());
    assert_eq!(
        t.headers,
        vec!["Nome", "Prezzo", "Marca", "EAN", "Disponibile"]
    );
    let out = process(&t);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.drafts[0].product.price.map(Price::cents), Some(1250));
    assert_eq!(out.drafts[0].product.ean.as_deref(), Some("0801234567890"));
    assert_eq!(out.drafts[0].row_number, 2);
    assert_eq!(out.drafts[1].product.name, "Quantità test");
    assert_eq!(out.drafts[1].product.price.map(Price::cents), Some(123_450));
    assert!(!out.drafts[1].product.availability.in_stock());
}

#[test]
fn windows_1252_comma_separated() {
    let text = "Descrizione articolo,Prezzo al pubblico,Giacenza\n\"Piastrella gres 30x30, beige\",\"9,90\",5\nStucco è bianco € promo,\"3,5\",0\n";
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(text);
    assert!(!unmappable);
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "fixture must not be valid UTF-8"
    );
    let out = process(&csv_table(&bytes));
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.drafts[0].product.name, "Piastrella gres 30x30, beige");
    assert_eq!(out.drafts[0].product.price.map(Price::cents), Some(990));
    assert_eq!(out.drafts[1].product.name, "Stucco è bianco € promo");
    assert!(!out.drafts[1].product.availability.in_stock());
}

#[test]
fn tab_and_pipe_separators() {
    for sep in ['\t', '|'] {
        let csv = format!("nome{sep}prezzo{sep}categoria\nTrapano{sep}89,00{sep}Utensili\n");
        let out = process(&csv_table(csv.as_bytes()));
        assert_eq!(out.drafts.len(), 1, "separator {sep:?}");
        assert_eq!(out.drafts[0].product.category.as_deref(), Some("Utensili"));
        assert_eq!(out.drafts[0].product.price.map(Price::cents), Some(8900));
    }
}

#[test]
fn quoted_fields_with_separators_quotes_and_newlines() {
    let csv = "Nome;Descrizione;Prezzo\n\"Colla \"\"extra\"\"; forte\";\"Riga uno\nRiga due; tre\";5\nSilicone;ok;6\n";
    let t = csv_table(csv.as_bytes());
    let out = process(&t);
    assert_eq!(out.drafts[0].product.name, "Colla \"extra\"; forte");
    assert_eq!(
        out.drafts[0].product.description.as_deref(),
        Some("Riga uno\nRiga due; tre")
    );
    // The quoted newline does not shift the next row's number.
    assert_eq!(out.drafts[1].row_number, 3);
}

#[test]
fn ragged_rows_are_warnings() {
    let csv = "Nome;Prezzo;Marca\nA;1;X\nB;2\nC;3;Y;extra\nD;4;Z;\n";
    let t = csv_table(csv.as_bytes());
    let msgs: Vec<_> = t
        .warnings
        .iter()
        .map(|w| (w.row_number, w.message.clone()))
        .collect();
    assert_eq!(
        msgs,
        vec![
            (3, "numero di colonne diverso dall'intestazione".to_owned()),
            (4, "numero di colonne diverso dall'intestazione".to_owned()),
        ]
    );
    let out = process(&t);
    assert_eq!(out.drafts.len(), 4);
    assert_eq!(out.warnings.len(), 2);
}

#[test]
fn a_field_over_100k_characters_rejects_its_row_only() {
    let huge = "x".repeat(150_000);
    let csv = format!("Nome;Descrizione\nA;ok\nB;{huge}\nC;ok\n");
    let started = std::time::Instant::now();
    let t = csv_table(csv.as_bytes());
    let out = process(&t);
    assert!(started.elapsed().as_secs() < 5);
    assert_eq!(
        out.drafts
            .iter()
            .map(|d| d.product.name.as_str())
            .collect::<Vec<_>>(),
        vec!["A", "C"]
    );
    assert_eq!(out.errors.len(), 1);
    assert_eq!(out.errors[0].row_number, 3);
    assert_eq!(out.errors[0].name_or_raw, "B");
    assert!(
        out.errors[0].messages[0].contains("supera i 100000 caratteri"),
        "{:?}",
        out.errors[0]
    );
    // An unterminated quote swallowing the rest of the file behaves the same.
    let csv = format!("Nome;Descrizione\nA;\"{huge}\nB;x\n");
    let out = process(&csv_table(csv.as_bytes()));
    assert_eq!(out.drafts.len(), 0);
    assert_eq!(out.errors.len(), 1);
}

#[test]
fn bad_inputs_have_italian_errors() {
    let l = Limits::default();
    let e = read_table(b"%PDF-1.4", "listino.pdf", Some("application/pdf"), &l).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Formato file non supportato. Carica un file CSV o Excel (.csv, .xlsx, .xls)"
    );
    assert_eq!(
        read_table(b"", "a.csv", None, &l).unwrap_err().to_string(),
        "Il file è vuoto"
    );
    assert_eq!(
        read_table(b"\xEF\xBB\xBF", "a.csv", None, &l).unwrap_err(),
        ImportError::Empty
    );
    assert_eq!(
        read_table(b" \n\r\n", "a.csv", None, &l).unwrap_err(),
        ImportError::Empty
    );
    assert_eq!(
        read_table(b";;;\n;;\n", "a.csv", None, &l).unwrap_err(),
        ImportError::Empty
    );
    assert_eq!(
        read_table(b"Cemento;12,50;3\nSabbia;4;1\n", "a.csv", None, &l).unwrap_err(),
        ImportError::NoHeader
    );
    // Accepted by content type when the name has no extension.
    assert!(read_table(b"Nome\nA\n", "upload", Some("text/csv; charset=utf-8"), &l).is_ok());
    // An ".xls" that is really text (management software exports) still reads.
    let t = read_table(b"Nome\tPrezzo\nA\t1\n", "export.xls", None, &l).unwrap();
    assert_eq!(t.headers, vec!["Nome", "Prezzo"]);
    // Binary junk named .xlsx.
    let e = read_table(&[0u8, 1, 2, 3, 0, 0, 9], "a.xlsx", None, &l).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Il file Excel è danneggiato o non leggibile."
    );
    let limits = Limits {
        max_rows: 3,
        ..Limits::default()
    };
    let e = read_table(b"Nome\na\nb\nc\nd\n", "a.csv", None, &limits).unwrap_err();
    assert_eq!(e, ImportError::TooManyRows { max: 3 });
}

#[test]
fn woocommerce_export_csv() {
    let csv = "ID,Type,SKU,Name,Published,\"Short description\",Description,\"In stock?\",Stock,\"Sale price\",\"Regular price\",Categories,Images\n\
12,simple,00077,Cemento rapido,1,\"Presa rapida\",\"<p>Cemento a <strong>presa rapida</strong></p>\",1,,,\"15,90\",\"Edilizia > Cementi, Offerte\",\"https://shop.it/a.jpg, https://shop.it/b.jpg\"\n\
13,simple,00078,Stucco,1,\"Stucco in pasta\",,0,,\"4,50\",\"5,00\",Finiture,\n";
    let t = csv_table(csv.as_bytes());
    let out = process(&t);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    let a = &out.drafts[0];
    assert_eq!(a.product.sku.as_deref(), Some("00077"));
    assert_eq!(a.product.price.map(Price::cents), Some(1590));
    assert_eq!(a.product.category.as_deref(), Some("Cementi"));
    assert_eq!(
        a.product.image_url.as_deref(),
        Some("https://shop.it/a.jpg")
    );
    assert_eq!(
        a.product.description.as_deref(),
        Some("Cemento a presa rapida")
    );
    assert!(a.product.availability.in_stock());
    let b = &out.drafts[1];
    assert_eq!(b.product.price.map(Price::cents), Some(450));
    assert_eq!(b.product.description.as_deref(), Some("Stucco in pasta"));
    assert!(!b.product.availability.in_stock());
}

#[test]
fn shopify_export_csv() {
    let csv = "Handle,Title,Body (HTML),Vendor,Product Category,Type,Variant SKU,Variant Inventory Qty,Variant Price,Variant Barcode,Image Src\n\
trapano,Trapano a percussione,\"<p>Potente &amp; leggero</p><ul><li>800 W</li></ul>\",Bosch,Utensili > Elettroutensili,Trapani,TR-800,4,89.90,4006381333931,https://cdn.shopify.com/t1.jpg\n\
trapano,,,,,,,,,,https://cdn.shopify.com/t2.jpg\n\
levigatrice,Levigatrice,,Makita,,Levigatrici,LV-1,0,120.00,,\n";
    let out = process(&csv_table(csv.as_bytes()));
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.drafts.len(), 2);
    let t = &out.drafts[0];
    assert_eq!(
        t.product.description.as_deref(),
        Some("Potente & leggero\n800 W")
    );
    assert_eq!(t.product.brand.as_deref(), Some("Bosch"));
    assert_eq!(t.product.category.as_deref(), Some("Elettroutensili"));
    assert_eq!(t.product.price.map(Price::cents), Some(8990));
    assert_eq!(t.product.ean.as_deref(), Some("4006381333931"));
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
    assert!(!out.drafts[1].product.availability.in_stock());
}

fn sample_xlsx() -> Vec<u8> {
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    let date = Format::new().set_num_format("dd/mm/yyyy");
    ws.write_string(0, 0, "Listino prezzi 2024 - Edilizia Rossi")
        .unwrap();
    for (c, h) in [
        "Codice",
        "Descrizione articolo",
        "Prezzo",
        "Giacenza",
        "EAN",
        "Aggiornato",
        "Attivo",
    ]
    .iter()
    .enumerate()
    {
        ws.write_string(2, c as u16, *h).unwrap();
    }
    ws.write_string(3, 0, "00123").unwrap();
    ws.write_string(3, 1, "Cemento Portland 25 kg").unwrap();
    ws.write_number(3, 2, 12.5).unwrap();
    ws.write_number(3, 3, 40).unwrap();
    ws.write_string(3, 4, "0801234567890").unwrap();
    ws.write_datetime_with_format(3, 5, ExcelDateTime::from_ymd(2024, 3, 5).unwrap(), &date)
        .unwrap();
    ws.write_boolean(3, 6, true).unwrap();
    ws.write_string(4, 0, "00124").unwrap();
    ws.write_string(4, 1, "Calce idrata").unwrap();
    ws.write_number(4, 2, 1234.0).unwrap();
    ws.write_number(4, 3, 0).unwrap();
    ws.write_number(4, 4, 8012345678901.0).unwrap();
    wb.save_to_buffer().unwrap()
}

#[test]
fn xlsx_with_title_row_numbers_and_dates() {
    let bytes = sample_xlsx();
    let t = read_table(&bytes, "Listino.XLSX", None, &Limits::default()).unwrap();
    assert_eq!(
        t.headers,
        vec![
            "Codice",
            "Descrizione articolo",
            "Prezzo",
            "Giacenza",
            "EAN",
            "Aggiornato",
            "Attivo"
        ]
    );
    assert_eq!(t.first_row_number, 4);
    assert_eq!(
        t.rows[0],
        vec![
            "00123",
            "Cemento Portland 25 kg",
            "12.5",
            "40",
            "0801234567890",
            "05/03/2024",
            "VERO"
        ]
    );
    assert_eq!(t.rows[1][2], "1234");
    assert_eq!(t.rows[1][4], "8012345678901");
    let out = process(&t);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.drafts[0].row_number, 4);
    assert_eq!(out.drafts[0].product.sku.as_deref(), Some("00123"));
    assert_eq!(out.drafts[0].product.price.map(Price::cents), Some(1250));
    assert_eq!(out.drafts[1].product.price.map(Price::cents), Some(123_400));
    assert!(!out.drafts[1].product.availability.in_stock());
    assert_eq!(out.drafts[1].product.ean.as_deref(), Some("8012345678901"));
}

#[test]
fn xlsx_first_non_empty_sheet_and_wide_columns() {
    let mut wb = Workbook::new();
    wb.add_worksheet().set_name("Vuoto").unwrap();
    let ws = wb.add_worksheet();
    ws.write_string(0, 0, "Nome").unwrap();
    ws.write_string(0, 1, "Prezzo").unwrap();
    ws.write_string(1, 0, "Tassello").unwrap();
    ws.write_string(1, 1, "0,20").unwrap();
    // A stray value in the last column Excel allows.
    ws.write_string(1, 16_383, "lontano").unwrap();
    let bytes = wb.save_to_buffer().unwrap();
    let t = read_table(&bytes, "a.xlsx", None, &Limits::default()).unwrap();
    assert_eq!(t.headers, vec!["Nome", "Prezzo"]);
    assert_eq!(t.rows, vec![vec!["Tassello", "0,20"]]);
    assert_eq!(
        t.warnings[0].message,
        "Le colonne oltre la 256ª sono state ignorate"
    );
}

#[test]
fn xlsx_oversized_cell_rejects_its_row_and_a_long_description_is_cut_at_a_sentence() {
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    ws.write_string(0, 0, "Nome").unwrap();
    ws.write_string(0, 1, "Descrizione").unwrap();
    ws.write_string(1, 0, "Enorme").unwrap();
    // Excel holds 32,767 characters a cell: the limit is lowered to try it.
    ws.write_string(1, 1, "x".repeat(30_000)).unwrap();
    ws.write_string(2, 0, "Corto").unwrap();
    // A real wholesaler's description of 12,000 characters: kept, cut where a sentence ends.
    let sentence = "Il prodotto è adatto all'uso professionale in cantiere. ";
    ws.write_string(3, 0, "Lungo").unwrap();
    ws.write_string(3, 1, sentence.repeat(220)).unwrap();
    let bytes = wb.save_to_buffer().unwrap();
    let limits = Limits {
        max_field_chars: 20_000,
        ..Limits::default()
    };
    let t = read_table(&bytes, "a.xlsx", None, &limits).unwrap();
    let out = process(&t);
    assert_eq!(
        out.drafts
            .iter()
            .map(|d| d.product.name.as_str())
            .collect::<Vec<_>>(),
        vec!["Corto", "Lungo"]
    );
    let cut = out.drafts[1].product.description.as_deref().unwrap();
    assert!(cut.chars().count() <= domain::limits::product::DESCRIPTION);
    assert!(cut.chars().count() > domain::limits::product::DESCRIPTION - sentence.len());
    assert!(cut.ends_with("cantiere."), "{}", &cut[cut.len() - 40..]);
    assert!(out
        .warnings
        .iter()
        .any(|w| w.row_number == 4 && w.message.starts_with("descrizione accorciata")));
    assert_eq!(out.errors[0].row_number, 2);
    assert_eq!(out.errors[0].name_or_raw, "Enorme");
    assert_eq!(
        out.errors[0].messages,
        vec!["Il campo nella colonna 2 supera i 20000 caratteri"]
    );
}

#[test]
fn xlsx_cell_at_last_row_is_refused_without_allocating() {
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    ws.write_string(0, 0, "Nome").unwrap();
    ws.write_string(0, 1, "Prezzo").unwrap();
    ws.write_string(1_048_575, 16_383, "x").unwrap();
    let bytes = wb.save_to_buffer().unwrap();
    let e = read_table(&bytes, "a.xlsx", None, &Limits::default()).unwrap_err();
    assert_eq!(e, ImportError::TooManyRows { max: 200_000 });
}

#[test]
fn xls_legacy_fixture() {
    let bytes = include_bytes!("testdata/listino.xls");
    let t = read_table(
        bytes,
        "listino.xls",
        Some("application/vnd.ms-excel"),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(
        t.headers,
        vec![
            "Codice",
            "Descrizione articolo",
            "Prezzo",
            "Giacenza",
            "EAN",
            "Aggiornato"
        ]
    );
    assert_eq!(t.first_row_number, 4);
    assert_eq!(
        t.rows[0],
        vec![
            "00123",
            "Cemento Portland 25 kg",
            "12.5",
            "40",
            "0801234567890",
            "05/03/2024"
        ]
    );
    assert_eq!(t.rows[1][4], "8012345678901");
    let out = process(&t);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.drafts.len(), 3);
    assert_eq!(out.drafts[2].product.price.map(Price::cents), Some(123_450));
    assert!(!out.drafts[1].product.availability.in_stock());
}

/// Rebuild a zip, replacing (or adding) one entry.
fn rezip(bytes: &[u8], name: &str, data: &[u8]) -> Vec<u8> {
    let mut src = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for i in 0..src.len() {
        let mut f = src.by_index(i).unwrap();
        let n = f.name().unwrap().to_string();
        let mut buf = Vec::new();
        f.read_to_end(&mut buf).unwrap();
        w.start_file(n.as_str(), opts).unwrap();
        w.write_all(if n == name { data } else { &buf }).unwrap();
    }
    if src.index_for_name(name).is_none() {
        w.start_file(name, opts).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

#[test]
fn zip_bomb_by_ratio_is_refused() {
    // 50 MB of zeros deflates to ~50 KB: ratio ~1000.
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    w.start_file("xl/worksheets/sheet1.xml", opts).unwrap();
    let chunk = vec![0u8; 1024 * 1024];
    for _ in 0..50 {
        w.write_all(&chunk).unwrap();
    }
    let bytes = w.finish().unwrap().into_inner();
    assert!(bytes.len() < 200_000);
    let e = read_table(&bytes, "bomba.xlsx", None, &Limits::default()).unwrap_err();
    assert_eq!(e, ImportError::TooLarge);
}

#[test]
fn zip_bomb_by_declared_size_is_refused() {
    // A valid workbook whose sheet entry claims 1 GB uncompressed.
    let mut bytes = sample_xlsx();
    let name = b"xl/worksheets/sheet1.xml";
    let mut patched = 0;
    // Central directory headers: signature, sizes at +20/+24, name length at +28, name at +46.
    let mut i = 0;
    while i + 46 < bytes.len() {
        if bytes[i..i + 4] == *b"PK\x01\x02" {
            let name_len = u16::from_le_bytes([bytes[i + 28], bytes[i + 29]]) as usize;
            if bytes.get(i + 46..i + 46 + name_len) == Some(&name[..]) {
                bytes[i + 24..i + 28].copy_from_slice(&(1u32 << 30).to_le_bytes());
                patched += 1;
            }
        }
        i += 1;
    }
    assert_eq!(patched, 1);
    let e = read_table(&bytes, "bomba.xlsx", None, &Limits::default()).unwrap_err();
    assert_eq!(e, ImportError::TooLarge);
}

#[test]
fn forged_shared_string_count_is_refused() {
    // calamine issue #684: uniqueCount drives an up-front allocation.
    let sst = br#"<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="3000000000"><si><t>Nome</t></si><si><t>A</t></si></sst>"#;
    let bytes = rezip(&sample_xlsx(), "xl/sharedStrings.xml", sst);
    let e = read_table(&bytes, "a.xlsx", None, &Limits::default()).unwrap_err();
    assert_eq!(e, ImportError::CorruptSpreadsheet);
}

#[test]
fn corrupt_zip_is_refused() {
    let mut bytes = sample_xlsx();
    let n = bytes.len();
    bytes.truncate(n / 2);
    let e = read_table(&bytes, "a.xlsx", None, &Limits::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Il file Excel è danneggiato o non leggibile."
    );
    // A zip that is not a workbook.
    let not_xlsx = rezip(&sample_xlsx(), "xl/workbook.xml", b"<nonsense");
    assert_eq!(
        read_table(&not_xlsx, "a.xlsx", None, &Limits::default()).unwrap_err(),
        ImportError::CorruptSpreadsheet
    );
    // An OLE header with garbage after it.
    let mut ole = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    ole.extend(std::iter::repeat_n(0xFFu8, 2048));
    assert!(read_table(&ole, "a.xls", None, &Limits::default()).is_err());
    // A password-protected workbook is an OLE file with an EncryptedPackage stream.
    let mut locked = ole.clone();
    locked.extend("EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes));
    assert_eq!(
        read_table(&locked, "a.xlsx", None, &Limits::default()).unwrap_err(),
        ImportError::PasswordProtected
    );
}

#[test]
fn error_report_lists_failed_rows() {
    let out = process(&csv_table(
        b"Nome;Prezzo
;3
Sabbia;abc
Ok;1
",
    ));
    let report = error_report_csv(&out.errors);
    assert_eq!(
        report,
        "\u{feff}Riga;Prodotto;Errori\n2;3;Il nome del prodotto è obbligatorio\n3;Sabbia;Prezzo non valido: «abc»\n"
    );
}

/// A valid EAN-13 from its 12-digit body.
fn ean13(body: u64) -> String {
    let b = format!("{body:012}");
    let sum: u32 = b
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, d)| u32::from(d - b'0') * if i % 2 == 0 { 3 } else { 1 })
        .sum();
    format!("{b}{}", (10 - sum % 10) % 10)
}

/// A realistic listino of `n` rows, ~100 bytes a row.
fn big_csv(n: usize) -> String {
    let mut s = String::with_capacity(n * 110);
    s.push_str("Codice;Descrizione articolo;Prezzo;Marca;Categoria;Giacenza;EAN\n");
    for i in 0..n {
        s.push_str(&format!(
            "{i:06};Piastrella gres porcellanato 30x60 grigio lotto {i};{},{:02};Marazzi;Pavimenti;{};{}\n",
            i % 500,
            i % 100,
            i % 7,
            ean13(800_000_000_000 + i as u64)
        ));
    }
    s
}

/// `cargo test --release -- --ignored --nocapture throughput`
#[test]
#[ignore]
fn throughput_100k_rows() {
    let csv = big_csv(100_000);
    let started = std::time::Instant::now();
    let t = read_table(csv.as_bytes(), "big.csv", None, &Limits::default()).unwrap();
    let read = started.elapsed();
    let out = process(&t);
    let total = started.elapsed();
    assert_eq!(out.drafts.len(), 100_000);
    println!(
        "CSV {} MB: read {:?}, read+map+build {:?}",
        csv.len() / 1_000_000,
        read,
        total
    );
    let again = std::time::Instant::now();
    let out2 = process(&t);
    println!("CSV map+build again {:?}", again.elapsed());
    drop((out, out2));

    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    for (c, h) in [
        "Codice",
        "Descrizione articolo",
        "Prezzo",
        "Marca",
        "Categoria",
        "Giacenza",
        "EAN",
    ]
    .iter()
    .enumerate()
    {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    for i in 0..100_000u32 {
        let r = i + 1;
        ws.write_string(r, 0, format!("{i:06}")).unwrap();
        ws.write_string(
            r,
            1,
            format!("Piastrella gres porcellanato 30x60 grigio lotto {i}"),
        )
        .unwrap();
        ws.write_number(r, 2, f64::from(i % 500) + 0.5).unwrap();
        ws.write_string(r, 3, "Marazzi").unwrap();
        ws.write_string(r, 4, "Pavimenti").unwrap();
        ws.write_number(r, 5, f64::from(i % 7)).unwrap();
        ws.write_string(r, 6, ean13(800_000_000_000 + u64::from(i)))
            .unwrap();
    }
    let bytes = wb.save_to_buffer().unwrap();
    let started = std::time::Instant::now();
    let t = read_table(&bytes, "big.xlsx", None, &Limits::default()).unwrap();
    let out = process(&t);
    assert_eq!(out.drafts.len(), 100_000);
    println!(
        "XLSX {} KB: read+map+build {:?}",
        bytes.len() / 1000,
        started.elapsed()
    );
}

/// Mutated workbooks must give an error or a table, never abort or hang.
/// `cargo test --release -- --ignored mutated_workbooks`
#[test]
#[ignore]
fn mutated_workbooks_never_crash() {
    let xlsx = sample_xlsx();
    let xls = include_bytes!("testdata/listino.xls").to_vec();
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<u64>().ok());
    let mut seed: u64 = env("FUZZ_SEED").unwrap_or(0x9E37_79B9_7F4A_7C15);
    let rounds = env("FUZZ_ROUNDS").unwrap_or(3000);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..rounds {
        let (mut bytes, name) = if round % 2 == 0 {
            (xlsx.clone(), "a.xlsx")
        } else {
            (xls.clone(), "a.xls")
        };
        for _ in 0..(1 + next() % 8) {
            let pos = (next() as usize) % bytes.len();
            bytes[pos] = next() as u8;
        }
        if std::env::var_os("DUMP_MUTANT").is_some() {
            let _ = std::fs::write("/tmp/mutant.bin", &bytes);
            eprintln!("round {round} {name}");
        }
        let _ = read_table(&bytes, name, None, &Limits::default());
    }
}

#[test]
fn woocommerce_variations_are_variants_of_their_parent() {
    let csv =
        "ID,Type,SKU,Name,\"Regular price\",Parent,\"Attribute 1 name\",\"Attribute 1 value(s)\"\n\
44,variable,woo-vneck-tee,V-Neck T-Shirt,,,Color,\"Blue, Green, Red\"\n\
47,simple,woo-tshirt,T-Shirt,18,,Color,Gray\n\
76,variation,woo-vneck-tee-red,V-Neck T-Shirt - Red,20,woo-vneck-tee,Color,Red\n\
78,variation,woo-vneck-tee-blue,V-Neck T-Shirt - Blue,15,id:44,Color,Blue\n\
79,variation,woo-hoodie-red,Hoodie - Red,45,woo-hoodie,Color,Red\n";
    let out = process(&csv_table(csv.as_bytes()));
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    let names: Vec<&str> = out.drafts.iter().map(|d| d.product.name.as_str()).collect();
    assert_eq!(
        names,
        ["V-Neck T-Shirt", "T-Shirt", "Hoodie - Red"],
        "a variation without its parent stays a product"
    );
    let tee = &out.drafts[0];
    let variants: Vec<(&str, Option<i64>, Option<&str>)> = tee
        .product
        .variants
        .iter()
        .map(|v| (v.label.as_str(), v.price_cents, v.sku.as_deref()))
        .collect();
    assert_eq!(
        variants,
        [
            ("Red", Some(2000), Some("woo-vneck-tee-red")),
            ("Blue", Some(1500), Some("woo-vneck-tee-blue"))
        ]
    );
    assert_eq!(
        tee.product.price.map(Price::cents),
        Some(1500),
        "from the lowest variant"
    );
    assert_eq!(
        out.warnings[0].message,
        "2 varianti (taglie, colori…) lette come varianti di 1 prodotto: la pagina di ogni prodotto le elenca con i loro prezzi"
    );
    assert!(out.drafts[1].product.variants.is_empty());
}

#[test]
fn shopify_option_rows_are_variants_of_the_handle() {
    let csv = "Handle,Title,Vendor,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price,Image Src\n\
shirt,Example T-Shirt,Acme,Color,Green,Size,S,SRT-1,25.00,https://cdn.shopify.com/a.jpg\n\
shirt,,,,Green,,M,SRT-2,26.00,\n\
shirt,,,,,,,,,https://cdn.shopify.com/b.jpg\n\
shirt,,,,Blue,,S,SRT-3,27.50,\n\
hat,Example Beanie,Acme,Title,Default Title,,,HAT-1,17.99,\n";
    let out = process(&csv_table(csv.as_bytes()));
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.drafts.len(), 2);
    let shirt = &out.drafts[0];
    let labels: Vec<(&str, Option<i64>)> = shirt
        .product
        .variants
        .iter()
        .map(|v| (v.label.as_str(), v.price_cents))
        .collect();
    assert_eq!(
        labels,
        [
            ("Green / S", Some(2500)),
            ("Green / M", Some(2600)),
            ("Blue / S", Some(2750))
        ]
    );
    assert_eq!(shirt.product.price.map(Price::cents), Some(2500));
    assert_eq!(shirt.product.sku.as_deref(), Some("SRT-1"));
    assert!(
        out.drafts[1].product.variants.is_empty(),
        "Default Title is no variant"
    );
}
