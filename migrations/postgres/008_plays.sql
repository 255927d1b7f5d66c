-- A friend's play in progress, stored round by round: the same table as migrations/008_plays.sql,
-- with the rounds' answers as an array (appended under the row's own check, see rounds/postgres.ts).
CREATE TABLE plays (
  game_id         TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  player_user_id  TEXT NOT NULL,
  public_id       TEXT NOT NULL,
  player_name     TEXT NOT NULL,
  answers         INTEGER[] NOT NULL,
  started_at      BIGINT NOT NULL,
  updated_at      BIGINT NOT NULL,
  PRIMARY KEY (game_id, player_user_id)
);
