-- A game's friends (removed ones included), kept by triggers, so that log-response checks the
-- cap (MAX_PLAYERS_PER_GAME) with one row read instead of counting the game's responses, which
-- costs more with every friend.
ALTER TABLE games ADD COLUMN responses_count INTEGER NOT NULL DEFAULT 0;

UPDATE games SET responses_count = (SELECT count(*) FROM responses WHERE responses.game_id = games.id);

-- An insert skipped by ON CONFLICT DO NOTHING fires no trigger.
CREATE TRIGGER responses_counted AFTER INSERT ON responses
BEGIN
  UPDATE games SET responses_count = responses_count + 1 WHERE id = NEW.game_id;
END;

CREATE TRIGGER responses_uncounted AFTER DELETE ON responses
BEGIN
  UPDATE games SET responses_count = responses_count - 1 WHERE id = OLD.game_id;
END;
