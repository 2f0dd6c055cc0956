//! URL slugs (docs/product/entities.md: lowercase, trim, spaces to hyphens, strip non-word
//! characters), with Italian accents folded so URLs stay ASCII.

use std::fmt;

use crate::fold::fold_chars;

/// Characters a slug keeps at most.
const MAX_CHARS: usize = 200;

/// The part of a page's address made of a name ("cemento-32-5-r-sacco-25-kg"): lowercase
/// ASCII letters and digits, single hyphens between them, never empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "orm", derive(sea_orm::DeriveValueType))]
pub struct Slug(String);

impl Slug {
    /// The slug of a shop's, a product's, a category's or a brand's name ("prodotto" for a
    /// name without a letter or digit).
    pub fn of(text: &str) -> Self {
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
        out.truncate(MAX_CHARS);
        Self(out.trim_end_matches('-').to_owned())
    }

    /// A segment of a requested address, when it is a slug as [`Slug::of`] writes them; an
    /// address with anything else names no page and is answered with the canonical one.
    pub fn parse(raw: &str) -> Option<Self> {
        let well_formed = !raw.is_empty()
            && raw.len() <= MAX_CHARS + 8
            && raw.split('-').all(|part| {
                !part.is_empty()
                    && part
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            });
        well_formed.then(|| Self(raw.to_owned()))
    }

    /// This slug told apart from an earlier one that folds alike: "viti-bulloni-2".
    pub fn numbered(&self, n: u32) -> Self {
        Self(format!("{}-{n}", self.0))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for Slug {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

#[cfg(test)]
mod tests {
    use super::Slug;

    fn slug(text: &str) -> String {
        Slug::of(text).to_string()
    }

    #[test]
    fn follows_the_rule_and_folds_accents() {
        assert_eq!(slug("  Edilizia Demo  "), "edilizia-demo");
        assert_eq!(
            slug("Cemento 32,5 R - Sacco 25 kg"),
            "cemento-32-5-r-sacco-25-kg"
        );
        assert_eq!(slug("Città è Più Bella!"), "citta-e-piu-bella");
        assert_eq!(slug("Würth Ø 8"), "wurth-8");
        assert_eq!(slug("!!!"), "prodotto");
        assert!(slug(&"a ".repeat(300)).len() <= 200);
    }

    #[test]
    fn an_address_segment_is_a_slug_only_as_the_rule_writes_it() {
        for written in ["Cemento 32,5 R", "Viti/Bulloni", "x"] {
            let s = Slug::of(written);
            assert_eq!(Slug::parse(s.as_str()), Some(s.clone()));
            assert_eq!(Slug::parse(s.numbered(2).as_str()), Some(s.numbered(2)));
        }
        for wrong in [
            "",
            "Cemento",
            "cemento--32",
            "-cemento",
            "cemento-",
            "cemento 32",
            "città",
            "a/b",
            "%2e%2e",
        ] {
            assert_eq!(Slug::parse(wrong), None, "{wrong:?}");
        }
    }
}
