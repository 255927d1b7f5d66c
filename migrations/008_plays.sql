-- A friend's play in progress, stored round by round (POST /prod/answer-round): one row per
-- friend per game, made at their first round. `public_id` is the scoreboard id log-response gives
-- them when they finish. Private: no call returns `answers` until the friend has finished (then
-- their response holds them and this row is deleted). Goes with the game (ON DELETE CASCADE).
CREATE TABLE plays (
  game_id         TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  player_user_id  TEXT NOT NULL,
  public_id       TEXT NOT NULL,
  player_name     TEXT NOT NULL,
  -- The stored rounds' answers in round order, as JSON text ([3,0,2]).
  answers         TEXT NOT NULL,
  -- Milliseconds since the epoch: the play's first and latest stored round.
  started_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  PRIMARY KEY (game_id, player_user_id)
) WITHOUT ROWID;
