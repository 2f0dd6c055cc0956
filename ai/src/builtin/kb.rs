//! The knowledge base: taxonomy, brands, abbreviations and non-trade words, parsed once
//! from the TSV files in `../data/` (embedded in the binary).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

/// A small, fast, non-cryptographic hasher (the Fx hash used by rustc) for the
/// read-only lookup tables: keys are short words, hashing dominates the lookups.
#[derive(Default, Clone, Copy)]
pub(super) struct FxHasher {
    hash: u64,
}

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut b = [0u8; 8];
            b.copy_from_slice(c);
            self.add(u64::from_le_bytes(b));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

pub(super) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
pub(super) type FxSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

use domain::fold::fold;

use super::text::stem;

const CATEGORIES_TSV: &str = include_str!("../data/categories.tsv");
const BRANDS_TSV: &str = include_str!("../data/brands.tsv");
const ABBREVIATIONS_TSV: &str = include_str!("../data/abbreviations.tsv");
const NONTRADE_TSV: &str = include_str!("../data/nontrade.tsv");

/// Index used in keyword entries for the "not a building product" vocabulary.
pub(super) const NONTRADE: u8 = u8::MAX;

pub(super) struct Category {
    pub id: &'static str,
    pub name: &'static str,
    pub pictogram: &'static str,
    pub use_sentence: &'static str,
}

pub(super) struct Brand {
    pub canonical: &'static str,
    pub cats: Vec<u8>,
    /// The brand is also an ordinary word (`Beta`, `Index`, `Ragno`): trust it only
    /// when the product's category agrees.
    pub ambiguous: bool,
}

/// A keyword or phrase (stemmed tokens) pointing at a category with a weight.
pub(super) struct Keyword {
    pub stems: Vec<String>,
    pub cat: u8,
    pub weight: f32,
}

/// A brand alias or product line (folded tokens).
pub(super) struct Alias {
    pub keys: Vec<String>,
    pub brand: u16,
    /// For product lines (`Keraflex`): the spelling to keep in the name.
    pub line: Option<&'static str>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum AbbrFlag {
    Always,
    /// Only when written with a full stop (`INT.` but not `INT`).
    Dot,
    /// Only as `c/`, `s/`.
    Slash,
}

pub(super) struct Abbreviation {
    pub expansion: &'static str,
    pub flag: AbbrFlag,
    /// folded words of the expansion, articles and prepositions kept
    pub words: Vec<String>,
}

pub(super) struct Kb {
    pub cats: Vec<Category>,
    pub cat_by_key: FxMap<String, u8>,
    /// first stem → keywords starting with it, longest first
    pub keywords: FxMap<String, Vec<Keyword>>,
    pub brands: Vec<Brand>,
    /// first key → aliases starting with it, longest first
    pub aliases: FxMap<String, Vec<Alias>>,
    /// single-token aliases (len ≥ 5) and their one-letter deletions → brand ids (fuzzy matching)
    pub fuzzy: FxMap<String, Vec<u16>>,
    /// abbreviation → (expansion as written, flag, folded expansion words)
    pub abbreviations: FxMap<String, Abbreviation>,
    /// every single stem known to the taxonomy (for casing decisions)
    pub vocab: FxSet<String>,
    /// single-token aliases that contain digits (`3m`, `wd40`): never split into number + unit
    pub whole_words: FxSet<String>,
    /// proper nouns written inside expansions (`portland` → `Portland`)
    pub proper: FxMap<String, &'static str>,
    /// per brand, its single-token aliases (fuzzy verification)
    pub brand_words: Vec<Vec<String>>,
}

fn data_lines(src: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    src.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::trim).collect())
}

/// Split a phrase into folded, stemmed tokens (articles and prepositions dropped).
pub(super) fn phrase_stems(phrase: &str) -> Vec<String> {
    fold(phrase)
        .split(|c: char| c.is_whitespace() || c == '-' || c == '\'' || c == '/')
        .filter(|w| !w.is_empty() && !is_stopword(w))
        .map(|w| stem(w).to_string())
        .collect()
}

