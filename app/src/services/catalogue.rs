//! One paged product query behind everything that lists a shop's products: the shop page,
//! the dashboard and `GET /api/stores/{id}/products`. Search, filters and sorts run in the
//! database, so a page costs the same at 66 products and at 100,000.
//!
//! A visitor's search reads at most the first [`MAX_MATCHES`] matches the index finds, ranks
//! those and says when there are more (docs/decisions/031-search-on-postgresql-at-scale.md):
//! a broad word in a 100,000-product shop matches thousands of products, and ranking or even
//! counting them all reads every one of their rows.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use domain::search::{self, SearchQuery};
use domain::ProductStatus;
use entities::product;
use sea_orm::{
    ConnectionTrait, DatabaseBackend, FromQueryResult, QueryResult, Statement, TransactionTrait,
    Value,
};

use crate::error::Result;
use crate::services::match_cache::{Found, MatchCache, ShopAt};

/// Most categories listed with a page (they fill a drop-down).
pub const MAX_CATEGORIES: u64 = 500;
/// Rows re-indexed per statement batch when search terms are stale.
const REINDEX_BATCH: u64 = 500;
/// Matches a visitor's search ranks and counts: beyond them the answer says "more than".
/// 42 pages of a shop's 24, 50 of the search across shops' 20.
pub const MAX_MATCHES: u64 = 1_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    /// Best match first; without a search, newest.
    Relevance,
    #[default]
    Newest,
    Oldest,
    NameAsc,
    NameDesc,
    PriceAsc,
    PriceDesc,
}

impl Sort {
    /// The sort names of docs/product/states.md ("Filter and sort values").
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "relevance" => Self::Relevance,
            "newest" => Self::Newest,
            "oldest" => Self::Oldest,
            "nameAsc" => Self::NameAsc,
            "nameDesc" => Self::NameDesc,
            "priceAsc" => Self::PriceAsc,
            "priceDesc" => Self::PriceDesc,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Relevance => "relevance",
            Self::Newest => "newest",
            Self::Oldest => "oldest",
            Self::NameAsc => "nameAsc",
            Self::NameDesc => "nameDesc",
            Self::PriceAsc => "priceAsc",
            Self::PriceDesc => "priceDesc",
        }
    }
}

/// What to list. `None` filters nothing.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    pub search: Option<SearchQuery>,
    pub category: Option<String>,
    pub brand: Option<String>,
    pub in_stock: Option<bool>,
    pub status: Option<ProductStatus>,
    /// Visitors' listings of a shop with hidden products: the published ones only. (A shop
    /// without hidden products is listed without the condition.) The few hidden ids are
    /// left out of an index's entries (`Sql::not_hidden`), so a page is still read from an
    /// index alone, not from the rows.
    pub published_only: bool,
    /// A visitor's search by relevance: ranked and counted over the first [`MAX_MATCHES`]
    /// matches (the owner's dashboard ranks and counts every match: its "Mostrando a-b di N
    /// prodotti", docs/product/texts.md).
    pub bounded: bool,
}

#[derive(Debug, Clone)]
pub struct ProductPage {
    pub items: Vec<product::Model>,
    pub total: u64,
    /// More products match than `total` ([`MAX_MATCHES`]); only those are listed.
    pub capped: bool,
    /// 1-based.
    pub page: u64,
    pub per_page: u64,
}

impl ProductFilter {
    /// Nothing filtered: every product of the shop.
    pub fn is_empty(&self) -> bool {
        self.search.is_none()
            && self.category.is_none()
            && self.brand.is_none()
            && self.in_stock.is_none()
            && self.status.is_none()
            && !self.published_only
    }
}

