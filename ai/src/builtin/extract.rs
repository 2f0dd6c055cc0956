//! Attribute extractors: weights, volumes, dimensions, thickness, diameter, voltage,
//! power, thread sizes, pack sizes, cement class… Every value is built only from
//! numbers present in the input; units are normalised (`KG25` → `25 kg`).

use super::text::{Kind, Tok};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttrKind {
    Weight,
    Volume,
    Dimensions,
    Thickness,
    Diameter,
    Voltage,
    Power,
    Thread,
    Pack,
    Pieces,
    CementClass,
    Length,
    /// a bare measure in mm/cm: width, blade, section… (which one is not known)
    Size,
    Height,
    Area,
    Charge,
    Current,
    Pressure,
    Displacement,
    Angle,
}

impl AttrKind {
    /// Quantities that go at the end of a normalised name (`… Buzzi Unicem 25 kg`).
    pub fn is_tail(self) -> bool {
        matches!(
            self,
            AttrKind::Weight | AttrKind::Volume | AttrKind::Pack | AttrKind::Pieces
        )
    }

    /// Italian label used in descriptions.
    pub fn label(self) -> &'static str {
        match self {
            AttrKind::Weight => "peso",
            AttrKind::Volume => "contenuto",
            AttrKind::Dimensions => "dimensioni",
            AttrKind::Thickness => "spessore",
            AttrKind::Diameter => "diametro",
            AttrKind::Voltage => "tensione",
            AttrKind::Power => "potenza",
            AttrKind::Thread => "attacco",
            AttrKind::Pack => "confezione",
            AttrKind::Pieces => "quantità",
            AttrKind::CementClass => "classe di resistenza",
            AttrKind::Length => "lunghezza",
            AttrKind::Size => "misura",
            AttrKind::Height => "altezza",
            AttrKind::Area => "superficie",
            AttrKind::Charge => "capacità della batteria",
            AttrKind::Current => "corrente",
            AttrKind::Pressure => "pressione",
            AttrKind::Displacement => "cilindrata",
            AttrKind::Angle => "angolo",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Attr {
    pub kind: AttrKind,
    /// Formatted for a name, e.g. `25 kg`, `sp. 12,5 mm`, `Ø 8`.
    pub text: String,
    /// Value without prefix, for descriptions (`12,5 mm`, `8`).
    pub value: String,
    pub start: usize,
    /// exclusive
    pub end: usize,
}

/// Italian decimal comma.
pub fn fmt_num(s: &str) -> String {
    s.replace('.', ",")
}

fn unit_of(key: &str) -> Option<(&'static str, AttrKind)> {
    Some(match key {
        "kg" | "kgs" | "chili" | "chilogrammi" => ("kg", AttrKind::Weight),
        "g" | "gr" | "grammi" => ("g", AttrKind::Weight),
        "lt" | "l" | "litri" | "litro" | "ltr" => ("l", AttrKind::Volume),
        "ml" | "millilitri" => ("ml", AttrKind::Volume),
        "cl" => ("cl", AttrKind::Volume),
        "mc" | "m3" => ("m³", AttrKind::Volume),
        "mm" => ("mm", AttrKind::Size),
        "cm" => ("cm", AttrKind::Size),
        "m" | "mt" | "mtl" | "metri" | "metro" | "mtr" => ("m", AttrKind::Length),
        "mq" | "m2" => ("m²", AttrKind::Area),
        "mmq" => ("mm²", AttrKind::Area),
        "v" | "volt" => ("V", AttrKind::Voltage),
        "w" | "watt" => ("W", AttrKind::Power),
        "kw" => ("kW", AttrKind::Power),
        "ah" => ("Ah", AttrKind::Charge),
        "a" | "ampere" => ("A", AttrKind::Current),
        "ma" => ("mA", AttrKind::Current),
        "ka" => ("kA", AttrKind::Current),
        "bar" => ("bar", AttrKind::Pressure),
        "cc" => ("cc", AttrKind::Displacement),
        "pz" | "pezzi" | "pezzo" | "pzz" => ("pezzi", AttrKind::Pieces),
        _ => return None,
    })
}

fn is_cement_class(n: &str) -> bool {
    matches!(n, "32,5" | "42,5" | "52,5" | "32.5" | "42.5" | "52.5")
}

fn dim_text(s: &str) -> String {
    fmt_num(&s.replace(['X', '*', '×'], "x"))
}

fn dim_max(s: &str) -> f64 {
    s.split(['x', 'X', '*', '×'])
        .filter_map(|p| p.replace(',', ".").parse::<f64>().ok())
        .fold(0.0, f64::max)
}

/// Find attributes in a token list. Tokens covered by an attribute are reported
/// through `start..end`; attributes never overlap and come in input order.
pub fn extract(toks: &[Tok]) -> Vec<Attr> {
    let scan = Scanner { toks };
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        match scan.attr_at(i) {
            Some(attr) => {
                i = attr.end;
                out.push(attr);
            }
            None => i += 1,
        }
    }
    out
}

fn attr(kind: AttrKind, text: String, value: String, start: usize, end: usize) -> Attr {
    Attr {
        kind,
        text,
        value,
        start,
        end,
    }
}

/// An attribute whose name form is its value (`25 kg`).
fn plain(kind: AttrKind, value: String, start: usize, end: usize) -> Attr {
    attr(kind, value.clone(), value, start, end)
}

/// The tokens, read by the patterns below; each pattern looks at the attribute that may
/// start at token `i`.
struct Scanner<'a> {
    toks: &'a [Tok],
}

