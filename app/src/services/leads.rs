//! Demo requests from the landing page.

use entities::lead;
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};
use time::OffsetDateTime;

use crate::error::Result;

pub struct NewLead {
    pub work_email: String,
    pub business_name: String,
    pub postal_code: String,
    pub city: String,
}

pub async fn create(db: &impl ConnectionTrait, new: NewLead) -> Result<lead::Model> {
    Ok(lead::ActiveModel {
        work_email: Set(new.work_email),
        business_name: Set(new.business_name),
        postal_code: Set(new.postal_code),
        city: Set(new.city),
        created_at: Set(OffsetDateTime::now_utc()),
        ..Default::default()
    }
    .insert(db)
    .await?)
}
