//! Product search as Italians type it: accents folded ("perche" finds "perché"), singular
//! and plural, masculine and feminine meeting ("trapani" finds "Trapano", "chiavi" finds
//! "Chiave"), and every word of the query a prefix ("cartong" finds "Cartongesso") but
//! units ("mm", "kg") and, once the next word is typed, abbreviations ("art", "cod"), which
//! are whole words.
//!
//! The index holds the products' words, folded; a query word loses its inflected ending
//! (a light Italian stemmer, after Savoy's, as Lucene's `ItalianLightStemmer`) and matches
//! every indexed word it begins. A full stemmer (Snowball) was tried first and gives
//! "trapan" for "trapani" but "trap" for "trapano": stems of one word's inflections need
//! not be prefixes of each other, endings removed from the query alone always are.
//!
//! Both databases receive plain space-separated `[a-z0-9]` words and index each with its
//! shop's prefix (`s12x` + word): SQLite's FTS5 and PostgreSQL's `simple` text search split
//! them the same way, so the two match the same products (migration `create_product_search`).

use crate::fold::fold_chars;

/// The version of the rule that wrote a product's search columns. Raise it when the rule
/// changes: products written by an older one are re-indexed when the server starts.
pub const VERSION: i32 = 3;

/// Words of one field kept in the index; a description is long, its first words say most.
const MAX_FIELD_WORDS: usize = 600;
/// Longer words (a run of digits, a pasted URL) are cut: nobody types more.
const MAX_WORD_CHARS: usize = 32;
/// Words of a query used; the rest are ignored.
const MAX_QUERY_WORDS: usize = 8;
/// Characters of the folded name kept as its sort key.
const NAME_KEY_CHARS: usize = 100;

/// Articles, prepositions and conjunctions: left out of a query that has other words, so
/// "tubo per acqua" does not ask every product for a word starting with "per".
const STOP_WORDS: [&str; 52] = [
    "a", "ad", "agli", "ai", "al", "alla", "alle", "allo", "all", "che", "col", "con", "d", "da",
    "dai", "dal", "dalla", "dalle", "de", "degli", "dei", "del", "dell", "della", "delle", "dello",
    "di", "e", "ed", "gli", "i", "il", "in", "l", "la", "le", "lo", "nei", "nel", "nell", "nella",
    "o", "per", "sul", "sull", "sulla", "su", "tra", "fra", "un", "una", "uno",
];

/// Lower-case ASCII words of `text`: accents folded, anything else a separator.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut chars = fold_chars(text);
    std::iter::from_fn(move || {
        let mut word = String::new();
        for ch in chars.by_ref() {
            if ch.is_ascii_alphanumeric() {
                if word.len() < MAX_WORD_CHARS {
                    word.push(ch);
                }
            } else if !word.is_empty() {
                return Some(word);
            }
        }
        (!word.is_empty()).then_some(word)
    })
}

/// A query word without its inflected ending: the final vowel, and the "h" that keeps a
/// hard sound before "e"/"i" (banchi → banc, banco → banc) or the "i" of "-io"/"-ia"
/// (armadio → armad, armadi → armad). Words with a digit (a code or a size: "m8", "18v")
/// and words of three letters or fewer stay whole.
fn stem(word: &str) -> String {
    let b = word.as_bytes();
    if b.len() <= 3 || b.iter().any(u8::is_ascii_digit) {
        return word.to_owned();
    }
    let n = b.len();
    let cut = match (b[n - 2], b[n - 1]) {
        (b'h', b'e' | b'i') | (b'i', b'a' | b'o' | b'e') if n > 4 => 2,
        (_, b'a' | b'e' | b'i' | b'o' | b'u') => 1,
        _ => 0,
    };
    word[..n - cut].to_owned()
}

/// The words of some fields, as they are indexed: each word, then the parts of a word
/// that joins a number and letters ([`parts`]).
pub fn index_terms<'a>(fields: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for field in fields {
        for word in words(field).take(MAX_FIELD_WORDS) {
            for term in std::iter::once(word.as_str()).chain(parts(&word)) {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(term);
            }
        }
    }
    out
}

