use sea_orm::entity::prelude::*;

/// The address a shop's price list is fetched from once a day (`services::price_sync`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "price_list_syncs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub store_id: i64,
    pub url: String,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
