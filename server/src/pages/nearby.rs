//! `/cerca?q=&cap=&page=`: the search across every shop, rendered on the server so it works
//! without JavaScript. Never indexed (a page per typed query is no page for a search
//! engine), never kept in the page cache (any query would take a place in it).

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use domain::messages;
use time::OffsetDateTime;

use super::handlers::{known_query, moved_permanently, or_error_page, site, with_query, PUBLIC};
use super::props::{NearbyListing, PageProps};
use super::respond;
use crate::error::{AppError, Result};
use crate::services::nearby::{self, NearbyQuery};
use crate::views::NearbyResults;
use crate::AppState;

const PARAMETERS: [&str; 3] = ["q", "cap", "page"];

pub async fn page(State(app): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
    let result = nearby_page(&app, uri.query(), &headers).await;
    or_error_page(&app, &uri, &headers, result).await
}

async fn nearby_page(app: &AppState, query: Option<&str>, headers: &HeaderMap) -> Result<Response> {
    let sent = known_query(query, &PARAMETERS);
    // A CAP that is not 5 digits is shown back with its message; the search runs without it.
    let (mut asked, mut cap_error) = match NearbyQuery::parse(Some(&sent)) {
        Ok(asked) => (asked, None),
        Err(AppError::Invalid { fields, .. }) if fields.contains_key("cap") => {
            match NearbyQuery::parse(Some(&known_query(Some(&sent), &["q", "page"]))) {
                Ok(asked) => (asked, Some(messages::POSTAL_CODE_INVALID.to_owned())),
                Err(_) => return Ok(moved_permanently(first_page(&sent))),
            }
        }
        Err(AppError::Invalid { .. }) => return Ok(moved_permanently(first_page(&sent))),
        Err(err) => return Err(err.into()),
    };
    let typed_cap = url::form_urlencoded::parse(sent.as_bytes())
        .find(|(k, _)| k == "cap")
        .map(|(_, v)| v.trim().to_owned())
        .unwrap_or_default();
    let wanted = asked.canonical_query(asked.page);
    if cap_error.is_none() && sent != wanted {
        return Ok(moved_permanently(with_query("/cerca", &wanted)));
    }
    let results = if asked.q.is_empty() {
        None
    } else {
        let _turn = nearby::turn().await.ok_or(AppError::PagesBusy)?;
        let shops = app.store_rows.list_with_counts(&app.db).await?;
        let found = match nearby::search(
            &app.db,
            &app.pages.matches,
            &app.places,
            shops.clone(),
            &asked,
        )
        .await
        {
            Err(AppError::Invalid { fields, .. }) if fields.contains_key("cap") => {
                cap_error = fields.get("cap").cloned();
                asked.cap.clear();
                nearby::search(&app.db, &app.pages.matches, &app.places, shops, &asked).await?
            }
            other => other?,
        };
        if asked.page > found.pages {
            let last = with_query("/cerca", &asked.canonical_query(found.pages));
            return Ok(moved_permanently(last));
        }
        Some(NearbyResults::of(found, OffsetDateTime::now_utc()))
    };
    let canonical = with_query("/cerca", &wanted);
    let listing = NearbyListing {
        q: asked.q.clone(),
        cap: typed_cap,
        cap_error,
        canonical: canonical.clone(),
        results,
    };
    let page = app
        .pages
        .render(&canonical, &PageProps::nearby(site(app), listing))
        .await?;
    Ok(respond(&page, headers, PUBLIC))
}

/// The same search on its first page, whatever else was wrong with the query.
fn first_page(sent: &str) -> String {
    let kept = known_query(Some(sent), &["q"]);
    with_query("/cerca", &kept)
}
