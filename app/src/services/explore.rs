//! The explore page's listing: the public shops searched, sorted and cut into pages of 12 on
//! the server (`/explore?q=&sort=&page=` and `GET /api/stores`). Shops are few next to
//! products (hundreds), so one read of every shop with its product count, kept with the
//! page cache's version, is searched and sorted in memory.

use std::cmp::Ordering;

use domain::messages;
use domain::search::name_key;
use entities::store;

use crate::error::{Problems, Result};
use crate::services::query_params;

/// Shops a page of `/explore` shows (docs/product/routes.md, "Explore").
pub const PAGE_SIZE: u64 = 12;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ShopSort {
    #[default]
    ProductsDesc,
    ProductsAsc,
    Newest,
    NameAsc,
    NameDesc,
}

impl ShopSort {
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "productsDesc" => Self::ProductsDesc,
            "productsAsc" => Self::ProductsAsc,
            "newest" => Self::Newest,
            "nameAsc" => Self::NameAsc,
            "nameDesc" => Self::NameDesc,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::ProductsDesc => "productsDesc",
            Self::ProductsAsc => "productsAsc",
            Self::Newest => "newest",
            Self::NameAsc => "nameAsc",
            Self::NameDesc => "nameDesc",
        }
    }
}

/// What a query string asks of the explore listing, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExploreQuery {
    /// The search as typed ("" for none).
    pub q: String,
    pub sort: ShopSort,
    pub page: u64,
    pub per_page: u64,
}

impl ExploreQuery {
    /// `q`, `sort`, `page`, `per_page`; other parameters are ignored, a bad value is refused
    /// with its field named.
    pub fn parse(query: Option<&str>, default_per_page: u64) -> Result<Self> {
        let mut p = Problems::default();
        let mut out = Self {
            page: 1,
            per_page: default_per_page,
            ..Self::default()
        };
        for (key, value) in query_params::pairs(query) {
            let value = value.as_str();
            match key.as_ref() {
                "q" => out.q = query_params::search_text(value),
                "sort" => match ShopSort::parse(value) {
                    Some(sort) => out.sort = sort,
                    None if value.is_empty() => {}
                    None => p.add("sort", messages::SORT_INVALID),
                },
                key => {
                    query_params::read_paging(key, value, &mut out.page, &mut out.per_page, &mut p)
                }
            }
        }
        p.into_result()?;
        Ok(out)
    }

    /// The query string of this listing at `page`: fixed order, defaults left out.
    pub fn canonical_query(&self, page: u64) -> String {
        let mut out = url::form_urlencoded::Serializer::new(String::new());
        if !self.q.is_empty() {
            out.append_pair("q", &self.q);
        }
        if self.sort != ShopSort::default() {
            out.append_pair("sort", self.sort.name());
        }
        if page > 1 {
            out.append_pair("page", &page.to_string());
        }
        out.finish()
    }
}

/// One page of shops, each with its product count.
#[derive(Debug, Clone)]
pub struct ShopPage {
    pub items: Vec<(store::Model, u64)>,
    pub total: u64,
    pub page: u64,
    pub pages: u64,
}

