#![allow(clippy::unwrap_used, clippy::expect_used)]
//! `docs/product/errors.md` is the reference of the server's Italian texts: every text of
//! `domain::messages` must appear there verbatim, and every builder by name with its
//! template. This test reads both files as text, so a message added or reworded without
//! the documentation fails here, naming the constants.

/// The messages' source, as the compiler sees it.
const MESSAGES_RS: &str = include_str!("../src/messages.rs");
/// Read at run time, so an edit of the documentation needs no rebuild to be checked.
const ERRORS_MD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/product/errors.md");

/// A `pub const NAME: &str = "…";` or the template of a `pub fn NAME(…)` builder.
#[derive(Debug, PartialEq, Eq)]
struct Text {
    name: String,
    value: String,
}

/// The value of the string literal that starts at `at` (a `"`, or a raw `r"`/`r#"`), and
/// the byte index just after it. Escapes are decoded as Rust does, including a `\` at the
/// end of a line, which drops the line break and the next line's leading whitespace.
fn string_literal(src: &str, at: usize) -> (String, usize) {
    let rest = &src[at..];
    if let Some(raw) = rest.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let body_start = at + 1 + hashes + 1;
        let closing = format!("\"{}", "#".repeat(hashes));
        let len = src[body_start..]
            .find(&closing)
            .expect("unterminated raw string");
        return (
            src[body_start..body_start + len].to_owned(),
            body_start + len + closing.len(),
        );
    }
    assert!(rest.starts_with('"'), "no string literal at byte {at}");
    let mut out = String::new();
    let mut chars = rest.char_indices().skip(1).peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, at + i + 1),
            '\\' => {
                let (_, e) = chars.next().expect("escape at end of input");
                match e {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => out.push('\r'),
                    '0' => out.push('\0'),
                    '\\' | '"' | '\'' => out.push(e),
                    '\n' | '\r' => while chars.next_if(|&(_, w)| w.is_whitespace()).is_some() {},
                    'x' => {
                        let hex: String = (0..2).map(|_| chars.next().unwrap().1).collect();
                        out.push(char::from(u8::from_str_radix(&hex, 16).unwrap()));
                    }
                    'u' => {
                        assert_eq!(chars.next().map(|(_, b)| b), Some('{'));
                        let mut hex = String::new();
                        for (_, h) in chars.by_ref() {
                            if h == '}' {
                                break;
                            }
                            hex.push(h);
                        }
                        let code = u32::from_str_radix(&hex.replace('_', ""), 16).unwrap();
                        out.push(char::from_u32(code).unwrap());
                    }
                    other => panic!("unknown escape \\{other}"),
                }
            }
            _ => out.push(c),
        }
    }
    panic!("unterminated string literal at byte {at}")
}

/// The identifier at the start of `s`.
fn identifier(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// Every `pub const NAME: &str` of `src` with its text, and every `pub fn NAME` with the
/// first string literal of its body (the builder's template). Only lines that begin with
/// `pub const` or `pub fn` count, so comments mentioning them are ignored; constants of
/// other types are skipped.
fn texts(src: &str) -> (Vec<Text>, Vec<Text>) {
    let (mut consts, mut builders) = (Vec::new(), Vec::new());
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(after) = trimmed.strip_prefix("pub const ") {
            let name = identifier(after);
            let after_name = start + indent + "pub const ".len() + name.len();
            let eq = after_name + src[after_name..].find('=').unwrap();
            let ty: String = src[after_name..eq]
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            if ty != ":&str" && ty != ":&'staticstr" {
                continue;
            }
            let lit = eq + src[eq..].find(['"', 'r']).unwrap();
            let (value, _) = string_literal(src, lit);
            consts.push(Text {
                name: name.to_owned(),
                value,
            });
        } else if let Some(after) = trimmed.strip_prefix("pub fn ") {
            let name = identifier(after);
            let body = start + src[start..].find('{').unwrap();
            let lit = body + src[body..].find('"').unwrap();
            let (value, _) = string_literal(src, lit);
            builders.push(Text {
                name: name.to_owned(),
                value,
            });
        }
    }
    (consts, builders)
}

