//! The no-invention rule applied to a provider's answer (issue: "precise or silent"): a
//! language model writes fluent text, and fluent text can state a size, a weight or a maker
//! the price list never gave. What can be checked mechanically is checked here, and an
//! answer that fails is refused whole (the builtin engine's texts stay):
//! - every number in the name and description is a number of the input ("6,8" and "6.8"
//!   are one number; "1.200" is also "1200");
//! - the brand is written in the input, or is the maker the builtin engine recognised in it
//!   (its knowledge base spells "BUZZI" as "Buzzi Unicem");
//! - a line the builtin engine knows is not a building product (a phone, a video game) gets
//!   no building category.

use domain::messages;

use super::builtin::{self, RawProduct};

/// What the answer adds to the input, said for the log; `None` when it adds nothing.
pub fn added_fact(
    raw: &RawProduct<'_>,
    name: &str,
    description: &str,
    brand: Option<&str>,
    category: Option<&str>,
) -> Option<String> {
    let input = input_text(raw);
    let given: Vec<String> = numbers(&input)
        .into_iter()
        .flat_map(|n| [n.replace(',', ""), n])
        .collect();
    let known = |n: &String| given.contains(n) || given.contains(&n.replace(',', ""));
    if let Some(n) = numbers(name)
        .into_iter()
        .chain(numbers(description))
        .find(|n| !known(n))
    {
        return Some(format!("the number {n} is not in the input"));
    }
    let builtin = builtin::enrich(raw);
    if let Some(b) = brand {
        let recognised = builtin
            .brand
            .as_deref()
            .is_some_and(|r| r.eq_ignore_ascii_case(b.trim()));
        if !recognised && !contains_words(&input, b) {
            return Some(format!("the brand {b:?} is not in the input"));
        }
    }
    let not_trade = builtin.note.as_deref() == Some(messages::NOTE_NOT_TRADE);
    if let (true, Some(c)) = (not_trade, category) {
        return Some(format!("not a building product, filed under {c:?}"));
    }
    None
}

/// Every field of the input in one text.
fn input_text(raw: &RawProduct<'_>) -> String {
    [Some(raw.name), raw.brand, raw.category, raw.description]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" \n ")
}

/// Numbers written in `text` as digit strings, a decimal or thousands separator written as
/// a comma ("6.8" → "6,8"), so that both ways of writing one number compare equal.
pub fn numbers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let joins = (c == ',' || c == '.')
            && !current.is_empty()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() || joins {
            current.push(if c == '.' { ',' } else { c });
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Letters and digits only, lower case: "Mapei" is found in "MAPEI-KERAFLEX".
fn squeezed(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `words` appear in `text`, ignoring case, spaces and punctuation.
fn contains_words(text: &str, words: &str) -> bool {
    let needle = squeezed(words);
    !needle.is_empty() && squeezed(text).contains(&needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(name: &str) -> RawProduct<'_> {
        RawProduct {
            name,
            ..Default::default()
        }
    }

    #[test]
    fn numbers_of_the_input_may_be_written_another_way() {
        let line = raw("CEM.PORTL. 32.5R KG25 BUZZI");
        assert_eq!(
            added_fact(
                &line,
                "Cemento Portland 32,5 R da 25 kg",
                "Sacco da 25 kg.",
                None,
                None
            ),
            None
        );
        let thousands = raw("Rotolo guaina 1.200 g");
        assert_eq!(
            added_fact(&thousands, "Guaina 1200 g", "x", None, None),
            None
        );
    }

    #[test]
    fn a_number_the_input_does_not_carry_is_refused() {
        let line = raw("TASS. NYLON 8X40 FISCHER");
        let said = added_fact(
            &line,
            "Tassello 8 x 40 mm",
            "Portata fino a 120 kg.",
            None,
            None,
        );
        assert_eq!(said.as_deref(), Some("the number 120 is not in the input"));
        let screen = raw("SMARTPHONE X 8+256GB 5G");
        assert!(added_fact(&screen, "Smartphone X 6,8\"", "", None, None).is_some());
    }

    #[test]
    fn a_brand_must_be_written_or_recognised() {
        let line = raw("CEM.PORTL. 32,5R KG25 BUZZI");
        assert_eq!(
            added_fact(&line, "Cemento", "x", Some("Buzzi Unicem"), None),
            None
        );
        let plain = raw("Cemento grigio sacco");
        assert!(added_fact(&plain, "Cemento", "x", Some("Italcementi"), None).is_some());
        let given = RawProduct {
            name: "Primer",
            brand: Some("MAPEI S.p.A."),
            ..Default::default()
        };
        assert_eq!(added_fact(&given, "Primer", "x", Some("Mapei"), None), None);
    }

    #[test]
    fn a_phone_gets_no_building_category() {
        let phone = raw("SAMSUNG GALAXY S24 ULTRA 12+256GB 5G TITANIUM");
        assert!(added_fact(
            &phone,
            "Samsung Galaxy S24 Ultra",
            "Smartphone.",
            None,
            Some("Idraulica")
        )
        .is_some());
        assert_eq!(
            added_fact(
                &phone,
                "Samsung Galaxy S24 Ultra",
                "Smartphone.",
                None,
                None
            ),
            None
        );
    }
}
