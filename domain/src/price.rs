//! A product's price: whole cents from 0 to `Price::MAX`, read by one parser from every
//! way shops write it, in the dashboard, through the API and in imported files alike
//! (docs/decisions/013-prices.md).
//!
//! The one case a text does not settle is one separator followed by exactly three digits
//! (`1.234`, `1,234`). It is read with a `DecimalMark`: the Italian one (`Comma`) unless
//! an imported column shows by its other values that it writes the English way (`Dot`).

use std::fmt;

use serde_json::value::RawValue;
use serde_json::Value;

/// Whole cents, `0..=Price::MAX`. Stored as an integer column.
/// Serialised as its cents (only where a processed import is kept: the API writes prices
/// through [`Price::json`]).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "orm", derive(sea_orm::DeriveValueType))]
pub struct Price(i64);

/// Which mark separates the decimals when the text itself does not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DecimalMark {
    /// Italian: `1.234,50`; so `1.234` is 1.234,00 € and `1,234` is 1,23 €.
    #[default]
    Comma,
    /// English: `1,234.50`; so `1.234` is 1,23 € and `1,234` is 1.234,00 €.
    Dot,
}

/// Why a text is not a price.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PriceError {
    #[error("non è un numero")]
    NotANumber,
    #[error("il prezzo non può essere negativo")]
    Negative,
    #[error("il prezzo supera 1.000.000,00 €")]
    TooHigh,
}

/// How the separators of a price text are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `1234`, `1.234.567`, `1,234,567`: no decimals; `group` separates the thousands.
    Whole { group: Option<char> },
    /// `12,50`, `1234.5`, `1.234,50`: `mark` separates the decimals.
    Decimal { mark: char, group: Option<char> },
    /// `1.234`, `1,234`: one separator followed by exactly three digits.
    Ambiguous { sep: char },
}

impl Price {
    /// 1.000.000,00 €: no product of a building-trade shop costs more; a bigger figure in
    /// a price column is a code or a typo.
    pub const MAX: Price = Price(100_000_000);
    pub const ZERO: Price = Price(0);

    pub fn from_cents(cents: i64) -> Result<Self, PriceError> {
        if cents < 0 {
            Err(PriceError::Negative)
        } else if cents > Self::MAX.0 {
            Err(PriceError::TooHigh)
        } else {
            Ok(Self(cents))
        }
    }

    /// The price with `percent` VAT added, to the nearest cent (half up): what a consumer
    /// pays for a net price. `None` past [`Price::MAX`].
    pub fn with_vat(self, percent: u32) -> Option<Self> {
        let cents = (self.0 * (100 + i64::from(percent)) + 50) / 100;
        Self::from_cents(cents).ok()
    }

    pub fn cents(self) -> i64 {
        self.0
    }

    /// A price as a person writes it, with the Italian reading of `1.234` (1.234,00 €)
    /// and `1,234` (1,23 €). An empty text or `-` is no price (`Ok(None)`).
    pub fn parse(text: &str) -> Result<Option<Self>, PriceError> {
        Self::parse_as(text, DecimalMark::Comma)
    }

    /// As `parse`, with `ambiguous` deciding `1.234` and `1,234`. Accepted: `12,50`,
    /// `12.50`, `€ 1.234,50`, `1,234.50`, `1 234,50`, `1'234.50`, `12,5`, `,50`, `1234`,
    /// `EUR 8`, `8 euro`. Decimals past the cent are rounded half up (`0,125` → 0,13 €).
    pub fn parse_as(text: &str, ambiguous: DecimalMark) -> Result<Option<Self>, PriceError> {
        let Some(s) = compact(text)? else {
            return Ok(None);
        };
        let (int, frac) = match resolve(shape(&s)?, ambiguous) {
            Shape::Whole { group } => (without(&s, group), ""),
            Shape::Decimal { mark, group } => {
                let at = s.rfind(mark).ok_or(PriceError::NotANumber)?;
                (without(&s[..at], group), &s[at + 1..])
            }
            Shape::Ambiguous { .. } => return Err(PriceError::NotANumber),
        };
        Self::from_digits(&int, frac).map(Some)
    }

