//! Which shop holds which word of PostgreSQL's text index: a search turns each of its words
//! into the words every shop actually holds, before asking the index. A search across 200
//! shops asked the index for every word in every shop: a word no shop holds (an article
//! number of another catalogue) still cost 200 index descents, and the start of a word read
//! as 64 whole words cost 64 descents a shop for the few it holds
//! (docs/decisions/040-words-each-shop-holds.md).
//!
//! Kept by the triggers that keep `search_words` (one statement inserts both, each sorted),
//! so that no way of writing a product can leave a pair out. Pairs are never removed while
//! the shop exists (a word a shop no longer holds only adds an empty term to its searches)
//! and go with the shop. Filled from the products already there. Nothing to do on SQLite,
//! whose FTS5 index reads each shop's words by their prefix.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

use crate::m20261205_090000_create_search_words::NOTE_SEARCH_WORDS;

#[derive(DeriveMigrationName)]
pub struct Migration;

const UP: &str = r#"
CREATE TABLE search_shop_words (
  word TEXT COLLATE "C" NOT NULL,
  store_id BIGINT NOT NULL,
  PRIMARY KEY (word, store_id)
);

CREATE OR REPLACE FUNCTION note_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH pairs AS MATERIALIZED (
      SELECT DISTINCT w AS word, n.store_id FROM new_rows n,
        unnest(string_to_array(n.search_name || ' ' || n.search_rest, ' ')) AS w
      WHERE w <> ''),
    shop_words AS (
      INSERT INTO search_shop_words (word, store_id)
      SELECT word, store_id FROM pairs ORDER BY word, store_id
      ON CONFLICT DO NOTHING)
    INSERT INTO search_words (word)
    SELECT DISTINCT word FROM pairs ORDER BY word
    ON CONFLICT DO NOTHING;
  ELSE
    WITH pairs AS MATERIALIZED (
      SELECT DISTINCT w AS word, n.store_id FROM new_rows n JOIN old_rows o ON o.id = n.id,
        unnest(string_to_array(n.search_name || ' ' || n.search_rest, ' ')) AS w
      WHERE w <> ''
        AND (n.search_name IS DISTINCT FROM o.search_name OR n.search_rest IS DISTINCT FROM o.search_rest)),
    shop_words AS (
      INSERT INTO search_shop_words (word, store_id)
      SELECT word, store_id FROM pairs ORDER BY word, store_id
      ON CONFLICT DO NOTHING)
    INSERT INTO search_words (word)
    SELECT DISTINCT word FROM pairs ORDER BY word
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION forget_shop_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_shop_words WHERE store_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;

CREATE TRIGGER stores_search_shop_words_delete AFTER DELETE ON stores
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forget_shop_words();

INSERT INTO search_shop_words (word, store_id)
SELECT DISTINCT w, p.store_id FROM products p,
  unnest(string_to_array(p.search_name || ' ' || p.search_rest, ' ')) AS w
WHERE w <> ''
ORDER BY 1, 2
ON CONFLICT DO NOTHING;
"#;

/// Then the trigger function as `create_search_words` wrote it.
const DOWN: &str = r#"
DROP TRIGGER IF EXISTS stores_search_shop_words_delete ON stores;
DROP FUNCTION IF EXISTS forget_shop_words();
DROP TABLE IF EXISTS search_shop_words;
"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            manager.get_connection().execute_unprepared(UP).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            let db = manager.get_connection();
            db.execute_unprepared(DOWN).await?;
            db.execute_unprepared(NOTE_SEARCH_WORDS).await?;
        }
        Ok(())
    }
}
