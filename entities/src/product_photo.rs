use sea_orm::entity::prelude::*;

/// One of the owner's photos of a product (`services::photos`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "product_photos")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub product_id: i64,
    /// 0 is the product's picture; the gallery follows the positions.
    pub position: i32,
    /// `/media/products/ph-<hash>-800.jpg` (160, 400 and 1600 px copies beside it).
    pub url: String,
    pub created_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
