//! The TypeScript of everything the server sends the frontend: page props (decision 002),
//! API replies and error codes. It is generated from the Rust types with ts-rs into
//! `frontend/src/generated/`, one file per type plus `index.ts`, and committed;
//! `frontend/src/types.ts` re-exports it. The test below fails when the committed files
//! differ from what the types say; `VETRINA_WRITE_TYPES=1 cargo test -p vetrina --lib
//! typescript` rewrites them.

use ts_rs::{Config, TS};

/// Where the files live, from the crate's directory.
pub const DIR: &str = "../frontend/src/generated";

/// `(file name, contents)` of every generated file, sorted by name.
pub fn files() -> Vec<(String, String)> {
    let mut out = Exports {
        // i64/u64 ids and counts are plain numbers in JSON (all far below 2^53).
        cfg: Config::new().with_large_int("number"),
        files: Vec::new(),
        names: Vec::new(),
    };
    page_types(&mut out);
    shared_types(&mut out);
    reply_types(&mut out);
    wizard_and_report_types(&mut out);
    out.finish()
}

/// Page props (docs/decisions/002-ssr-contract.md).
fn page_types(out: &mut Exports) {
    export!(
        out;
        crate::pages::props::PageProps,
        crate::pages::props::Site,
        crate::config::Operator,
        crate::pages::props::StoreListing,
        crate::pages::props::ExploreListing,
        crate::pages::props::NearbyListing,
        crate::pages::props::Showcase,
        crate::pages::props::ProductAttribute,
        crate::pages::props::ProductLinks,
        crate::pages::sections::ListingFacet,
        crate::pages::sections::ListingSection,
    );
}

/// What the pages and the API share, and the errors.
fn shared_types(out: &mut Exports) {
    export!(
        out;
        crate::views::StoreView,
        domain::opening_hours::OpeningSlot,
        crate::views::OwnerStoreView,
        crate::api::sync::SyncView,
        crate::api::sync::SyncRunView,
        crate::api::sync::SyncQueued,
        crate::views::AccountView,
        crate::views::ProductView,
        crate::views::ProductPageView,
        crate::views::CategoryCount,
        crate::views::StatusCounts,
        crate::views::NearbyItem,
        crate::views::NearbyResults,
        domain::plan::Plan,
        domain::plan::Limits,
        domain::ProductStatus,
        domain::Availability,
        crate::views::GeoPoint,
        domain::special_closures::SpecialClosure,
        // The error reply.
        crate::error::ErrorBody,
        domain::ErrorCode,
    );
}

/// The API's replies.
fn reply_types(out: &mut Exports) {
    export!(
        out;
        crate::api::accounts::Outcome,
        crate::api::auth::Done,
        crate::api::stores::Registered,
        crate::api::products::Deleted,
        crate::api::review::ReviewView,
        crate::api::photos::ProductPhotos,
        crate::api::store_photos::StorePhotos,
        crate::api::photo_batches::PhotoBatchView,
        import::variants::Variant,
        crate::services::photo_batches::PhotoProblem,
        crate::api::review::ReviewGroup,
        crate::api::review::Accepted,
        crate::api::ai_enrichment::AiEnrichmentView,
        crate::api::ai_enrichment::AiReportClosed,
        crate::api::enrich::GeneratedProduct,
        crate::api::geo::Towns,
        crate::api::uploads::Uploaded,
        crate::api::leads::LeadCreated,
        crate::api::inquiries::InquirySent,
        crate::api::inquiries::InquiryView,
        crate::api::inquiries::InboxView,
    );
}

/// The import wizard's and the Pro report's replies.
fn wizard_and_report_types(out: &mut Exports) {
    export!(
        out;
        crate::api::files::Analysis,
        crate::api::files::ProcessReply,
        crate::api::files::Cancelled,
        crate::api::files::FileFailure,
        crate::api::files::ItemView,
        crate::api::files::RowErrorView,
        crate::api::files::WarningView,
        crate::api::files::StatisticsView,
        crate::api::files::RowAction,
        import::Mapping,
        import::Fixed,
        crate::services::allowance::AllowanceView,
        crate::analytics::report::AnalyticsReport,
        crate::analytics::report::Views,
        crate::analytics::report::DayCount,
        crate::analytics::report::TopProduct,
        crate::analytics::report::AskedProduct,
        crate::analytics::report::SearchCount,
        crate::analytics::report::Sources,
        crate::analytics::report::Crawls,
    );
}

/// The files generated so far, and the types' names for the index.
struct Exports {
    cfg: Config,
    files: Vec<(String, String)>,
    names: Vec<String>,
}

impl Exports {
    fn add<T: TS + 'static>(&mut self) {
        let name = T::ident(&self.cfg);
        let text = T::export_to_string(&self.cfg).unwrap_or_else(|e| panic!("{name}: {e}"));
        self.files.push((format!("{name}.ts"), text));
        self.names.push(name);
    }

    /// The files with `index.ts`, sorted by name.
    fn finish(mut self) -> Vec<(String, String)> {
        self.names.sort();
        let mut index = String::from(
            "// Generated by server/src/typescript.rs from the Rust types. Do not edit this file manually.\n",
        );
        for name in &self.names {
            index.push_str(&format!("export type {{ {name} }} from \"./{name}\";\n"));
        }
        self.files.push(("index.ts".to_owned(), index));
        self.files.sort();
        self.files
    }
}

/// Adds each type's file to an [`Exports`].
macro_rules! export {
    ($out:ident; $($ty:ty),* $(,)?) => {$( $out.add::<$ty>(); )*};
}
use export;

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;

    #[test]
    fn generated_typescript_matches_the_rust_types() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR);
        let files = files();
        let rewrite = std::env::var_os("VETRINA_WRITE_TYPES").is_some_and(|v| v == "1");
        let wanted: BTreeSet<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        let present: BTreeSet<String> = std::fs::read_dir(&dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok()?.file_name().into_string().ok())
                    .filter(|n| n.ends_with(".ts"))
                    .collect()
            })
            .unwrap_or_default();
        if rewrite {
            std::fs::create_dir_all(&dir).unwrap();
            for stale in present.iter().filter(|n| !wanted.contains(n.as_str())) {
                std::fs::remove_file(dir.join(stale)).unwrap();
            }
            for (name, text) in &files {
                std::fs::write(dir.join(name), text).unwrap();
            }
            return;
        }
        let hint = "run `VETRINA_WRITE_TYPES=1 cargo test -p vetrina --lib typescript` and commit frontend/src/generated/";
        let stale: Vec<&String> = present
            .iter()
            .filter(|n| !wanted.contains(n.as_str()))
            .collect();
        assert!(stale.is_empty(), "{stale:?} no longer generated: {hint}");
        for (name, text) in &files {
            let committed = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
            assert!(
                &committed == text,
                "frontend/src/generated/{name} differs from the Rust types: {hint}\n--- generated:\n{text}"
            );
        }
    }
}
