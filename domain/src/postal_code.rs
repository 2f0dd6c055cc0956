//! An Italian postal code (CAP), checked once where it enters: a shop's address, a lead,
//! the town lookup and the search near a place (docs/product/validation.md).

use std::fmt;

/// Five digits, as written on an Italian address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cap([u8; 5]);

impl Cap {
    /// `None` unless the text is exactly five ASCII digits (callers trim what was typed).
    pub fn parse(raw: &str) -> Option<Self> {
        let digits: [u8; 5] = raw.as_bytes().try_into().ok()?;
        digits
            .iter()
            .all(u8::is_ascii_digit)
            .then_some(Self(digits))
    }

    pub fn as_str(&self) -> &str {
        // Five ASCII digits are UTF-8.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl fmt::Display for Cap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::Cap;

    #[test]
    fn five_digits_and_nothing_else() {
        assert_eq!(
            Cap::parse("20121").map(|c| c.to_string()).as_deref(),
            Some("20121")
        );
        for wrong in [
            "2012",
            "201211",
            "2012a",
            "２０１２１",
            "",
            "20 121",
            " 20121",
        ] {
            assert_eq!(Cap::parse(wrong), None, "{wrong}");
        }
    }
}
