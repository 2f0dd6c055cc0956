//! Google Merchant Center feeds of a public shop: `/feeds/{id}/google-products.xml` (RSS 2.0
//! with the `g:` namespace, one item per product with a price and a real picture: Google
//! refuses drawn placeholders, so products without a photo are left out) and
//! `/feeds/{id}/google-local-inventory.xml` (price and availability per product, for the
//! local inventory of a shop that sells in person). Written as the products are read, a
//! batch at a time, so a 100,000-product shop never stands whole in memory; the shop's
//! `content_version` is the ETag, so Google's daily fetch of an unchanged shop costs a 304.

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::{xml, Availability};
use entities::{product, store};
use futures::stream::{self, StreamExt};
use import::is_gtin;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::handlers::product_path;
use crate::error::{AppError, Result};
use crate::state::AppState;

/// Products read per query while the feed is written.
const BATCH: u64 = 1_000;
const NOT_FOUND: &str = "Feed non trovato";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Feed {
    Products,
    LocalInventory,
}

pub async fn feed(
    State(app): State<AppState>,
    Path((store_id, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response> {
    let kind = match file.as_str() {
        "google-products.xml" => Feed::Products,
        "google-local-inventory.xml" => Feed::LocalInventory,
        _ => return Err(AppError::not_found(NOT_FOUND).into()),
    };
    let store_id: i64 = store_id
        .parse()
        .map_err(|_| AppError::not_found(NOT_FOUND))?;
    let shop = crate::services::stores::public()
        .filter(store::Column::Id.eq(store_id))
        .one(&app.db)
        .await?
        .ok_or_else(|| AppError::not_found(NOT_FOUND))?;
    // Weak: the same feed is also sent compressed (`pages::router`).
    let etag = format!("W/\"feed-{}-{}\"", shop.id, shop.content_version);
    let cache = [
        (header::CACHE_CONTROL, "public, max-age=3600".to_owned()),
        (header::ETAG, etag.clone()),
    ];
    if crate::render::etag_matches(&headers, &etag) {
        return Ok((StatusCode::NOT_MODIFIED, cache).into_response());
    }
    let base = app.config.public_base();
    let head = head(&shop, &base, kind);
    let db = app.db.clone();
    let items = stream::unfold(Some(0i64), move |after| {
        let (db, shop, base) = (db.clone(), shop.clone(), base.clone());
        async move { items_after(&db, &shop, &base, kind, after?).await }
    });
    // Fused: the compression layer may poll once more after the end.
    let body = stream::once(async move { Ok::<_, std::io::Error>(Bytes::from(head)) })
        .chain(items)
        .fuse();
    let mut response = Body::from_stream(body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/rss+xml; charset=utf-8"),
    );
    for (name, value) in cache {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    }
    Ok(response)
}

/// The feed's items after product id `after`, one batch, and where the next batch starts;
/// the closing tags once no product is left.
async fn items_after(
    db: &DatabaseConnection,
    shop: &store::Model,
    base: &str,
    kind: Feed,
    after: i64,
) -> Option<(std::io::Result<Bytes>, Option<i64>)> {
    let rows = product::Entity::find()
        .filter(product::Column::StoreId.eq(shop.id))
        .filter(product::Column::Published.eq(true))
        .filter(product::Column::Id.gt(after))
        .filter(product::Column::Price.is_not_null())
        .filter(crate::services::stores::has_real_picture())
        .order_by_asc(product::Column::Id)
        .limit(BATCH)
        .all(db)
        .await;
    match rows {
        Ok(rows) if rows.is_empty() => {
            Some((Ok(Bytes::from_static(b"</channel>\n</rss>\n")), None))
        }
        Ok(rows) => {
            let next = rows.last().map(|p| p.id);
            let mut chunk = String::with_capacity(rows.len() * 600);
            for p in &rows {
                item(&mut chunk, shop, base, p, kind);
            }
            Some((Ok(Bytes::from(chunk)), next))
        }
        // The reply has begun: the feed is cut short, and the error logged.
        Err(err) => {
            tracing::error!(store = shop.id, error = %err, "feed not written");
            Some((Err(std::io::Error::other(err.to_string())), None))
        }
    }
}

fn head(shop: &store::Model, base: &str, kind: Feed) -> String {
    let title = match kind {
        Feed::Products => shop.name.clone(),
        Feed::LocalInventory => format!("{} – inventario locale", shop.name),
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\">\n<channel>\n\
         <title>{}</title>\n<link>{}</link>\n<description>{}</description>\n",
        xml::escape(&title),
        xml::escape(&format!("{base}{}", super::handlers::store_path(shop))),
        xml::escape(&format!("Prodotti di {}", shop.name)),
    )
}

fn item(out: &mut String, shop: &store::Model, base: &str, p: &product::Model, kind: Feed) {
    let Some(price) = p.price else { return };
    let id = p.sku.clone().unwrap_or_else(|| p.id.to_string());
    let state = Availability::of(p.in_stock, p.availability.as_deref());
    let availability = match kind {
        Feed::LocalInventory => state.local_inventory(),
        Feed::Products => state.merchant(),
    };
    // Prices are stored VAT included, as Merchant Center wants them for Italy.
    let price = format!("{:.2} EUR", price.cents() as f64 / 100.0);
    out.push_str("<item>\n");
    let mut field = |name: &str, value: &str| {
        out.push_str(&format!("<{name}>{}</{name}>\n", xml::escape(value)));
    };
    if kind == Feed::LocalInventory {
        // The code of the shop's Google Business Profile, which the feed must match.
        match &shop.google_store_code {
            Some(code) => field("g:store_code", code),
            None => field("g:store_code", &shop.id.to_string()),
        }
        field("g:id", &id);
        field("g:price", &price);
        field("g:availability", availability);
        out.push_str("</item>\n");
        return;
    }
    field("g:id", &id);
    field("title", &p.name);
    field(
        "description",
        p.description
            .as_deref()
            .filter(|d| !d.trim().is_empty())
            .unwrap_or(&p.name),
    );
    field(
        "link",
        &format!("{base}{}", product_path(shop, p.id, &p.slug)),
    );
    if let Some(image) = p.image_url.as_deref() {
        let absolute = if image.starts_with('/') {
            format!("{base}{image}")
        } else {
            image.to_owned()
        };
        field("g:image_link", &absolute);
    }
    field("g:price", &price);
    field("g:availability", availability);
    if let Some(brand) = p.brand.as_deref() {
        field("g:brand", brand);
    }
    match p.ean.as_deref().filter(|e| is_gtin(e)) {
        Some(gtin) => field("g:gtin", gtin),
        None => field("g:identifier_exists", "no"),
    }
    // No `g:mpn`: a shop's code (its SKU) is its own, not the manufacturer's part number,
    // and a feed must not state what we do not know.
    field("g:condition", "new");
    out.push_str("</item>\n");
}