/// One page of a shop's products. A page past the last is empty (the total says so).
/// `known_total` is the number of matching products when the caller knows it already (the
/// shop's product count for an empty filter), which saves counting them.
/// A visitor's search goes through `matches` (`services::match_cache`).
pub async fn page(
    db: &(impl ConnectionTrait + TransactionTrait),
    matches: &MatchCache,
    shop: ShopAt,
    filter: &ProductFilter,
    sort: Sort,
    (page, per_page): (u64, u64),
    known_total: Option<u64>,
) -> Result<ProductPage> {
    let store_id = shop.id;
    let page = page.max(1);
    let per_page = per_page.clamp(1, domain::limits::listing::PER_PAGE);
    let backend = db.get_database_backend();
    let search_alone = filter.category.is_none()
        && filter.brand.is_none()
        && filter.in_stock.is_none()
        && filter.status.is_none();
    if let (Some(query), Sort::Relevance, true) = (&filter.search, sort, search_alone) {
        let hidden_out = filter.published_only;
        if filter.bounded {
            let paging = (page, per_page);
            return first_matches_ranked(db, matches, shop, query, paging, hidden_out).await;
        }
        return best_matches(db, store_id, query, (page, per_page), hidden_out).await;
    }

    // A search is matched once: the page's rows carry the number of matches. Otherwise the
    // count comes from an index alone (or is known), and the page reads only its own rows.
    let windowed = known_total.is_none() && filter.search.is_some();
    let mut sql = Sql::new(backend);
    let from = sql.filtered_rows(store_id, filter);
    let order = order_by(backend, sort, filter.search.is_some());
    let limit = sql.bind(per_page as i64);
    let offset = sql.bind(((page - 1) * per_page) as i64);
    let select = sql.text(if windowed {
        format!(
            "SELECT {LISTED_COLUMNS}, COUNT(*) OVER () AS total_rows FROM {from} \
             ORDER BY {order} LIMIT {limit} OFFSET {offset}"
        )
    } else {
        // The page's ids first, from an index alone, then only their rows: a deep page
        // (page 2,000 of a 100,000-product shop) skips index entries, not rows.
        format!(
            "SELECT {LISTED_COLUMNS} FROM products p JOIN \
             (SELECT p.id AS page_id FROM {from} ORDER BY {order} LIMIT {limit} OFFSET {offset}) \
             page ON page.page_id = p.id ORDER BY {order}"
        )
    });
    let rows = db.query_all(select).await?;
    let items = rows
        .iter()
        .map(|row| product::Model::from_query_result(row, ""))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let total = match (known_total, rows.first()) {
        (Some(total), _) => total,
        (None, Some(row)) if windowed => row.try_get::<i64>("", "total_rows")?.max(0) as u64,
        (None, None) if windowed && page == 1 => 0,
        // No search, or a search's page past the last: counted apart.
        (None, _) => {
            let mut sql = Sql::new(backend);
            let from = sql.filtered_rows(store_id, filter);
            let count = sql.text(format!("SELECT COUNT(*) AS n FROM {from}"));
            db.query_one(count)
                .await?
                .map(|row| row.try_get::<i64>("", "n"))
                .transpose()?
                .unwrap_or(0)
                .max(0) as u64
        }
    };
    Ok(ProductPage {
        items,
        total,
        capped: false,
        page,
        per_page,
    })
}

/// A visitor's search alone: the first [`MAX_MATCHES`] matches the index finds, ranked (best
/// first, ties newest); the total is theirs, `capped` when more match.
async fn first_matches_ranked(
    db: &(impl ConnectionTrait + TransactionTrait),
    cache: &MatchCache,
    shop: ShopAt,
    query: &SearchQuery,
    (page, per_page): (u64, u64),
    hidden_out: bool,
) -> Result<ProductPage> {
    let mut found =
        first_matches(db, cache, query, &[(shop, 0)], MAX_MATCHES + 1, hidden_out).await?;
    let capped = found.len() as u64 > MAX_MATCHES;
    found.truncate(MAX_MATCHES as usize);
    rank(&mut found);
    let ids: Vec<i64> = found
        .iter()
        .skip(((page - 1) * per_page) as usize)
        .take(per_page as usize)
        .map(|m| m.id)
        .collect();
    Ok(ProductPage {
        items: rows_in_order(db, &ids).await?,
        total: found.len() as u64,
        capped,
        page,
        per_page,
    })
}

/// One product a search found: its shop, and its score (higher better).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Match {
    pub store_id: i64,
    pub id: i64,
    pub score: f64,
}

/// Best first; ties newest first.
pub fn rank(matches: &mut [Match]) {
    matches.sort_by(|a, b| b.score.total_cmp(&a.score).then(b.id.cmp(&a.id)));
}

