//! The `builtin` AI provider: an offline, deterministic enrichment engine for the
//! Italian building trade (edilizia, ferramenta, colorifici).
//!
//! From a raw price-list line such as `CEM.PORTL. 32,5R KG25 BUZZI` it builds a clean
//! name (`Cemento Portland 32,5 R Buzzi Unicem 25 kg`), infers brand and category,
//! writes a short Italian description from the facts found (never a number that is
//! not in the input) and says how sure it is (docs/product/states.md, "Product status").
//!
//! Pure code: no I/O, no allocation-heavy regexes; the knowledge base lives in
//! `../data/*.tsv`, embedded at build time and parsed once.

mod describe;
mod extract;
mod kb;
mod name;
mod score;
mod text;
mod tidy;

#[cfg(test)]
mod eval_tests;

use domain::messages;
use kb::{Kb, KB};

pub use extract::{Attr, AttrKind};

/// One product line as the shop wrote it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RawProduct<'a> {
    pub name: &'a str,
    pub brand: Option<&'a str>,
    pub category: Option<&'a str>,
    pub description: Option<&'a str>,
}

/// How sure the engine is (docs/product/states.md): the product's status itself.
pub use domain::ProductStatus as Status;

/// The completed product.
#[derive(Clone, Debug, PartialEq)]
pub struct Enrichment {
    pub name: String,
    pub description: String,
    /// the shop's own category when given, otherwise one of the 20 taxonomy names
    pub category: Option<String>,
    pub brand: Option<String>,
    pub status: Status,
    /// key of the category pictogram for generated images (`generico` when unknown)
    pub pictogram: &'static str,
    /// why the product needs the owner's eye (`review_note`): for the dashboard only
    pub note: Option<String>,
}

/// Keyword evidence needed to call a category recognised.
const CATEGORY_SURE: f32 = 2.5;
/// Keyword evidence that makes a category sure whatever the brand.
const CATEGORY_CERTAIN: f32 = 5.0;
/// Keyword evidence that overrides non-trade words (`scarpe` in `scarpe da running`).
const TRADE_OVERRIDES_NONTRADE: f32 = 6.0;

fn non_empty(s: Option<&str>) -> Option<&str> {
    s.map(str::trim).filter(|s| !s.is_empty())
}

/// Complete one product. Deterministic, no I/O.
pub fn enrich(input: &RawProduct) -> Enrichment {
    let kb = &*KB;
    let given_category = non_empty(input.category);
    let given_description = non_empty(input.description);
    let raw_name = input.name.trim();

    let mut an = score::analyse(kb, raw_name, given_description.unwrap_or(""));
    an.nontrade |= has_device_specs(raw_name);
    let brand = settle_brand(kb, &mut an, non_empty(input.brand));

    // category
    let best = an.best();
    let given_cat_idx = given_category.and_then(|c| kb.category_index(c));
    let brand_range = brand
        .as_deref()
        .and_then(|b| kb.brand_by_name(b))
        .map(|id| kb.brands[id as usize].cats.as_slice());
    let brand_agrees =
        best.is_some_and(|(c, _)| brand_range.is_some_and(|r| r.contains(&(c as u8))));
    let judged = judge(&an, best, given_cat_idx, brand.is_some(), brand_agrees);
    let status = judged.status;
    // precise or silent: a category only when sure of it
    let inferred: Option<u8> = match status {
        Status::Incorrect => None,
        _ if judged.category_sure => given_cat_idx.or(best.map(|(c, _)| c as u8)),
        _ => None,
    };
    let category: Option<String> = match given_category {
        Some(c) => Some(c.to_string()),
        None => inferred.map(|c| kb.cats[c as usize].name.to_string()),
    };
    let cat_ref = inferred.map(|c| &kb.cats[c as usize]);
    let pictogram = cat_ref.map_or("generico", |c| c.pictogram);

    let parts = name::build_name(kb, &an, brand.as_deref());
    let name = if parts.full.is_empty() {
        raw_name.to_string()
    } else {
        parts.full
    };

    // The file's own description always wins (imports made it text already).
    let description = match given_description {
        Some(d) => d.to_string(),
        None => {
            let body = if !parts.plain.is_empty() {
                parts.plain.as_str()
            } else if parts.body.is_empty() && !an.brand_in_name {
                name.as_str()
            } else {
                parts.body.as_str()
            };
            describe::describe(body, brand.as_deref(), &an.attrs, cat_ref)
        }
    };
    let note = review_note(
        status,
        judged.not_a_product,
        category.is_some(),
        brand.is_some(),
    );

    Enrichment {
        name,
        description,
        category,
        brand,
        status,
        pictogram,
        note,
    }
}

