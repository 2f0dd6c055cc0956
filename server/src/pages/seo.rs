//! `/robots.txt` and the sitemaps: an index, one file for pages and shops, and product
//! files of at most 50,000 URLs each (the sitemaps.org limit).

use std::collections::HashMap;
use std::fmt::Write;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::xml;
use entities::{product, store};
use sea_orm::sea_query::Expr;
use sea_orm::{EntityTrait, QueryOrder, QuerySelect};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use super::handlers::{product_path, store_path};
use super::sections;
use crate::error::{AppError, Result};
use crate::services::catalogue::Facet;
use crate::state::AppState;
use crate::views::rfc3339;

pub const URLS_PER_SITEMAP: u64 = 50_000;
/// Category and brand pages of one shop listed in `shops.xml` (categories first).
const SECTIONS_PER_SHOP: usize = 200;
const STATIC_PATHS: [&str; 7] = [
    "/",
    "/explore",
    "/pricing",
    "/contacts",
    "/faq",
    "/privacy",
    "/cookie",
];

/// A sitemap, with an ETag of its content: a crawler that has it already gets a 304. The tag
/// is weak, since the same content is also sent compressed (`pages::router`).
fn xml(body: String, headers: &HeaderMap) -> Response {
    let digest = Sha256::digest(body.as_bytes());
    let etag = format!("W/\"{}\"", hex::encode(&digest[..12]));
    let cache = [
        (
            header::CONTENT_TYPE,
            "application/xml; charset=utf-8".to_owned(),
        ),
        (header::CACHE_CONTROL, "public, max-age=300".to_owned()),
        (header::ETAG, etag.clone()),
    ];
    if crate::render::etag_matches(headers, &etag) {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (cache, body).into_response()
}

pub async fn robots(State(app): State<AppState>) -> impl IntoResponse {
    let base = app.config.public_base();
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /upload\nDisallow: /login\n\
         Disallow: /auth\nDisallow: /create\nDisallow: /verify-email\nDisallow: /email-verification/\n\
         Disallow: /recupera-password\nDisallow: /reset-password\n\nSitemap: {base}/sitemap.xml\n"
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body)
}

pub async fn sitemap_index(State(app): State<AppState>, headers: HeaderMap) -> Result<Response> {
    let base = xml::escape(&app.config.public_base());
    let (count, newest): (i64, Option<OffsetDateTime>) = product::Entity::find()
        .select_only()
        .column_as(Expr::col(product::Column::Id).count(), "n")
        .column_as(Expr::col(product::Column::UpdatedAt).max(), "newest")
        .into_tuple()
        .one(&app.db)
        .await?
        .unwrap_or((0, None));
    let files = (count.max(0) as u64).div_ceil(URLS_PER_SITEMAP);
    let mut body = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    let _ = writeln!(
        body,
        "<sitemap><loc>{base}/sitemaps/shops.xml</loc></sitemap>"
    );
    let lastmod = newest
        .map(|t| format!("<lastmod>{}</lastmod>", rfc3339(t)))
        .unwrap_or_default();
    for n in 1..=files {
        let _ = writeln!(
            body,
            "<sitemap><loc>{base}/sitemaps/products-{n}.xml</loc>{lastmod}</sitemap>"
        );
    }
    body.push_str("</sitemapindex>\n");
    Ok(xml(body, &headers))
}

pub async fn sitemap_file(
    State(app): State<AppState>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Result<Response> {
    let base = xml::escape(&app.config.public_base());
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let stores = crate::services::stores::public().all(&app.db).await?;
    if file == "shops.xml" {
        shop_urls(&app, &base, &stores, &mut body).await?;
    } else {
        let n = file
            .strip_prefix("products-")
            .and_then(|rest| rest.strip_suffix(".xml"))
            .and_then(|n| n.parse::<u64>().ok())
            .filter(|n| *n >= 1)
            .ok_or_else(|| AppError::not_found("Sitemap non trovata"))?;
        product_urls(&app, &base, &stores, n, &mut body).await?;
    }
    body.push_str("</urlset>\n");
    Ok(xml(body, &headers))
}

/// `shops.xml`: the static pages, then each public shop with its category and brand pages
/// (their lists are kept per shop version), within the file's limit.
async fn shop_urls(
    app: &AppState,
    base: &str,
    stores: &[store::Model],
    body: &mut String,
) -> Result<()> {
    for path in STATIC_PATHS {
        let _ = writeln!(body, "<url><loc>{base}{path}</loc></url>");
    }
    let mut urls = STATIC_PATHS.len();
    for s in stores {
        let lastmod = rfc3339(s.updated_at);
        let _ = writeln!(
            body,
            "<url><loc>{base}{}</loc><lastmod>{lastmod}</lastmod></url>",
            store_path(s),
        );
        let mut paths = Vec::new();
        for facet in [Facet::Category, Facet::Brand] {
            let list = app.store_rows.sections(&app.db, s, facet).await?;
            paths.extend(
                list.iter()
                    .map(|f| sections::section_path(s, facet, &f.slug)),
            );
        }
        for path in paths.into_iter().take(SECTIONS_PER_SHOP) {
            if urls + 1 >= URLS_PER_SITEMAP as usize {
                break;
            }
            urls += 1;
            let _ = writeln!(
                body,
                "<url><loc>{base}{}</loc><lastmod>{lastmod}</lastmod></url>",
                xml::escape(&path)
            );
        }
    }
    Ok(())
}

/// `products-{n}.xml`: files cut the whole table by id (a file's products stay in it);
/// products of hidden shops and products kept off the public pages are left out of each.
/// A file past the table's end is not found.
async fn product_urls(
    app: &AppState,
    base: &str,
    stores: &[store::Model],
    n: u64,
    body: &mut String,
) -> Result<()> {
    let by_id: HashMap<i64, &store::Model> = stores.iter().map(|s| (s.id, s)).collect();
    let rows: Vec<(i64, i64, domain::Slug, OffsetDateTime, bool)> = product::Entity::find()
        .select_only()
        .columns([
            product::Column::Id,
            product::Column::StoreId,
            product::Column::Slug,
            product::Column::UpdatedAt,
            product::Column::Published,
        ])
        .order_by_asc(product::Column::Id)
        .offset((n - 1) * URLS_PER_SITEMAP)
        .limit(URLS_PER_SITEMAP)
        .into_tuple()
        .all(&app.db)
        .await?;
    if rows.is_empty() {
        return Err(AppError::not_found("Sitemap non trovata").into());
    }
    for (id, store_id, slug, updated, _) in rows.into_iter().filter(|row| row.4) {
        if let Some(s) = by_id.get(&store_id) {
            let _ = writeln!(
                body,
                "<url><loc>{base}{}</loc><lastmod>{}</lastmod></url>",
                product_path(s, id, &slug),
                rfc3339(updated)
            );
        }
    }
    Ok(())
}
