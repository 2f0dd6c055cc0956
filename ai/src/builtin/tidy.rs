//! A price-list line made fit to publish without rewriting it (issue: names fit to publish
//! by default): the supplier's artefacts removed, a line in capitals written as a person
//! writes it, while codes, sizes, standards and makers keep their form; a few trade
//! abbreviations spelt out where they cannot mean anything else. "Riscrivi i nomi"
//! (`name::build_name`) goes further; this only tidies.

use domain::fold::fold;

use super::kb::Kb;

/// Share of a line's letters in capitals that makes it a line "in capitals".
const CAPITALS_SHARE: f32 = 0.8;
/// Fewer letters than this: too short to judge (a bare model code).
const MIN_LETTERS: usize = 6;

/// Words written in capitals in any Italian text: acronyms, materials, standards.
const ACRONYMS: &[&str] = &[
    "abs", "ac", "aisi", "bt", "ce", "cee", "dc", "dpi", "en", "eps", "gpl", "hd", "hdmi", "hss",
    "inox", "ip", "iso", "led", "mdf", "osb", "pe", "pex", "ppr", "pp", "pu", "pvc", "rca", "sds",
    "tv", "uni", "usb", "uv", "wc", "xps",
];

/// Short words a line in capitals holds that are words, not codes.
const SHORT_WORDS: &[&str] = &[
    "a", "ad", "ai", "al", "con", "da", "dal", "dei", "del", "di", "e", "ed", "il", "in", "la",
    "le", "lo", "per", "su", "tra", "fra", "un", "una", "uno", "kit", "set", "gas", "box", "tipo",
    "mod", "art", "cod", "x", "pz", "nr", "kg", "gr", "lt", "ml", "mt", "mm", "cm", "mq", "mc",
    "rif", "conf", "tg", "col", "sp", "dx", "sx", "bis",
];

/// Spelt out wherever they stand (lower case, as a token or its start before a letter).
const EXPANSIONS: &[(&str, &str)] = &[("c/", "con "), ("s/", "senza "), ("conf.", "confezione ")];

/// The line as a visitor should read it; `sku` is the row's code (removed from the front
/// of the name when glued there).
pub fn tidy_name(kb: &Kb, raw: &str, sku: Option<&str>) -> String {
    let mut line: String = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    // Supplier artefacts at the ends: "<" ending half a list, "*", "#", "_".
    let artefact = |c: char| matches!(c, '<' | '>' | '*' | '#' | '_' | '|');
    line = line
        .trim_matches(|c: char| artefact(c) || c.is_whitespace())
        .to_owned();
    if let Some(code) = sku.map(str::trim).filter(|c| !c.is_empty()) {
        if let Some(rest) = line.strip_prefix(code) {
            let rest = rest.trim_start_matches([' ', '-', ':', '.']);
            if rest.chars().any(char::is_alphabetic) && rest.len() < line.len() {
                line = rest.to_owned();
            }
        }
    }
    if in_capitals(&line) {
        line = recase(kb, &line);
    }
    line
}

fn in_capitals(line: &str) -> bool {
    let letters = line.chars().filter(|c| c.is_alphabetic()).count();
    let upper = line.chars().filter(|c| c.is_uppercase()).count();
    letters >= MIN_LETTERS && upper as f32 >= letters as f32 * CAPITALS_SHARE
}

/// Each token written as it should be; the first letter of the line a capital.
fn recase(kb: &Kb, line: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    for token in line.split(' ') {
        words.push(recase_token(kb, token));
    }
    let out = words.join(" ");
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    // The first letter a capital, after any opening quote or bracket.
    match out.char_indices().find(|(_, c)| c.is_alphanumeric()) {
        Some((i, first)) if first.is_lowercase() => {
            let rest = &out[i + first.len_utf8()..];
            format!("{}{}{rest}", &out[..i], first.to_uppercase())
        }
        _ => out,
    }
}

