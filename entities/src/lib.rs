//! sea-orm entities, one file per table, matching `migrations/`.

pub mod ai_enrichment;
pub mod analytics_daily;
pub mod analytics_salt;
pub mod analytics_visitor;
pub mod category_check;
pub mod category_example;
pub mod email_token;
pub mod inquiry;
pub mod job;
pub mod lead;
pub mod monthly_usage;
pub mod photo_batch;
pub mod price_list_sync;
pub mod processed_import;
pub mod product;
pub mod product_photo;
pub mod rate_event;
pub mod saved_mapping;
pub mod session;
pub mod store;
pub mod sync_run;
pub mod user;