pub(super) fn is_stopword(w: &str) -> bool {
    matches!(
        w,
        "di" | "da"
            | "del"
            | "della"
            | "dello"
            | "dei"
            | "degli"
            | "delle"
            | "dal"
            | "dalla"
            | "per"
            | "con"
            | "in"
            | "a"
            | "ad"
            | "al"
            | "alla"
            | "allo"
            | "ai"
            | "agli"
            | "alle"
            | "e"
            | "ed"
            | "il"
            | "lo"
            | "la"
            | "i"
            | "gli"
            | "le"
            | "un"
            | "una"
            | "uno"
            | "su"
            | "sul"
            | "sulla"
            | "tra"
            | "fra"
            | "d"
            | "l"
            | "x"
            | "o"
            | "nel"
            | "nella"
            | "all"
            | "dell"
    )
}

/// Single-letter deletions of `s` (ASCII only), used by the fuzzy brand index.
pub(super) fn deletions(s: &str) -> impl Iterator<Item = String> + '_ {
    (0..s.len())
        .filter(move |i| s.is_char_boundary(*i) && s.is_char_boundary(i + 1))
        .map(move |i| {
            let mut d = String::with_capacity(s.len());
            d.push_str(&s[..i]);
            d.push_str(&s[i + 1..]);
            d
        })
}

fn build() -> Kb {
    let taxonomy = read_taxonomy();
    let brands = read_brands(&taxonomy.cat_by_id);
    let (abbreviations, proper) = read_abbreviations();
    Kb {
        cats: taxonomy.cats,
        cat_by_key: taxonomy.cat_by_key,
        keywords: taxonomy.keywords,
        brands: brands.brands,
        aliases: brands.aliases,
        fuzzy: brands.fuzzy,
        abbreviations,
        vocab: taxonomy.vocab,
        whole_words: brands.whole_words,
        proper,
        brand_words: brands.brand_words,
    }
}

/// The categories with their keywords, and the non-trade vocabulary.
struct Taxonomy {
    cats: Vec<Category>,
    cat_by_key: FxMap<String, u8>,
    cat_by_id: HashMap<&'static str, u8>,
    keywords: FxMap<String, Vec<Keyword>>,
    vocab: FxSet<String>,
}

fn read_taxonomy() -> Taxonomy {
    let mut cats = Vec::new();
    let mut cat_by_key = FxMap::default();
    let mut cat_by_id: HashMap<&str, u8> = HashMap::new();
    let mut keywords: FxMap<String, Vec<Keyword>> = FxMap::default();
    let mut vocab = FxSet::default();
    for cols in data_lines(CATEGORIES_TSV) {
        if cols.len() < 5 {
            continue;
        }
        let idx = cats.len() as u8;
        cats.push(Category {
            id: cols[0],
            name: cols[1],
            pictogram: cols[2],
            use_sentence: cols[3],
        });
        cat_by_key.insert(fold(cols[1]), idx);
        cat_by_id.insert(cols[0], idx);
        for kw in cols[4].split(';') {
            let kw = kw.trim();
            if kw.is_empty() {
                continue;
            }
            let (term, weight) = match kw.rsplit_once('=') {
                Some((t, w)) => (t, w.trim().parse::<f32>().unwrap_or(2.0)),
                None => (kw, 2.0),
            };
            let stems = phrase_stems(term);
            if stems.is_empty() {
                continue;
            }
            for s in &stems {
                vocab.insert(s.clone());
            }
            // `scarpa` and `scarpe` share a stem: keep one entry, the heavier
            let list = keywords.entry(stems[0].clone()).or_default();
            match list.iter_mut().find(|k| k.cat == idx && k.stems == stems) {
                Some(k) => k.weight = k.weight.max(weight),
                None => list.push(Keyword {
                    stems,
                    cat: idx,
                    weight,
                }),
            }
        }
    }
    for cols in data_lines(NONTRADE_TSV) {
        let stems = phrase_stems(cols[0]);
        if let Some(first) = stems.first() {
            keywords.entry(first.clone()).or_default().push(Keyword {
                stems: stems.clone(),
                cat: NONTRADE,
                weight: 1.0,
            });
        }
    }
    for list in keywords.values_mut() {
        list.sort_by_key(|k| std::cmp::Reverse(k.stems.len()));
    }
    Taxonomy {
        cats,
        cat_by_key,
        cat_by_id,
        keywords,
        vocab,
    }
}

