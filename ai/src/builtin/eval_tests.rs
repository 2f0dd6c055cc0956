//! Accuracy on the labelled evaluation set `../data/eval.tsv` (price-list lines written
//! by hand: abbreviated, upper-case, misspelled, and lines that are not building products).
//! Bars from the issue: category ≥ 90%, brand ≥ 95%, non-products marked incorrect ≥ 90%.

use super::{enrich, RawProduct};

const EVAL: &str = include_str!("../data/eval.tsv");

struct Row<'a> {
    name: &'a str,
    given_brand: Option<&'a str>,
    category: Option<&'a str>,
    brand: Option<&'a str>,
    status: &'a str,
}

fn rows() -> Vec<Row<'static>> {
    EVAL.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            let opt = |i: usize| c.get(i).copied().map(str::trim).filter(|s| !s.is_empty());
            Row {
                name: c[0],
                given_brand: opt(1),
                category: opt(2),
                brand: opt(3),
                status: opt(4).unwrap_or(""),
            }
        })
        .collect()
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

#[test]
fn evaluation_set_accuracy() {
    let rows = rows();
    assert!(
        rows.len() >= 200,
        "the evaluation set needs at least 200 lines"
    );
    let (mut cat_ok, mut cat_n, mut brand_ok, mut status_ok, mut np_ok, mut np_n) =
        (0, 0, 0, 0, 0, 0);
    let mut misses = Vec::new();
    for r in &rows {
        let e = enrich(&RawProduct {
            name: r.name,
            brand: r.given_brand,
            category: None,
            description: None,
        });
        let mut miss = Vec::new();
        if let Some(c) = r.category {
            cat_n += 1;
            if e.category.as_deref() == Some(c) {
                cat_ok += 1;
            } else {
                miss.push(format!("category {:?} (want {c})", e.category));
            }
        }
        if e.brand.as_deref() == r.brand {
            brand_ok += 1;
        } else {
            miss.push(format!("brand {:?} (want {:?})", e.brand, r.brand));
        }
        if e.status.as_str() == r.status {
            status_ok += 1;
        } else {
            miss.push(format!("status {} (want {})", e.status.as_str(), r.status));
        }
        if r.category.is_none() {
            np_n += 1;
            if e.status.as_str() == "incorrect" {
                np_ok += 1;
            }
        }
        if !miss.is_empty() {
            misses.push(format!(
                "  {:<55} → {:<60} {}",
                r.name,
                e.name,
                miss.join("; ")
            ));
        }
    }
    let n = rows.len();
    let cat = pct(cat_ok, cat_n);
    let brand = pct(brand_ok, n);
    let np = pct(np_ok, np_n);
    let status = pct(status_ok, n);
    println!("builtin enrichment on {n} lines ({cat_n} products, {np_n} non-products):");
    println!("  category  {cat:5.1}% ({cat_ok}/{cat_n})");
    println!("  brand     {brand:5.1}% ({brand_ok}/{n})");
    println!("  non-products marked incorrect {np:5.1}% ({np_ok}/{np_n})");
    println!("  status (all three values) {status:5.1}% ({status_ok}/{n})");
    if !misses.is_empty() {
        println!("misses:\n{}", misses.join("\n"));
    }
    assert!(cat >= 90.0, "category accuracy {cat:.1}% below 90%");
    assert!(brand >= 95.0, "brand accuracy {brand:.1}% below 95%");
    assert!(
        np >= 90.0,
        "non-products marked incorrect {np:.1}% below 90%"
    );
}
