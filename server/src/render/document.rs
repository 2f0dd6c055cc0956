//! The HTML document around a rendered page: head tags from the render, the hashed CSS
//! and client bundle from the build manifest, and the props for hydration.

use std::path::Path;

use anyhow::Context;
use serde::Deserialize;

/// `frontend/dist/manifest.json`: hashed file names of the client build.
#[derive(Debug, Clone, Deserialize)]
pub struct Manifest {
    /// The app's module (entry of the client bundle).
    pub js: String,
    pub css: String,
    /// The classic script that inserts the module (`frontend/build.mjs`, `buildBoot`).
    pub boot: String,
}

impl Manifest {
    pub fn load(dist: &Path) -> anyhow::Result<Self> {
        let path = dist.join("manifest.json");
        let raw = std::fs::read(&path)
            .with_context(|| format!("frontend manifest not found: {}", path.display()))?;
        serde_json::from_slice(&raw)
            .with_context(|| format!("frontend manifest invalid: {}", path.display()))
    }
}

/// Props as JSON safe inside `<script>`: `<`, `>`, `&`, U+2028 and U+2029 become
/// `\uXXXX`, so no product name can close the script or break the JSON.
pub fn escape_json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for ch in json.chars() {
        match ch {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

pub fn render_document(manifest: &Manifest, head: &str, markup: &str, props_json: &str) -> String {
    let props = escape_json_for_script(props_json);
    let mut html = String::with_capacity(markup.len() + props.len() + head.len() + 600);
    html.push_str("<!DOCTYPE html><html lang=\"it\"><head><meta charset=\"utf-8\">");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    html.push_str(head);
    html.push_str("<link rel=\"stylesheet\" href=\"/");
    html.push_str(&manifest.css);
    // The app is a module (able to load the owner pages' chunks) that the deferred boot
    // script inserts once the document is parsed: nothing but the stylesheet stands before
    // the first paint, and the load event still waits for the module (decision 023).
    html.push_str("\"><script defer src=\"/");
    html.push_str(&manifest.boot);
    html.push_str("\" data-app=\"/");
    html.push_str(&manifest.js);
    html.push_str("\"></script></head><body><div id=\"root\">");
    html.push_str(markup);
    html.push_str("</div><script type=\"application/json\" id=\"__DATA__\">");
    html.push_str(&props);
    html.push_str("</script></body></html>");
    html
}

#[cfg(test)]
mod tests {
    use super::escape_json_for_script;

    #[test]
    fn props_cannot_close_the_script() {
        let json = serde_json::json!({"name": "</script><script>alert(1)</script> & \u{2028}"})
            .to_string();
        let escaped = escape_json_for_script(&json);
        assert!(!escaped.contains('<') && !escaped.contains('>') && !escaped.contains('&'));
        assert!(!escaped.contains('\u{2028}'));
        let back: serde_json::Value =
            serde_json::from_str(&escaped).expect("escaped props parse back");
        assert_eq!(
            back["name"],
            "</script><script>alert(1)</script> & \u{2028}"
        );
    }
}
