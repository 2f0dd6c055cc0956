//! Cell value parsing: prices, availability, codes, free text.
//! Everything here is tolerant of how Italian shops actually type values.

use domain::fold::fold_chars;
use domain::validation::{is_unwanted_char, without_unwanted_chars};
use domain::{image_url, Availability, DecimalMark, Price, PriceError};

/// True for cells that read as a number ("12,50", "€ 3", "8012345678901", "1.234").
/// Used to tell a header row from a data row.
pub fn looks_numeric(s: &str) -> bool {
    let t = s.trim();
    !t.is_empty()
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| {
            c.is_ascii_digit()
                || matches!(c, '.' | ',' | '-' | '+' | '€' | ' ' | '/' | '%' | '\u{a0}')
        })
}

/// A price cell, read by the one price parser (`domain::Price`, docs/decisions/013-prices.md)
/// with the decimal mark of its column for `1.234` and `1,234`. `Ok(None)` for an empty
/// cell; the error is the row's Italian message.
pub fn parse_price(raw: &str, mark: DecimalMark) -> Result<Option<Price>, String> {
    Price::parse_as(raw, mark).map_err(|e| match e {
        PriceError::NotANumber => format!("Prezzo non valido: «{}»", raw.trim()),
        PriceError::Negative | PriceError::TooHigh => {
            format!("Prezzo non valido: «{}» ({e})", raw.trim())
        }
    })
}

/// Availability as shop owners write it. `None` means "not recognised";
/// an empty cell is `Some(true)`: a product listed in a shop's catalogue is
/// available unless the file says otherwise.
pub fn parse_availability(raw: &str) -> Option<bool> {
    parse_stock(raw).map(Availability::in_stock)
}

/// A stock cell in the trade's words or as a quantity: "Su ordinazione", "ultimi pezzi",
/// "esaurito", "12 pz", "0". Empty means available; `None` for words it does not know.
pub fn parse_stock(raw: &str) -> Option<Availability> {
    let t = raw.trim();
    if !t.is_empty() && t.len() <= 18 && t.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Availability::from_shelf(t.bytes().any(|b| b != b'0')));
    }
    let key = fold_key(raw);
    match key.as_str() {
        "" => Some(Availability::InStock),
        "si" | "s" | "1" | "true" | "vero" | "yes" | "y" | "x" | "ok" | "disponibile"
        | "disponibili" | "in stock" | "instock" | "in magazzino" | "presente" | "available"
        | "pronta consegna" => Some(Availability::InStock),
        "disponibilita limitata"
        | "limitata"
        | "ultimi pezzi"
        | "pochi pezzi"
        | "scorte limitate"
        | "limited"
        | "limited availability" => Some(Availability::Limited),
        "su ordinazione" | "ordinabile" | "su richiesta" | "da ordinare" | "in arrivo"
        | "backorder" | "onbackorder" | "on backorder" | "preorder" => {
            Some(Availability::Backorder)
        }
        "no" | "n" | "0" | "false" | "falso" | "non disponibile" | "esaurito" | "esaurita"
        | "terminato" | "out of stock" | "outofstock" | "not available" | "non presente" => {
            Some(Availability::OutOfStock)
        }
        _ => {
            // A stock quantity: "12", "3,0", "-1" (oversold), "12 pz".
            let num = key.trim_end_matches(|c: char| c.is_alphabetic() || c == ' ' || c == '.');
            let num = num.replace(',', ".");
            num.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(|v| Availability::from_shelf(v > 0.0))
        }
    }
}

/// Lowercase, accents folded, punctuation to spaces, spaces collapsed.
/// The one normalisation used for matching headers and keywords.
pub fn fold_key(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut pending_space = false;
    for c in fold_chars(raw) {
        if c.is_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(c);
        } else if c == '-' && out.is_empty() {
            // keep a leading minus for quantities like "-1"
            out.push(c);
        } else if c == '.' || c == ',' {
            // keep decimal marks inside numbers ("3,5")
            if out.chars().last().is_some_and(|p| p.is_ascii_digit()) && !pending_space {
                out.push(c);
            } else {
                pending_space = true;
            }
        } else {
            pending_space = true;
        }
    }
    while out.ends_with(['.', ',']) {
        out.pop();
    }
    out
}

