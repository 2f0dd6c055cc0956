use sea_orm::entity::prelude::*;

/// A product whose category the owner confirmed or corrected: what the shop taught the
/// classifier (`ai::examples`, `services::category_examples`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "category_examples")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub store_id: i64,
    #[sea_orm(unique)]
    pub product_id: i64,
    /// The line as the model reads it (`ai::classifier::text_of`).
    pub text: String,
    pub category: String,
    /// The product's category as its price list had it, when it had one.
    pub source_category: Option<String>,
    /// Its embedding (`ai::examples::quantize`); `None` until the shop's job embedded it.
    pub vector: Option<Vec<u8>>,
    pub created_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
