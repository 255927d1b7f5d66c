-- Packs: the same schema as migrations/017_packs.sql.
ALTER TABLE questions ADD COLUMN packs TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN pack TEXT;
