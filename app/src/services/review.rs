//! The review queue: the shop's products the AI was not sure of, grouped by the category it
//! proposes (`suggested_category`); without a proposal, by family (`review_families`: the
//! same leading word or code family) and the rest by the reason it gave; and accepting them
//! (status normal, reason and proposal cleared) one by one, a group with the proposed
//! category or another, a family as it is or in a category, by reason, or all.

use std::collections::{HashMap, HashSet};

use domain::ProductStatus;
use entities::product;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use time::OffsetDateTime;

use crate::error::Result;
use crate::services::product_images;
use crate::services::review_families::{self, Family, Line};

/// Proposals, families and reasons shown at once, each.
const MAX_GROUPS: u64 = 20;
/// Products shown per reason; accepting them brings the next ones.
pub const GROUP_ITEMS: u64 = 20;
/// Ids one request may accept.
pub const MAX_IDS: usize = 500;

/// Products shown per proposed category or family: a few examples of what the owner
/// confirms.
pub const SUGGESTION_ITEMS: u64 = 6;

/// Products without a proposal read to find their families (the uncertain ones first, newest
/// first): a whole real list, bounded. The others come up as these are checked.
const FAMILY_SCAN: u64 = 50_000;

/// Ids a statement names: the examples read, the products an action accepts.
const IDS_PER_STATEMENT: usize = 500;

/// One proposed category, family or reason, and the products that carry it.
pub struct Group {
    /// The category the AI proposes for all of them; `None` for a group by family or reason.
    pub suggestion: Option<String>,
    /// `None` for products saved without a reason (older ones, or set by hand), and for a
    /// group by proposal or family.
    pub reason: Option<String>,
    /// The family (`review_families`) of a group by family: its key and its words.
    pub family: Option<(String, String)>,
    pub count: u64,
    pub items: Vec<product::Model>,
}

/// Which products to accept.
pub enum Accept {
    Ids(Vec<i64>),
    /// Every product to check with this reason (`None`: those without one), among those
    /// without a proposed category and outside a family.
    Reason(Option<String>),
    /// Every product of a family, confirmed as it is or filed under `category`.
    Family {
        key: String,
        category: Option<String>,
    },
    /// Every product to check proposed under `suggestion`, filed under `category` (the
    /// proposal, or the owner's correction).
    Suggestion {
        suggestion: String,
        category: String,
    },
    All,
}

/// The shop's products to check. Named, not "not normal": the statuses to check are read
/// from the (store, status) index instead of every product of the shop.
fn to_check(store_id: i64) -> Condition {
    Condition::all()
        .add(product::Column::StoreId.eq(store_id))
        .add(product::Column::Status.is_in([ProductStatus::Uncertain, ProductStatus::Incorrect]))
}

/// The products to check: by proposed category, then by family, then by reason, largest
/// group first; each with its newest products.
pub async fn groups(db: &impl ConnectionTrait, store_id: i64) -> Result<Vec<Group>> {
    let mut groups = suggestion_groups(db, store_id).await?;
    let unproposed = unproposed(db, store_id).await?;
    groups.extend(unproposed_groups(db, store_id, unproposed).await?);
    Ok(groups)
}

/// The proposed categories, largest first, each with its newest products.
async fn suggestion_groups(db: &impl ConnectionTrait, store_id: i64) -> Result<Vec<Group>> {
    let proposed: Vec<(Option<String>, i64)> = product::Entity::find()
        .select_only()
        .column(product::Column::SuggestedCategory)
        .column_as(Expr::col(product::Column::Id).count(), "n")
        .filter(to_check(store_id))
        .filter(product::Column::SuggestedCategory.is_not_null())
        .group_by(product::Column::SuggestedCategory)
        .order_by_desc(Expr::col(product::Column::Id).count())
        .limit(MAX_GROUPS)
        .into_tuple()
        .all(db)
        .await?;
    let mut groups = Vec::new();
    for (suggestion, count) in proposed {
        let Some(suggestion) = suggestion else {
            continue;
        };
        let items = product::Entity::find()
            .filter(to_check(store_id))
            .filter(product::Column::SuggestedCategory.eq(suggestion.as_str()))
            .order_by_desc(product::Column::Id)
            .limit(SUGGESTION_ITEMS)
            .all(db)
            .await?;
        groups.push(Group {
            suggestion: Some(suggestion),
            reason: None,
            family: None,
            count: count.max(0) as u64,
            items,
        });
    }
    Ok(groups)
}