/// The brands and the indexes that find them in a name.
#[derive(Default)]
struct BrandIndex {
    brands: Vec<Brand>,
    aliases: FxMap<String, Vec<Alias>>,
    fuzzy: FxMap<String, Vec<u16>>,
    whole_words: FxSet<String>,
    brand_words: Vec<Vec<String>>,
}

impl BrandIndex {
    /// Indexes `text` as a name of brand `id`, or as one of its product lines when `line`
    /// (the spelling to keep) is given.
    fn add(&mut self, id: u16, text: &str, line: Option<&'static str>) {
        let keys: Vec<String> = fold(text)
            .split(|c: char| {
                c.is_whitespace() || c == '-' || c == '\'' || c == '+' || c == '&' || c == '.'
            })
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        if keys.is_empty() {
            return;
        }
        if keys.len() == 1 && keys[0].chars().any(|c| c.is_ascii_digit()) {
            self.whole_words.insert(keys[0].clone());
        }
        let words = &mut self.brand_words[id as usize];
        if keys.len() == 1 && line.is_none() && !words.contains(&keys[0]) {
            words.push(keys[0].clone());
        }
        if keys.len() == 1 && keys[0].len() >= 5 && keys[0].is_ascii() && line.is_none() {
            let k = keys[0].clone();
            for d in deletions(&k).chain(std::iter::once(k.clone())) {
                let e = self.fuzzy.entry(d).or_default();
                if !e.contains(&id) {
                    e.push(id);
                }
            }
        }
        let list = self.aliases.entry(keys[0].clone()).or_default();
        if !list.iter().any(|a| a.keys == keys) {
            list.push(Alias {
                keys,
                brand: id,
                line,
            });
        }
    }
}

fn read_brands(cat_by_id: &HashMap<&str, u8>) -> BrandIndex {
    let mut index = BrandIndex::default();
    for cols in data_lines(BRANDS_TSV) {
        if cols.len() < 3 {
            continue;
        }
        let id = index.brands.len() as u16;
        let cats_of: Vec<u8> = cols[2]
            .split(',')
            .filter_map(|c| cat_by_id.get(c.trim()).copied())
            .collect();
        let ambiguous = cols.get(3).is_some_and(|f| f.contains("amb"));
        index.brands.push(Brand {
            canonical: cols[0],
            cats: cats_of,
            ambiguous,
        });
        index.brand_words.push(Vec::new());
        index.add(id, cols[0], None);
        for a in cols[1].split(',') {
            if !a.trim().is_empty() {
                index.add(id, a.trim(), None);
            }
        }
        if let Some(lines) = cols.get(4) {
            for l in lines.split(',') {
                let l = l.trim();
                if !l.is_empty() {
                    index.add(id, l, Some(l));
                }
            }
        }
    }
    for list in index.aliases.values_mut() {
        list.sort_by_key(|a| std::cmp::Reverse(a.keys.len()));
    }
    index
}

/// The abbreviations, and the proper nouns written in their expansions.
fn read_abbreviations() -> (FxMap<String, Abbreviation>, FxMap<String, &'static str>) {
    let mut abbreviations = FxMap::default();
    let mut proper: FxMap<String, &'static str> = FxMap::default();
    for cols in data_lines(ABBREVIATIONS_TSV) {
        if cols.len() < 2 {
            continue;
        }
        let flag = match cols.get(2).copied().unwrap_or("") {
            "dot" => AbbrFlag::Dot,
            "slash" => AbbrFlag::Slash,
            _ => AbbrFlag::Always,
        };
        for w in cols[1].split(' ') {
            if w.starts_with(char::is_uppercase) {
                proper.insert(fold(w), w);
            }
        }
        let words = fold(cols[1])
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        abbreviations.insert(
            cols[0].to_string(),
            Abbreviation {
                expansion: cols[1],
                flag,
                words,
            },
        );
    }
    (abbreviations, proper)
}

