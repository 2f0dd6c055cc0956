//! Page handlers: load the data, check the URL is canonical, serve from the cache or
//! render.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use sea_orm::sea_query::Expr;
use sea_orm::{EntityTrait, QuerySelect};
use serde_json::{json, Value};
use time::OffsetDateTime;

use super::{render_and_cache, respond, store_version, CachedPage};
use crate::entities::store;
use crate::error::Result;
use crate::services::{products, stores};
use crate::state::AppState;
use crate::views::{ProductView, StoreView};

/// Public pages may be stored by browsers and proxies but must be revalidated (ETag), so
/// an edit shows at the next request.
const PUBLIC: &str = "public, max-age=0, must-revalidate";
/// Items in the "Potrebbe interessarti di {brand}" carousel.
const RELATED: u64 = 15;

fn site(app: &AppState) -> Value {
    json!({ "publicUrl": app.config.public_base() })
}

fn moved_permanently(to: String) -> Response {
    (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, to)]).into_response()
}

pub fn store_path(store: &store::Model) -> String {
    format!("/store/{}/{}", store.id, store.slug)
}

pub fn product_path(store: &store::Model, product_id: i64, product_slug: &str) -> String {
    format!(
        "/product/{}/{}/{}/{}",
        store.id, store.slug, product_id, product_slug
    )
}

async fn page(
    app: &AppState,
    path: &str,
    version: i64,
    props: impl FnOnce() -> Value,
) -> Result<std::sync::Arc<CachedPage>> {
    match app.pages.cache.get(path, version) {
        Some(hit) => Ok(hit),
        None => render_and_cache(app, path, version, &props()).await,
    }
}