/// Trim, collapse every run of whitespace into one space and drop control characters and
/// noncharacters ([`is_unwanted_char`]).
pub fn clean_text(raw: &str) -> String {
    // Fast path: most cells are already clean (no double, edge or non-space whitespace,
    // no control character).
    let b = raw.as_bytes();
    let clean = !b.first().is_some_and(u8::is_ascii_whitespace)
        && !b.last().is_some_and(u8::is_ascii_whitespace)
        && !b.windows(2).any(|w| w[0] == b' ' && w[1] == b' ')
        && !b.iter().any(|&c| c != b' ' && (c < 0x20 || c == 0x7f))
        && (raw.is_ascii()
            || !raw
                .chars()
                .any(|c| (c != ' ' && c.is_whitespace()) || is_unwanted_char(c)));
    if clean {
        return raw.to_string();
    }
    let raw = without_unwanted_chars(raw);
    let mut out = String::with_capacity(raw.len());
    for word in raw.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Cut to at most `max` characters, at a char boundary, without trailing spaces.
pub fn truncate_chars(s: &mut String, max: usize) {
    if s.len() <= max {
        return; // bytes ≥ chars
    }
    if let Some((idx, _)) = s.char_indices().nth(max) {
        s.truncate(idx);
        let trimmed = s.trim_end().len();
        s.truncate(trimmed);
    }
}

/// Plain text from an HTML fragment (Shopify "Body (HTML)", Woo descriptions):
/// tags removed, block ends become line breaks, basic entities decoded,
/// whitespace collapsed within lines. Plain text passes through cleaned.
pub fn html_to_text(raw: &str) -> String {
    // Some exports write line breaks as a visible "↵".
    let raw: &str = &raw.replace('↵', "\n");
    if !raw.contains(['<', '&', '\n', '\r']) {
        return clean_text(raw);
    }
    let mut text = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(lt) = rest.find('<') {
        text.push_str(&rest[..lt]);
        let after = &rest[lt + 1..];
        // A '<' not starting a tag ("< 5 mm") is kept as text.
        if !after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!') {
            text.push('<');
            rest = after;
            continue;
        }
        let Some(gt) = after.find('>') else {
            rest = "";
            break;
        };
        let tag = after[..gt].trim_start_matches('/').to_ascii_lowercase();
        let tag_name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        rest = &after[gt + 1..];
        if tag_name == "script" || tag_name == "style" {
            let close = format!("</{tag_name}");
            match rest.to_ascii_lowercase().find(&close) {
                Some(end) => {
                    rest = &rest[end..];
                    if let Some(g) = rest.find('>') {
                        rest = &rest[g + 1..];
                    }
                }
                None => rest = "",
            }
            continue;
        }
        match tag_name.as_str() {
            "br" | "p" | "div" | "li" | "tr" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "ul"
            | "ol" => text.push('\n'),
            _ => text.push(' '),
        }
    }
    text.push_str(rest);
    let decoded = decode_entities(&text);
    let mut out = String::with_capacity(decoded.len());
    for line in decoded.lines() {
        let line = clean_text(line);
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&line);
    }
    out
}

/// Every HTML5 named and numeric entity (`&egrave;`, `&trade;`, `&#8364;`); a
/// non-breaking space becomes a plain one.
fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    html_escape::decode_html_entities(s).replace('\u{a0}', " ")
}

/// Product code as text: trimmed, inner spaces kept out. Leading zeros stay, and so does
/// nothing of Excel's leading apostrophe (`'0195…`, typed to keep those zeros).
pub fn clean_code(raw: &str) -> Option<String> {
    let s = clean_text(without_text_mark(raw));
    (!s.is_empty()).then_some(s)
}

fn without_text_mark(raw: &str) -> &str {
    let t = raw.trim();
    t.strip_prefix(['\'', '’']).unwrap_or(t)
}

/// A number in Excel's scientific form ("3.65275E+11"): the digits beyond the sixth are
/// lost, so no code can be read back from it.
fn is_scientific(t: &str) -> bool {
    let Some((mantissa, exponent)) = t.split_once(['E', 'e']) else {
        return false;
    };
    let exponent = exponent.strip_prefix('+').unwrap_or(exponent);
    !mantissa.is_empty()
        && mantissa
            .replace([',', '.'], "")
            .bytes()
            .all(|b| b.is_ascii_digit())
        && !exponent.is_empty()
        && exponent.bytes().all(|b| b.is_ascii_digit())
}

