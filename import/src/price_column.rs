//! Which column holds the price a visitor pays, and whether it includes VAT.
//!
//! Public pages say "IVA inclusa" under every price, so the proposal must not take a list
//! price without VAT as it is (a distributor's `Listino Base` was published 22 % too low).
//! A column whose header says VAT-inclusive wins; one that says ex-VAT is taken with the VAT
//! added; where two price columns differ by one VAT rate row after row, the higher one is
//! the VAT-inclusive price. Dealer, cost and supplier prices are never proposed.

use domain::Price;

use super::values::fold_key;

/// What a price column says of VAT.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VatSaid {
    Included,
    Excluded,
    Unsaid,
}

/// The proposed price column and what is known of its VAT.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceChoice {
    pub column: usize,
    pub vat: VatSaid,
    /// The ex-VAT column this one is one VAT rate above, row after row.
    pub above: Option<usize>,
}

/// Folded phrases that say outright that a price includes VAT.
const SAYS_INCLUDED: &[&str] = &[
    "ivato",
    "ivata",
    "ivati",
    "iva inclusa",
    "iva incl",
    "iva inc",
    "iva compresa",
    "inclusa iva",
    "incl iva",
    "compresa iva",
    "con iva",
    "tax included",
    "tax incl",
    "incl tax",
    "vat included",
    "incl vat",
    "including vat",
    "inc vat",
];

/// Folded phrases that say outright that a price is without VAT.
const SAYS_EXCLUDED: &[&str] = &[
    "imponibile",
    "iva esclusa",
    "esclusa iva",
    "iva escl",
    "escl iva",
    "senza iva",
    "esente iva",
    "tax excluded",
    "tax excl",
    "excl tax",
    "vat excluded",
    "excl vat",
    "ex vat",
    "excluding vat",
];

/// Words of a price that includes VAT without saying so: Italian law has consumer prices
/// include it, so a price "al pubblico" does.
const IMPLIES_INCLUDED: &[&str] = &["pubblico", "pvp", "street price", "gross", "lordo"];

/// Words of a price that is without VAT without saying so: list and net prices.
const IMPLIES_EXCLUDED: &[&str] = &["listino", "netto", "netti", "net"];

/// Words of a price that is not the consumer's: a dealer's, a cost, a supplier's, a
/// discount. Such a column is never proposed as the public price.
pub const DEALER_WORDS: &[&str] = &[
    "rivenditore",
    "rivenditori",
    "cliente",
    "clienti",
    "acquisto",
    "acquisti",
    "scontato",
    "sconto",
    "costo",
    "costi",
    "cost",
    "dealer",
    "ingrosso",
    "wholesale",
    "riservato",
    "fornitore",
    "fornitori",
    "forn",
    "supplier",
    "promo",
    "medio",
];

/// Words of a price column's header.
const PRICE_WORDS: &[&str] = &[
    "prezzo", "prezzi", "price", "listino", "pvp", "importo", "costo", "cost",
];

/// Words of a date or a percentage next to prices ("Data inizio promo", "Sconto %").
const NOT_PRICE_WORDS: &[&str] = &[
    "date",
    "data",
    "inizio",
    "fine",
    "starts",
    "ends",
    "percentuale",
    "valuta",
    "currency",
];

/// The usual VAT rate, and how far from it two columns may be and still be one VAT apart
/// (street prices are rounded: 24,58 € + 22 % = 29,99 € is sold at 29,90 €).
const STANDARD_RATE: u32 = super::rows::DEFAULT_VAT_PERCENT;
const RATE_TOLERANCE: f64 = 0.02;
/// Share of the rows with both prices that must be one VAT apart.
const PAIRED_SHARE: f64 = 0.8;

/// Whether the folded `text` holds the folded `phrase` as whole words.
fn has_phrase(text: &str, phrase: &str) -> bool {
    format!(" {text} ").contains(&format!(" {phrase} "))
}

fn has_any(text: &str, phrases: &[&str]) -> bool {
    phrases.iter().any(|p| has_phrase(text, p))
}

/// What a header (folded) says of VAT: what it says outright before what its words imply
/// ("Prezzo al pubblico IVA esclusa" is without VAT).
pub fn vat_said(folded: &str) -> VatSaid {
    if has_any(folded, SAYS_INCLUDED) {
        VatSaid::Included
    } else if has_any(folded, SAYS_EXCLUDED) {
        VatSaid::Excluded
    } else if has_any(folded, IMPLIES_INCLUDED) {
        VatSaid::Included
    } else if has_any(folded, IMPLIES_EXCLUDED) {
        VatSaid::Excluded
    } else {
        VatSaid::Unsaid
    }
}

