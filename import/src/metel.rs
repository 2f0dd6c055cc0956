//! METEL price lists: the fixed-width text that Italian electrical and plumbing wholesalers
//! send (the METEL association's "tracciato listino prezzi"; `docs/decisions/030-metel-price-lists.md`).
//!
//! The file is turned into a [`Table`] with named columns, so the mapping, the checks and
//! the import treat it like any other list. What the owner would have to know is done here:
//! the public price is for one unit (the list's price is for "multiplier" units), the maker's
//! code becomes its name, the key is maker + product code, and the trade price is left out.

use std::ops::RangeInclusive;

use super::metel_barcodes::Barcodes;
use super::table::{RowError, Table};
use super::values::is_gtin;
use super::{ImportError, Limits, Watch};

/// What a METEL list starts with (positions 1–20 of its header record, padded).
const MARK: &str = "LISTINO METEL";
/// Rows between two looks at the clock and the cancel flag.
const CHUNK: usize = 4096;

// Header record, 1-based inclusive positions.
const HEADER_MAKER: RangeInclusive<usize> = 21..=23;
const HEADER_VALID_FROM: RangeInclusive<usize> = 41..=48;
const HEADER_DESCRIPTION: RangeInclusive<usize> = 57..=86;

// Product record.
const MAKER: RangeInclusive<usize> = 1..=3;
const CODE: RangeInclusive<usize> = 4..=19;
const EAN: RangeInclusive<usize> = 20..=32;
const DESCRIPTION: RangeInclusive<usize> = 33..=75;
const PUBLIC_PRICE: RangeInclusive<usize> = 109..=119;
const MULTIPLIER: RangeInclusive<usize> = 120..=125;
const UNIT: RangeInclusive<usize> = 129..=131;
/// Where a record's key (maker and product code) ends: the other METEL files start with it.
pub(crate) const KEY_END: usize = *CODE.end();
/// A record must reach the multiplier to give a price.
const SHORTEST_RECORD: usize = *MULTIPLIER.end();

/// The columns of the table made from a METEL list. The price is the public list price
/// without VAT (METEL prices are), of one unit.
pub const HEADERS: [&str; 6] = [
    "Codice METEL",
    "Produttore",
    "Descrizione",
    "EAN",
    "Prezzo di listino IVA esclusa (per unità)",
    "Unità di misura",
];

/// Where the EAN is among [`HEADERS`].
const EAN_COLUMN: usize = 3;

/// Whether the bytes are a METEL list (a BOM and case aside).
pub fn is_metel(bytes: &[u8]) -> bool {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    body.len() >= MARK.len() && body[..MARK.len()].eq_ignore_ascii_case(MARK.as_bytes())
}

/// A product's METEL key, as every METEL file gives it: maker code (in capitals) and
/// product code.
pub(crate) fn key(chars: &[char]) -> (String, String) {
    (field(chars, MAKER).to_ascii_uppercase(), field(chars, CODE))
}

/// Characters `range` (1-based, inclusive) of a record, trimmed; empty past its end.
fn field(chars: &[char], range: RangeInclusive<usize>) -> String {
    let start = (*range.start() - 1).min(chars.len());
    let end = (*range.end()).min(chars.len());
    chars[start..end]
        .iter()
        .collect::<String>()
        .trim()
        .to_owned()
}

/// The makers' codes seen most in electrical and plumbing lists, and their names.
const MAKERS: &[(&str, &str)] = &[
    ("ABB", "ABB"),
    ("AVE", "AVE"),
    ("BTI", "BTicino"),
    ("BOS", "Bosch"),
    ("BRE", "Bressan"),
    ("CAB", "Cabur"),
    ("CEM", "Cembre"),
    ("CON", "Conchiglia"),
    ("DIS", "Disano"),
    ("ELE", "Eletec"),
    ("FAN", "Fantini Cosmi"),
    ("FIN", "Finder"),
    ("GEW", "Gewiss"),
    ("GRA", "Gewiss"),
    ("HAG", "Hager"),
    ("ITA", "Italweber"),
    ("LEG", "Legrand"),
    ("LOV", "Lovato Electric"),
    ("OBO", "OBO Bettermann"),
    ("OSR", "Osram"),
    ("PHI", "Philips"),
    ("PRY", "Prysmian"),
    ("SCH", "Schneider Electric"),
    ("SIE", "Siemens"),
    ("URM", "Urmet"),
    ("VIM", "Vimar"),
    ("WAG", "Wago"),
    ("ZUC", "Zucchini"),
];

