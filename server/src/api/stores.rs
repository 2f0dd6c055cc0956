//! `/api/stores`: registration, explore, public shop, owner's shop, settings and trial.

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use domain::limits::shop;
use domain::messages;
use domain::opening_hours::{self, OpeningSlot};
use domain::special_closures::{self, SpecialClosure};
use domain::validation::password_problem;
use domain::Email;
use domain::Plan;
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;

use super::extract::{parse_id, ApiJson};
use crate::auth::{password, Owner};
use crate::error::{AppError, Result};
use crate::fields::{self, nullable, trimmed};
use crate::media::Lane;
use crate::net::ClientAddr;
use crate::render;
use crate::services::explore::{self, ExploreQuery};
use crate::services::{accounts, logo_files, rate_limit, stores, usage};
use crate::views::{GeoPoint, OwnerStoreView, StoreView};
use crate::AppState;
use app::error::Problems;

/// Characters of a Google Business Profile store code (Google allows 64).
const MAX_STORE_CODE: usize = 64;

/// Registration payload (docs/product/routes.md). Fields a client must not set (plan, counters,
/// trial) are accepted and ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterInput {
    pub email: Option<String>,
    pub password: Option<String>,
    pub name: Option<String>,
    pub description: Option<String>,
    pub partner_group: Option<String>,
    pub logo_img_url: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub website_url: Option<String>,
    pub telephone: Option<String>,
}

impl RegisterInput {
    fn validate(self) -> Result<(Email, String, stores::StoreDetails)> {
        let mut p = Problems::default();
        let name = trimmed(self.name.as_deref());
        fields::check_name(&mut p, &name);
        let description = trimmed(self.description.as_deref());
        fields::check_description(&mut p, &description);
        let postal_code = trimmed(self.postal_code.as_deref());
        fields::check_postal_code(&mut p, &postal_code);
        let city = trimmed(self.city.as_deref());
        fields::check_city(&mut p, &city);
        let address = trimmed(self.address.as_deref());
        fields::check_address(&mut p, &address);
        let website_url = fields::website(&mut p, self.website_url.as_deref());
        let telephone = trimmed(self.telephone.as_deref());
        fields::check_telephone(&mut p, &telephone);
        let email = Email::parse(self.email.as_deref().unwrap_or_default());
        p.check(email.is_some(), "email", messages::EMAIL_INVALID);
        let password = self.password.unwrap_or_default();
        if let Some(problem) = password_problem(&password) {
            p.add("password", problem);
        }
        p.check(password.len() <= 256, "password", messages::TOO_LONG);
        let partner_group = fields::optional_text(
            &mut p,
            "partner_group",
            self.partner_group.as_deref(),
            shop::PARTNER_GROUP,
        );
        let logo_img_url = fields::logo(&mut p, self.logo_img_url.as_deref());
        p.into_result()?;
        let email = email.ok_or_else(|| AppError::field("email", messages::EMAIL_INVALID))?;
        let details = stores::StoreDetails {
            name,
            description,
            partner_group,
            logo_img_url,
            address,
            city,
            postal_code,
            website_url,
            telephone,
        };
        Ok((email, password, details))
    }
}

/// Shop settings (docs/product/routes.md: `PUT /stores/{id}`); absent fields stay as they are.
/// `slug` is accepted and ignored: it always follows the name.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct StoreUpdateInput {
    pub name: Option<String>,
    pub description: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub logo_img_url: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub partner_group: Option<Option<String>>,
    pub telephone: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub website_url: Option<Option<String>>,
    /// Weekly slots; `null` or `[]` clears them.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<Vec<OpeningSlot>>)]
    pub opening_hours: Option<Option<Vec<OpeningSlot>>>,
    /// Days closed outside the weekly hours (dates in Europe/Rome); `null` or `[]` clears
    /// them; those already over are dropped.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<Vec<SpecialClosure>>)]
    pub special_closures: Option<Option<Vec<SpecialClosure>>>,
    /// The store code of the shop's Google Business Profile.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub google_store_code: Option<Option<String>>,
    /// Where the shop exactly is (degrees, in Italy); `null` goes back to the centre of the
    /// CAP's comune.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<GeoPoint>)]
    pub position: Option<Option<GeoPoint>>,
}