/// Whether a header (folded) names a dealer's, a cost or a discounted price.
pub fn is_dealer_price(folded: &str) -> bool {
    has_any(folded, DEALER_WORDS)
}

/// Whether a header (folded) names a price of some kind, the dealer's included.
pub fn is_price_header(folded: &str) -> bool {
    (has_any(folded, PRICE_WORDS) || vat_said(folded) != VatSaid::Unsaid)
        && !has_any(folded, NOT_PRICE_WORDS)
}

/// The columns and sample rows the choice reads.
pub struct Columns<'a> {
    pub headers: &'a [String],
    pub folded: &'a [String],
    pub rows: &'a [&'a [String]],
    /// The VAT rate column, when the file has one.
    pub vat: Option<usize>,
}

impl Columns<'_> {
    fn prices(&self, col: usize) -> impl Iterator<Item = (usize, Option<f64>)> + '_ {
        self.rows.iter().enumerate().map(move |(i, row)| {
            let price = row
                .get(col)
                .and_then(|c| Price::parse(c).ok().flatten())
                .map(|p| p.cents() as f64)
                .filter(|&c| c > 0.0);
            (i, price)
        })
    }

    /// Whether most filled cells of the column read as prices (every column, without rows).
    fn holds_prices(&self, col: usize) -> bool {
        let filled = self
            .rows
            .iter()
            .filter(|r| r.get(col).is_some_and(|c| !c.trim().is_empty()))
            .count();
        let prices = self.prices(col).filter(|(_, p)| p.is_some()).count();
        self.rows.is_empty() || (filled > 0 && prices * 10 >= filled * 6)
    }

    /// Whether a cell of the column says the price includes VAT ("12,50 € IVA inclusa").
    fn values_say_included(&self, col: usize) -> bool {
        self.rows.iter().take(20).any(|r| {
            r.get(col)
                .is_some_and(|c| has_any(&fold_key(c), SAYS_INCLUDED))
        })
    }

    fn rate(&self, row: usize) -> f64 {
        let percent = self
            .vat
            .and_then(|v| self.rows[row].get(v))
            .and_then(|c| {
                c.trim()
                    .trim_end_matches('%')
                    .replace(',', ".")
                    .parse::<f64>()
                    .ok()
            })
            .map(|n| if n > 0.0 && n < 1.0 { n * 100.0 } else { n })
            .filter(|n| (0.0..=100.0).contains(n))
            .unwrap_or(f64::from(STANDARD_RATE));
        percent / 100.0
    }

    /// Whether `high` is `low` plus one VAT rate (the row's, else 22 %) row after row.
    fn vat_above(&self, low: usize, high: usize) -> bool {
        let highs: Vec<Option<f64>> = self.prices(high).map(|(_, p)| p).collect();
        let (mut both, mut paired) = (0usize, 0usize);
        for (row, low_price) in self.prices(low) {
            let (Some(l), Some(h)) = (low_price, highs[row]) else {
                continue;
            };
            both += 1;
            let ratio = h / l - 1.0;
            paired += usize::from((ratio - self.rate(row)).abs() <= RATE_TOLERANCE);
        }
        both >= 3.min(self.rows.len().max(1)) && paired as f64 >= both as f64 * PAIRED_SHARE
    }
}

