//! Text utilities: light Italian stemming and the tokenizer that
//! splits a raw price-list line into words, numbers, dimensions and fractions.

use domain::fold::fold;

/// Light Italian stemmer: drops a final vowel (and the `h` of `-che/-chi/-ghe/-ghi`)
/// so that singular and plural forms meet (`piastrella`/`piastrelle`, `tubo`/`tubi`).
pub(super) fn stem(s: &str) -> &str {
    let b = s.as_bytes();
    if b.len() >= 4 && s.is_ascii() && matches!(b[b.len() - 1], b'a' | b'e' | b'i' | b'o') {
        let mut end = b.len() - 1;
        if end >= 3 && b[end - 1] == b'h' && matches!(b[end - 2], b'c' | b'g') {
            end -= 1;
        }
        &s[..end]
    } else {
        s
    }
}

pub(super) fn is_vowel(c: char) -> bool {
    matches!(
        c,
        'a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'A' | 'E' | 'I' | 'O' | 'U' | 'Y'
    ) || (!c.is_ascii() && c.is_alphabetic())
}

/// Uppercase the first character.
pub(super) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => {
            let mut out = String::with_capacity(s.len());
            out.extend(f.to_uppercase());
            out.push_str(c.as_str());
            out
        }
        None => String::new(),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    /// Letters (possibly mixed with digits, e.g. `M8`, `C2TE`).
    Word,
    /// A plain number, `25`, `12,5`.
    Num,
    /// Dimensions `1200x2500`.
    Dim,
    /// A fraction `1/2` (thread sizes when followed by an inch mark).
    Frac,
    /// The diameter sign `Ø` or the degree sign.
    Sym,
}

#[derive(Clone, Debug)]
pub(super) struct Tok {
    /// As written, without a trailing full stop.
    pub text: String,
    /// Folded (lowercase, no accents) form of `text`.
    pub key: String,
    pub kind: Kind,
    /// Written with a trailing full stop (`CEM.`), i.e. an abbreviation.
    pub dotted: bool,
    /// Followed by an inch mark (`1/2"`).
    pub inch: bool,
    /// Joined to the previous token by a hyphen in the input.
    pub hyphen_before: bool,
    /// Joined to the previous token without any space (`25KG`, `SP.12`).
    pub glued: bool,
}

impl Tok {
    fn new(text: &str, kind: Kind) -> Tok {
        let key = if text
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b',' || b == b'.')
        {
            text.to_string()
        } else {
            fold(text)
        };
        Tok::with_key(text, key, kind)
    }

    fn with_key(text: &str, key: String, kind: Kind) -> Tok {
        Tok {
            text: text.to_string(),
            key,
            kind,
            dotted: false,
            inch: false,
            hyphen_before: false,
            glued: false,
        }
    }
}

/// Folded form only for short pieces (units are at most 4 letters).
fn short_fold(s: &str) -> Option<String> {
    if s.len() <= 4 {
        Some(fold(s))
    } else {
        None
    }
}

/// Units recognised right after a number (`25KG`, `18V`, `32,5R`).
pub(super) const UNIT_SUFFIXES: &[&str] = &[
    "kg", "g", "gr", "lt", "l", "ml", "cl", "mm", "cm", "m", "mt", "mtl", "mq", "m2", "mc", "m3",
    "v", "w", "kw", "ah", "a", "ma", "ka", "pz", "r", "n", "cc", "bar", "mmq", "db",
];
/// Units recognised right before a number (`KG25`, `LT20`, `PZ100`).
const UNIT_PREFIXES: &[&str] = &["kg", "lt", "pz"];

/// Byte length of a leading number `12`, `12,5`, `0.75` (one separator at most).
pub(super) fn num_prefix_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i == 0 {
        return 0;
    }
    if i + 1 < b.len() && (b[i] == b',' || b[i] == b'.') && b[i + 1].is_ascii_digit() {
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        // `115.770.11` is a code, not a number: refuse a second separator.
        if j < b.len()
            && (b[j] == b',' || b[j] == b'.')
            && j + 1 < b.len()
            && b[j + 1].is_ascii_digit()
        {
            return 0;
        }
        i = j;
    }
    i
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && num_prefix_len(s) == s.len()
}

