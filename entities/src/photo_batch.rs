use sea_orm::entity::prelude::*;

/// A ZIP of product pictures and its progress (`services::photo_batches`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "photo_batches")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub store_id: i64,
    /// The ZIP's name as the owner's computer called it.
    pub file_name: String,
    /// The ZIP kept under the data directory until its pictures are stored.
    pub path: String,
    /// `pending`, `done` or `failed`.
    pub state: String,
    /// JSON: the pictures to attach, in order.
    pub entries: String,
    pub total: i32,
    pub done: i32,
    pub added: i32,
    /// JSON: the names of the pictures no product matched (at most a few hundred).
    pub unmatched: String,
    /// JSON: the matched pictures that could not be used, with why.
    pub report: String,
    pub created_at: TimeDateTimeWithTimeZone,
    pub finished_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
