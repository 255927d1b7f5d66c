-- The same schema as migrations/001_init.sql, in PostgreSQL's types. Same numbering: a change to
-- one database's schema is a file of the same number in the other's folder.

-- Questions of both editions. Loaded from the banks at start-up; never written by handlers.
CREATE TABLE questions (
  id        TEXT PRIMARY KEY,
  edition   TEXT NOT NULL CHECK (edition IN ('classic', 'spectrum')),
  text      TEXT NOT NULL,
  -- JSON: a list of words (classic) or the scale code as a string (spectrum)
  options   TEXT NOT NULL,
  -- false once a question leaves the bank; kept because old games still refer to it
  active    BOOLEAN NOT NULL DEFAULT true
);
CREATE INDEX questions_by_edition ON questions (edition, active);

CREATE TABLE games (
  id               TEXT PRIMARY KEY,
  edition          TEXT NOT NULL CHECK (edition IN ('classic', 'spectrum')),
  creator_user_id  TEXT NOT NULL,
  creator_name     TEXT NOT NULL,
  -- milliseconds since the epoch, as in SQLite
  created_at       BIGINT NOT NULL
);

-- A game's questions in round order, with the creator's answer to each.
CREATE TABLE game_questions (
  game_id         TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  position        INTEGER NOT NULL,
  question_id     TEXT NOT NULL REFERENCES questions (id),
  creator_answer  INTEGER NOT NULL,
  PRIMARY KEY (game_id, position),
  UNIQUE (game_id, question_id)
);

-- One friend's answers to one game. The UNIQUE constraint is what makes "one response per
-- player per game" hold even when two requests race, on any number of instances.
CREATE TABLE responses (
  id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id         TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  player_user_id  TEXT NOT NULL,
  public_id       TEXT NOT NULL,
  player_name     TEXT NOT NULL,
  answers         TEXT NOT NULL,
  score_tenths    INTEGER NOT NULL CHECK (score_tenths BETWEEN 0 AND 100),
  created_at      BIGINT NOT NULL,
  UNIQUE (game_id, player_user_id),
  UNIQUE (game_id, public_id)
);
CREATE INDEX responses_scoreboard ON responses (game_id, score_tenths DESC, id);