/// Each shop's matches in the order the index finds them (the order the rows are stored
/// in), after the first `skip`, at most `take` (0 takes none): the shops in the order given,
/// each with its scores. The products kept off the public pages are left out with
/// `visible_only`.
///
/// What `cache` holds for a shop's version is not read again; only the shops it does not
/// cover far enough are searched, from where their kept matches end, and kept longer.
///
/// On PostgreSQL one statement searches every shop, each through the index with its own
/// words; the plan is fixed to the index's bitmap, as a seq scan "finding the first few rows
/// sooner" would read the whole table for a shop whose products sit at its end (the planner
/// cannot know which rows match a shop's words, whose count it guesses, and a LIMIT makes a
/// scan look cheap).
pub async fn first_matches(
    db: &(impl ConnectionTrait + TransactionTrait),
    cache: &MatchCache,
    query: &SearchQuery,
    shops: &[(ShopAt, u64)],
    take: u64,
    visible_only: bool,
) -> Result<Vec<Match>> {
    if shops.is_empty() || take == 0 {
        return Ok(Vec::new());
    }
    let terms = query.tsquery_of_any_shop(SHOP_MARK);
    let mut known: Vec<Arc<Found>> = shops
        .iter()
        .map(|(shop, _)| cache.get(*shop, visible_only, &terms).unwrap_or_default())
        .collect();
    // The shops to read further: from their last kept match up to `skip + take`.
    let asked: Vec<(usize, Reading)> = shops
        .iter()
        .enumerate()
        .filter(|(at, (_, skip))| !known[*at].covers(skip + take))
        .map(|(at, (shop, skip))| {
            let from = known[at].matches.len() as u64;
            (
                at,
                Reading {
                    store_id: shop.id,
                    from,
                    take: skip + take - from,
                },
            )
        })
        .collect();
    if !asked.is_empty() {
        let readings: Vec<Reading> = asked.iter().map(|(_, r)| *r).collect();
        let mut read: HashMap<i64, Vec<Match>> = HashMap::new();
        for m in read_matches(db, query, &readings, visible_only).await? {
            read.entry(m.store_id).or_default().push(m);
        }
        for (at, reading) in asked {
            let got = read.remove(&reading.store_id).unwrap_or_default();
            let mut matches = known[at].matches.clone();
            let complete = (got.len() as u64) < reading.take;
            matches.extend(got);
            let found = Arc::new(Found { matches, complete });
            cache.put(shops[at].0, visible_only, &terms, found.clone());
            known[at] = found;
        }
    }
    Ok(shops
        .iter()
        .zip(&known)
        .flat_map(|((_, skip), found)| {
            found
                .matches
                .iter()
                .skip(*skip as usize)
                .take(take as usize)
                .copied()
        })
        .collect())
}

/// One shop's matches to read from the index: `take` of them after the first `from`.
#[derive(Debug, Clone, Copy)]
struct Reading {
    store_id: i64,
    from: u64,
    take: u64,
}

/// The matches of each shop asked, read from the index, the shops in the order given.
async fn read_matches(
    db: &(impl ConnectionTrait + TransactionTrait),
    query: &SearchQuery,
    readings: &[Reading],
    visible_only: bool,
) -> Result<Vec<Match>> {
    match db.get_database_backend() {
        DatabaseBackend::Postgres => {
            let readings = with_words(db, query, readings).await?;
            if readings.is_empty() {
                return Ok(Vec::new());
            }
            let statement = first_matches_statement(&readings, visible_only);
            with_index_plan(db, statement)
                .await?
                .iter()
                .map(match_of)
                .collect()
        }
        _ => {
            let mut out = Vec::new();
            for r in readings {
                let window = (r.from, r.take);
                out.extend(
                    first_matches_sqlite(db, query, r.store_id, window, visible_only).await?,
                );
            }
            Ok(out)
        }
    }
}

/// The plan PostgreSQL gives [`first_matches`]'s statement (`EXPLAIN`), then each shop's
/// words ([`ShopQuery`]), for the tests and for anyone checking it on a real catalogue.
pub async fn first_matches_plan(
    db: &(impl ConnectionTrait + TransactionTrait),
    query: &SearchQuery,
    shops: &[(i64, u64)],
    take: u64,
    visible_only: bool,
) -> Result<String> {
    let readings: Vec<Reading> = shops
        .iter()
        .map(|&(store_id, from)| Reading {
            store_id,
            from,
            take,
        })
        .collect();
    let readings = with_words(db, query, &readings).await?;
    let statement = first_matches_statement(&readings, visible_only);
    let explain = Statement {
        sql: format!("EXPLAIN {}", statement.sql),
        ..statement
    };
    let mut lines = with_index_plan(db, explain)
        .await?
        .iter()
        .map(|row| row.try_get::<String>("", "QUERY PLAN"))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    // The words each shop asks the index for are bound values, not in the plan.
    lines.extend(
        readings
            .iter()
            .map(|(r, q)| format!("shop {}: index {}; rows {}", r.store_id, q.index, q.whole)),
    );
    Ok(lines.join("\n"))
}

/// The readings of the shops that may match, each with its words ([`words_of_shops`]).
async fn with_words(
    db: &impl ConnectionTrait,
    query: &SearchQuery,
    readings: &[Reading],
) -> Result<Vec<(Reading, ShopQuery)>> {
    let ids: Vec<i64> = readings.iter().map(|r| r.store_id).collect();
    let mut words = words_of_shops(db, query, &ids).await?;
    Ok(readings
        .iter()
        .filter_map(|r| Some((*r, words.remove(&r.store_id)?)))
        .collect())
}