/// The families, then the reasons, shown (at most `MAX_GROUPS` each), with their examples.
async fn unproposed_groups(
    db: &impl ConnectionTrait,
    store_id: i64,
    unproposed: Unproposed,
) -> Result<Vec<Group>> {
    let shown_families = unproposed.families.iter().take(MAX_GROUPS as usize);
    let shown_reasons = unproposed.reasons.iter().take(MAX_GROUPS as usize);
    // The examples of every family and reason, read at once.
    let shown: Vec<i64> = shown_families
        .clone()
        .flat_map(|f| f.ids.iter().take(SUGGESTION_ITEMS as usize))
        .chain(
            shown_reasons
                .clone()
                .flat_map(|(_, ids)| ids.iter().take(GROUP_ITEMS as usize)),
        )
        .copied()
        .collect();
    let examples = examples(db, store_id, &shown).await?;
    let items = |ids: &[i64], n: u64| -> Vec<product::Model> {
        ids.iter()
            .take(n as usize)
            .filter_map(|id| examples.get(id).cloned())
            .collect()
    };
    let mut groups = Vec::new();
    for family in shown_families {
        groups.push(Group {
            suggestion: None,
            reason: None,
            family: Some((family.key.clone(), family.label.clone())),
            count: family.ids.len() as u64,
            items: items(&family.ids, SUGGESTION_ITEMS),
        });
    }
    for (reason, ids) in shown_reasons {
        groups.push(Group {
            suggestion: None,
            reason: reason.clone(),
            family: None,
            count: ids.len() as u64,
            items: items(ids, GROUP_ITEMS),
        });
    }
    Ok(groups)
}

/// The shop's products with these ids, by id (`IDS_PER_STATEMENT` per statement).
async fn examples(
    db: &impl ConnectionTrait,
    store_id: i64,
    ids: &[i64],
) -> Result<HashMap<i64, product::Model>> {
    let mut examples: HashMap<i64, product::Model> = HashMap::new();
    for chunk in ids.chunks(IDS_PER_STATEMENT) {
        for p in product::Entity::find()
            .filter(product::Column::StoreId.eq(store_id))
            .filter(product::Column::Id.is_in(chunk.iter().copied()))
            .all(db)
            .await?
        {
            examples.insert(p.id, p);
        }
    }
    Ok(examples)
}

/// Products to check, over all groups.
pub async fn total(db: &impl ConnectionTrait, store_id: i64) -> Result<u64> {
    Ok(product::Entity::find()
        .filter(to_check(store_id))
        .count(db)
        .await?)
}

/// The products to check without a proposal (at most `FAMILY_SCAN`): their families,
/// and the others by reason, largest first.
struct Unproposed {
    families: Vec<Family>,
    reasons: Vec<(Option<String>, Vec<i64>)>,
}

/// A product to check as families and reasons read it: id, name, brand, code, reason.
type QueueRow = (i64, String, Option<String>, Option<String>, Option<String>);

async fn unproposed(db: &impl ConnectionTrait, store_id: i64) -> Result<Unproposed> {
    let mut rows: Vec<QueueRow> = product::Entity::find()
        .select_only()
        .columns([
            product::Column::Id,
            product::Column::Name,
            product::Column::Brand,
            product::Column::Sku,
            product::Column::ReviewNote,
        ])
        .filter(to_check(store_id))
        .filter(product::Column::SuggestedCategory.is_null())
        // In the (store, status, id) index's order: read from it, not by every product
        // of the shop in id order; newest first is restored below.
        .order_by_desc(product::Column::Status)
        .order_by_desc(product::Column::Id)
        .limit(FAMILY_SCAN)
        .into_tuple()
        .all(db)
        .await?;
    rows.sort_unstable_by_key(|row| std::cmp::Reverse(row.0));
    let (lines, notes): (Vec<Line>, Vec<Option<String>>) = rows
        .into_iter()
        .map(|(id, name, brand, sku, note)| {
            (
                Line {
                    id,
                    name,
                    brand,
                    sku,
                },
                note,
            )
        })
        .unzip();
    let families = review_families::families(&lines);
    let in_family: HashSet<i64> = families
        .iter()
        .flat_map(|f| f.ids.iter().copied())
        .collect();
    let mut reasons: Vec<(Option<String>, Vec<i64>)> = Vec::new();
    for (line, note) in lines.iter().zip(notes) {
        if in_family.contains(&line.id) {
            continue;
        }
        match reasons.iter_mut().find(|(r, _)| *r == note) {
            Some((_, ids)) => ids.push(line.id),
            None => reasons.push((note, vec![line.id])),
        }
    }
    reasons.sort_by_key(|(_, ids)| std::cmp::Reverse(ids.len()));
    Ok(Unproposed { families, reasons })
}

