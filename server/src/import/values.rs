//! Cell value parsing: prices, availability, codes, free text.
//! Everything here is tolerant of how Italian shops actually type values.

/// Prices above this (10 billion euro) are typos or garbage, not prices.
const MAX_PRICE_CENTS: i64 = 1_000_000_000_000;

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

/// Parse a price into integer cents. `Ok(None)` for an empty cell.
/// Rules: with both '.' and ',' the last one is the decimal mark; a lone ','
/// is decimal (Italian); a lone '.' followed by exactly three digits is a
/// thousands separator ("1.234" = 1234), otherwise decimal ("1234.5").
pub fn parse_price(raw: &str) -> Result<Option<i64>, String> {
    let invalid = || format!("Prezzo non valido: «{}»", raw.trim());
    let mut s: String = raw
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '€' | '\'' | '’' | '+'))
        .collect();
    for word in ["EUR", "Eur", "eur", "Euro", "euro", "EURO"] {
        if let Some(rest) = s.strip_suffix(word).or_else(|| s.strip_prefix(word)) {
            s = rest.to_string();
            break;
        }
    }
    if s.is_empty() || s == "-" {
        return Ok(None);
    }
    let negative =
        s.starts_with('-') || s.ends_with('-') || (s.starts_with('(') && s.ends_with(')'));
    if negative {
        let digits = s.trim_matches(|c| matches!(c, '-' | '(' | ')'));
        if !digits.is_empty()
            && digits
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
        {
            return Err(format!(
                "Prezzo non valido: «{}» (il prezzo non può essere negativo)",
                raw.trim()
            ));
        }
        return Err(invalid());
    }
    if !s
        .chars()
        .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
        || !s.chars().any(|c| c.is_ascii_digit())
    {
        return Err(invalid());
    }
    let last_dot = s.rfind('.');
    let last_comma = s.rfind(',');
    let (int_part, frac_part): (String, &str) = match (last_dot, last_comma) {
        (Some(d), Some(c)) => {
            let (dec, sep) = if d > c { (d, ',') } else { (c, '.') };
            let int = &s[..dec];
            if int.contains(if sep == ',' { '.' } else { ',' }) || !thousands_ok(int, sep) {
                return Err(invalid());
            }
            (int.replace(sep, ""), &s[dec + 1..])
        }
        (None, Some(c)) => {
            if s.matches(',').count() > 1 {
                if !thousands_ok(&s, ',') {
                    return Err(invalid());
                }
                (s.replace(',', ""), "")
            } else {
                (s[..c].to_string(), &s[c + 1..])
            }
        }
        (Some(d), None) => {
            let count = s.matches('.').count();
            let int = &s[..d];
            let frac = &s[d + 1..];
            let italian_thousands = count == 1
                && frac.len() == 3
                && (1..=3).contains(&int.len())
                && !int.starts_with('0');
            if count > 1 || italian_thousands {
                if !thousands_ok(&s, '.') {
                    return Err(invalid());
                }
                (s.replace('.', ""), "")
            } else {
                (int.to_string(), frac)
            }
        }
        (None, None) => (s.clone(), ""),
    };
    if !int_part.chars().all(|c| c.is_ascii_digit())
        || !frac_part.chars().all(|c| c.is_ascii_digit())
    {
        return Err(invalid());
    }
    if int_part.len() > 13 {
        return Err(invalid());
    }
    let euros: i64 = if int_part.is_empty() {
        0
    } else {
        int_part.parse().map_err(|_| invalid())?
    };
    // Round half up to the cent on the first three decimals ("0,125" → 13 cents).
    let mut frac_digits = frac_part.bytes().map(|b| i64::from(b - b'0'));
    let d1 = frac_digits.next().unwrap_or(0);
    let d2 = frac_digits.next().unwrap_or(0);
    let d3 = frac_digits.next().unwrap_or(0);
    let cents = euros
        .checked_mul(100)
        .and_then(|v| v.checked_add(d1 * 10 + d2 + i64::from(d3 >= 5)))
        .ok_or_else(invalid)?;
    if cents > MAX_PRICE_CENTS {
        return Err(invalid());
    }
    Ok(Some(cents))
}

/// Groups after the first must have exactly three digits ("1.234.567").
fn thousands_ok(s: &str, sep: char) -> bool {
    let mut parts = s.split(sep);
    let first = parts.next().unwrap_or("");
    !first.is_empty() && first.len() <= 3 && parts.all(|p| p.len() == 3)
}

/// Availability as shop owners write it. `None` means "not recognised";
/// an empty cell is `Some(true)`: a product listed in a shop's catalogue is
/// available unless the file says otherwise.
pub fn parse_availability(raw: &str) -> Option<bool> {
    let t = raw.trim();
    if !t.is_empty() && t.len() <= 18 && t.bytes().all(|b| b.is_ascii_digit()) {
        return Some(t.bytes().any(|b| b != b'0'));
    }
    let key = fold_key(raw);
    match key.as_str() {
        "" => Some(true),
        "si" | "s" | "1" | "true" | "vero" | "yes" | "y" | "x" | "ok" | "disponibile"
        | "disponibili" | "in stock" | "instock" | "in magazzino" | "presente" | "available"
        | "pronta consegna" | "su ordinazione" | "ordinabile" => Some(true),
        "no" | "n" | "0" | "false" | "falso" | "non disponibile" | "esaurito" | "esaurita"
        | "terminato" | "out of stock" | "outofstock" | "not available" | "non presente"
        | "in arrivo" | "backorder" | "onbackorder" => Some(false),
        _ => {
            // A stock quantity: "12", "3,0", "-1" (oversold), "12 pz".
            let num = key.trim_end_matches(|c: char| c.is_alphabetic() || c == ' ' || c == '.');
            let num = num.replace(',', ".");
            num.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(|v| v > 0.0)
        }
    }
}

