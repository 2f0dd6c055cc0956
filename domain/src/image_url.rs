//! The one check of an image address given by a person or a file: a product's image and
//! a shop's logo alike.

/// Longest accepted address.
pub const MAX_LEN: usize = 1000;

/// The address, trimmed, when it is a file uploaded here (`/media/…`, never climbing out
/// with `..`) or an absolute http(s) URL with a host; `None` otherwise.
pub fn parse(raw: &str) -> Option<String> {
    let url = raw.trim();
    if url.is_empty() || url.len() > MAX_LEN {
        return None;
    }
    let ok = match url.strip_prefix("/media/") {
        Some(path) => !path.is_empty() && !url.contains("..") && !url.contains('\\'),
        None => url::Url::parse(url)
            .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some()),
    };
    ok.then(|| url.to_owned())
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn uploaded_files_and_web_addresses() {
        for ok in [
            "/media/logos/abc.png",
            "/media/products/12-800.jpg",
            "https://www.mapei.com/img/keraflex.jpg",
            "http://cdn.example.it/a.png?w=800",
            "  https://a/x.jpg  ",
        ] {
            assert_eq!(parse(ok).as_deref(), Some(ok.trim()), "{ok}");
        }
        let long = format!("https://example.it/{}", "a".repeat(1000));
        for bad in [
            "",
            "   ",
            "foto.jpg",
            "/media/",
            "/media/../config.toml",
            "/media/logos/..\\x",
            "/etc/passwd",
            "media/logos/a.png",
            "ftp://example.it/a.png",
            "javascript:alert(1)",
            "data:image/png;base64,AAAA",
            "file:///etc/passwd",
            "https://",
            long.as_str(),
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
