//! Text inside XML and HTML (the feeds, the sitemaps, the drawn product cards, the e-mails):
//! one escape for all of them.

use crate::validation::is_unwanted_char;

/// `text` with the five special characters escaped and the characters XML 1.0 refuses
/// (controls other than tab and line breaks, noncharacters such as U+FFFE) dropped, so that
/// a pasted or imported text can neither break the markup nor make the document invalid.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if is_unwanted_char(c) => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_is_escaped_and_what_xml_refuses_is_dropped() {
        assert_eq!(
            escape("Viti <M6> & \"dadi\" dell'idraulico"),
            "Viti &lt;M6&gt; &amp; &quot;dadi&quot; dell&apos;idraulico"
        );
        assert_eq!(escape("a\u{1}b\u{85}c\u{FFFE}d"), "abcd");
        assert_eq!(escape("riga 1\nriga\t2\r"), "riga 1\nriga\t2\r");
        assert_eq!(escape("Perché più"), "Perché più");
    }
}
