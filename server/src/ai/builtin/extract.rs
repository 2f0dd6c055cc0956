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
    let mut out = Vec::new();
    let n = toks.len();
    let word = |i: usize| {
        toks.get(i)
            .filter(|t| t.kind == Kind::Word)
            .map(|t| t.key.as_str())
    };
    let num = |i: usize| {
        toks.get(i)
            .filter(|t| t.kind == Kind::Num)
            .map(|t| t.text.as_str())
    };
    // an optional length unit after a number, returns (display, tokens used)
    let len_unit = |i: usize| -> Option<&'static str> {
        match word(i) {
            Some("mm") => Some("mm"),
            Some("cm") => Some("cm"),
            Some("m" | "mt" | "mtl" | "metri") => Some("m"),
            _ => None,
        }
    };
    // thickness and diameter are never written in metres
    let small_unit = |i: usize| -> Option<&'static str> {
        match word(i) {
            Some("mm") => Some("mm"),
            Some("cm") => Some("cm"),
            _ => None,
        }
    };
    let mut i = 0;
    while i < n {
        let t = &toks[i];
        let push = |out: &mut Vec<Attr>, kind, text: String, value: String, end| {
            out.push(Attr {
                kind,
                text,
                value,
                start: i,
                end,
            })
        };
        // Ø 8 / D.8 / diam. 8
        let is_diam_word = match t.kind {
            Kind::Sym => t.key == "ø",
            Kind::Word => {
                matches!(t.key.as_str(), "diam" | "diametro")
                    || (t.key == "d" && (t.dotted || toks.get(i + 1).is_some_and(|x| x.glued)))
            }
            _ => false,
        };
        if is_diam_word {
            if let Some(v) = num(i + 1) {
                let v = fmt_num(v);
                if let Some(u) = small_unit(i + 2) {
                    let value = format!("{v} {u}");
                    push(
                        &mut out,
                        AttrKind::Diameter,
                        format!("Ø {value}"),
                        value,
                        i + 3,
                    );
                    i += 3;
                } else {
                    push(&mut out, AttrKind::Diameter, format!("Ø {v}"), v, i + 2);
                    i += 2;
                }
                continue;
            }
        }
        if t.kind == Kind::Word {
            let key = t.key.as_str();
            // natural hydraulic lime class (EN 459-1): NHL 2, NHL 3,5, NHL 5
            if key == "nhl" {
                if let Some(v) = num(i + 1).filter(|v| matches!(*v, "2" | "3,5" | "3.5" | "5")) {
                    let value = format!("NHL {}", fmt_num(v));
                    push(&mut out, AttrKind::CementClass, value.clone(), value, i + 2);
                    i += 2;
                    continue;
                }
            }
            // sp. 12,5 (mm)
            if matches!(key, "sp" | "spess" | "spessore") {
                if let Some(v) = num(i + 1) {
                    let v = fmt_num(v);
                    let (u, used) = match small_unit(i + 2) {
                        Some(u) => (u, 3),
                        None => ("mm", 2),
                    };
                    let value = format!("{v} {u}");
                    push(
                        &mut out,
                        AttrKind::Thickness,
                        format!("sp. {value}"),
                        value,
                        i + used,
                    );
                    i += used;
                    continue;
                }
            }
            // conf. (da) 100 (pz)
            if matches!(key, "conf" | "cf" | "confezione" | "confezioni") {
                let mut j = i + 1;
                if word(j) == Some("da") {
                    j += 1;
                }
                if let Some(v) = num(j) {
                    let v = fmt_num(v);
                    let unit = word(j + 1).and_then(|u| match u {
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
                    push(
                        &mut out,
                        AttrKind::Pack,
                        format!("confezione da {value}"),
                        value,
                        end,
                    );
                    i = end;
                    continue;
                }
            }
            // L. 3000 / L 6 m (length), H 150 (height)
            let dims_follow = word(i + 2) == Some("x");
            if !dims_follow
                && ((key == "l" && (t.dotted || len_unit(i + 2).is_some()))
                    || key == "lungh"
                    || key == "lunghezza"
                    || key == "h"
                    || key == "altezza")
            {
                if let Some(v) = num(i + 1) {
                    let v = fmt_num(v);
                    let is_h = key == "h" || key == "altezza";
                    let (value, end) = match len_unit(i + 2) {
                        Some(u) => (format!("{v} {u}"), i + 3),
                        None => (v, i + 2),
                    };
                    let (kind, prefix) = if is_h {
                        (AttrKind::Height, "H")
                    } else {
                        (AttrKind::Length, "L")
                    };
                    push(&mut out, kind, format!("{prefix} {value}"), value, end);
                    i = end;
                    continue;
                }
            }
            // unit before number: KG 25, LT 14, ML 3, PZ 100, MT 75
            if let Some(v) = num(i + 1) {
                let unit_first = match key {
                    "kg" | "lt" | "l" | "mt" | "mq" | "pz" | "cm" | "mm" | "ml" | "gr" => {
                        unit_of(key)
                    }
                    _ => None,
                };
                if let Some((mut u, mut kind)) = unit_first {
                    // next token must not itself be a unit (`KG 25 KG`)
                    if toks
                        .get(i + 2)
                        .is_none_or(|x| x.kind != Kind::Word || unit_of(&x.key).is_none())
                        || key == "ml"
                    {
                        if key == "ml" {
                            // price lists write `ML 3` for metres (metri lineari), `ML 400` for millilitres
                            let val: f64 = v.replace(',', ".").parse().unwrap_or(0.0);
                            if val < 50.0 {
                                u = "m";
                                kind = AttrKind::Length;
                            }
                        }
                        let v = fmt_num(v);
                        let value = format!("{v} {u}");
                        push(&mut out, kind, value.clone(), value, i + 2);
                        i += 2;
                        continue;
                    }
                }
            }
        }
        if t.kind == Kind::Num {
            let v = fmt_num(&t.text);
            // thread in inches: 1" / 1 1/4"
            if t.inch {
                push(
                    &mut out,
                    AttrKind::Thread,
                    format!("{v}\""),
                    format!("{v}\""),
                    i + 1,
                );
                i += 1;
                continue;
            }
            if let Some(f) = toks.get(i + 1).filter(|x| x.kind == Kind::Frac && x.inch) {
                let value = format!("{v} {}\"", f.text);
                push(&mut out, AttrKind::Thread, value.clone(), value, i + 2);
                i += 2;
                continue;
            }
            // cement class 32,5 R
            if is_cement_class(&t.text) {
                let (value, end) = match word(i + 1) {
                    Some("r") => (format!("{v} R"), i + 2),
                    Some("n") => (format!("{v} N"), i + 2),
                    _ => (v.clone(), i + 1),
                };
                push(&mut out, AttrKind::CementClass, value.clone(), value, end);
                i = end;
                continue;
            }
            // 50 x 50 written with spaces
            if word(i + 1) == Some("x") {
                if let Some(b) = num(i + 2) {
                    let mut parts = vec![v.clone(), fmt_num(b)];
                    let mut j = i + 3;
                    while word(j) == Some("x") && num(j + 1).is_some() {
                        parts.push(fmt_num(num(j + 1).unwrap_or_default()));
                        j += 2;
                    }
                    let body = parts.join("x");
                    let (value, end) = match len_unit(j) {
                        Some(u) => (format!("{body} {u}"), j + 1),
                        None => (body, j),
                    };
                    push(&mut out, AttrKind::Dimensions, value.clone(), value, end);
                    i = end;
                    continue;
                }
            }
            if toks
                .get(i + 1)
                .is_some_and(|x| x.kind == Kind::Sym && x.key == "°")
            {
                let value = format!("{v}°");
                push(&mut out, AttrKind::Angle, value.clone(), value, i + 2);
                i += 2;
                continue;
            }
            if let Some(w) = word(i + 1) {
                if matches!(w, "pollici" | "pollice") {
                    let value = format!("{v}\"");
                    push(&mut out, AttrKind::Thread, value.clone(), value, i + 2);
                    i += 2;
                    continue;
                }
                if let Some((u, kind)) = unit_of(w) {
                    let value = format!("{v} {u}");
                    push(&mut out, kind, value.clone(), value, i + 2);
                    i += 2;
                    continue;
                }
            }
        }
        if t.kind == Kind::Frac && (t.inch || matches!(word(i + 1), Some("pollici" | "pollice"))) {
            let value = format!("{}\"", t.text);
            let end = if t.inch { i + 1 } else { i + 2 };
            push(&mut out, AttrKind::Thread, value.clone(), value, end);
            i = end;
            continue;
        }
        if t.kind == Kind::Dim {
            let body = dim_text(&t.text);
            let unit = match word(i + 1) {
                Some("mmq") => Some(("mm²", 2)),
                Some(u) => len_unit(i + 1).filter(|_| !u.is_empty()).map(|u| (u, 2)),
                None => None,
            };
            let (value, end) = match unit {
                Some((u, used)) => (format!("{body} {u}"), i + used),
                None if dim_max(&t.text) >= 500.0 => (format!("{body} mm"), i + 1),
                None => (body, i + 1),
            };
            push(&mut out, AttrKind::Dimensions, value.clone(), value, end);
            i = end;
            continue;
        }
        i += 1;
    }
    out
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