/// The numbers of a word that joins digits and letters, and its runs of two letters or
/// more: "12mm" → "12", "mm"; "m8x40" → "8", "40"; a plain word or number has none. Lists
/// write "12mm" where a visitor types "12 mm", and a number followed by another word is a
/// whole word in a query ([`prefix_mark`]).
fn parts(word: &str) -> impl Iterator<Item = &str> + '_ {
    let b = word.as_bytes();
    let mixed = b.iter().any(u8::is_ascii_digit) && b.iter().any(u8::is_ascii_alphabetic);
    let mut start = 0;
    std::iter::from_fn(move || {
        while mixed && start < b.len() {
            let digits = b[start].is_ascii_digit();
            let len = b[start..]
                .iter()
                .take_while(|c| c.is_ascii_digit() == digits)
                .count();
            let run = &word[start..start + len];
            start += len;
            if digits || len >= 2 {
                return Some(run);
            }
        }
        None
    })
}

/// What a product's search columns hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductTerms {
    pub name: String,
    pub rest: String,
    pub name_key: String,
}

impl ProductTerms {
    pub fn of(
        name: &str,
        brand: Option<&str>,
        category: Option<&str>,
        description: Option<&str>,
        codes: [Option<&str>; 2],
        source_name: Option<&str>,
    ) -> Self {
        let rest = [
            brand,
            category,
            codes[0],
            codes[1],
            source_name,
            description,
        ];
        Self {
            name: index_terms([name]),
            rest: index_terms(rest.into_iter().flatten()),
            name_key: name_key(name),
        }
    }
}

/// The key a name is sorted by: lower case, accents folded, so "Élite" sits with the e's.
pub fn name_key(name: &str) -> String {
    fold_chars(name.trim()).take(NAME_KEY_CHARS).collect()
}

/// A search as typed: every term must match the start of some indexed term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    terms: Vec<String>,
}

impl SearchQuery {
    /// `None` when the text holds no word at all (blank, only punctuation).
    pub fn parse(text: &str) -> Option<Self> {
        let all: Vec<String> = words(text).take(MAX_QUERY_WORDS).collect();
        let meaningful: Vec<&String> = all
            .iter()
            .filter(|w| !STOP_WORDS.contains(&w.as_str()))
            .collect();
        let chosen: Vec<&String> = if meaningful.is_empty() {
            all.iter().collect()
        } else {
            meaningful
        };
        let mut terms: Vec<String> = Vec::with_capacity(chosen.len());
        for word in chosen {
            let term = stem(word);
            if !terms.contains(&term) {
                terms.push(term);
            }
        }
        (!terms.is_empty()).then_some(Self { terms })
    }

    /// An FTS5 query over one shop's words: the index prefixes each word with its shop
    /// (`s12x`, migration `create_product_search`), so only that shop's words are read.
    pub fn fts5(&self, store_id: i64) -> String {
        self.terms
            .iter()
            .enumerate()
            .map(|(i, t)| format!("\"s{store_id}x{t}\"{}", self.mark(i, "*")))
            .collect::<Vec<_>>()
            .join(" AND ")
    }

    /// A PostgreSQL `tsquery` over one shop's words (for `to_tsquery('simple', …)`), which
    /// the index prefixes like SQLite's.
    pub fn tsquery(&self, store_id: i64) -> String {
        self.tsquery_of_any_shop(&store_id.to_string())
    }