    /// A price in a JSON body: a number of euros (`12.5`), a text as `parse` reads it, or
    /// null for no price.
    pub fn from_json(value: &Value) -> Result<Option<Self>, PriceError> {
        match value {
            Value::Null => Ok(None),
            Value::String(text) => Self::parse(text),
            Value::Number(n) => {
                if let Some(euros) = n.as_u64() {
                    let cents = i64::try_from(euros)
                        .ok()
                        .and_then(|e| e.checked_mul(100))
                        .ok_or(PriceError::TooHigh)?;
                    return Self::from_cents(cents).map(Some);
                }
                let euros = n.as_f64().ok_or(PriceError::NotANumber)?;
                if !euros.is_finite() {
                    Err(PriceError::NotANumber)
                } else if euros < 0.0 {
                    Err(PriceError::Negative)
                } else if euros == 0.0 {
                    Ok(Some(Self::ZERO))
                } else {
                    // The shortest decimal text of the number (Rust never writes an
                    // exponent), read digit by digit: 1.005 is 1,01 €, not 1,00 €.
                    Self::parse_as(&euros.to_string(), DecimalMark::Dot)
                }
            }
            _ => Err(PriceError::NotANumber),
        }
    }

    /// The decimal mark a text shows without doubt: `12,50` and `1.234.567` show the
    /// comma, `12.5` and `1,234.50` the dot; `1234`, `1.234` and non-prices show none.
    pub fn shown_mark(text: &str) -> Option<DecimalMark> {
        let s = compact(text).ok()??;
        let mark = match shape(&s).ok()? {
            Shape::Whole { group: Some('.') } | Shape::Decimal { mark: ',', .. } => ',',
            Shape::Whole { group: Some(_) } | Shape::Decimal { .. } => '.',
            Shape::Whole { group: None } | Shape::Ambiguous { .. } => return None,
        };
        Some(if mark == ',' {
            DecimalMark::Comma
        } else {
            DecimalMark::Dot
        })
    }

    /// True for `1.234` and `1,234`: texts whose value depends on the `DecimalMark`.
    pub fn is_ambiguous(text: &str) -> bool {
        matches!(
            compact(text).ok().flatten().map(|s| shape(&s)),
            Some(Ok(Shape::Ambiguous { .. }))
        )
    }

    /// Euros with 2 decimals as a JSON number: `12.50`.
    pub fn json(self) -> Option<Box<RawValue>> {
        RawValue::from_string(format!("{}.{:02}", self.0 / 100, self.0 % 100)).ok()
    }

    /// Integer euros and decimal digits → cents, rounded half up on the third decimal.
    fn from_digits(int: &str, frac: &str) -> Result<Self, PriceError> {
        let int = int.trim_start_matches('0');
        if int.len() > 7 {
            return Err(PriceError::TooHigh);
        }
        let euros: i64 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| PriceError::NotANumber)?
        };
        let mut digits = frac.bytes().map(|b| i64::from(b - b'0'));
        let tenths = digits.next().unwrap_or(0);
        let hundredths = digits.next().unwrap_or(0);
        let round_up = i64::from(digits.next().unwrap_or(0) >= 5);
        Self::from_cents(euros * 100 + tenths * 10 + hundredths + round_up)
    }
}

impl DecimalMark {
    /// The mark of a whole column of an imported file: `Dot` when its values that show a
    /// mark all show the dot (an export from WooCommerce, Shopify or an English Excel,
    /// numbers read from an XLSX), otherwise the Italian `Comma`.
    pub fn of_column<'a>(texts: impl IntoIterator<Item = &'a str>) -> Self {
        let mut dot = false;
        for text in texts {
            match Price::shown_mark(text) {
                Some(DecimalMark::Comma) => return DecimalMark::Comma,
                Some(DecimalMark::Dot) => dot = true,
                None => {}
            }
        }
        if dot {
            DecimalMark::Dot
        } else {
            DecimalMark::Comma
        }
    }
}

/// Italian, as the catalogue shows it: `1.234,50 €`.
impl fmt::Display for Price {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{:02} €",
            italian_thousands(self.0 / 100),
            self.0 % 100
        )
    }
}

/// A whole number with Italian thousands: `2450` → `2.450`.
pub fn italian_thousands(n: i64) -> String {
    let digits = n.max(0).to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(c);
    }
    grouped
}

