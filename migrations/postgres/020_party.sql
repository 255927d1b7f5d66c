-- Parties: the same schema as migrations/020_party.sql.
CREATE TABLE parties (
  id         TEXT PRIMARY KEY,
  code       TEXT,
  ended      BOOLEAN NOT NULL DEFAULT FALSE,
  seq        INTEGER NOT NULL,
  state      TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX parties_by_open_code ON parties (code) WHERE code IS NOT NULL;
CREATE INDEX parties_open ON parties (ended) WHERE NOT ended;

CREATE TABLE party_players (
  party_id   TEXT NOT NULL REFERENCES parties (id) ON DELETE CASCADE,
  player_id  TEXT NOT NULL,
  user_id    TEXT NOT NULL,
  name       TEXT NOT NULL,
  lang       TEXT NOT NULL,
  seat       INTEGER NOT NULL,
  from_round INTEGER NOT NULL,
  kicked     BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (party_id, player_id),
  UNIQUE (party_id, user_id),
  UNIQUE (party_id, seat)
);

CREATE TABLE party_answers (
  party_id  TEXT NOT NULL REFERENCES parties (id) ON DELETE CASCADE,
  round     INTEGER NOT NULL,
  player_id TEXT NOT NULL,
  answer    INTEGER NOT NULL,
  PRIMARY KEY (party_id, round, player_id)
);
