-- A game's mode: the same schema as migrations/013_game_mode.sql ('alike', the default and every
-- earlier game, or 'guess').
ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'alike' CHECK (mode IN ('alike', 'guess'));
