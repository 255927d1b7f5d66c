-- Half-played friends: the same schema as migrations/014_plays_bounded.sql (a removed play is
-- marked and kept; one game's latest rounds and the purge's oldest plays read through an index).
ALTER TABLE plays ADD COLUMN removed_at BIGINT;
CREATE INDEX plays_recent ON plays (game_id, updated_at, removed_at);
CREATE INDEX plays_by_age ON plays (updated_at);
