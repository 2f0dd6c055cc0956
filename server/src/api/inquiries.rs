//! "Chiedi disponibilità": `POST /api/stores/{id}/inquiries` (anyone, no account; bounded
//! per client and per shop) stores a visitor's question in the owner's inbox and mails it to
//! the owner; `GET/PATCH/DELETE /api/stores/me/inquiries…` are the owner's inbox.

use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::Json;
use domain::messages;
use domain::validation::{char_len, is_telephone, looks_like_markup};
use domain::Email;
use entities::{inquiry, user};
use sea_orm::EntityTrait;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;

use super::extract::{parse_id, ApiJson};
use crate::auth::Owner;
use crate::email::{self, InquiryMail};
use crate::error::{AppError, Result};
use crate::fields::trimmed;
use crate::net::ClientAddr;
use crate::services::inquiries::{self, NewInquiry};
use crate::services::{products, rate_limit};
use crate::views::rfc3339;
use crate::AppState;
use app::error::Problems;

/// Characters of each field.
const NAME_CHARS: usize = 80;
const CONTACT_CHARS: usize = 120;
const MESSAGE_CHARS: usize = 1000;
/// Requests one shop may receive in a day, whoever sends them: an inbox, not a spam sink.
const PER_SHOP_PER_DAY: u64 = 100;
/// Requests per page of the inbox.
const PAGE_SIZE: u64 = 20;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InquiryInput {
    /// The product asked about (one of this shop's published products); absent for the shop.
    pub product_id: Option<i64>,
    pub name: Option<String>,
    /// An e-mail address or a telephone number.
    pub contact: Option<String>,
    pub message: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct InquirySent {
    pub success: bool,
}

/// Send a request to a shop about one of its products.
#[utoipa::path(post, path = "/api/stores/{id}/inquiries", tag = "inquiries", request_body = InquiryInput,
    responses((status = 201, body = InquirySent),
        (status = 404, description = "no such public shop, or no such product in it", body = crate::error::ErrorBody),
        (status = 422, description = "`validation`: a field is empty, too long, or holds markup", body = crate::error::ErrorBody),
        (status = 429, description = "`rate_limited`: too many requests from this address, or to this shop today", body = crate::error::ErrorBody)))]
pub async fn create(
    State(app): State<AppState>,
    Path(id): Path<String>,
    ClientAddr(client): ClientAddr,
    ApiJson(input): ApiJson<InquiryInput>,
) -> Result<(StatusCode, Json<InquirySent>)> {
    let id = parse_id(&id, messages::STORE_NOT_FOUND)?;
    let Some(store) = app.store_rows.find(&app.db, id).await? else {
        return Err(AppError::not_found(messages::STORE_NOT_FOUND).into());
    };
    let (name, contact, message) = checked(&input)?;
    let product = match input.product_id {
        Some(product_id) => {
            let found = products::find_own(&app.db, store.id, product_id).await?;
            if !found.published {
                return Err(AppError::not_found(messages::PRODUCT_NOT_FOUND).into());
            }
            Some((found.id, found.name))
        }
        None => None,
    };
    take_turn(&app, &client, store.id).await?;
    let saved = inquiries::create(
        &app.db,
        NewInquiry {
            store_id: store.id,
            product,
            name,
            contact,
            message,
        },
    )
    .await?;
    // The request is in the inbox whatever the mail server does; the mail goes on its own
    // (bounded by the SMTP timeout), so the visitor does not wait for it.
    let app_for_mail = app.clone();
    let user_id = store.user_id;
    tokio::spawn(async move { tell_the_owner(&app_for_mail, user_id, saved).await });
    Ok((StatusCode::CREATED, Json(InquirySent { success: true })))
}

/// The request's name, contact and message, trimmed, once every field is valid.
fn checked(input: &InquiryInput) -> Result<(String, String, String)> {
    let name = trimmed(input.name.as_deref());
    let contact = trimmed(input.contact.as_deref());
    let message = trimmed(input.message.as_deref());
    let mut p = Problems::default();
    p.check(!name.is_empty(), "name", messages::INQUIRY_NAME_REQUIRED);
    p.check(char_len(&name) <= NAME_CHARS, "name", messages::TOO_LONG);
    p.check(
        Email::parse(&contact).is_some() || is_telephone(&contact),
        "contact",
        messages::INQUIRY_CONTACT_INVALID,
    );
    p.check(
        char_len(&contact) <= CONTACT_CHARS,
        "contact",
        messages::TOO_LONG,
    );
    p.check(
        !message.is_empty(),
        "message",
        messages::INQUIRY_MESSAGE_REQUIRED,
    );
    p.check(
        char_len(&message) <= MESSAGE_CHARS,
        "message",
        messages::TOO_LONG,
    );
    for (field, text) in [
        ("name", &name),
        ("contact", &contact),
        ("message", &message),
    ] {
        p.check(!looks_like_markup(text), field, messages::INQUIRY_NO_MARKUP);
    }
    p.into_result()?;
    Ok((name, contact, message))
}

