//! `GET /api/stores/{id}/products`: one page of a shop's products, searched, filtered and
//! sorted by the server. The shop page and the dashboard both read it.

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::messages;
use time::OffsetDateTime;

use super::extract::parse_id;
use crate::analytics::PageView;
use crate::auth::OptionalOwner;
use crate::error::{AppError, Result};
use crate::listing::{listing_view, ListingQuery, DEFAULT_PER_PAGE};
use crate::net::ClientAddr;
use crate::render;
use crate::state::AppState;
use crate::views::ProductPageView;

/// One page of a shop's products. Anyone sees what the shop page shows; the shop's owner
/// may also filter by status and gets the status counts.
#[utoipa::path(get, path = "/api/stores/{id}/products", tag = "products",
    params(
        ("id" = i64, Path),
        ("q" = Option<String>, Query, description = "Search over name, brand, category, description and codes"),
        ("category" = Option<String>, Query),
        ("brand" = Option<String>, Query),
        ("stock" = Option<String>, Query, description = "all, inStock, outOfStock; uncertain and incorrect for the owner"),
        ("status" = Option<String>, Query, description = "all, normal, uncertain, incorrect (owner only)"),
        ("sort" = Option<String>, Query, description = "relevance, newest, oldest, nameAsc, nameDesc, priceAsc, priceDesc"),
        ("page" = Option<u64>, Query),
        ("per_page" = Option<u64>, Query, description = "1 to 100, default 25"),
    ),
    responses((status = 200, body = ProductPageView), (status = 404, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody)))]
pub async fn list(
    State(app): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    owner: OptionalOwner,
    ClientAddr(client): ClientAddr,
    method: Method,
    headers: HeaderMap,
) -> Result<Response> {
    let id = parse_id(&id, messages::STORE_NOT_FOUND)?;
    let Some(store) = app.store_rows.find(&app.db, id).await? else {
        return Err(AppError::not_found(messages::STORE_NOT_FOUND).into());
    };
    let owner = owner.0.is_some_and(|s| s.id == id);
    let listing = ListingQuery::parse(query.as_deref(), owner, DEFAULT_PER_PAGE)?;
    if owner {
        let view = listing_view(&app, &store, &listing, true).await?;
        return Ok(Json(view).into_response());
    }
    // A visitor's listing is kept like a page, under the shop's cache version, except a
    // search: searches are many and each is asked for rarely.
    if listing.filter.search.is_some() {
        let view = listing_view(&app, &store, &listing, false).await?;
        if listing.page == 1 {
            let searched = PageView {
                store_id: id,
                search: Some(listing.search_text.clone()),
                search_only: true,
                ..PageView::default()
            };
            crate::visitors::count(&app, &searched, (&method, &headers, client), StatusCode::OK);
        }
        return Ok(Json(view).into_response());
    }
    let key = format!(
        "api:/stores/{id}/products?{}&per_page={}",
        listing.canonical_query(listing.page),
        listing.per_page
    );
    let version = render::store_version(&store, OffsetDateTime::now_utc());
    render::cached_json(&app.pages, &key, version, &headers, async {
        Ok((listing_view(&app, &store, &listing, false).await?, None))
    })
    .await
}
