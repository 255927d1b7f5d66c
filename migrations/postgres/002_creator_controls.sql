-- Creator controls (remove a friend, delete a game, my games, the private creator link): the same
-- schema as migrations/002_creator_controls.sql, in PostgreSQL's types.

-- A removed friend's response stays, so that "one play per friend" still holds (the UNIQUE rule
-- on (game_id, player_user_id)); every read of scores filters on removed_at IS NULL.
-- Milliseconds since the epoch, as in SQLite.
ALTER TABLE responses ADD COLUMN removed_at BIGINT;

-- The hash (SHA-256, hex) of the game's current private creator key; NULL until the creator asks
-- for a link. Making a new link replaces it, which turns the previous link off.
ALTER TABLE games ADD COLUMN creator_key_hash TEXT;

-- Browsers that opened a game's private creator link: creators of that one game, besides
-- games.creator_user_id.
CREATE TABLE game_creators (
  game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  user_id     TEXT NOT NULL,
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_creators_by_user ON game_creators (user_id);

-- "My games", newest first; also what the retention purge scans by age.
CREATE INDEX games_by_creator ON games (creator_user_id, created_at);
CREATE INDEX games_by_age ON games (created_at);