/// Each shop's query through the index, in one statement: its own `from` and `take` (see
/// [`Reading`]), the rows in the order of `readings` then of the index.
/// Where the index is asked for less than the whole query, the rows are matched against it
/// as a function (`ts_match_vq`), not an operator, so that the index reads only its part.
fn first_matches_statement(readings: &[(Reading, ShopQuery)], visible_only: bool) -> Statement {
    let mut sql = Sql::new(DatabaseBackend::Postgres);
    let ids = sql.bind(array_text(readings.iter().map(|(r, _)| r.store_id)));
    let skips = sql.bind(array_text(readings.iter().map(|(r, _)| r.from)));
    let takes = sql.bind(array_text(readings.iter().map(|(r, _)| r.take)));
    let index = sql.bind(array_of_texts(
        readings.iter().map(|(_, q)| q.index.as_str()),
    ));
    let whole = sql.bind(array_of_texts(
        readings.iter().map(|(_, q)| q.whole.as_str()),
    ));
    let visible = if visible_only { "p.published" } else { "TRUE" };
    sql.text(format!(
        "SELECT s.shop AS store_id, m.id, m.score \
         FROM unnest(CAST({ids} AS BIGINT[]), CAST({skips} AS BIGINT[]), CAST({takes} AS BIGINT[]), \
                     CAST({index} AS TEXT[]), CAST({whole} AS TEXT[])) \
              WITH ORDINALITY AS s(shop, skip, take, index_words, whole_words, at) \
         CROSS JOIN LATERAL ( \
             SELECT c.id, CAST(ts_rank(c.search_vector, c.whole) AS DOUBLE PRECISION) AS score, \
                    row_number() OVER () AS n \
             FROM (SELECT p.id, p.search_vector, w.whole \
                   FROM (SELECT to_tsquery('simple', s.index_words) AS q, \
                                to_tsquery('simple', s.whole_words) AS whole) w \
                   JOIN products p ON p.search_vector @@ w.q \
                   WHERE (s.index_words = s.whole_words OR ts_match_vq(p.search_vector, w.whole)) \
                     AND {visible} \
                   OFFSET s.skip LIMIT s.take) c \
         ) m \
         ORDER BY s.at, m.n"
    ))
}

/// What a shop asks the index and what its rows must match (`to_tsquery` texts of its own
/// words): the whole query, or all but its units ([`SearchQuery::tsquery_for_index`]).
#[derive(Debug)]
struct ShopQuery {
    index: String,
    whole: String,
}

/// Whole words a start of a word is read as, at most: a start more words begin with (two
/// letters, a common syllable) stays a start.
const MAX_WORDS_OF_A_START: i64 = 64;

/// The query each shop asks the index ([`ShopQuery`], its own words), for the shops
/// that hold a word for every term of the search; a shop left out has no match
/// (docs/decisions/040-words-each-shop-holds.md). A start of a word is read as the whole
/// words that begin so (`search_words`, decision 035), at most [`MAX_WORDS_OF_A_START`],
/// then as those of them each shop holds (`search_shop_words`); a start more words begin
/// with stays a start, in every shop. Two statements, whatever the number of shops (one for
/// a shop searched alone).
async fn words_of_shops(
    db: &impl ConnectionTrait,
    query: &SearchQuery,
    store_ids: &[i64],
) -> Result<HashMap<i64, ShopQuery>> {
    let starts = words_of_starts(db, query).await?;
    let wholes = query.wholes();
    let asked: Vec<&str> = wholes
        .iter()
        .map(|(_, word)| *word)
        .chain(
            starts
                .iter()
                .flat_map(|(_, list)| list.iter().map(String::as_str)),
        )
        .collect();
    // A shop searched alone asks for the words as they are: finding which it holds would
    // cost a statement to save a few index descents.
    let held = match store_ids {
        [_, _, ..] if !asked.is_empty() => Some(shops_holding(db, &asked, store_ids).await?),
        _ => None,
    };
    let none = HashSet::new();
    let mut out = HashMap::new();
    for store_id in store_ids {
        let words = held.as_ref().map(|h| h.get(store_id).unwrap_or(&none));
        let holds = |word: &str| words.is_none_or(|w| w.contains(word));
        if !wholes.iter().all(|(_, word)| holds(word)) {
            continue;
        }
        let own: Vec<(usize, Vec<String>)> = starts
            .iter()
            .map(|(at, list)| {
                let list = list.iter().filter(|w| holds(w));
                (*at, list.cloned().collect())
            })
            .collect();
        if own.iter().all(|(_, list)| !list.is_empty()) {
            let shop = store_id.to_string();
            let words = ShopQuery {
                index: query.tsquery_for_index(&shop, &own),
                whole: query.tsquery_with_words(&shop, &own),
            };
            out.insert(*store_id, words);
        }
    }
    Ok(out)
}

/// The words of `asked` each shop holds (`search_shop_words`).
async fn shops_holding(
    db: &impl ConnectionTrait,
    asked: &[&str],
    store_ids: &[i64],
) -> Result<HashMap<i64, HashSet<String>>> {
    let mut sql = Sql::new(DatabaseBackend::Postgres);
    let words = sql.bind(array_text(asked.iter()));
    let shops = sql.bind(array_text(store_ids.iter()));
    let statement = sql.text(format!(
        "SELECT word, store_id FROM search_shop_words \
         WHERE word = ANY(CAST({words} AS TEXT[])) \
           AND store_id IN (SELECT unnest(CAST({shops} AS BIGINT[])))"
    ));
    let mut held: HashMap<i64, HashSet<String>> = HashMap::new();
    for row in db.query_all(statement).await? {
        let store_id: i64 = row.try_get("", "store_id")?;
        held.entry(store_id)
            .or_default()
            .insert(row.try_get("", "word")?);
    }
    Ok(held)
}

