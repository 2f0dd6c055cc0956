//! Name normalisation: sentence casing, abbreviations expanded, units formatted,
//! the brand spelled as the brand spells it and quantities at the end.

use super::extract::fmt_num;
use super::kb::Kb;
use super::score::{expansion, Analysis, Role};
use super::text::{capitalize, is_vowel, stem, Kind, Tok};

const ACRONYMS: &[&str] = &[
    "pvc", "pp", "pe", "ppr", "pead", "pex", "led", "eps", "xps", "pir", "osb", "mdf", "hss",
    "sds", "dpi", "abs", "nhl", "uv", "usb", "te", "ral", "spc", "lvt", "wc", "tv", "ms", "uni",
    "cem", "ii", "iii", "iv", "ce", "src", "gt", "cs", "ip", "bio", "fis", "ets", "one", "aa",
    "aaa", "gb", "pn", "sn", "dn", "hit", "hy", "kit", "xl", "xxl",
];

/// Words kept lowercase even when they look like codes (short Italian words, units).
const PLAIN: &[&str] = &["kit", "set", "one"];

pub(super) struct NameParts {
    /// everything but brand and quantities: `Cemento Portland 32,5 R`
    pub body: String,
    /// the body without attributes, for the first sentence of a description
    pub plain: String,
    /// the full normalised name
    pub full: String,
}

/// A number, a dimension, a fraction or a symbol as a name shows it; `None` for a word.
fn render_non_word(t: &Tok) -> Option<String> {
    Some(match t.kind {
        Kind::Num => fmt_num(&t.text),
        Kind::Dim => fmt_num(&t.text.replace(['X', '*', '×'], "x")),
        Kind::Frac if t.inch => format!("{}\"", t.text),
        Kind::Frac | Kind::Sym => t.text.clone(),
        Kind::Word => return None,
    })
}

fn render_word(kb: &Kb, an: &Analysis, k: usize) -> String {
    let t = &an.toks[k];
    if let Some(shown) = render_non_word(t) {
        return shown;
    }
    if let Some(exp) = expansion(kb, &an.toks, k) {
        return exp.to_string();
    }
    let key = t.key.trim_end_matches('\'');
    let text = t.text.as_str();
    if let Some(p) = kb.proper.get(key) {
        return p.to_string();
    }
    if key == "db" {
        return "dB".to_string();
    }
    // single letters that are not Italian words are codes: profilo C, guida U, FIS V
    if text.chars().count() == 1
        && text.chars().all(char::is_alphabetic)
        && !matches!(key, "a" | "e" | "i" | "o")
    {
        return if t.dotted {
            format!("{}.", text.to_lowercase())
        } else {
            text.to_uppercase()
        };
    }
    if PLAIN.contains(&key) {
        return text.to_lowercase();
    }
    if ACRONYMS.contains(&key) {
        return text.to_uppercase();
    }
    if text.chars().any(|c| c.is_ascii_digit()) {
        return if an.all_caps || text.chars().all(|c| !c.is_lowercase()) {
            text.to_uppercase()
        } else {
            text.to_string()
        };
    }
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    if letters >= 2 && !text.chars().any(is_vowel) {
        return text.to_uppercase();
    }
    if (text.contains('/') || text.contains('+')) && text.chars().count() <= 5 {
        // M/F, A+B, 2P+T; a mixed-case `One+` stays as written
        return if an.all_caps || !text.chars().any(char::is_lowercase) {
            text.to_uppercase()
        } else {
            text.to_string()
        };
    }
    if !an.all_caps {
        let mut chars = text.chars();
        let first_upper = chars.next().is_some_and(char::is_uppercase);
        if chars.any(char::is_uppercase) {
            return text.to_string(); // GLL, DeWalt, FatMax
        }
        if first_upper
            && k > 0
            && !kb.is_keyword_stem(stem(key))
            && !kb.abbreviations.contains_key(key)
        {
            return text.to_string(); // a proper noun: Carrara, Koramic
        }
    }
    let mut w = text.to_lowercase();
    if t.dotted && letters == 1 {
        w.push('.'); // `N.42` → `n. 42`
    }
    w
}

pub(super) fn build_name(kb: &Kb, an: &Analysis, brand: Option<&str>) -> NameParts {
    let mut body = String::with_capacity(64);
    let mut plain = String::with_capacity(64);
    let mut plain_prev_skipped = false;
    let mut tail: Vec<&str> = Vec::new();
    let mut prev_apostrophe = false;
    for k in 0..an.toks.len() {
        let t = &an.toks[k];
        let mut is_attr = false;
        let piece: String = match an.roles[k] {
            Role::AttrStart(a) => {
                let attr = &an.attrs[a];
                if attr.kind.is_tail() {
                    tail.push(&attr.text);
                    plain_prev_skipped = true;
                    continue;
                }
                is_attr = true;
                attr.text.clone()
            }
            Role::AttrInner | Role::Brand | Role::LineInner => continue,
            Role::LineStart(l) => l.to_string(),
            Role::Plain => render_word(kb, an, k),
        };
        if piece.is_empty() {
            continue;
        }
        let joined = t.hyphen_before || prev_apostrophe || (t.kind == Kind::Sym && t.key == "°");
        if !body.is_empty() && !joined {
            body.push(' ');
        } else if t.hyphen_before && !body.is_empty() {
            body.push('-');
        }
        body.push_str(&piece);
        if is_attr {
            plain_prev_skipped = true;
        } else {
            if !plain.is_empty() {
                if joined && !plain_prev_skipped {
                    if t.hyphen_before {
                        plain.push('-');
                    }
                } else {
                    plain.push(' ');
                }
            }
            plain.push_str(&piece);
            plain_prev_skipped = false;
        }
        prev_apostrophe = piece.ends_with('\'');
    }
    let body = capitalize(body.trim());
    let full = full_name(
        &body,
        brand.filter(|b| an.brand_in_name && !b.is_empty()),
        &tail,
    );
    let plain = capitalize(plain.trim());
    NameParts {
        body,
        plain,
        full: capitalize(&full),
    }
}

/// The body with the brand (when the name should show it) and the quantities at the end.
fn full_name(body: &str, brand: Option<&str>, tail: &[&str]) -> String {
    let mut full = String::with_capacity(body.len() + 32);
    match brand {
        // `Styrodur 3035 CS`: a name that would start with a code keeps the brand first
        Some(b) if body.is_empty() || body.starts_with(|c: char| c.is_ascii_digit()) => {
            full.push_str(b);
            if !body.is_empty() {
                full.push(' ');
                full.push_str(body);
            }
        }
        Some(b) => {
            full.push_str(body);
            full.push(' ');
            full.push_str(b);
        }
        None => full.push_str(body),
    }
    for q in tail {
        if !full.is_empty() {
            full.push(' ');
        }
        full.push_str(q);
    }
    full
}