/// A price-list line fit to publish as it is (capitals, artefacts, a glued code), without
/// rewriting it (`tidy`).
pub fn tidy_name(raw: &str, sku: Option<&str>) -> String {
    tidy::tidy_name(&KB, raw, sku)
}

/// Keyword evidence that makes the best category worth proposing to the owner.
const SUGGESTION_EVIDENCE: f32 = 1.0;

/// The category the keywords lean to for a line they are not sure of: proposed to the
/// owner in the review queue, never shown to visitors.
pub fn suggestion(input: &RawProduct) -> Option<&'static str> {
    let view = keyword_view(input);
    match view.best {
        Some((category, kw)) if !view.not_a_product && kw >= SUGGESTION_EVIDENCE => Some(category),
        _ => None,
    }
}

/// The facts a product line states (sizes, weights, packs…), as `(label, value)` in the
/// order of the line, each kind once: the product page lists them as a table.
pub fn attributes(name: &str) -> Vec<(&'static str, String)> {
    let an = score::analyse(&KB, name.trim(), "");
    let mut seen = Vec::new();
    an.attrs
        .iter()
        .filter(|a| {
            let first = !seen.contains(&a.kind);
            seen.push(a.kind);
            first
        })
        .map(|a| (a.kind.label(), a.value.clone()))
        .collect()
}

/// What the keywords say of a line, sure or not: the second opinion beside the embedding
/// classifier (`ai::classifier::combine`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KeywordView {
    /// The taxonomy category with the most evidence, and its keyword weight.
    pub best: Option<(&'static str, f32)>,
    /// `enrich` would show `best` to visitors.
    pub sure: bool,
    /// Words of products the trade does not sell, without strong trade words.
    pub not_a_product: bool,
    /// The brand is known (given, or found in the name).
    pub brand: bool,
}

/// The keyword engine's view of a line (the same analysis as `enrich`).
pub fn keyword_view(input: &RawProduct) -> KeywordView {
    let kb = &*KB;
    let raw_name = input.name.trim();
    let given_description = non_empty(input.description);
    let mut an = score::analyse(kb, raw_name, given_description.unwrap_or(""));
    an.nontrade |= has_device_specs(raw_name);
    let brand = settle_brand(kb, &mut an, non_empty(input.brand));
    let best = an.best();
    let brand_range = brand
        .as_deref()
        .and_then(|b| kb.brand_by_name(b))
        .map(|id| kb.brands[id as usize].cats.as_slice());
    let brand_agrees =
        best.is_some_and(|(c, _)| brand_range.is_some_and(|r| r.contains(&(c as u8))));
    let judged = judge(&an, best, None, brand.is_some(), brand_agrees);
    KeywordView {
        best: best.map(|(c, kw)| (kb.cats[c].name, kw)),
        sure: judged.category_sure && judged.status != Status::Incorrect,
        not_a_product: judged.not_a_product,
        brand: brand.is_some(),
    }
}

/// Why a product needs the owner's eye, for the dashboard (never on public pages); none
/// for a recognised product.
pub fn review_note(
    status: Status,
    not_a_product: bool,
    has_category: bool,
    has_brand: bool,
) -> Option<String> {
    let note = match status {
        Status::Normal => return None,
        Status::Incorrect if not_a_product => messages::NOTE_NOT_TRADE,
        Status::Incorrect => messages::NOTE_NOT_RECOGNISED,
        Status::Uncertain if !has_category => messages::NOTE_CATEGORY_UNSURE,
        Status::Uncertain if !has_brand => messages::NOTE_BRAND_MISSING,
        Status::Uncertain => messages::NOTE_UNSURE,
    };
    Some(note.to_owned())
}

