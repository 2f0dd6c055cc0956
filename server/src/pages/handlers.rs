//! Page handlers: load the data, check the URL is canonical, serve from the cache or
//! render.

use std::sync::Arc;

use axum::extract::{MatchedPath, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use domain::Slug;
use entities::{product, store};
use time::OffsetDateTime;

use super::props::{ExploreListing, PageProps, ProductLinks, Showcase, Site, StoreListing};
use super::sections::{self, ListingFacet, ListingSection};
use super::{render_and_cache, respond, store_version, CachedPage};
use app::analytics::PageView;

use crate::error::{ApiError, AppError, Result};
use crate::listing::{listing_view, ListingQuery};
use crate::net::ClientAddr;
use crate::services::catalogue::{Facet, Sort};
use crate::services::explore::{self, ExploreQuery, ShopSort};
use crate::services::{demo, photos, products};
use crate::state::AppState;
use crate::telemetry::ErrorCause;
use crate::views::{ProductPageView, ProductView, StoreView};
use crate::visitors;

/// Public pages may be stored by browsers and proxies but must be revalidated (ETag), so
/// an edit shows at the next request.
pub(super) const PUBLIC: &str = "public, max-age=0, must-revalidate";
/// Items in the "Potrebbe interessarti di {brand}" carousel.
const RELATED: u64 = 15;
/// Products of the same category before and after a product, each side.
const SIBLINGS: u64 = 4;
/// First segments of the site's own routes (see `not_found_render_path`).
const ROUTE_ROOTS: [&str; 19] = [
    "explore",
    "cerca",
    "store",
    "product",
    "pricing",
    "contacts",
    "faq",
    "privacy",
    "cookie",
    "login",
    "auth",
    "create",
    "dashboard",
    "upload",
    "report",
    "verify-email",
    "email-verification",
    "recupera-password",
    "reset-password",
];

pub(super) fn site(app: &AppState) -> Site {
    Site {
        public_url: app.config.public_base(),
        operator: app.config.operator.clone(),
    }
}

pub(super) fn moved_permanently(to: String) -> Response {
    (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, to)]).into_response()
}

pub fn store_path(store: &store::Model) -> String {
    format!("/store/{}/{}", store.id, store.slug)
}

pub fn product_path(store: &store::Model, product_id: i64, product_slug: &Slug) -> String {
    format!(
        "/product/{}/{}/{}/{}",
        store.id, store.slug, product_id, product_slug
    )
}

async fn page(
    app: &AppState,
    path: &str,
    version: i64,
    props: impl FnOnce() -> PageProps,
) -> Result<std::sync::Arc<CachedPage>> {
    match app.pages.cache.get(path, version) {
        Some(hit) => Ok(hit),
        None => render_and_cache(app, path, version, &props()).await,
    }
}

