use serde::Deserialize;

use crate::SsrError;

/// What the bundle rendered for one URL.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct RenderedPage {
    /// Markup for inside `<div id="root">`.
    pub html: String,
    /// Tags for `<head>`.
    pub head: String,
    /// HTTP status the page stands for (200, or 404 for the not-found page).
    pub status: u16,
}

impl RenderedPage {
    pub(crate) fn from_json(json: &str) -> Result<Self, SsrError> {
        let page: RenderedPage =
            serde_json::from_str(json).map_err(|e| SsrError::BadOutput(e.to_string()))?;
        if !(100..=599).contains(&page.status) {
            return Err(SsrError::BadOutput(format!(
                "status {} is not an HTTP status",
                page.status
            )));
        }
        Ok(page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_contract_shape() {
        let page = RenderedPage::from_json(
            r#"{"html":"<p>x</p>","head":"<title>t</title>","status":404}"#,
        );
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
    fn rejects_missing_fields_and_bad_status() {
        assert!(matches!(
            RenderedPage::from_json(r#"{"html":""}"#),
            Err(SsrError::BadOutput(_))
        ));
        assert!(matches!(
            RenderedPage::from_json(r#"{"html":"","head":"","status":42}"#),
            Err(SsrError::BadOutput(_))
        ));
    }
}
