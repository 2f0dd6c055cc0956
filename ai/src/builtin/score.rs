//! Analysis of a line: brand detection, keyword scoring per category and the
//! confidence status.

use domain::fold::fold;

use super::extract::{extract, Attr, AttrKind};
use super::kb::{is_stopword, AbbrFlag, Kb, NONTRADE};
use super::text::{stem, tokenize, Kind, Tok};

pub(super) const NCAT: usize = 20;

/// How a token takes part in the name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Role {
    Plain,
    /// first token of attribute `n`
    AttrStart(usize),
    /// inside an attribute (not first)
    AttrInner,
    /// part of a brand's company name (dropped from the body, brand placed once)
    Brand,
    /// first token of a product line such as `Keraflex`, rendered with this spelling
    LineStart(&'static str),
    LineInner,
}

pub(super) struct Analysis {
    pub toks: Vec<Tok>,
    pub roles: Vec<Role>,
    pub attrs: Vec<Attr>,
    /// brand found in the line (already filtered for ambiguous words)
    pub brand: Option<u16>,
    /// the brand was written in the name itself
    pub brand_in_name: bool,
    /// keyword evidence per category
    pub kw: [f32; NCAT],
    /// evidence from attributes (voltage → tools, thread → plumbing…)
    pub boost: [f32; NCAT],
    /// prior from the brand's product range
    pub prior: [f32; NCAT],
    pub nontrade: bool,
    /// all-uppercase input (casing of unknown words cannot be trusted)
    pub all_caps: bool,
}

impl Analysis {
    pub fn total(&self, c: usize) -> f32 {
        self.kw[c] + self.boost[c] + self.prior[c]
    }

    /// Best category by total evidence, with its keyword score.
    pub fn best(&self) -> Option<(usize, f32)> {
        let mut best: Option<usize> = None;
        for c in 0..NCAT {
            let t = self.total(c);
            if t <= 0.0 {
                continue;
            }
            match best {
                Some(b) if self.total(b) >= t => {}
                _ => best = Some(c),
            }
        }
        best.map(|b| (b, self.kw[b]))
    }

    fn best_evidence(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for c in 0..NCAT {
            let t = self.kw[c] + self.boost[c];
            if t <= 0.0 {
                continue;
            }
            match best {
                Some(b) if self.kw[b] + self.boost[b] >= t => {}
                _ => best = Some(c),
            }
        }
        best
    }
}

/// Expansion of an abbreviation token, if it is one in this context.
pub(super) fn expansion(kb: &Kb, toks: &[Tok], i: usize) -> Option<&'static str> {
    let t = &toks[i];
    if t.kind != Kind::Word {
        return None;
    }
    let key = t.key.as_str();
    // `GR` without a number before it is grigio (grey), with a number it is grams
    if key == "gr" {
        let after_num = i > 0 && toks[i - 1].kind == Kind::Num;
        return if after_num { None } else { Some("grigio") };
    }
    // `CEM II/A-LL`: the standard cement designation keeps `CEM`
    if key == "cem" {
        if let Some(n) = toks.get(i + 1) {
            let roman = n.key.split('/').next().unwrap_or("");
            if !roman.is_empty() && roman.chars().all(|c| matches!(c, 'i' | 'v')) {
                return None;
            }
        }
    }
    if key == "x" {
        // `RASANTE X CAPPOTTO` → per; `50 X 50` is handled as dimensions
        return match toks.get(i + 1) {
            Some(n) if n.kind == Kind::Word && i > 0 && toks[i - 1].kind == Kind::Word => {
                Some("per")
            }
            _ => None,
        };
    }
    let (slash_key, is_slash) = match key.strip_suffix('/') {
        Some(k) => (k, true),
        None => (key, false),
    };
    let a = kb.abbreviations.get(slash_key)?;
    match a.flag {
        AbbrFlag::Always if !is_slash => Some(a.expansion),
        AbbrFlag::Dot if t.dotted => Some(a.expansion),
        AbbrFlag::Slash if is_slash => Some(a.expansion),
        _ => None,
    }
}

/// Folded words of the expansion of token `i` (see [`expansion`]).
fn expansion_words<'k>(kb: &'k Kb, toks: &[Tok], i: usize) -> Option<&'k [String]> {
    let e = expansion(kb, toks, i)?;
    match e {
        "grigio" if toks[i].key == "gr" => Some(GRIGIO.as_slice()),
        "per" if toks[i].key == "x" => Some(PER.as_slice()),
        _ => {
            let key = toks[i].key.strip_suffix('/').unwrap_or(&toks[i].key);
            kb.abbreviations.get(key).map(|a| a.words.as_slice())
        }
    }
}

static GRIGIO: std::sync::LazyLock<Vec<String>> =
    std::sync::LazyLock::new(|| vec!["grigio".to_string()]);