/// Length of a dimension group `1200x2500(x12)`, 0 if `s` does not start with one.
fn dim_prefix_len(s: &str) -> usize {
    let mut pos = 0;
    let mut parts = 0;
    loop {
        let n = num_prefix_len(&s[pos..]);
        if n == 0 {
            break;
        }
        pos += n;
        parts += 1;
        let rest = &s[pos..];
        let mut sep = 0;
        for x in ['x', 'X', '*', '×'] {
            if rest.starts_with(x) {
                sep = x.len_utf8();
                break;
            }
        }
        if sep == 0 || num_prefix_len(&rest[sep..]) == 0 {
            break;
        }
        pos += sep;
    }
    if parts >= 2 {
        pos
    } else {
        0
    }
}

fn is_fraction(s: &str) -> bool {
    match s.split_once('/') {
        Some((a, b)) => {
            !a.is_empty()
                && !b.is_empty()
                && a.bytes().all(|c| c.is_ascii_digit())
                && b.bytes().all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

/// Split a raw line into tokens. `keep_whole` says whether a piece (folded) must not be
/// split into number + unit (brand names such as `3M`).
pub(super) fn tokenize(raw: &str, keep_whole: &dyn Fn(&str) -> bool) -> Vec<Tok> {
    let mut out: Vec<Tok> = Vec::with_capacity(16);
    // 1. chunks separated by blanks and punctuation.
    let mut chunk = String::new();
    let chars: Vec<char> = raw.chars().collect();
    let mut pending_glue = false;
    let flush = |chunk: &mut String, out: &mut Vec<Tok>, glued: bool| {
        if !chunk.is_empty() {
            split_chunk(chunk, glued, out, keep_whole);
            chunk.clear();
        }
    };
    for (i, &c) in chars.iter().enumerate() {
        let prev = if i > 0 { chars[i - 1] } else { ' ' };
        let next = chars.get(i + 1).copied().unwrap_or(' ');
        match c {
            c if c.is_whitespace() => {
                flush(&mut chunk, &mut out, pending_glue);
                pending_glue = false;
            }
            '+' if plus_separates(&chars, i) => {
                flush(&mut chunk, &mut out, pending_glue);
                pending_glue = false;
            }
            '(' | ')' | '[' | ']' | ';' | '|' | '&' | ':' | '!' | '?' | '{' | '}' | '<' | '>'
            | '=' | '#' | '_' => {
                flush(&mut chunk, &mut out, pending_glue);
                pending_glue = false;
            }
            ',' if !(prev.is_ascii_digit() && next.is_ascii_digit()) => {
                flush(&mut chunk, &mut out, pending_glue);
                pending_glue = false;
            }
            'Ø' | 'ø' | '⌀' => {
                flush(&mut chunk, &mut out, pending_glue);
                let mut t = Tok::new("Ø", Kind::Sym);
                t.key = "ø".to_string();
                out.push(t);
                pending_glue = true;
            }
            '"' | '”' | '″' | '“' => {
                if prev.is_ascii_digit()
                    || (!chunk.is_empty() && chunk.ends_with(|x: char| x.is_ascii_digit()))
                {
                    chunk.push('"');
                } else {
                    flush(&mut chunk, &mut out, pending_glue);
                    pending_glue = false;
                }
            }
            '\'' | '’' => {
                if next == '\'' && prev.is_ascii_digit() {
                    chunk.push('"');
                } else if prev == '\'' && chunk.ends_with('"') {
                    // second half of `''`
                } else if prev.is_alphabetic() {
                    chunk.push('\'');
                    flush(&mut chunk, &mut out, pending_glue);
                    pending_glue = false;
                } else {
                    flush(&mut chunk, &mut out, pending_glue);
                    pending_glue = false;
                }
            }
            _ => chunk.push(c),
        }
    }
    flush(&mut chunk, &mut out, pending_glue);
    merge_dotted_letters(&mut out);
    out
}

/// Whether the `+` at `chars[i]` separates words. It stays inside a code (`A+B`, `2P+T`,
/// a short prefix such as `XL+plus`) and at the end of a name (`One+`), and separates
/// two words (`stucco+rasante`: three letters or more before it).
fn plus_separates(chars: &[char], i: usize) -> bool {
    let prev = if i > 0 { chars[i - 1] } else { ' ' };
    let next = chars.get(i + 1).copied().unwrap_or(' ');
    let letters_before = chars[..i]
        .iter()
        .rev()
        .take_while(|c| c.is_alphabetic())
        .count();
    let inside_code = prev.is_alphanumeric()
        && next.is_alphabetic()
        && !(prev.is_alphabetic() && letters_before >= 3);
    let ends_word = prev.is_alphanumeric() && next.is_whitespace();
    !inside_code && !ends_word
}

/// `P.V.C.` → one token `PVC`, `C.A.` → `CA` (marked dotted).
fn merge_dotted_letters(toks: &mut Vec<Tok>) {
    let mut i = 0;
    while i < toks.len() {
        let single = |t: &Tok| {
            t.kind == Kind::Word
                && t.dotted
                && t.text.chars().count() == 1
                && t.text.chars().all(char::is_alphabetic)
        };
        if single(&toks[i]) {
            let mut j = i + 1;
            while j < toks.len() && single(&toks[j]) && toks[j].glued {
                j += 1;
            }
            if j - i >= 2 {
                let text: String = toks[i..j].iter().map(|t| t.text.as_str()).collect();
                let key = fold(&text);
                toks[i].text = text;
                toks[i].key = key;
                toks.drain(i + 1..j);
            }
        }
        i += 1;
    }
}

/// Split one blank-free chunk at abbreviation dots and hyphens, then classify the pieces.
fn split_chunk(
    chunk: &str,
    glued_first: bool,
    out: &mut Vec<Tok>,
    keep_whole: &dyn Fn(&str) -> bool,
) {
    // whole chunk is a known brand such as `3M`, `WD-40`
    let trimmed = chunk.trim_end_matches('.');
    if trimmed.bytes().any(|c| c.is_ascii_digit()) && keep_whole(&fold(trimmed).replace('-', "")) {
        let mut t = Tok::new(trimmed, Kind::Word);
        t.glued = glued_first;
        out.push(t);
        return;
    }
    let mut start = 0;
    let mut glued = glued_first;
    let mut hyphen = false;
    let mut prev = ' ';
    for (i, c) in chunk.char_indices() {
        let has_next = i + c.len_utf8() < chunk.len();
        let first = i == 0;
        if c == '.' && prev.is_alphabetic() && has_next {
            // `CEM.PORTL.` / `SP.12,5` / `D.8`: cut after the dot
            classify(&chunk[start..i + 1], glued, hyphen, out, keep_whole);
            start = i + 1;
            glued = true;
            hyphen = false;
        } else if c == '-' && !first && has_next {
            classify(&chunk[start..i], glued, hyphen, out, keep_whole);
            start = i + 1;
            glued = true;
            hyphen = true;
        } else if c == '/' && !first && has_next && start < i {
            // `c/coperchio`, `bianco/grigio`: cut when letters stand on both sides
            let left = &chunk[start..i];
            let right = &chunk[i + 1..];
            let l_alpha = left.chars().all(char::is_alphabetic);
            let r_alpha = right
                .chars()
                .take_while(|c| *c != '.' && *c != '-')
                .all(char::is_alphabetic);
            if l_alpha
                && r_alpha
                && (left.chars().count() >= 3
                    || (left.chars().count() == 1 && right.chars().count() >= 3))
            {
                if left.chars().count() == 1 {
                    classify(&chunk[start..i + 1], glued, hyphen, out, keep_whole);
                } else {
                    classify(left, glued, hyphen, out, keep_whole);
                }
                start = i + 1;
                glued = false;
                hyphen = false;
            }
        }
        prev = c;
    }
    if start < chunk.len() {
        classify(&chunk[start..], glued, hyphen, out, keep_whole);
    }
}

fn push(out: &mut Vec<Tok>, mut t: Tok, glued: bool, hyphen: bool) {
    t.glued = glued;
    t.hyphen_before = hyphen;
    out.push(t);
}

fn classify(
    piece: &str,
    glued: bool,
    hyphen: bool,
    out: &mut Vec<Tok>,
    keep_whole: &dyn Fn(&str) -> bool,
) {
    if piece.is_empty() {
        return;
    }
    let (
        p,
        Marks {
            inch,
            dotted,
            apostrophe,
        },
    ) = strip_marks(piece);
    if p.is_empty() {
        return;
    }
    // degree sign: `90°`
    if let Some(s) = p.strip_suffix('°') {
        if !s.is_empty() {
            classify(s, glued, hyphen, out, keep_whole);
        }
        push(out, Tok::new("°", Kind::Sym), true, false);
        return;
    }
    if is_number(p) {
        let mut t = Tok::new(p, Kind::Num);
        t.inch = inch;
        push(out, t, glued, hyphen);
        return;
    }
    if is_fraction(p) {
        let mut t = Tok::new(p, Kind::Frac);
        t.inch = inch;
        push(out, t, glued, hyphen);
        return;
    }
    let d = dim_prefix_len(p);
    if d > 0 {
        let rest = &p[d..];
        if rest.is_empty() || short_fold(rest).is_some_and(|k| UNIT_SUFFIXES.contains(&k.as_str()))
        {
            push(out, Tok::new(&p[..d], Kind::Dim), glued, hyphen);
            if !rest.is_empty() {
                push(out, Tok::new(rest, Kind::Word), true, false);
            }
            return;
        }
    }
    let key = fold(p);
    if !keep_whole(&key) && split_quantity(p, &key, dotted, glued, hyphen, out) {
        return;
    }
    let mut t = Tok::with_key(p, key, Kind::Word);
    t.dotted = dotted;
    t.inch = inch;
    if apostrophe {
        t.text.push('\'');
    }
    push(out, t, glued, hyphen);
}

/// The marks a piece ended with.
struct Marks {
    /// `1/2"`
    inch: bool,
    /// `CEM.`
    dotted: bool,
    /// `dell'`
    apostrophe: bool,
}

/// `piece` without its trailing inch mark, full stop and apostrophe (in that order; a
/// lone `.` or `'` is kept), and which of them it had.
fn strip_marks(piece: &str) -> (&str, Marks) {
    let mut p = piece;
    let mut inch = false;
    if let Some(s) = p.strip_suffix('"') {
        p = s;
        inch = true;
    }
    let mut dotted = false;
    if p.len() > 1 {
        if let Some(s) = p.strip_suffix('.') {
            p = s;
            dotted = true;
        }
    }
    let mut apostrophe = false;
    if p.len() > 1 {
        if let Some(s) = p.strip_suffix('\'') {
            p = s;
            apostrophe = true;
        }
    }
    (
        p,
        Marks {
            inch,
            dotted,
            apostrophe,
        },
    )
}

/// A number glued to its unit, either way round: pushes the two tokens and says so.
fn split_quantity(
    p: &str,
    key: &str,
    dotted: bool,
    glued: bool,
    hyphen: bool,
    out: &mut Vec<Tok>,
) -> bool {
    // number + unit: `25KG`, `18V`, `32,5R`
    let n = num_prefix_len(p);
    if n > 0 && n < p.len() {
        let unit = &p[n..];
        if short_fold(unit).is_some_and(|uk| UNIT_SUFFIXES.contains(&uk.as_str())) {
            push(out, Tok::new(&p[..n], Kind::Num), glued, hyphen);
            let mut u = Tok::new(unit, Kind::Word);
            u.dotted = dotted;
            push(out, u, true, false);
            return true;
        }
    }
    // unit + number: `KG25`, `LT20`, `PZ100`
    for pre in UNIT_PREFIXES {
        if key.len() > pre.len() && key.starts_with(pre) && is_number(&p[pre.len()..]) {
            push(out, Tok::new(&p[..pre.len()], Kind::Word), glued, hyphen);
            push(out, Tok::new(&p[pre.len()..], Kind::Num), true, false);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<(String, Kind)> {
        tokenize(s, &|k| k == "3m")
            .into_iter()
            .map(|t| (t.text, t.kind))
            .collect()
    }

    #[test]
    fn stems() {
        assert_eq!(stem("piastrelle"), stem("piastrella"));
        assert_eq!(stem("tubi"), stem("tubo"));
        assert_eq!(stem("tasche"), stem("tasca"));
        assert_eq!(stem("pvc"), "pvc");
    }

    #[test]
    fn splits_abbreviations_and_units() {
        let t = toks("CEM.PORTL. 32,5R KG25 BUZZI");
        let texts: Vec<&str> = t.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(
            texts,
            vec!["CEM", "PORTL", "32,5", "R", "KG", "25", "BUZZI"]
        );
        assert_eq!(t[2].1, Kind::Num);
    }

    #[test]
    fn dims_fractions_and_brands() {
        let t = toks("LASTRA 1200X2500 SP.12,5MM 1/2\" 3M Ø8 60x60cm");
        let texts: Vec<&str> = t.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "LASTRA",
                "1200X2500",
                "SP",
                "12,5",
                "MM",
                "1/2",
                "3M",
                "Ø",
                "8",
                "60x60",
                "cm"
            ]
        );
        assert_eq!(t[1].1, Kind::Dim);
        assert_eq!(t[5].1, Kind::Frac);
    }

    #[test]
    fn dotted_letters_merge() {
        let t = tokenize("TUBO P.V.C. D.110", &|_| false);
        assert_eq!(t[1].text, "PVC");
        assert!(t[1].dotted);
        assert_eq!(t[2].text, "D");
    }
}