/// The shops matching the search (name, description, partner group, city; without case or
/// accents), in the asked order, cut to the asked page. A page past the last is empty.
pub fn page(all: Vec<(store::Model, u64)>, query: &ExploreQuery) -> ShopPage {
    let words: Vec<String> = name_key(&query.q)
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let mut found: Vec<(String, store::Model, u64)> = all
        .into_iter()
        .filter(|(s, _)| {
            let text = name_key(&format!(
                "{} {} {} {}",
                s.name,
                s.description,
                s.partner_group.as_deref().unwrap_or_default(),
                s.city
            ));
            words.iter().all(|w| text.contains(w.as_str()))
        })
        .map(|(s, n)| (name_key(&s.name), s, n))
        .collect();
    let by_name = |a: &(String, store::Model, u64), b: &(String, store::Model, u64)| {
        a.0.cmp(&b.0).then(a.1.id.cmp(&b.1.id))
    };
    found.sort_by(|a, b| match query.sort {
        ShopSort::ProductsDesc => b.2.cmp(&a.2).then_with(|| by_name(a, b)),
        ShopSort::ProductsAsc => a.2.cmp(&b.2).then_with(|| by_name(a, b)),
        ShopSort::Newest => {
            b.1.created_at
                .cmp(&a.1.created_at)
                .then(b.1.id.cmp(&a.1.id))
        }
        ShopSort::NameAsc => by_name(a, b),
        ShopSort::NameDesc => match b.0.cmp(&a.0) {
            Ordering::Equal => a.1.id.cmp(&b.1.id),
            other => other,
        },
    });
    let total = found.len() as u64;
    let per_page = query.per_page.max(1);
    let skip =
        usize::try_from((query.page.max(1) - 1).saturating_mul(per_page)).unwrap_or(usize::MAX);
    let items = found
        .into_iter()
        .skip(skip)
        .take(usize::try_from(per_page).unwrap_or(usize::MAX))
        .map(|(_, s, n)| (s, n))
        .collect();
    ShopPage {
        items,
        total,
        page: query.page.max(1),
        pages: total.div_ceil(per_page).max(1),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use time::macros::datetime;

    use super::*;
    use domain::Slug;

    fn shop(id: i64, name: &str, products: u64) -> (store::Model, u64) {
        let at = datetime!(2026-01-01 10:00 UTC) + time::Duration::days(id);
        (
            store::Model {
                id,
                user_id: id,
                name: name.to_owned(),
                slug: Slug::of(&format!("s{id}")),
                description: "Materiali edili".into(),
                partner_group: None,
                logo_img_url: None,
                address: "Via Roma 1".into(),
                city: "Milano".into(),
                postal_code: "20121".into(),
                website_url: None,
                telephone: "02 1234567".into(),
                email: format!("s{id}@example.it"),
                opening_hours: None,
                special_closures: None,
                photos: None,
                google_store_code: None,
                latitude: None,
                longitude: None,
                plan: domain::plan::Plan::Free,
                trial_plan: None,
                trial_used: false,
                trial_ends_at: None,
                content_version: 1,
                created_at: at,
                updated_at: at,
            },
            products,
        )
    }

    fn names(page: &ShopPage) -> Vec<&str> {
        page.items.iter().map(|(s, _)| s.name.as_str()).collect()
    }

    #[test]
    fn searched_without_accents_sorted_and_paged() {
        let all = || {
            vec![
                shop(1, "Ferramenta Élite", 10),
                shop(2, "Colorificio Blu", 40),
                shop(3, "edilizia Rossi", 0),
                shop(4, "Ferramenta Bianchi", 40),
            ]
        };
        let ask = |q: &str| ExploreQuery::parse(Some(q), PAGE_SIZE).unwrap();
        assert_eq!(
            names(&page(all(), &ask(""))),
            [
                "Colorificio Blu",
                "Ferramenta Bianchi",
                "Ferramenta Élite",
                "edilizia Rossi"
            ]
        );
        assert_eq!(names(&page(all(), &ask("q=ELITE"))), ["Ferramenta Élite"]);
        assert_eq!(
            names(&page(all(), &ask("q=ferramenta&sort=nameAsc"))),
            ["Ferramenta Bianchi", "Ferramenta Élite"]
        );
        assert_eq!(
            names(&page(all(), &ask("sort=newest")))[0],
            "Ferramenta Bianchi"
        );
        assert_eq!(
            names(&page(all(), &ask("sort=productsAsc")))[0],
            "edilizia Rossi"
        );
        let second = page(all(), &ask("sort=nameDesc&per_page=3&page=2"));
        assert_eq!((second.total, second.pages), (4, 2));
        assert_eq!(names(&second), ["Colorificio Blu"]);
        assert!(page(all(), &ask("page=9")).items.is_empty());
    }

    #[test]
    fn bad_values_are_refused_and_canonical_queries_leave_defaults_out() {
        for bad in ["sort=cheap", "page=0", "page=x", "per_page=101"] {
            assert!(ExploreQuery::parse(Some(bad), PAGE_SIZE).is_err(), "{bad}");
        }
        let q = ExploreQuery::parse(Some("page=2&sort=productsDesc&utm=x&q=rossi"), 12).unwrap();
        assert_eq!(q.canonical_query(2), "q=rossi&page=2");
        assert_eq!(q.canonical_query(1), "q=rossi");
    }
}
