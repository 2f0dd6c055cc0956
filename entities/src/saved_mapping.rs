use sea_orm::entity::prelude::*;

/// The mapping a shop last confirmed for files with these headers (`services::imports::saved`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "saved_mappings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub store_id: i64,
    /// SHA-256 (hex) of the file's header names, in order.
    pub headers_key: String,
    /// The `Mapping` as JSON.
    pub mapping: String,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
