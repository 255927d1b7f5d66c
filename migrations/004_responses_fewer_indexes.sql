-- Every stored response writes each index of `responses`, at a random place (player ids are
-- random), and two of them served only rare reads. This keeps the one rule that needs an index:
-- one response per player per game, UNIQUE (game_id, player_user_id).
-- - The scoreboard index (game_id, score_tenths DESC, id) served only a scoreboard cache miss
--   (the server keeps watched and recently read scoreboards in memory); such a read now sorts
--   the game's friends, MAX_PLAYERS_PER_GAME at most.
-- - UNIQUE (game_id, public_id) served the creator's look-ups of one friend (comparison, remove),
--   which now go through the game's rows; a public id is 72 random bits, so two friends of one
--   game sharing one is not a case to guard against.
-- SQLite cannot drop a table constraint: the table is rebuilt (DROP TABLE also drops its
-- triggers; its implicit delete fires none, so the games' friend counts stay as they are).
CREATE TABLE responses_rebuilt (
  id              INTEGER PRIMARY KEY,
  game_id         TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  player_user_id  TEXT NOT NULL,
  public_id       TEXT NOT NULL,
  player_name     TEXT NOT NULL,
  answers         TEXT NOT NULL,
  score_tenths    INTEGER NOT NULL CHECK (score_tenths BETWEEN 0 AND 100),
  created_at      INTEGER NOT NULL,
  removed_at      INTEGER,
  UNIQUE (game_id, player_user_id)
);

INSERT INTO responses_rebuilt (id, game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at, removed_at)
  SELECT id, game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at, removed_at FROM responses;

DROP TABLE responses;
ALTER TABLE responses_rebuilt RENAME TO responses;

-- As in 003_responses_count.sql.
CREATE TRIGGER responses_counted AFTER INSERT ON responses
BEGIN
  UPDATE games SET responses_count = responses_count + 1 WHERE id = NEW.game_id;
END;

CREATE TRIGGER responses_uncounted AFTER DELETE ON responses
BEGIN
  UPDATE games SET responses_count = responses_count - 1 WHERE id = OLD.game_id;
END;
