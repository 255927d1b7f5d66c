-- "Make your own — Ada will see it": a friend who played game_id (public_id on its scoreboard)
-- made reply_game_id for its creator. It goes with either game; a removed friend's replies are
-- no longer listed (their response stays, marked removed).
CREATE TABLE game_replies (
  game_id       TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  reply_game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  public_id     TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  PRIMARY KEY (game_id, reply_game_id)
);
-- Deleting a reply game finds its row.
CREATE INDEX game_replies_by_reply ON game_replies (reply_game_id);