/// Lowercase, accents folded, punctuation to spaces, spaces collapsed.
/// The one normalisation used for matching headers and keywords.
pub fn fold_key(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut pending_space = false;
    for c in raw.chars().flat_map(char::to_lowercase) {
        let c = fold_accent(c);
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

fn fold_accent(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ä' | 'ã' => 'a',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        _ => c,
    }
}

/// Trim and collapse every run of whitespace into one space.
pub fn clean_text(raw: &str) -> String {
    // Fast path: most cells are already clean (no double, edge or non-space whitespace).
    let b = raw.as_bytes();
    let clean = !b.first().is_some_and(u8::is_ascii_whitespace)
        && !b.last().is_some_and(u8::is_ascii_whitespace)
        && !b.windows(2).any(|w| w[0] == b' ' && w[1] == b' ')
        && !b.iter().any(|&c| c != b' ' && c.is_ascii_whitespace())
        && (raw.is_ascii() || !raw.chars().any(|c| c != ' ' && c.is_whitespace()));
    if clean {
        return raw.to_string();
    }
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

fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let semi = after.find(';').filter(|&i| i <= 10);
        let decoded = semi.and_then(|i| entity(&after[..i]).map(|c| (c, i)));
        match decoded {
            Some((c, i)) => {
                out.push(c);
                rest = &after[i + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        return char::from_u32(code).map(|c| if c == '\u{a0}' { ' ' } else { c });
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        "euro" => '€',
        "agrave" => 'à',
        "egrave" => 'è',
        "eacute" => 'é',
        "igrave" => 'ì',
        "ograve" => 'ò',
        "ugrave" => 'ù',
        "Agrave" => 'À',
        "Egrave" => 'È',
        "deg" => '°',
        "times" => '×',
        "rsquo" | "lsquo" => '’',
        "ldquo" | "rdquo" => '"',
        "ndash" => '–',
        "mdash" => '—',
        "hellip" => '…',
        _ => return None,
    })
}

/// Product code as text: trimmed, inner spaces kept out. Leading zeros stay.
pub fn clean_code(raw: &str) -> Option<String> {
    let s = clean_text(raw);
    (!s.is_empty()).then_some(s)
}

/// EAN/GTIN: digits only after removing spaces and dashes. Returns the code
/// and, when it is not a valid GTIN-8/12/13/14, a warning text.
pub fn clean_ean(raw: &str) -> Option<(String, Option<String>)> {
    let t = raw.trim();
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
    let warning = (!valid).then(|| format!("EAN non valido: «{}»", raw.trim()));
    Some((compact, warning))
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

/// First http(s) URL in a cell that may list several ("a.jpg, b.jpg").
/// `Err` carries the rejected text when something is there but is not a web address.
pub fn first_image_url(raw: &str) -> Result<Option<String>, String> {
    let mut first_other = None;
    for part in raw.split([',', ' ', '\n', '\t', ';', '|']) {
        let p = part.trim();
        if p.is_empty() {
            continue;
        }
        let lower = p.get(..8).unwrap_or(p).to_ascii_lowercase();
        if lower.starts_with("https://") || lower.starts_with("http://") {
            return Ok(Some(p.to_string()));
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
    fn prices() {
        let ok = |s: &str| parse_price(s).unwrap();
        assert_eq!(ok("12,50"), Some(1250));
        assert_eq!(ok("€ 1.234,50"), Some(123_450));
        assert_eq!(ok("1234.5"), Some(123_450));
        assert_eq!(ok("12,5 €"), Some(1250));
        assert_eq!(ok("1.234"), Some(123_400));
        assert_eq!(ok("1,234.50"), Some(123_450));
        assert_eq!(ok("1.234.567,89"), Some(123_456_789));
        assert_eq!(ok("0.125"), Some(13));
        assert_eq!(ok("12"), Some(1200));
        assert_eq!(ok("12.50 EUR"), Some(1250));
        assert_eq!(ok("EUR 7"), Some(700));
        assert_eq!(ok(""), None);
        assert_eq!(ok("  "), None);
        assert_eq!(ok("0"), Some(0));
        assert_eq!(ok(",50"), Some(50));
        assert_eq!(ok("1 234,50"), Some(123_450));
        assert_eq!(parse_price("abc").unwrap_err(), "Prezzo non valido: «abc»");
        assert!(parse_price("-5").unwrap_err().contains("negativo"));
        assert!(parse_price("12,50,3").is_err());
        assert!(parse_price("1.23.4").is_err());
        assert!(parse_price("99999999999999999999").is_err());
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
        let mut s = "àèìòù".repeat(3);
        truncate_chars(&mut s, 4);
        assert_eq!(s, "àèìò");
    }

    #[test]
    fn codes() {
        assert_eq!(clean_ean("0801234567890").unwrap().0, "0801234567890");
        assert_eq!(
            clean_ean("8012345678901").unwrap(),
            (
                "8012345678901".into(),
                Some("EAN non valido: «8012345678901»".into())
            )
        );
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
