//! A product's name: the one rule the owner's form, the price-list import and the AI
//! provider's answers follow (docs/product/validation.md).

use std::fmt;

use crate::limits::product;
use crate::messages;
use crate::validation::{has_visible_text, without_unwanted_chars};

/// A name fit to publish: no unwanted characters, its runs of spaces and line breaks made
/// one space, a character a reader can see, at most [`product::NAME`] characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ProductName(String);

/// Why a text is no product name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// Empty, or only invisible characters.
    Missing,
    /// Over [`product::NAME`] characters.
    TooLong,
}

impl NameProblem {
    /// The Italian message of the form's field.
    pub fn message(self) -> &'static str {
        match self {
            Self::Missing => messages::PRODUCT_NAME_REQUIRED,
            Self::TooLong => messages::TOO_LONG,
        }
    }
}

impl ProductName {
    /// A name someone typed or answered: refused when it is too long.
    pub fn parse(raw: &str) -> Result<Self, NameProblem> {
        let name = normalized(raw);
        if !has_visible_text(&name) {
            Err(NameProblem::Missing)
        } else if name.chars().count() > product::NAME {
            Err(NameProblem::TooLong)
        } else {
            Ok(Self(name))
        }
    }

    /// A name read from a file: cut at the limit (on a character, without the trailing
    /// space) rather than refused, since a price list's long descriptions often sit in its
    /// name column.
    pub fn fitted(raw: &str) -> Result<Self, NameProblem> {
        let mut name = normalized(raw);
        if !has_visible_text(&name) {
            return Err(NameProblem::Missing);
        }
        if let Some((cut, _)) = name.char_indices().nth(product::NAME) {
            name.truncate(cut);
            name.truncate(name.trim_end().len());
        }
        Ok(Self(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

fn normalized(raw: &str) -> String {
    without_unwanted_chars(raw)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for ProductName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn spaces_are_made_one_and_unwanted_characters_dropped() {
        let name = ProductName::parse("  Cemento\u{0007}  Portland\n32,5 R ").unwrap();
        assert_eq!(name.as_str(), "Cemento Portland 32,5 R");
    }

    #[test]
    fn an_invisible_name_is_missing_and_a_long_one_is_refused_or_cut() {
        assert_eq!(
            ProductName::parse("\u{200B} \u{FEFF}"),
            Err(NameProblem::Missing)
        );
        assert_eq!(ProductName::fitted(""), Err(NameProblem::Missing));
        // Cut after the 300th character, the space before it goes too.
        let long = format!("{} coda", "x".repeat(product::NAME - 1));
        assert_eq!(ProductName::parse(&long), Err(NameProblem::TooLong));
        let cut = ProductName::fitted(&long).unwrap();
        assert_eq!(cut.as_str(), "x".repeat(product::NAME - 1));
        let exact = "y".repeat(product::NAME);
        assert_eq!(ProductName::parse(&exact).unwrap().as_str(), exact);
    }
}