pub(super) static KB: LazyLock<Kb> = LazyLock::new(build);

impl Kb {
    /// The taxonomy index of a category name written by a shop (case and accents ignored).
    pub fn category_index(&self, name: &str) -> Option<u8> {
        self.cat_by_key.get(&fold(name.trim())).copied()
    }

    /// Canonical brand for a brand written by a shop (`KERAKOL` → Kerakoll).
    pub fn brand_by_name(&self, name: &str) -> Option<u16> {
        let keys: Vec<String> = fold(name)
            .split(|c: char| {
                c.is_whitespace() || c == '-' || c == '\'' || c == '+' || c == '&' || c == '.'
            })
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        let first = keys.first()?;
        if let Some(list) = self.aliases.get(first) {
            if let Some(a) = list.iter().find(|a| a.keys == keys && a.line.is_none()) {
                return Some(a.brand);
            }
        }
        if keys.len() == 1 {
            return self.fuzzy_brand(first);
        }
        None
    }

    /// A brand at edit distance 1 from `key` (only for words of 6+ letters, unique match).
    pub fn fuzzy_brand(&self, key: &str) -> Option<u16> {
        if key.len() < 6 || !key.is_ascii() {
            return None;
        }
        let mut found: Option<u16> = None;
        let mut probe = String::with_capacity(key.len());
        for skip in std::iter::once(usize::MAX).chain(0..key.len()) {
            probe.clear();
            for (i, c) in key.char_indices() {
                if i != skip {
                    probe.push(c);
                }
            }
            if let Some(ids) = self.fuzzy.get(&probe) {
                for &id in ids {
                    if !self.brand_within_one(id, key) {
                        continue;
                    }
                    match found {
                        None => found = Some(id),
                        Some(f) if f == id => {}
                        Some(_) => return None,
                    }
                }
            }
        }
        found
    }

    fn brand_within_one(&self, id: u16, key: &str) -> bool {
        self.brand_words[id as usize]
            .iter()
            .any(|w| osa_distance(w, key) <= 1)
    }

    pub fn is_keyword_stem(&self, s: &str) -> bool {
        self.vocab.contains(s)
    }
}

/// Optimal string alignment distance (Damerau-Levenshtein without substring moves), ASCII.
pub(super) fn osa_distance(a: &str, b: &str) -> usize {
    let a = a.as_bytes();
    let b = b.as_bytes();
    if a.len().abs_diff(b.len()) > 2 {
        return 3;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(b.len() + 1) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knowledge_base_sizes() {
        let kb = &*KB;
        assert_eq!(kb.cats.len(), 20, "the taxonomy has exactly 20 categories");
        assert!(
            kb.brands.len() >= 150,
            "at least 150 brands, got {}",
            kb.brands.len()
        );
        assert!(
            kb.abbreviations.len() >= 100,
            "at least 100 abbreviations, got {}",
            kb.abbreviations.len()
        );
        for b in &kb.brands {
            assert!(
                !b.cats.is_empty(),
                "brand {} has no valid category",
                b.canonical
            );
        }
        for c in &kb.cats {
            assert!(!c.pictogram.is_empty() && !c.use_sentence.is_empty());
        }
    }

    #[test]
    fn brand_lookup_handles_misspellings() {
        let kb = &*KB;
        let name = |s: &str| kb.brand_by_name(s).map(|i| kb.brands[i as usize].canonical);
        assert_eq!(name("KERAKOL"), Some("Kerakoll"));
        assert_eq!(name("DE WALT"), Some("DeWalt"));
        assert_eq!(name("WURTH"), Some("Würth"));
        assert_eq!(name("Husqvarnaa"), Some("Husqvarna"));
        assert_eq!(name("Motta"), None);
        assert_eq!(osa_distance("wurht", "wurth"), 1);
    }
}
