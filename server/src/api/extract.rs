//! Request parsing with Italian errors in the API's shape, instead of axum's plain-text
//! rejections.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use domain::messages;
use serde::de::DeserializeOwned;

use crate::error::{ApiError, AppError};

/// `Json<T>` whose rejections are `AppError`s: 413 for a body over the limit, 422 for
/// wrong types, 400 for anything that is not JSON.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(map_rejection(rejection).into()),
        }
    }
}

fn map_rejection(rejection: JsonRejection) -> AppError {
    match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge(messages::BODY_TOO_LARGE.into()),
        StatusCode::UNPROCESSABLE_ENTITY => {
            let detail = rejection.body_text();
            AppError::Invalid {
                message: messages::INVALID_INPUT.into(),
                fields: [("body", detail)].into_iter().collect(),
            }
        }
        _ => AppError::InvalidJson,
    }
}

/// Ids in paths: anything that is not a positive number is simply not found.
pub fn parse_id(raw: &str, not_found: &str) -> Result<i64, AppError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| AppError::not_found(not_found))
}