/// Landing, pricing, contacts, FAQ, privacy and cookie pages: they change only with a
/// new build. The query the markup depends on is part of what is rendered and of the
/// cache key (`render_url`).
pub async fn static_page(
    State(app): State<AppState>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response> {
    let url = render_url(uri.path(), uri.query());
    let page = page(&app, &url, 0, || PageProps::plain(site(&app))).await?;
    Ok(respond(&page, &headers, PUBLIC))
}

/// The landing page: static, but for the demo shop's products in its hero. The demo
/// shop's content version keys the cache, so an edit of the demo shows at once; when the
/// database does not answer, the page is served without them (version 0).
pub async fn landing_page(
    State(app): State<AppState>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response> {
    let url = render_url(uri.path(), uri.query());
    let demo = demo::public_store(&app.db).await.unwrap_or_else(|err| {
        tracing::warn!(error = %err, "demo shop not read for the landing page");
        None
    });
    let version = demo.as_ref().map_or(0, |s| s.content_version);
    if let Some(hit) = app.pages.cache.get(&url, version) {
        return Ok(respond(&hit, &headers, PUBLIC));
    }
    let showcase = match demo {
        Some(store) => showcase(&app, store).await,
        None => None,
    };
    let version = if showcase.is_some() { version } else { 0 };
    let page = render_and_cache(
        &app,
        &url,
        version,
        &PageProps::landing(site(&app), showcase),
    )
    .await?;
    Ok(respond(&page, &headers, PUBLIC))
}

async fn showcase(app: &AppState, store: store::Model) -> Option<Showcase> {
    let read = async {
        let products = demo::showcase(&app.db, store.id).await?;
        let count = app.store_rows.public_count(&app.db, &store).await?;
        Ok::<_, AppError>((products, count))
    };
    match read.await {
        Ok((products, _)) if products.is_empty() => None,
        Ok((products, count)) => Some(Showcase {
            store: StoreView::public(store, count, OffsetDateTime::now_utc()),
            products: products
                .into_iter()
                .map(|p| ProductView::from(p).card())
                .collect(),
        }),
        Err(err) => {
            tracing::warn!(error = %err, "demo products not read for the landing page");
            None
        }
    }
}

/// The URL a static page is rendered at: its path, plus the query parameters its markup
/// reads, normalised. The plan cards of the landing and pricing pages show monthly prices
/// for `billing=monthly` (PricingPlans' `billingFromSearch` reads the raw query the same
/// way: one `&`-separated pair exactly `billing=monthly`); annual is the default, so any
/// other query renders as none. Unknown parameters (`utm_source`, …) are dropped, so they
/// neither reach the render nor add entries to the cache.
pub(super) fn render_url(path: &str, query: Option<&str>) -> String {
    let monthly = matches!(path, "/" | "/pricing")
        && query.is_some_and(|q| q.split('&').any(|pair| pair == "billing=monthly"));
    if monthly {
        format!("{path}?billing=monthly")
    } else {
        path.to_owned()
    }
}

/// A database error on a public page becomes the page's error state with status 503
/// (docs/decisions/012-public-page-errors.md); any other error keeps its own response.
pub(super) async fn or_error_page(
    app: &AppState,
    uri: &Uri,
    headers: &HeaderMap,
    result: Result<Response>,
) -> Response {
    match result {
        Ok(response) => response,
        Err(err) if err.0.is_storage_failure() => {
            unavailable(app, uri.path(), headers, &err.0).await
        }
        Err(err) => err.into_response(),
    }
}

/// The 503 page for `path`: rendered at the requested path with `loadError`, so the browser
/// hydrates the same route's error state ("Errore nel caricamento dei negozi", …) with a
/// reload button and a link home. Never kept in the HTML cache, never cached by browsers.
async fn unavailable(app: &AppState, path: &str, headers: &HeaderMap, err: &AppError) -> Response {
    let props = PageProps::load_error(site(app));
    let mut page = match app.pages.render(path, &props).await {
        Ok(page) => page,
        Err(render_err) => {
            tracing::warn!(error = %render_err, "error page not rendered, sending the plain one");
            CachedPage::new(crate::unavailable::document(), 503)
        }
    };
    page.status = 503;
    let mut response = respond(&page, headers, "no-store");
    response.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from(crate::error::STORAGE_RETRY_AFTER_SECS),
    );
    ErrorCause::new("public page unavailable: database error", err).attach(&mut response);
    response
}

pub async fn explore(State(app): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
    let result = explore_page(&app, uri.query(), &headers).await;
    or_error_page(&app, &uri, &headers, result).await
}

/// `/explore?q=&sort=&page=`: one page of 12 shops. Bad values, other spellings of the same
/// query and pages past the last get a 301 to the canonical address, as on a shop page.
async fn explore_page(
    app: &AppState,
    query: Option<&str>,
    headers: &HeaderMap,
) -> Result<Response> {
    let asked = match ExploreQuery::parse(query, explore::PAGE_SIZE) {
        Ok(asked) => asked,
        Err(AppError::Invalid { .. }) => return Ok(moved_permanently("/explore".to_owned())),
        Err(err) => return Err(err.into()),
    };
    let wanted = asked.canonical_query(asked.page);
    if known_query(query, &["q", "sort", "page", "per_page"]) != wanted {
        return Ok(moved_permanently(with_query("/explore", &wanted)));
    }
    let canonical = with_query("/explore", &wanted);
    let version = crate::render::explore_version(&app.db).await?;
    if let Some(hit) = app.pages.cache.get(&canonical, version) {
        return Ok(respond(&hit, headers, PUBLIC));
    }
    let found = explore::page(app.store_rows.list_with_counts(&app.db).await?, &asked);
    if asked.page > found.pages {
        let last = with_query("/explore", &asked.canonical_query(found.pages));
        return Ok(moved_permanently(last));
    }
    let now = OffsetDateTime::now_utc();
    let listing = ExploreListing {
        q: asked.q.clone(),
        sort: asked.sort.name().to_owned(),
        page: found.page,
        pages: found.pages,
        total: found.total,
        canonical: canonical.clone(),
        noindex: !asked.q.is_empty() || asked.sort != ShopSort::default(),
    };
    let list: Vec<StoreView> = found
        .items
        .into_iter()
        .map(|(s, n)| StoreView::public(s, n, now))
        .collect();
    let props = PageProps::explore(site(app), list, listing);
    let page = render_and_cache(app, &canonical, version, &props).await?;
    Ok(respond(&page, headers, PUBLIC))
}

/// `/store/{id}`: 301 to the shop's page. An unknown id gets the site's not-found page, the
/// one the browser's route table matches for a path of two segments.
pub async fn store_without_slug(
    State(app): State<AppState>,
    Path(store_id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let result = match find_store(&app, &store_id).await {
        Ok(Some(store)) => Ok(moved_permanently(store_path(&store))),
        Ok(None) => generic_not_found(&app, uri.path(), &headers).await,
        Err(err) => Err(err),
    };
    or_error_page(&app, &uri, &headers, result).await
}

pub async fn store(
    State(app): State<AppState>,
    Path((store_id, store_slug)): Path<(String, String)>,
    client: ClientAddr,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let store_slug = Slug::parse(&store_slug);
    let at = ShopPath {
        store_id: &store_id,
        store_slug: store_slug.as_ref(),
        section: None,
    };
    store_listing(&app, at, client, &method, &uri, &headers).await
}

/// `/store/{id}/{slug}/c/{category}` and `/store/{id}/{slug}/b/{brand}`.
pub async fn store_section(
    State(app): State<AppState>,
    Path((store_id, store_slug, segment, section)): Path<(String, String, String, String)>,
    client: ClientAddr,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Some(facet) = sections::facet_of_segment(&segment) else {
        let result = generic_not_found(&app, uri.path(), &headers).await;
        return or_error_page(&app, &uri, &headers, result).await;
    };
    let (store_slug, section) = (Slug::parse(&store_slug), Slug::parse(&section));
    let at = ShopPath {
        store_id: &store_id,
        store_slug: store_slug.as_ref(),
        section: Some((facet, section.as_ref())),
    };
    store_listing(&app, at, client, &method, &uri, &headers).await
}

/// A shop listing's path as requested: the shop, and the category or brand page in it.
/// A slug that is no slug at all is `None`: for the shop the canonical address is sent, a
/// section names none of the shop's.
#[derive(Clone, Copy)]
struct ShopPath<'a> {
    store_id: &'a str,
    store_slug: Option<&'a Slug>,
    section: Option<(Facet, Option<&'a Slug>)>,
}

async fn store_listing(
    app: &AppState,
    at: ShopPath<'_>,
    ClientAddr(client): ClientAddr,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
) -> Response {
    let result = store_page(app, at, uri.query(), headers).await;
    let response = or_error_page(app, uri, headers, result).await;
    // The search of a first page of results (a later page is the same search read on).
    let search = url::form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
        .find(|(key, _)| key == "q")
        .map(|(_, q)| q.into_owned())
        .filter(|_| !uri.query().unwrap_or_default().contains("page="));
    let view = PageView {
        store_id: at.store_id.parse().unwrap_or_default(),
        search,
        ..PageView::default()
    };
    visitors::count(app, &view, (method, headers, client), response.status());
    response
}

/// The shop page, or one of its category or brand pages, for `?q=&sort=&page=`: one page of
/// 24 products. A query with bad values, known parameters in another order or spelling
/// (`?page=1`, `sort=newest`, what a search form sends), `?category=` or `?brand=` (their
/// pages have paths of their own), or a page past the last gets a 301 to its canonical
/// form; an unknown category or brand is a 404.
async fn store_page(
    app: &AppState,
    at: ShopPath<'_>,
    query: Option<&str>,
    headers: &HeaderMap,
) -> Result<Response> {
    let Some(store) = find_store(app, at.store_id).await? else {
        return not_found_store(app, headers).await;
    };
    let rows = &app.store_rows;
    let categories = rows.sections(&app.db, &store, Facet::Category).await?;
    let brands = rows.sections(&app.db, &store, Facet::Brand).await?;
    let facets = |facet| match facet {
        Facet::Category => &categories,
        Facet::Brand => &brands,
    };
    let requested_path = match at.section {
        Some((facet, Some(slug))) => sections::section_path(&store, facet, slug),
        // A slug no name makes: none of the shop's sections has it.
        Some((_, None)) => return section_not_found(app, &store, headers).await,
        None => store_path(&store),
    };
    let mut listing = match ListingQuery::parse(query, false, STORE_PAGE_SIZE) {
        Ok(listing) => listing,
        Err(ApiError(AppError::Invalid { .. })) => return Ok(moved_permanently(requested_path)),
        Err(err) => return Err(err),
    };
    let section = match Asked::of(&listing, &at) {
        None => None,
        Some((facet, asked)) => match facets(facet).iter().find(|f| asked.names(f)) {
            Some(found) => Some((facet, ListingSection::new(facet, found))),
            None => return section_not_found(app, &store, headers).await,
        },
    };
    let path = narrow(&mut listing, &store, section.as_ref());
    // The section is in the path: the query says the rest.
    let mut rest = listing.clone();
    rest.filter.category = None;
    rest.filter.brand = None;
    let canonical_query = |page| rest.canonical_query(page);
    let canonical = with_query(&path, &canonical_query(listing.page));
    let known = known_query(query, &LISTING_PARAMETERS);
    if at.store_slug != Some(&store.slug)
        || path != requested_path
        || known != canonical_query(listing.page)
    {
        return Ok(moved_permanently(canonical));
    }
    let version = store_version(&store, OffsetDateTime::now_utc());
    if let Some(hit) = app.pages.cache.get(&canonical, version) {
        return Ok(respond(&hit, headers, PUBLIC));
    }
    let result = listing_view(app, &store, &listing, false).await?.cards();
    if listing.page > result.pages {
        let last = with_query(&path, &canonical_query(result.pages));
        return Ok(moved_permanently(last));
    }
    let view = StoreView::public(
        (*store).clone(),
        rows.public_count(&app.db, &store).await?,
        OffsetDateTime::now_utc(),
    )
    .placed(&app.places, rows.price_range(&app.db, &store).await?);
    let shown = Shown {
        path,
        canonical: canonical.clone(),
        section: section.map(|(_, section)| section),
        result,
    };
    let props = PageProps::store(
        site(app),
        view,
        shown.listing(&listing, &categories, &brands),
    );
    let page = render_and_cache(app, &canonical, version, &props).await?;
    Ok(respond(&page, headers, PUBLIC))
}

/// What a shop page shows of its listing.
struct Shown {
    path: String,
    canonical: String,
    section: Option<ListingSection>,
    result: ProductPageView,
}

impl Shown {
    fn listing(
        self,
        listing: &ListingQuery,
        categories: &[ListingFacet],
        brands: &[ListingFacet],
    ) -> StoreListing {
        StoreListing {
            q: listing.search_text.clone(),
            category: listing
                .filter
                .category
                .clone()
                .unwrap_or_else(|| "all".to_owned()),
            brand: listing.filter.brand.clone().unwrap_or_default(),
            sort: listing.sort.name().to_owned(),
            path: self.path,
            canonical: self.canonical,
            noindex: listing.filter.search.is_some() || listing.sort != Sort::Newest,
            section: self.section,
            categories: categories.to_vec(),
            brands: brands.to_vec(),
            result: self.result,
        }
    }
}

/// The listing filtered to the section shown (none: the whole shop), and that listing's path.
fn narrow(
    listing: &mut ListingQuery,
    store: &store::Model,
    section: Option<&(Facet, ListingSection)>,
) -> String {
    listing.filter.category = None;
    listing.filter.brand = None;
    let Some((facet, section)) = section else {
        return store_path(store);
    };
    match facet {
        Facet::Category => listing.filter.category = Some(section.name.clone()),
        Facet::Brand => listing.filter.brand = Some(section.name.clone()),
    }
    sections::section_path(store, *facet, &section.slug)
}

/// A category or brand as a request names it.
enum Asked {
    Name(String),
    Slug(Slug),
}

impl Asked {
    /// The section the page shows: the one a `category` or `brand` parameter names (old
    /// links, the search form without JavaScript), else the path's.
    fn of(listing: &ListingQuery, at: &ShopPath<'_>) -> Option<(Facet, Self)> {
        match (&listing.filter.category, &listing.filter.brand) {
            (Some(name), _) => Some((Facet::Category, Self::Name(name.clone()))),
            (None, Some(name)) => Some((Facet::Brand, Self::Name(name.clone()))),
            (None, None) => at
                .section
                .and_then(|(f, slug)| Some((f, Self::Slug(slug?.clone())))),
        }
    }

    fn names(&self, facet: &ListingFacet) -> bool {
        match self {
            Self::Name(name) => &facet.name == name,
            Self::Slug(slug) => &facet.slug == slug,
        }
    }
}

/// A category or brand the shop does not have: "Sezione non trovata" with a link to the
/// shop, status 404. One document per shop version.
async fn section_not_found(
    app: &AppState,
    store: &store::Model,
    headers: &HeaderMap,
) -> Result<Response> {
    // No section has this path ("-" is no slug): the cache's key for the page.
    let path = format!("{}/c/-", store_path(store));
    let version = store_version(store, OffsetDateTime::now_utc());
    let page = page(app, &path, version, || {
        PageProps::section_not_found(
            site(app),
            StoreView::public(store.clone(), 0, OffsetDateTime::now_utc()),
        )
    })
    .await?;
    Ok(respond(&page, headers, "no-cache"))
}

/// Products on a shop page: as many on a phone as on a wide screen (2, 3 and 4 columns).
const STORE_PAGE_SIZE: u64 = 24;

pub(super) fn with_query(path: &str, query: &str) -> String {
    if query.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{query}")
    }
}

/// The parameters a shop page's listing reads.
const LISTING_PARAMETERS: [&str; 8] = [
    "q", "category", "brand", "stock", "status", "sort", "page", "per_page",
];

/// The `known` parameters of a query string, as sent: other parameters (`utm_source`, …)
/// are ignored, not redirected away.
pub(super) fn known_query(query: Option<&str>, known: &[&str]) -> String {
    let mut out = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        if known.contains(&key.as_ref()) {
            out.append_pair(&key, &value);
        }
    }
    out.finish()
}