/// Italy, its islands, San Marino and the Vatican, with a margin: a position outside is a
/// typing slip (latitude and longitude swapped, a sign lost).
const ITALY_LAT: std::ops::RangeInclusive<f64> = 35.0..=47.5;
const ITALY_LNG: std::ops::RangeInclusive<f64> = 6.0..=19.0;

impl StoreUpdateInput {
    fn validate(self) -> Result<stores::StoreChanges> {
        let mut p = Problems::default();
        let mut changes = stores::StoreChanges {
            name: sent(&mut p, self.name.as_deref(), fields::check_name),
            description: sent(
                &mut p,
                self.description.as_deref(),
                fields::check_description,
            ),
            postal_code: sent(
                &mut p,
                self.postal_code.as_deref(),
                fields::check_postal_code,
            ),
            city: sent(&mut p, self.city.as_deref(), fields::check_city),
            address: sent(&mut p, self.address.as_deref(), fields::check_address),
            telephone: sent(&mut p, self.telephone.as_deref(), fields::check_telephone),
            ..Default::default()
        };
        if let Some(v) = self.website_url {
            changes.website_url = Some(fields::website(&mut p, v.as_deref()));
        }
        if let Some(v) = self.logo_img_url {
            changes.logo_img_url = Some(fields::logo(&mut p, v.as_deref()));
        }
        if let Some(v) = self.partner_group {
            changes.partner_group = Some(fields::optional_text(
                &mut p,
                "partner_group",
                v.as_deref(),
                shop::PARTNER_GROUP,
            ));
        }
        if let Some(slots) = self.opening_hours {
            match opening_hours::parse(slots.unwrap_or_default()) {
                Ok(slots) => changes.opening_hours = Some(stored_list(&slots)?),
                Err(err) => p.add("opening_hours", err.0),
            }
        }
        if let Some(list) = self.special_closures {
            let today = crate::analytics::today();
            match special_closures::parse(list.unwrap_or_default(), &today) {
                Ok(list) => changes.special_closures = Some(stored_list(&list)?),
                Err(err) => p.add("special_closures", err.0),
            }
        }
        if let Some(v) = self.position {
            match v {
                None => changes.position = Some(None),
                Some(GeoPoint { lat, lng })
                    if ITALY_LAT.contains(&lat) && ITALY_LNG.contains(&lng) =>
                {
                    changes.position = Some(Some((lat, lng)))
                }
                Some(_) => p.add("position", messages::POSITION_OUTSIDE_ITALY),
            }
        }
        if let Some(v) = self.google_store_code {
            changes.google_store_code = Some(fields::optional_text(
                &mut p,
                "google_store_code",
                v.as_deref(),
                MAX_STORE_CODE,
            ));
        }
        p.into_result()?;
        Ok(changes)
    }
}

/// A text field the request sent, trimmed and `check`ed; `None` when it was not sent.
fn sent(p: &mut Problems, raw: Option<&str>, check: fn(&mut Problems, &str)) -> Option<String> {
    let value = trimmed(Some(raw?));
    check(p, &value);
    Some(value)
}

/// A list of the shop's details as stored: its JSON, `None` when it is empty.
fn stored_list<T: Serialize>(list: &[T]) -> Result<Option<String>> {
    if list.is_empty() {
        return Ok(None);
    }
    Ok(serde_json::to_string(list)
        .map(Some)
        .map_err(|e| AppError::Internal(e.into()))?)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TrialInput {
    #[serde(rename = "targetPlan")]
    pub target_plan: Option<String>,
}

/// The new shop, and whether the verification e-mail left.
#[derive(Debug, Serialize, ToSchema, ts_rs::TS)]
pub struct Registered {
    #[serde(flatten)]
    pub store: OwnerStoreView,
    #[serde(rename = "emailSent")]
    pub email_sent: bool,
    /// Italian text for the user: check the mailbox, or the e-mail could not be sent.
    pub message: &'static str,
}

/// Register a shop: user and shop are created together, then the verification e-mail
/// is sent. A mail-server failure keeps the account (`emailSent: false`).
#[utoipa::path(post, path = "/api/stores", tag = "stores", request_body = RegisterInput,
    responses((status = 201, body = Registered), (status = 409, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody),
        (status = 429, description = "`rate_limited`: too many registrations from this address", body = crate::error::ErrorBody)))]
