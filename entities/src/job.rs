use sea_orm::entity::prelude::*;

/// Background work due at `run_at` (decision 018); `services::jobs` claims and runs it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// What to do, e.g. `housekeeping`.
    pub kind: String,
    /// Which one, e.g. a shop id; empty for work on the whole site.
    pub key: String,
    pub run_at: TimeDateTimeWithTimeZone,
    /// Set while an instance works on it; past this time another instance may take it.
    pub locked_until: Option<TimeDateTimeWithTimeZone>,
    /// The lease's token, known only to the instance holding it.
    pub lease_token: Option<String>,
    /// Runs started since the last success.
    pub attempts: i32,
    pub last_error: Option<String>,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