impl<'a> Scanner<'a> {
    fn word(&self, i: usize) -> Option<&'a str> {
        self.toks
            .get(i)
            .filter(|t| t.kind == Kind::Word)
            .map(|t| t.key.as_str())
    }

    fn num(&self, i: usize) -> Option<&'a str> {
        self.toks
            .get(i)
            .filter(|t| t.kind == Kind::Num)
            .map(|t| t.text.as_str())
    }

    /// An optional length unit after a number.
    fn len_unit(&self, i: usize) -> Option<&'static str> {
        match self.word(i) {
            Some("mm") => Some("mm"),
            Some("cm") => Some("cm"),
            Some("m" | "mt" | "mtl" | "metri") => Some("m"),
            _ => None,
        }
    }

    /// Thickness and diameter are never written in metres.
    fn small_unit(&self, i: usize) -> Option<&'static str> {
        match self.word(i) {
            Some("mm") => Some("mm"),
            Some("cm") => Some("cm"),
            _ => None,
        }
    }

    /// The attribute that starts at token `i`, if any; the patterns are tried in order.
    fn attr_at(&self, i: usize) -> Option<Attr> {
        self.diameter(i).or_else(|| match self.toks[i].kind {
            Kind::Word => self
                .lime_class(i)
                .or_else(|| self.thickness(i))
                .or_else(|| self.pack(i))
                .or_else(|| self.length_or_height(i))
                .or_else(|| self.unit_before_number(i)),
            Kind::Num => self
                .inch_thread(i)
                .or_else(|| self.cement_class(i))
                .or_else(|| self.spaced_dimensions(i))
                .or_else(|| self.angle(i))
                .or_else(|| self.number_and_unit(i)),
            Kind::Frac => self.fraction_thread(i),
            Kind::Dim => Some(self.dimensions(i)),
            Kind::Sym => None,
        })
    }

    /// Ø 8 / D.8 / diam. 8
    fn diameter(&self, i: usize) -> Option<Attr> {
        let t = &self.toks[i];
        let is_diam_word = match t.kind {
            Kind::Sym => t.key == "ø",
            Kind::Word => {
                matches!(t.key.as_str(), "diam" | "diametro")
                    || (t.key == "d" && (t.dotted || self.toks.get(i + 1).is_some_and(|x| x.glued)))
            }
            _ => false,
        };
        if !is_diam_word {
            return None;
        }
        let v = fmt_num(self.num(i + 1)?);
        Some(match self.small_unit(i + 2) {
            Some(u) => {
                let value = format!("{v} {u}");
                attr(AttrKind::Diameter, format!("Ø {value}"), value, i, i + 3)
            }
            None => attr(AttrKind::Diameter, format!("Ø {v}"), v, i, i + 2),
        })
    }

    /// Natural hydraulic lime class (EN 459-1): NHL 2, NHL 3,5, NHL 5.
    fn lime_class(&self, i: usize) -> Option<Attr> {
        if self.toks[i].key != "nhl" {
            return None;
        }
        let v = self
            .num(i + 1)
            .filter(|v| matches!(*v, "2" | "3,5" | "3.5" | "5"))?;
        let value = format!("NHL {}", fmt_num(v));
        Some(plain(AttrKind::CementClass, value, i, i + 2))
    }

    /// sp. 12,5 (mm)
    fn thickness(&self, i: usize) -> Option<Attr> {
        if !matches!(self.toks[i].key.as_str(), "sp" | "spess" | "spessore") {
            return None;
        }
        let v = fmt_num(self.num(i + 1)?);
        let (u, used) = match self.small_unit(i + 2) {
            Some(u) => (u, 3),
            None => ("mm", 2),
        };
        let value = format!("{v} {u}");
        Some(attr(
            AttrKind::Thickness,
            format!("sp. {value}"),
            value,
            i,
            i + used,
        ))
    }

    /// conf. (da) 100 (pz)
    fn pack(&self, i: usize) -> Option<Attr> {
        if !matches!(
            self.toks[i].key.as_str(),
            "conf" | "cf" | "confezione" | "confezioni"
        ) {
            return None;
        }
        let mut j = i + 1;
        if self.word(j) == Some("da") {
            j += 1;
        }
        let v = fmt_num(self.num(j)?);
        let unit = self.word(j + 1).and_then(|u| match u {
            "pz" | "pezzi" | "pzz" | "pezzo" => Some("pezzi"),
            "paia" | "paio" => Some("paia"),
            other => unit_of(other)
                .filter(|(_, k)| !matches!(k, AttrKind::Pieces))
                .map(|(d, _)| d),
        });
        let (value, end) = match unit {
            Some(u) => (format!("{v} {u}"), j + 2),
            None => (v, j + 1),
        };
        Some(attr(
            AttrKind::Pack,
            format!("confezione da {value}"),
            value,
            i,
            end,
        ))
    }

    /// L. 3000 / L 6 m (length), H 150 (height)
    fn length_or_height(&self, i: usize) -> Option<Attr> {
        let t = &self.toks[i];
        let key = t.key.as_str();
        let dims_follow = self.word(i + 2) == Some("x");
        let is_h = key == "h" || key == "altezza";
        let is_l = (key == "l" && (t.dotted || self.len_unit(i + 2).is_some()))
            || key == "lungh"
            || key == "lunghezza";
        if dims_follow || !(is_l || is_h) {
            return None;
        }
        let v = fmt_num(self.num(i + 1)?);
        let (value, end) = match self.len_unit(i + 2) {
            Some(u) => (format!("{v} {u}"), i + 3),
            None => (v, i + 2),
        };
        let (kind, prefix) = if is_h {
            (AttrKind::Height, "H")
        } else {
            (AttrKind::Length, "L")
        };
        Some(attr(kind, format!("{prefix} {value}"), value, i, end))
    }

    /// Unit before number: KG 25, LT 14, ML 3, PZ 100, MT 75
    fn unit_before_number(&self, i: usize) -> Option<Attr> {
        let key = self.toks[i].key.as_str();
        let v = self.num(i + 1)?;
        let (mut u, mut kind) = match key {
            "kg" | "lt" | "l" | "mt" | "mq" | "pz" | "cm" | "mm" | "ml" | "gr" => unit_of(key)?,
            _ => return None,
        };
        // next token must not itself be a unit (`KG 25 KG`)
        let unit_follows = self
            .toks
            .get(i + 2)
            .is_some_and(|x| x.kind == Kind::Word && unit_of(&x.key).is_some());
        if unit_follows && key != "ml" {
            return None;
        }
        if key == "ml" {
            // price lists write `ML 3` for metres (metri lineari), `ML 400` for millilitres
            let val: f64 = v.replace(',', ".").parse().unwrap_or(0.0);
            if val < 50.0 {
                u = "m";
                kind = AttrKind::Length;
            }
        }
        let value = format!("{} {u}", fmt_num(v));
        Some(plain(kind, value, i, i + 2))
    }

    /// Thread in inches: 1" / 1 1/4"
    fn inch_thread(&self, i: usize) -> Option<Attr> {
        let t = &self.toks[i];
        let v = fmt_num(&t.text);
        if t.inch {
            return Some(plain(AttrKind::Thread, format!("{v}\""), i, i + 1));
        }
        let f = self
            .toks
            .get(i + 1)
            .filter(|x| x.kind == Kind::Frac && x.inch)?;
        Some(plain(
            AttrKind::Thread,
            format!("{v} {}\"", f.text),
            i,
            i + 2,
        ))
    }

    /// Cement class 32,5 R
    fn cement_class(&self, i: usize) -> Option<Attr> {
        let t = &self.toks[i];
        if !is_cement_class(&t.text) {
            return None;
        }
        let v = fmt_num(&t.text);
        let (value, end) = match self.word(i + 1) {
            Some("r") => (format!("{v} R"), i + 2),
            Some("n") => (format!("{v} N"), i + 2),
            _ => (v, i + 1),
        };
        Some(plain(AttrKind::CementClass, value, i, end))
    }

    /// 50 x 50 written with spaces
    fn spaced_dimensions(&self, i: usize) -> Option<Attr> {
        if self.word(i + 1) != Some("x") {
            return None;
        }
        let b = self.num(i + 2)?;
        let mut parts = vec![fmt_num(&self.toks[i].text), fmt_num(b)];
        let mut j = i + 3;
        while let (Some("x"), Some(next)) = (self.word(j), self.num(j + 1)) {
            parts.push(fmt_num(next));
            j += 2;
        }
        let body = parts.join("x");
        let (value, end) = match self.len_unit(j) {
            Some(u) => (format!("{body} {u}"), j + 1),
            None => (body, j),
        };
        Some(plain(AttrKind::Dimensions, value, i, end))
    }

    /// 45°
    fn angle(&self, i: usize) -> Option<Attr> {
        self.toks
            .get(i + 1)
            .filter(|x| x.kind == Kind::Sym && x.key == "°")?;
        let value = format!("{}°", fmt_num(&self.toks[i].text));
        Some(plain(AttrKind::Angle, value, i, i + 2))
    }

    /// 25 kg, 3 pollici
    fn number_and_unit(&self, i: usize) -> Option<Attr> {
        let v = fmt_num(&self.toks[i].text);
        let w = self.word(i + 1)?;
        if matches!(w, "pollici" | "pollice") {
            return Some(plain(AttrKind::Thread, format!("{v}\""), i, i + 2));
        }
        let (u, kind) = unit_of(w)?;
        Some(plain(kind, format!("{v} {u}"), i, i + 2))
    }

    /// 1/2" or 1/2 pollici
    fn fraction_thread(&self, i: usize) -> Option<Attr> {
        let t = &self.toks[i];
        if !(t.inch || matches!(self.word(i + 1), Some("pollici" | "pollice"))) {
            return None;
        }
        let end = if t.inch { i + 1 } else { i + 2 };
        Some(plain(AttrKind::Thread, format!("{}\"", t.text), i, end))
    }

    /// 1200x2500 (mm when the largest side is 500 or more and no unit is written)
    fn dimensions(&self, i: usize) -> Attr {
        let t = &self.toks[i];
        let body = dim_text(&t.text);
        let unit = match self.word(i + 1) {
            Some("mmq") => Some(("mm²", 2)),
            Some(u) => self
                .len_unit(i + 1)
                .filter(|_| !u.is_empty())
                .map(|u| (u, 2)),
            None => None,
        };
        let (value, end) = match unit {
            Some((u, used)) => (format!("{body} {u}"), i + used),
            None if dim_max(&t.text) >= 500.0 => (format!("{body} mm"), i + 1),
            None => (body, i + 1),
        };
        plain(AttrKind::Dimensions, value, i, end)
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::tokenize;
    use super::*;

    fn attrs(s: &str) -> Vec<(AttrKind, String)> {
        let toks = tokenize(s, &|k| k == "3m");
        extract(&toks)
            .into_iter()
            .map(|a| (a.kind, a.text))
            .collect()
    }

    fn has(s: &str, kind: AttrKind, text: &str) {
        let a = attrs(s);
        assert!(
            a.iter().any(|(k, t)| *k == kind && t == text),
            "{s:?}: expected {kind:?} {text:?}, got {a:?}"
        );
    }

    #[test]
    fn weights() {
        has("CEMENTO KG25", AttrKind::Weight, "25 kg");
        has("CEMENTO 25KG", AttrKind::Weight, "25 kg");
        has("Cemento 25 kg", AttrKind::Weight, "25 kg");
        has("MARTELLO 500 GR", AttrKind::Weight, "500 g");
        has("KG 1", AttrKind::Weight, "1 kg");
    }

    #[test]
    fn volumes() {
        has("IDROPITTURA LT 14", AttrKind::Volume, "14 l");
        has("Smalto 0.75 lt", AttrKind::Volume, "0,75 l");
        has("SILICONE 280ML", AttrKind::Volume, "280 ml");
        has("Vernice spray ML 400", AttrKind::Volume, "400 ml");
        has("Profilo ML 3", AttrKind::Length, "3 m");
    }

    #[test]
    fn dimensions() {
        has("LASTRA 1200X2500", AttrKind::Dimensions, "1200x2500 mm");
        has("Gres 60x60 cm", AttrKind::Dimensions, "60x60 cm");
        has("Gres 60X60CM", AttrKind::Dimensions, "60x60 cm");
        has("Mattone 25X12X5,5", AttrKind::Dimensions, "25x12x5,5");
        has("Nastro 50 X 50", AttrKind::Dimensions, "50x50");
        // tape: width in mm, length in m
        has("NASTRO MM 50 X 50 MT", AttrKind::Size, "50 mm");
        has("PIGNATTA H 16 X 40 X 25", AttrKind::Dimensions, "16x40x25");
        has("NASTRO MM 50 X 50 MT", AttrKind::Length, "50 m");
        has("CAVO 3X1,5 MMQ", AttrKind::Dimensions, "3x1,5 mm²");
    }

    #[test]
    fn thickness_and_diameter() {
        has("LASTRA SP.12,5", AttrKind::Thickness, "sp. 12,5 mm");
        has("lastra sp. 12,5 mm", AttrKind::Thickness, "sp. 12,5 mm");
        has("pannello SP 5 CM", AttrKind::Thickness, "sp. 5 cm");
        has("TASSELLO Ø 8", AttrKind::Diameter, "Ø 8");
        has("TASSELLO Ø8", AttrKind::Diameter, "Ø 8");
        has("TUBO D.110", AttrKind::Diameter, "Ø 110");
        has("tubo diam. 32 mm", AttrKind::Diameter, "Ø 32 mm");
        has("TUBO CORRUGATO D.25 MT 100", AttrKind::Diameter, "Ø 25");
        has("TUBO CORRUGATO D.25 MT 100", AttrKind::Length, "100 m");
    }

    #[test]
    fn electric() {
        has("TRAPANO 18V", AttrKind::Voltage, "18 V");
        has("SMERIGLIATRICE 1100W", AttrKind::Power, "1100 W");
        has("generatore 3KW", AttrKind::Power, "3 kW");
        has("batteria 5,0Ah", AttrKind::Charge, "5,0 Ah");
        has("magnetotermico 16A", AttrKind::Current, "16 A");
    }

    #[test]
    fn threads_packs_classes() {
        has("VALVOLA 1/2\"", AttrKind::Thread, "1/2\"");
        has("VALVOLA 3/4''", AttrKind::Thread, "3/4\"");
        has("SIFONE 1 1/4\"", AttrKind::Thread, "1 1/4\"");
        has(
            "TASSELLI CONF.100PZ",
            AttrKind::Pack,
            "confezione da 100 pezzi",
        );
        has(
            "viti conf. 200 pz",
            AttrKind::Pack,
            "confezione da 200 pezzi",
        );
        has("viti conf da 50", AttrKind::Pack, "confezione da 50");
        has("guanti PZ 12", AttrKind::Pieces, "12 pezzi");
        has("CEM 32,5R", AttrKind::CementClass, "32,5 R");
        has(
            "Calce idraulica NHL 3,5 kg 25",
            AttrKind::CementClass,
            "NHL 3,5",
        );
        has("Calce idraulica NHL 3,5 kg 25", AttrKind::Weight, "25 kg");
        has("cemento 42,5 R", AttrKind::CementClass, "42,5 R");
        has("cemento 52.5", AttrKind::CementClass, "52,5");
    }

    #[test]
    fn no_numbers_invented() {
        for line in [
            "CEM.PORTL. 32,5R KG25 BUZZI",
            "LASTRA 1200X2500 SP.12,5",
            "TUBO D.110 ML 3",
            "VITE 4X40 CONF.200",
        ] {
            let toks = tokenize(line, &|_| false);
            for a in extract(&toks) {
                for d in a
                    .text
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|d| !d.is_empty())
                {
                    assert!(line.contains(d), "{line}: {d} not in input");
                }
            }
        }
    }
}
