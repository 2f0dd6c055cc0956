//! One integration-test binary: every test starts the real server on port 0 against a
//! fresh database (SQLite by default, PostgreSQL with TEST_DATABASE=postgres).
// Tests fail loudly on anything unexpected: unwrap is the assertion.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod helpers;

mod accounts;
mod accounts_email;
mod ai;
mod ai_imports;
mod ai_realdata;
mod analytics;
mod availability;
mod catalogue;
mod category_checks;
mod client_limits;
mod connections;
mod control_chars;
mod database_down;
mod disk_full;
mod export;
mod feeds;
mod health;
mod image_limits;
mod import;
mod import_crash;
mod import_keys;
mod import_limits;
mod import_names;
mod import_realdata;
mod inquiries;
mod jobs;
mod layers;
mod leads_geo;
mod limits;
mod login_limits;
mod logos;
mod nearby;
mod page_errors;
mod pages;
mod photo_batches;
mod photos;
mod price_sync;
mod prices;
mod products;
mod request_id;
mod review_groups;
mod security;
mod security_headers;
mod security_inputs;
mod shop_details;
mod shop_sections;
mod smtp_sink;
mod stores;
mod trial;
mod trusted_proxies;
mod visibility;