/// The maker's name for its METEL code (the code itself when unknown).
pub fn maker_name(code: &str) -> String {
    MAKERS
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))
        .map_or_else(|| code.to_owned(), |(_, name)| (*name).to_owned())
}

/// The unit a METEL code names, as a shop writes it (`None`: pieces).
fn unit_name(code: &str) -> Option<&'static str> {
    match code.to_ascii_uppercase().as_str() {
        "M" | "MT" | "ML" | "MTL" => Some("m"),
        "KG" | "KGM" => Some("kg"),
        "L" | "LT" | "LTR" => Some("l"),
        "M2" | "MQ" | "MTQ" => Some("m²"),
        "M3" | "MC" => Some("m³"),
        "G" | "GR" => Some("g"),
        _ => None,
    }
}

/// Euro cents of an 11-digit price with two implied decimals.
fn cents(digits: &str) -> Result<u64, String> {
    if digits.is_empty() {
        return Ok(0);
    }
    digits
        .parse::<u64>()
        .map_err(|_| format!("prezzo al pubblico non numerico «{digits}»"))
}

/// `12345` cents as "123,45".
fn euros(cents: u64) -> String {
    format!("{},{:02}", cents / 100, cents % 100)
}

/// A METEL file's text: UTF-8 when it is, else Windows-1252 (the format's own).
pub(crate) fn decode(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(body) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => {
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(body)
                .0
        }
    }
}

/// What came beside the list in its archive: the barcodes, the files that gave them and
/// the files not read.
#[derive(Debug, Default)]
pub(crate) struct Beside {
    pub barcodes: Barcodes,
    pub read: Vec<String>,
    pub unread: Vec<String>,
}

/// Reads a METEL list. The header record says the maker, the list and its date (the
/// analysis shows them); each product record becomes a row; a record too short to carry
/// its price, or whose multiplier is 0, is refused with its reason. A record without a
/// valid EAN takes the one the barcode file `beside` the list gives its key.
pub fn read_metel(
    bytes: &[u8],
    limits: &Limits,
    watch: &Watch<'_>,
    beside: Option<&Beside>,
) -> Result<Table, ImportError> {
    let text = decode(bytes);
    let mut lines = text.lines();
    let header: Vec<char> = lines.next().unwrap_or_default().chars().collect();
    let list_maker = maker_name(&field(&header, HEADER_MAKER));
    let list_name = field(&header, HEADER_DESCRIPTION);
    let valid_from = field(&header, HEADER_VALID_FROM);
    let mut table = Table {
        headers: HEADERS.iter().map(|h| (*h).to_owned()).collect(),
        first_row_number: 2,
        format_note: Some(format_note(&list_maker, &list_name, &valid_from)),
        ..Table::default()
    };
    let mut from_beside = 0;
    for (index, line) in lines.enumerate() {
        if index % CHUNK == 0 {
            watch.check()?;
        }
        let row_number = index + 2;
        if line.trim().is_empty() {
            table.rows.push(vec![String::new(); HEADERS.len()]);
            continue;
        }
        if table.rows.len() >= limits.max_rows {
            return Err(ImportError::TooManyRows {
                max: limits.max_rows,
            });
        }
        let chars: Vec<char> = line.chars().collect();
        match product_row(&chars) {
            Ok(mut row) => {
                if let Some(barcode) =
                    beside.and_then(|b| barcode_beside(&b.barcodes, &chars, &row))
                {
                    row[EAN_COLUMN] = barcode.to_owned();
                    from_beside += 1;
                }
                table.rows.push(row);
            }
            Err(message) => {
                table.rows.push(vec![String::new(); HEADERS.len()]);
                table.rejected.push(RowError {
                    row_number,
                    name_or_raw: line.chars().take(60).collect::<String>().trim().to_owned(),
                    messages: vec![message],
                });
            }
        }
    }
    if let (Some(beside), Some(note)) = (beside, table.format_note.as_mut()) {
        note.push_str(&beside_note(beside, from_beside));
    }
    Ok(table)
}