/// Landing, pricing, contacts, FAQ, privacy and cookie pages: they change only with a
/// new build.
pub async fn static_page(
    State(app): State<AppState>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response> {
    let page = page(&app, uri.path(), 0, || json!({ "site": site(&app) })).await?;
    Ok(respond(&page, &headers, PUBLIC))
}

pub async fn explore(State(app): State<AppState>, headers: HeaderMap) -> Result<Response> {
    // Any change to any shop bumps its content_version, so the sum moves with every
    // change and the count with every new or deleted shop.
    let (count, sum): (i64, i64) = store::Entity::find()
        .select_only()
        .column_as(Expr::col(store::Column::Id).count(), "n")
        .column_as(
            Expr::cust("CAST(COALESCE(SUM(content_version), 0) AS BIGINT)"),
            "v",
        )
        .into_tuple::<(i64, i64)>()
        .one(&app.db)
        .await?
        .unwrap_or((0, 0));
    let version = count.wrapping_mul(1_000_003).wrapping_add(sum);
    if let Some(hit) = app.pages.cache.get("/explore", version) {
        return Ok(respond(&hit, &headers, PUBLIC));
    }
    let now = OffsetDateTime::now_utc();
    let list: Vec<StoreView> = stores::list_with_counts(&app.db)
        .await?
        .into_iter()
        .map(|(s, n)| StoreView::public(s, n, now))
        .collect();
    let props = json!({ "site": site(&app), "stores": list });
    let page = render_and_cache(&app, "/explore", version, &props).await?;
    Ok(respond(&page, &headers, PUBLIC))
}

pub async fn store_without_slug(
    State(app): State<AppState>,
    Path(store_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response> {
    match find_store(&app, &store_id).await? {
        Some(store) => Ok(moved_permanently(store_path(&store))),
        None => not_found_store(&app, &headers).await,
    }
}

pub async fn store(
    State(app): State<AppState>,
    Path((store_id, store_slug)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response> {
    let Some(store) = find_store(&app, &store_id).await? else {
        return not_found_store(&app, &headers).await;
    };
    let canonical = store_path(&store);
    if store.slug != store_slug {
        return Ok(moved_permanently(canonical));
    }
    let version = store_version(&store, OffsetDateTime::now_utc());
    if let Some(hit) = app.pages.cache.get(&canonical, version) {
        return Ok(respond(&hit, &headers, PUBLIC));
    }
    let items = products::list_for_store(&app.db, store.id).await?;
    let view = StoreView::public(
        (*store).clone(),
        items.len() as u64,
        OffsetDateTime::now_utc(),
    );
    let items: Vec<ProductView> = items.into_iter().map(ProductView::from).collect();
    let props = json!({ "site": site(&app), "store": view, "products": items });
    let page = render_and_cache(&app, &canonical, version, &props).await?;
    Ok(respond(&page, &headers, PUBLIC))
}

/// `/product/{storeId}/{storeSlug}` with no product id: the spec sends visitors home.
pub async fn product_without_id() -> Response {
    (StatusCode::FOUND, [(header::LOCATION, "/")]).into_response()
}

pub async fn product_without_slug(
    State(app): State<AppState>,
    Path((store_id, _store_slug, product_id)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Response> {
    product_page(&app, &store_id, &product_id, None, &headers).await
}

pub async fn product(
    State(app): State<AppState>,
    Path((store_id, store_slug, product_id, product_slug)): Path<(String, String, String, String)>,
    headers: HeaderMap,
) -> Result<Response> {
    product_page(
        &app,
        &store_id,
        &product_id,
        Some((&store_slug, &product_slug)),
        &headers,
    )
    .await
}

async fn product_page(
    app: &AppState,
    store_id: &str,
    product_id: &str,
    slugs: Option<(&str, &str)>,
    headers: &HeaderMap,
) -> Result<Response> {
    let Some(store) = find_store(app, store_id).await? else {
        return not_found_product(app, headers).await;
    };
    let Some(product_id) = product_id.parse::<i64>().ok() else {
        return not_found_product(app, headers).await;
    };
    // The requested path, when it is the canonical one, may be in the cache already: the
    // shop's content_version moves with any rename, so a hit is still canonical.
    let version = store_version(&store, OffsetDateTime::now_utc());
    if let Some((store_slug, product_slug)) = slugs {
        let requested = product_path(&store, product_id, product_slug);
        if store_slug == store.slug {
            if let Some(hit) = app.pages.cache.get(&requested, version) {
                return Ok(respond(&hit, headers, PUBLIC));
            }
        }
    }
    let Ok(product) = products::find_own(&app.db, store.id, product_id).await else {
        return not_found_product(app, headers).await;
    };
    let canonical = product_path(&store, product.id, &product.slug);
    if slugs != Some((store.slug.as_str(), product.slug.as_str())) {
        return Ok(moved_permanently(canonical));
    }
    let related: Vec<ProductView> = products::same_brand(&app.db, &product, RELATED)
        .await?
        .into_iter()
        .map(ProductView::from)
        .collect();
    let count = app.pages.stores.product_count(&app.db, &store).await?;
    let props = json!({
        "site": site(app),
        "store": StoreView::public((*store).clone(), count, OffsetDateTime::now_utc()),
        "product": ProductView::from(product),
        "related": related,
    });
    let page = render_and_cache(app, &canonical, version, &props).await?;
    Ok(respond(&page, headers, PUBLIC))
}

async fn find_store(app: &AppState, raw_id: &str) -> Result<Option<Arc<store::Model>>> {
    let Some(id) = raw_id.parse::<i64>().ok().filter(|id| *id > 0) else {
        return Ok(None);
    };
    app.pages.stores.find(&app.db, id).await
}

/// The shop route's own not-found page ("Negozio non trovato."), status 404.
async fn not_found_store(app: &AppState, headers: &HeaderMap) -> Result<Response> {
    let page = page(
        app,
        "/store/0/negozio-non-trovato",
        0,
        || json!({ "site": site(app), "notFound": true }),
    )
    .await?;
    Ok(respond(&page, headers, "no-cache"))
}

/// The product route's not-found page ("Prodotto non trovato"), status 404.
async fn not_found_product(app: &AppState, headers: &HeaderMap) -> Result<Response> {
    let path = "/product/0/negozio/0/prodotto-non-trovato";
    let page = page(
        app,
        path,
        0,
        || json!({ "site": site(app), "notFound": true }),
    )
    .await?;
    Ok(respond(&page, headers, "no-cache"))
}

/// Any other path: "Pagina non trovata", status 404.
pub async fn not_found(State(app): State<AppState>, headers: HeaderMap) -> Result<Response> {
    let page = page(
        &app,
        "/pagina-non-trovata",
        0,
        || json!({ "site": site(&app) }),
    )
    .await?;
    Ok(respond(&page, &headers, "no-cache"))
}

/// Owner pages run client-side: the document carries the client bundle and a loading
/// text, and is kept out of search engines. `hasSession` tells the client whether the
/// request carried a session cookie at all: without one it does not ask for the current
/// shop (an anonymous visitor of /login or /create is not an expired session).
pub async fn owner_page(State(app): State<AppState>, headers: HeaderMap) -> Result<Response> {
    let Some((_, manifest)) = &app.pages.engine else {
        return Err(crate::error::AppError::Unavailable(
            "Frontend non compilato: esegui scripts/build-frontend.".into(),
        ));
    };
    let has_session = crate::auth::cookie::read(&headers).is_some();
    let props = json!({ "site": site(&app), "clientOnly": true, "hasSession": has_session });
    let head = "<title>Vetrina</title><meta name=\"robots\" content=\"noindex, nofollow\">\
                <link rel=\"icon\" href=\"/assets/favicon.svg\" type=\"image/svg+xml\">";
    let markup = "<p class=\"p-8 text-center text-stone-500\">Caricamento…</p>";
    let html = super::document::render_document(manifest, head, markup, &props.to_string());
    let mut response = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    let h = response.headers_mut();
    h.insert(
        "x-robots-tag",
        HeaderValue::from_static("noindex, nofollow"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}
