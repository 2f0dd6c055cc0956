//! `/api/leads`: demo requests from the landing page (docs/product/validation.md rules).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use domain::messages;
use domain::validation::char_len;
use domain::{Cap, Email};
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;

use super::extract::ApiJson;
use crate::error::Result;
use crate::fields::trimmed;
use crate::net::ClientAddr;
use crate::services::leads::{self, NewLead};
use crate::services::rate_limit;
use crate::AppState;
use app::error::Problems;

#[derive(Debug, Deserialize, ToSchema)]
pub struct LeadInput {
    #[serde(rename = "workEmail")]
    pub work_email: Option<String>,
    #[serde(rename = "businessName")]
    pub business_name: Option<String>,
    pub postal_code: Option<String>,
    pub city: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct LeadCreated {
    pub success: bool,
    pub id: i64,
}

/// Store a demo request.
#[utoipa::path(post, path = "/api/leads", tag = "leads", request_body = LeadInput,
    responses((status = 201, body = LeadCreated), (status = 422, body = crate::error::ErrorBody),
        (status = 429, description = "`rate_limited`: too many requests from this address", body = crate::error::ErrorBody)))]
pub async fn create(
    State(app): State<AppState>,
    ClientAddr(client): ClientAddr,
    ApiJson(input): ApiJson<LeadInput>,
) -> Result<(StatusCode, Json<LeadCreated>)> {
    let mut p = Problems::default();
    let work_email = Email::parse(input.work_email.as_deref().unwrap_or_default());
    let business_name = trimmed(input.business_name.as_deref());
    let postal_code = trimmed(input.postal_code.as_deref());
    let city = trimmed(input.city.as_deref());
    p.check(work_email.is_some(), "workEmail", messages::EMAIL_INVALID);
    p.check(
        !business_name.is_empty(),
        "businessName",
        messages::FIELD_REQUIRED,
    );
    p.check(
        char_len(&business_name) <= domain::limits::shop::NAME,
        "businessName",
        messages::TOO_LONG,
    );
    p.check(
        Cap::parse(&postal_code).is_some(),
        "postal_code",
        messages::POSTAL_CODE_INVALID,
    );
    p.check(!city.is_empty(), "city", messages::CITY_REQUIRED);
    p.check(char_len(&city) <= 120, "city", messages::TOO_LONG);
    p.into_result()?;
    rate_limit::take(
        &app.db,
        &format!("lead:ip:{}", client),
        app.config.limits.leads_per_hour,
        Duration::hours(1),
        messages::TOO_MANY_LEADS,
    )
    .await?;
    let lead = leads::create(
        &app.db,
        NewLead {
            work_email: work_email.map(Email::into_string).unwrap_or_default(),
            business_name,
            postal_code,
            city,
        },
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(LeadCreated {
            success: true,
            id: lead.id,
        }),
    ))
}
