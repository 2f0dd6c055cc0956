//! Italian description of 2–4 sentences, built only from facts found in the input and what
//! a sure category implies; none when the category is not sure (it would only repeat the
//! name).

use super::extract::{Attr, AttrKind};
use super::kb::Category;

const MATERIALS: &[&str] = &[
    "cem", "ade", "car", "iso", "imp", "pit", "sig", "lat", "pav",
];

fn attr_phrase(a: &Attr) -> String {
    match a.kind {
        AttrKind::Pack => a.text.clone(),
        AttrKind::Pieces => format!("confezione da {}", a.value),
        AttrKind::Thread => format!("attacco {}", a.value),
        k => format!("{} {}", k.label(), a.value),
    }
}

fn join_it(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} e {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

pub(super) fn describe(
    body: &str,
    brand: Option<&str>,
    attrs: &[Attr],
    category: Option<&Category>,
) -> String {
    // Unsure of what it is: nothing to add to the name, so nothing at all (the page lists
    // the line's facts as a table; why it is unsure is the owner's note).
    let Some(cat) = category else {
        return String::new();
    };
    let mut out = String::with_capacity(320);
    // 1. what it is and who makes it
    match (body.is_empty(), brand) {
        (false, Some(b)) => out.push_str(&format!("{body} a marchio {b}.")),
        (false, None) => out.push_str(&format!("{body}.")),
        (true, Some(b)) => out.push_str(&format!("Prodotto a marchio {b}.")),
        (true, None) => out.push_str(&format!(
            "Prodotto della categoria {}.",
            cat.name.to_lowercase()
        )),
    }
    // 2. the attributes found (each kind once, at most five)
    let mut seen: Vec<AttrKind> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    for a in attrs {
        if seen.contains(&a.kind) || items.len() >= 5 {
            continue;
        }
        seen.push(a.kind);
        items.push(attr_phrase(a));
    }
    if !items.is_empty() {
        out.push_str(&format!(
            " Caratteristiche principali: {}.",
            join_it(&items)
        ));
    }
    // 3. typical use for the category
    out.push(' ');
    out.push_str(cat.use_sentence);
    // 4. where to find the rest
    if MATERIALS.contains(&cat.id) {
        out.push_str(" Per consumi, modalità di posa e tempi di lavorazione fare riferimento alla scheda tecnica del produttore.");
    } else {
        out.push_str(" Per le caratteristiche complete e le avvertenze d'uso fare riferimento alla documentazione del produttore.");
    }
    out
}