static PER: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| vec!["per".to_string()]);

struct MatchTok<'a> {
    stem: &'a str,
    /// after `per`/`con`: the word tells the use, not the product
    secondary: bool,
}

pub(super) fn analyse(kb: &Kb, name: &str, extra: &str) -> Analysis {
    let keep_whole = |k: &str| kb.whole_words.contains(k);
    let toks = tokenize(name, &keep_whole);
    let attrs = extract(&toks);
    let mut roles = attribute_roles(toks.len(), &attrs);
    let all_caps = !name.chars().any(|c| c.is_lowercase());
    let found = find_brands(kb, &toks, &mut roles);
    let extra_folded = fold(extra);
    let (mt, extra_start) = match_tokens(kb, &toks, &roles, &extra_folded);
    let (kw, nontrade) = keyword_scores(kb, &mt, extra_start);
    let boost = attribute_evidence(kb, &attrs);
    let mut an = Analysis {
        toks,
        roles,
        attrs,
        brand: None,
        brand_in_name: false,
        kw,
        boost,
        prior: [0.0; NCAT],
        nontrade,
        all_caps,
    };
    choose_brand(kb, &mut an, &found);
    an
}

/// Tokens covered by an attribute: its first one, then the rest.
fn attribute_roles(n_toks: usize, attrs: &[Attr]) -> Vec<Role> {
    let mut roles = vec![Role::Plain; n_toks];
    for (n, a) in attrs.iter().enumerate() {
        for (k, r) in roles
            .iter_mut()
            .enumerate()
            .take(a.end.min(n_toks))
            .skip(a.start)
        {
            *r = if k == a.start {
                Role::AttrStart(n)
            } else {
                Role::AttrInner
            };
        }
    }
    roles
}

/// A brand (or one of its product lines) written in the name.
struct FoundBrand {
    brand: u16,
    is_line: bool,
    start: usize,
    len: usize,
}

/// Marks the brand names and product lines among the plain words (aliases first, then a
/// close spelling of a brand for long words that are no keyword or abbreviation).
fn find_brands(kb: &Kb, toks: &[Tok], roles: &mut [Role]) -> Vec<FoundBrand> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if roles[i] != Role::Plain || toks[i].kind != Kind::Word {
            i += 1;
            continue;
        }
        let mut matched = 0;
        if let Some(list) = kb.aliases.get(&toks[i].key) {
            for a in list {
                let len = a.keys.len();
                if i + len > toks.len() {
                    continue;
                }
                let ok =
                    (0..len).all(|k| roles[i + k] == Role::Plain && toks[i + k].key == a.keys[k]);
                if ok {
                    for k in 0..len {
                        roles[i + k] = match (a.line, k) {
                            (Some(l), 0) => Role::LineStart(l),
                            (Some(_), _) => Role::LineInner,
                            (None, _) => Role::Brand,
                        };
                    }
                    found.push(FoundBrand {
                        brand: a.brand,
                        is_line: a.line.is_some(),
                        start: i,
                        len,
                    });
                    matched = len;
                    break;
                }
            }
        }
        if matched == 0 {
            let key = toks[i].key.as_str();
            if key.len() >= 6
                && !kb.is_keyword_stem(stem(key))
                && !kb.abbreviations.contains_key(key)
            {
                if let Some(b) = kb.fuzzy_brand(key) {
                    roles[i] = Role::Brand;
                    found.push(FoundBrand {
                        brand: b,
                        is_line: false,
                        start: i,
                        len: 1,
                    });
                    matched = 1;
                }
            }
        }
        i += matched.max(1);
    }
    found
}

/// The stems the keywords are matched against: the name's words (abbreviations expanded,
/// attributes and brand names left out), then the extra text's; returns them with the
/// index where the extra text's begin.
fn match_tokens<'a>(
    kb: &'a Kb,
    toks: &'a [Tok],
    roles: &[Role],
    extra_folded: &'a str,
) -> (Vec<MatchTok<'a>>, usize) {
    let mut mt: Vec<MatchTok> = Vec::with_capacity(toks.len() + 4);
    let mut secondary = false;
    for (k, t) in toks.iter().enumerate() {
        match roles[k] {
            Role::AttrInner | Role::AttrStart(_) => continue,
            // a brand name counts only when the taxonomy lists it as a product word
            Role::Brand if !kb.is_keyword_stem(stem(&t.key)) => continue,
            _ => {}
        }
        if t.kind == Kind::Sym || t.kind == Kind::Frac {
            continue;
        }
        if let Some(words) = expansion_words(kb, toks, k) {
            for f in words {
                if f == "per" || f == "con" {
                    secondary = true;
                    continue;
                }
                if is_stopword(f) {
                    continue;
                }
                mt.push(MatchTok {
                    stem: stem(f),
                    secondary,
                });
            }
            continue;
        }
        let key = t.key.trim_end_matches('\'');
        let key = if key == "cem" { "cemento" } else { key };
        if key == "per" || key == "con" {
            secondary = true;
            continue;
        }
        if is_stopword(key) {
            continue;
        }
        mt.push(MatchTok {
            stem: stem(key),
            secondary,
        });
    }
    // extra text (the shop's description) counts with a lower weight
    let extra_start = mt.len();
    for w in extra_folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !is_stopword(w))
        .take(60)
    {
        mt.push(MatchTok {
            stem: stem(w),
            secondary: true,
        });
    }
    (mt, extra_start)
}

