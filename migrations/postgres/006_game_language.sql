-- A game's language: the same schema as migrations/006_game_language.sql. Games made before
-- there was a choice were all English; no CHECK on the code (a new language is never a migration).
ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
