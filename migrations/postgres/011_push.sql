-- Web Push: the same schema as migrations/011_push.sql.
CREATE TABLE server_keys (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE push_subscriptions (
  game_id      TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  endpoint     TEXT NOT NULL,
  user_id      TEXT NOT NULL,
  p256dh       TEXT NOT NULL,
  auth         TEXT NOT NULL,
  created_at   BIGINT NOT NULL,
  last_sent_at BIGINT,
  pending      INTEGER NOT NULL DEFAULT 0,
  sent         INTEGER NOT NULL DEFAULT 0,
  last_name    TEXT,
  last_score   DOUBLE PRECISION,
  PRIMARY KEY (game_id, endpoint)
);
CREATE INDEX push_subscriptions_by_endpoint ON push_subscriptions (endpoint);
