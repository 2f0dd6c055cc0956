//! URL slugs (docs/product/entities.md: lowercase, trim, spaces to hyphens, strip non-word
//! characters), with Italian accents folded so URLs stay ASCII.

use crate::fold::fold_chars;

pub fn slugify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_hyphen = false;
    for folded in fold_chars(text.trim()) {
        if folded.is_ascii_alphanumeric() {
            if pending_hyphen && !out.is_empty() {
                out.push('-');
            }
            pending_hyphen = false;
            out.push(folded);
        } else if folded.is_whitespace()
            || matches!(folded, '-' | '_' | '/' | '.' | ',' | '\'' | '’')
        {
            pending_hyphen = true;
        }
    }
    if out.is_empty() {
        out.push_str("prodotto");
    }
    out.truncate(200);
    out.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::slugify;

    #[test]
    fn follows_the_spec_and_folds_accents() {
        assert_eq!(slugify("  Edilizia Demo  "), "edilizia-demo");
        assert_eq!(
            slugify("Cemento 32,5 R - Sacco 25 kg"),
            "cemento-32-5-r-sacco-25-kg"
        );
        assert_eq!(slugify("Città è Più Bella!"), "citta-e-piu-bella");
        assert_eq!(slugify("Würth Ø 8"), "wurth-8");
        assert_eq!(slugify("!!!"), "prodotto");
    }
}
