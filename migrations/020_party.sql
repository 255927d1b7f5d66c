-- Parties (docs/api.md): people in one room playing rounds in step.
-- `state` is the party's stored state as JSON (settings, phase, its deadline, round, the drawn
-- questions, each round's subject, the host): every phase change is one compare-and-set on `seq`
-- (the `seq` of the `party` message that announced it), so no phase runs twice. `code` is unique
-- among parties that have not ended and set to NULL when one ends, which frees it.
CREATE TABLE parties (
  id         TEXT PRIMARY KEY,
  code       TEXT,
  ended      INTEGER NOT NULL DEFAULT 0,
  seq        INTEGER NOT NULL,
  state      TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX parties_by_open_code ON parties (code) WHERE code IS NOT NULL;
CREATE INDEX parties_open ON parties (ended) WHERE ended = 0;

-- A seat: one per userId (the same seat on every rejoin); `seat` is the join order; a new player
-- after the start plays `from_round` on; a kicked one stays, kicked.
CREATE TABLE party_players (
  party_id   TEXT NOT NULL REFERENCES parties (id) ON DELETE CASCADE,
  player_id  TEXT NOT NULL,
  user_id    TEXT NOT NULL,
  name       TEXT NOT NULL,
  lang       TEXT NOT NULL,
  seat       INTEGER NOT NULL,
  from_round INTEGER NOT NULL,
  kicked     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (party_id, player_id),
  UNIQUE (party_id, user_id),
  UNIQUE (party_id, seat)
);

-- One answer per player per round, stored before it is acknowledged.
CREATE TABLE party_answers (
  party_id  TEXT NOT NULL REFERENCES parties (id) ON DELETE CASCADE,
  round     INTEGER NOT NULL,
  player_id TEXT NOT NULL,
  answer    INTEGER NOT NULL,
  PRIMARY KEY (party_id, round, player_id)
);