/// `/product/{storeId}/{storeSlug}` with no product id: visitors are sent home (docs/product/routes.md).
pub async fn product_without_id() -> Response {
    (StatusCode::FOUND, [(header::LOCATION, "/")]).into_response()
}

/// `/product/{storeId}/{storeSlug}/{productId}`: 301 to the product's page. An unknown
/// product gets the site's not-found page, the one the browser matches for four segments.
pub async fn product_without_slug(
    State(app): State<AppState>,
    Path((store_id, _store_slug, product_id)): Path<(String, String, String)>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let named = Named::ById;
    let result = product_page(&app, &store_id, &product_id, named, uri.path(), &headers).await;
    or_error_page(&app, &uri, &headers, result).await
}

pub async fn product(
    State(app): State<AppState>,
    Path((store_id, store_slug, product_id, product_slug)): Path<(String, String, String, String)>,
    ClientAddr(client): ClientAddr,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let slugs = Slug::parse(&store_slug).zip(Slug::parse(&product_slug));
    let named = Named::BySlugs(slugs.as_ref().map(|(s, p)| (s, p)));
    let result = product_page(&app, &store_id, &product_id, named, uri.path(), &headers).await;
    let response = or_error_page(&app, &uri, &headers, result).await;
    let view = PageView {
        store_id: store_id.parse().unwrap_or_default(),
        product_id: product_id.parse().ok(),
        ..PageView::default()
    };
    visitors::count(&app, &view, (&method, &headers, client), response.status());
    response
}

