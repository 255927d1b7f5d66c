-- Reports of games and the daily quota per client address: the same schema as
-- migrations/009_reports.sql, in PostgreSQL's types.
CREATE TABLE game_reports (
  id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  reason      TEXT NOT NULL CHECK (reason IN ('offensive-questions', 'offensive-names', 'spam', 'other')),
  note        TEXT,
  created_at  BIGINT NOT NULL
);
CREATE INDEX game_reports_by_game ON game_reports (game_id, created_at);

CREATE TABLE report_quota (
  address_hash  TEXT NOT NULL,
  day           INTEGER NOT NULL,
  reports       INTEGER NOT NULL,
  PRIMARY KEY (address_hash, day)
);