/// Keyword evidence per category, and whether the name itself names a non-trade product.
fn keyword_scores(kb: &Kb, mt: &[MatchTok], extra_start: usize) -> ([f32; NCAT], bool) {
    let mut kw = [0f32; NCAT];
    let mut nontrade = false;
    let mut first_hit = true;
    let mut j = 0;
    while j < mt.len() {
        let mut step = 1;
        if let Some(list) = kb.keywords.get(mt[j].stem) {
            // the longest phrase wins; every category listing that phrase scores
            let mut hit_len = 0;
            for e in list {
                let len = e.stems.len();
                if hit_len > 0 && len < hit_len {
                    break;
                }
                if j + len > mt.len() || !(1..len).all(|k| mt[j + k].stem == e.stems[k]) {
                    continue;
                }
                hit_len = len;
                if e.cat == NONTRADE {
                    if j < extra_start {
                        nontrade = true;
                    }
                    continue;
                }
                let mut w = e.weight;
                if mt[j].secondary {
                    w *= 0.5;
                } else if first_hit && j <= 1 && j < extra_start {
                    // the head noun of an Italian product name tells what it is
                    w *= 1.5;
                }
                if j >= extra_start {
                    w *= 0.5;
                }
                kw[e.cat as usize] += w;
            }
            if hit_len > 0 {
                step = hit_len;
                first_hit = false;
            }
        }
        j += step;
    }
    (kw, nontrade)
}

/// Evidence from attributes (voltage → tools, thread → plumbing…).
fn attribute_evidence(kb: &Kb, attrs: &[Attr]) -> [f32; NCAT] {
    let mut boost = [0f32; NCAT];
    let cat = |id: &str| kb.cats.iter().position(|c| c.id == id);
    let mut add = |id: &str, w: f32| {
        if let Some(c) = cat(id) {
            boost[c] += w;
        }
    };
    for a in attrs {
        match a.kind {
            AttrKind::CementClass => add("cem", 3.0),
            AttrKind::Thread => add("idr", 1.5),
            AttrKind::Voltage => {
                add("uel", 1.0);
                add("ele", 0.5);
            }
            AttrKind::Power => {
                add("uel", 0.75);
                add("ele", 0.75);
            }
            AttrKind::Charge => add("uel", 2.0),
            AttrKind::Current => add("ele", 1.5),
            _ => {}
        }
    }
    boost
}

/// Chooses the brand: company names before product lines; ambiguous words only when the
/// product's category is one the brand makes. Rejected brand words become ordinary words
/// again (another real brand keeps its spelling in place).
fn choose_brand(kb: &Kb, an: &mut Analysis, found: &[FoundBrand]) {
    let evidence = an.best_evidence();
    let mut chosen: Option<u16> = None;
    for pass_line in [false, true] {
        for f in found {
            if f.is_line != pass_line || chosen.is_some() {
                continue;
            }
            let brand = &kb.brands[f.brand as usize];
            if brand.ambiguous && !evidence.is_some_and(|c| brand.cats.contains(&(c as u8))) {
                continue;
            }
            chosen = Some(f.brand);
        }
    }
    for f in found {
        if !f.is_line && Some(f.brand) != chosen {
            let brand = &kb.brands[f.brand as usize];
            for (k, r) in an.roles.iter_mut().enumerate().skip(f.start).take(f.len) {
                // another real brand keeps its spelling in place; an ordinary word is a word
                *r = match (brand.ambiguous, k == f.start) {
                    (true, _) => Role::Plain,
                    (false, true) => Role::LineStart(brand.canonical),
                    (false, false) => Role::LineInner,
                };
            }
        }
    }
    if let Some(b) = chosen {
        an.brand = Some(b);
        an.brand_in_name = an.roles.contains(&Role::Brand);
    }
}

/// Add the brand's product range as a prior on categories.
pub(super) fn apply_brand_prior(kb: &Kb, an: &mut Analysis, brand: u16) {
    let b = &kb.brands[brand as usize];
    for (k, &c) in b.cats.iter().enumerate() {
        an.prior[c as usize] += if k == 0 { 1.5 } else { 0.75 };
    }
}