/// The whole words each start of a word of the query is read as (`search_words`), for the
/// starts at most [`MAX_WORDS_OF_A_START`] words begin with: none when no product holds a
/// word that begins so. One statement for every start.
async fn words_of_starts(
    db: &impl ConnectionTrait,
    query: &SearchQuery,
) -> Result<Vec<(usize, Vec<String>)>> {
    let starts = query.starts();
    if starts.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(DatabaseBackend::Postgres);
    let terms = sql.bind(array_text(starts.iter().map(|(_, t)| *t)));
    let most = sql.bind(MAX_WORDS_OF_A_START + 1);
    // `~` sorts after every letter and digit: the words from the start to there begin so.
    let statement = sql.text(format!(
        "SELECT CAST(t.at AS BIGINT) AS at, w.word \
         FROM unnest(CAST({terms} AS TEXT[])) WITH ORDINALITY AS t(term, at) \
         CROSS JOIN LATERAL ( \
             SELECT word FROM search_words \
             WHERE word >= t.term COLLATE \"C\" AND word < t.term || '~' COLLATE \"C\" \
             ORDER BY word LIMIT {most}) w \
         ORDER BY t.at, w.word"
    ));
    let mut words: Vec<(usize, Vec<String>)> =
        starts.iter().map(|(at, _)| (*at, Vec::new())).collect();
    for row in db.query_all(statement).await? {
        let at: i64 = row.try_get("", "at")?;
        words[(at - 1) as usize].1.push(row.try_get("", "word")?);
    }
    words.retain(|(_, list)| list.len() as i64 <= MAX_WORDS_OF_A_START);
    Ok(words)
}

/// Runs a statement with the GIN index's bitmap as the only way to read the products (no
/// scan of the table or of another index), for this statement alone.
async fn with_index_plan(
    db: &(impl ConnectionTrait + TransactionTrait),
    statement: Statement,
) -> Result<Vec<QueryResult>> {
    let txn = db.begin().await?;
    txn.execute(Statement::from_string(
        DatabaseBackend::Postgres,
        "SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)",
    ))
    .await?;
    let rows = txn.query_all(statement).await?;
    txn.commit().await?;
    Ok(rows)
}

async fn first_matches_sqlite(
    db: &impl ConnectionTrait,
    query: &SearchQuery,
    store_id: i64,
    (skip, take): (u64, u64),
    visible_only: bool,
) -> Result<Vec<Match>> {
    let mut sql = Sql::new(DatabaseBackend::Sqlite);
    let store = sql.bind(store_id);
    let q = sql.bind(query.fts5(store_id));
    let hidden = sql.not_hidden("rowid", visible_only.then_some(store_id));
    let (take, skip) = (sql.bind(take as i64), sql.bind(skip as i64));
    // bm25: lower is better. FTS5 returns a match's rows by rowid, oldest first.
    let statement = sql.text(format!(
        "SELECT {store} AS store_id, rowid AS id, -bm25(products_fts, 10.0, 2.0) AS score \
         FROM products_fts WHERE products_fts MATCH {q}{hidden} LIMIT {take} OFFSET {skip}"
    ));
    db.query_all(statement)
        .await?
        .iter()
        .map(match_of)
        .collect()
}

fn match_of(row: &QueryResult) -> Result<Match> {
    Ok(Match {
        store_id: row.try_get("", "store_id")?,
        id: row.try_get("", "id")?,
        score: row.try_get("", "score")?,
    })
}

/// `{1,2,3}`: a PostgreSQL array's text, cast by the statement (one bound value for a list).
fn array_text(values: impl Iterator<Item = impl ToString>) -> String {
    let items: Vec<String> = values.map(|v| v.to_string()).collect();
    format!("{{{}}}", items.join(","))
}

/// `{"a b","c"}`: [`array_text`] of texts that may hold spaces and punctuation, each quoted.
fn array_of_texts<'a>(values: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<String> = values
        .map(|v| format!("\"{}\"", v.replace('\\', "\\\\").replace('"', "\\\"")))
        .collect();
    format!("{{{}}}", items.join(","))
}

/// Stands for the shop's id in [`SearchQuery::tsquery_of_any_shop`]: never in a search term.
const SHOP_MARK: &str = "#";

