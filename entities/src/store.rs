use domain::Plan;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "stores")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub slug: domain::Slug,
    pub description: String,
    pub partner_group: Option<String>,
    pub logo_img_url: Option<String>,
    pub address: String,
    pub city: String,
    pub postal_code: String,
    pub website_url: Option<String>,
    pub telephone: String,
    pub email: String,
    /// Weekly opening hours as JSON (`domain::opening_hours`); none when not given.
    pub opening_hours: Option<String>,
    /// Days closed outside the weekly hours, as JSON (`domain::special_closures`).
    pub special_closures: Option<String>,
    /// Photos of the shop itself, as a JSON list of stored pictures (`services::store_photos`).
    pub photos: Option<String>,
    /// The shop's store code in its Google Business Profile (the local-inventory feed's
    /// `store_code`); the shop's id when not given.
    pub google_store_code: Option<String>,
    /// Where the shop exactly is, in degrees, when the owner says it (both or neither).
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// The plan sold to the shop; a running trial is layered on top (see `plans`).
    pub plan: Plan,
    pub trial_plan: Option<Plan>,
    pub trial_used: bool,
    pub trial_ends_at: Option<TimeDateTimeWithTimeZone>,
    /// Bumped by every change to the shop or its products; part of the HTML cache key.
    pub content_version: i64,
    pub created_at: TimeDateTimeWithTimeZone,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::UserId",
        to = "super::user::Column::Id",
        on_delete = "Cascade"
    )]
    User,
    #[sea_orm(has_many = "super::product::Entity")]
    Products,
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::User.def()
    }
}

impl Related<super::product::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Products.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    /// The plan in force at `now`: the trial's while it runs, the sold plan otherwise.
    pub fn effective_plan(&self, now: TimeDateTimeWithTimeZone) -> Plan {
        domain::plan::in_force(self.plan, self.trial_plan, self.trial_ends_at, now)
    }

    /// When the trial in force ends, or `None` when no trial is running.
    pub fn running_trial_end(
        &self,
        now: TimeDateTimeWithTimeZone,
    ) -> Option<TimeDateTimeWithTimeZone> {
        domain::plan::trial_end(self.trial_plan, self.trial_ends_at, now)
    }
}