/// Memory sizes and mobile networks ("8+256GB", "1TB", "5G"): the name is a phone, a
/// tablet or a computer, not a building product (and "5G" is not five grams).
fn has_device_specs(name: &str) -> bool {
    name.split(|c: char| c.is_whitespace() || c == '+' || c == '/' || c == ',')
        .any(|token| {
            let lower = token.to_ascii_lowercase();
            let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            let unit = &lower[digits.len()..];
            !digits.is_empty()
                && digits.chars().all(|c| c.is_ascii_digit())
                && (matches!(unit, "gb" | "tb")
                    || (matches!(unit, "g")
                        && token.ends_with('G')
                        && matches!(digits, "3" | "4" | "5")))
        })
}

/// The brand: the shop's own wins (spelled canonically when we know it), otherwise the one
/// found in the name; its product range becomes a prior on the categories.
fn settle_brand(kb: &Kb, an: &mut score::Analysis, given_brand: Option<&str>) -> Option<String> {
    let given_brand_id = given_brand.and_then(|b| kb.brand_by_name(b));
    let brand_id = given_brand_id.or(if given_brand.is_some() {
        None
    } else {
        an.brand
    });
    if given_brand.is_some() && an.brand.is_some() && an.brand != given_brand_id {
        // the name mentions another brand than the shop's: keep it in the name as written
        an.brand_in_name = false;
    }
    if let Some(b) = brand_id {
        score::apply_brand_prior(kb, an, b);
    }
    match (given_brand, brand_id) {
        (_, Some(b)) => Some(kb.brands[b as usize].canonical.to_string()),
        (Some(g), None) => Some(g.to_string()),
        (None, None) => None,
    }
}

/// How sure the engine is: sure of brand and category → normal; of one of them, or with
/// some evidence → uncertain; nothing, or not a building product → incorrect. A category
/// found by keywords is sure when the brand is known to make it, or when the keywords
/// alone are strong: a brand we do not know (a heating maker's list) with a weak keyword
/// ("prolunga", "kit") is not enough.
struct Judgement {
    status: Status,
    category_sure: bool,
    not_a_product: bool,
}

fn judge(
    an: &score::Analysis,
    best: Option<(usize, f32)>,
    given_cat_idx: Option<u8>,
    brand_sure: bool,
    brand_agrees: bool,
) -> Judgement {
    let kw_best = best.map_or(0.0, |(_, kw)| kw);
    let max_kw = an.kw.iter().copied().fold(0.0, f32::max);
    let not_a_product = an.nontrade && max_kw < TRADE_OVERRIDES_NONTRADE;
    let category_sure = given_cat_idx.is_some()
        || (kw_best >= CATEGORY_SURE && brand_agrees)
        || kw_best >= CATEGORY_CERTAIN;
    let evidence = best.is_some_and(|(c, kw)| kw + an.boost[c] >= 1.0);
    let status = if not_a_product {
        Status::Incorrect
    } else if brand_sure && category_sure {
        Status::Normal
    } else if brand_sure || evidence || given_cat_idx.is_some() {
        Status::Uncertain
    } else {
        Status::Incorrect
    };
    Judgement {
        status,
        category_sure,
        not_a_product,
    }
}

/// The 20 category names of the taxonomy, in order.
pub fn categories() -> impl Iterator<Item = &'static str> {
    KB.cats.iter().map(|c| c.name)
}

/// Whether a category is one of the taxonomy's (spelling and case aside).
pub fn knows_category(category: &str) -> bool {
    KB.category_index(category).is_some()
}