    /// `mark` when the `i`th term is read as the start of words ([`prefix_mark`]).
    fn mark<'a>(&self, i: usize, mark: &'a str) -> &'a str {
        prefix_mark(&self.terms[i], i + 1 == self.terms.len(), mark)
    }

    /// [`Self::tsquery`] with `shop` where the shop's id goes: a statement searching several
    /// shops puts each one's id there (`shop` must be text no term holds, as `#`).
    pub fn tsquery_of_any_shop(&self, shop: &str) -> String {
        self.tsquery_with_words(shop, &[])
    }

    /// The terms read as the start of words, each with its place in the query.
    pub fn starts(&self) -> Vec<(usize, &str)> {
        (0..self.terms.len())
            .filter(|&i| !self.mark(i, "*").is_empty())
            .map(|i| (i, self.terms[i].as_str()))
            .collect()
    }

    /// The terms read as whole words, each with its place in the query.
    pub fn wholes(&self) -> Vec<(usize, &str)> {
        (0..self.terms.len())
            .filter(|&i| self.mark(i, "*").is_empty())
            .map(|i| (i, self.terms[i].as_str()))
            .collect()
    }

    /// [`Self::tsquery_of_any_shop`] where a term read as the start of words is replaced by
    /// the whole words that begin so, when `words` gives them for its place: the index
    /// answers whole words without gathering every row of the start
    /// (docs/decisions/035-prefixes-read-as-words.md).
    pub fn tsquery_with_words(&self, shop: &str, words: &[(usize, Vec<String>)]) -> String {
        self.tsquery_of_terms(shop, words, |_| true)
    }

    /// [`Self::tsquery_with_words`] without the terms the index need not read: units, which
    /// most products of many lists carry ("4 mm", "25 kg"), when another term is there. The
    /// index would walk every product of the shop for "mm"; the few rows the other terms find
    /// are checked against the whole query instead.
    pub fn tsquery_for_index(&self, shop: &str, words: &[(usize, Vec<String>)]) -> String {
        let unit = |i: usize| UNITS.contains(&self.terms[i].as_str());
        if (0..self.terms.len()).all(unit) {
            return self.tsquery_with_words(shop, words);
        }
        self.tsquery_of_terms(shop, words, |i| !unit(i))
    }

    fn tsquery_of_terms(
        &self,
        shop: &str,
        words: &[(usize, Vec<String>)],
        read: impl Fn(usize) -> bool,
    ) -> String {
        self.terms
            .iter()
            .enumerate()
            .filter(|(i, _)| read(*i))
            .map(
                |(i, t)| match words.iter().find(|(at, w)| *at == i && !w.is_empty()) {
                    Some((_, whole)) => {
                        let any: Vec<String> =
                            whole.iter().map(|w| format!("s{shop}x{w}")).collect();
                        format!("({})", any.join(" | "))
                    }
                    None => format!("s{shop}x{t}{}", self.mark(i, ":*")),
                },
            )
            .collect::<Vec<_>>()
            .join(" & ")
    }
}

/// Units of measure: whole words wherever they stand. No word a search means begins with
/// them, and most products of some lists carry one ("4 mm", "25 kg"): as the start of a word
/// each would ask the index for nearly every product of the shop.
const UNITS: [&str; 12] = [
    "mm", "cm", "dm", "mq", "mc", "ml", "cl", "lt", "kg", "pz", "nr", "kw",
];
/// Abbreviations as common as units ("Art. 1234", "Cod. 88"): whole words once the next word
/// is typed, the start of a word ("articolo") while they are the last.
const ABBREVIATIONS: [&str; 5] = ["art", "cod", "rif", "cad", "conf"];

