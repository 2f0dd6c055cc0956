use sea_orm::entity::prelude::*;

/// A product an import left without a sure category, for the embedding classifier
/// (decision 032); `services::category_checks` works through them.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "category_checks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub store_id: i64,
    #[sea_orm(unique)]
    pub product_id: i64,
    /// What the price list said, as JSON (`services::category_checks::Input`).
    pub input: String,
    /// The product's `updated_at` when queued: changed since, it is the owner's.
    pub queued_at: TimeDateTimeWithTimeZone,
    pub done: bool,
    /// The line's embedding once read (`ai::examples::quantize`), so that what the owner
    /// teaches later re-reads the line without embedding it again.
    pub vector: Option<Vec<u8>>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