/// Digits and separators only: spaces, `€`, apostrophes (Swiss thousands), a leading `+`
/// and one currency word before or after are dropped. `None` for an empty text or `-`.
fn compact(text: &str) -> Result<Option<String>, PriceError> {
    let mut s: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '€' | '\'' | '’'))
        .collect();
    let lower = s.to_ascii_lowercase();
    for word in ["euro", "eur"] {
        if lower.starts_with(word) {
            s.drain(..word.len());
            break;
        }
        if lower.ends_with(word) {
            s.truncate(s.len() - word.len());
            break;
        }
    }
    if let Some(rest) = s.strip_prefix('+') {
        s = rest.to_owned();
    }
    if s.is_empty() || s == "-" {
        return Ok(None);
    }
    let number = |t: &str| {
        t.chars().any(|c| c.is_ascii_digit())
            && t.chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
    };
    if number(&s) {
        return Ok(Some(s));
    }
    let unsigned = s
        .strip_prefix(['-', '−'])
        .or_else(|| s.strip_suffix('-'))
        .or_else(|| s.strip_prefix('(').and_then(|t| t.strip_suffix(')')));
    Err(match unsigned {
        Some(t) if number(t) => PriceError::Negative,
        _ => PriceError::NotANumber,
    })
}

/// The layout of digits and separators (`compact`'s output).
fn shape(s: &str) -> Result<Shape, PriceError> {
    let dots = s.matches('.').count();
    let commas = s.matches(',').count();
    let split = |mark: char| {
        s.rfind(mark)
            .map(|at| (&s[..at], &s[at + 1..]))
            .ok_or(PriceError::NotANumber)
    };
    if dots == 0 && commas == 0 {
        return Ok(Shape::Whole { group: None });
    }
    if dots > 0 && commas > 0 {
        // both: the last one separates the decimals, the other the thousands
        let (mark, group) = if s.rfind('.') > s.rfind(',') {
            ('.', ',')
        } else {
            (',', '.')
        };
        let (int, frac) = split(mark)?;
        if int.contains(mark) || frac.is_empty() || !grouped(int, group) {
            return Err(PriceError::NotANumber);
        }
        return Ok(Shape::Decimal {
            mark,
            group: Some(group),
        });
    }
    let sep = if dots > 0 { '.' } else { ',' };
    if dots + commas > 1 {
        // one kind, several times: thousands
        return if grouped(s, sep) {
            Ok(Shape::Whole { group: Some(sep) })
        } else {
            Err(PriceError::NotANumber)
        };
    }
    let (int, frac) = split(sep)?;
    if frac.is_empty() {
        Err(PriceError::NotANumber)
    } else if frac.len() == 3 && first_group(int) {
        Ok(Shape::Ambiguous { sep })
    } else {
        Ok(Shape::Decimal {
            mark: sep,
            group: None,
        })
    }
}

/// The ambiguous shape settled by the mark given for it.
fn resolve(shape: Shape, ambiguous: DecimalMark) -> Shape {
    let Shape::Ambiguous { sep } = shape else {
        return shape;
    };
    let decimal = match ambiguous {
        DecimalMark::Comma => ',',
        DecimalMark::Dot => '.',
    };
    if sep == decimal {
        Shape::Decimal {
            mark: sep,
            group: None,
        }
    } else {
        Shape::Whole { group: Some(sep) }
    }
}

/// A leading group of thousands: 1 to 3 digits, no leading zero.
fn first_group(s: &str) -> bool {
    (1..=3).contains(&s.len()) && !s.starts_with('0')
}

/// `1.234.567`: a leading group, then groups of exactly three digits.
fn grouped(s: &str, sep: char) -> bool {
    let mut parts = s.split(sep);
    parts.next().is_some_and(first_group) && parts.all(|p| p.len() == 3)
}

