//! The review queue: the shop's products the AI was not sure of, grouped by the category it
//! proposes (`suggested_category`) and, without a proposal, by the reason it gave; and
//! accepting them (status normal, reason and proposal cleared) one by one, a group with
//! the proposed category or another, by reason, or all.

use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, TransactionTrait,
};

use crate::domain::ProductStatus;
use crate::entities::product;
use crate::error::Result;
use crate::services::product_images;

/// Reasons shown at once (a shop's reasons are a handful: they come from the engine).
const MAX_GROUPS: u64 = 20;
/// Products shown per reason; accepting them brings the next ones.
pub const GROUP_ITEMS: u64 = 20;
/// Ids one request may accept.
pub const MAX_IDS: usize = 500;

/// Products shown per proposed category: a few examples of what the owner confirms.
pub const SUGGESTION_ITEMS: u64 = 6;

/// One proposed category, or one reason, and the products that carry it.
pub struct Group {
    /// The category the AI proposes for all of them; `None` for a group by reason.
    pub suggestion: Option<String>,
    /// `None` for products saved without a reason (older ones, or set by hand), and for a
    /// group by proposal.
    pub reason: Option<String>,
    pub count: u64,
    pub items: Vec<product::Model>,
}

/// Which products to accept.
pub enum Accept {
    Ids(Vec<i64>),
    /// Every product to check with this reason (`None`: those without one), among those
    /// without a proposed category.
    Reason(Option<String>),
    /// Every product to check proposed under `suggestion`, filed under `category` (the
    /// proposal, or the owner's correction).
    Suggestion {
        suggestion: String,
        category: String,
    },
    All,
}

fn to_check(store_id: i64) -> Condition {
    Condition::all()
        .add(product::Column::StoreId.eq(store_id))
        .add(product::Column::Status.ne(ProductStatus::Normal))
}

fn with_reason(reason: Option<&str>) -> Condition {
    let unproposed = Condition::all().add(product::Column::SuggestedCategory.is_null());
    match reason {
        Some(r) => unproposed.add(product::Column::ReviewNote.eq(r)),
        None => unproposed.add(product::Column::ReviewNote.is_null()),
    }
}

/// The products to check: by proposed category, then by reason, largest group first;
/// each with its newest products.
pub async fn groups(db: &impl ConnectionTrait, store_id: i64) -> Result<Vec<Group>> {
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
            count: count.max(0) as u64,
            items,
        });
    }
    let counts: Vec<(Option<String>, i64)> = product::Entity::find()
        .select_only()
        .column(product::Column::ReviewNote)
        .column_as(Expr::col(product::Column::Id).count(), "n")
        .filter(to_check(store_id))
        .filter(product::Column::SuggestedCategory.is_null())
        .group_by(product::Column::ReviewNote)
        .order_by_desc(Expr::col(product::Column::Id).count())
        .limit(MAX_GROUPS)
        .into_tuple()
        .all(db)
        .await?;
    for (reason, count) in counts {
        let items = product::Entity::find()
            .filter(to_check(store_id))
            .filter(with_reason(reason.as_deref()))
            .order_by_desc(product::Column::Id)
            .limit(GROUP_ITEMS)
            .all(db)
            .await?;
        groups.push(Group {
            suggestion: None,
            reason,
            count: count.max(0) as u64,
            items,
        });
    }
    Ok(groups)
}

/// Marks products of the shop as checked: status normal, no reason. Ids of other shops are
/// skipped. Returns how many changed; the shop's pages are refreshed.
pub async fn accept(db: &DatabaseConnection, store_id: i64, which: Accept) -> Result<u64> {
    let txn = db.begin().await?;
    super::lock_store(&txn, store_id).await?;
    let taught = taught_by(&txn, store_id, &which).await?;
    let mut update = product::Entity::update_many()
        .col_expr(product::Column::Status, Expr::value(ProductStatus::Normal))
        .col_expr(
            product::Column::ReviewNote,
            Expr::value(Option::<String>::None),
        )
        .col_expr(
            product::Column::SuggestedCategory,
            Expr::value(Option::<String>::None),
        )
        .filter(to_check(store_id));
    update = match &which {
        Accept::Ids(ids) => update.filter(product::Column::Id.is_in(ids.iter().copied())),
        Accept::Reason(reason) => update.filter(with_reason(reason.as_deref())),
        Accept::Suggestion {
            suggestion,
            category,
        } => update
            .col_expr(product::Column::Category, Expr::value(category.as_str()))
            .col_expr(
                product::Column::ImageUrl,
                product_images::drawn_picture_cleared(),
            )
            .col_expr(product::Column::SearchVersion, Expr::value(0))
            .filter(product::Column::SuggestedCategory.eq(suggestion.as_str())),
        Accept::All => update,
    };
    let accepted = update.exec(&txn).await?.rows_affected;
    // A category confirmed or corrected for a group, or confirmed product by product, is the
    // owner's evidence for the rest of the queue and the next import.
    super::category_examples::learn(&txn, store_id, taught).await?;
    if matches!(which, Accept::Suggestion { .. }) {
        // The category is a search word: indexed before anyone searches.
        super::catalogue::reindex_stale(&txn, Some(store_id)).await?;
    }
    txn.commit().await?;
    Ok(accepted)
}

/// The products an acceptance teaches, and under which category: a group confirmed or
/// corrected (its newest products), products accepted one by one with their category.
/// Accepting a whole reason or everything teaches nothing: that is no look at each line.
async fn taught_by(
    db: &impl ConnectionTrait,
    store_id: i64,
    which: &Accept,
) -> Result<Vec<(i64, String)>> {
    let limit = super::category_examples::MAX_PER_ACTION;
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
        Accept::Ids(ids) => {
            product::Entity::find()
                .select_only()
                .column(product::Column::Id)
                .column(product::Column::Category)
                .filter(to_check(store_id))
                .filter(product::Column::Id.is_in(ids.iter().copied()))
                .filter(product::Column::Category.is_not_null())
                .limit(limit)
                .into_tuple::<(i64, String)>()
                .all(db)
                .await?
        }
        Accept::Reason(_) | Accept::All => Vec::new(),
    })
}