fn errors_md() -> String {
    std::fs::read_to_string(ERRORS_MD)
        .unwrap_or_else(|e| panic!("{ERRORS_MD} must exist (docs/product/errors.md): {e}"))
}

#[test]
fn the_parser_reads_escapes_continuations_and_raw_strings() {
    let src = concat!(
        "// pub const IN_A_COMMENT: &str = \"no\";\n",
        "pub const PLAIN: &str = \"L'indirizzo è \\\"giusto\\\".\";\n",
        "pub const SPLIT: &str = \"Prima riga. \\\n    Seconda riga.\";\n",
        "pub const WRAPPED: &str =\n    \"Su due righe\";\n",
        "pub const RAW: &str = r#\"Con \"virgolette\"\"#;\n",
        "pub const COUNT: usize = 3;\n",
        "pub const CODED: &str = \"\\u{e8} \\x41\\n\";\n",
        "pub fn builder(n: u64) -> String {\n    format!(\"Ne restano {n}.\")\n}\n",
    );
    let (consts, builders) = texts(src);
    let pairs: Vec<(&str, &str)> = consts
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("PLAIN", "L'indirizzo è \"giusto\"."),
            ("SPLIT", "Prima riga. Seconda riga."),
            ("WRAPPED", "Su due righe"),
            ("RAW", "Con \"virgolette\""),
            ("CODED", "è A\n"),
        ]
    );
    assert_eq!(
        builders,
        [Text {
            name: "builder".into(),
            value: "Ne restano {n}.".into()
        }]
    );
}

#[test]
fn every_message_constant_is_in_errors_md_verbatim() {
    let (consts, _) = texts(MESSAGES_RS);
    // The file holds well over a hundred texts: a parser that finds few is broken.
    assert!(
        consts.len() > 100,
        "only {} constants read from messages.rs",
        consts.len()
    );
    assert!(
        consts.iter().all(|t| !t.value.is_empty()),
        "an empty text was read: {consts:?}"
    );
    // Spot checks of the parser on the real file: a line continuation and a plain text.
    let by_name = |n: &str| &consts.iter().find(|t| t.name == n).unwrap().value;
    assert_eq!(by_name("NOT_LOGGED_IN"), domain::messages::NOT_LOGGED_IN);
    assert_eq!(
        by_name("EMAIL_NOT_VERIFIED"),
        domain::messages::EMAIL_NOT_VERIFIED
    );

    let doc = errors_md();
    let missing: Vec<String> = consts
        .iter()
        .filter(|t| !doc.contains(t.value.as_str()))
        .map(|t| format!("{}: {:?}", t.name, t.value))
        .collect();
    assert!(
        missing.is_empty(),
        "{} message(s) of domain/src/messages.rs are not written verbatim in docs/product/errors.md:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
}

#[test]
fn every_message_builder_is_in_errors_md_with_its_template() {
    let (_, builders) = texts(MESSAGES_RS);
    assert!(!builders.is_empty(), "no builder read from messages.rs");
    assert_eq!(
        builders
            .iter()
            .find(|b| b.name == "resend_cooldown")
            .map(|b| b.value.replace("{seconds}", "7")),
        Some(domain::messages::resend_cooldown(7)),
        "the template read is the one the builder formats"
    );
    let doc = errors_md();
    let missing: Vec<String> = builders
        .iter()
        .filter(|b| !doc.contains(&format!("`{}(", b.name)) || !doc.contains(b.value.as_str()))
        .map(|b| format!("{}: {:?}", b.name, b.value))
        .collect();
    assert!(
        missing.is_empty(),
        "{} builder(s) of domain/src/messages.rs are not in docs/product/errors.md (name and template):\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
}
