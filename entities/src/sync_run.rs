use sea_orm::entity::prelude::*;

/// One daily sync of a shop's price list and what it changed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sync_runs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub store_id: i64,
    pub started_at: TimeDateTimeWithTimeZone,
    pub finished_at: TimeDateTimeWithTimeZone,
    pub succeeded: bool,
    /// New products.
    pub created: i32,
    /// Known products whose price or availability changed.
    pub updated: i32,
    /// Products no longer in the file, marked not available.
    pub unavailable: i32,
    /// Why it failed (Italian, for the owner).
    pub message: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
