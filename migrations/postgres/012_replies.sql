-- Replies: the same schema as migrations/012_replies.sql.
CREATE TABLE game_replies (
  game_id       TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  reply_game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  public_id     TEXT NOT NULL,
  created_at    BIGINT NOT NULL,
  PRIMARY KEY (game_id, reply_game_id)
);
CREATE INDEX game_replies_by_reply ON game_replies (reply_game_id);
