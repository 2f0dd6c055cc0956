//! Every word PostgreSQL's text index holds, once, without its shop's prefix: a search turns
//! the start of a word it reads ("adesiv") into the few whole words that begin so
//! ("adesivo", "adesivi"). The text index answers whole words five times faster than the
//! start of a word, which makes it gather every matching row of every shop searched
//! (docs/decisions/035-prefixes-read-as-words.md).
//!
//! Kept by triggers on `products`, so that no way of writing a product can leave a word out:
//! the words of the rows a statement inserts, or whose search columns it changes, are added
//! in one sorted insert (sorted, so concurrent writers never wait on each other in a cycle).
//! Words are never removed: a word no product holds any more only adds an empty term to a
//! search. Filled from the products already there. Nothing to do on SQLite, whose FTS5
//! index reads a word's start from its own sorted terms.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The table, then (after [`NOTE_SEARCH_WORDS`]) the triggers and the words already there.
const UP: &str = r#"
CREATE TABLE search_words (word TEXT COLLATE "C" PRIMARY KEY);
"#;

/// The trigger function as this migration writes it (`create_search_shop_words` replaces it
/// and puts it back when undone).
pub(crate) const NOTE_SEARCH_WORDS: &str = r#"
CREATE OR REPLACE FUNCTION note_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows n,
      unnest(string_to_array(n.search_name || ' ' || n.search_rest, ' ')) AS w
    WHERE w <> '' ORDER BY w
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o.id = n.id,
      unnest(string_to_array(n.search_name || ' ' || n.search_rest, ' ')) AS w
    WHERE w <> ''
      AND (n.search_name IS DISTINCT FROM o.search_name OR n.search_rest IS DISTINCT FROM o.search_rest)
    ORDER BY w
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
"#;

const UP_TRIGGERS: &str = r#"
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_search_words();
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_search_words();

INSERT INTO search_words (word)
SELECT DISTINCT w FROM products p,
  unnest(string_to_array(p.search_name || ' ' || p.search_rest, ' ')) AS w
WHERE w <> ''
ON CONFLICT DO NOTHING;
"#;

const DOWN: &str = r#"
DROP TRIGGER IF EXISTS products_search_words_update ON products;
DROP TRIGGER IF EXISTS products_search_words_insert ON products;
DROP FUNCTION IF EXISTS note_search_words();
DROP TABLE IF EXISTS search_words;
"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            let db = manager.get_connection();
            for statements in [UP, NOTE_SEARCH_WORDS, UP_TRIGGERS] {
                db.execute_unprepared(statements).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            manager.get_connection().execute_unprepared(DOWN).await?;
        }
        Ok(())
    }
}
