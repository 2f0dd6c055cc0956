use sea_orm::entity::prelude::*;

/// The salt of a day's visitor hashes, shared by every instance, removed after the day.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_salts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: String,
    pub salt: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
