-- A word back (shared/notes.ts): one reaction and/or note per friend (public_id on the game's
-- scoreboard), for the creator only. It goes with the game (ON DELETE CASCADE) and with the friend
-- (removing them deletes it: server/games/*-creator.ts), and the admin can remove one.
CREATE TABLE game_notes (
  game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  public_id  TEXT NOT NULL,
  reaction   TEXT,
  note       TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, public_id),
  CHECK (reaction IS NOT NULL OR note IS NOT NULL)
);