/// How a product's address names it.
#[derive(Clone, Copy)]
enum Named<'a> {
    /// `/product/{shop}/{slug}/{id}`, without the product's slug.
    ById,
    /// The shop's and the product's slugs; `None` when one is no slug at all (the canonical
    /// address is sent).
    BySlugs(Option<(&'a Slug, &'a Slug)>),
}

impl Named<'_> {
    fn is(&self, store: &Slug, product: &Slug) -> bool {
        matches!(self, Self::BySlugs(Some((s, p))) if *s == store && *p == product)
    }
}

async fn product_page(
    app: &AppState,
    store_id: &str,
    product_id: &str,
    named: Named<'_>,
    path: &str,
    headers: &HeaderMap,
) -> Result<Response> {
    // With both slugs the browser matches the product route and shows its own
    // "Prodotto non trovato"; without them, the site's not-found page.
    let missing = || async {
        match named {
            Named::BySlugs(_) => not_found_product(app, headers).await,
            Named::ById => generic_not_found(app, path, headers).await,
        }
    };
    let Some(store) = find_store(app, store_id).await? else {
        return missing().await;
    };
    let Some(product_id) = product_id.parse::<i64>().ok() else {
        return missing().await;
    };
    // The requested path, when it is the canonical one, may be in the cache already: the
    // shop's content_version moves with any rename, so a hit is still canonical.
    let version = store_version(&store, OffsetDateTime::now_utc());
    if let Named::BySlugs(Some((store_slug, product_slug))) = named {
        let requested = product_path(&store, product_id, product_slug);
        if *store_slug == store.slug {
            if let Some(hit) = app.pages.cache.get(&requested, version) {
                return Ok(respond(&hit, headers, PUBLIC));
            }
        }
    }
    // A product the owner keeps off the public pages is not found here.
    let product = match products::find_own(&app.db, store.id, product_id).await {
        Ok(product) if product.published => product,
        Ok(_) | Err(AppError::NotFound(_)) => return missing().await,
        Err(err) => return Err(err.into()),
    };
    let canonical = product_path(&store, product.id, &product.slug);
    if !named.is(&store.slug, &product.slug) {
        return Ok(moved_permanently(canonical));
    }
    let related: Vec<ProductView> = products::same_brand(&app.db, &product, RELATED)
        .await?
        .into_iter()
        .map(|p| ProductView::from(p).card())
        .collect();
    let photos = photos::of_product(&app.db, product.id).await?;
    let links = product_links(app, &store, &product).await?;
    let count = app.store_rows.public_count(&app.db, &store).await?;
    let props = PageProps::product(
        site(app),
        StoreView::public((*store).clone(), count, OffsetDateTime::now_utc()),
        ProductView::from(product),
        related,
        photos,
        links,
    );
    let page = render_and_cache(app, &canonical, version, &props).await?;
    Ok(respond(&page, headers, PUBLIC))
}