pub async fn register(
    State(app): State<AppState>,
    ClientAddr(client): ClientAddr,
    ApiJson(input): ApiJson<RegisterInput>,
) -> Result<(StatusCode, Json<Registered>)> {
    let (email, password, mut details) = input.validate()?;
    // Counted before the slow work (the logo's fetch, the password's hash).
    rate_limit::take(
        &app.db,
        &format!("register:ip:{}", client),
        app.config.limits.registrations_per_hour,
        Duration::hours(1),
        messages::TOO_MANY_REGISTRATIONS,
    )
    .await?;
    let lane = Lane::Client(client);
    details.logo_img_url = logo_files::local_copy(&app, details.logo_img_url, lane).await?;
    let hash = password::hash(password).await?;
    let (user, store) = stores::register(&app.db, &email, hash, details, false).await?;
    // The account is committed: from here on nothing fails the request; the page offers
    // to resend when the e-mail did not leave.
    let sent =
        match accounts::send_verification(&app.db, &app.mailer, &app.config.public_base(), &user)
            .await
        {
            Ok(sent) => sent.is_ok(),
            Err(err) => {
                tracing::error!(error = %err, email = %user.email, "verification token not issued");
                false
            }
        };
    let message = if sent {
        messages::STORE_CREATED
    } else {
        messages::STORE_CREATED_MAIL_FAILED
    };
    let store = owner_view(&app, store).await?;
    Ok((
        StatusCode::CREATED,
        Json(Registered {
            store,
            email_sent: sent,
            message,
        }),
    ))
}

/// The shops with their product counts, a page at a time (the explore page): `q` searches
/// name, description, group and city; `sort` is productsDesc (default), productsAsc,
/// newest, nameAsc or nameDesc; `per_page` 1 to 100 (default 100). The reply is the page's
/// array; `X-Total-Count` says how many shops match over all pages.
#[utoipa::path(get, path = "/api/stores", tag = "stores",
    params(
        ("q" = Option<String>, Query, description = "Search over name, description, group and city"),
        ("sort" = Option<String>, Query, description = "productsDesc, productsAsc, newest, nameAsc, nameDesc"),
        ("page" = Option<u64>, Query),
        ("per_page" = Option<u64>, Query, description = "1 to 100, default 100"),
    ),
    responses(
        (status = 200, body = [StoreView], headers(("X-Total-Count" = u64, description = "Shops matching, over all pages"))),
        (status = 422, body = crate::error::ErrorBody)))]
pub async fn list(
    State(app): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response> {
    let asked = ExploreQuery::parse(query.as_deref(), domain::limits::listing::PER_PAGE)?;
    let key = format!(
        "api:/stores?{}&per_page={}",
        asked.canonical_query(asked.page),
        asked.per_page
    );
    let version = render::explore_version(&app.db).await?;
    render::cached_json(&app.pages, &key, version, &headers, async {
        let found = explore::page(app.store_rows.list_with_counts(&app.db).await?, &asked);
        let now = OffsetDateTime::now_utc();
        let list: Vec<StoreView> = found
            .items
            .into_iter()
            .map(|(s, n)| StoreView::public(s, n, now))
            .collect();
        Ok((list, Some(found.total)))
    })
    .await
}

/// A shop, public; its products are listed page by page at `/api/stores/{id}/products`.
#[utoipa::path(get, path = "/api/stores/{id}", tag = "stores", params(("id" = i64, Path)),
    responses((status = 200, body = StoreView), (status = 404, body = crate::error::ErrorBody)))]
pub async fn show(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response> {
    let id = parse_id(&id, messages::STORE_NOT_FOUND)?;
    let Some(store) = app.store_rows.find(&app.db, id).await? else {
        return Err(AppError::not_found(messages::STORE_NOT_FOUND).into());
    };
    // The reply is kept like a rendered page, under the shop's cache version: one
    // primary-key query answers a repeated request.
    let now = OffsetDateTime::now_utc();
    let key = format!("api:/stores/{id}");
    let version = render::store_version(&store, now);
    render::cached_json(&app.pages, &key, version, &headers, async {
        let count = app.store_rows.public_count(&app.db, &store).await?;
        Ok((StoreView::public((*store).clone(), count, now), None))
    })
    .await
}

/// The logged-in owner's shop, with usage and limits; its products are listed page by page
/// at `/api/stores/{id}/products`.
#[utoipa::path(get, path = "/api/stores/me", tag = "stores", security(("session" = [])),
    responses((status = 200, body = OwnerStoreView), (status = 401, body = crate::error::ErrorBody)))]
