use sea_orm::entity::prelude::*;

/// A processed file waiting for its import (`services::imports::kept`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "processed_imports")]
pub struct Model {
    /// The `processId` the wizard confirms.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub store_id: i64,
    pub created_at: TimeDateTimeWithTimeZone,
    /// `Processed` as gzip-compressed JSON.
    pub payload: Vec<u8>,
    /// Set by the import's transaction: the file cannot be imported again.
    pub imported_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
