//! Accent folding, the one rule for every comparison of Italian text: addresses (slugs), the
//! search index, an import's headers and the AI step's word lists. "Perché" and "perche"
//! meet, "È" is "e", and "ß" is "ss" as a German maker's name is typed without it.

/// `text` in lower case with its accents folded.
pub fn fold(text: &str) -> String {
    fold_chars(text).collect()
}

/// The characters of [`fold`], one at a time.
pub fn fold_chars(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().flat_map(char::to_lowercase).flat_map(|c| {
        let (first, second) = match c {
            'ß' => ('s', Some('s')),
            c => (without_accent(c), None),
        };
        std::iter::once(first).chain(second)
    })
}

/// A lower-case letter without its accent; any other character as it is.
fn without_accent(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::fold;

    #[test]
    fn accents_and_case_fold_and_the_sharp_s_is_two() {
        assert_eq!(fold("Perché PIÙ Città"), "perche piu citta");
        assert_eq!(
            fold("ÈLITE Ñandú Façade Ångström"),
            "elite nandu facade angstrom"
        );
        assert_eq!(fold("Fußboden"), "fussboden");
        assert_eq!(fold("Ø 12 mm – 3/4\""), "ø 12 mm – 3/4\"");
    }
}