/// The price column to propose: `preferred` is the one the header synonyms picked (if any).
pub fn choose(cols: &Columns<'_>, preferred: Option<usize>) -> Option<PriceChoice> {
    let candidates: Vec<usize> = (0..cols.headers.len())
        .filter(|&i| {
            is_price_header(&cols.folded[i])
                && !is_dealer_price(&cols.folded[i])
                && cols.holds_prices(i)
        })
        .collect();
    let said = |i: usize| match vat_said(&cols.folded[i]) {
        VatSaid::Unsaid if cols.values_say_included(i) => VatSaid::Included,
        said => said,
    };
    let first_said = |kind: VatSaid| candidates.iter().copied().find(|&i| said(i) == kind);
    let preferred = preferred.filter(|&i| !is_dealer_price(&cols.folded[i]));
    let column = first_said(VatSaid::Included)
        .or(preferred)
        .or_else(|| first_said(VatSaid::Unsaid))
        .or_else(|| first_said(VatSaid::Excluded))?;
    if said(column) == VatSaid::Included {
        return Some(PriceChoice {
            column,
            vat: VatSaid::Included,
            above: None,
        });
    }
    // Two prices one VAT apart: the higher one includes it.
    let others = || candidates.iter().copied().filter(move |&o| o != column);
    if let Some(higher) = others().find(|&o| cols.vat_above(column, o)) {
        return Some(PriceChoice {
            column: higher,
            vat: VatSaid::Included,
            above: Some(column),
        });
    }
    if let Some(lower) = others().find(|&o| cols.vat_above(o, column)) {
        return Some(PriceChoice {
            column,
            vat: VatSaid::Included,
            above: Some(lower),
        });
    }
    Some(PriceChoice {
        column,
        vat: said(column),
        above: None,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The choice for these headers and rows, the synonyms having picked `Prezzo`, `Price`
    /// or `Listino`.
    fn choice(headers: &[&str], rows: &[&[&str]]) -> Option<(String, VatSaid, Option<String>)> {
        let headers: Vec<String> = headers.iter().map(|h| h.to_string()).collect();
        let folded: Vec<String> = headers.iter().map(|h| fold_key(h)).collect();
        let owned: Vec<Vec<String>> = rows
            .iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect();
        let rows: Vec<&[String]> = owned.iter().map(Vec::as_slice).collect();
        let vat = folded.iter().position(|f| f == "iva");
        let cols = Columns {
            headers: &headers,
            folded: &folded,
            rows: &rows,
            vat,
        };
        let preferred = ["listino", "prezzo", "price"]
            .iter()
            .find_map(|n| folded.iter().position(|f| f == n));
        choose(&cols, preferred).map(|c| {
            (
                headers[c.column].clone(),
                c.vat,
                c.above.map(|a| headers[a].clone()),
            )
        })
    }

    #[test]
    fn a_vat_inclusive_column_wins_and_dealer_prices_are_never_proposed() {
        let got = choice(
            &[
                "Codice Prodotto",
                "Listino Base",
                "Netto Cliente",
                "Street Price Ivato",
            ],
            &[
                &["A1", "10,00", "6,50", "12,20"],
                &["A2", "24,58", "15,00", "29,90"],
            ],
        );
        assert_eq!(
            got,
            Some(("Street Price Ivato".into(), VatSaid::Included, None))
        );
        assert_eq!(
            choice(
                &["Nome", "Netto Cliente", "Prezzo acquisto"],
                &[&["Vite", "1", "2"]]
            ),
            None
        );
        let got = choice(
            &["Reference #", "Price tax excluded", "Price tax included"],
            &[],
        );
        assert_eq!(
            got,
            Some(("Price tax included".into(), VatSaid::Included, None))
        );
    }

    #[test]
    fn an_ex_vat_column_is_taken_with_the_vat_to_add() {
        assert_eq!(
            choice(&["Nome", "Price tax excluded"], &[&["Vite", "100"]]),
            Some(("Price tax excluded".into(), VatSaid::Excluded, None))
        );
        // A wholesaler's feed: its «Prezzo» is the dealer's (30 % under), «Listino» is
        // the list price without VAT.
        let got = choice(
            &["Titolo", "Prezzo", "Listino", "Iva"],
            &[
                &["PS4 Tomb Raider", "18,9", "24,58", "22"],
                &["PS5 Civilization", "24,5", "57,36", "22"],
                &["Mouse", "8", "11,40", "22"],
            ],
        );
        assert_eq!(got, Some(("Listino".into(), VatSaid::Excluded, None)));
    }

    #[test]
    fn what_a_header_says_outright_wins_over_what_its_words_imply() {
        let said = |h: &str| vat_said(&fold_key(h));
        assert_eq!(said("Prezzo al pubblico IVA esclusa"), VatSaid::Excluded);
        assert_eq!(said("Listino ivato"), VatSaid::Included);
        assert_eq!(said("Prezzo al pubblico"), VatSaid::Included);
        assert_eq!(said("Listino Base"), VatSaid::Excluded);
        assert_eq!(said("Prezzo"), VatSaid::Unsaid);
    }

    #[test]
    fn of_two_prices_one_vat_apart_row_after_row_the_higher_includes_it() {
        let rows: &[&[&str]] = &[
            &["Vite", "10,00", "12,20", "22"],
            &["Libro", "20,00", "20,80", "4"],
            &["Tassello", "1,00", "1,22", "22"],
            &["Silicone", "5,00", "6,10", "22"],
        ];
        assert_eq!(
            choice(&["Nome", "Prezzo", "Prezzo B", "Iva"], rows),
            Some(("Prezzo B".into(), VatSaid::Included, Some("Prezzo".into())))
        );
        assert_eq!(
            choice(&["Nome", "Prezzo B", "Prezzo", "Iva"], rows),
            Some(("Prezzo".into(), VatSaid::Included, Some("Prezzo B".into())))
        );
    }
}
