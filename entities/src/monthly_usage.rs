use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "monthly_usage")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub store_id: i64,
    /// Calendar month, `YYYY-MM` (UTC).
    #[sea_orm(primary_key, auto_increment = false)]
    pub month: String,
    pub imports: i32,
    pub regenerations: i32,
    /// Products the AI provider answered after imports (decision 026).
    pub ai_products: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
