//! An e-mail address, checked once where it enters (a form, the command line, an inquiry's
//! contact): registration, login, verification resend, password reset, leads and the
//! operator's address all read it with one rule (docs/product/validation.md).

use std::fmt;

/// An address that passed [`Email::parse`]: trimmed and lowercased, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Email(String);

impl Email {
    /// The one e-mail rule: a single RFC 5322 addr-spec with no display name, comment,
    /// quoted local part or domain literal (parsed by `email_address`), whose local part is a
    /// dot-atom of letters, digits and RFC 5322 signs and whose domain has at least two labels
    /// of letters, digits and hyphens. Lists (`a@x.it,b@y.it`), `<…>`, `bcc:`, spaces, CR/LF,
    /// quotes and invisible characters are refused.
    pub fn parse(raw: &str) -> Option<Self> {
        let email = raw.trim();
        if email.len() > 254 || email.contains('"') {
            return None;
        }
        let options = email_address::Options::default()
            .without_display_text()
            .without_domain_literal()
            .with_required_tld();
        let parsed = email_address::EmailAddress::parse_with_options(email, options).ok()?;
        let local_ok = parsed.local_part().chars().all(|c| {
            c.is_alphanumeric() || (c.is_ascii_graphic() && !"\"(),:;<>@[\\]".contains(c))
        });
        let domain_ok = parsed.domain().split('.').all(|label| {
            label.chars().count() <= 63 && label.chars().all(|c| c.is_alphanumeric() || c == '-')
        });
        (local_ok && domain_ok).then(|| Self(email.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Email {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Email;

    #[test]
    fn one_plain_address_is_an_email() {
        for ok in [
            "mario.rossi@ferramenta.it",
            "  Mario.Rossi+preventivi@Edilizia-Bianchi.IT ",
            "o'brien@posta.it",
            "info@caffè.it",
            "a_b-c@x.co.uk",
        ] {
            assert!(Email::parse(ok).is_some(), "{ok:?} should be accepted");
        }
        assert_eq!(
            Email::parse(" Mario.Rossi@Ferramenta.IT ")
                .as_ref()
                .map(Email::as_str),
            Some("mario.rossi@ferramenta.it")
        );
        for bad in [
            "",
            "mario@",
            "@x.it",
            "mario@localhost",
            "mario rossi@x.it",
            "vittima@gmail.com,attaccante@evil.it",
            "vittima@gmail.com;attaccante@evil.it",
            "vittima@gmail.com attaccante@evil.it",
            "<script>@x.it",
            "x@x.it<script>",
            "bcc:x@evil.it",
            "Mario <mario@x.it>",
            "<mario@x.it>",
            "mario@x.it (commento)",
            "\"mario rossi\"@x.it",
            "\"a\"@x.it",
            "ma\"rio@x.it",
            "mario@x.it\r\nBcc: y@evil.it",
            "mario\n@x.it",
            "mario\t@x.it",
            "mario@[127.0.0.1]",
            "mario@x..it",
            "mario@-x.it",
            "mario@x_y.it",
            "mario@ev=il.it",
            "mario..rossi@x.it",
            ".mario@x.it",
            "mario\u{200B}@x.it",
            "mario\u{202E}@x.it",
            "mario@x\u{FEFF}.it",
            "a\\b@x.it",
        ] {
            assert!(Email::parse(bad).is_none(), "{bad:?} should be refused");
        }
        assert!(Email::parse(&format!("{}@x.it", "a".repeat(250))).is_none());
    }
}