fn recase_token(kb: &Kb, token: &str) -> String {
    // Codes, sizes and standards: anything with a digit stays as written (12V, D14,
    // H05V2V2-F, FG16OR16, 3/4").
    if token.chars().any(|c| c.is_ascii_digit()) {
        return token.to_owned();
    }
    let lower = token.to_lowercase();
    for (abbr, full) in EXPANSIONS {
        if let Some(rest) = lower.strip_prefix(abbr) {
            if rest.is_empty() || rest.starts_with(char::is_alphabetic) {
                return format!("{full}{}", recase_token(kb, &token[abbr.len()..]))
                    .trim_end()
                    .to_owned();
            }
        }
    }
    let core: String = token.chars().filter(|c| c.is_alphabetic()).collect();
    if core.is_empty() {
        return token.to_owned();
    }
    let folded = fold(&core);
    // A maker spelt as the maker spells it (BTicino, Würth).
    if core.chars().count() >= 3 {
        if let Some(id) = kb.brand_by_name(&core) {
            let canonical = kb.brands[id as usize].canonical;
            if !canonical.contains(' ') {
                return token.replacen(&core, canonical, 1);
            }
        }
    }
    if ACRONYMS.contains(&folded.as_str()) {
        return token.to_owned();
    }
    // A short token that is no word and no trade term is a model or a code (XR, ZX, TBG).
    if core.chars().count() <= 3
        && !SHORT_WORDS.contains(&folded.as_str())
        && !kb.is_keyword_stem(&folded)
    {
        return token.to_owned();
    }
    lower
}

#[cfg(test)]
mod tests {
    use super::super::kb::KB;
    use super::*;

    fn tidy(raw: &str) -> String {
        tidy_name(&KB, raw, None)
    }

    #[test]
    fn a_line_in_capitals_is_written_as_a_person_writes_it() {
        assert_eq!(
            tidy("PASSO UOMO VETUS PLANUS NERO 42 <"),
            "Passo uomo vetus planus nero 42"
        );
        assert_eq!(
            tidy("CAVO H05V2V2-F 3G1,5 GRIGIO MT 100"),
            "Cavo H05V2V2-F 3G1,5 grigio mt 100"
        );
        assert_eq!(
            tidy("CAVO FG16OR16 3G2,5 PRYSMIAN"),
            "Cavo FG16OR16 3G2,5 Prysmian"
        );
        assert_eq!(
            tidy("PLACCA AXOLUTE 3 POSTI BTICINO"),
            "Placca axolute 3 posti BTicino"
        );
        assert_eq!(
            tidy("VITE TRUCIOLARE INOX D14 WURTH"),
            "Vite truciolare INOX D14 Würth"
        );
        assert_eq!(
            tidy("TRASFORMATORE 12V LED 60W"),
            "Trasformatore 12V LED 60W"
        );
        assert_eq!(tidy("GUARNIZIONE XR 3/4 CF10"), "Guarnizione XR 3/4 CF10");
    }

    #[test]
    fn supplier_artefacts_go_and_sure_abbreviations_are_spelt_out() {
        assert_eq!(
            tidy("ZOCCOLA FORATA C/LACCETTO BIO 601"),
            "Zoccola forata con laccetto BIO 601"
        );
        assert_eq!(
            tidy("**GUANTI NITRILE CONF. 100 PZ##"),
            "Guanti nitrile confezione 100 pz"
        );
        assert_eq!(tidy("ANCORA   VULCAN 55 <"), "Ancora vulcan 55");
        assert_eq!(
            tidy("\"SEPARATORE IMPURITA 1\"\""),
            "\"Separatore impurita 1\"\""
        );
        assert_eq!(
            tidy_name(&KB, "A123 MARTELLO CARPENTIERE 500G", Some("A123")),
            "Martello carpentiere 500G"
        );
    }

    #[test]
    fn a_line_a_person_wrote_is_left_as_it_is() {
        for line in [
            "Adesivo Keraflex Maxi S1 25 kg",
            "Trapano avvitatore 18V Bosch GSR",
            "TBG 35 P",
            "Guanti da lavoro in nitrile taglia L",
        ] {
            assert_eq!(tidy(line), line);
        }
    }
}
