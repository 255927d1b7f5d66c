-- A game's mode is any the product's table of modes names (shared/modes.ts): the wire checks it at
-- the boundary (shared/api.ts), so the next mode needs no schema change. The column's CHECK listed
-- 'alike' and 'guess'; SQLite cannot drop a constraint, so `games` is rebuilt one last time without
-- it. Migrations run with foreign keys off (server/db/migrate.ts checks them before committing):
-- dropping `games` deletes none of the rows that refer to it, and they refer to the new `games`.
-- Every game keeps its mode; a game stored without one was, and stays, alike.
CREATE TABLE games_rebuilt (
  id               TEXT PRIMARY KEY,
  edition          TEXT NOT NULL CHECK (edition IN ('classic', 'spectrum')),
  creator_user_id  TEXT NOT NULL,
  creator_name     TEXT NOT NULL,
  created_at       INTEGER NOT NULL,
  creator_key_hash TEXT,
  responses_count  INTEGER NOT NULL DEFAULT 0,
  lang             TEXT NOT NULL DEFAULT 'en',
  mode             TEXT NOT NULL DEFAULT 'alike'
);
INSERT INTO games_rebuilt (id, edition, creator_user_id, creator_name, created_at, creator_key_hash, responses_count, lang, mode)
  SELECT id, edition, creator_user_id, creator_name, created_at, creator_key_hash, responses_count, lang, mode FROM games;
DROP TABLE games;
-- The friend-count triggers on `responses` name `games`, which is missing for this moment: the
-- legacy rename does not check them (nor rewrite the tables that refer to `games`, as wanted).
PRAGMA legacy_alter_table = ON;
ALTER TABLE games_rebuilt RENAME TO games;
PRAGMA legacy_alter_table = OFF;
CREATE INDEX games_by_creator ON games (creator_user_id, created_at);
CREATE INDEX games_by_age ON games (created_at);
