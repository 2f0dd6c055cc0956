//! Families of the review queue: products to check that the engine made no proposal for,
//! gathered by what a person sees at once in a list — the word a name starts with after the
//! maker's ("Acer Pendrive UP300 64GB" → «Pendrive»), else the family of the code
//! (`PENPCACE0003` → `PENPCACE`). A family of at least `MIN_MEMBERS` products is confirmed,
//! or put in a category, in one action; the rest stay grouped by the engine's reason.
//!
//! Computed from the products themselves each time (no stored key to keep in step with
//! names, brands and codes edited anywhere), so what the panel shows and what an action
//! accepts are the same rule applied to the same rows.

use std::collections::HashMap;

/// Products a family needs: two alike could be chance.
pub const MIN_MEMBERS: usize = 3;

/// What the queue shows for a product: one of its families, or none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyKey {
    /// How the panel and an action name the family: `w:pendrive`, `c:PENPCACE`.
    pub key: String,
    /// The words or code as the name or code has them.
    pub label: String,
}

/// A line of the queue as families read it.
pub struct Line {
    pub id: i64,
    pub name: String,
    pub brand: Option<String>,
    pub sku: Option<String>,
}

/// A family and its products, newest first (as the lines came).
pub struct Family {
    pub key: String,
    pub label: String,
    pub ids: Vec<i64>,
}

/// The word a name starts with once the maker's words are passed: at least three
/// characters with a letter (a size or a number says nothing of what the product is).
pub fn by_words(name: &str, brand: Option<&str>) -> Option<FamilyKey> {
    let maker: Vec<String> = brand
        .map(|b| words(b).map(str::to_lowercase).collect())
        .unwrap_or_default();
    let word = words(name)
        .skip_while(|w| maker.contains(&w.to_lowercase()))
        .find(|w| w.chars().count() >= 3 && w.chars().any(char::is_alphabetic))?;
    Some(FamilyKey {
        key: format!("w:{}", word.to_lowercase()),
        label: word.to_owned(),
    })
}

/// A code's family: the code without its closing digits, when what stays is a prefix of
/// at least three characters with a letter (`PENPCACE0003` → `PENPCACE`, `RB-12` → `RB-`
/// is too short).
pub fn by_code(sku: &str) -> Option<FamilyKey> {
    let code = sku.trim();
    let prefix = code.trim_end_matches(|c: char| c.is_ascii_digit());
    let prefix = prefix.trim_end_matches(['-', '.', '/', '_', ' ']);
    if prefix.len() == code.len() || prefix.chars().count() < 3 {
        return None;
    }
    if !prefix.chars().any(char::is_alphabetic) {
        return None;
    }
    Some(FamilyKey {
        key: format!("c:{}", prefix.to_uppercase()),
        label: prefix.to_owned(),
    })
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// The families of `lines` with at least `MIN_MEMBERS` products, largest first. A product
/// belongs to the family of its leading word when that family is large enough, else to
/// its code's; a product in neither is left out.
pub fn families(lines: &[Line]) -> Vec<Family> {
    let word_keys: Vec<Option<FamilyKey>> = lines
        .iter()
        .map(|l| by_words(&l.name, l.brand.as_deref()))
        .collect();
    let word_counts = count(word_keys.iter().flatten());
    let mut chosen: Vec<Option<FamilyKey>> = lines
        .iter()
        .zip(word_keys)
        .map(|(l, key)| {
            key.filter(|k| word_counts[&k.key] >= MIN_MEMBERS)
                .or_else(|| l.sku.as_deref().and_then(by_code))
        })
        .collect();
    let code_counts = count(chosen.iter().flatten().filter(|k| k.key.starts_with("c:")));
    for key in &mut chosen {
        if key
            .as_ref()
            .is_some_and(|k| k.key.starts_with("c:") && code_counts[&k.key] < MIN_MEMBERS)
        {
            *key = None;
        }
    }
    let mut families: Vec<Family> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for (line, key) in lines.iter().zip(chosen) {
        let Some(key) = key else { continue };
        let index = *at.entry(key.key.clone()).or_insert_with(|| {
            // The label as the newest product writes it.
            families.push(Family {
                key: key.key.clone(),
                label: key.label.clone(),
                ids: Vec::new(),
            });
            families.len() - 1
        });
        families[index].ids.push(line.id);
    }
    families.sort_by(|a, b| b.ids.len().cmp(&a.ids.len()).then(a.key.cmp(&b.key)));
    families
}

fn count<'a>(keys: impl Iterator<Item = &'a FamilyKey>) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for key in keys {
        *counts.entry(key.key.clone()).or_insert(0) += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: i64, name: &str, brand: Option<&str>, sku: Option<&str>) -> Line {
        Line {
            id,
            name: name.into(),
            brand: brand.map(Into::into),
            sku: sku.map(Into::into),
        }
    }

    #[test]
    fn a_name_s_family_is_its_first_word_after_the_maker_s() {
        let key = |name, brand| by_words(name, brand).map(|k| (k.key, k.label));
        assert_eq!(
            key("Acer Pendrive UP300 64GB", Some("Acer")),
            Some(("w:pendrive".into(), "Pendrive".into()))
        );
        assert_eq!(
            key("GUANTO NITRILE BLU", None),
            Some(("w:guanto".into(), "GUANTO".into()))
        );
        // Sizes and numbers say nothing of the product: the next word does.
        assert_eq!(
            key("3/4 Raccordo ottone", None),
            Some(("w:raccordo".into(), "Raccordo".into()))
        );
        assert_eq!(
            key("BTG 3 bruciatore", Some("Baltur")),
            Some(("w:btg".into(), "BTG".into()))
        );
        assert_eq!(
            key("Würth Tassello", Some("Würth")),
            Some(("w:tassello".into(), "Tassello".into()))
        );
        assert_eq!(key("12 34", None), None);
        assert_eq!(key("Acer", Some("Acer")), None);
    }

    #[test]
    fn a_code_s_family_is_the_code_without_its_closing_digits() {
        let key = |sku| by_code(sku).map(|k| k.key);
        assert_eq!(key("PENPCACE0003"), Some("c:PENPCACE".into()));
        assert_eq!(key("tbg-0035"), Some("c:TBG".into()));
        assert_eq!(key("RB12"), None, "too short to be a family");
        assert_eq!(key("0012345"), None);
        assert_eq!(key("ABCDEF"), None, "no number: a code of its own");
        assert_eq!(key("123-456"), None);
    }

    #[test]
    fn products_go_to_their_word_s_family_else_to_their_code_s() {
        let lines = vec![
            line(9, "Pendrive 64GB", None, Some("PEN0009")),
            line(8, "pendrive 32GB", None, Some("PEN0008")),
            line(7, "PENDRIVE 16GB", None, Some("PEN0007")),
            line(6, "Mouse ottico", None, Some("ACC0006")),
            line(5, "Tastiera", None, Some("ACC0005")),
            line(4, "Cuffie", None, Some("ACC0004")),
            line(3, "Cavo HDMI", None, Some("XYZ0003")),
            line(2, "Cavo USB", None, None),
        ];
        let found = families(&lines);
        let summary: Vec<(&str, &str, Vec<i64>)> = found
            .iter()
            .map(|f| (f.key.as_str(), f.label.as_str(), f.ids.clone()))
            .collect();
        assert_eq!(
            summary,
            vec![
                ("c:ACC", "ACC", vec![6, 5, 4]),
                ("w:pendrive", "Pendrive", vec![9, 8, 7]),
            ],
            "two cables are no family; the accessories share their code"
        );
    }
}
