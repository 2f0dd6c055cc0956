use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// What is being limited, e.g. `login:email:anna@example.it`.
    pub bucket: String,
    /// What the event weighs: 1 for a request, the bytes of an upload.
    pub amount: i64,
    pub created_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
