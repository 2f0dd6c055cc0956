use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "leads")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub work_email: String,
    pub business_name: String,
    pub postal_code: String,
    pub city: String,
    pub created_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
