//! The escaping the bundle does most often, done in Rust. React escapes every text and
//! attribute value of a page; QuickJS's regex engine spends hundreds of instructions per
//! character on that search (about a fifth of a product page's render). Both functions
//! work on the bytes QuickJS hands out, where every character they replace is ASCII or a
//! whole UTF-8 sequence, so unpaired surrogates elsewhere in the text pass through untouched.
//! `None` means nothing to replace: the caller keeps the string it has.

/// React's `escapeTextForBrowser`: `&`, `<`, `>`, `"` and `'`.
pub(crate) fn html(text: &[u8]) -> Option<Vec<u8>> {
    replace(text, |bytes, i| {
        let with: &[u8] = match bytes[i] {
            b'&' => b"&amp;",
            b'<' => b"&lt;",
            b'>' => b"&gt;",
            b'"' => b"&quot;",
            b'\'' => b"&#x27;",
            _ => return None,
        };
        Some((with, 1))
    })
}

/// JSON inside `<script>`: `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`, so the text can
/// neither close the element nor end a JavaScript line.
pub(crate) fn script_json(text: &[u8]) -> Option<Vec<u8>> {
    replace(text, |bytes, i| {
        let with: &[u8] = match bytes[i] {
            b'<' => b"\\u003c",
            b'>' => b"\\u003e",
            b'&' => b"\\u0026",
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            0xE2 if bytes.get(i + 1) == Some(&0x80) => match bytes.get(i + 2) {
                Some(0xA8) => b"\\u2028",
                Some(0xA9) => b"\\u2029",
                _ => return None,
            },
            _ => return None,
        };
        Some((with, if bytes[i] == 0xE2 { 3 } else { 1 }))
    })
}

/// Copies `text`, replacing what `at` names at each position (the replacement and how many
/// bytes it stands for); `None` when nothing was replaced.
fn replace(
    text: &[u8],
    at: impl Fn(&[u8], usize) -> Option<(&'static [u8], usize)>,
) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    let mut i = 0;
    while i < text.len() {
        if let Some((with, len)) = at(text, i) {
            let buf = out.get_or_insert_with(|| Vec::with_capacity(text.len() + 16));
            buf.extend_from_slice(&text[copied..i]);
            buf.extend_from_slice(with);
            i += len;
            copied = i;
        } else {
            i += 1;
        }
    }
    let mut buf = out?;
    buf.extend_from_slice(&text[copied..]);
    Some(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html_str(s: &str) -> Option<String> {
        html(s.as_bytes()).map(|b| String::from_utf8(b).expect("utf-8"))
    }

    fn json_str(s: &str) -> Option<String> {
        script_json(s.as_bytes()).map(|b| String::from_utf8(b).expect("utf-8"))
    }

    #[test]
    fn html_escapes_what_react_escapes() {
        assert_eq!(html_str("Cemento grigio 25 kg"), None);
        assert_eq!(html_str(""), None);
        assert_eq!(
            html_str(r#"</script><b a="x">L'acqua & più</b>"#).as_deref(),
            Some("&lt;/script&gt;&lt;b a=&quot;x&quot;&gt;L&#x27;acqua &amp; più&lt;/b&gt;")
        );
        assert_eq!(html_str("€ 12,50 è").as_deref(), None);
        assert_eq!(html_str("&").as_deref(), Some("&amp;"));
    }

    #[test]
    fn script_json_cannot_close_the_element_or_break_a_line() {
        assert_eq!(json_str(r#"{"a":"b"}"#), None);
        assert_eq!(
            json_str("{\"n\":\"</script>&\u{2028}\u{2029}€\"}").as_deref(),
            Some(r#"{"n":"\u003c/script\u003e\u0026\u2028\u2029€"}"#)
        );
        // Other characters starting with E2 80 stay as they are (U+2026 is E2 80 A6).
        assert_eq!(json_str("…"), None);
    }

    #[test]
    fn unpaired_surrogates_pass_through() {
        // QuickJS hands out a lone surrogate as its three-byte form (ED A0 80).
        let text = [b'a', 0xED, 0xA0, 0x80, b'&'];
        assert_eq!(
            html(&text),
            Some(vec![b'a', 0xED, 0xA0, 0x80, b'&', b'a', b'm', b'p', b';'])
        );
    }
}