fn without(s: &str, group: Option<char>) -> String {
    match group {
        Some(g) => s.replace(g, ""),
        None => s.to_owned(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    use DecimalMark::{Comma, Dot};
    use PriceError::{Negative, NotANumber, TooHigh};

    /// Cents, or `None` for no price.
    type Read = Result<Option<i64>, PriceError>;

    fn read(text: &str, mark: DecimalMark) -> Read {
        Price::parse_as(text, mark).map(|p| p.map(Price::cents))
    }

    /// The contract shared with the dashboard's parser (frontend/test/dashboard.test.mjs
    /// reads the same file): every text, with the Italian reading.
    #[derive(serde::Deserialize)]
    struct Case {
        text: String,
        /// Cents; null for "no price".
        cents: Option<i64>,
        /// Absent when the text is a price; otherwise why not.
        error: Option<String>,
    }

    fn shared_cases() -> Vec<Case> {
        serde_json::from_str(include_str!("price_cases.json")).unwrap()
    }

    #[test]
    fn the_shared_table_is_read_as_it_says() {
        let cases = shared_cases();
        assert!(cases.len() >= 40, "{} cases", cases.len());
        for c in cases {
            let expected: Read = match c.error.as_deref() {
                None => Ok(c.cents),
                Some("negative") => Err(Negative),
                Some("too_high") => Err(TooHigh),
                Some("not_a_number") => Err(NotANumber),
                Some(other) => panic!("unknown error {other}"),
            };
            assert_eq!(read(&c.text, Comma), expected, "{:?}", c.text);
        }
    }

    #[test]
    fn italian_and_english_writings() {
        for (text, cents) in [
            ("12,50", 1250),
            ("12.50", 1250),
            ("€ 1.234,50", 123_450),
            ("1,234.50", 123_450),
            ("1234", 123_400),
            ("12,5", 1250),
            ("EUR 8", 800),
            ("8 euro", 800),
            ("8EUR", 800),
            ("Euro 8,10", 810),
            ("12,5 €", 1250),
            ("€12.50", 1250),
            ("1 234,50", 123_450),
            ("1\u{a0}234,50", 123_450),
            ("1\u{202f}234,50", 123_450),
            ("1'234.50", 123_450),
            ("1’234,50", 123_450),
            ("1.000.000,00", 100_000_000),
            ("1,000,000.00", 100_000_000),
            ("1.000.000", 100_000_000),
            ("1,000,000", 100_000_000),
            ("123.456,78", 12_345_678),
            ("123,456.78", 12_345_678),
            ("0", 0),
            ("0,00", 0),
            (",50", 50),
            (".5", 50),
            ("+12", 1200),
            ("007", 700),
            ("1234.5", 123_450),
            ("1234,567", 123_457),
            ("0.125", 13),
            ("0,125", 13),
            ("0,1249", 12),
            ("0,995", 100),
            ("0,005", 1),
            ("0,004", 0),
            ("12,3456789", 1235),
            ("1000000", 100_000_000),
            ("999.999,995", 100_000_000),
        ] {
            assert_eq!(read(text, Comma), Ok(Some(cents)), "{text}");
            assert_eq!(
                read(text, Dot),
                Ok(Some(cents)),
                "{text} does not depend on the mark"
            );
        }
    }

    #[test]
    fn one_separator_and_three_digits_follow_the_mark() {
        for (text, italian, english) in [
            ("1.234", 123_400, 123),
            ("1,234", 123, 123_400),
            ("12.345", 1_234_500, 1235),
            ("123,456", 12_346, 12_345_600),
            ("€ 2.500", 250_000, 250),
            ("1.000 EUR", 100_000, 100),
        ] {
            assert!(Price::is_ambiguous(text), "{text}");
            assert_eq!(read(text, Comma), Ok(Some(italian)), "{text} in Italian");
            assert_eq!(read(text, Dot), Ok(Some(english)), "{text} in English");
        }
        // A leading zero or four digits before the separator: never thousands.
        for text in [
            "0.125", "0,125", "1234.567", "1234,567", "12,50", "1.234,50",
        ] {
            assert!(!Price::is_ambiguous(text), "{text}");
        }
    }

    #[test]
    fn what_is_not_a_price() {
        for text in [
            "abc",
            "dodici",
            "12 euro 50",
            "12,50,3",
            "1.23.4",
            "1.2345.678",
            "12,",
            "12.",
            ",",
            ".",
            "1.234,5,6",
            "1,234.567,8",
            "12.50.",
            "0.123.456",
            "1e3",
            "12/kg",
            "12%",
            "12-3",
            "--5",
            "1..2",
            "EUR EUR 5",
        ] {
            assert_eq!(read(text, Comma), Err(NotANumber), "{text}");
            assert_eq!(read(text, Dot), Err(NotANumber), "{text}");
        }
        for text in ["-5", "-12,50", "12,50-", "(12,50)", "−3", "€ -8", "-0"] {
            assert_eq!(read(text, Comma), Err(Negative), "{text}");
        }
        for text in [
            "1000000,01",
            "1.000.001",
            "1.234.567,89",
            "1,234,567",
            "99999999999999999999",
            "10.000.000,00",
        ] {
            assert_eq!(read(text, Comma), Err(TooHigh), "{text}");
        }
        for text in ["", "   ", "-", " - ", "€", "EUR"] {
            assert_eq!(read(text, Comma), Ok(None), "{text:?}");
        }
    }

    #[test]
    fn json_bodies() {
        let from = |v: Value| Price::from_json(&v).map(|p| p.map(Price::cents));
        assert_eq!(from(json!(12.5)), Ok(Some(1250)));
        assert_eq!(from(json!(12)), Ok(Some(1200)));
        assert_eq!(from(json!(0)), Ok(Some(0)));
        assert_eq!(from(json!(0.0)), Ok(Some(0)));
        assert_eq!(from(json!(0.1 + 0.2)), Ok(Some(30)));
        assert_eq!(from(json!(1.005)), Ok(Some(101)));
        assert_eq!(
            from(json!(1.234)),
            Ok(Some(123)),
            "a number has no thousands"
        );
        assert_eq!(from(json!(1234.5)), Ok(Some(123_450)));
        assert_eq!(from(json!(1e-7)), Ok(Some(0)));
        assert_eq!(from(json!(1_000_000)), Ok(Some(100_000_000)));
        assert_eq!(from(json!(1_000_000.01)), Err(TooHigh));
        assert_eq!(from(json!(1e300)), Err(TooHigh));
        assert_eq!(from(json!(u64::MAX)), Err(TooHigh));
        assert_eq!(from(json!(-1)), Err(Negative));
        assert_eq!(from(json!(-0.5)), Err(Negative));
        assert_eq!(from(json!("12,50")), Ok(Some(1250)));
        assert_eq!(from(json!("1.234")), Ok(Some(123_400)));
        assert_eq!(from(json!("")), Ok(None));
        assert_eq!(from(json!(null)), Ok(None));
        assert_eq!(from(json!("dodici")), Err(NotANumber));
        assert_eq!(from(json!(true)), Err(NotANumber));
        assert_eq!(from(json!([12])), Err(NotANumber));
        assert_eq!(from(json!({"euro": 12})), Err(NotANumber));
    }

    #[test]
    fn a_column_shows_its_mark_by_its_unambiguous_values() {
        assert_eq!(Price::shown_mark("12,50"), Some(Comma));
        assert_eq!(Price::shown_mark("1.234,50"), Some(Comma));
        assert_eq!(Price::shown_mark("1.234.567"), Some(Comma));
        assert_eq!(Price::shown_mark("12.5"), Some(Dot));
        assert_eq!(Price::shown_mark("1,234.50"), Some(Dot));
        assert_eq!(Price::shown_mark("1,234,567"), Some(Dot));
        assert_eq!(Price::shown_mark("0.125"), Some(Dot));
        for none in ["1234", "1.234", "1,234", "", "abc", "-5"] {
            assert_eq!(Price::shown_mark(none), None, "{none}");
        }
        let column = |v: &[&str]| DecimalMark::of_column(v.iter().copied());
        // WooCommerce, Shopify, numbers read from an XLSX: the dot.
        assert_eq!(column(&["12.5", "8", "1.234", ""]), Dot);
        assert_eq!(column(&["1,234.50", "1,234"]), Dot);
        // Italian lists, lists with no decimals, mixed lists: the comma.
        assert_eq!(column(&["12,50", "1.234"]), Comma);
        assert_eq!(column(&["1.234", "2.500", "350"]), Comma);
        assert_eq!(column(&["12.50", "3,20", "1.234"]), Comma);
        assert_eq!(column(&[]), Comma);
    }

    #[test]
    fn shown_in_italian_and_sent_with_two_decimals() {
        let p = |c| Price::from_cents(c).unwrap();
        assert_eq!(p(123_450).to_string(), "1.234,50 €");
        assert_eq!(p(5).to_string(), "0,05 €");
        assert_eq!(p(100_000_000).to_string(), "1.000.000,00 €");
        assert_eq!(p(99_900).to_string(), "999,00 €");
        assert_eq!(p(1250).json().unwrap().get(), "12.50");
        assert_eq!(p(5).json().unwrap().get(), "0.05");
        assert_eq!(p(123_456).json().unwrap().get(), "1234.56");
        assert_eq!(Price::from_cents(-1), Err(Negative));
        assert_eq!(Price::from_cents(100_000_001), Err(TooHigh));
    }
}
