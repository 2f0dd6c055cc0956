//! Field rules shared by registration, shop settings, leads and products (docs/product/validation.md);
//! the values with a type of their own are `Email`, `Cap`, `ProductName` and `Slug`.

use std::borrow::Cow;

use crate::messages;

/// Whether the text has a character a reader can see: names made only of spaces,
/// zero-width or other format characters (U+200B–U+200D, U+2060, U+FEFF…), controls,
/// lone combining marks or blank fillers are empty names.
pub fn has_visible_text(text: &str) -> bool {
    use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory};
    text.chars().any(|c| {
        !matches!(
            c.general_category(),
            G::Control
                | G::Format
                | G::SpaceSeparator
                | G::LineSeparator
                | G::ParagraphSeparator
                | G::NonspacingMark
                | G::EnclosingMark
                | G::Unassigned
                | G::PrivateUse
                | G::Surrogate
        ) && !matches!(
            c,
            // Hangul fillers and the blank Braille pattern are drawn as nothing.
            '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
        )
    })
}

/// Characters a reader can see (see `has_visible_text`), for minimum lengths.
pub fn visible_len(text: &str) -> usize {
    text.chars()
        .filter(|c| has_visible_text(c.encode_utf8(&mut [0; 4])))
        .count()
}

/// The first password rule broken, in the documented order (docs/product/validation.md).
pub fn password_problem(password: &str) -> Option<&'static str> {
    if password.chars().count() < 8 {
        Some(messages::PASSWORD_SHORT)
    } else if !password.chars().any(char::is_uppercase) {
        Some(messages::PASSWORD_UPPERCASE)
    } else if !password.chars().any(char::is_lowercase) {
        Some(messages::PASSWORD_LOWERCASE)
    } else if !password.chars().any(|c| c.is_ascii_digit()) {
        Some(messages::PASSWORD_DIGIT)
    } else if password.chars().all(char::is_alphanumeric) {
        Some(messages::PASSWORD_SPECIAL)
    } else {
        None
    }
}

/// http(s) URLs with a host; a bare domain such as `www.esempio.it` is accepted as https.
pub fn normalize_website(raw: &str) -> Option<String> {
    let raw = raw.trim();
    let candidate = if raw.contains("://") {
        raw.to_owned()
    } else {
        format!("https://{raw}")
    };
    let url = url::Url::parse(&candidate).ok()?;
    let host = url.host_str()?;
    (matches!(url.scheme(), "http" | "https") && host.contains('.')).then(|| url.to_string())
}

/// Text that carries markup or a script: a tag (`<b`, `</`, `<!`, `<?`) or a
/// `javascript:` address. Free-text forms anyone may send (no account) refuse it, so an
/// owner's inbox and mail never hold someone's HTML.
pub fn looks_like_markup(text: &str) -> bool {
    let tag = text.as_bytes().windows(2).any(|w| {
        w[0] == b'<' && (w[1].is_ascii_alphabetic() || matches!(w[1], b'/' | b'!' | b'?'))
    });
    tag || text.to_ascii_lowercase().contains("javascript:")
}

pub fn is_telephone(raw: &str) -> bool {
    let digits = raw.chars().filter(char::is_ascii_digit).count();
    raw.trim().chars().count() >= 7
        && digits >= 6
        && raw
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '.' | '/' | '(' | ')'))
}

/// A character that has no place in stored text: a C0 or C1 control (tab and line breaks
/// aside) or a Unicode noncharacter such as U+FFFE. XML refuses them (the product card is
/// SVG), screens draw them as boxes, and they come from pasted text and broken exports.
pub fn is_unwanted_char(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || is_noncharacter(c)
}

/// U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE…).
fn is_noncharacter(c: char) -> bool {
    let n = u32::from(c);
    (0xFDD0..=0xFDEF).contains(&n) || n & 0xFFFE == 0xFFFE
}

/// `text` without its [`is_unwanted_char`]s: what every text field keeps of its input.
/// Borrowed when there is none, as nearly always.
pub fn without_unwanted_chars(text: &str) -> Cow<'_, str> {
    if text.chars().any(is_unwanted_char) {
        Cow::Owned(text.chars().filter(|&c| !is_unwanted_char(c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// Trimmed text without unwanted characters, or `None` when empty.
pub fn non_empty(raw: Option<&str>) -> Option<String> {
    raw.map(without_unwanted_chars)
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

pub fn char_len(s: &str) -> usize {
    s.trim().chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_noncharacters_are_dropped_and_line_breaks_kept() {
        assert_eq!(
            without_unwanted_chars("Tassello\u{0}\u{7}\u{1b}[31m 8\u{7f}\u{85}\u{9f}mm\u{fffe}\u{ffff}\u{fdd0}\u{1fffe}"),
            "Tassello[31m 8mm"
        );
        assert_eq!(
            without_unwanted_chars("riga\tuno\r\nriga due"),
            "riga\tuno\r\nriga due"
        );
        assert!(matches!(
            without_unwanted_chars("Vite à testa svasata €"),
            Cow::Borrowed(_)
        ));
        assert_eq!(non_empty(Some(" \u{1}\u{fffe} ")), None);
    }

    #[test]
    fn invisible_names_have_no_visible_text() {
        for blank in [
            "",
            "   ",
            "\u{200B}",
            "\u{200B}\u{200C}\u{200D}",
            "\u{2060}\u{FEFF}",
            "\u{00AD}\u{061C}\u{180E}",
            "\u{202E}\u{2066}",
            "\u{00A0}\u{3000}\u{2028}",
            "\u{3164}\u{115F}\u{FFA0}\u{2800}",
            "\u{034F}\u{FE0F}",
            "\u{E0001}\u{E0020}",
            "\t\r\n\u{0}",
        ] {
            assert!(!has_visible_text(blank), "{blank:?} should be invisible");
        }
        for seen in ["Cemento", "\u{200B}A\u{200B}", "🔨", "—", "3"] {
            assert!(has_visible_text(seen), "{seen:?} should be visible");
        }
        assert_eq!(visible_len("\u{200B}A\u{200B}"), 1);
        assert_eq!(visible_len("Ab"), 2);
    }

    #[test]
    fn passwords_report_the_first_broken_rule() {
        assert_eq!(password_problem("Ab1!"), Some(messages::PASSWORD_SHORT));
        assert_eq!(
            password_problem("abcdefg1!"),
            Some(messages::PASSWORD_UPPERCASE)
        );
        assert_eq!(
            password_problem("ABCDEFG1!"),
            Some(messages::PASSWORD_LOWERCASE)
        );
        assert_eq!(
            password_problem("Abcdefgh!"),
            Some(messages::PASSWORD_DIGIT)
        );
        assert_eq!(
            password_problem("Abcdefgh1"),
            Some(messages::PASSWORD_SPECIAL)
        );
        assert_eq!(password_problem("Abcdefg1!"), None);
    }

    #[test]
    fn websites_and_phones() {
        assert_eq!(
            normalize_website("www.edilizia.it").as_deref(),
            Some("https://www.edilizia.it/")
        );
        assert!(normalize_website("ftp://x.it").is_none());
        assert!(normalize_website("non un sito").is_none());
        assert!(is_telephone("+39 06 1234567"));
        assert!(!is_telephone("123"));
        assert!(!is_telephone("chiamami"));
    }
}
