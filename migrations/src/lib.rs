//! Database schema for Vetrina, one change per file. A migration that has landed is never
//! edited: a later change is a new file listed at the end of `migrations()`.

pub use sea_orm_migration::prelude::*;

mod m20261122_080000_create_accounts;
mod m20261122_080100_create_catalogue;
mod m20261122_080200_create_usage_and_leads;
mod m20261125_090000_create_server_secrets;
mod m20261125_100000_create_product_search;
mod m20261126_080000_create_jobs;
mod m20261126_090000_create_processed_imports;
mod m20261126_100000_create_saved_mappings;
mod m20261126_110000_create_price_list_syncs;
mod m20261127_080000_create_analytics;
mod m20261128_080000_add_review_notes;
mod m20261129_080000_create_product_photos;
mod m20261129_090000_add_product_visibility;
mod m20261130_080000_create_ai_enrichments;
mod m20261201_080000_add_processed_import_claim;
mod m20261201_090000_add_job_lease_token;
mod m20261201_100000_add_rate_event_amounts;
mod m20261201_110000_bound_search_pending_list;
mod m20261202_080000_create_category_checks;
mod m20261202_090000_add_product_source_name;
mod m20261202_100000_add_product_suggested_category;
mod m20261203_080000_index_products_store_brand;
mod m20261203_090000_add_store_hours;
mod m20261204_080000_create_inquiries;
mod m20261204_090000_add_product_availability;
mod m20261204_100000_add_store_special_closures;
mod m20261204_110000_add_store_photos;
mod m20261205_080000_create_photo_batches;
mod m20261205_090000_create_search_words;
mod m20261205_100000_add_product_image_name;
mod m20261205_110000_add_product_variants;
mod m20261206_080000_create_category_examples;
mod m20261207_090000_add_store_position;
mod m20261208_080000_create_search_shop_words;
mod m20261209_080000_add_source_category;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_080000_create_accounts::Migration),
            Box::new(m20261122_080100_create_catalogue::Migration),
            Box::new(m20261122_080200_create_usage_and_leads::Migration),
            Box::new(m20261125_090000_create_server_secrets::Migration),
            Box::new(m20261125_100000_create_product_search::Migration),
            Box::new(m20261126_080000_create_jobs::Migration),
            Box::new(m20261126_090000_create_processed_imports::Migration),
            Box::new(m20261126_100000_create_saved_mappings::Migration),
            Box::new(m20261126_110000_create_price_list_syncs::Migration),
            Box::new(m20261127_080000_create_analytics::Migration),
            Box::new(m20261128_080000_add_review_notes::Migration),
            Box::new(m20261129_080000_create_product_photos::Migration),
            Box::new(m20261129_090000_add_product_visibility::Migration),
            Box::new(m20261130_080000_create_ai_enrichments::Migration),
            Box::new(m20261201_080000_add_processed_import_claim::Migration),
            Box::new(m20261201_090000_add_job_lease_token::Migration),
            Box::new(m20261201_100000_add_rate_event_amounts::Migration),
            Box::new(m20261201_110000_bound_search_pending_list::Migration),
            Box::new(m20261202_080000_create_category_checks::Migration),
            Box::new(m20261202_090000_add_product_source_name::Migration),
            Box::new(m20261202_100000_add_product_suggested_category::Migration),
            Box::new(m20261203_080000_index_products_store_brand::Migration),
            Box::new(m20261203_090000_add_store_hours::Migration),
            Box::new(m20261204_080000_create_inquiries::Migration),
            Box::new(m20261204_090000_add_product_availability::Migration),
            Box::new(m20261204_100000_add_store_special_closures::Migration),
            Box::new(m20261204_110000_add_store_photos::Migration),
            Box::new(m20261205_080000_create_photo_batches::Migration),
            Box::new(m20261205_090000_create_search_words::Migration),
            Box::new(m20261205_100000_add_product_image_name::Migration),
            Box::new(m20261205_110000_add_product_variants::Migration),
            Box::new(m20261206_080000_create_category_examples::Migration),
            Box::new(m20261207_090000_add_store_position::Migration),
            Box::new(m20261208_080000_create_search_shop_words::Migration),
            Box::new(m20261209_080000_add_source_category::Migration),
        ]
    }
}