/// EAN/GTIN: digits only after removing spaces, dashes and Excel's apostrophe. `None`
/// for an empty cell; else the code (none for a number Excel turned into scientific
/// form) and, when it is not a valid GTIN-8/12/13/14, a warning text.
pub fn clean_ean(raw: &str) -> Option<(Option<String>, Option<String>)> {
    let t = without_text_mark(raw);
    if is_scientific(t) {
        return Some((
            None,
            Some(format!(
                "EAN «{t}» in formato scientifico: Excel ha perso le ultime cifre, codice non importato (formatta la colonna come testo)"
            )),
        ));
    }
    let compact: String = if t.bytes().all(|b| b.is_ascii_digit()) {
        t.to_string()
    } else {
        t.chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect()
    };
    if compact.is_empty() {
        return None;
    }
    let valid = compact.bytes().all(|b| b.is_ascii_digit())
        && matches!(compact.len(), 8 | 12 | 13 | 14)
        && gtin_check_digit_ok(&compact);
    let warning = (!valid).then(|| format!("EAN non valido: «{t}»"));
    Some((Some(compact), warning))
}

/// A valid GTIN-8/12/13/14: digits only, with the right check digit.
pub fn is_gtin(code: &str) -> bool {
    code.bytes().all(|b| b.is_ascii_digit())
        && matches!(code.len(), 8 | 12 | 13 | 14)
        && gtin_check_digit_ok(code)
}

fn gtin_check_digit_ok(digits: &str) -> bool {
    let Some((&check, body)) = digits.as_bytes().split_last() else {
        return false;
    };
    // Weights 3,1,3,… from the rightmost body digit.
    let sum: u32 = body
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &b)| u32::from(b - b'0') * if i % 2 == 0 { 3 } else { 1 })
        .sum();
    (10 - sum % 10) % 10 == u32::from(check - b'0')
}

/// First image address in a cell that may list several ("a.jpg, b.jpg"), checked by the
/// one image check (`domain::image_url`). `Err` carries the rejected text when something
/// is there but is not an address.
pub fn first_image_url(raw: &str) -> Result<Option<String>, String> {
    let mut first_other = None;
    for part in raw.split([',', ' ', '\n', '\t', ';', '|']) {
        let p = part.trim();
        if p.is_empty() {
            continue;
        }
        if let Some(url) = image_url::parse(p) {
            return Ok(Some(url));
        }
        first_other.get_or_insert(p);
    }
    match first_other {
        Some(other) => Err(format!(
            "URL dell'immagine non valido (deve iniziare con http:// o https://): «{other}»"
        )),
        None => Ok(None),
    }
}