/// How the index reads a term: the start of words, or a whole word. A term of one character
/// is a whole word ("a", "6"): as the start of a word it would ask for most of the catalogue
/// at the first key typed; so are units, and abbreviations and numbers followed by another
/// term ("trapano 12 mm" means 12, not 120 or 1250: and as a start, a number asks for every
/// code and size that begins with it).
fn prefix_mark<'a>(term: &str, last: bool, mark: &'a str) -> &'a str {
    let number = term.bytes().all(|c| c.is_ascii_digit());
    let whole = term.len() == 1
        || UNITS.contains(&term)
        || (!last && (number || ABBREVIATIONS.contains(&term)));
    if whole {
        ""
    } else {
        mark
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(query: &str, text: &str) -> bool {
        let indexed = index_terms([text]);
        let terms: Vec<&str> = indexed.split(' ').collect();
        SearchQuery::parse(query).is_some_and(|q| {
            (0..q.terms.len()).all(|i| {
                let t = q.terms[i].as_str();
                let start = !q.mark(i, "*").is_empty();
                terms
                    .iter()
                    .any(|w| if start { w.starts_with(t) } else { *w == t })
            })
        })
    }

    #[test]
    fn units_and_abbreviations_followed_by_a_word_are_whole_words() {
        assert!(matches("trapano 12 mm", "Trapano 12 mm art. 5"));
        assert!(matches("vite 4 mm", "Vite 4 mm"));
        assert!(
            !matches("tubo 20 mm", "Tubo 20 mmq"),
            "a unit begins no word"
        );
        assert!(matches("art 123", "Chiave art. 12345"));
        assert!(
            !matches("art 123", "Articolo 123"),
            "followed by a word: whole"
        );
        assert!(
            matches("art", "Articolo 123"),
            "the last word typed: its start"
        );
        assert_eq!(
            SearchQuery::parse("art 12 mm").map(|q| q.tsquery(4)),
            Some("s4xart & s4x12 & s4xmm".to_owned())
        );
        assert_eq!(
            SearchQuery::parse("cod 12").map(|q| q.fts5(4)),
            Some("\"s4xcod\" AND \"s4x12\"*".to_owned())
        );
    }

    #[test]
    fn a_number_followed_by_a_word_is_that_number_written_either_way() {
        assert!(matches("trapano 12 mm", "Trapano 12mm"));
        assert!(matches("punta 6 hss", "Punta HSS 6mm"));
        assert!(matches("tubo 20 mm", "Tubo d.20 mm"));
        assert!(matches("bullone 8 40", "Bullone M8x40"));
        assert!(
            !matches("trapano 12 mm", "Trapano 120 mm"),
            "followed by a word: that number"
        );
        assert!(
            !matches("trapano 12 mm", "Trapano 10 mm art. 1250"),
            "not the start of a code"
        );
        assert!(
            matches("trapano 12", "Trapano 125 mm"),
            "the last word typed: its start"
        );
        assert_eq!(index_terms(["M8x40 12,5mm"]), "m8x40 8 40 12 5mm 5 mm");
        assert_eq!(
            index_terms(["B001-000123 Bosch 18V"]),
            "b001 001 000123 bosch 18v 18"
        );
    }

    #[test]
    fn starts_of_words_can_be_read_as_the_words_that_begin_so() {
        let q = SearchQuery::parse("adesivo piastr 12 mm").expect("words");
        assert_eq!(q.starts(), [(0, "adesiv"), (1, "piastr")]);
        assert_eq!(q.wholes(), [(2, "12"), (3, "mm")]);
        let words = [(1, vec!["piastra".to_owned(), "piastrella".to_owned()])];
        assert_eq!(
            q.tsquery_with_words("#", &words),
            "s#xadesiv:* & (s#xpiastra | s#xpiastrella) & s#x12 & s#xmm"
        );
        assert_eq!(
            q.tsquery_with_words("#", &[(0, vec![])]),
            q.tsquery_of_any_shop("#")
        );
        assert_eq!(
            q.tsquery_for_index("#", &words),
            "s#xadesiv:* & (s#xpiastra | s#xpiastrella) & s#x12"
        );
        let units = SearchQuery::parse("mm kg").expect("words");
        assert_eq!(units.tsquery_for_index("#", &[]), "s#xmm & s#xkg");
    }

    #[test]
    fn accents_inflections_and_prefixes_match() {
        assert!(matches("perche", "Perché sceglierlo"));
        assert!(matches("perché", "perche"));
        assert!(matches("trapani", "Trapano a percussione"));
        assert!(matches("trapano", "Set di trapani"));
        assert!(matches("cartong", "Lastra in Cartongesso 12,5 mm"));
        assert!(matches("viti", "Vite autofilettante"));
        assert!(matches("chiavi", "Chiave a brugola"));
        assert!(matches("banchi", "Banco da lavoro"));
        assert!(matches("banco", "Banchi da lavoro"));
        assert!(matches("armadi", "Armadio metallico"));
        assert!(matches("tubi", "Tubo multistrato"));
        assert!(matches("pitture lavabili", "Pittura lavabile bianca"));
        assert!(matches("18V", "Avvitatore 18 V / 18v"));
        assert!(matches("m8", "Bullone M8x40"));
        assert!(!matches("trapano", "Avvitatore a batteria"));
        assert!(!matches("cartongesso", "Cartone"));
    }

    #[test]
    fn stop_words_are_left_out_unless_alone() {
        assert_eq!(
            SearchQuery::parse("tubo per l'acqua"),
            SearchQuery::parse("tubo acqua")
        );
        assert!(SearchQuery::parse("di").is_some());
        assert_eq!(SearchQuery::parse("  ,;. "), None);
    }

    #[test]
    fn queries_carry_only_plain_words() {
        let q = SearchQuery::parse("\"tubo\" OR NOT * : {x} 1/2").expect("words");
        assert_eq!(
            q.tsquery(7),
            "s7xtub:* & s7xor:* & s7xnot:* & s7xx & s7x1 & s7x2"
        );
        assert_eq!(
            SearchQuery::parse("TRAPANI").expect("a word").terms,
            ["trapan"]
        );
        assert_eq!(
            q.fts5(7),
            "\"s7xtub\"* AND \"s7xor\"* AND \"s7xnot\"* AND \"s7xx\" AND \"s7x1\" AND \"s7x2\""
        );
    }

    #[test]
    fn names_sort_without_accents_or_case() {
        assert_eq!(name_key("  Élite Trapano"), "elite trapano");
    }
}