/// A search alone, best matches first: the shop's words are the index's own (shop-prefixed),
/// so the matches are ranked, counted and cut to the page without the products' other
/// columns, and only the page's rows are read (a broad word in a 100,000-product shop
/// matches thousands of rows; carrying each whole row through the ranking cost four times
/// the search on SQLite).
async fn best_matches(
    db: &impl ConnectionTrait,
    store_id: i64,
    query: &SearchQuery,
    (page, per_page): (u64, u64),
    hidden_out: bool,
) -> Result<ProductPage> {
    let backend = db.get_database_backend();
    let window = ((page - 1) * per_page, per_page);
    let hidden_of = hidden_out.then_some(store_id);
    let ids = ranked_ids(db, search_text(backend, query, store_id), window, hidden_of).await?;
    let total = count_in_index(db, query, store_id, hidden_of).await?;
    let items = rows_in_order(db, &ids).await?;
    Ok(ProductPage {
        items,
        total,
        capped: false,
        page,
        per_page,
    })
}

/// The ids of the products matching a full-text query, best first (ties: newest);
/// without the hidden products of shop `hidden_of`.
async fn ranked_ids(
    db: &impl ConnectionTrait,
    text: String,
    (offset, limit): (u64, u64),
    hidden_of: Option<i64>,
) -> Result<Vec<i64>> {
    let backend = db.get_database_backend();
    let mut sql = Sql::new(backend);
    let q = sql.bind(text);
    let id = fts_id(backend);
    let hidden = sql.not_hidden(id, hidden_of);
    let (limit, offset) = (sql.bind(limit as i64), sql.bind(offset as i64));
    let ranked = sql.text(match backend {
        DatabaseBackend::Postgres => format!(
            "SELECT {id} FROM products WHERE search_vector @@ to_tsquery('simple', {q}){hidden} \
             ORDER BY ts_rank(search_vector, to_tsquery('simple', {q})) DESC, id DESC \
             LIMIT {limit} OFFSET {offset}"
        ),
        _ => format!(
            "SELECT {id} AS id FROM products_fts WHERE products_fts MATCH {q}{hidden} \
             ORDER BY bm25(products_fts, 10.0, 2.0), rowid DESC LIMIT {limit} OFFSET {offset}"
        ),
    });
    Ok(db
        .query_all(ranked)
        .await?
        .iter()
        .map(|row| row.try_get::<i64>("", "id"))
        .collect::<std::result::Result<_, _>>()?)
}

/// The listed rows of these products, in this order.
pub async fn rows_in_order(db: &impl ConnectionTrait, ids: &[i64]) -> Result<Vec<product::Model>> {
    let mut items = Vec::with_capacity(ids.len());
    if ids.is_empty() {
        return Ok(items);
    }
    let mut sql = Sql::new(db.get_database_backend());
    let wanted: Vec<String> = ids.iter().map(|id| sql.bind(*id)).collect();
    let rows = sql.text(format!(
        "SELECT {LISTED_COLUMNS} FROM products p WHERE p.id IN ({})",
        wanted.join(", ")
    ));
    let mut found = product::Model::find_by_statement(rows).all(db).await?;
    for id in ids {
        if let Some(at) = found.iter().position(|p| p.id == *id) {
            items.push(found.swap_remove(at));
        }
    }
    Ok(items)
}

/// How many of the shop's products match the search (without the hidden products of shop
/// `hidden_of`): every match's row is read, for the owner's exact count.
async fn count_in_index(
    db: &impl ConnectionTrait,
    query: &SearchQuery,
    store_id: i64,
    hidden_of: Option<i64>,
) -> Result<u64> {
    let backend = db.get_database_backend();
    let mut sql = Sql::new(backend);
    let q = sql.bind(search_text(backend, query, store_id));
    let hidden = sql.not_hidden(fts_id(backend), hidden_of);
    let count = sql.text(match backend {
        DatabaseBackend::Postgres => format!(
            "SELECT COUNT(*) AS n FROM products \
             WHERE search_vector @@ to_tsquery('simple', {q}){hidden}"
        ),
        _ => format!("SELECT COUNT(*) AS n FROM products_fts WHERE products_fts MATCH {q}{hidden}"),
    });
    Ok(db
        .query_one(count)
        .await?
        .map(|row| row.try_get::<i64>("", "n"))
        .transpose()?
        .unwrap_or(0)
        .max(0) as u64)
}

/// The product id as each database's full-text search names it.
fn fts_id(backend: DatabaseBackend) -> &'static str {
    match backend {
        DatabaseBackend::Postgres => "id",
        _ => "rowid",
    }
}

/// The query text each database's full-text search reads.
fn search_text(backend: DatabaseBackend, query: &SearchQuery, store_id: i64) -> String {
    match backend {
        DatabaseBackend::Postgres => query.tsquery(store_id),
        _ => query.fts5(store_id),
    }
}

/// What a shop's products are grouped by on its public pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facet {
    Category,
    Brand,
}

impl Facet {
    fn column(self) -> &'static str {
        match self {
            Self::Category => "category",
            Self::Brand => "brand",
        }
    }
}