/// The product's category and brand pages and its neighbours in the category.
async fn product_links(
    app: &AppState,
    store: &store::Model,
    product: &product::Model,
) -> Result<ProductLinks> {
    let rows = &app.store_rows;
    let path_of = |list: &[ListingFacet], facet, name: Option<&str>| {
        let found = list.iter().find(|f| Some(f.name.as_str()) == name)?;
        Some(sections::section_path(store, facet, &found.slug))
    };
    let categories = rows.sections(&app.db, store, Facet::Category).await?;
    let brands = rows.sections(&app.db, store, Facet::Brand).await?;
    let siblings = products::category_neighbours(&app.db, product, SIBLINGS)
        .await?
        .into_iter()
        .map(|p| ProductView::from(p).card())
        .collect();
    Ok(ProductLinks {
        category_path: path_of(&categories, Facet::Category, product.category.as_deref()),
        brand_path: path_of(&brands, Facet::Brand, product.brand.as_deref()),
        siblings,
    })
}

async fn find_store(app: &AppState, raw_id: &str) -> Result<Option<Arc<store::Model>>> {
    let Some(id) = raw_id.parse::<i64>().ok().filter(|id| *id > 0) else {
        return Ok(None);
    };
    Ok(app.store_rows.find(&app.db, id).await?)
}

