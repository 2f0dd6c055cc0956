use sea_orm::entity::prelude::*;

/// One count of the Pro report: a shop's `metric` on a `day`, for a `key`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_daily")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub store_id: i64,
    /// `views`, `product`, `search`, `source`, `crawl` or `visitors` (`analytics::Metric`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub metric: String,
    /// `YYYY-MM-DD`, an Italian day.
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: String,
    /// The product id, search term, source or crawler; "" for totals.
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    pub hits: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