/// WooCommerce writes "Edilizia > Cementi, Offerte": keep the most specific
/// segment of the first category. Plain categories pass through.
pub fn category_leaf(raw: &str) -> String {
    let s = clean_text(raw);
    if !s.contains('>') {
        return s;
    }
    let first = s.split(',').next().unwrap_or("");
    first.rsplit('>').next().unwrap_or("").trim().to_string()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn price_cells_keep_the_row_messages() {
        let ok = |s: &str, mark| parse_price(s, mark).unwrap().map(Price::cents);
        assert_eq!(ok("€ 1.234,50", DecimalMark::Comma), Some(123_450));
        assert_eq!(ok("1.234", DecimalMark::Comma), Some(123_400));
        assert_eq!(ok("1.234", DecimalMark::Dot), Some(123));
        assert_eq!(ok("12.50 EUR", DecimalMark::Comma), Some(1250));
        assert_eq!(ok("  ", DecimalMark::Comma), None);
        let err = |s: &str| parse_price(s, DecimalMark::Comma).unwrap_err();
        assert_eq!(err(" abc "), "Prezzo non valido: «abc»");
        assert_eq!(
            err("-5"),
            "Prezzo non valido: «-5» (il prezzo non può essere negativo)"
        );
        assert_eq!(
            err("99999999999999999999"),
            "Prezzo non valido: «99999999999999999999» (il prezzo supera 1.000.000,00 €)"
        );
        assert!(err("12,50,3").starts_with("Prezzo non valido"));
    }

    #[test]
    fn the_trades_words_for_limited_and_to_order() {
        for limited in ["Disponibilità limitata", "ultimi pezzi", "Pochi pezzi"] {
            assert_eq!(
                parse_stock(limited),
                Some(Availability::Limited),
                "{limited}"
            );
        }
        for to_order in ["Su ordinazione", "SU RICHIESTA", "in arrivo", "backorder"] {
            assert_eq!(
                parse_stock(to_order),
                Some(Availability::Backorder),
                "{to_order}"
            );
        }
        assert_eq!(parse_stock("12 pz"), Some(Availability::InStock));
        assert_eq!(parse_stock("-1"), Some(Availability::OutOfStock));
        assert_eq!(parse_stock("forse"), None);
    }

    #[test]
    fn availability() {
        for yes in [
            "si",
            "sì",
            "SI",
            "Sì",
            "1",
            "true",
            "VERO",
            "disponibile",
            "yes",
            "in stock",
            "instock",
            "12",
            "3,5",
            "5 pz",
            "",
        ] {
            assert_eq!(parse_availability(yes), Some(true), "{yes}");
        }
        for no in [
            "no",
            "NO",
            "0",
            "false",
            "falso",
            "non disponibile",
            "Esaurito",
            "outofstock",
            "0,0",
            "-2",
        ] {
            assert_eq!(parse_availability(no), Some(false), "{no}");
        }
        assert_eq!(parse_availability("forse"), None);
    }

    #[test]
    fn html_and_text() {
        assert_eq!(
            html_to_text("<p>Cemento <b>Portland</b> &amp; sabbia</p><ul><li>25&nbsp;kg</li><li>per esterni</li></ul><script>x()</script>"),
            "Cemento Portland & sabbia\n25 kg\nper esterni"
        );
        assert_eq!(html_to_text("diametro < 5 mm"), "diametro < 5 mm");
        assert_eq!(
            html_to_text("&egrave; &#233; &#x20AC; &bogus;"),
            "è é € &bogus;"
        );
        assert_eq!(clean_text("  a \t b\n c "), "a b c");
        assert_eq!(
            clean_text("Vite\u{0}\u{fffe} M8\u{85}x40\u{1b}"),
            "Vite M8x40"
        );
        assert_eq!(clean_text("Vite\u{7}M8"), "ViteM8");
        let mut s = "àèìòù".repeat(3);
        truncate_chars(&mut s, 4);
        assert_eq!(s, "àèìò");
    }

    #[test]
    fn codes() {
        assert_eq!(
            clean_ean("0801234567890").unwrap().0.as_deref(),
            Some("0801234567890")
        );
        assert_eq!(
            clean_ean("8012345678901").unwrap(),
            (
                Some("8012345678901".into()),
                Some("EAN non valido: «8012345678901»".into())
            )
        );
        // Excel's apostrophe, typed to keep the leading zero, is not part of the code.
        assert_eq!(
            clean_ean("'0195112030332").unwrap(),
            (Some("0195112030332".into()), None)
        );
        assert_eq!(clean_code("'00123"), Some("00123".into()));
        // The scientific form lost digits: no code, and the owner is told why.
        for lost in ["3.65275E+11", "7,79202E+11", "1E12"] {
            let (code, warning) = clean_ean(lost).unwrap();
            assert_eq!(code, None, "{lost}");
            assert!(warning.unwrap().contains("formato scientifico"), "{lost}");
        }
        assert_eq!(clean_ean("4006381333931").unwrap().1, None);
        assert_eq!(clean_ean("96385074").unwrap().1, None);
        assert!(clean_ean("123").unwrap().1.is_some());
        assert!(clean_ean(" ").is_none());
        assert_eq!(clean_code(" 00123 "), Some("00123".into()));
    }

    #[test]
    fn images_and_categories() {
        assert_eq!(
            first_image_url("https://a/x.jpg, https://a/y.jpg").unwrap(),
            Some("https://a/x.jpg".into())
        );
        assert!(first_image_url("foto.jpg").is_err());
        assert_eq!(first_image_url("").unwrap(), None);
        assert_eq!(category_leaf("Edilizia > Cementi, Offerte"), "Cementi");
        assert_eq!(category_leaf("Colle, sigillanti"), "Colle, sigillanti");
    }

    #[test]
    fn folding() {
        assert_eq!(fold_key("  Prezzo (IVA inclusa) "), "prezzo iva inclusa");
        assert_eq!(fold_key("Quantità"), "quantita");
        assert_eq!(fold_key("URL dell'immagine"), "url dell immagine");
        assert!(looks_numeric("8012345678901"));
        assert!(looks_numeric("€ 12,50"));
        assert!(!looks_numeric("Prezzo"));
        assert!(!looks_numeric("Cemento 25 kg"));
    }
}
