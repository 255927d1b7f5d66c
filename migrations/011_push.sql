-- Web Push. server_keys holds secrets made once and shared by every instance (the VAPID key
-- pair). push_subscriptions: a creator's browser asking to hear when friends play one game; it
-- goes with the game. `pending` counts friends who finished since the last push to it,
-- `last_name`/`last_score` the latest of them; a push sent within the last minute holds the next
-- ones back, and a claim (last_sent_at, pending → sent) decides which instance sends.
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
  created_at   INTEGER NOT NULL,
  last_sent_at INTEGER,
  pending      INTEGER NOT NULL DEFAULT 0,
  sent         INTEGER NOT NULL DEFAULT 0,
  last_name    TEXT,
  last_score   REAL,
  PRIMARY KEY (game_id, endpoint)
);
-- A push service's 404/410 ends a subscription in every game it was given for.
CREATE INDEX push_subscriptions_by_endpoint ON push_subscriptions (endpoint);
