//! Extractors: `CurrentUser` (logged in) and `Owner` (logged in and has a shop). Both
//! answer 401 otherwise, with the text of docs/product/errors.md.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use domain::messages;
use entities::store;

use super::cookie;
use crate::error::{ApiError, AppError};
use crate::services::{sessions, stores};
use crate::state::AppState;

pub struct CurrentUser {
    pub user_id: i64,
    pub token: String,
}

pub struct Owner {
    pub user_id: i64,
    pub store: store::Model,
}

/// The logged-in owner's shop, if the request carries a valid session with one; never a
/// rejection (public routes that show the owner more).
pub struct OptionalOwner(pub Option<store::Model>);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token =
            cookie::read(&parts.headers).ok_or(AppError::Unauthorized(messages::NOT_LOGGED_IN))?;
        let user_id = sessions::user_id_for(&app.db, &token)
            .await?
            .ok_or(AppError::Unauthorized(messages::NOT_LOGGED_IN))?;
        Ok(Self { user_id, token })
    }
}

impl FromRequestParts<AppState> for Owner {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let user = CurrentUser::from_request_parts(parts, app).await?;
        let store = stores::find_by_user(&app.db, user.user_id)
            .await?
            .ok_or_else(|| AppError::not_found(messages::NO_STORE))?;
        Ok(Self {
            user_id: user.user_id,
            store,
        })
    }
}

impl FromRequestParts<AppState> for OptionalOwner {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match Owner::from_request_parts(parts, app).await {
            Ok(owner) => Ok(Self(Some(owner.store))),
            Err(ApiError(AppError::Unauthorized(_) | AppError::NotFound(_))) => Ok(Self(None)),
            Err(err) => Err(err),
        }
    }
}