/// The shop's categories (or brands) with their product counts (of the published products
/// alone with `published_only`), by name; at most [`MAX_CATEGORIES`].
pub async fn facet_counts(
    db: &impl ConnectionTrait,
    store_id: i64,
    facet: Facet,
    published_only: bool,
) -> Result<Vec<(String, u64)>> {
    let mut sql = Sql::new(db.get_database_backend());
    let store = sql.bind(store_id);
    let hidden = sql.not_hidden("id", published_only.then_some(store_id));
    let limit = sql.bind(MAX_CATEGORIES as i64);
    let column = facet.column();
    let statement = sql.text(format!(
        "SELECT {column} AS name, COUNT(*) AS n FROM products
         WHERE store_id = {store} AND {column} IS NOT NULL AND {column} <> ''{hidden}
         GROUP BY {column} ORDER BY {column} LIMIT {limit}"
    ));
    let rows = db.query_all(statement).await?;
    rows.iter()
        .map(|row| {
            let name: String = row.try_get("", "name")?;
            let n: i64 = row.try_get("", "n")?;
            Ok((name, n.max(0) as u64))
        })
        .collect()
}

/// How many of the shop's products have each status.
pub async fn status_counts(
    db: &impl ConnectionTrait,
    store_id: i64,
) -> Result<Vec<(ProductStatus, u64)>> {
    let mut sql = Sql::new(db.get_database_backend());
    let store = sql.bind(store_id);
    let statement = sql.text(format!(
        "SELECT status, COUNT(*) AS n FROM products WHERE store_id = {store} GROUP BY status"
    ));
    let rows: Vec<QueryResult> = db.query_all(statement).await?;
    let mut counts = Vec::new();
    for row in rows {
        let status: String = row.try_get("", "status")?;
        let n: i64 = row.try_get("", "n")?;
        if let Some(status) = ProductStatus::parse(&status) {
            counts.push((status, n.max(0) as u64));
        }
    }
    Ok(counts)
}

/// Writes the search columns of every product whose terms an older rule wrote (or none),
/// a batch at a time; returns how many it wrote. Run after writes that change text without
/// computing terms (an import's updates); a whole database's are the `search_terms` job's.
pub async fn reindex_stale(
    db: &(impl ConnectionTrait + TransactionTrait),
    store_id: Option<i64>,
) -> Result<u64> {
    let mut done = 0;
    let mut after = 0;
    while let Some((last, written)) = reindex_stale_batch(db, store_id, after).await? {
        done += written;
        after = last;
    }
    Ok(done)
}

/// One batch of [`reindex_stale`]: the stale products after id `after`, in one
/// transaction; the last id and how many were read (those edited since the read are left
/// to their edit), `None` when none is left. The
/// shops whose products it wrote get a new `content_version`, so no instance keeps a search
/// answered with the old terms.
pub async fn reindex_stale_batch(
    db: &(impl ConnectionTrait + TransactionTrait),
    store_id: Option<i64>,
    after: i64,
) -> Result<Option<(i64, u64)>> {
    use sea_orm::sea_query::Expr;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
    let mut query = product::Entity::find()
        // Versions only grow (an import's update writes 0): a range of the index.
        .filter(product::Column::SearchVersion.lt(search::VERSION))
        .filter(product::Column::Id.gt(after))
        .order_by_asc(product::Column::Id)
        .limit(REINDEX_BATCH);
    if let Some(store_id) = store_id {
        query = query.filter(product::Column::StoreId.eq(store_id));
    }
    let batch = query.all(db).await?;
    let Some(last) = batch.last().map(|p| p.id) else {
        return Ok(None);
    };
    let mut shops: Vec<i64> = batch.iter().map(|p| p.store_id).collect();
    shops.sort_unstable();
    shops.dedup();
    // One transaction a batch (read above, so it starts with a write and never has to
    // upgrade a lock): a database of a million products is re-indexed in minutes, not at
    // one commit per row.
    let txn = db.begin().await?;
    // The shops first, in order, as every writer locks a shop before its products.
    entities::store::Entity::update_many()
        .col_expr(
            entities::store::Column::ContentVersion,
            Expr::col(entities::store::Column::ContentVersion).add(1),
        )
        .filter(entities::store::Column::Id.is_in(shops))
        .exec(&txn)
        .await?;
    for p in &batch {
        let terms = p.search_terms();
        product::Entity::update_many()
            .col_expr(product::Column::SearchName, terms.name.into())
            .col_expr(product::Column::SearchRest, terms.rest.into())
            .col_expr(product::Column::NameKey, terms.name_key.into())
            .col_expr(product::Column::SearchVersion, search::VERSION.into())
            .filter(product::Column::Id.eq(p.id))
            // Not over an edit made since the read: it wrote its own terms, or (an import's
            // update) left them stale for the next batch.
            .filter(product::Column::UpdatedAt.eq(p.updated_at))
            .filter(product::Column::SearchVersion.lt(search::VERSION))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(Some((last, batch.len() as u64)))
}

/// The product columns a listing reads; the search columns stay in the database.
const LISTED_COLUMNS: &str = "p.id, p.store_id, p.name, p.slug, p.price_cents, p.description, \
    p.category, p.brand, p.image_url, p.in_stock, p.availability, p.published, p.status, p.sku, p.ean, p.review_note, \
    p.source_name, p.source_category, p.image_name, p.variants, p.suggested_category, \
    '' AS search_name, '' AS search_rest, '' AS name_key, p.search_version, \
    p.created_at, p.updated_at";

fn order_by(backend: DatabaseBackend, sort: Sort, searching: bool) -> &'static str {
    match sort {
        Sort::Relevance if searching => match backend {
            // bm25: lower is better.
            DatabaseBackend::Sqlite => "hits.rank ASC, p.id DESC",
            _ => "hits.rank DESC, p.id DESC",
        },
        Sort::Relevance | Sort::Newest => "p.id DESC",
        Sort::Oldest => "p.id ASC",
        Sort::NameAsc => "p.name_key ASC, p.id ASC",
        Sort::NameDesc => "p.name_key DESC, p.id ASC",
        // A product without a price comes last either way.
        Sort::PriceAsc => "(p.price_cents IS NULL) ASC, p.price_cents ASC, p.id ASC",
        Sort::PriceDesc => "(p.price_cents IS NULL) ASC, p.price_cents DESC, p.id ASC",
    }
}

