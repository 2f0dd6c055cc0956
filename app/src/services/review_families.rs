//! Families of the review queue: products to check that the engine made no proposal for,
//! gathered by what a person sees at once in a list — the word a name starts with after the
//! maker's ("Acer Pendrive UP300 64GB" → «Pendrive»; "Kit antivib. 14-16" → «Kit antivib»),
//! or the family of the code (`SMASMSAM2004` → `SMASMSAM`, `96900268` → `969002`),
//! whichever gathers more (a prefix most of the queue shares is the shop's numbering, not a
//! family). A family of at least `MIN_MEMBERS` products is confirmed, or put
//! in a category, in one action; the rest stay grouped by the engine's reason.
//!
//! Computed from the products themselves each time (no stored key to keep in step with
//! names, brands and codes edited anywhere), so what the panel shows and what an action
//! accepts are the same rule applied to the same rows.

use std::collections::HashMap;

/// Products a family needs: two alike could be chance.
pub const MIN_MEMBERS: usize = 3;

/// From this many products to check, a code prefix shared by more than half of them is the
/// shop's numbering (`B000-000123`), not a family.
const SCHEME_LINES: usize = 20;

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

/// Words that say how a product is sold, not what it is: a family needs the next word too.
const PACKAGING: &[&str] = &[
    "kit",
    "set",
    "serie",
    "confezione",
    "conf",
    "blister",
    "coppia",
    "pacco",
    "ricambio",
    "ricambi",
    "accessorio",
    "accessori",
];

/// The word a name starts with once the maker's words are passed: at least three
/// characters with a letter (a size or a number says nothing of what the product is);
/// after a packaging word ("Kit", "Set"), the word that says what is in it as well.
pub fn by_words(name: &str, brand: Option<&str>) -> Option<FamilyKey> {
    let maker: Vec<String> = brand
        .map(|b| words(b).map(str::to_lowercase).collect())
        .unwrap_or_default();
    let telling = |w: &&str| w.chars().count() >= 3 && w.chars().any(char::is_alphabetic);
    let mut rest = words(name).skip_while(|w| maker.contains(&w.to_lowercase()));
    let first = rest.find(telling)?;
    let mut label = first.to_owned();
    if PACKAGING.contains(&first.to_lowercase().as_str()) {
        if let Some(next) = rest.find(|w| {
            telling(w)
                && !matches!(
                    w.to_lowercase().as_str(),
                    "per" | "con" | "del" | "della" | "dei" | "delle"
                )
        }) {
            label = format!("{first} {next}");
        }
    }
    Some(FamilyKey {
        key: format!("w:{}", label.to_lowercase()),
        label,
    })
}

/// A code's family: the code without its closing digits, when what stays is a prefix of
/// at least three characters with a letter (`PENPCACE0003` → `PENPCACE`; `RB12` is too
/// short); a number of six digits or more without its last two (a maker's numbering runs
/// by series: `96900268` → `969002`).
pub fn by_code(sku: &str) -> Option<FamilyKey> {
    let code = sku.trim();
    if code.len() >= 6 && code.chars().all(|c| c.is_ascii_digit()) {
        let prefix = &code[..code.len() - 2];
        return Some(FamilyKey {
            key: format!("c:{prefix}"),
            label: prefix.to_owned(),
        });
    }
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
/// belongs to the larger of its two families (its leading word's, its code's; the word's
/// when they are as large), so that one action checks as many products alike as it can; a
/// product whose families stay smaller is left out.
pub fn families(lines: &[Line]) -> Vec<Family> {
    let candidates: Vec<[Option<FamilyKey>; 2]> = lines
        .iter()
        .map(|l| {
            [
                by_words(&l.name, l.brand.as_deref()),
                l.sku.as_deref().and_then(by_code),
            ]
        })
        .collect();
    let counts = count(candidates.iter().flatten().flatten());
    // A code prefix most of the queue shares is the shop's numbering, not a family.
    let scheme = |k: &FamilyKey| lines.len() >= SCHEME_LINES && counts[&k.key] * 2 > lines.len();
    let mut chosen: Vec<Option<FamilyKey>> = candidates
        .into_iter()
        .map(|[word, code]| match (word, code.filter(|c| !scheme(c))) {
            (Some(w), Some(c)) if counts[&c.key] > counts[&w.key] => Some(c),
            (Some(w), _) => Some(w),
            (None, c) => c,
        })
        .collect();
    let chosen_counts = count(chosen.iter().flatten());
    for key in &mut chosen {
        if key
            .as_ref()
            .is_some_and(|k| chosen_counts[&k.key] < MIN_MEMBERS)
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
        // A packaging word needs what is packed.
        assert_eq!(
            key("Kit antivib. 14-16", None),
            Some(("w:kit antivib".into(), "Kit antivib".into()))
        );
        assert_eq!(
            key("KIT PER MONTAGGIO A PARETE", None),
            Some(("w:kit montaggio".into(), "KIT MONTAGGIO".into()))
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
        assert_eq!(key("96900268"), Some("c:969002".into()), "a maker's series");
        assert_eq!(key("12345"), None, "too short for a series");
        assert_eq!(key("ABCDEF"), None, "no number: a code of its own");
        assert_eq!(key("123-456"), None);
    }

    #[test]
    fn a_code_prefix_the_whole_queue_shares_is_no_family() {
        let kinds = [
            "Trapano avvitatore",
            "Guanti da lavoro",
            "Raccordo in ottone",
        ];
        let lines: Vec<Line> = (0..30)
            .map(|i| {
                let name = format!("{} art. {i}", kinds[i as usize % 3]);
                line(i, &name, None, Some(&format!("B000-{i:06}")))
            })
            .collect();
        let keys: Vec<(String, usize)> = families(&lines)
            .into_iter()
            .map(|f| (f.key, f.ids.len()))
            .collect();
        assert_eq!(
            keys,
            vec![
                ("w:guanti".into(), 10),
                ("w:raccordo".into(), 10),
                ("w:trapano".into(), 10)
            ]
        );
    }

    #[test]
    fn products_go_to_the_larger_of_their_word_s_and_their_code_s_family() {
        let lines = vec![
            line(9, "Pendrive 64GB", None, Some("PEN0009")),
            line(8, "pendrive 32GB", None, Some("PEN0008")),
            line(7, "PENDRIVE 16GB", None, Some("PEN0007")),
            line(6, "Mouse ottico", None, Some("ACC0006")),
            line(5, "Tastiera", None, Some("ACC0005")),
            line(4, "Cuffie", None, Some("ACC0004")),
            line(3, "Mouse wireless", None, Some("ACC0003")),
            line(2, "Mouse gaming", None, None),
            line(1, "Cavo HDMI", None, Some("XYZ0001")),
            line(0, "Cavo USB", None, None),
        ];
        let found = families(&lines);
        let summary: Vec<(&str, &str, Vec<i64>)> = found
            .iter()
            .map(|f| (f.key.as_str(), f.label.as_str(), f.ids.clone()))
            .collect();
        assert_eq!(
            summary,
            vec![
                ("c:ACC", "ACC", vec![6, 5, 4, 3]),
                ("w:pendrive", "Pendrive", vec![9, 8, 7]),
            ],
            "the accessories' code gathers more than the mice's word; one mouse and two \
             cables are no family"
        );
    }
}
