-- A game's friends (removed ones included), kept by a trigger: the same schema as
-- migrations/003_responses_count.sql. log-response checks the cap (MAX_PLAYERS_PER_GAME) with
-- one row read, under the game's row lock it already takes, instead of counting the game's responses.
ALTER TABLE games ADD COLUMN responses_count INTEGER NOT NULL DEFAULT 0;

UPDATE games SET responses_count = (SELECT count(*) FROM responses WHERE responses.game_id = games.id);

CREATE FUNCTION count_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE games SET responses_count = responses_count + 1 WHERE id = NEW.game_id;
  ELSE
    UPDATE games SET responses_count = responses_count - 1 WHERE id = OLD.game_id;
  END IF;
  RETURN NULL;
END;
$$;

-- An insert skipped by ON CONFLICT DO NOTHING fires no row trigger.
CREATE TRIGGER responses_counted AFTER INSERT OR DELETE ON responses
  FOR EACH ROW EXECUTE FUNCTION count_responses();
