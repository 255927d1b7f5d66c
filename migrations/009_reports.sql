-- Reports of games (POST /prod/report-game): what the admin page lists. They go with their game
-- (ON DELETE CASCADE). The reporter's address is not kept here: only the daily quota below knows it.
CREATE TABLE game_reports (
  id          INTEGER PRIMARY KEY,
  game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  reason      TEXT NOT NULL CHECK (reason IN ('offensive-questions', 'offensive-names', 'spam', 'other')),
  -- Cleaned, at most 500 characters; NULL when none was given.
  note        TEXT,
  -- Milliseconds since the epoch.
  created_at  INTEGER NOT NULL
);
CREATE INDEX game_reports_by_game ON game_reports (game_id, created_at);

-- Reports sent per client address per UTC day (at most 10). The address is kept only as a hash of
-- the day and the address; rows of past days are deleted as new reports arrive. Kept apart from
-- game_reports so that deleting a reported game gives nobody their quota back.
CREATE TABLE report_quota (
  address_hash  TEXT NOT NULL,
  -- Days since the epoch (UTC).
  day           INTEGER NOT NULL,
  reports       INTEGER NOT NULL,
  PRIMARY KEY (address_hash, day)
);
