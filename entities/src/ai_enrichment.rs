use sea_orm::entity::prelude::*;
use sea_orm::sea_query::StringLen;

/// A product an import left to the AI provider (decision 026); `services::ai_enrichment`
/// works through them.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ai_enrichments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub store_id: i64,
    #[sea_orm(unique)]
    pub product_id: i64,
    /// What the price list said, as JSON (`services::ai_enrichment::Input`).
    pub input: String,
    pub state: State,
    /// Times the provider could not be reached for this product.
    pub attempts: i32,
    /// The product's `updated_at` when queued: changed since, it is the owner's.
    pub queued_at: TimeDateTimeWithTimeZone,
    pub finished_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
pub enum State {
    /// Waiting for the provider (or for next month's allowance).
    #[sea_orm(string_value = "pending")]
    Pending,
    /// The provider's answer was written.
    #[sea_orm(string_value = "done")]
    Done,
    /// The answer was refused (malformed, or adding facts): the builtin texts stay.
    #[sea_orm(string_value = "kept")]
    Kept,
    /// The owner changed the product meanwhile: left as the owner made it.
    #[sea_orm(string_value = "skipped")]
    Skipped,
    /// The provider could not be reached, several times: the builtin texts stay.
    #[sea_orm(string_value = "failed")]
    Failed,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