/// The barcode file's barcode for a record whose own EAN is missing or wrong.
fn barcode_beside<'b>(barcodes: &'b Barcodes, chars: &[char], row: &[String]) -> Option<&'b str> {
    if is_gtin(&row[EAN_COLUMN]) {
        return None;
    }
    let (maker, code) = key(chars);
    barcodes.get(&maker, &code)
}

/// What the wizard says of the files beside the list.
fn beside_note(beside: &Beside, filled: usize) -> String {
    let quoted = |names: &[String]| {
        names
            .iter()
            .map(|n| format!("«{n}»"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut note = if beside.read.is_empty() {
        " Nell'archivio non c'è un file dei codici a barre METEL leggibile: i codici a barre sono quelli del listino.".to_owned()
    } else {
        let files = if beside.read.len() == 1 {
            "dal file"
        } else {
            "dai file"
        };
        format!(
            " Codici a barre {files} {}: {filled} prodotti li ricevono (quelli senza un codice valido nel listino).",
            quoted(&beside.read)
        )
    };
    if !beside.unread.is_empty() {
        note.push_str(&format!(
            " File dell'archivio non letti: {}.",
            quoted(&beside.unread)
        ));
    }
    note
}

/// What the wizard says of a METEL list.
fn format_note(maker: &str, name: &str, valid_from: &str) -> String {
    let mut note = format!("Listino METEL riconosciuto: {maker}");
    if !name.is_empty() {
        note.push_str(&format!(", «{name}»"));
    }
    if let [y1, y2, y3, y4, m1, m2, d1, d2] = valid_from.chars().collect::<Vec<_>>()[..] {
        note.push_str(&format!(", valido dal {d1}{d2}/{m1}{m2}/{y1}{y2}{y3}{y4}"));
    }
    note.push_str(". I prezzi del listino sono senza IVA e per il numero di pezzi indicato dal moltiplicatore: pubblichiamo il prezzo di un'unità con l'IVA. Il prezzo per il grossista non viene mai pubblicato.");
    note
}

/// One product record as the table's cells.
fn product_row(chars: &[char]) -> Result<Vec<String>, String> {
    if chars.len() < SHORTEST_RECORD {
        return Err(format!(
            "Record METEL troppo corto: {} caratteri, ne servono almeno {SHORTEST_RECORD} per arrivare al prezzo",
            chars.len()
        ));
    }
    let maker_code = field(chars, MAKER);
    let code = field(chars, CODE);
    let description = field(chars, DESCRIPTION);
    let price = cents(&field(chars, PUBLIC_PRICE))?;
    let multiplier_text = field(chars, MULTIPLIER);
    let multiplier: u64 = match multiplier_text.as_str() {
        "" => 1,
        digits => digits
            .parse()
            .map_err(|_| format!("Moltiplicatore di prezzo non numerico «{digits}»"))?,
    };
    if multiplier == 0 {
        return Err(
            "Moltiplicatore di prezzo 0: il prezzo di un'unità non si può calcolare".to_owned(),
        );
    }
    let unit_code = field(chars, UNIT);
    let unit = unit_name(&unit_code);
    let mut name = description;
    if let Some(unit) = unit {
        name.push_str(&format!(" (al {unit})"));
    }
    // Rounded to the cent: a cable of 123,45 € per 100 m costs 1,23 € per metre.
    let unit_price = (price + multiplier / 2) / multiplier;
    let row = vec![
        format!("{maker_code} {code}"),
        maker_name(&maker_code),
        name,
        field(chars, EAN),
        if price == 0 {
            String::new()
        } else {
            euros(unit_price)
        },
        unit.unwrap_or("pz").to_owned(),
    ];
    Ok(row)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;

    /// A record laid out as the METEL manual says (1-based inclusive positions).
    pub(crate) fn record(fields: &[(RangeInclusive<usize>, &str)], width: usize) -> String {
        let mut line = vec![' '; width];
        for (range, value) in fields {
            for (i, c) in value.chars().enumerate() {
                let at = range.start() - 1 + i;
                if at < *range.end() {
                    line[at] = c;
                }
            }
        }
        line.into_iter().collect()
    }

    pub(crate) fn header(maker: &str) -> String {
        record(
            &[
                (1..=20, MARK),
                (HEADER_MAKER, maker),
                (24..=34, "01234567890"),
                (HEADER_VALID_FROM, "20260301"),
                (HEADER_DESCRIPTION, "Listino 2026"),
                (126..=128, "021"),
            ],
            178,
        )
    }

    /// A product record: maker, code, EAN, description, public price (cents), multiplier,
    /// unit.
    pub(crate) fn product(
        maker: &str,
        code: &str,
        ean: &str,
        description: &str,
        public_cents: u64,
        multiplier: &str,
        unit: &str,
    ) -> String {
        record(
            &[
                (MAKER, maker),
                (CODE, code),
                (EAN, ean),
                (DESCRIPTION, description),
                (76..=80, "00010"),
                (98..=108, &format!("{:011}", public_cents / 2)),
                (PUBLIC_PRICE, &format!("{public_cents:011}")),
                (MULTIPLIER, multiplier),
                (126..=128, "EUR"),
                (UNIT, unit),
                (134..=141, "20260301"),
                (160..=177, "FAM01"),
            ],
            178,
        )
    }

    fn read(text: &str) -> Result<Table, ImportError> {
        let bytes = encoding_rs::WINDOWS_1252.encode(text).0.into_owned();
        assert!(is_metel(&bytes));
        read_metel(&bytes, &Limits::default(), &Watch::unlimited(), None)
    }

    #[test]
    fn a_list_becomes_named_columns_with_the_price_of_one_unit() {
        let text = [
            header("BTI"),
            product(
                "BTI",
                "N4001N",
                "8012199012345",
                "Interruttore 1P 16A Livinglight",
                590,
                "000001",
                "PZ",
            ),
            product(
                "PRY",
                "FG16OR163G25",
                "",
                "Cavo FG16OR16 3G2,5 più è",
                12345,
                "000100",
                "MT",
            ),
            product(
                "XYZ",
                "A1",
                "",
                "Articolo di un produttore raro",
                1000,
                "000001",
                "PZ",
            ),
        ]
        .join("\r\n");
        let table = read(&text).unwrap();
        assert_eq!(table.headers, HEADERS);
        assert_eq!(
            table.rows[0],
            [
                "BTI N4001N",
                "BTicino",
                "Interruttore 1P 16A Livinglight",
                "8012199012345",
                "5,90",
                "pz"
            ]
        );
        // 123,45 € for 100 m: 1,23 € a metre; Windows-1252 text read as such.
        assert_eq!(table.rows[1][2], "Cavo FG16OR16 3G2,5 più è (al m)");
        assert_eq!(
            (table.rows[1][4].as_str(), table.rows[1][5].as_str()),
            ("1,23", "m")
        );
        assert_eq!(table.rows[2][1], "XYZ", "an unknown maker keeps its code");
        let note = table.format_note.unwrap();
        assert!(
            note.starts_with(
                "Listino METEL riconosciuto: BTicino, «Listino 2026», valido dal 01/03/2026"
            ),
            "{note}"
        );
        assert!(
            table.rows.iter().flatten().all(|c| !c.contains("295")),
            "the trade price is not read"
        );
    }

    #[test]
    fn a_short_record_and_a_zero_multiplier_are_refused_with_their_reason() {
        let text = [
            header("VIM"),
            product("VIM", "14001", "", "Interruttore", 500, "000001", "PZ"),
            product("VIM", "14002", "", "Deviatore", 600, "000001", "PZ")[..100].to_owned(),
            product("VIM", "14003", "", "Invertitore", 700, "000000", "PZ"),
        ]
        .join("\n");
        let table = read(&text).unwrap();
        let reasons: Vec<(usize, &str)> = table
            .rejected
            .iter()
            .map(|e| (e.row_number, e.messages[0].as_str()))
            .collect();
        assert_eq!(reasons.len(), 2, "{reasons:?}");
        assert_eq!(reasons[0].0, 3);
        assert!(
            reasons[0].1.contains("troppo corto: 100 caratteri"),
            "{reasons:?}"
        );
        assert_eq!(reasons[1].0, 4);
        assert!(
            reasons[1].1.contains("Moltiplicatore di prezzo 0"),
            "{reasons:?}"
        );
        assert_eq!(table.rows[0][4], "5,00");
    }
}
