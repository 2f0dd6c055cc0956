//! Every product gets an image in the background, after an import, a product write, or
//! at start-up: its image URL fetched and stored, or a generated card. Requests answer at
//! once; the shop's pages refresh as the images land. One pass per shop at a time, by
//! ascending id, so a product whose image cannot be made is not tried again in the same pass.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use ai::builtin;
use entities::product;
use futures::stream::{self, StreamExt};
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::error::Result;
use crate::media::{self, Card, Lane, Turn};
use crate::services::lock_store;
use crate::sync::lock;
use crate::App;

/// Products read per round; the shop's pages are refreshed after each.
const BATCH: u64 = 200;
/// Images fetched or made at once: all of them wait in the shop's lane of the image thread
/// (`media::worker`), which takes background work without a bound of its own.
const AT_ONCE: usize = 4;

/// Shops with a pass running; the value is where the next pass must start, when one is due.
#[derive(Default)]
pub struct ImageJobs {
    shops: Mutex<HashMap<i64, Option<i64>>>,
}

/// The value of `image_url` after a change of category or name: a drawn picture (it shows
/// them) is cleared for the image pass to draw again; a real picture stays.
pub fn drawn_picture_cleared() -> SimpleExpr {
    Expr::case(
        product::Column::ImageUrl.like(format!("{}%", media::GENERATED_PREFIX)),
        Expr::value(Option::<String>::None),
    )
    .finally(Expr::col(product::Column::ImageUrl))
    .into()
}

/// Starts a pass over the shop's products above id `after` that have no stored image, or
/// schedules one for when the running pass ends. Callers pass the id just below what they
/// wrote, so a write does not make the pass read the whole shop again.
pub fn complete_in_background(app: &App, store_id: i64, after: i64) {
    let jobs = app.image_jobs.clone();
    {
        let mut shops = lock(&jobs.shops);
        if let Some(due) = shops.get_mut(&store_id) {
            *due = Some(due.map_or(after, |d| d.min(after)));
            return;
        }
        shops.insert(store_id, None);
    }
    let app = app.clone();
    tokio::spawn(async move {
        let mut from = after;
        loop {
            if let Err(err) = complete(&app, store_id, from).await {
                tracing::error!(store = store_id, error = ?err, "product image pass not completed");
            }
            // Checked and cleared under the same lock a new request takes: none is lost.
            let mut shops = lock(&jobs.shops);
            match shops.get_mut(&store_id).and_then(Option::take) {
                Some(next) => from = next,
                None => {
                    shops.remove(&store_id);
                    break;
                }
            }
        }
    });
}

/// Starts a pass for every shop that has products without a stored image (at start-up:
/// picks up what an interrupted pass left, and products saved before images existed).
pub async fn complete_all_in_background(app: &App) -> Result<()> {
    let stores: Vec<i64> = product::Entity::find()
        .select_only()
        .column(product::Column::StoreId)
        .distinct()
        .filter(needs_image())
        .into_tuple()
        .all(&app.db)
        .await?;
    for store_id in stores {
        complete_in_background(app, store_id, 0);
    }
    Ok(())
}

/// No image yet, one that still points elsewhere, or a generated picture of an earlier
/// design.
fn needs_image() -> Condition {
    Condition::any()
        .add(product::Column::ImageUrl.is_null())
        .add(product::Column::ImageUrl.like("http://%"))
        .add(product::Column::ImageUrl.like("https://%"))
        .add(
            Condition::all()
                .add(product::Column::ImageUrl.like("/media/products/%.svg"))
                .add(product::Column::ImageUrl.not_like(format!("{}%", media::GENERATED_PREFIX))),
        )
}

/// One pass over the products above id `after`; returns how many got an image.
pub async fn complete(app: &App, store_id: i64, mut after: i64) -> Result<usize> {
    let mut done = 0;
    loop {
        let batch = product::Entity::find()
            .filter(product::Column::StoreId.eq(store_id))
            .filter(product::Column::Id.gt(after))
            .filter(needs_image())
            .order_by_asc(product::Column::Id)
            .limit(BATCH)
            .all(&app.db)
            .await?;
        let Some(last) = batch.last() else {
            return Ok(done);
        };
        after = last.id;
        let made: Vec<(product::Model, Option<String>)> = stream::iter(batch)
            .map(|p| async move {
                let card = Card {
                    name: &p.name,
                    brand: p.brand.as_deref(),
                    pictogram: builtin::pictogram_for(p.category.as_deref().unwrap_or("")),
                };
                let turn = Turn::Background(Lane::Shop(store_id));
                let image = media::image_for(
                    &app.config.media_dir(),
                    &app.config.fetch_policy,
                    p.image_url.as_deref(),
                    card,
                    turn,
                )
                .await;
                if image.warning.is_some() {
                    tracing::warn!(
                        store = store_id,
                        product = p.id,
                        "product image URL not fetched"
                    );
                }
                let url = image.image_url;
                (p, url)
            })
            .buffer_unordered(AT_ONCE)
            .collect()
            .await;
        for (p, url) in made {
            let Some(url) = url else { continue };
            // Only if the owner has not changed the image meanwhile.
            let current = match &p.image_url {
                Some(old) => product::Column::ImageUrl.eq(old.clone()),
                None => product::Column::ImageUrl.is_null(),
            };
            let updated = product::Entity::update_many()
                .col_expr(product::Column::ImageUrl, Expr::value(url))
                .filter(product::Column::Id.eq(p.id))
                .filter(current)
                .exec(&app.db)
                .await?;
            done += updated.rows_affected as usize;
        }
        // New content_version: cached pages of the shop show the images.
        lock_store(&app.db, store_id).await?;
        app.store_rows.forget_all();
    }
}

/// Shared by the application state.
pub type Jobs = Arc<ImageJobs>;
