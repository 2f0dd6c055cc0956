//! A price list's own categories, learned from the owner (decision 037): a list files its
//! lines under its own codes or words ("A12", "Ferr. minuta"), and a product keeps that
//! (`products.source_category`) whatever it is filed under now. When the owner has filed
//! two products of one list category alike, and most of those re-filed from it, that list
//! category means the owner's: its other products still filed as the list had them follow
//! at once, and the next import files its lines there.

use std::collections::HashMap;

use entities::{category_example, product};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use time::OffsetDateTime;

use crate::error::Result;
use crate::jobs;
use crate::services::search_terms;

/// Agreeing lessons before a list category is learned: one could be an exception.
pub const MIN_AGREEING: usize = 2;

/// How a list category is compared: case, accents, punctuation and spacing aside.
fn key(source: &str) -> String {
    import::fold_key(source)
}

/// The owner's category for each of the shop's list categories it has learned, by
/// [`key`]: the category most of its taught lines got, when at least [`MIN_AGREEING`] got
/// it and they are more than half.
pub async fn learned(db: &impl ConnectionTrait, store_id: i64) -> Result<HashMap<String, String>> {
    let rows: Vec<(String, String)> = category_example::Entity::find()
        .select_only()
        .column(category_example::Column::SourceCategory)
        .column(category_example::Column::Category)
        .filter(category_example::Column::StoreId.eq(store_id))
        .filter(category_example::Column::SourceCategory.is_not_null())
        .into_tuple()
        .all(db)
        .await?;
    Ok(decide(rows))
}

/// The learned list categories of these lessons (list category, owner's category).
fn decide(lessons: Vec<(String, String)>) -> HashMap<String, String> {
    let mut votes: HashMap<String, HashMap<String, usize>> = HashMap::new();
    for (source, category) in lessons {
        *votes
            .entry(key(&source))
            .or_default()
            .entry(category)
            .or_default() += 1;
    }
    votes
        .into_iter()
        .filter_map(|(source, categories)| {
            let total: usize = categories.values().sum();
            // A tie is never more than half: which of equals is taken does not matter.
            let (category, count) = categories.into_iter().max_by_key(|(_, n)| *n)?;
            (count >= MIN_AGREEING && count * 2 > total).then_some((source, category))
        })
        .collect()
}

/// Files the shop's products of these list categories as learned, where the owner has not
/// filed them otherwise (their category is still the list's); how many moved. Inside the
/// caller's transaction, which holds the shop's lock; their search terms are written again
/// by the `search_terms` job.
pub async fn follow(db: &impl ConnectionTrait, store_id: i64, sources: &[String]) -> Result<u64> {
    if sources.is_empty() {
        return Ok(0);
    }
    let learned = learned(db, store_id).await?;
    let mut moved = 0;
    for source in sources {
        let Some(category) = learned.get(&key(source)) else {
            continue;
        };
        if key(category) == key(source) {
            continue;
        }
        moved += product::Entity::update_many()
            .col_expr(product::Column::Category, Expr::value(category.clone()))
            .col_expr(product::Column::SearchVersion, Expr::value(0))
            .col_expr(
                product::Column::UpdatedAt,
                Expr::value(OffsetDateTime::now_utc()),
            )
            .filter(product::Column::StoreId.eq(store_id))
            .filter(product::Column::SourceCategory.eq(source.as_str()))
            .filter(product::Column::Category.eq(source.as_str()))
            .exec(db)
            .await?
            .rows_affected;
    }
    if moved > 0 {
        jobs::schedule(db, search_terms::JOB, "", OffsetDateTime::now_utc()).await?;
    }
    Ok(moved)
}

/// A list's line filed as the shop learned: the owner's category for the list's, which the
/// product keeps as its `source_category`.
pub fn file(learned: &HashMap<String, String>, list_category: &str) -> Option<String> {
    learned.get(&key(list_category)).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lessons(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(s, c)| ((*s).to_owned(), (*c).to_owned()))
            .collect()
    }

    #[test]
    fn two_agreeing_lessons_that_are_most_teach_a_list_category() {
        let learned = decide(lessons(&[
            ("A12", "Tasselli"),
            ("a12 ", "Tasselli"),
            ("A12", "Viti"),
            ("B07", "Colle"),
            ("C01", "Silicone"),
            ("C01", "Sigillanti"),
            ("D02", "Chiodi"),
            ("D02", "Chiodi"),
            ("D02", "Graffette"),
            ("D02", "Graffette"),
        ]));
        assert_eq!(file(&learned, "A12").as_deref(), Some("Tasselli"));
        // One lesson is not enough; a tie is not a majority.
        assert_eq!(file(&learned, "B07"), None);
        assert_eq!(file(&learned, "C01"), None);
        assert_eq!(file(&learned, "D02"), None);
        assert_eq!(file(&learned, "Z99"), None);
    }
}
