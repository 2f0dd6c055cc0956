use crate::SsrError;

/// What the bundle rendered for one URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedPage {
    /// Markup for inside `<div id="root">`.
    pub html: String,
    /// Tags for `<head>`.
    pub head: String,
    /// HTTP status the page stands for (200, or 404 for the not-found page).
    pub status: u16,
}

impl RenderedPage {
    pub(crate) fn new(html: String, head: String, status: u16) -> Result<Self, SsrError> {
        if !(100..=599).contains(&status) {
            return Err(SsrError::BadOutput(format!(
                "status {status} is not an HTTP status"
            )));
        }
        Ok(Self { html, head, status })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_a_page_with_an_http_status() {
        let page = RenderedPage::new("<p>x</p>".into(), "<title>t</title>".into(), 404);
        assert_eq!(
            page,
            Ok(RenderedPage {
                html: "<p>x</p>".into(),
                head: "<title>t</title>".into(),
                status: 404
            })
        );
    }

    #[test]
    fn rejects_a_status_outside_http() {
        for status in [0, 42, 600] {
            assert!(matches!(
                RenderedPage::new(String::new(), String::new(), status),
                Err(SsrError::BadOutput(_))
            ));
        }
    }
}
