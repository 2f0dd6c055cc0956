//! Field rules shared by registration, shop settings, leads and products (spec section 5).

use crate::messages;

pub fn is_valid_email(email: &str) -> bool {
    let email = email.trim();
    if email.len() > 254 || email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && domain.contains('.')
        && !domain.contains("..")
        && domain
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || c == '-')
}

/// The first password rule broken, in the spec's order.
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

pub fn is_postal_code(code: &str) -> bool {
    code.len() == 5 && code.bytes().all(|b| b.is_ascii_digit())
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

pub fn is_telephone(raw: &str) -> bool {
    let digits = raw.chars().filter(char::is_ascii_digit).count();
    raw.trim().chars().count() >= 7
        && digits >= 6
        && raw
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '.' | '/' | '(' | ')'))
}

/// Trimmed text, or `None` when empty.
pub fn non_empty(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
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
    fn emails() {
        assert!(is_valid_email("mario.rossi@ferramenta.it"));
        assert!(!is_valid_email("mario@"));
        assert!(!is_valid_email("mario rossi@x.it"));
        assert!(!is_valid_email("mario@localhost"));
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