/// One request of the client's hourly allowance and of the shop's daily one.
async fn take_turn(app: &AppState, client: &impl std::fmt::Display, store_id: i64) -> Result<()> {
    rate_limit::take(
        &app.db,
        &format!("inquiry:ip:{client}"),
        app.config.limits.inquiries_per_hour,
        Duration::hours(1),
        messages::TOO_MANY_INQUIRIES,
    )
    .await?;
    Ok(rate_limit::take(
        &app.db,
        &format!("inquiry:store:{store_id}"),
        PER_SHOP_PER_DAY,
        Duration::days(1),
        messages::SHOP_INQUIRIES_FULL,
    )
    .await?)
}

async fn tell_the_owner(app: &AppState, user_id: i64, saved: inquiry::Model) {
    let owner = match user::Entity::find_by_id(user_id).one(&app.db).await {
        Ok(Some(owner)) => owner,
        Ok(None) => return,
        Err(err) => {
            tracing::error!(inquiry = saved.id, error = ?err, "inquiry e-mail not sent");
            return;
        }
    };
    let mail = email::inquiry(
        &app.config.public_base(),
        &owner.email,
        &InquiryMail {
            product: saved.product_name,
            name: saved.name,
            contact: saved.contact,
            message: saved.message,
        },
    );
    if let Err(err) = app.mailer.send(mail).await {
        tracing::error!(inquiry = saved.id, error = %err, "inquiry e-mail not sent");
    }
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct InquiryView {
    pub id: i64,
    /// Null when asked about the shop, or once the product is deleted.
    pub product_id: Option<i64>,
    pub product_name: Option<String>,
    pub name: String,
    pub contact: String,
    /// `email` or `phone`: how the owner answers.
    pub contact_kind: String,
    pub message: String,
    pub created: String,
    pub read: bool,
}

impl From<inquiry::Model> for InquiryView {
    fn from(m: inquiry::Model) -> Self {
        let kind = if Email::parse(&m.contact).is_some() {
            "email"
        } else {
            "phone"
        };
        Self {
            id: m.id,
            product_id: m.product_id,
            product_name: m.product_name,
            name: m.name,
            contact_kind: kind.to_owned(),
            contact: m.contact,
            message: m.message,
            created: rfc3339(m.created_at),
            read: m.read_at.is_some(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct InboxView {
    pub items: Vec<InquiryView>,
    pub total: u64,
    pub unread: u64,
    pub page: u64,
    pub pages: u64,
}

/// The shop's requests, newest first, 20 a page.
#[utoipa::path(get, path = "/api/stores/me/inquiries", tag = "inquiries", security(("session" = [])),
    params(("page" = Option<u64>, Query, description = "from 1")),
    responses((status = 200, body = InboxView), (status = 401, body = crate::error::ErrorBody),
        (status = 422, description = "`validation`: `page` is not a number from 1", body = crate::error::ErrorBody)))]
pub async fn inbox(
    State(app): State<AppState>,
    owner: Owner,
    RawQuery(query): RawQuery,
) -> Result<Json<InboxView>> {
    let page = page_of(query.as_deref())?;
    let found = inquiries::page(&app.db, owner.store.id, page, PAGE_SIZE).await?;
    Ok(Json(InboxView {
        items: found.items.into_iter().map(InquiryView::from).collect(),
        pages: found.total.div_ceil(PAGE_SIZE).max(1),
        total: found.total,
        unread: found.unread,
        page,
    }))
}

fn page_of(query: Option<&str>) -> Result<u64> {
    let raw = url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .find(|(k, _)| k == "page")
        .map(|(_, v)| v.into_owned());
    match raw {
        None => Ok(1),
        Some(v) => Ok(v
            .parse::<u64>()
            .ok()
            .filter(|&n| (1..=1_000_000).contains(&n))
            .ok_or_else(|| AppError::field("page", messages::PAGE_INVALID))?),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InquiryChange {
    pub read: bool,
}

/// Mark a request read or unread.
#[utoipa::path(patch, path = "/api/stores/me/inquiries/{id}", tag = "inquiries", security(("session" = [])),
    request_body = InquiryChange,
    responses((status = 200, body = InquiryView), (status = 404, description = "not a request of this shop", body = crate::error::ErrorBody)))]
pub async fn update(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
    ApiJson(change): ApiJson<InquiryChange>,
) -> Result<Json<InquiryView>> {
    let id = parse_id(&id, messages::INQUIRY_NOT_FOUND)?;
    let saved = inquiries::set_read(&app.db, owner.store.id, id, change.read).await?;
    Ok(Json(saved.into()))
}

/// Delete a request.
#[utoipa::path(delete, path = "/api/stores/me/inquiries/{id}", tag = "inquiries", security(("session" = [])),
    responses((status = 200, body = InquirySent), (status = 404, description = "not a request of this shop", body = crate::error::ErrorBody)))]
pub async fn remove(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
) -> Result<Json<InquirySent>> {
    let id = parse_id(&id, messages::INQUIRY_NOT_FOUND)?;
    inquiries::delete(&app.db, owner.store.id, id).await?;
    Ok(Json(InquirySent { success: true }))
}