/// Pictogram key of a category: a taxonomy name, or a shop's own name that starts with
/// the same word ("Pitture" → "Pitture e vernici", "Utensili" → the first "Utensili …");
/// `generico` for any other name.
pub fn pictogram_for(category: &str) -> &'static str {
    if let Some(i) = KB.category_index(category) {
        return KB.cats[i as usize].pictogram;
    }
    let first_word = |name: &str| {
        domain::fold::fold(name)
            .split(|c: char| !c.is_alphanumeric())
            .find(|w| !w.is_empty())
            .map(str::to_owned)
    };
    let Some(word) = first_word(category) else {
        return "generico";
    };
    KB.cats
        .iter()
        .find(|c| first_word(c.name).as_deref() == Some(word.as_str()))
        .map_or("generico", |c| c.pictogram)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(name: &str) -> Enrichment {
        enrich(&RawProduct {
            name,
            ..Default::default()
        })
    }

    #[test]
    fn a_shops_own_category_name_finds_its_pictogram_by_the_first_word() {
        assert_eq!(pictogram_for("Pitture e vernici"), "pennello");
        assert_eq!(pictogram_for("PITTURE"), "pennello");
        assert_eq!(pictogram_for("Cementi e malte"), "sacco-cemento");
        assert_eq!(pictogram_for("Utensili"), "trapano");
        assert_eq!(pictogram_for("Videogiochi"), "generico");
        assert_eq!(pictogram_for(""), "generico");
    }

    #[test]
    fn phones_are_not_building_products_and_5g_is_not_grams() {
        for name in [
            "Samsung SM-A366B A36 8+128GB 6.7\" 5G Awesome Lime EU",
            "ZTE Blade V70 Vita 8+256GB 6.7\" 4G Jade Green EU",
        ] {
            let e = run(name);
            assert_eq!(e.status, Status::Incorrect, "{name}");
            assert_eq!(e.category, None, "{name}");
            assert!(
                !e.description.contains("attacco") && !e.description.contains("5 g"),
                "{}",
                e.description
            );
        }
        assert!(!has_device_specs("Stucco in polvere 5 KG"));
        assert!(!has_device_specs("Chiodi 5g"));
    }

    #[test]
    fn the_issue_example() {
        let e = run("CEM.PORTL. 32,5R KG25 BUZZI");
        assert_eq!(e.name, "Cemento Portland 32,5 R Buzzi Unicem 25 kg");
        assert_eq!(e.brand.as_deref(), Some("Buzzi Unicem"));
        assert_eq!(e.category.as_deref(), Some("Cementi, malte e intonaci"));
        assert_eq!(e.status, Status::Normal);
        assert_eq!(e.pictogram, "sacco-cemento");
    }

    #[test]
    fn names_are_normalised() {
        let cases = [
            (
                "LASTRA CARTONGESSO 1200X2500 SP.12,5 KNAUF",
                "Lastra cartongesso 1200x2500 mm sp. 12,5 mm Knauf",
            ),
            (
                "TASS. NYLON D.8 CONF. 100 PZ FISHER",
                "Tassello nylon Ø 8 Fischer confezione da 100 pezzi",
            ),
            (
                "IDROPITT. LAVABILE BIANCA LT 14 SAN MARCO",
                "Idropittura lavabile bianca San Marco 14 l",
            ),
            (
                "VALVOLA A SFERA 3/4\" F/F GIACOMINI",
                "Valvola a sfera 3/4\" F/F Giacomini",
            ),
            (
                "TRAPANO AVVITATORE 18V DE WALT",
                "Trapano avvitatore 18 V DeWalt",
            ),
            (
                "RASANTE X CAPPOTTO GRIGIO KG25 WEBER",
                "Rasante per cappotto grigio Weber 25 kg",
            ),
            (
                "CEM. II/A-LL 42,5 R ITALCEMENTI KG 25",
                "CEM II/A-LL 42,5 R Italcementi 25 kg",
            ),
            (
                "Gres porcellanato 60x60 cm effetto pietra Marazzi",
                "Gres porcellanato 60x60 cm effetto pietra Marazzi",
            ),
            (
                "FISSATIVO ACRILICO ALL'ACQUA LT 5 OIKOS",
                "Fissativo acrilico all'acqua Oikos 5 l",
            ),
            (
                "SCARPA ANTINF. S1P UPOWER N.42",
                "Scarpa antinfortunistica S1P n. 42 U-Power",
            ),
            (
                "CEMENTO PORTLAND 42,5R SACCO 25KG COLACEM",
                "Cemento Portland 42,5 R sacco Colacem 25 kg",
            ),
            (
                "Calce idraulica naturale NHL 3,5 kg 25",
                "Calce idraulica naturale NHL 3,5 25 kg",
            ),
            ("MAPELASTIC KIT A+B 32 KG", "Mapelastic kit A+B 32 kg"),
            (
                "Interruttore magnetotermico 1P+N 16A BTicino",
                "Interruttore magnetotermico 1P+N 16 A BTicino",
            ),
            (
                "SEGHETTO ALTERNATIVO 650W BLACK+DECKER",
                "Seghetto alternativo 650 W Black+Decker",
            ),
            (
                "PROFILO MONTANTE C 50X50 ML 3 SINIAT",
                "Profilo montante C 50x50 3 m Siniat",
            ),
            (
                "Styrodur 3035 CS 1250x600 sp. 50",
                "Styrodur 3035 CS 1250x600 mm sp. 50 mm",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(run(input).name, want, "input {input:?}");
        }
    }

    #[test]
    fn keeps_the_shops_category_and_brand() {
        let e = enrich(&RawProduct {
            name: "Stucco fughe 5 kg",
            brand: Some("KERAKOL"),
            category: Some("Stucchi"),
            description: None,
        });
        assert_eq!(e.category.as_deref(), Some("Stucchi"));
        assert_eq!(e.brand.as_deref(), Some("Kerakoll"));
        let e = enrich(&RawProduct {
            name: "Guanti antitaglio",
            brand: Some("Ferramenta Rossi"),
            category: None,
            description: None,
        });
        assert_eq!(e.brand.as_deref(), Some("Ferramenta Rossi"));
        assert_eq!(e.category.as_deref(), Some("Sicurezza e DPI"));
    }

    #[test]
    fn keeps_a_real_description() {
        let d = "Adesivo cementizio ad alte prestazioni per la posa di grandi formati.";
        let e = enrich(&RawProduct {
            name: "Adesivo C2TE",
            description: Some(d),
            ..Default::default()
        });
        assert_eq!(e.description, d);
    }

    #[test]
    fn non_products_are_incorrect() {
        for n in ["Panettone Motta 1kg", "Abbonamento palestra", "asdfgh", ""] {
            let e = run(n);
            assert_eq!(e.status, Status::Incorrect, "{n}");
            assert_eq!(e.category, None, "{n}");
            assert_eq!(e.pictogram, "generico");
        }
    }

    fn numbers(s: &str) -> Vec<&str> {
        s.split(|c: char| !c.is_ascii_digit())
            .filter(|d| !d.is_empty())
            .collect()
    }

    /// sentences end with a full stop followed by a capital letter (`sp. 12,5` is not an end)
    fn sentences(s: &str) -> usize {
        let b: Vec<char> = s.chars().collect();
        1 + b
            .windows(3)
            .filter(|w| w[0] == '.' && w[1] == ' ' && w[2].is_uppercase())
            .count()
    }

    #[test]
    fn descriptions_never_invent_numbers() {
        let data = include_str!("../data/eval.tsv");
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let cols: Vec<&str> = line.split('\t').collect();
            let given = cols.get(1).copied().filter(|s| !s.is_empty());
            let e = enrich(&RawProduct {
                name: cols[0],
                brand: given,
                ..Default::default()
            });
            let source = format!("{} {}", cols[0], given.unwrap_or(""));
            let source_numbers = numbers(&source);
            for n in numbers(&e.description).into_iter().chain(numbers(&e.name)) {
                assert!(
                    source_numbers.contains(&n),
                    "{:?}: number {n} not in the input\n{}\n{}",
                    cols[0],
                    e.name,
                    e.description
                );
            }
            // without a sure category nothing (it would only repeat the name)
            if e.category.is_none() {
                assert_eq!(e.description, "", "{:?}", cols[0]);
                continue;
            }
            let k = sentences(&e.description);
            assert!(
                (2..=4).contains(&k),
                "{:?}: {k} sentences: {}",
                cols[0],
                e.description
            );
        }
    }

    #[test]
    fn the_files_own_description_always_wins_as_it_is() {
        for given in [
            "New design.",
            "Girante.",
            "Per esterni, resistente al gelo e ai raggi UV.",
        ] {
            let e = enrich(&RawProduct {
                name: "GIRANTE POMPA 25-60",
                description: Some(given),
                ..Default::default()
            });
            assert_eq!(e.description, given);
        }
    }

    #[test]
    fn a_line_states_its_facts_once_each_in_order() {
        assert_eq!(
            attributes("Adesivo Keraflex Maxi S1 25 kg"),
            [("peso", "25 kg".to_owned())]
        );
        assert!(attributes("Girante").is_empty());
    }

    #[test]
    fn status_strings() {
        assert_eq!(Status::Normal.as_str(), "normal");
        assert_eq!(Status::Uncertain.as_str(), "uncertain");
        assert_eq!(Status::Incorrect.as_str(), "incorrect");
        assert_eq!(categories().count(), 20);
        assert_eq!(pictogram_for("idraulica"), "rubinetto");
    }
}