/// Marks products of the shop as checked: status normal, no reason. Ids of other shops are
/// skipped. Returns how many changed; the shop's pages are refreshed.
pub async fn accept(db: &DatabaseConnection, store_id: i64, which: Accept) -> Result<u64> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let ids = accepted_ids(&txn, store_id, &which).await?;
    let category = match &which {
        Accept::Suggestion { category, .. } => Some(category.as_str()),
        Accept::Family { category, .. } => category.as_deref(),
        _ => None,
    };
    let taught = taught_by(&txn, store_id, &which, ids.as_deref()).await?;
    let now = OffsetDateTime::now_utc();
    let update = || checked(store_id, category, now);
    let mut accepted = 0;
    match (&which, &ids) {
        (_, Some(ids)) => {
            for chunk in ids.chunks(IDS_PER_STATEMENT) {
                accepted += update()
                    .filter(product::Column::Id.is_in(chunk.iter().copied()))
                    .exec(&txn)
                    .await?
                    .rows_affected;
            }
        }
        (Accept::Suggestion { suggestion, .. }, None) => {
            accepted = update()
                .filter(product::Column::SuggestedCategory.eq(suggestion.as_str()))
                .exec(&txn)
                .await?
                .rows_affected;
        }
        (_, None) => accepted = update().exec(&txn).await?.rows_affected,
    }
    // A category confirmed or corrected for a group, or confirmed product by product, is the
    // owner's evidence for the rest of the queue and the next import.
    super::category_examples::learn(&txn, store_id, taught).await?;
    if category.is_some() {
        // The category is a search word: indexed before anyone searches.
        super::catalogue::reindex_stale(&txn, Some(store_id)).await?;
    }
    txn.commit().await?;
    Ok(accepted)
}

/// The ids an acceptance names: the ones given, or a family's or a reason's by the same rule
/// the panel applied, on the rows as they are now; `None` for a proposal or everything.
async fn accepted_ids(
    db: &impl ConnectionTrait,
    store_id: i64,
    which: &Accept,
) -> Result<Option<Vec<i64>>> {
    Ok(match which {
        Accept::Ids(ids) => Some(ids.clone()),
        Accept::Reason(reason) => {
            let reasons = unproposed(db, store_id).await?.reasons;
            Some(
                reasons
                    .into_iter()
                    .find(|(r, _)| r == reason)
                    .map(|(_, ids)| ids)
                    .unwrap_or_default(),
            )
        }
        Accept::Family { key, .. } => {
            let families = unproposed(db, store_id).await?.families;
            Some(
                families
                    .into_iter()
                    .find(|f| &f.key == key)
                    .map(|f| f.ids)
                    .unwrap_or_default(),
            )
        }
        Accept::Suggestion { .. } | Accept::All => None,
    })
}

/// The update that marks the shop's products to check as checked (status normal, no reason
/// nor proposal), filed under `category` when one is given.
fn checked(
    store_id: i64,
    category: Option<&str>,
    now: OffsetDateTime,
) -> sea_orm::UpdateMany<product::Entity> {
    let update = product::Entity::update_many()
        .col_expr(product::Column::Status, Expr::value(ProductStatus::Normal))
        .col_expr(
            product::Column::ReviewNote,
            Expr::value(Option::<String>::None),
        )
        .col_expr(
            product::Column::SuggestedCategory,
            Expr::value(Option::<String>::None),
        )
        // The owner's word: a reading of the queue begun before it no longer writes
        // over these products (`category_checks` writes only what it read unchanged).
        .col_expr(product::Column::UpdatedAt, Expr::value(now))
        .filter(to_check(store_id));
    let Some(category) = category else {
        return update;
    };
    update
        .col_expr(product::Column::Category, Expr::value(category))
        .col_expr(
            product::Column::ImageUrl,
            product_images::drawn_picture_cleared(),
        )
        .col_expr(product::Column::SearchVersion, Expr::value(0))
}

/// The products an acceptance teaches, and under which category: a group confirmed or
/// corrected (its newest products), a family filed under a category, products accepted one
/// by one or a family confirmed as it is, with their category. Accepting a whole reason or
/// everything teaches nothing: that is no look at each line.
async fn taught_by(
    db: &impl ConnectionTrait,
    store_id: i64,
    which: &Accept,
    ids: Option<&[i64]>,
) -> Result<Vec<(i64, String)>> {
    let limit = super::category_examples::MAX_PER_ACTION;
    let newest = |ids: &[i64]| ids.iter().take(limit as usize).copied().collect::<Vec<_>>();
    Ok(match which {
        Accept::Suggestion {
            suggestion,
            category,
        } => product::Entity::find()
            .select_only()
            .column(product::Column::Id)
            .filter(to_check(store_id))
            .filter(product::Column::SuggestedCategory.eq(suggestion.as_str()))
            .order_by_desc(product::Column::Id)
            .limit(limit)
            .into_tuple::<i64>()
            .all(db)
            .await?
            .into_iter()
            .map(|id| (id, category.clone()))
            .collect(),
        Accept::Family {
            category: Some(category),
            ..
        } => newest(ids.unwrap_or_default())
            .into_iter()
            .map(|id| (id, category.clone()))
            .collect(),
        Accept::Ids(_) | Accept::Family { category: None, .. } => {
            product::Entity::find()
                .select_only()
                .column(product::Column::Id)
                .column(product::Column::Category)
                .filter(to_check(store_id))
                .filter(product::Column::Id.is_in(newest(ids.unwrap_or_default())))
                .filter(product::Column::Category.is_not_null())
                .limit(limit)
                .into_tuple::<(i64, String)>()
                .all(db)
                .await?
        }
        Accept::Reason(_) | Accept::All => Vec::new(),
    })
}
