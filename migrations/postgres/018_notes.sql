-- Notes: the same schema as migrations/018_notes.sql.
CREATE TABLE game_notes (
  game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  public_id  TEXT NOT NULL,
  reaction   TEXT,
  note       TEXT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, public_id),
  CHECK (reaction IS NOT NULL OR note IS NOT NULL)
);
