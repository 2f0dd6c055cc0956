//! The workspace's crates depend one way only (decision 041): each may use the crates of the
//! layers under it, never one beside it or above it. Cargo already refuses a cycle; this
//! refuses the first step of one, and keeps web, database, runtime and HTTP-client crates out
//! of the domain.

use std::collections::BTreeMap;
use std::process::Command;

use serde_json::Value;

/// Each workspace crate's layer: a crate may depend on crates of lower layers only.
const LAYERS: &[(&str, u8)] = &[
    ("domain", 0),
    ("embedding", 0),
    ("migrations", 0),
    ("ssr-runtime", 0),
    ("import", 1),
    ("ai", 1),
    ("entities", 1),
    ("app", 2),
    ("vetrina", 9),
];

/// What the domain never depends on, not even through a crate of its own layer.
const KEPT_OUT_OF_DOMAIN: &[&str] = &[
    "axum",
    "hyper",
    "tower",
    "tower-http",
    "tokio",
    "reqwest",
    "sea-orm",
    "sqlx",
];

/// The web server's crates: only the top crate, which serves the application over HTTP,
/// may use them.
const WEB: &[&str] = &[
    "axum",
    "axum-core",
    "hyper",
    "hyper-util",
    "tower",
    "tower-http",
];

fn workspace() -> Value {
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// name → (dependency name, optional) of every workspace crate, dev-dependencies left out.
fn dependencies(metadata: &Value) -> BTreeMap<String, Vec<(String, bool)>> {
    let packages = metadata["packages"].as_array().unwrap();
    packages
        .iter()
        .map(|package| {
            let deps = package["dependencies"].as_array().unwrap();
            let deps = deps
                .iter()
                .filter(|dep| dep["kind"].as_str() != Some("dev"))
                .map(|dep| {
                    let name = dep["name"].as_str().unwrap().to_owned();
                    (name, dep["optional"].as_bool().unwrap_or(false))
                })
                .collect();
            (package["name"].as_str().unwrap().to_owned(), deps)
        })
        .collect()
}

#[test]
fn each_crate_depends_only_on_the_layers_under_it() {
    let crates = dependencies(&workspace());
    let layer: BTreeMap<&str, u8> = LAYERS.iter().copied().collect();
    for name in crates.keys() {
        assert!(
            layer.contains_key(name.as_str()),
            "{name} has no layer: add it to LAYERS and to decision 041"
        );
    }
    for (name, deps) in &crates {
        let own = layer[name.as_str()];
        for (dep, _) in deps {
            if let Some(&theirs) = layer.get(dep.as_str()) {
                assert!(
                    theirs < own,
                    "{name} (layer {own}) depends on {dep} (layer {theirs})"
                );
            }
        }
    }
}

#[test]
fn the_domain_knows_no_web_database_runtime_or_http_client() {
    let crates = dependencies(&workspace());
    for (dep, optional) in &crates["domain"] {
        // The one optional dependency is sea-orm's derive of the stored words, which the
        // store switches on (the `orm` feature); the domain's own code never calls it.
        let allowed = *optional && dep == "sea-orm";
        assert!(
            allowed || !KEPT_OUT_OF_DOMAIN.contains(&dep.as_str()),
            "the domain depends on {dep}"
        );
    }
}

#[test]
fn only_the_server_crate_knows_the_web_server() {
    let crates = dependencies(&workspace());
    for (name, deps) in crates.iter().filter(|(name, _)| name.as_str() != "vetrina") {
        for (dep, _) in deps {
            assert!(!WEB.contains(&dep.as_str()), "{name} depends on {dep}");
        }
    }
}