/// A statement built with the backend's placeholders (`?` or `$n`), in order.
struct Sql {
    backend: DatabaseBackend,
    values: Vec<Value>,
}

impl Sql {
    fn new(backend: DatabaseBackend) -> Self {
        Self {
            backend,
            values: Vec::new(),
        }
    }

    fn bind(&mut self, value: impl Into<Value>) -> String {
        self.values.push(value.into());
        match self.backend {
            DatabaseBackend::Postgres => format!("${}", self.values.len()),
            _ => "?".to_owned(),
        }
    }

    fn text(self, sql: String) -> Statement {
        Statement::from_sql_and_values(self.backend, sql, self.values)
    }

    /// ` AND <id> NOT IN (the hidden products of shop `hidden_of`)`, or nothing. The
    /// subquery is answered by the partial index of hidden products (its condition is
    /// written as the index's), so listing and counting still read index entries only.
    fn not_hidden(&mut self, id: &str, hidden_of: Option<i64>) -> String {
        let Some(store_id) = hidden_of else {
            return String::new();
        };
        let store = self.bind(store_id);
        format!(
            " AND {id} NOT IN (SELECT h.id FROM products h \
             WHERE h.store_id = {store} AND h.published = FALSE)"
        )
    }

    /// `products p [JOIN hits] WHERE …` for the filter. With a search, `hits` carries the
    /// matching ids and their rank.
    fn filtered_rows(&mut self, store_id: i64, filter: &ProductFilter) -> String {
        let from = match (&filter.search, self.backend) {
            (None, _) => "products p".to_owned(),
            (Some(query), DatabaseBackend::Postgres) => {
                // The words carry the shop's prefix: the index finds that shop's rows alone.
                let q = self.bind(query.tsquery(store_id));
                format!(
                    "products p JOIN (SELECT id, ts_rank(search_vector, to_tsquery('simple', {q})) AS rank \
                     FROM products WHERE search_vector @@ to_tsquery('simple', {q})) hits \
                     ON hits.id = p.id"
                )
            }
            // The matches first, then their rows: CROSS JOIN keeps SQLite from running the
            // full-text query once for each of the shop's rows (minutes at 100,000).
            (Some(query), _) => {
                let q = self.bind(query.fts5(store_id));
                format!(
                    "(SELECT rowid AS id, bm25(products_fts, 10.0, 2.0) AS rank \
                     FROM products_fts WHERE products_fts MATCH {q}) hits \
                     CROSS JOIN products p ON p.id = hits.id"
                )
            }
        };
        let store = self.bind(store_id);
        let mut conditions = vec![format!("p.store_id = {store}")];
        if let Some(category) = &filter.category {
            conditions.push(format!("p.category = {}", self.bind(category.clone())));
        }
        if let Some(brand) = &filter.brand {
            conditions.push(format!("p.brand = {}", self.bind(brand.clone())));
        }
        if let Some(in_stock) = filter.in_stock {
            conditions.push(format!("p.in_stock = {}", self.bind(in_stock)));
        }
        if let Some(status) = filter.status {
            conditions.push(format!("p.status = {}", self.bind(status.as_str())));
        }
        if filter.published_only {
            let hidden = self.not_hidden("p.id", Some(store_id));
            conditions.push(hidden.trim_start_matches(" AND ").to_owned());
        }
        format!("{from} WHERE {}", conditions.join(" AND "))
    }
}
