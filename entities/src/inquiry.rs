use sea_orm::entity::prelude::*;

/// A visitor's "Chiedi disponibilità" request (`services::inquiries`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inquiries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub store_id: i64,
    /// Null when asked about the shop, or once the product is deleted.
    pub product_id: Option<i64>,
    /// The product's name when asked, kept after the product is gone.
    pub product_name: Option<String>,
    pub name: String,
    /// An e-mail address or a telephone number.
    pub contact: String,
    pub message: String,
    pub created_at: TimeDateTimeWithTimeZone,
    pub read_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