/// The shop route's own not-found page ("Negozio non trovato."), status 404.
async fn not_found_store(app: &AppState, headers: &HeaderMap) -> Result<Response> {
    let page = page(app, "/store/0/negozio-non-trovato", 0, || {
        PageProps::not_found(site(app))
    })
    .await?;
    Ok(respond(&page, headers, "no-cache"))
}

/// The product route's not-found page ("Prodotto non trovato"), status 404.
async fn not_found_product(app: &AppState, headers: &HeaderMap) -> Result<Response> {
    let path = "/product/0/negozio/0/prodotto-non-trovato";
    let page = page(app, path, 0, || PageProps::not_found(site(app))).await?;
    Ok(respond(&page, headers, "no-cache"))
}

/// Any other path: "Pagina non trovata", status 404. A path the browser's route table
/// would still match — it ignores a trailing slash and the case of fixed segments
/// (`/Explore/`) — first gets a 301 to its tidy form, so the two never disagree on the page.
pub async fn not_found(
    State(app): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response> {
    if method == Method::GET || method == Method::HEAD {
        if let Some(tidy) = tidy_path(uri.path()) {
            // `/store/2/` goes to the shop's page at once, not through `/store/2`.
            if let Some(id) = tidy.strip_prefix("/store/").filter(|id| !id.contains('/')) {
                if let Some(store) = find_store(&app, id).await? {
                    return Ok(moved_permanently(store_path(&store)));
                }
            }
            let to = match uri.query() {
                Some(query) => format!("{tidy}?{query}"),
                None => tidy,
            };
            return Ok(moved_permanently(to));
        }
    }
    generic_not_found(&app, uri.path(), &headers).await
}

/// `path` without trailing (or doubled leading) slashes and in lower case, when that differs.
/// Always one leading slash, so the result is never `//host`.
fn tidy_path(path: &str) -> Option<String> {
    let tidy = format!("/{}", path.trim_matches('/').to_ascii_lowercase());
    (tidy != path).then_some(tidy)
}

/// "Pagina non trovata" for a request for `path`, status 404.
async fn generic_not_found(app: &AppState, path: &str, headers: &HeaderMap) -> Result<Response> {
    let render_path = not_found_render_path(path);
    let page = page(app, &render_path, 0, || PageProps::plain(site(app))).await?;
    Ok(respond(&page, headers, "no-cache"))
}

/// The path the not-found page for `path` is rendered at. The browser renders the page it
/// matches for the real path, and the top bar marks a link current by the path's first
/// segment (`/explore/x` keeps "Esplora Negozi" marked). So the server renders at a path
/// with the same first segment when that is one of the site's own, and with more segments
/// than any route of the table (at most five), so that nothing but "*" fits; any other
/// path at `/pagina-non-trovata`. One cached document per first segment, however many
/// unknown URLs are asked for.
pub(super) fn not_found_render_path(path: &str) -> String {
    let trimmed = path.trim_matches('/');
    let (first, rest) = trimmed.split_once('/').unwrap_or((trimmed, ""));
    if !rest.is_empty() && ROUTE_ROOTS.contains(&first) {
        format!("/{first}/pagina/non/trovata/0/0")
    } else {
        "/pagina-non-trovata".to_owned()
    }
}

/// Owner pages run client-side: the document carries the client bundle and a loading
/// text, and is kept out of search engines. Its head (the route's own title) comes from the
/// render pool, which for a client-only route only runs the route table's `headFor`; one
/// document per route and session flag is kept in the HTML cache. `hasSession` tells the
/// client whether the request carried a session cookie at all: without one it does not ask
/// for the current shop (an anonymous visitor of /login or /create is not an expired session).
pub async fn owner_page(
    State(app): State<AppState>,
    matched: MatchedPath,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response> {
    let has_session = crate::auth::cookie::read(&headers).is_some();
    // The route's pattern, not the path: an address in /email-verification/{email} must
    // not make a document of its own (the head never shows it).
    let key = format!(
        "owner:{}:{}",
        matched.as_str(),
        if has_session { "session" } else { "anonymous" }
    );
    let page = match app.pages.cache.get(&key, 0) {
        Some(hit) => hit,
        None => {
            let props = PageProps::owner(site(&app), has_session);
            let page = Arc::new(app.pages.render_shell(uri.path(), &props).await?);
            app.pages.cache.put(&key, 0, page.clone());
            page
        }
    };
    let mut response = respond(&page, &headers, "no-cache");
    response.headers_mut().insert(
        "x-robots-tag",
        HeaderValue::from_static("noindex, nofollow"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_known_query_parameters_reach_the_render() {
        assert_eq!(render_url("/pricing", None), "/pricing");
        assert_eq!(
            render_url("/pricing", Some("billing=monthly")),
            "/pricing?billing=monthly"
        );
        assert_eq!(
            render_url("/", Some("utm_source=x&billing=monthly")),
            "/?billing=monthly"
        );
        assert_eq!(render_url("/pricing", Some("billing=annual")), "/pricing");
        assert_eq!(render_url("/pricing", Some("x=1")), "/pricing");
        assert_eq!(render_url("/pricing", Some("billing=monthlyx")), "/pricing");
        assert_eq!(render_url("/faq", Some("billing=monthly")), "/faq");
    }

    #[test]
    fn paths_are_tidied_to_what_the_route_table_matches() {
        assert_eq!(tidy_path("/explore/").as_deref(), Some("/explore"));
        assert_eq!(tidy_path("/Explore").as_deref(), Some("/explore"));
        assert_eq!(
            tidy_path("//evil.example/").as_deref(),
            Some("/evil.example")
        );
        assert_eq!(tidy_path("//").as_deref(), Some("/"));
        assert_eq!(tidy_path("/"), None);
        assert_eq!(tidy_path("/nonexistent"), None);
    }

    #[test]
    fn not_found_pages_render_at_one_path_per_first_segment() {
        assert_eq!(not_found_render_path("/nonexistent"), "/pagina-non-trovata");
        assert_eq!(not_found_render_path("/a/b/c"), "/pagina-non-trovata");
        assert_eq!(not_found_render_path("/store"), "/pagina-non-trovata");
        assert_eq!(
            not_found_render_path("/store/abc"),
            "/store/pagina/non/trovata/0/0"
        );
        assert_eq!(
            not_found_render_path("/explore/x/y"),
            "/explore/pagina/non/trovata/0/0"
        );
    }
}
