use sea_orm::entity::prelude::*;

/// A visitor of a shop on a day, as a hash salted with that day's salt: counted, then
/// removed, once the day is over.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_visitors")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub store_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub hash: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