pub async fn me(State(app): State<AppState>, owner: Owner) -> Result<Json<OwnerStoreView>> {
    Ok(Json(owner_view(&app, owner.store).await?))
}

/// Change the shop's details (owner only).
#[utoipa::path(put, path = "/api/stores/{id}", tag = "stores", params(("id" = i64, Path)), request_body = StoreUpdateInput, security(("session" = [])),
    responses((status = 200, body = OwnerStoreView), (status = 404, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody)))]
pub async fn update(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<StoreUpdateInput>,
) -> Result<Json<OwnerStoreView>> {
    let id = parse_id(&id, messages::STORE_NOT_FOUND)?;
    if id != owner.store.id {
        return Err(AppError::not_found(messages::STORE_NOT_FOUND).into());
    }
    let mut changes = input.validate()?;
    check_town(&app, &owner.store, &mut changes)?;
    if let Some(logo) = changes.logo_img_url.take() {
        let lane = Lane::Shop(owner.store.id);
        changes.logo_img_url = Some(logo_files::local_copy(&app, logo, lane).await?);
    }
    let store = stores::update(&app.db, id, changes).await?;
    Ok(Json(owner_view(&app, store).await?))
}

/// A new CAP or city must agree: the city is one of the CAP's comuni, as registration's
/// lookup offers them (a shop's pages otherwise read "20121 Erbusco"), and is kept spelt as
/// the postal data spells it. Without the postal data (a build without it) the pair is kept
/// as given.
fn check_town(
    app: &AppState,
    current: &entities::store::Model,
    changes: &mut stores::StoreChanges,
) -> Result<()> {
    if (changes.postal_code.is_none() && changes.city.is_none()) || app.geo.is_empty() {
        return Ok(());
    }
    let cap = changes
        .postal_code
        .as_deref()
        .unwrap_or(&current.postal_code);
    let city = changes
        .city
        .as_deref()
        .unwrap_or(&current.city)
        .to_lowercase();
    let mut p = Problems::default();
    match app.geo.towns(cap) {
        None => p.add("postal_code", messages::CAP_NOT_FOUND),
        Some(towns) => match towns.iter().find(|t| t.to_lowercase() == city) {
            Some(town) => changes.city = Some(town.clone()),
            None => p.add("city", messages::CITY_REQUIRED),
        },
    }
    Ok(p.into_result()?)
}

/// Start the one 14-day free trial of starter or pro.
#[utoipa::path(post, path = "/api/stores/start-trial", tag = "stores", request_body = TrialInput, security(("session" = [])),
    responses((status = 200, body = OwnerStoreView), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn start_trial(
    State(app): State<AppState>,
    owner: Owner,
    ApiJson(input): ApiJson<TrialInput>,
) -> Result<Json<OwnerStoreView>> {
    let plan = input
        .target_plan
        .as_deref()
        .and_then(Plan::parse)
        .filter(|p| p.is_trial_plan())
        .ok_or_else(|| AppError::BadRequest(messages::TRIAL_PLAN_INVALID.into()))?;
    let store = stores::start_trial(&app.db, owner.store.id, plan).await?;
    Ok(Json(owner_view(&app, store).await?))
}

pub async fn owner_view(app: &AppState, store: entities::store::Model) -> Result<OwnerStoreView> {
    let count = stores::product_count(&app.db, store.id).await?;
    let usage = usage::current(&app.db, store.id).await?;
    let ai_provider = matches!(*app.ai, ai::Ai::OpenAi(_));
    let without_picture = app
        .store_rows
        .without_picture_count(&app.db, &store)
        .await?;
    let unread = crate::services::inquiries::unread_count(&app.db, store.id).await?;
    let mut view = StoreView::owner(
        store,
        count,
        usage,
        ai_provider,
        without_picture,
        OffsetDateTime::now_utc(),
    );
    view.account.unread_inquiries = unread;
    Ok(view)
}
